"""The review window under Xvfb with real input: drags, keys, buttons and a
screen reader's actions, checked through the app's state (FLICK_STATE_FILE)."""
import json
import os
import shutil
import time
from pathlib import Path

import pytest

from harness import ROOT, FlickSession, find_nodes, pixels_changed, wait_until
from observe import Observer, finished, status, top_card

# The folder the window opens without one: the bundled samples.
SAMPLES = Path(os.environ.get("FLICK_DATA_DIR", ROOT)) / "data" / "samples"
# The window opens at (0,0), 900×760; the card's centre sits near (450, 380).
CENTRE = (450, 380)


class ReviewSession(Observer, FlickSession):
    """Flick's window on `folder` (the bundled samples when None), observed
    as a user would (see observe.py): the accessibility tree, the status
    line, the store through `flick status --json`, screenshots."""

    def __init__(self, folder=None, **kw):
        self.state_path = None
        self.folder = Path(folder) if folder else SAMPLES
        super().__init__([folder] if folder else [], **kw)

    # Seconds the app has to show its first card after it starts.
    STARTUP = 20

    def start(self):
        self.state_path = self.tmp / "state.json"
        self.extra_env["FLICK_STATE_FILE"] = str(self.state_path)
        super().start()
        self.wait_for_window()
        self.wait_for_deck()

    def launch(self, args, **kw):
        proc = super().launch(args, **kw)
        self.launched_at = time.monotonic()
        return proc

    def wait_for_deck(self):
        """Start-up: the window shows its first card (or its finished or
        empty page) on the accessibility bus."""
        self.wait_for(lambda: (lambda t: top_card(t) or finished(t) or status(t))(self.tree()), "the deck on screen",
                      self.STARTUP)

    def _exited(self, what):
        return not self.alive(what)

    def state(self):
        """The app's state hook (only until every test observes instead).
        A missing file after start-up is a failure, never an empty state."""
        try:
            return json.loads(self.state_path.read_text())
        except FileNotFoundError:
            starting = time.monotonic() - getattr(self, "launched_at", 0) < self.STARTUP
            if starting:
                return None
            raise AssertionError(f"the state hook file {self.state_path} is missing after start-up")

    def wait_state(self, predicate, what, timeout=10):
        def check():
            self._exited(what)
            state = self.state()
            return state is not None and predicate(state)
        return wait_until(check, timeout, what=what)

    def top_card_name(self):
        """Every card's accessible name that reads "Clip …" (one: the top card)."""
        tree = self.atspi_tree()
        return [n["name"] for n in find_nodes(tree, role="push button") if n["name"].startswith("Clip ")]


Review = ReviewSession


def photo_deck(tmp_path, count):
    """A deck of `count` small photos (cheap to show, fast to step through)."""
    src = SAMPLES / "scoreboard.png"
    for i in range(count):
        shutil.copy(src, tmp_path / f"card_{i:03d}.png")
    return tmp_path


def test_long_drag_right_likes():
    with Review() as s:
        s.drag(CENTRE, (CENTRE[0] + 330, CENTRE[1] + 10))
        s.wait_cursor(1, "the like")
        assert s.decisions()["beach_rally_01.mp4"] == "like"
        assert s.status() == "Liked beach_rally_01.mp4. 11 left."
        assert s.undo_sensitive()


def test_short_slow_drag_springs_back_and_records_nothing():
    with Review() as s:
        s.drag(CENTRE, (CENTRE[0] + 60, CENTRE[1]), steps=20, step_delay=0.06)
        time.sleep(1.0)
        assert s.state()["cursor"] == 0
        assert not any(s.decisions())
        assert s.top_card_name() == ["Clip 1 of 12: beach_rally_01.mp4, 0:04"]


@pytest.mark.parametrize("end,expected", [((-330, 10), "delete"), ((0, -250), "skip")])
def test_drags_left_and_up(end, expected):
    with Review() as s:
        s.drag(CENTRE, (CENTRE[0] + end[0], CENTRE[1] + end[1]))
        s.wait_state(lambda st: st["cursor"] == 1, expected)
        assert s.decisions()[0] == expected


def test_drag_down_goes_back_one_card():
    with Review() as s:
        s.key("l")
        s.wait_state(lambda st: st["cursor"] == 1, "the like")
        time.sleep(0.5)
        s.drag(CENTRE, (CENTRE[0], CENTRE[1] + 260))
        s.wait_state(lambda st: st["cursor"] == 0, "going back")
        assert s.decisions()[0] == "like", "going back keeps the decision"


