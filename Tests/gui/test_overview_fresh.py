"""The overview is never stale: after decisions on the stack, or by the
command line in another process, its counts, the filter's tiles and the
button pressed match the store (`flick status --json`); pressing the filter
that is on filters again; and it opens on the Current tile, scrolled to it
and focused, however far down the deck it is."""
import os
import subprocess

import observe_overview as ov
from harness import find_nodes
from cli import BENCH
from test_review import Review
from test_words import decide, deck_of


def open_overview(s):
    s.key("g")
    s.wait_for(lambda: ov.shown(s.tree()) and ov.tiles(s.tree()), "the overview")


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
    data = tmp_path / "data"
    deck = deck_of(tmp_path, 60)
    drive(deck, data, *["like"] * 55)
    with Review(deck, data_home=data) as s:
        s.wait_cursor(55, "the first undecided card on top")
        open_overview(s)
        s.wait_for(lambda: (ov.focused_tile(s.tree()) or "").startswith("card_055.png"), "the Current tile focused")
        tile = next(n for n in ov.tiles(s.tree()) if n["name"].startswith("card_055.png"))
        window = find_nodes(s.tree(), role="frame")[0]
        x, y, w, h = tile["extents"]
        wx, wy, ww, wh = window["extents"]
        s.screenshot(artifacts / "overview-opens-on-current.png")
        assert wy <= y and y + h <= wy + wh, f"the Current tile is scrolled into view: tile {tile['extents']}, window {window['extents']}"


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


def test_at_400_pixels_the_filters_scroll_with_a_scroll_bar_in_view(tmp_path, artifacts):
    with Review(deck_of(tmp_path, 6)) as s:
        s.xdotool("windowsize", s.window_id(), 400, 700)
        open_overview(s)
        s.wait_for(lambda: find_nodes(ov.page(s.tree()), role="scroll bar"), "a scroll bar under the filters", timeout=5)
        tree = s.tree()
        bars = [n["extents"] for n in find_nodes(ov.page(tree), role="scroll bar")]
        buttons = [find_nodes(tree, role="radio button", name=f"{label} ({count})")[0]["extents"]
                   for label, (count, _) in ov.filter_buttons(tree).items()]
        s.screenshot(artifacts / "overview-filters-400.png")
        top = min(b[1] for b in buttons)
        horizontal = [b for b in bars if b[2] > b[3] and b[1] < top + 80]
        assert horizontal, f"a sideways scroll bar by the filters: {bars}"
        x, y, w, h = horizontal[0]
        # Its slider is drawn at its bottom: below the buttons, in room of its own.
        assert all(y + h >= b[1] + b[3] + 8 for b in buttons), f"the scroll bar {horizontal[0]} lies over the filters {buttons}"
