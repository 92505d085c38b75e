#!/usr/bin/env python3
"""Retakes the README's and the metainfo's screenshots on real footage and
photos (Debian's opencv-doc samples, README.md here), with Flick under Xvfb
through the GUI tests' harness: the window only, in the default style unless
the shot is about styles.

    FLICK_BIN=.build/debug/flick /usr/bin/python3 data/screenshots/take-screenshots.py

Needs opencv-doc, xvfb, xdotool, imagemagick and the harness's AT-SPI
packages (bash meson-helpers/dev.sh test installs them).
"""
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "Tests" / "gui"))

import harness  # noqa: E402
from test_app import Settled  # noqa: E402
from test_overview import open_overview  # noqa: E402
from test_stage import STYLES  # noqa: E402

OPENCV_DATA = Path("/usr/share/doc/opencv-doc/examples/data")
# The deck, in Flick's (natural name) order: name in the deck ← opencv-doc file.
DECK = {
    "campus_walk.avi": "vtest.avi",
    "citrus.jpg": "fruits.jpg",
    "garden_tree.avi": "tree.avi",
    "hotel.jpg": "building.jpg",
    "lime_butterfly.jpg": "butterfly.jpg",
    "mandrill.jpg": "baboon.jpg",
    "orange.jpg": "orange.jpg",
    "palace.jpg": "home.jpg",
    "red_apple.jpg": "apple.jpg",
    "town_from_the_air.jpg": "aero3.jpg",
}
# The folder the header names: where a user would keep such a folder.
FOLDER = Path.home() / "Videos" / "Spring Walk"
STORE = (1000, 700)      # the metainfo's screenshots: at most 1000×700
DEFAULT = (900, 760)     # Flick's default window (README: "at its default size")
MAXIMIZED = (1920, 1040)  # a 1920×1080 screen less GNOME's top bar
MAXIMIZED_SCREEN = (1920, 1080)
# How far right a held drag goes: past the like threshold, the card tilted.
DRAG_RIGHT_PX, DRAG_UP_PX = 260, 30


def shot(s, name):
    """The window alone, as import sees it."""
    path = HERE / name
    s.run("import", "-display", s.display, "-window", s.window_id(), str(path))
    print(path)
    return path


def session(size, **env):
    """Flick on the deck at `size` (a window with no window manager cannot
    be maximized: the maximized shot is a window of the maximized size)."""
    width, height = size
    settings = {"window_width": width, "window_height": height, "start_muted": "true"}
    return Settled(FOLDER, settings=settings, env=env)


def held_drag(s, name):
    """The top card held mid-drag to the right, photographed, let go back
    where it started (so nothing is decided)."""
    x, y, w, h = s.top_card_extents()
    cx, cy = x + w // 2, y + h // 2
    s.xdotool("mousemove", cx, cy, "sleep", 0.1, "mousedown", 1, "sleep", 0.1)
    for i in range(1, 13):
        s.xdotool("mousemove", cx + DRAG_RIGHT_PX * i // 12, cy - DRAG_UP_PX * i // 12, "sleep", 0.03)
    time.sleep(0.6)
    path = shot(s, name)
    for i in range(11, -1, -1):
        s.xdotool("mousemove", cx + DRAG_RIGHT_PX * i // 12, cy - DRAG_UP_PX * i // 12, "sleep", 0.03)
    s.xdotool("mouseup", 1)
    return path


def top_card_extents(s):
    card = [b for b in s.atspi_find("push button", windows="frame") if b["name"].startswith("Clip ")][0]
    x, y, w, h = card["extents"]
    return x, y, w, h


Settled.top_card_extents = top_card_extents


def playing(s):
    s.wait_playing("the street clip playing", timeout=30)
    time.sleep(1.0)


def main():
    missing = [src for src in DECK.values() if not (OPENCV_DATA / src).exists()]
    if missing:
        sys.exit(f"{OPENCV_DATA} lacks {', '.join(missing)}: apt-get install opencv-doc")
    # The outermost folder this run makes, removed at the end.
    made = next((p for p in reversed([FOLDER, *FOLDER.parents]) if not p.exists()), None)
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, src in DECK.items():
        shutil.copy(OPENCV_DATA / src, FOLDER / name)
    try:
        with session(STORE) as s:
            playing(s)
            shot(s, "flick-review.png")
            held_drag(s, "flick-mid-drag.png")
            for key in ["l", "l", "s", "d", "l", "d"]:
                s.key(key)
                time.sleep(0.8)
            open_overview(s)
            s.xdotool("mousemove", 5, STORE[1] - 5)
            time.sleep(2.0)
            shot(s, "flick-overview.png")
            main_window = s.window_id()
            s.atspi_do("push button", "Apply Deletions…")

            def dialog():
                found = s.run("xdotool", "search", "--onlyvisible", "--pid", str(s.flick.pid), check=False).split()
                return next((w for w in found if w != main_window), None)
            dialog_window = harness.wait_until(dialog, 10, what="the Apply Deletions dialog")
            time.sleep(1.5)
            s.run("import", "-display", s.display, "-window", dialog_window, str(HERE / "flick-apply.png"))
            print(HERE / "flick-apply.png")
        with session(DEFAULT) as s:
            playing(s)
            shot(s, "flick-stage.png")
        harness.SCREEN = MAXIMIZED_SCREEN
        with session(MAXIMIZED) as s:
            playing(s)
            shot(s, "flick-stage-maximized.png")
        harness.SCREEN = (1280, 900)
        styles = []
        for style, env in STYLES.items():
            with session(DEFAULT, **env) as s:
                playing(s)
                styles.append(held_drag(s, f"style-{style}.png"))
        subprocess.run(["montage", *map(str, styles), "-tile", "2x", "-geometry", "450x380+0+0", "-depth", "8",
                        str(HERE / "flick-styles.png")], check=True)
        for path in styles:
            path.unlink()
    finally:
        for name in DECK:
            (FOLDER / name).unlink(missing_ok=True)
        if made:
            shutil.rmtree(made, ignore_errors=True)
    for name in ["flick-review.png", "flick-mid-drag.png", "flick-overview.png", "flick-apply.png",
                 "flick-stage.png", "flick-stage-maximized.png", "flick-styles.png"]:
        if shutil.which("optipng"):
            subprocess.run(["optipng", "-quiet", str(HERE / name)], check=False)


if __name__ == "__main__":
    main()
