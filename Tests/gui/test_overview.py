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


def focused_description(s):
    """The description of the focused widget (a tile or a button)."""
    nodes = [n for n in find_nodes(s.atspi_tree()) if n["focused"] and n["role"] in ("table cell", "push button")]
    return nodes[0]["description"] if nodes else None


def st_pipelines(s):
    return s.state()["pipelines"]


def wait_cells(s, predicate, what):
    return wait_until(lambda: (lambda c: c if predicate(c) else None)(cells(s)), 15, interval=0.3, what=what)


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
        # Announced: the focused widget's description says what the filter shows.
        assert wait_until(lambda: focused_description(s) == "Showing 1 clip marked for deletion.", 5, what="the announcement")
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


def test_batch_decisions_on_a_selection_and_one_undo():
    with Review() as s:
        open_overview(s)
        s.key("shift+Right", "shift+Right")
        s.wait_state(lambda st: st["overview"]["selected"] == [0, 1, 2], "three selected")
        s.key("s")
        s.wait_state(lambda st: [d["decision"] for d in st["decisions"][:4]] == ["skip", "skip", "skip", None], "three skipped")
        s.key("ctrl+a")
        s.wait_state(lambda st: len(st["overview"]["selected"]) == 12, "all selected")
        assert wait_until(lambda: focused_description(s) == "12 clips selected", 5, what="the announcement")
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
