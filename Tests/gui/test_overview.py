"""The overview (G): every clip as a tile with its decision, read over
AT-SPI as a screen reader does; the filter; decisions from the grid that
undo in the stack's history; jumping back into the stack; batch decisions;
the muted preview; and the Apply list, where an unchecked file stays put."""
import shutil
import time

from harness import find_nodes, wait_until
from test_review import SAMPLES, Review, photo_deck

NAMES = ["beach_rally_01.mp4", "beach_rally_02.mp4", "crowd_reaction.mp4", "final_point.webm"]


def open_overview(s):
    s.key("g")
    s.wait_state(lambda st: st["overview"] and st["overview"]["shown"], "the overview")


def cells(s):
    return [n["name"] for n in find_nodes(s.atspi_tree(), role="table cell")]


def status_line(s, text):
    """Whether the overview's status line shows `text` (what a screen
    reader hears once, test_screen_reader, is the same words)."""
    return find_nodes(s.atspi_tree(), role="label", name=text)


def st_pipelines(s):
    return s.state()["pipelines"]


def wait_cells(s, predicate, what):
    return wait_until(lambda: (lambda c: c if predicate(c) else None)(cells(s)), 15, interval=0.3, what=what)


def test_the_overview_button_is_pressed_exactly_while_the_overview_shows():
    """The header bar's Overview button shows whether the overview is open,
    whichever way it opened or closed: G, Escape, or the button itself
    (GTK 4.8 shows a toggle button as a push button with a pressed state)."""
    def toggle(s):
        nodes = find_nodes(s.atspi_tree(), role="push button", name="Overview")
        assert len(nodes) == 1, nodes
        return nodes[0]

    def shown(s, open_):
        return s.wait_state(lambda st: bool(st["overview"] and st["overview"]["shown"]) == open_,
                            "the overview open" if open_ else "the stack back")

    with Review() as s:
        s.wait_state(lambda st: st["playing"], "the first card playing")
        assert not toggle(s)["pressed"]
        s.key("g")
        shown(s, True)
        wait_until(lambda: toggle(s)["pressed"], 10, what="the button pressed after G")
        s.key("Escape")
        shown(s, False)
        wait_until(lambda: not toggle(s)["pressed"], 10, what="the button released after Escape")
        s.atspi_do("push button", "Overview")
        shown(s, True)
        wait_until(lambda: toggle(s)["pressed"], 10, what="the button pressed after opening with it")
        s.atspi_do("push button", "Overview")
        shown(s, False)
        wait_until(lambda: not toggle(s)["pressed"], 10, what="the button released after closing with it")


def test_tiles_show_every_clip_with_its_decision_and_filter_to_deletions(artifacts):
    with Review() as s:
        s.key("l", "d", "s")
        s.wait_state(lambda st: st["cursor"] == 3, "three decisions")
        open_overview(s)
        tree = s.atspi_tree()
        assert find_nodes(tree, role="table", name="All clips"), "the grid is a grid (table) to AT-SPI"
        shown = wait_cells(s, lambda c: len(c) == 12 and c[3].startswith("final_point.webm, 0:"), "tiles with durations")
        assert shown[:3] == ["beach_rally_01.mp4, 0:04, liked", "beach_rally_02.mp4, 0:03, marked for deletion",
                             "crowd_reaction.mp4, 0:03, skipped"]
        assert shown[3] == "final_point.webm, 0:03, undecided"
        assert "scoreboard.png, photo, undecided" in shown
        # The top card's tile is selected and focused.
        assert s.state()["overview"]["selected"] == [3]
        assert [n["name"] for n in find_nodes(tree, role="table cell") if n["focused"]] == [shown[3]]
        time.sleep(1.0)
        s.screenshot(artifacts / "flick-overview.png")

        s.atspi_do("push button", "Marked for deletion (1)")
        s.wait_state(lambda st: st["overview"]["filter"] == "deleted" and st["overview"]["tiles"] == 1, "the filter")
        assert wait_cells(s, lambda c: c == ["beach_rally_02.mp4, 0:03, marked for deletion"], "only the deletion")
        # Announced: the status line says what the filter shows.
        assert wait_until(lambda: status_line(s, "Showing 1 clip marked for deletion."), 5, what="the announcement")
        # The filter is remembered while the folder is open.
        s.key("g")
        s.wait_state(lambda st: not st["overview"]["shown"], "the stack")
        open_overview(s)
        assert s.state()["overview"]["filter"] == "deleted"


