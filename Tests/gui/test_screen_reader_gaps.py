"""What the screen shows about a card and the overview, Orca says, under a
real window manager and a real Orca (43, Debian 12), in one session: a cut
photo says so when its card comes on top and on Where Am I; a seek says
where the clip landed; the overview's active filter reads as pressed, and
its change is spoken; a button's hint is read once on its first focus."""
import shutil

import pytest

from harness import ROOT, FlickSession
from orca import Orca, said_text, starts

SAMPLES = ROOT / "data" / "samples"
PHOTO = "/usr/share/doc/opencv-doc/examples/data/apple.jpg"
CUT = "Only part of this photo could be read"


def press(orca, key, text, timeout=6):
    return orca.press(key, timeout=timeout, quiet=0.6, until=lambda s: any(text in u for u in s))


@pytest.fixture
def deck(tmp_path):
    """A photo cut to half its bytes (no end-of-image marker), a 6 s clip, a photo."""
    folder = tmp_path / "deck"
    folder.mkdir()
    whole = open(PHOTO, "rb").read()
    (folder / "a_cut.jpg").write_bytes(whole[: len(whole) // 2])
    shutil.copy(SAMPLES / "slow_motion_block.mp4", folder / "b_slow.mp4")
    shutil.copy(SAMPLES / "scoreboard.png", folder / "c_score.png")
    return folder


def test_damage_seek_landing_and_the_pressed_filter_are_spoken(deck, tmp_path):
    with FlickSession([str(deck)], data_home=tmp_path / "data", window_manager=True) as session:
        window = session.wait_for_window()
        with Orca(session) as orca:
            said = orca.activate(window, timeout=10, until=lambda s: any(CUT in u for u in s))
            heard = list(said)
            # The cut photo's card says its damage as it comes on top.
            assert any(u.startswith("Clip 1 of 3: a_cut.jpg") and CUT in u for u in said), said_text(said)
            # Where Am I (the desktop layout's KP_Enter) says it again.
            # (Under xdotool, Orca 43 runs a Where Am I when the next key
            # comes: it waits to see whether a second press makes it a
            # detailed one; both read the card's name.)
            said = orca.press("KP_Enter", timeout=1.5, quiet=0.6)
            said += press(orca, "KP_Enter", "Clip 1 of 3")
            heard += said
            assert any(u.startswith("Clip 1 of 3: a_cut.jpg") and CUT in u for u in said), said_text(said)

            # A seek says where the clip landed, once.
            heard += press(orca, "s", "Clip 2 of 3: b_slow.mp4")
            heard += press(orca, "space", "Paused.")
            heard += press(orca, "Home", "Back to the start: 0:00")
            said = press(orca, "shift+Right", "Forward 5 seconds")
            heard += said
            forward = [u for u in said if u.startswith("Forward 5 seconds")]
            assert forward == ["Forward 5 seconds: 0:05 of 0:06."], said_text(said)

            # The overview's active filter reads as pressed, and a new one
            # says it is pressed now.
            heard += orca.press("g", timeout=6, quiet=0.6, until=lambda s: starts(s, "Overview,"))
            for _ in range(8):
                # Each filter passed on the way is heard once its hint is
                # said (its words start "Show"), then a second of quiet, in
                # which a hint said twice would be heard again.
                said = orca.press("shift+Tab", timeout=3, quiet=1.0,
                                  until=lambda s: starts(s, "All (3)") or starts(s, "Show "))
                heard += said
                if starts(said, "All (3)"):
                    break
            assert "All (3)" in said and said[said.index("All (3)") + 1].startswith("selected radio button"), said_text(said)
            said = orca.press("Right", timeout=3, quiet=0.6, until=lambda s: starts(s, "Undecided (2)"))
            heard += said
            assert "Undecided (2)" in said and said[said.index("Undecided (2)") + 1].startswith("not selected radio button"), said_text(said)
            said = press(orca, "space", "Showing 2 undecided items")
            heard += said
            assert [u for u in said if u.startswith("selected")] == ["selected"], said_text(said)
            heard += orca.settle(quiet=1.0, timeout=3)
            # A hint (the tooltip) is read once on a button's first focus:
            # Skipped was passed once on the way to All.
            assert sum(u.startswith("Show only these clips: Skipped") for u in heard) == 1, said_text(heard)
            assert "Gtk" not in said_text(heard), said_text(heard)
