"""Compare and the analysis line on real photos (Debian's opencv-doc): a
photo, its resized copy and a chat copy re-saved as WebP make one stack,
found by the window's analysis after the first card is on screen; a box
stays alone. Keyboard only, read through AT-SPI and a real Orca under a
window manager, decisions checked with `flick status --json`."""
import json
import shutil
import subprocess

import pytest

from cli import Cli
from file_reads import FileReads
from harness import FlickSession, wait_until
from orca import Orca

DATA = "/usr/share/doc/opencv-doc/examples/data"


def tool(*args):
    subprocess.run([str(a) for a in args], check=True, capture_output=True, timeout=120)


def said_text(said):
    return " | ".join(said)


def starts(said, text):
    return any(u.startswith(text) for u in said)


@pytest.fixture
def burst(tmp_path):
    """IMG_2001.jpg, a copy half its size and a chat copy (WebP): one stack; shelf_box.png alone."""
    folder = tmp_path / "phone"
    folder.mkdir()
    shutil.copy(f"{DATA}/baboon.jpg", folder / "IMG_2001.jpg")
    tool("ffmpeg", "-v", "error", "-y", "-i", f"{DATA}/baboon.jpg", "-vf", "scale=256:-2", "-q:v", "4",
         folder / "IMG_2001_small.jpg")
    tool("cwebp", "-quiet", "-q", "50", f"{DATA}/baboon.jpg", "-o", folder / "IMG_2001_zchat.webp")
    shutil.copy(f"{DATA}/box.png", folder / "shelf_box.png")
    return folder


def compare_buttons(session):
    """{name: focused} of the Compare dialog's sides (named "Left: …" / "Right: …")."""
    found = session.atspi_find("push button", windows="dialog")
    return {n["name"]: n["focused"] for n in found if n["name"].startswith(("Left: ", "Right: "))}


def test_compare_keeps_the_chosen_one_and_marks_the_other_by_keyboard(burst, tmp_path):
    cli = Cli(tmp_path)
    with FlickSession([str(burst)], data_home=cli.data, window_manager=True) as session:
        window = session.wait_for_window()
        with Orca(session) as orca:
            said = orca.activate(window, timeout=10, until=lambda s: starts(s, "Photo 1 of 4"))
            # The analysis runs after the first card: C opens Compare once it found the stack.
            opened = []

            def compare_opens():
                said = orca.press("c", timeout=4, quiet=0.6, until=lambda s: starts(s, "Left: "))
                opened.extend(said)
                return starts(said, "Left: ")
            wait_until(compare_opens, 40, interval=0.5, what="C to open Compare on the stack")
            assert starts(opened, "Left: IMG_2001.jpg, 512×512, 180 KB, chosen"), said_text(opened)
            sides = compare_buttons(session)
            assert sides == {"Left: IMG_2001.jpg, 512×512, 180 KB, chosen": True,
                             "Right: IMG_2001_small.jpg, 256×256, 24 KB": False}, sides

            # ] steps the other side through the rest of the stack; its new clip is said.
            said = orca.press("bracketright", timeout=6, quiet=0.6, until=lambda s: starts(s, "Right: IMG_2001_zchat"))
            assert starts(said, "Right: IMG_2001_zchat.webp, 512×512, 58 KB"), said_text(said)
            # → chooses the right side: it takes the focus and is read as chosen.
            said = orca.press("Right", timeout=6, quiet=0.6, until=lambda s: starts(s, "Right: "))
            assert starts(said, "Right: IMG_2001_zchat.webp, 512×512, 58 KB, chosen push button"), said_text(said)
            said = orca.press("Left", timeout=6, quiet=0.6, until=lambda s: starts(s, "Left: "))
            assert starts(said, "Left: IMG_2001.jpg, 512×512, 180 KB, chosen push button"), said_text(said)

            # Enter keeps the chosen one, marks the other; the next unmarked one comes in.
            said = orca.press("Return", timeout=6, quiet=0.6, until=lambda s: starts(s, "Kept "))
            assert starts(said, "Kept IMG_2001.jpg; IMG_2001_zchat.webp marked for deletion."), said_text(said)
            sides = compare_buttons(session)
            assert sides == {"Left: IMG_2001.jpg, 512×512, 180 KB, liked, chosen": True,
                             "Right: IMG_2001_small.jpg, 256×256, 24 KB": False}, sides
            decisions = cli.decisions(burst)
            assert decisions == {"IMG_2001.jpg": "like", "IMG_2001_small.jpg": None, "IMG_2001_zchat.webp": "delete",
                                 "shelf_box.png": None}, decisions

            # Tab reaches the other picture, named.
            said = orca.press("Tab", timeout=6, quiet=0.6, until=lambda s: starts(s, "Right: "))
            assert starts(said, "Right: IMG_2001_small.jpg, 256×256, 24 KB, chosen"), said_text(said)
            # The last one: Compare closes, and the main window says what happened, once.
            orca.press("Left", timeout=6, quiet=0.6, until=lambda s: starts(s, "Left: "))
            said = orca.press("Return", timeout=10, quiet=1.0, until=lambda s: starts(s, "Kept IMG_2001.jpg"))
            assert starts(said, "Kept IMG_2001.jpg; IMG_2001_small.jpg marked for deletion."), said_text(said)
            assert len([u for u in said if u.startswith("Kept ")]) == 1, said_text(said)
            assert session.atspi_find("push button", windows="dialog") == []
        decisions = cli.decisions(burst)
        assert decisions == {"IMG_2001.jpg": "like", "IMG_2001_small.jpg": "delete", "IMG_2001_zchat.webp": "delete",
                             "shelf_box.png": None}, decisions
        # One U takes the last keep back: one step, per file.
        session.key("u")
        wait_until(lambda: cli.decisions(burst)["IMG_2001_small.jpg"] is None, 10, what="U to undo the last keep")
        assert cli.decisions(burst) == {"IMG_2001.jpg": "like", "IMG_2001_small.jpg": None,
                                        "IMG_2001_zchat.webp": "delete", "shelf_box.png": None}
