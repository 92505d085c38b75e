"""The overview is never stale: after decisions on the stack, or by the
command line in another process, its counts, the filter's tiles and the
button pressed match the store (`flick status --json`); pressing the filter
that is on filters again; and it opens on the Current tile, scrolled to it
and focused, however far down the deck it is."""
import os
import subprocess

import observe_overview as ov
from harness import find_nodes
from observe import parent_of
from cli import BENCH
from test_review import Review
from test_words import decide

deck_of = ov.distinct_photos


def open_overview(s):
    s.key("g")
    s.wait_for(lambda: (lambda t: ov.shown(t) and ov.tiles(t))(s.tree()), "the overview")


def press_filter(s, label):
    count = ov.filter_buttons(s.tree())[label][0]
    s.atspi_do("radio button", f"{label} ({count})")


def files(s):
    return [name.split(", ")[0] for name in ov.tile_names(s.tree())]


def drive(folder, data_home, *actions):
    """Decides in another process (the benchmark's driver, as `flick` does)."""
    env = dict(os.environ, XDG_DATA_HOME=str(data_home))
    subprocess.run([str(BENCH), "drive", str(folder), "--actions", ",".join(actions)], env=env, check=True,
                   capture_output=True, timeout=60)


def undecided_in_store(s):
    return sorted(path for path, decision in s.decisions().items() if decision is None)


def test_the_filter_lists_what_the_stack_decided_since(tmp_path, artifacts):
    with Review(deck_of(tmp_path, 4)) as s:
        open_overview(s)
        press_filter(s, "Undecided")
        s.wait_for(lambda: len(files(s)) == 4, "the four undecided tiles")
        s.key("g")
        s.wait_cursor(0, "the stack")
        decide(s, ["l", "d"])
        open_overview(s)
        s.wait_for(lambda: files(s) == undecided_in_store(s) == ["card_002.png", "card_003.png"],
                   "only the clips still undecided", timeout=5)
        assert ov.filter_buttons(s.tree())["Undecided"] == (2, True)
        s.screenshot(artifacts / "overview-fresh-after-stack.png")


def test_pressing_the_filter_that_is_on_reads_what_the_command_line_decided(tmp_path):
    data = tmp_path / "data"
    deck = deck_of(tmp_path, 4)
    with Review(deck, data_home=data) as s:
        open_overview(s)
        press_filter(s, "Undecided")
        s.wait_for(lambda: len(files(s)) == 4, "the four undecided tiles")
        drive(deck, data, "like", "skip")  # another process decides card_000 and card_001
        press_filter(s, "Undecided")
        s.wait_for(lambda: files(s) == undecided_in_store(s) == ["card_002.png", "card_003.png"],
                   "the filter made again from the store", timeout=5)
        assert ov.filter_buttons(s.tree())["Undecided"] == (2, True)
        assert ov.filter_buttons(s.tree())["Liked"][0] == 1


def test_the_overview_opens_scrolled_to_the_current_tile_with_focus_on_it(tmp_path, artifacts):
    """200 tiles in a 900×600 window with the current card near the end:
    its tile is rows below the grid's first screen, so the overview must
    scroll there. The tile is inside the grid's visible area (the grid
    view's own extents: it is as big as its viewport) and has the focus."""
    data = tmp_path / "data"
    deck = deck_of(tmp_path, 200)
    drive(deck, data, *["like"] * 190)
    with Review(deck, data_home=data) as s:
        s.wait_cursor(190, "the first undecided card on top")
        # The analysis line, shown while the window is resized, would leave it
        # taller, and its going move the tile after it was read.
        s.settled()
        s.xdotool("windowsize", s.window_id(), 900, 600)
        s.wait_for(lambda: (lambda f: f and f[0]["extents"][3] <= 600)(find_nodes(s.tree(), role="frame")), "a 900×600 window")
        open_overview(s)
        s.wait_for(lambda: (ov.focused_tile(s.tree()) or "").startswith("card_190.png"), "the Current tile focused")
        tree = s.tree()
        tile = next(n for n in ov.tiles(tree) if n["name"].startswith("card_190.png"))
        assert tile["focused"], tile
        grid = parent_of(tree, tile)
        x, y, w, h = tile["extents"]
        gx, gy, gw, gh = grid["extents"]
        assert w > 0 and h > 0, f"the Current tile is laid out (one the grid never reached has no size): {tile['extents']}"
        assert gh < 600, f"the grid's extents are its visible part, not all 50 rows: {grid['extents']}"
        assert gy <= y and y + h <= gy + gh and gx <= x and x + w <= gx + gw, \
            f"the Current tile is in the grid's visible area: tile {tile['extents']}, grid {grid['extents']}"
        # GTK reports a tile's place even when the grid never scrolled (it
        # said "in view" while the first rows showed): the screen decides.
        # The Current tile's accent outline and selection tint (blue; the
        # photos are yellow and the tiles grey) are drawn where it is said to be.
        from test_stage import column, on_screen
        sx, sy, sw, sh = on_screen(s, tile["extents"])
        shot = s.still_screenshot(artifacts / "overview-opens-on-current.png")
        # Down the tile's left side, beside its picture: outline, then tint.
        blue = [rgb for rgb in column(shot, sx + 12, sy, sy + sh) if rgb[2] - rgb[0] > 30 and rgb[2] >= rgb[1]]
        print("blue pixels down the Current tile:", len(blue), "of", sh)
        assert len(blue) > sh // 3, f"the Current tile, outlined and tinted, is on screen where it is said to be: {len(blue)} blue of {sh}"


def test_the_filters_and_apply_fit_at_the_default_width_with_two_digit_counts(tmp_path, artifacts):
    data = tmp_path / "data"
    deck = deck_of(tmp_path, 45)
    drive(deck, data, *(["like"] * 15 + ["delete"] * 12 + ["skip"] * 11))
    with Review(deck, data_home=data) as s:
        s.wait_cursor(38, "the first undecided card on top")
        open_overview(s)
        tree = s.tree()
        window = find_nodes(tree, role="frame")[0]["extents"]
        apply = next(n for n in find_nodes(tree, role="push button", name="Apply Deletions…"))["extents"]
        s.screenshot(artifacts / "overview-filters-900.png")
        for label, (count, _) in ov.filter_buttons(tree).items():
            button = find_nodes(tree, role="radio button", name=f"{label} ({count})")[0]["extents"]
            x, y, w, h = button
            assert window[0] <= x and x + w <= window[0] + window[2], f"{label} is cut off: {button} in {window}"
            ax, ay, aw, ah = apply
            # Beside Apply, a filter keeps the bar's 12-pixel gap (a filter cut
            # off by its scroller reaches right up to Apply).
            assert x + w + 12 <= ax or y + h <= ay or ay + ah <= y, f"{label} {button} is cut off under Apply {apply}"
