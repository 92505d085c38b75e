"""Compare and the analysis line on real photos (Debian's opencv-doc): a
photo, its resized copy and a chat copy re-saved as WebP make one stack,
found by the window's analysis after the first card is on screen; a box
stays alone. Keyboard only, read through AT-SPI and a real Orca under a
window manager, decisions checked with `flick status --json`."""
import json
import re
import threading
import shutil
import subprocess

import pytest

from cli import Cli
from file_reads import FileReads
from harness import FlickSession, wait_until
from orca import Orca, said_text, starts
from test_suggestions_window import glib_size

DATA = "/usr/share/doc/opencv-doc/examples/data"
# How many times the window opens a photo that is not near the top card
# before its analysis starts (listing the folder, filling the store).
WINDOW_OPENS = 3


def tool(*args):
    subprocess.run([str(a) for a in args], check=True, capture_output=True, timeout=120)


def holder():
    """A FileReads action that holds the analysis at its open of a file
    until released: (held, release, hold)."""
    held = threading.Event()
    release = threading.Event()

    def hold():
        held.set()
        release.wait(90)
    return held, release, hold


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
    # Each side says its file's size as the card and the Apply list do (GLib's words: "179.9\u00a0kB").
    size = {p.name: glib_size(p.stat().st_size) for p in burst.iterdir()}
    with FlickSession([str(burst)], data_home=cli.data, window_manager=True, stacks=True) as session:
        window = session.wait_for_window()
        with Orca(session) as orca:
            # The first card read ("Clip 1 of 4: IMG_2001.jpg, …"; once the
            # stack is found, of fewer cards).
            orca.activate(window, timeout=10, until=lambda s: starts(s, "Clip 1 of "))
            # The analysis runs after the first card: C opens Compare once it found the stack.
            opened = []

            def compare_opens():
                said = orca.press("c", timeout=4, quiet=0.6, until=lambda s: starts(s, "Left: "))
                opened.extend(said)
                return starts(said, "Left: ")
            wait_until(compare_opens, 40, interval=0.5, what="C to open Compare on the stack")
            assert starts(opened, f"Left: IMG_2001.jpg, 512×512, {size['IMG_2001.jpg']}, chosen"), said_text(opened)
            sides = compare_buttons(session)
            assert sides == {f"Left: IMG_2001.jpg, 512×512, {size['IMG_2001.jpg']}, chosen": True,
                             f"Right: IMG_2001_small.jpg, 256×256, {size['IMG_2001_small.jpg']}": False}, sides

            # ] steps the other side through the rest of the stack; its new clip is said.
            said = orca.press("bracketright", timeout=6, quiet=0.6, until=lambda s: starts(s, "Right: IMG_2001_zchat"))
            assert starts(said, f"Right: IMG_2001_zchat.webp, 512×512, {size['IMG_2001_zchat.webp']}"), said_text(said)
            # → chooses the right side: it takes the focus and is read as chosen.
            said = orca.press("Right", timeout=6, quiet=0.6, until=lambda s: starts(s, "Right: "))
            assert starts(said, f"Right: IMG_2001_zchat.webp, 512×512, {size['IMG_2001_zchat.webp']}, chosen push button"), said_text(said)
            said = orca.press("Left", timeout=6, quiet=0.6, until=lambda s: starts(s, "Left: "))
            assert starts(said, f"Left: IMG_2001.jpg, 512×512, {size['IMG_2001.jpg']}, chosen push button"), said_text(said)

            # Enter keeps the chosen one, marks the other; the next unmarked one comes in.
            said = orca.press("Return", timeout=6, quiet=0.6, until=lambda s: starts(s, "Kept "))
            # In K's words: one event, one sentence, for both ways of keeping.
            assert starts(said, "Kept IMG_2001.jpg, 1 similar marked for deletion. 2 left."), said_text(said)
            sides = compare_buttons(session)
            assert sides == {f"Left: IMG_2001.jpg, 512×512, {size['IMG_2001.jpg']}, liked, chosen": True,
                             f"Right: IMG_2001_small.jpg, 256×256, {size['IMG_2001_small.jpg']}": False}, sides
            decisions = cli.decisions(burst)
            assert decisions == {"IMG_2001.jpg": "like", "IMG_2001_small.jpg": None, "IMG_2001_zchat.webp": "delete",
                                 "shelf_box.png": None}, decisions

            # Tab reaches the other picture, named.
            said = orca.press("Tab", timeout=6, quiet=0.6, until=lambda s: starts(s, "Right: "))
            assert starts(said, f"Right: IMG_2001_small.jpg, 256×256, {size['IMG_2001_small.jpg']}, chosen"), said_text(said)
            # The last one: Compare closes, and the main window says what happened, once.
            orca.press("Left", timeout=6, quiet=0.6, until=lambda s: starts(s, "Left: "))
            said = orca.press("Return", timeout=10, quiet=1.0, until=lambda s: starts(s, "Kept IMG_2001.jpg"))
            assert starts(said, "Kept IMG_2001.jpg, 1 similar marked for deletion. 1 left."), said_text(said)
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


def status_lines(session):
    """The texts of the analysis line (an AT-SPI status) in the main window."""
    return [n["name"] for n in session.atspi_find("status bar", windows="frame") if n["name"] not in ("", "GtkLabel")]


