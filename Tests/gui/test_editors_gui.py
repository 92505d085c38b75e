"""Decisions leave Flick from the window: Export Likes… saves a timeline for
Kdenlive and Shotcut or rates the sidecars; the preference "Keep XMP
sidecars in step" rates as the user decides and undoes; clips that another
app's sidecars reject are offered for deletion, never decided without the
user. Checked through what the user sees (AT-SPI) and the files on disk."""
import subprocess
import time
import xml.etree.ElementTree as ET

from file_reads import FileReads
from harness import find_nodes, wait_until
from mounts import mounts  # noqa: F401  (the fixture)
from test_app import Settled
from test_review import Review, photo_deck


def rating(sidecar):
    out = subprocess.run(["exiftool", "-s3", "-XMP-xmp:Rating", str(sidecar)], capture_output=True, text=True, timeout=60)
    return out.stdout.strip()


def exiftool_sidecar(sidecar, *tags):
    subprocess.run(["exiftool", "-q", *tags, str(sidecar)], check=True, timeout=60, capture_output=True)
    return sidecar.read_bytes()


def open_export_dialog(s):
    s.xdotool("key", "F10")
    wait_until(lambda: find_nodes(s.atspi_tree(), role="menu item", name="Export Likes…"), 10, what="the main menu")
    s.atspi_do("menu item", "Export Likes…")
    wait_until(lambda: find_nodes(s.atspi_tree(), name="Editor Timeline"), 15, what="the export dialog")


