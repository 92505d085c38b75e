"""The overview (G): every clip as a tile with its decision, read over
AT-SPI as a screen reader does; the filter; decisions from the grid that
undo in the stack's history; jumping back into the stack; batch decisions;
the muted preview; and the Apply list, where an unchecked file stays put.
Everything is read as a user reads it: the tree (tiles, their selected
state, the filter pressed, the lines around the grid), screenshots, and the
store through `flick status --json`."""
import subprocess

import observe_overview as ov
from harness import find_nodes, image_stats, wait_until
from test_review import SAMPLES, Review, photo_deck

NAMES = ["beach_rally_01.mp4", "beach_rally_02.mp4", "crowd_reaction.mp4", "final_point.webm"]


def open_overview(s):
    s.key("g")
    s.wait_for(lambda: ov.shown(s.tree()), "the overview")


def close_overview(s, key="g"):
    """Leaves the overview with `key`; waits for the stack's top card."""
    s.key(key)
    s.wait_for(lambda: (lambda t: not ov.shown(t) and t)(s.tree()) and s.top_name(), "the stack")


def cells(s):
    return ov.tile_names(s.tree())


def status_line(s, text):
    """Whether the overview's status line shows `text` (what a screen
    reader hears once, test_screen_reader, is the same words)."""
    return ov.status(s.tree()) == text


def wait_cells(s, predicate, what):
    return wait_until(lambda: (lambda c: c if predicate(c) else None)(cells(s)), 15, interval=0.3, what=what)


def wait_selected(s, predicate, what, timeout=10):
    """Waits for the selected tiles (their file names) to satisfy `predicate`."""
    return s.wait_for(lambda: (lambda sel: sel if predicate(sel) else None)(ov.selected_files(s.tree())), what, timeout)


def poster_shows(s, shot, tile, least=0.05):
    """Whether a tile's picture is not flat (a poster or a frame is drawn)."""
    crop = shot.with_name(f"{shot.stem}-tile.png")
    s.screenshot(shot)
    subprocess.run(["convert", str(shot), "-crop", ov.tile_crop(tile), "+repage", str(crop)], check=True)
    return image_stats(crop)[0] > least


def test_the_overview_button_is_pressed_exactly_while_the_overview_shows():
    """The header bar's Overview button shows whether the overview is open,
    whichever way it opened or closed: G, Escape, or the button itself
    (GTK 4.8 shows a toggle button as a push button with a pressed state)."""
    def toggle(s):
        nodes = find_nodes(s.atspi_tree(), role="push button", name="Overview")
        assert len(nodes) == 1, nodes
        return nodes[0]

    def shown(s, open_):
        return s.wait_for(lambda: ov.shown(s.tree()) == open_, "the overview open" if open_ else "the stack back")

    with Review() as s:
        s.wait_playing("the first card playing")
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


def test_tiles_show_every_clip_with_its_decision_and_filter_to_deletions(artifacts, tmp_path):
    with Review() as s:
        s.key("l", "d", "s")
        s.wait_cursor(3, "three decisions")
        open_overview(s)
        tree = s.atspi_tree()
        assert find_nodes(tree, role="table", name="All clips"), "the grid is a grid (table) to AT-SPI"
        shown = wait_cells(s, lambda c: len(c) == 12 and c[3].startswith("final_point.webm, 0:"), "tiles with durations")
        assert shown[:3] == ["beach_rally_01.mp4, 0:04, liked", "beach_rally_02.mp4, 0:03, marked for deletion",
                             "crowd_reaction.mp4, 0:03, skipped"]
        assert shown[3] == "final_point.webm, 0:03, undecided"
        assert "scoreboard.png, photo, undecided" in shown
        # The top card's tile is selected and focused; All is the filter.
        tree = s.tree()
        assert ov.selected(tree) == [shown[3]]
        assert ov.focused_tile(tree) == shown[3]
        assert [ov.content_name(n["name"]) for n in find_nodes(tree, role="table cell") if n["focused"]] == [shown[3]]
        assert ov.active_filter(tree) == "All" and ov.selection_line(tree) == (12, 1)
        # The first tile shows its poster before the screenshot.
        s.wait_for(lambda: poster_shows(s, tmp_path / "tiles.png", ov.tile(s.tree(), "beach_rally_01.mp4")),
                   "the first tile's poster")
        s.screenshot(artifacts / "flick-overview.png")

        s.atspi_do("radio button", "Marked for deletion (1)")
        s.wait_for(lambda: ov.active_filter(s.tree()) == "Marked for deletion", "the filter pressed")
        assert wait_cells(s, lambda c: c == ["beach_rally_02.mp4, 0:03, marked for deletion"], "only the deletion")
        # Announced: the status line says what the filter shows.
        assert wait_until(lambda: status_line(s, "Showing 1 clip marked for deletion."), 5, what="the announcement")
        # The filter is remembered while the folder is open.
        close_overview(s)
        open_overview(s)
        assert ov.active_filter(s.tree()) == "Marked for deletion"
        assert wait_cells(s, lambda c: c == ["beach_rally_02.mp4, 0:03, marked for deletion"], "still only the deletion")


