"""A real Orca (43, Debian 12) against Flick: proves the screen-reader
harness (orca.py) and records, as an expected failure, what issue 17 asks
for. One Flick and one Orca for the whole module."""
import pytest

from harness import ROOT, FlickSession
from orca import Orca

SAMPLES = ROOT / "data" / "samples"
TOP_CARD = "Clip 1 of 12: beach_rally_01.mp4"


@pytest.fixture(scope="module")
def reader():
    with FlickSession([str(SAMPLES)]) as session:
        window = session.wait_for_window()
        with Orca(session) as orca:
            said = orca.activate(window, timeout=10,
                                 until=lambda said: any(u.startswith(TOP_CARD) for u in said))
            yield session, orca, said


def test_orca_speaks_the_top_card_once_the_window_is_active(reader):
    _, _, said = reader
    assert any(u.startswith(TOP_CARD) for u in said), said


@pytest.mark.xfail(strict=True, reason="issue 17: decisions are not announced yet")
def test_orca_speaks_the_outcome_of_like(reader):
    _, orca, _ = reader
    said = orca.press("l", timeout=2, until=lambda said: any(u.startswith("Liked") for u in said))
    assert any(u.startswith("Liked") for u in said), said
