"""The review window under Xvfb with real input: drags, keys, buttons and a
screen reader's actions, checked as a user observes them: the top card's
accessible name, the status line, the buttons' states, screenshots, and the
decisions in the store (`flick status --json`)."""
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from harness import ROOT, FlickSession, find_nodes, pixels_changed, wait_until
import observe
from observe import CARD_NAME, FINISHED, Observer, finished, top_card

# The folder the window opens without one: the bundled samples.
SAMPLES = Path(os.environ.get("FLICK_DATA_DIR", ROOT)) / "data" / "samples"
# The window opens at (0,0), 900×760; the card's centre sits near (450, 380).
CENTRE = (450, 380)


class ReviewSession(Observer, FlickSession):
    """Flick's window on `folder` (the bundled samples when None), observed
    as a user would (see observe.py): the accessibility tree, the status
    line, the store through `flick status --json`, screenshots."""

    def __init__(self, folder=None, **kw):
        self.folder = Path(folder) if folder else SAMPLES
        # Named: Flick without a folder reopens the last one or shows its start page.
        super().__init__([self.folder], **kw)

    # Seconds the app has to show its first card after it starts.
    STARTUP = 20

    def start(self):
        super().start()
        self.wait_for_window()
        self.wait_for_deck()

    def wait_for_deck(self):
        """Start-up: the window shows its first card (or its finished,
        empty or error page) on the accessibility bus."""
        pages = set(FINISHED) | {"No Clips Here", "Can’t Open Folder"}

        def shown():
            # The window's buttons and labels, not a whole tree: walking every
            # node while the first clip plays took over 20 s under software GL.
            try:
                found = self.atspi_find("push button", "label", windows="frame", extents=False, timeout=self.STARTUP)
            except subprocess.TimeoutExpired:
                return False  # the client is started again for the next look
            names = {n["name"] for n in found} if isinstance(found, list) else set()
            return any(CARD_NAME.match(n) for n in names) or bool(names & pages)
        self.wait_for(shown, "the deck on screen", self.STARTUP)

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
        time.sleep(1.0)  # the test's intent: a second after the release, still nothing decided
        assert s.top_card_name() == ["Clip 1 of 12: beach_rally_01.mp4, 0:04"]
        assert not any(s.decisions().values())
        assert not s.undo_sensitive(), "nothing to undo"


@pytest.mark.parametrize("end,expected", [((-330, 10), "delete"), ((0, -250), "skip")])
def test_drags_left_and_up(end, expected):
    with Review() as s:
        s.drag(CENTRE, (CENTRE[0] + end[0], CENTRE[1] + end[1]))
        s.wait_cursor(1, expected)
        assert s.decision_list()[:2] == [expected, None]


def test_drag_down_goes_back_one_card():
    with Review() as s:
        s.key("l")
        s.wait_cursor(1, "the like")
        # Dragged at once, while the liked card may still be flying off
        # over the centre: the press must not land on it (ending its flight
        # took it off the stage, and the release never came).
        s.drag(CENTRE, (CENTRE[0], CENTRE[1] + 260))
        s.wait_cursor(0, "going back")
        assert s.decisions()["beach_rally_01.mp4"] == "like", "going back keeps the decision"


def test_short_fast_flick_commits():
    with Review() as s:
        # 120 px in 4 quick steps: under the threshold (35 % of the 842 px
        # wide 16:9 card, 295 px), past the fling's 10 % of travel, and fast.
        s.drag(CENTRE, (CENTRE[0] + 120, CENTRE[1]), steps=4, step_delay=0.01, hold=0.05)
        s.wait_cursor(1, "the fling")
        assert s.decision_list()[:2] == ["like", None]


def test_keys_like_delete_skip_undo():
    with Review() as s:
        s.key("l", "d", "s")
        s.wait_cursor(3, "three decisions")
        assert s.decision_list()[:4] == ["like", "delete", "skip", None]
        s.key("u")
        s.wait_cursor(2, "the undo")
        assert s.decision_list()[:4] == ["like", "delete", None, None]
        s.key("ctrl+z")
        s.wait_cursor(1, "Ctrl+Z")
        assert s.decision_list()[:3] == ["like", None, None]


def test_auto_repeat_never_decides_twice():
    with Review() as s:
        # A second press without a release is how the X server reports auto-repeat.
        s.xdotool("keydown", "l", "sleep", 0.1, "keydown", "l", "sleep", 0.1, "keydown", "l", "sleep", 0.1, "keyup", "l")
        s.wait_cursor(1, "the first press")
        time.sleep(0.5)  # the test's intent: the repeats, had they counted, would show by now
        assert s.cursor() == 1
        assert s.decision_list()[:3] == ["like", None, None]
        s.key("l")
        s.wait_cursor(2, "a fresh press after the release")
        assert s.decision_list()[:3] == ["like", "like", None]