def test_export_likes_saves_a_timeline_for_kdenlive_and_shotcut(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    photo_deck(deck, 3)
    out = tmp_path / "out"
    out.mkdir()
    with Review(deck) as s:
        s.xdotool("key", "--delay", "150", "l", "d", "l")
        s.wait_for(s.finished, "three decisions")
        open_export_dialog(s)
        s.atspi_do("push button", "Editor Timeline")
        wait_until(lambda: s.window_id("Save Editor Timeline"), 15, what="the save dialog")
        wait_until(lambda: [n for n in find_nodes(s.atspi_tree()) if n["focused"] and n["role"] == "text"], 15,
                   what="the save dialog's name field focused")
        s.xdotool("key", "ctrl+a", "sleep", "0.2", "type", "--delay", "20", str(out / "likes.mlt"))
        s.xdotool("key", "Return")
        wait_until(lambda: (out / "likes.mlt").exists(), 30, what="the MLT project")
        wait_until(lambda: find_nodes(s.atspi_tree(), contains="Saved a timeline of 2 clips for Kdenlive or Shotcut"),
                   15, what="the toast")
    root = ET.parse(out / "likes.mlt").getroot()
    resources = [p.findtext("property[@name='resource']") for p in root.findall("producer") if p.get("id") != "black"]
    assert resources == [str(deck / "card_000.png"), str(deck / "card_002.png")]
    assert root.find("tractor") is not None and root.find("profile") is not None
    assert sorted(p.name for p in deck.iterdir()) == ["card_000.png", "card_001.png", "card_002.png"]


def test_export_likes_rates_the_sidecars_for_darktable_and_digikam(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    photo_deck(deck, 3)
    with Review(deck) as s:
        s.xdotool("key", "--delay", "150", "l", "d", "s")
        s.wait_for(s.finished, "three decisions")
        open_export_dialog(s)
        s.atspi_do("push button", "XMP Ratings")
        wait_until(lambda: find_nodes(s.atspi_tree(), contains="Rated 2 XMP sidecars"), 15, what="the toast")
    assert rating(deck / "card_000.png.xmp") == "1"
    assert rating(deck / "card_001.png.xmp") == "-1"
    assert not (deck / "card_002.png.xmp").exists()


def test_rating_the_sidecars_leaves_the_window_answering_and_cancel_ends_it(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    photo_deck(deck, 3)
    sidecar = deck / "card_001.png.xmp"
    exiftool_sidecar(sidecar, "-XMP-xmp:Rating=3")
    with Review(deck) as s:
        s.xdotool("key", "--delay", "150", "l", "d", "s")
        s.wait_for(s.finished, "three decisions")
        open_export_dialog(s)

        def while_the_sidecar_is_held():
            # The ratings wait in the open of the second sidecar; the window
            # shows their progress and answers its Cancel meanwhile.
            wait_until(lambda: find_nodes(s.atspi_tree(), name="Rating the XMP Sidecars"), 15, what="the progress dialog")
            s.atspi_do("push button", "Cancel")
            wait_until(lambda: find_nodes(s.atspi_tree(), contains="Cancelled while a file system did not answer"), 15,
                       what="the ratings left behind")

        with FileReads(sidecar, at=1, pid=s.flick.pid, opens_only=True, action=while_the_sidecar_is_held) as reads:
            s.atspi_do("push button", "XMP Ratings")
            wait_until(reads.acted.is_set, 30, interval=0.05, what="the held ratings to be cancelled")
        assert find_nodes(s.atspi_tree(), name="Export Stopped")
        assert not find_nodes(s.atspi_tree(), contains="Rated 2 XMP sidecars")
    assert rating(deck / "card_000.png.xmp") == "1"
    assert not (deck / "card_002.png.xmp").exists()


def test_sidecars_kept_in_step_follow_decisions_and_undo(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    photo_deck(deck, 3)
    sidecar = deck / "card_000.png.xmp"
    original = exiftool_sidecar(sidecar, "-XMP-dc:Subject=net", "-XMP-xmp:Rating=3")
    with Settled(deck, settings={"xmp_sidecars": "true", "xmp_like_rating": "4"}) as s:
        s.key("d")
        s.wait_cursor(1, "the deletion")
        wait_until(lambda: rating(sidecar) == "-1", 10, what="the reject in the sidecar")
        s.key("l")
        s.wait_cursor(2, "the like")
        wait_until(lambda: rating(deck / "card_001.png.xmp") == "4", 10, what="the like's rating")
        s.key("u")
        s.wait_cursor(1, "the undo")
        wait_until(lambda: not (deck / "card_001.png.xmp").exists(), 10, what="Flick's own sidecar to go again")
        s.key("u")
        s.wait_cursor(0, "the second undo")
        wait_until(lambda: sidecar.read_bytes() == original, 10, what="the sidecar as it was")
        # The switch is in Preferences, named for screen readers.
        s.key("ctrl+comma")
        wait_until(lambda: find_nodes(s.atspi_tree(), name="Keep XMP sidecars in step"), 10, what="the preference")
    subjects = subprocess.run(["exiftool", "-s3", "-XMP-dc:Subject", str(sidecar)], capture_output=True, text=True).stdout
    assert subjects.strip() == "net" and rating(sidecar) == "3"


def test_turning_the_preference_on_rates_the_decisions_made_before(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    photo_deck(deck, 4)
    with Settled(deck, settings={"xmp_like_rating": "2"}) as s:
        s.key("d")
        s.wait_cursor(1, "the deletion")
        s.key("l")
        s.wait_cursor(2, "the like")
        assert not list(deck.glob("*.xmp"))  # the preference is off: no sidecar is written
        s.key("ctrl+comma")
        switches = wait_until(lambda: find_nodes(s.atspi_tree(), role="check box", contains="Keep XMP sidecars in step"), 10,
                              what="the preference")
        switch = switches[0]["name"]
        s.atspi_do("check box", switch, action="toggle")
        wait_until(lambda: rating(deck / "card_000.png.xmp") == "-1" and rating(deck / "card_001.png.xmp") == "2", 15,
                   what="the decisions made before in their sidecars")
        s.key("Escape")
        wait_until(lambda: not find_nodes(s.atspi_tree(), role="check box", name=switch), 10, what="Preferences closed")
        s.key("l")
        s.wait_cursor(3, "a like after")
        wait_until(lambda: rating(deck / "card_002.png.xmp") == "2", 10, what="the next decision in its sidecar")
        assert not (deck / "card_003.png.xmp").exists()
        assert "xmp-sidecars=true" in s.keyfile.read_text()


def test_clips_rejected_in_their_sidecars_are_offered_not_decided(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    photo_deck(deck, 4)
    for name in ("card_001.png", "card_003.png"):
        exiftool_sidecar(deck / (name + ".xmp"), "-XMP-xmp:Rating=-1")
    with Review(deck) as s:
        wait_until(lambda: find_nodes(s.atspi_tree(), contains="2 clips are rejected in their XMP sidecars"), 15,
                   what="the offer")
        time.sleep(0.5)  # the test's point: half a second after the offer, still nothing decided
        assert s.decision_list() == [None, None, None, None]  # never applied without the user
        assert s.cursor() == 0
        s.atspi_do("push button", "Mark for Deletion", near="2 clips are rejected in their XMP sidecars")
        s.wait_for(lambda: s.decision_list() == [None, "delete", None, "delete"], "the two rejects marked for deletion")
        wait_until(lambda: find_nodes(s.atspi_tree(), contains="Marked 2 clips for deletion"), 10, what="the confirmation")


def test_a_read_only_card_says_which_sidecar_failed_and_keeps_the_decision(tmp_path, mounts):
    deck = tmp_path / "deck"
    deck.mkdir()
    photo_deck(deck, 3)
    card = mounts.bind(deck, tmp_path / "card", read_only=True)
    with Settled(card, settings={"xmp_sidecars": "true"}) as s:
        s.key("d")
        s.wait_cursor(1, "the deletion")
        wait_until(lambda: find_nodes(s.atspi_tree(), contains="Can’t update the XMP sidecar “card_000.png.xmp”: read-only file system"),
                   10, what="the failure, named")
        s.key("l")
        s.wait_cursor(2, "the like")
        assert s.decision_list() == ["delete", "like", None]
        assert s.flick.poll() is None
    assert sorted(p.name for p in deck.iterdir()) == ["card_000.png", "card_001.png", "card_002.png"]
