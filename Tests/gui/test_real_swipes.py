"""Swipes shaped like real people's, replayed as real pointer events with
their own timing (sway's virtual pointer, see wayland.py) into a phone-sized
window (360×640) and a desktop one (1280×800), checked as a user sees them:
the card decided, the status line and `flick status --json`.

The strokes reproduce ways real flicks used to spring back (measured with
`flick-bench gestures` on the Touchalytics study's swipes, which stay out of
the repository): a thumb's arc that ends 30 % of the card's width high,
and a slow short flick on a phone's card. A hesitant drag that comes back
must still spring back. Positions are in card widths, so a stroke covers
the same share of the card in both windows, as the benchmark scales them.
"""
import math
import shutil
import time

import pytest

from harness import ROOT
from observe import top_card
from wayland import wayland_session

SAMPLES = ROOT / "data" / "samples"
WINDOWS = {"phone": (360, 640), "desktop": (1280, 800)}


def along(duration, every, lift, path):
    """Events every `every` ms along `path(s)` (s from 0 to 1, positions in
    card widths) for `duration` ms, then the lift `lift` ms after the last."""
    count = round(duration / every)
    events = [(i * every, *path(i / count)) for i in range(1, count + 1)]
    return events + [(events[-1][0] + lift, *events[-1][1:])]


# A thumb's arc right: 45 % of the width sideways, ending 30 % high (34°).
# Upward: on the first card a downward drift is rubber-banded (there is no
# previous card), which hides it from the rules.
ARC = along(160, 16, 16, lambda s: (0.45 * s, -0.30 * s * s))
# A slow short flick left: 30 % of the width at 2 widths/s (650 px/s on a phone's card).
SLOW_SHORT = along(144, 16, 16, lambda s: (-0.30 * s, 0.02 * s))
# A hesitant drag right to 30 % of the width that comes back to 10 %, slowly.
COMES_BACK = along(600, 16, 16, lambda s: (0.3 * math.sin(s * math.pi) + 0.1 * s, 0.0))


@pytest.fixture
def deck(tmp_path):
    """Four still photos (3:2): nothing moves on screen unless a card does."""
    folder = tmp_path / "deck"
    folder.mkdir()
    for i in range(4):
        shutil.copy(SAMPLES / "team_photo.jpg", folder / f"card_{i}.jpg")
    return folder


def top_card_box(s):
    """The top card's centre and width on the output (AT-SPI extents are
    the window's own coordinates; sway places the window at its origin),
    read once the analysis line can no longer move and resize the card."""
    s.settled()
    card = s.wait_for(lambda: top_card(s.atspi_tree()), "the top card on the accessibility bus")
    x, y, w, h = card["extents"]
    wx, wy, _, _ = s.window
    return (wx + x + w / 2, wy + y + h / 2), w


def replay(s, events):
    """Presses at the top card's centre, moves through `events` (ms after the
    press; x, y in card widths) at their times, and releases at the last."""
    (cx, cy), width = top_card_box(s)
    pointer = s.pointer
    pointer.move_to(cx, cy)
    time.sleep(0.1)
    pressed_at = pointer.now()
    pointer.button(True, at=pressed_at)
    start = time.monotonic()
    for i, (ms, x, y) in enumerate(events):
        # Each event carries the stroke's own time, so a busy machine that
        # sends it late changes nothing Flick measures.
        delay = start + ms / 1000 - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        if i == len(events) - 1:
            pointer.button(False, at=pressed_at + ms)
        else:
            pointer.move_to(cx + x * width, cy + y * width, at=pressed_at + ms)
    time.sleep(0.1)


@pytest.mark.parametrize("window", WINDOWS)
def test_real_swipe_shapes_decide_as_meant(deck, artifacts, window):
    with wayland_session(deck, output=WINDOWS[window]) as s:
        replay(s, COMES_BACK)
        time.sleep(0.8)  # the test's intent: well after the spring back, still nothing decided
        assert s.cursor() == 0, "a drag that came back decided nothing"
        assert s.decision_list() == [None, None, None, None]

        replay(s, ARC)
        s.wait_cursor(1, "the arc's like")
        assert s.status() == "Liked card_0.jpg. 3 left."

        replay(s, SLOW_SHORT)
        s.wait_cursor(2, "the slow short flick's delete")
        assert s.status() == "Marked card_1.jpg for deletion. 2 left."
        assert s.decision_list() == ["like", "delete", None, None]
        s.screenshot(artifacts / f"real-swipes-{window}.png")


@pytest.mark.parametrize("window", ["phone"])
def test_the_status_line_says_what_letting_go_would_do(deck, window):
    """Held past the distance, the line says the like; brought back, that
    the card goes back; let go there, nothing is decided and the line says
    what it said before."""
    with wayland_session(deck, output=WINDOWS[window]) as s:
        before = s.status()
        (cx, cy), width = top_card_box(s)
        pointer = s.pointer
        pointer.move_to(cx, cy)
        time.sleep(0.1)
        pointer.button(True)
        for i in range(1, 11):
            pointer.move_to(cx + 0.05 * i * width, cy)
            time.sleep(0.03)
        s.wait_for(lambda: s.status() == "Release to like", "the like said while held past the distance")
        for i in range(9, 0, -1):
            pointer.move_to(cx + 0.05 * i * width, cy)
            time.sleep(0.03)
        s.wait_for(lambda: s.status() == "Release to put the card back", "the card going back said")
        pointer.button(False)
        s.wait_for(lambda: s.status() == before, "the line as it was once the card is let go")
        assert s.cursor() == 0
        assert s.decision_list() == [None, None, None, None]