def test_the_analysis_line_shows_progress_and_stop_stops_it(burst, tmp_path):
    """The analysis is held at its open of the deck's last photo (fanotify:
    no sleeps), so the line is caught under way: it says how far it is, a
    screen reader hears that looking started once, and Stop (pressed as a
    screen reader would) ends it, said once, with what was found kept."""
    for name in ["fruits.jpg", "home.jpg", "building.jpg", "butterfly.jpg", "messi5.jpg", "orange.jpg"]:
        shutil.copy(f"{DATA}/{name}", burst / f"scene_{name}")
    shutil.copy(f"{DATA}/apple.jpg", burst / "zz_last.jpg")
    total = len(list(burst.iterdir()))
    cli = Cli(tmp_path)
    held, release, hold = holder()

    # The window's own opens of the file while it lists the folder and
    # fills the store come first (three); the analysis's opens follow.
    with FileReads(burst / "zz_last.jpg", at=WINDOW_OPENS + 1, action=hold, opens_only=True) as reads, \
            FlickSession([str(burst)], data_home=cli.data, window_manager=True, launch=False, stacks=True,
                         env={"FLICK_LOG": "debug"}) as session:
        try:
            # A screen reader already running when Flick opens the folder, as on a desktop.
            with Orca(session) as orca:
                session.launch_app()
                assert held.wait(60), "the analysis never opened the last photo"
                lines = wait_until(lambda: [t for t in status_lines(session) if t.startswith("Looking")] or None, 20,
                                   what="the analysis line")
                assert re.fullmatch(rf"Looking for similar photos… \d+ of {total}", lines[0]), lines
                said = orca.settle(0, quiet=0.5, timeout=15, until=lambda s: starts(s, "Looking for similar photos."))
                assert starts(said, "Looking for similar photos."), said_text(said) + "\n" + "\n".join(l for l in session.stderr().splitlines() if "announce" in l or "analysis" in l)
                mark = orca.mark()
                session.atspi_do("push button", "Stop")
                said = orca.settle(mark, quiet=1.0, timeout=10, until=lambda s: starts(s, "Stopped looking"))
                assert starts(said, "Stopped looking; what was found is kept."), said_text(said)
                wait_until(lambda: status_lines(session) == [], 10, what="the line to go")
                heard = orca.speech_since(0)
                assert len([u for u in heard if u.startswith("Looking for")]) == 1, "said at the start only: " + said_text(heard)
        finally:
            release.set()
    assert reads.acted.is_set()


def test_no_stacks_on_the_command_line_looks_without_stacking(burst, tmp_path):
    """`flick --no-stacks FOLDER`: the analysis still runs (suggestions),
    held here at a photo so its line is caught saying so, but it looks for
    no stacks: C then opens no Compare (the S after it skips the top card,
    which a Compare dialog would have taken), while `flick status` still
    finds the stack (the Preference is left as it is)."""
    for name in ["fruits.jpg", "home.jpg"]:
        shutil.copy(f"{DATA}/{name}", burst / f"scene_{name}")
    shutil.copy(f"{DATA}/apple.jpg", burst / "zz_last.jpg")
    cli = Cli(tmp_path)
    held, release, hold = holder()

    with FileReads(burst / "zz_last.jpg", at=WINDOW_OPENS + 1, action=hold, opens_only=True), \
            FlickSession(["--no-stacks", str(burst)], data_home=cli.data, stacks=True) as session:
        try:
            session.wait_for_window()
            assert held.wait(60), "the analysis never opened the last photo"
            lines = wait_until(lambda: [t for t in status_lines(session) if t.startswith("Looking")] or None, 20,
                               what="the analysis line")
            assert re.fullmatch(r"Looking through the folder… \d+ of 7", lines[0]), lines
        finally:
            release.set()
        wait_until(lambda: status_lines(session) == [], 20, what="the analysis to end")
        session.key("c", "s")
        wait_until(lambda: cli.decisions(burst)["IMG_2001.jpg"] == "skip", 10, what="S to skip the top card")
        assert session.atspi_find("push button", windows="dialog") == []
    status = cli.status(burst)
    assert status["stacks"] == {"copy": 0, "live": 0, "similar": 1}, status["stacks"]


def test_the_preference_turns_stacks_off_and_on_for_the_open_folder(burst, tmp_path):
    """Preferences → "Group similar photos and clips", by keyboard: off,
    every file is alone at once (C opens nothing: the S after it skips the
    top card); on again, the folder is looked at again and C compares."""
    cli = Cli(tmp_path)
    with FlickSession([str(burst)], data_home=cli.data, stacks=True) as session:
        session.wait_for_window()
        wait_until(lambda: session.key("c") or compare_buttons(session), 40, interval=0.5, what="C to open Compare")
        session.key("Escape")
        wait_until(lambda: not compare_buttons(session), 10, what="Compare to close")

        def switch():
            found = [n for n in session.atspi_find("check box", windows="dialog")
                     if n["name"].startswith("Group similar photos and clips")]
            return found[0] if found else None

        def toggle_group_similar():
            session.key("ctrl+comma")
            wait_until(switch, 10, what="the Preferences window")
            # The switch is the seventh control (two sliders, four switches before it).
            session.key(*["Tab"] * 6)
            for _ in range(12):
                if switch()["focused"]:
                    break
                session.key("Tab")
            assert switch()["focused"], "Tab never reached the switch"
            before = switch()["checked"]
            session.key("space")
            wait_until(lambda: switch()["checked"] != before, 5, what="the switch to change")
            session.key("Escape")
            wait_until(lambda: switch() is None, 10, what="Preferences to close")
            return not before

        assert toggle_group_similar() is False
        session.key("c", "s")
        wait_until(lambda: cli.decisions(burst)["IMG_2001.jpg"] == "skip", 10, what="S to skip the top card")
        assert not compare_buttons(session)
        session.key("u")
        wait_until(lambda: cli.decisions(burst)["IMG_2001.jpg"] is None, 10, what="U to take the skip back")

        assert toggle_group_similar() is True
        wait_until(lambda: session.key("c") or compare_buttons(session), 40, interval=0.5,
                   what="C to open Compare once the folder was looked at again")