def test_a_decision_from_the_grid_undoes_in_the_same_history():
    with Review() as s:
        s.key("d")
        s.wait_cursor(1, "the delete")
        open_overview(s)
        s.atspi_do("radio button", "Marked for deletion (1)")
        wait_selected(s, lambda sel: sel == ["beach_rally_01.mp4"], "the deletion selected")
        s.key("l")
        s.wait_for(lambda: s.decisions()["beach_rally_01.mp4"] == "like", "liked from the grid")
        wait_cells(s, lambda c: c == ["beach_rally_01.mp4, 0:04, liked"], "the tile's new badge")
        s.key("u")
        s.wait_for(lambda: s.decisions()["beach_rally_01.mp4"] == "delete", "the undo")
        wait_cells(s, lambda c: c == ["beach_rally_01.mp4, 0:04, marked for deletion"], "the badge back")
        s.key("u")
        s.wait_for(lambda: s.decisions()["beach_rally_01.mp4"] is None, "the stack's delete undone too")
        wait_cells(s, lambda c: c == ["beach_rally_01.mp4, 0:04, undecided"], "no badge")
        # Two decisions, two undos: the history is empty (G returns to the
        # selected tile's card, the first).
        close_overview(s)
        assert s.top_name().startswith("Clip 1 of 12: beach_rally_01.mp4, 0:04"), s.top_name()
        assert not s.undo_sensitive(), "nothing left to undo"


def test_enter_jumps_to_the_tile_and_escape_returns_to_the_card_on_top():
    with Review() as s:
        open_overview(s)
        names = wait_cells(s, lambda c: len(c) == 12, "the tiles")
        files = [n.split(", ")[0] for n in names]
        s.key("Right", "Right", "Down")
        chosen = files.index(wait_selected(s, lambda sel: len(sel) == 1 and files.index(sel[0]) > 2,
                                           "a tile further on")[0])
        s.key("Return")
        s.wait_for(lambda: not ov.shown(s.tree()) and s.cursor() == chosen, "the stack at that clip")
        assert wait_until(lambda: [n for n in s.top_card_name() if n.startswith(f"Clip {chosen + 1} of 12:")], 10,
                          what="the top card")
        if not files[chosen].endswith(".png"):  # a photo does not play
            s.wait_playing("the clip playing on top")
        open_overview(s)
        wait_selected(s, lambda sel: sel == [files[chosen]], "the top card's tile selected")
        s.key("Left")
        wait_selected(s, lambda sel: sel == [files[chosen - 1]], "the tile before")
        s.key("Escape")
        # Escape goes back to where the user was, whatever tile was arrowed to.
        s.wait_for(lambda: not ov.shown(s.tree()) and s.cursor() == chosen, "Escape returns to the card on top")


def focused(s):
    """(role, name) of every node a screen reader sees focused (a tile's
    name without its state words)."""
    return [(n["role"], ov.content_name(n["name"]) if n["role"] == "table cell" else n["name"])
            for n in find_nodes(s.atspi_tree()) if n["focused"]]


def test_tab_leaves_the_grid_in_one_press_and_shift_tab_returns_to_the_tile():
    """Tab and Shift+Tab leave the grid at once (not tile by tile); the
    arrows, Space and Ctrl+A still work in it when the focus comes back."""
    with Review() as s:
        s.key("d")  # Apply Deletions… in the filter bar can take the focus
        s.wait_cursor(1, "the delete")
        open_overview(s)
        s.key("Right", "Right")
        wait_selected(s, lambda sel: sel == ["final_point.webm"], "the fourth tile")
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
        wait_selected(s, lambda sel: sel == ["night_match.webm"], "Right moves to the next tile")
        s.key("ctrl+a")
        s.wait_for(lambda: ov.selection_line(s.tree()) == (12, 12) and len(ov.selected(s.tree())) == 12,
                   "Ctrl+A selects every tile")
        # End goes to the last tile and keeps the selection Ctrl+A built.
        s.key("End")
        s.wait_for(lambda: (ov.focused_tile(s.tree()) or "").startswith("warmup_drill.webm"), "End goes to the last tile")
        assert ov.selection_line(s.tree()) == (12, 12), "End keeps the selection"
        s.key("Tab")
        assert wait_until(lambda: focused(s) == [("push button", "Open Folder")], 10, what="Open Folder from the last tile")


def first_four(s):
    return s.decision_list()[:4]