def test_short_fast_flick_commits():
    with Review() as s:
        # 120 px in 4 quick steps: under the threshold (35 % of the 842 px
        # wide 16:9 card, 295 px), past the fling's 10 % of travel, and fast.
        s.drag(CENTRE, (CENTRE[0] + 120, CENTRE[1]), steps=4, step_delay=0.01, hold=0.05)
        s.wait_state(lambda st: st["cursor"] == 1, "the fling")
        assert s.decisions()[0] == "like"


def test_keys_like_delete_skip_undo():
    with Review() as s:
        s.key("l", "d", "s")
        s.wait_state(lambda st: st["cursor"] == 3, "three decisions")
        assert s.decisions()[:3] == ["like", "delete", "skip"]
        s.key("u")
        s.wait_state(lambda st: st["cursor"] == 2, "the undo")
        assert s.decisions()[:3] == ["like", "delete", None]
        s.key("ctrl+z")
        s.wait_state(lambda st: st["cursor"] == 1, "Ctrl+Z")


def test_auto_repeat_never_decides_twice():
    with Review() as s:
        # A second press without a release is how the X server reports auto-repeat.
        s.xdotool("keydown", "l", "sleep", 0.1, "keydown", "l", "sleep", 0.1, "keydown", "l", "sleep", 0.1, "keyup", "l")
        time.sleep(0.8)
        assert s.state()["cursor"] == 1
        s.key("l")
        s.wait_state(lambda st: st["cursor"] == 2, "a fresh press after the release")


def test_space_pauses_and_m_mutes():
    with Review() as s:
        s.key("space")
        time.sleep(0.6)
        a = s.screenshot(s.tmp / "a.png")
        time.sleep(1.0)
        b = s.screenshot(s.tmp / "b.png")
        assert pixels_changed(a, b, crop="400x300+250+150") < 300, "paused: the picture holds still"
        assert find_nodes(s.atspi_tree(), name="Paused.")
        s.key("space")
        time.sleep(1.0)
        c = s.screenshot(s.tmp / "c.png")
        assert pixels_changed(b, c, crop="400x300+250+150") > 1000, "playing again"
        s.key("m")
        assert wait_until(lambda: find_nodes(s.atspi_tree(), name="Sound on."), 5, what="unmute")
        s.wait_state(lambda st: st["top_muted"] is False, "the top clip's pipeline unmuted")
        # Sound on is remembered: the next clip plays with sound too.
        s.key("l")
        s.wait_state(lambda st: st["cursor"] == 1 and st["top_muted"] is False, "the next clip unmuted")
        s.key("m")
        assert wait_until(lambda: find_nodes(s.atspi_tree(), name="Sound off."), 5, what="mute")
        s.wait_state(lambda st: st["top_muted"] is True, "the top clip's pipeline muted")


def apply_model(keys, count):
    """Flick's deck semantics, for checking a long run of keys."""
    cursor, decisions, history = 0, [None] * count, []
    for k in keys:
        if k in "lds" and cursor < count:
            d = {"l": "like", "d": "delete", "s": "skip"}[k]
            history.append(("decide", cursor, decisions[cursor]))
            decisions[cursor] = d
            cursor += 1
        elif k == "Down" and cursor > 0:
            history.append(("previous", cursor))
            cursor -= 1
        elif k == "u" and history:
            step = history.pop()
            if step[0] == "decide":
                decisions[step[1]] = step[2]
                cursor = step[1]
            else:
                cursor = step[1]
    return cursor, decisions


def test_two_hundred_keys_at_twenty_per_second_are_all_applied_in_order(tmp_path):
    pattern = ["l", "d", "s", "l", "Down", "u", "l", "d", "u", "s"]
    keys = [pattern[i % len(pattern)] for i in range(200)]
    count = 150
    with Review(photo_deck(tmp_path, count)) as s:
        s.xdotool("key", "--delay", "50", *keys)
        cursor, decisions = apply_model(keys, count)
        s.wait_state(lambda st: st["cursor"] == cursor and st["undo"] > 0, f"cursor {cursor}", timeout=20)
        time.sleep(0.5)
        assert s.decisions() == decisions


