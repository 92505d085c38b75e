"""Touchpad input through a real Wayland input path (sway headless and a
virtual pointer, see wayland.py), checked as a user observes them: the top
card's accessible name, the decisions in the store (`flick status --json`)
and screenshots.

A pointer drag through the same virtual pointer proves the path reaches
Flick's gestures; two-finger swipes reach the stage's scroll controller,
which feeds FlickCore's ScrollDrag like a drag.
"""
import shutil
import time

import pytest

from harness import ROOT, pixels_changed
from wayland import wayland_session

SAMPLES = ROOT / "data" / "samples"


@pytest.fixture
def deck(tmp_path):
    """Four still photos: nothing moves on screen unless a card does."""
    folder = tmp_path / "deck"
    folder.mkdir()
    for i in range(4):
        shutil.copy(SAMPLES / "scoreboard.png", folder / f"card_{i}.png")
    return folder


def card_crop(s):
    """The stage around the top card (WxH+X+Y), for screenshot comparisons."""
    x, y = s.centre
    return f"600x560+{int(x) - 300}+{int(y) - 300}"


def test_pointer_drag_right_likes_the_top_card(deck):
    with wayland_session(deck) as s:
        s.drag(400, 0, duration=0.3)
        s.wait_cursor(1, "a like from the pointer drag")
        assert s.decision_list() == ["like", None, None, None]


def test_two_finger_swipe_right_likes_the_top_card(deck):
    with wayland_session(deck) as s:
        s.swipe(400, 0, duration=0.25)
        s.wait_cursor(1, "a like from the two-finger swipe", timeout=5)
        assert s.decision_list() == ["like", None, None, None]


def test_short_two_finger_swipe_moves_the_card_then_springs_back(deck, artifacts):
    with wayland_session(deck) as s:
        # At rest once the window holds still: the analysis line under the
        # header bar ("Looking through the folder… 3 of 4") goes when its
        # work ends and the stage, and the card with it, grows into its room.
        rest = s.still_screenshot(artifacts / "touchpad-rest.png")
        # 60 px slowly (well under the threshold), fingers still down.
        s.swipe(60, 0, duration=0.5, lift=False)
        crop = card_crop(s)
        held = artifacts / "touchpad-held.png"
        s.wait_for(lambda: pixels_changed(rest, s.screenshot(held), crop) > 2_000,
                   "the card following the fingers while they move")
        s.lift()
        after = artifacts / "touchpad-after.png"
        # The spring settles by the clock in under a second; each look is a
        # screenshot of the whole output and a compare, and the compositor
        # and Flick draw late on a loaded machine: back at rest took 0.6-0.9 s
        # here, 1.8-2.3 s with two CPU hogs beside it, so 5 s left a busier
        # machine two or three looks.
        s.wait_for(lambda: pixels_changed(rest, s.screenshot(after), crop) < 200,
                   "the card back at rest (the snap-back spring settled)", timeout=15)
        assert s.cursor() == 0 and not any(s.decisions().values()), "a short swipe decides nothing"


def test_mouse_wheel_never_decides(deck):
    with wayland_session(deck) as s:
        assert s.cursor() == 0
        for clicks in ((-3, 0), (3, 0), (0, 3), (0, -3)) * 3:
            s.pointer.wheel(*clicks)
            time.sleep(0.03)  # wheel clicks spaced like a hand's
        time.sleep(1.0)  # the test's intent: a second after the wheel, still nothing decided
        assert s.top_name() == "Clip 1 of 4: card_0.png, photo"
        assert not any(s.decisions().values())
        # The same window does take a decision: the check above could fail.
        s.swipe(400, 0, duration=0.25)
        s.wait_cursor(1, "a swipe after the wheel")