def test_batch_decisions_on_a_selection_and_one_undo():
    with Review() as s:
        open_overview(s)
        s.key("shift+Right", "shift+Right")
        wait_selected(s, lambda sel: sel == NAMES[:3], "three selected")
        s.key("s")
        s.wait_for(lambda: first_four(s) == ["skip", "skip", "skip", None], "three skipped")
        wait_cells(s, lambda c: [n.split(", ")[-1] for n in c[:4]] == ["skipped"] * 3 + ["undecided"], "their badges")
        s.key("ctrl+a")
        s.wait_for(lambda: ov.selection_line(s.tree()) == (12, 12), "all selected")
        assert wait_until(lambda: status_line(s, "12 items selected"), 5, what="the announcement")
        s.key("d")
        s.wait_for(lambda: set(s.decision_list()) == {"delete"}, "all marked for deletion")
        s.key("u")
        s.wait_for(lambda: first_four(s) == ["skip", "skip", "skip", None] and s.decision_list()[4:] == [None] * 8,
                   "one undo takes the whole batch back")
        s.key("u")
        s.wait_for(lambda: set(s.decision_list()) == {None}, "and the first batch")
        close_overview(s)
        assert not s.undo_sensitive(), "nothing left to undo"


def tile_moves(s, tmp, file):
    """Whether the tile of `file` changes over half a second (it plays)."""
    node = ov.tile(s.tree(), file)
    return node is not None and s.picture_moves(ov.tile_crop(node), tmp, least=150)


def test_a_focused_or_hovered_tile_plays_muted_in_place_one_at_a_time(tmp_path):
    with Review() as s:
        s.xdotool("mousemove", 1200, 1000)  # off the window: only the focus asks for a preview
        open_overview(s)
        # The grid still: the analysis line sliding away (the folder's
        # analysis ends about when the previews start) moves every tile
        # 40 px, and a still tile then "moves" between two screenshots.
        s.settled()
        s.wait_for(lambda: tile_moves(s, tmp_path, NAMES[0]), "the preview")
        s.key("Right")
        s.wait_for(lambda: tile_moves(s, tmp_path, NAMES[1]), "the next one")
        assert not tile_moves(s, tmp_path, NAMES[0]), "one preview at a time"
        # The third clip's picture moves all along (a zone plate); the
        # fourth's is a still pattern, seen to "move" only if a look caught
        # its poster giving way to the preview.
        tile = wait_until(lambda: ov.tile(s.tree(), NAMES[2]), 10, what="the third tile")
        x, y, w, h = tile["extents"]
        s.xdotool("mousemove", x + w // 2, y + h // 3, "sleep", 0.1, "mousemove", x + w // 2 + 4, y + h // 3)
        s.wait_for(lambda: tile_moves(s, tmp_path, NAMES[2]), "the hovered tile")
        assert not tile_moves(s, tmp_path, NAMES[1]), "the focused tile's preview stopped for the hovered one"
        close_overview(s)
        s.wait_playing("the preview stops, the stack plays again")


# Five unrelated real photos (Debian's opencv-doc): copies of one photo
# would be one stack of exact copies, one tile.
DISTINCT_PHOTOS = ["baboon.jpg", "fruits.jpg", "building.jpg", "home.jpg", "messi5.jpg"]


def distinct_photo_deck(folder, count):
    """`count` unrelated photos, card_000.png…, each its own tile."""
    for i, name in enumerate(DISTINCT_PHOTOS[:count]):
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", f"/usr/share/doc/opencv-doc/examples/data/{name}",
                        "-vf", "scale=320:-2", str(folder / f"card_{i:03d}.png")], check=True, timeout=60)
    return folder


def test_unchecked_files_in_the_apply_list_stay_in_the_folder(tmp_path, artifacts):
    (tmp_path / "deck").mkdir()
    deck = distinct_photo_deck(tmp_path / "deck", 5)
    data = tmp_path / "data"
    with Review(deck, data_home=data) as s:
        for i, key in enumerate(["d", "d", "d", "l"]):
            s.key(key)
            s.wait_cursor(i + 1, f"decision {i + 1}")
        open_overview(s)
        s.atspi_do("radio button", "Marked for deletion (3)")
        s.wait_for(lambda: ov.active_filter(s.tree()) == "Marked for deletion" and len(cells(s)) == 3, "the deletions")
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
        s.wait_for(lambda: s.decisions() == {"card_001.png": "delete", "card_003.png": "like", "card_004.png": None},
                   "the unchecked file stays, still marked")



def click_when_ready(s, role, name, timeout=30):
    """Clicks a button over AT-SPI once the app answers on the bus again
    (2,000 decisions at once keep it busy for a moment)."""
    wait_until(lambda: s._atspi("do", "flick", role, name, "click").get("done"), timeout, interval=0.3,
               what=f"the {name} button")


