"""The window at the sizes people give it: the GNOME HIG's smallest
(360×294), a Linux phone (360×640), half a 1366 px laptop screen (683×768),
the default (900×760) and a maximized 1080p screen (1920×1040), and with
GNOME's Large Text (text scaled 1.5×).
Checked as a user sees it: the X window really has the size, every action
of the action bar and the overview's Apply Deletions… is on screen and named
(AT-SPI extents inside the window's), a drag still likes at 360 px, labels
and icons stay inside their buttons, the analysis line moves nothing and
covers no button, and screenshots of each size."""
import re
import shutil
import threading
from pathlib import Path

import pytest

import harness
from file_reads import FileReads
from harness import find_nodes, wait_until
from observe import bar_button, top_card, walk
from test_review import SAMPLES, Review

SIZES = {"smallest": (360, 294), "phone": (360, 640), "half-laptop": (683, 768), "default": (900, 760), "maximized": (1920, 1040)}
# The action bar, by the accessible names its buttons carry.
BAR = ["Previous", "Delete", "Skip", "Undo", "Like"]
APPLY = "Apply Deletions…"
# GTK's font when nothing sets one (no desktop settings under Xvfb).
FONT = ("Sans", 10)


class Sized(Review):
    """The window on the samples, resized to `size` once it shows, with the
    text scaled by `text_scale` (GTK's settings file in the session's
    config folder, as GNOME's text-scaling-factor does through Xft/DPI)."""

    def __init__(self, size, text_scale=1.0, **kw):
        super().__init__(**kw)
        self.size = size
        if text_scale != 1.0:
            settings = self.tmp / "config" / "gtk-4.0"
            settings.mkdir(parents=True, exist_ok=True)
            # GTK 4 scales fonts by Xft/DPI only from an XSETTINGS manager
            # (none runs here), so the font itself grows as Large Text makes it.
            (settings / "settings.ini").write_text(f"[Settings]\ngtk-font-name={FONT[0]} {FONT[1] * text_scale:g}\n")

    def start(self):
        super().start()
        # Paused, so a playing clip does not keep the main loop busy while resizing.
        self.key("space")
        self.take_size()

    def take_size(self):
        """Resizes the window a user sees to `size`."""
        # The X window holds GTK's invisible resize border around the window
        # a user sees (the frame): the frame is to have the size.
        _, _, x_width, x_height = window_geometry(self)
        frame = wait_until(lambda: self.frame()["extents"], 10, what="the window's extents")
        border = (x_width - frame[2], x_height - frame[3])
        self.xdotool("windowsize", self.window_id(), self.size[0] + border[0], self.size[1] + border[1])

    def frame(self):
        """The main window's node (its extents: the window a user sees)."""
        return find_nodes(self.atspi_tree(), role="frame")[0]


@pytest.fixture
def screen(monkeypatch):
    """An X screen the largest window fits on."""
    monkeypatch.setattr(harness, "SCREEN", (2560, 1440))


def window_geometry(s):
    """The main X window's (x, y, width, height)."""
    return window_geometry_of(s, s.window_id())


def inside(inner, outer, slack=1):
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return x >= ox - slack and y >= oy - slack and x + w <= ox + ow + slack and y + h <= oy + oh + slack


def laid_out_at(s, size):
    """Waits until the window a user sees has `size` (a window that cannot
    shrink keeps its least size) and returns the tree, once the analysis
    of the folder has ended (what it finds can change the cards)."""
    s.settled()

    def fits():
        tree = s.atspi_tree()
        frame = find_nodes(tree, role="frame")[0]["extents"]
        return tree if frame and tuple(frame[2:]) == tuple(size) else None
    try:
        return wait_until(fits, 10, interval=0.3, what=f"a {size} window")
    except harness.HarnessError:
        pass
    # Not taken at once: resized again, as a user would.
    s.take_size()
    try:
        return wait_until(fits, 10, interval=0.3, what=f"a {size} window")
    except harness.HarnessError:
        frame = s.frame()["extents"]
        raise AssertionError(f"the window could not take {size[0]}×{size[1]}: it stays {frame[2]}×{frame[3]}")


