"""A stack is one card in the review window, on real media: a burst of three
frames cut from a real clip (Debian's opencv-doc examples) with their
capture times, and an unrelated photo. Under a real window manager and a
real Orca (43, Debian 12): the card says "1 of 3 similar", → shows the next
shot on the card, K keeps it and marks the other two for deletion, each file
with its own decision in the store (`flick status --json`), and one Ctrl+Z
takes all of it back."""
import shutil
import subprocess

import pytest

from cli import Cli
from harness import FlickSession, find_nodes, wait_until
from orca import Orca, said_text

DATA = "/usr/share/doc/opencv-doc/examples/data"
BURST = [f"IMG_2001_BURST00{i}.jpg" for i in (1, 2, 3)]
ALONE = "zz_home.jpg"


def tool(*args):
    subprocess.run([str(a) for a in args], check=True, capture_output=True, timeout=120)


@pytest.fixture
def phone(tmp_path):
    """Three shots a quarter second apart from one real clip, and a photo of another scene."""
    folder = tmp_path / "phone"
    folder.mkdir()
    for name, at in zip(BURST, ["10.00", "10.25", "10.50"]):
        tool("ffmpeg", "-v", "error", "-y", "-ss", at, "-i", f"{DATA}/vtest.avi", "-frames:v", "1", "-q:v", "3", folder / name)
        tool("exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2024:05:01 12:00:10",
             f"-SubSecTimeOriginal={at.split('.')[1]}", folder / name)
    shutil.copy(f"{DATA}/home.jpg", folder / ALONE)
    return folder


def card_names(session):
    return [n["name"] for n in find_nodes(session.atspi_tree(), role="push button") if n["name"].startswith("Clip ")]


def test_a_burst_is_one_card_and_k_keeps_the_one_on_top(phone, tmp_path, artifacts):
    cli = Cli(tmp_path)
    with FlickSession([str(phone)], data_home=cli.data, window_manager=True, stacks=True) as session:
        window = session.wait_for_window()
        # The analysis runs after the first card shows; then the card is the stack's.
        wait_until(lambda: any("1 of 3 similar" in name for name in card_names(session)), 60, what="the stack's card")
        assert card_names(session) == ["Clip 1 of 4: IMG_2001_BURST001.jpg, photo, 1 of 3 similar"]
        with Orca(session) as orca:
            orca.activate(window, timeout=10, until=lambda s: any("IMG_2001_BURST001.jpg" in u for u in s))
            # → shows the next shot on the same card: nothing is decided.
            said = orca.press("Right", timeout=8, until=lambda s: any("2 of 3 similar" in u for u in s))
            assert any(u.startswith("Clip 2 of 4: IMG_2001_BURST002.jpg, photo, 2 of 3 similar") for u in said), said_text(said)
            assert set(cli.decisions(phone).values()) == {None}
            session.screenshot(artifacts / "stack-card.png")
            # H says the keys, a stack's with them.
            said = orca.press("h", timeout=8, until=lambda s: any("On a stack" in u for u in s))
            assert any(u.endswith("On a stack, Left and Right show the others, K keeps the one on top and marks the rest "
                                  "for deletion.") for u in said), said_text(said)
            # K keeps it and marks the rest of the burst; the unrelated photo is next.
            said = orca.press("k", timeout=8, until=lambda s: any(u.startswith("Kept") for u in s)
                             and any(u.startswith("Clip 4 of 4") for u in s))
            assert any(u.startswith("Kept IMG_2001_BURST002.jpg, 2 similar marked for deletion.") for u in said), said_text(said)
            assert any(u.startswith(f"Clip 4 of 4: {ALONE}") for u in said), said_text(said)
            assert cli.decisions(phone) == {BURST[0]: "delete", BURST[1]: "like", BURST[2]: "delete", ALONE: None}
            # One undo takes all of it back, the kept shot on top again.
            said = orca.press("ctrl+z", timeout=8, until=lambda s: any("IMG_2001_BURST002.jpg" in u for u in s))
            assert any(u.startswith("Clip 2 of 4: IMG_2001_BURST002.jpg") for u in said), said_text(said)
            assert set(cli.decisions(phone).values()) == {None}
            # A plain like decides the whole stack.
            said = orca.press("l", timeout=8, until=lambda s: any(u.startswith("Liked") for u in s)
                             and any(u.startswith("Clip 4 of 4") for u in s))
            assert any(u.startswith("Liked IMG_2001_BURST002.jpg and 2 similar.") for u in said), said_text(said)
            assert cli.decisions(phone) == {**{name: "like" for name in BURST}, ALONE: None}


def test_a_copies_card_shows_the_original_and_k_keeps_it(tmp_path):
    """Exact copies whose extra copy sorts first ("IMG_2002 copy.jpg"): the
    card shows the original on top, the one `flick status --json` does not
    suggest as an extra copy, and K keeps it."""
    folder = tmp_path / "phone"
    folder.mkdir()
    shutil.copy(f"{DATA}/baboon.jpg", folder / "IMG_2002 copy.jpg")
    shutil.copy(f"{DATA}/baboon.jpg", folder / "IMG_2002.jpg")
    shutil.copy(f"{DATA}/home.jpg", folder / ALONE)
    cli = Cli(tmp_path)
    with FlickSession([str(folder)], data_home=cli.data, stacks=True) as session:
        session.wait_for_window()
        wait_until(lambda: any("1 of 2 copies" in name for name in card_names(session)), 60, what="the copies' card")
        assert card_names(session) == ["Clip 2 of 3: IMG_2002.jpg, photo, 1 of 2 copies"]
        clips = {c["path"]: c for c in cli.status(folder)["clips"]}
        assert clips["IMG_2002 copy.jpg"]["suggestions"] == ["copy"] and clips["IMG_2002.jpg"]["suggestions"] == []
        assert clips["IMG_2002.jpg"]["stack"] == clips["IMG_2002 copy.jpg"]["stack"] is not None
        session.key("k")
        wait_until(lambda: cli.decisions(folder)["IMG_2002.jpg"] == "like", 10, what="K to keep the original")
        assert cli.decisions(folder) == {"IMG_2002 copy.jpg": "delete", "IMG_2002.jpg": "like", ALONE: None}
