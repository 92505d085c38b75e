"""Flick's windows and dialogs read by a real Orca (43, Debian 12) under a
real window manager (openbox), as on a desktop: a new window takes the
focus, and Orca must follow it. One Flick and one Orca for the whole walk
(Orca sessions are slow to start): Apply from the menu, the Keyboard
Shortcuts window, Preferences (after Apply: it changes a setting), Export,
then Open Folder by keyboard, reopening the same folder."""
import re
import shutil

import pytest

from cli import Cli
from harness import ROOT, FlickSession
from orca import Orca, said_text, starts

SAMPLES = ROOT / "data" / "samples"


def matches(said, pattern):
    return any(re.fullmatch(pattern, u) for u in said)


def internal_names(said):
    return [u for u in said if "Gtk" in u]


@pytest.fixture
def marked(tmp_path):
    """Four clips, the first two marked for deletion and the third liked beforehand."""
    folder = tmp_path / "deck"
    folder.mkdir()
    for name in ["beach_rally_01.mp4", "beach_rally_02.mp4", "scoreboard.png"]:
        shutil.copy(SAMPLES / name, folder / name)
    shutil.copy(SAMPLES / "scoreboard.png", folder / "zz_last.png")
    cli = Cli(tmp_path)
    cli.drive(folder, "delete", "delete", "like")
    return folder, cli


def press(orca, key, text, timeout=8):
    """Presses `key`; what Orca said, once something starts with `text`."""
    return orca.press(key, timeout=timeout, quiet=0.6, until=lambda s: starts(s, text))


def back_in_the_window(orca):
    """Escape closes a dialog or window; what Orca says once the focus is
    back in the main window: its name ("Flick frame."), or the widget the
    focus returns to (the Main Menu button the dialog was opened from, or
    the card)."""
    return orca.press("Escape", timeout=8, quiet=0.6,
                      until=lambda s: any(u.startswith(("Flick", "Main Menu", "Clip 4 of 4")) for u in s))


def tab_to(orca, text, tries=10):
    heard = []
    for _ in range(tries):
        said = orca.press("Tab", timeout=4, quiet=0.4, until=lambda s: any("Tab" != u for u in s[1:]))
        heard += said
        if starts(said, text):
            return heard
    raise AssertionError(f"Tab never reached {text!r}: {said_text(heard)}")


def test_dialogs_and_windows_are_read_under_a_window_manager(marked):
    folder, cli = marked
    with FlickSession([str(folder)], data_home=cli.data, window_manager=True) as session:
        window = session.wait_for_window()
        with Orca(session) as orca:
            said = orca.activate(window, timeout=10, until=lambda s: starts(s, "Clip 4 of 4"))
            assert starts(said, "Clip 4 of 4"), said_text(said)
            heard = list(said)

            # Apply Deletions from the main menu: focus goes into the dialog,
            # onto the first file, and the summary is read.
            said = press(orca, "F10", "Apply Deletions")
            heard += said
            assert starts(said, "Apply Deletions"), said_text(said)
            said = press(orca, "Return", "2 files will")
            heard += said
            assert starts(said, "Move 2 Clips to the Trash?"), said_text(said)
            assert starts(said, "beach_rally_01.mp4 check box checked"), "focus on the first file: " + said_text(said)
            assert matches(said, r"2 files will be moved to the Trash, freeing [\d.]+\s?kB\."), said_text(said)
            # Unticking it says its new state and the new total.
            said = press(orca, "space", "1 file will")
            heard += said
            assert starts(said, "not checked"), said_text(said)
            assert matches(said, r"1 file will be moved to the Trash, freeing [\d.]+\s?kB\."), said_text(said)
            heard += back_in_the_window(orca)

            # The Keyboard Shortcuts window: named, and Tab reads each shortcut.
            said = press(orca, "ctrl+question", "Like: keep the clip")
            heard += said
            assert starts(said, "Keyboard Shortcuts dialog"), said_text(said)
            assert starts(said, "Like: keep the clip: L or Right"), said_text(said)
            said = press(orca, "Tab", "Delete: mark the clip")
            heard += said
            assert starts(said, "Delete: mark the clip for deletion: D or Left or Delete"), said_text(said)
            heard += back_in_the_window(orca)

            # Preferences: the first control is read, Tab reads each one
            # with its words, Space says the new state.
            said = press(orca, "ctrl+comma", "Swipe distance")
            heard += said
            assert starts(said, "Preferences dialog"), said_text(said)
            assert starts(said, "Swipe distance: How far to drag a card before it decides horizontal slider"), said_text(said)
            said = tab_to(orca, "Confirm before applying check box checked")
            heard += said
            said = press(orca, "space", "not checked")
            heard += said
            assert starts(said, "not checked"), said_text(said)
            heard += back_in_the_window(orca)

            # Export: the dialog's explanation (its body) is read after its button.
            heard += press(orca, "F10", "Apply Deletions")
            heard += press(orca, "Down", "Export Likes")
            said = press(orca, "Return", "Save them as a playlist")
            heard += said
            assert starts(said, "Export 1 Liked Photo dialog"), said_text(said)
            assert any("XMP Ratings rates every decided clip" in u for u in said), said_text(said)
            heard += back_in_the_window(orca)

            # Open Folder by keyboard: the chooser is heard, Ctrl+L gives a
            # named location entry, and after Return the card, then the
            # welcome back (the folder has decisions).
            said = press(orca, "ctrl+o", "Files")
            heard += said
            assert starts(said, "Files"), said_text(said)
            said = press(orca, "ctrl+l", "Location text")
            heard += said
            session.xdotool("type", "--delay", "20", str(folder) + "/")
            said = orca.press("Return", timeout=15, quiet=0.6, until=lambda s: starts(s, "Welcome back"))
            heard += said
            assert starts(said, "Clip 4 of 4"), said_text(said)
            assert starts(said, "Welcome back: 3 of 4 already decided."), said_text(said)
            assert internal_names(heard) == [], said_text(heard)


def test_the_start_page_reads_its_heading_with_the_first_focus_on_its_button(tmp_path):
    with FlickSession([], data_home=tmp_path / "data", window_manager=True) as session:
        window = session.wait_for_window()
        with Orca(session) as orca:
            said = orca.activate(window, timeout=10, until=lambda s: starts(s, "Review a Folder of Clips"))
            # The page's own button ("Open Folder…"), not the header bar's "Open Folder".
            assert starts(said, "Open Folder… push button"), said_text(said)
            assert starts(said, "Review a Folder of Clips. Open a folder of videos and photos"), said_text(said)
            assert internal_names(said) == [] and not any(u.startswith("Start panel") for u in said), said_text(said)