def bar_buttons(tree):
    """The action bar's buttons by name: those of BAR that show."""
    found = {}
    for name in BAR:
        node = bar_button(tree, name)
        if node and node["extents"] and node["extents"][2] > 0:
            found[name] = node
    return found


def check_reachable(s, tree, where):
    """Every action bar button is there, named, inside the window and clear
    of the others (GTK gives a button too narrow for its label its least
    width anyway, pushing the others aside and out). Their hints are heard
    in test_screen_reader_bars.py: GTK 4.8 gives a screen reader a button's
    tooltip only once it has had the focus (FocusHint)."""
    frame = find_nodes(tree, role="frame")[0]["extents"]
    buttons = bar_buttons(tree)
    assert sorted(buttons) == sorted(BAR), f"{where}: the action bar shows {sorted(buttons)}"
    for name, node in buttons.items():
        assert inside(node["extents"], frame), f"{where}: {name} at {node['extents']} is outside the window {frame}"
    spans = sorted((n["extents"][0], n["extents"][0] + n["extents"][2], name) for name, n in buttons.items())
    for (_, end, left), (start, _, right) in zip(spans, spans[1:]):
        assert end <= start, f"{where}: {left} runs into {right}"


@pytest.mark.parametrize("size", SIZES)
def test_every_action_is_on_screen_and_named(screen, artifacts, size):
    w, h = SIZES[size]
    with Sized((w, h)) as s:
        tree = laid_out_at(s, (w, h))
        check_reachable(s, tree, f"{w}×{h}")
        s.screenshot(artifacts / f"sizes-{size}-review.png")
        s.key("g")  # the overview: its Apply Deletions… stays on screen
        def apply_button():
            t = s.atspi_tree()
            nodes = [n for n in find_nodes(t, role="push button", name=APPLY) if n["extents"] and n["extents"][2] > 0]
            return (t, nodes[0]) if nodes else None
        tree, apply = wait_until(apply_button, 10, what="the overview's Apply Deletions…")
        frame = find_nodes(tree, role="frame")[0]["extents"]
        assert inside(apply["extents"], frame), f"{w}×{h}: Apply Deletions… at {apply['extents']} is outside {frame}"
        s.screenshot(artifacts / f"sizes-{size}-overview.png")


# How many times the window opens a photo of the deck that is not near the
# top card before the analysis does (listing the folder, filling the store):
# the next open is the analysis's, held there (test_compare.py's count).
WINDOW_OPENS = 3
# Roles a user clicks or drags: the analysis line must lie over none of them.
CONTROLS = ("push button", "toggle button", "slider")


def overlaps(a, b):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def analysis_line(tree):
    """The analysis line's words and Stop, and the rectangle holding both;
    None while it does not show."""
    words = [n for n in find_nodes(tree, role="status bar") if n["name"].startswith("Looking") and n["extents"]]
    stop = [n for n in find_nodes(tree, role="push button", name="Stop") if n["extents"] and n["extents"][2] > 0]
    if not words or not stop:
        return None
    (wx, wy, ww, wh), (sx, sy, sw, sh) = words[0]["extents"], stop[0]["extents"]
    x, y = min(wx, sx), min(wy, sy)
    return words[0], stop[0], (x, y, max(wx + ww, sx + sw) - x, max(wy + wh, sy + sh) - y)


def check_line_covers_no_control(tree, where, line):
    """The line is on screen and lies over no button or slider a user needs
    while it shows (the top card itself aside: it is dragged anywhere)."""
    words, stop, rect = line
    frame = find_nodes(tree, role="frame")[0]["extents"]
    assert inside(stop["extents"], frame), f"{where}: Stop at {stop['extents']} is outside the window {frame}"
    assert inside(words["extents"], frame), f"{where}: the line's words at {words['extents']} are outside {frame}"
    card = top_card(tree)
    for node in walk(tree):
        if node["role"] not in CONTROLS or node is stop or node is card or not node["extents"] or node["extents"][2] <= 0:
            continue
        if node["name"].startswith("Photo "):  # the top card of a photo
            continue
        assert not overlaps(rect, node["extents"]), \
            f"{where}: the analysis line at {rect} lies over {node['role']} {node['name']!r} at {node['extents']}"