def test_a_decision_from_the_grid_undoes_in_the_same_history():
    with Review() as s:
        s.key("d")
        s.wait_state(lambda st: st["cursor"] == 1, "the delete")
        open_overview(s)
        s.atspi_do("push button", "Marked for deletion (1)")
        s.wait_state(lambda st: st["overview"]["selected"] == [0], "the deletion selected")
        s.key("l")
        s.wait_state(lambda st: st["decisions"][0]["decision"] == "like" and st["undo"] == 2, "liked from the grid")
        assert s.state()["cursor"] == 1, "the top card stays"
        wait_cells(s, lambda c: c == ["beach_rally_01.mp4, 0:04, liked"], "the tile's new badge")
        s.key("u")
        s.wait_state(lambda st: st["decisions"][0]["decision"] == "delete" and st["undo"] == 1, "the undo")
        wait_cells(s, lambda c: c == ["beach_rally_01.mp4, 0:04, marked for deletion"], "the badge back")
        s.key("u")
        s.wait_state(lambda st: st["decisions"][0]["decision"] is None and st["undo"] == 0, "the stack's delete undone too")


def test_enter_and_escape_jump_back_into_the_stack_at_the_tile():
    with Review() as s:
        open_overview(s)
        s.key("Right", "Right", "Down")
        s.wait_state(lambda st: st["overview"]["selected"] and st["overview"]["selected"][0] > 2, "a tile further on")
        chosen = s.state()["overview"]["selected"][0]
        s.key("Return")
        s.wait_state(lambda st: not st["overview"]["shown"] and st["cursor"] == chosen, "the stack at that clip")
        assert wait_until(lambda: [n for n in s.top_card_name() if n.startswith(f"Clip {chosen + 1} of 12:")], 10,
                          what="the top card")
        if not s.state()["decisions"][chosen]["path"].endswith(".png"):  # a photo does not play
            s.wait_state(lambda st: st["playing"], "the clip playing on top")
        open_overview(s)
        s.wait_state(lambda st: st["overview"]["selected"] == [chosen], "the top card's tile selected")
        s.key("Left")
        s.wait_state(lambda st: st["overview"]["selected"] == [chosen - 1], "the tile before")
        s.key("Escape")
        s.wait_state(lambda st: not st["overview"]["shown"] and st["cursor"] == chosen - 1, "Escape returns on that clip")


def focused(s):
    """(role, name) of every node a screen reader sees focused."""
    return [(n["role"], n["name"]) for n in find_nodes(s.atspi_tree()) if n["focused"]]


def test_tab_leaves_the_grid_in_one_press_and_shift_tab_returns_to_the_tile():
    """Tab and Shift+Tab leave the grid at once (not tile by tile); the
    arrows, Space and Ctrl+A still work in it when the focus comes back."""
    with Review() as s:
        s.key("d")  # Apply Deletions… in the filter bar can take the focus
        s.wait_state(lambda st: st["cursor"] == 1, "the delete")
        open_overview(s)
        s.key("Right", "Right")
        s.wait_state(lambda st: st["overview"]["selected"] == [3], "the fourth tile")
        tile = ("table cell", "final_point.webm, 0:03, undecided")
        assert wait_until(lambda: focused(s) == [tile], 10, what="the focus on the fourth tile")
        # Tab: on past the grid, round to the header bar's first button.
        s.key("Tab")
        assert wait_until(lambda: focused(s) == [("push button", "Open Folder")], 10, what="Open Folder focused"), focused(s)
        # Shift+Tab: back into the grid, on the tile it left.
        s.key("shift+Tab")
        assert wait_until(lambda: focused(s) == [tile], 10, what="the tile focused again"), focused(s)
        # Shift+Tab from a tile: the filter bar's last button, in one press.
        s.key("shift+Tab")
        assert wait_until(lambda: focused(s) == [("push button", "Apply Deletions…")], 10, what="Apply focused"), focused(s)
        s.key("Tab")
        assert wait_until(lambda: focused(s) == [tile], 10, what="the tile from the filter bar"), focused(s)
        # The grid's own keys are as they were.
        s.key("Right")
        s.wait_state(lambda st: st["overview"]["selected"] == [4], "Right moves to the next tile")
        s.key("ctrl+a")
        s.wait_state(lambda st: len(st["overview"]["selected"]) == 12, "Ctrl+A selects every tile")
        s.key("End")
        s.wait_state(lambda st: st["overview"]["selected"] == [11], "End goes to the last tile")
        s.key("Tab")
        assert wait_until(lambda: focused(s) == [("push button", "Open Folder")], 10, what="Open Folder from the last tile")