def test_the_apply_list_of_2000_files_opens_promptly_and_leaves_out_the_unticked_one(tmp_path):
    """2,000 files marked from the overview (hard links of one small clip):
    the Apply list opens with its totals and only the rows it shows (how
    fast is a benchmark's business, not a test's), the keyboard reaches its last file, and the one unticked there
    stays in the folder, still marked."""
    deck, count = tmp_path / "deck", 2000
    deck.mkdir()
    for i in range(count):
        (deck / f"clip_{i:04d}.webm").hardlink_to(SAMPLES / "final_point.webm")
    data = tmp_path / "data"
    last = f"clip_{count - 1:04d}.webm"
    with Review(deck, data_home=data) as s:
        s.wait_for(lambda: (s.top_name() or "").startswith(f"Clip 1 of {count}: clip_0000.webm"), "the deck", timeout=30)
        # (Quick looks from here: a whole tree of the grid is slow to read.)
        s.key("g")
        s.wait_for(lambda: ov.quick_shown(s), "the overview", timeout=20)
        s.key("ctrl+a")
        s.wait_for(lambda: ov.quick_selection_line(s) == (count, count), "every tile selected", timeout=20)
        s.key("d")
        s.wait_for(lambda: s.store_status()["counts"]["delete"] == count, "all marked", timeout=20)
        click_when_ready(s, "push button", "Apply Deletions…")
        shown = s.wait_for(lambda: ov.dialog(s), "the Apply dialog")
        # The heading counts the ticked files, the body every listed one.
        assert shown["heading"] == f"Move {count} Clips to the Trash?"
        assert shown["body"].startswith(f"{count} files will be moved to the Trash, freeing 41."), shown["body"]
        assert shown["files"][:3] == ["clip_0000.webm", "clip_0001.webm", "clip_0002.webm"]
        assert all(c["checked"] for c in shown["checks"].values()), "every file starts ticked"
        assert shown["focus"] == "clip_0000.webm", "the focus starts on the first file's check"
        assert len(shown["files"]) <= 250, "rows are recycled, not one per file"
        # A screen reader finds the list by its name (a quick look: the rows are not walked).
        assert [n["name"] for n in s.atspi_find("list")] == ["Files to move"]
        s.wait_for(lambda: ov.rows_with_posters(s, tmp_path / "apply.png") >= 3, "posters for the rows on screen")
        # End scrolls to the last file, Space unticks it.
        s.key("Down")
        s.wait_for(lambda: ov.dialog(s)["focus"] == "clip_0001.webm", "Down moves to the next file")
        s.key("End")
        s.wait_for(lambda: ov.dialog(s)["focus"] == last, "End reaches the last file")
        s.key("space")
        shown = s.wait_for(lambda: (lambda d: d if d["heading"] == f"Move {count - 1} Clips to the Trash?" else None)(
            ov.dialog(s)), "the last file unticked")
        assert shown["body"].startswith(f"{count - 1} files will be moved to the Trash, freeing "), shown["body"]
        checks = shown["checks"]
        assert checks[last]["focused"], "a screen reader is on the unticked file's check"
        assert not checks[last]["checked"], "its check is cleared"
        assert len(checks) <= 250
        # Tab leaves the list for the buttons (not through 2,000 rows).
        s.key("Tab")
        s.wait_for(lambda: ov.dialog(s)["focus"] is None, "the focus on the buttons")
        s.key("Tab")
        assert [n["name"] for n in s.atspi_find("push button") if n["focused"]] == ["Move to Trash"]
        s.key("Return")
        trash = data / "Trash" / "files"
        # 1,999 moves take about 4 s here (38 s while each file's move
        # listed the whole Trash again); 60 s leaves a loaded machine room.
        wait_until(lambda: trash.exists() and len(list(trash.iterdir())) == count - 1, 60, interval=0.5,
                   what="1,999 files in the Trash")
        assert [p.name for p in deck.iterdir()] == [last]
        assert not (trash / last).exists()
        s.wait_for(lambda: s.decisions() == {last: "delete"}, "the unticked file stays, still marked", timeout=30)


def test_a_photo_decks_filters_speak_of_photos(tmp_path):
    """The overview's words follow what its tiles are: photos here."""
    (tmp_path / "deck").mkdir()
    deck = photo_deck(tmp_path / "deck", 3)
    with Review(deck) as s:
        s.key("l")
        s.wait_cursor(1, "the like")
        open_overview(s)
        s.atspi_do("radio button", "Liked (1)")
        assert wait_until(lambda: status_line(s, "Showing 1 liked photo."), 5, what="the liked filter's words")
        s.atspi_do("radio button", "Skipped (0)")
        assert wait_until(lambda: find_nodes(s.tree(), role="label", name="No skipped photos."), 5,
                          what="the empty filter's words")