def test_space_pauses_and_m_mutes():
    with Review() as s:
        s.wait_playing()
        # The analysis line coming or going would move the card between the two shots.
        s.settled()
        s.key("space")
        s.wait_for(lambda: s.player()["play"] == "Play", "the play button to offer Play")
        a = s.screenshot(s.tmp / "a.png")
        time.sleep(1.0)  # the test's intent: a second of pause
        b = s.screenshot(s.tmp / "b.png")
        assert pixels_changed(a, b, crop="400x300+250+150") < 300, "paused: the picture holds still"
        assert s.status() == "Paused."
        assert s.player()["speed"] == "Paused · 1×"
        s.key("space")
        s.wait_playing("playing again: Pause offered, the seek bar moving")
        assert s.picture_moves("400x300+250+150", s.tmp), "playing again: the picture moves"
        assert s.player()["sound"] == "Sound Off (Unmute)", "clips start muted"
        s.key("m")
        s.wait_for(lambda: s.status() == "Sound on.", "unmute")
        assert s.player()["sound"] == "Sound On (Mute)"
        # Sound on is remembered: the next clip plays with sound too.
        s.key("l")
        s.wait_cursor(1, "the next clip")
        s.wait_playing("the next clip playing")
        assert s.player()["sound"] == "Sound On (Mute)", "the next clip unmuted"
        s.key("m")
        s.wait_for(lambda: s.status() == "Sound off.", "mute")
        assert s.player()["sound"] == "Sound Off (Unmute)"


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
        s.wait_cursor(cursor, f"card {cursor + 1} on top", timeout=20)
        assert s.undo_sensitive()
        s.wait_for(lambda: s.decision_list() == decisions, "every decision in the store, in order")


def test_accessible_buttons_and_card():
    with Review() as s:
        tree = s.atspi_tree()
        for name in ["Previous", "Delete", "Skip", "Undo", "Like"]:
            buttons = find_nodes(tree, role="push button", name=name)
            assert buttons, f"no {name} button"
            assert "click" in buttons[0]["actions"]
        assert s.top_card_name() == ["Clip 1 of 12: beach_rally_01.mp4, 0:04"]
        s.atspi_do("push button", "Like", "click")
        s.wait_cursor(1, "Like through AT-SPI")
        assert s.decision_list()[:2] == ["like", None]
        wait_until(lambda: s.top_card_name() == ["Clip 2 of 12: beach_rally_02.mp4, 0:03"], 10,
                   what="the card's accessible name to name the next clip")
        assert find_nodes(s.atspi_tree(), name="Liked beach_rally_01.mp4. 11 left.")


def undo_buttons(s):
    """Whether each Undo button (the action bar's, a toast's) can be pressed."""
    return observe.undo_buttons(s.atspi_tree())


def test_undo_is_disabled_until_there_is_something_to_undo():
    with Review() as s:
        assert undo_buttons(s) and not any(undo_buttons(s)), f"Undo greyed out before any decision: {undo_buttons(s)}"
        s.atspi_do("push button", "Undo", "click")
        time.sleep(0.5)  # the test's intent: pressing a greyed-out Undo does nothing
        assert s.cursor() == 0
        assert s.status() == "Drag a card, or press L to like, D to delete, S to skip."
        s.key("l")
        s.wait_cursor(1, "the like")
        s.wait_for(s.undo_sensitive, "Undo enabled by the like")
        s.atspi_do("push button", "Undo", "click")
        s.wait_cursor(0, "undo through its button")
        assert not any(s.decisions().values())
        s.wait_for(lambda: not any(undo_buttons(s)), "Undo greyed out again with nothing to undo")


def test_mid_drag_card_is_rotated_with_like_colour_then_next_clip_is_on_top(artifacts):
    with Review() as s:
        before = s.screenshot(s.tmp / "before.png")
        x, y = CENTRE
        s.xdotool("mousemove", x, y, "sleep", 0.1, "mousedown", 1, "sleep", 0.1,
                  *sum([["mousemove", x + i * 20, y + i * 2, "sleep", 0.03] for i in range(1, 18)], []))
        mid = artifacts / "mid-drag.png"
        s.wait_for(lambda: pixels_changed(before, s.screenshot(mid)) > 20000, "the card following the pointer")
        # The like tint (#26a269 over the clip) fills the dragged card.
        greenish = s.run("convert", str(mid), "-crop", "300x300+520+200", "+dither", "-colors", "8",
                         "-format", "%c", "histogram:info:-")
        assert pixels_changed(before, mid) > 20000, "the card moved"
        assert any(_is_green(line) for line in greenish.splitlines()), f"no like colour in {greenish}"
        s.xdotool("mouseup", 1)
        s.wait_for(lambda: s.top_card_name() == ["Clip 2 of 12: beach_rally_02.mp4, 0:03"], "next clip on top")
        assert s.decision_list()[:2] == ["like", None]


def _is_green(histogram_line):
    import re
    m = re.search(r"\(\s*([\d.]+),\s*([\d.]+),\s*([\d.]+)", histogram_line)
    count = re.match(r"\s*(\d+):", histogram_line)
    if not m or not count:
        return False
    r, g, b = (float(v) for v in m.groups())
    return g > r + 30 and g > b + 10 and int(count.group(1)) > 2000


def test_finished_page_after_the_last_card(tmp_path, artifacts):
    deck = tmp_path / "deck"  # apart from the artifacts: a screenshot there would be a new card
    deck.mkdir()
    with Review(photo_deck(deck, 3)) as s:
        s.key("l", "d", "s")
        tree = s.wait_for(lambda: (lambda t: t if finished(t) else None)(s.atspi_tree()), "the finished page")
        assert top_card(tree) is None, "no card left on the finished page"
        assert s.decision_list() == ["like", "delete", "skip"]
        assert find_nodes(tree, contains="1 liked · 1 marked for deletion · 1 skipped")
        for name in ["Apply Deletions…", "Export Likes…", "Review Again"]:
            assert find_nodes(tree, role="push button", name=name)
        s.screenshot(artifacts / "finished.png")
        s.key("u")
        s.wait_cursor(2, "undo from the finished page")
        assert s.decision_list() == ["like", "delete", None]