def test_batch_decisions_on_a_selection_and_one_undo():
    with Review() as s:
        open_overview(s)
        s.key("shift+Right", "shift+Right")
        s.wait_state(lambda st: st["overview"]["selected"] == [0, 1, 2], "three selected")
        s.key("s")
        s.wait_state(lambda st: [d["decision"] for d in st["decisions"][:4]] == ["skip", "skip", "skip", None], "three skipped")
        s.key("ctrl+a")
        s.wait_state(lambda st: len(st["overview"]["selected"]) == 12, "all selected")
        assert wait_until(lambda: status_line(s, "12 clips selected"), 5, what="the announcement")
        s.key("d")
        s.wait_state(lambda st: all(d["decision"] == "delete" for d in st["decisions"]), "all marked for deletion")
        s.key("u")
        s.wait_state(lambda st: [d["decision"] for d in st["decisions"][:4]] == ["skip", "skip", "skip", None],
                     "one undo takes the whole batch back")
        s.key("u")
        s.wait_state(lambda st: all(d["decision"] is None for d in st["decisions"]) and st["undo"] == 0, "and the first batch")


def test_a_focused_or_hovered_tile_plays_muted_in_place_one_at_a_time():
    with Review() as s:
        s.xdotool("mousemove", 1200, 1000)  # off the window: only the focus asks for a preview
        open_overview(s)
        s.wait_state(lambda st: st["overview"].get("preview") and st["overview"].get("preview").endswith(NAMES[0]), "the preview")
        assert not s.state()["playing"], "the stack's clip does not play under the overview"
        s.key("Right")
        s.wait_state(lambda st: st["overview"].get("preview") and st["overview"].get("preview").endswith(NAMES[1]), "the next one")
        tile = wait_until(lambda: (find_nodes(s.atspi_tree(), role="table cell", contains=NAMES[3]) or [None])[0], 10,
                          what="the fourth tile")
        x, y, w, h = tile["extents"]
        s.xdotool("mousemove", x + w // 2, y + h // 3, "sleep", 0.1, "mousemove", x + w // 2 + 4, y + h // 3)
        s.wait_state(lambda st: (st["overview"].get("preview") or "").endswith(NAMES[3]), "the hovered tile")
        assert st_pipelines(s) <= 3, "the two live cards of the stack and one preview"
        s.key("g")
        s.wait_state(lambda st: not st["overview"]["shown"] and st["overview"].get("preview") is None and st["playing"],
                     "the preview stops, the stack plays again")


def test_unchecked_files_in_the_apply_list_stay_in_the_folder(tmp_path, artifacts):
    (tmp_path / "deck").mkdir()
    deck = photo_deck(tmp_path / "deck", 5)
    data = tmp_path / "data"
    with Review(deck, data_home=data) as s:
        for i, key in enumerate(["d", "d", "d", "l"]):
            s.key(key)
            s.wait_state(lambda st, n=i + 1: st["cursor"] == n, f"decision {i + 1}")
        open_overview(s)
        s.atspi_do("push button", "Marked for deletion (3)")
        s.wait_state(lambda st: st["overview"]["tiles"] == 3, "the deletions")
        s.atspi_do("push button", "Apply Deletions…")
        boxes = wait_until(lambda: [n["name"] for n in find_nodes(s.atspi_tree(), role="check box")] or None, 10,
                           what="the list of files")
        assert boxes == ["card_000.png", "card_001.png", "card_002.png"]
        box = find_nodes(s.atspi_tree(), role="check box", name="card_001.png")[0]
        x, y, w, h = box["extents"]
        s.xdotool("mousemove", x + 12, y + h // 2, "sleep", 0.1, "click", 1)
        wait_until(lambda: find_nodes(s.atspi_tree(), contains="2 files"), 10, what="the count without it")
        s.screenshot(artifacts / "flick-apply-list.png")
        s.atspi_do("push button", "Move to Trash")
        trash = data / "Trash" / "files"
        wait_until(lambda: trash.exists() and sorted(p.name for p in trash.iterdir()) == ["card_000.png", "card_002.png"],
                   15, what="only the checked files in the Trash")
        assert sorted(p.name for p in deck.iterdir()) == ["card_001.png", "card_003.png", "card_004.png"]
        s.wait_state(lambda st: [(d["path"], d["decision"]) for d in st["decisions"]]
                     == [("card_001.png", "delete"), ("card_003.png", "like"), ("card_004.png", None)],
                     "the unchecked file stays, still marked")



def click_when_ready(s, role, name, timeout=30):
    """Clicks a button over AT-SPI once the app answers on the bus again
    (2,000 decisions at once keep it busy for a moment)."""
    wait_until(lambda: s._atspi("do", "flick", role, name, "click").get("done"), timeout, interval=0.3,
               what=f"the {name} button")


def test_the_apply_list_of_2000_files_opens_promptly_and_leaves_out_the_unticked_one(tmp_path):
    """2,000 files marked from the overview (hard links of one small clip):
    the Apply list opens at once with its totals and only the rows it
    shows, the keyboard reaches its last file, and the one unticked there
    stays in the folder, still marked."""
    deck, count = tmp_path / "deck", 2000
    deck.mkdir()
    for i in range(count):
        (deck / f"clip_{i:04d}.webm").hardlink_to(SAMPLES / "final_point.webm")
    data = tmp_path / "data"
    last = f"clip_{count - 1:04d}.webm"
    with Review(deck, data_home=data) as s:
        s.wait_state(lambda st: len(st["decisions"]) == count, "the deck", timeout=30)
        open_overview(s)
        s.key("ctrl+a")
        s.wait_state(lambda st: len(st["overview"]["selected"]) == count, "every tile selected", timeout=20)
        s.key("d")
        s.wait_state(lambda st: all(d["decision"] == "delete" for d in st["decisions"]), "all marked", timeout=20)
        began = time.monotonic()
        click_when_ready(s, "push button", "Apply Deletions…")
        st = s.wait_state(lambda st: st["apply_list"], "the Apply dialog")
        opened = time.monotonic() - began
        shown = s.state()["apply_list"]
        assert shown["heading"] == f"Move {count} Clips to the Trash?"
        assert shown["body"].startswith(f"{count} files, 41."), shown["body"]
        assert shown["files"] == shown["checked"] == count
        assert shown.get("focus") == "clip_0000.webm", "the focus starts on the first file's check"
        assert shown["rows"] <= 250, "rows are recycled, not one per file"
        assert opened < 10, f"the Apply dialog took {opened:.1f} s"
        # A screen reader finds the list by its name (a quick look: the rows are not walked).
        assert [n["name"] for n in s.atspi_find("list")] == ["Files to move"]
        s.wait_state(lambda st: st["apply_list"]["posters"] >= 3, "posters for the rows on screen")
        # End scrolls to the last file, Space unticks it.
        s.key("Down")
        s.wait_state(lambda st: st["apply_list"].get("focus") == "clip_0001.webm", "Down moves to the next file")
        s.key("End")
        s.wait_state(lambda st: st["apply_list"].get("focus") == last, "End reaches the last file")
        s.key("space")
        shown = s.wait_state(lambda st: st["apply_list"]["checked"] == count - 1, "the last file unticked") and \
            s.state()["apply_list"]
        assert shown["heading"] == f"Move {count - 1} Clips to the Trash?"
        assert shown["body"].startswith(f"{count - 1} files, "), shown["body"]
        checks = {n["name"]: n for n in s.atspi_find("check box")}
        assert checks[last]["focused"], "a screen reader is on the unticked file's check"
        assert len(checks) <= 250
        # Tab leaves the list for the buttons (not through 2,000 rows).
        s.key("Tab")
        s.wait_state(lambda st: st["apply_list"].get("focus") is None, "the focus on the buttons")
        s.key("Tab")
        assert [n["name"] for n in s.atspi_find("push button") if n["focused"]] == ["Move to Trash"]
        s.key("Return")
        trash = data / "Trash" / "files"
        wait_until(lambda: trash.exists() and len(list(trash.iterdir())) == count - 1, 40, interval=0.5,
                   what="1,999 files in the Trash")
        assert [p.name for p in deck.iterdir()] == [last]
        assert not (trash / last).exists()
        s.wait_state(lambda st: [(d["path"], d["decision"]) for d in st["decisions"]] == [(last, "delete")],
                     "the unticked file stays, still marked", timeout=30)