def test_accessible_buttons_and_card():
    with Review() as s:
        tree = s.atspi_tree()
        for name in ["Previous", "Delete", "Skip", "Undo", "Like"]:
            buttons = find_nodes(tree, role="push button", name=name)
            assert buttons, f"no {name} button"
            assert "click" in buttons[0]["actions"]
        assert s.top_card_name() == ["Clip 1 of 12: beach_rally_01.mp4, 0:04"]
        s.atspi_do("push button", "Like", "click")
        s.wait_state(lambda st: st["cursor"] == 1, "Like through AT-SPI")
        assert s.decisions()[0] == "like"
        wait_until(lambda: s.top_card_name() == ["Clip 2 of 12: beach_rally_02.mp4, 0:03"], 10,
                   what="the card's accessible name to name the next clip")
        assert find_nodes(s.atspi_tree(), name="Liked beach_rally_01.mp4. 11 left.")


def undo_buttons(s):
    """Whether each Undo button (the action bar's, a toast's) can be pressed."""
    return [n["sensitive"] for n in find_nodes(s.atspi_tree(), role="push button", name="Undo")]


def test_undo_is_disabled_until_there_is_something_to_undo():
    with Review() as s:
        assert undo_buttons(s) and not any(undo_buttons(s)), f"Undo greyed out before any decision: {undo_buttons(s)}"
        s.atspi_do("push button", "Undo", "click")
        time.sleep(0.5)
        assert s.state()["cursor"] == 0
        s.key("l")
        s.wait_state(lambda st: st["cursor"] == 1, "the like")
        wait_until(lambda: any(undo_buttons(s)), 10, what="Undo enabled by the like")
        s.atspi_do("push button", "Undo", "click")
        s.wait_state(lambda st: st["cursor"] == 0, "undo through its button")
        wait_until(lambda: not any(undo_buttons(s)), 10, what="Undo greyed out again with nothing to undo")


def test_mid_drag_card_is_rotated_with_like_colour_then_next_clip_is_on_top(artifacts):
    with Review() as s:
        before = s.screenshot(s.tmp / "before.png")
        x, y = CENTRE
        s.xdotool("mousemove", x, y, "sleep", 0.1, "mousedown", 1, "sleep", 0.1,
                  *sum([["mousemove", x + i * 20, y + i * 2, "sleep", 0.03] for i in range(1, 18)], []))
        time.sleep(0.4)
        mid = s.screenshot(artifacts / "mid-drag.png")
        # The like tint (#26a269 over the clip) fills the dragged card.
        greenish = s.run("convert", str(mid), "-crop", "300x300+520+200", "+dither", "-colors", "8",
                         "-format", "%c", "histogram:info:-")
        assert pixels_changed(before, mid) > 20000, "the card moved"
        assert any(_is_green(line) for line in greenish.splitlines()), f"no like colour in {greenish}"
        s.xdotool("mouseup", 1)
        s.wait_state(lambda st: st["cursor"] == 1, "the like")
        wait_until(lambda: s.top_card_name() == ["Clip 2 of 12: beach_rally_02.mp4, 0:03"], 10, what="next clip on top")


def _is_green(histogram_line):
    import re
    m = re.search(r"\(\s*([\d.]+),\s*([\d.]+),\s*([\d.]+)", histogram_line)
    count = re.match(r"\s*(\d+):", histogram_line)
    if not m or not count:
        return False
    r, g, b = (float(v) for v in m.groups())
    return g > r + 30 and g > b + 10 and int(count.group(1)) > 2000


def test_finished_page_after_the_last_card(tmp_path, artifacts):
    with Review(photo_deck(tmp_path, 3)) as s:
        s.key("l", "d", "s")
        s.wait_state(lambda st: st["cursor"] == 3, "the end of the deck")
        tree = wait_until(lambda: (lambda t: t if find_nodes(t, name="All Clips Reviewed") else None)(s.atspi_tree()), 10,
                          what="the finished page")
        assert find_nodes(tree, contains="1 liked · 1 marked for deletion · 1 skipped")
        for name in ["Apply Deletions…", "Export Likes…", "Review Again"]:
            assert find_nodes(tree, role="push button", name=name)
        s.screenshot(artifacts / "finished.png")
        s.key("u")
        s.wait_state(lambda st: st["cursor"] == 2, "undo from the finished page")
