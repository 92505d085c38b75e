"""The review page's buttons and the overview read by a real Orca (43,
Debian 12) under a real window manager (openbox), in one session: Tab
through the player bar and the action bar reads each button's hint once on
its first focus (GTK 4.8 sent it twice) and once on a later one, and G into
the overview names no container ("Overview panel")."""
import shutil

import pytest

from harness import ROOT, FlickSession
from orca import Orca, said_text, starts

SAMPLES = ROOT / "data" / "samples"
# The hints (tooltips) of the buttons Tab passes, as FlickAction words them.
HINTS = ["Play or pause", "Mute or unmute", "Fullscreen on or off", "Previous: back one card",
         "Delete: mark the clip for deletion", "Skip: decide later", "Undo the last decision",
         "Like: keep the clip"]


@pytest.fixture
def deck(tmp_path):
    """A photo, a clip, a photo: after skipping the first, every bar button is there."""
    sources = {"a_score.png": "scoreboard.png", "b_rally.mp4": "beach_rally_01.mp4", "c_score.png": "scoreboard.png"}
    (tmp_path / "deck").mkdir()
    for name, source in sources.items():
        shutil.copy(SAMPLES / source, tmp_path / "deck" / name)
    return tmp_path / "deck"


def test_bar_hints_once_and_the_overview_names_no_container(deck, tmp_path):
    with FlickSession([str(deck)], data_home=tmp_path / "data", window_manager=True) as session:
        window = session.wait_for_window()
        with Orca(session) as orca:
            heard = orca.activate(window, timeout=10, until=lambda s: starts(s, "Clip 1 of 3"))
            assert starts(heard, "Clip 1 of 3: a_score.png"), said_text(heard)
            heard += orca.press("s", timeout=6, quiet=0.6, until=lambda s: starts(s, "Clip 2 of 3: b_rally.mp4"))
            heard += orca.press("space", timeout=4, quiet=0.6, until=lambda s: starts(s, "Paused"))
            # Tab from the card through the player bar to the action bar's Like.
            for _ in range(14):
                said = orca.press("Tab", timeout=4, quiet=0.9, until=lambda s: len(s) > 1)
                heard += said
                if starts(said, "Like"):
                    break
            heard += orca.settle(quiet=1.0, timeout=3)
            print(said_text(heard))
            for hint in HINTS:
                assert sum(u.startswith(hint) for u in heard) == 1, f"{hint}: {said_text(heard)}"
            # Back on a button read before: its hint once, with it.
            said = orca.press("shift+Tab", timeout=4, quiet=0.9, until=lambda s: starts(s, "Undo"))
            heard += said
            assert [u for u in said if u.startswith("Undo")] == ["Undo push button.", "Undo the last decision (U or Ctrl+Z)"], \
                said_text(said)
            # Into the overview: the tile and the summary, no container's name.
            said = orca.press("g", timeout=6, quiet=0.8, until=lambda s: starts(s, "Overview,"))
            heard += said
            print(said_text(said))
            assert starts(said, "Overview, 3 items"), said_text(said)
            assert not [u for u in said if "panel" in u], said_text(said)
            assert "Gtk" not in said_text(heard), said_text(heard)


def test_a_flick_started_while_orca_runs_reads_its_first_card(tmp_path):
    """Orca first, then Flick, as when a blind user opens it from a
    desktop: the first card is read without a key (GTK 4.8 sends the first
    focus before the registry has embedded the app, and Orca drops it)."""
    deck = tmp_path / "deck"
    deck.mkdir()
    for name in ["a.png", "b.png"]:
        shutil.copy(SAMPLES / "scoreboard.png", deck / name)
    with FlickSession([str(deck)], data_home=tmp_path / "data", window_manager=True, launch=False) as session:
        with Orca(session) as orca:
            mark = orca.mark()
            session.launch_app()
            said = orca.settle(mark, quiet=1.0, timeout=15, until=lambda s: starts(s, "Clip 1 of 2"))
            assert [u for u in said if u.startswith("Clip 1 of 2")] == ["Clip 1 of 2: a.png, photo push button."], said_text(said)