def test_the_analysis_line_moves_nothing_and_hides_no_button(screen, artifacts, tmp_path):
    """The smallest window while the folder is analysed: the analysis is
    held at its open of a photo (fanotify, no sleeps), so its line shows
    for as long as the test needs. The line covers no button (review page
    and overview), every action stays on screen and named, a drag begun on
    its words where they lie over the card's top edge takes the card, and
    the card has the same place and size with the line and once it has gone."""
    deck = tmp_path / "deck"
    shutil.copytree(SAMPLES, deck, ignore=shutil.ignore_patterns("*.sh"))
    size = SIZES["smallest"]
    held, release = threading.Event(), threading.Event()

    def hold():
        held.set()
        release.wait(90)
    with FileReads(deck / "team_photo.jpg", at=WINDOW_OPENS + 1, action=hold, opens_only=True) as reads, \
            Sized(size, folder=deck) as s:
        try:
            assert held.wait(60), "the analysis never opened team_photo.jpg"

            def shown_at_size():
                tree = s.atspi_tree()
                frame = find_nodes(tree, role="frame")[0]["extents"]
                return tree if analysis_line(tree) and tuple(frame[2:]) == size else None
            try:
                tree = wait_until(shown_at_size, 10, interval=0.3, what="the line in a 360×294 window")
            except harness.HarnessError:
                s.take_size()  # resized again, as a user would
                try:
                    tree = wait_until(shown_at_size, 10, interval=0.3, what="the line in a 360×294 window")
                except harness.HarnessError:
                    frame = s.frame()["extents"]
                    raise AssertionError(f"with the analysis line the window cannot be {size[0]}×{size[1]}: "
                                         f"it stays {frame[2]}×{frame[3]}")
            where = "360×294 with the analysis line"
            check_reachable(s, tree, where)
            check_line_covers_no_control(tree, where, analysis_line(tree))
            card = top_card(tree)["extents"]
            s.screenshot(artifacts / "sizes-smallest-analysis-line.png")

            s.key("g")  # the overview: its filters and Apply Deletions… stay clear
            def overview():
                t = s.atspi_tree()
                apply = [n for n in find_nodes(t, role="push button", name=APPLY) if n["extents"] and n["extents"][2] > 0]
                return t if apply and analysis_line(t) else None
            tree = wait_until(overview, 10, what="the overview with the analysis line")
            check_line_covers_no_control(tree, "the overview at 360×294 with the analysis line", analysis_line(tree))
            s.screenshot(artifacts / "sizes-smallest-analysis-line-overview.png")
            s.key("g")
            tree = wait_until(lambda: (t := s.atspi_tree()) and top_card(t) and analysis_line(t) and t, 10,
                              what="the review page again")
            # Where the line lies over the card's top edge, a drag still takes the card.
            words, over = analysis_line(tree)[0]["extents"], top_card(tree)["extents"]
            left, top = max(words[0], over[0]), max(words[1], over[1])
            right, bottom = min(words[0] + words[2], over[0] + over[2]), min(words[1] + words[3], over[1] + over[3])
            assert right > left and bottom > top, f"the words at {words} lie over no part of the card at {over}"
            _, _, x_width, x_height = window_geometry(s)
            start = ((left + right) // 2 + (x_width - size[0]) // 2, (top + bottom) // 2 + (x_height - size[1]) // 2)
            s.drag(start, (start[0] + 250, start[1] + 5))
            s.wait_cursor(1, "the like of a drag begun on the analysis line's words")
            assert s.decisions()["beach_rally_01.mp4"] == "like"
            # The next card, once it has come to rest, is measured too.
            rest = []

            def at_rest():
                extents = top_card(s.atspi_tree())["extents"]
                rest.append(extents)
                return len(rest) > 1 and rest[-2] == extents
            wait_until(at_rest, 10, interval=0.3, what="the next card at rest")
            next_card = rest[-1]
        finally:
            release.set()
        s.settled()
        tree = s.atspi_tree()
        assert analysis_line(tree) is None, "the line is gone once the analysis has ended"
        assert top_card(tree)["extents"] == next_card, \
            f"the card at {next_card} with the analysis line is at {top_card(tree)['extents']} once it has gone"
        assert next_card == card, f"the first card was at {card}, the next (of the same size) at {next_card}"
    assert reads.acted.is_set()


def test_a_drag_likes_on_a_phone(screen, artifacts):
    with Sized(SIZES["phone"]) as s:
        tree = laid_out_at(s, SIZES["phone"])
        card = [n for n in find_nodes(tree, role="push button") if n["name"].startswith("Clip 1 of")][0]
        x, y, cw, ch = card["extents"]
        assert inside(card["extents"], find_nodes(tree, role="frame")[0]["extents"]), "the card is on screen"
        # AT-SPI extents start inside GTK's invisible border; the pointer moves on the X screen.
        _, _, x_width, x_height = window_geometry(s)
        cx, cy = x + cw // 2 + (x_width - SIZES["phone"][0]) // 2, y + ch // 2 + (x_height - SIZES["phone"][1]) // 2
        s.drag((cx, cy), (cx + 250, cy + 5))
        s.wait_cursor(1, "the like")
        assert s.status().startswith("Liked beach_rally_01.mp4")
        assert s.decisions()["beach_rally_01.mp4"] == "like"
        s.screenshot(artifacts / "sizes-phone-liked.png")


@pytest.mark.parametrize("size", ["phone", "half-laptop"])
def test_large_text_stays_inside_the_buttons(screen, artifacts, size):
    w, h = SIZES[size]
    with Sized((w, h), text_scale=1.5) as s:
        tree = laid_out_at(s, (w, h))
        check_reachable(s, tree, f"{w}×{h} at 1.5× text")
        for name, button in bar_buttons(tree).items():
            parts = [n for n in walk(button) if n is not button and n["extents"] and n["extents"][2] > 0]
            for part in parts:
                assert inside(part["extents"], button["extents"]), \
                    f"{name}: its {part['role']} {part['name']!r} at {part['extents']} spills out of {button['extents']}"
        s.screenshot(artifacts / f"sizes-{size}-large-text.png")


def open_dialog(s, which):
    """Opens a dialog the way a user does on a phone-sized window."""
    if which == "apply":
        s.key("g")
        s.atspi_do("push button", APPLY)
    elif which == "export":
        s.key("F10")
        s.atspi_do("menu item", "Export Likes…")
    else:
        s.key("ctrl+comma")


DIALOGS = {"apply": "Move 1 Clip to the Trash?", "export": "Export 1 Liked Clip", "preferences": "Preferences"}


@pytest.mark.parametrize("which", DIALOGS)
def test_dialogs_fit_a_phone(screen, artifacts, which):
    with Sized(SIZES["phone"]) as s:
        laid_out_at(s, SIZES["phone"])
        s.key("d", "l")
        s.wait_cursor(2, "a deletion and a like")
        open_dialog(s, which)
        title = DIALOGS[which]
        wid = s.wait_for_window(title.replace("?", "\\?"))

        def dialog():
            found = [n for n in s.atspi_windows() if n["name"] == title and n["extents"]]
            return found[0] if found else None
        extents = wait_until(dialog, 10, what=f"the {title!r} dialog")["extents"]
        _, _, x_width, x_height = window_geometry_of(s, wid)
        width = SIZES["phone"][0]
        s.xdotool("windowsize", wid, width + x_width - extents[2], x_height)
        try:
            wait_until(lambda: (d := dialog()) and d["extents"][2] == width, 10, interval=0.3,
                       what=f"the {title!r} dialog {width} px wide")
        except harness.HarnessError:
            raise AssertionError(f"{title!r} cannot be {width} px wide: it stays {dialog()['extents'][2]} px")
        s.screenshot(artifacts / f"sizes-phone-dialog-{which}.png")


def window_geometry_of(s, wid):
    out = s.xdotool("getwindowgeometry", wid)
    x, y = (int(v) for v in re.search(r"Position: (\d+),(\d+)", out).groups())
    w, h = (int(v) for v in re.search(r"Geometry: (\d+)x(\d+)", out).groups())
    return x, y, w, h
