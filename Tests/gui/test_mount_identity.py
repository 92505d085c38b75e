"""Decisions on removable media: an ext4 card mounted from another loop
device (another st_dev) and a FAT card (inode numbers follow lookup order)
keep each decision with the file it was made on, and Apply moves only that
file. Real loop devices and FAT mounts (mounts.py); root, as CI runs."""
import os
import subprocess

from cli import Cli
from mounts import mounts  # noqa: F401  (the fixture)


def write(path, fill, size=200_000, mtime=1_704_103_200):
    path.write_bytes(bytes([fill]) * size)
    os.utime(path, (mtime, mtime))


def test_an_ext4_card_on_another_loop_device_keeps_its_decisions_and_apply_moves_the_right_file(mounts, tmp_path):
    cli = Cli(tmp_path)
    image, card = tmp_path / "card.img", tmp_path / "card"
    first = mounts.ext4(image, card)
    write(card / "cup.mp4", 1)
    write(card / "zebra.mp4", 2)
    cli.drive(card, "delete")
    mounts.unmount(card)
    assert mounts.loop_mount(image, card) != first
    # Another device number: the decision is still the card's.
    assert cli.decisions(card) == {"cup.mp4": "delete", "zebra.mp4": None}
    # The user changes their mind there…
    cli.drive(card, "undo", "like")
    assert cli.decisions(card) == {"cup.mp4": "like", "zebra.mp4": None}
    # …and on yet another device, the old "delete" does not come back.
    mounts.unmount(card)
    mounts.loop_mount(image, card)
    assert cli.decisions(card) == {"cup.mp4": "like", "zebra.mp4": None}
    result = cli.run("apply", card)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in card.iterdir() if p.suffix == ".mp4") == ["cup.mp4", "zebra.mp4"]
    assert not (cli.trash / "files").exists() or list((cli.trash / "files").iterdir()) == []


def test_a_fat_card_whose_inode_numbers_changed_keeps_each_decision_with_its_file(mounts, tmp_path):
    cli = Cli(tmp_path)
    image, card = tmp_path / "card.img", tmp_path / "card"
    mounts.fat(image, card)
    # Two files of one size and one mtime (FAT keeps 2 s), different bytes.
    write(card / "a.mp4", 1)
    write(card / "b.mp4", 2)
    cli.drive(card, "delete")
    before = {name: os.stat(card / name).st_ino for name in ("a.mp4", "b.mp4")}
    mounts.unmount(card)
    mounts.fat_again(image, card)
    # Looked up in the other order, the files swap inode numbers.
    after = {name: os.stat(card / name).st_ino for name in ("b.mp4", "a.mp4")}
    assert after["a.mp4"] == before["b.mp4"] and after["b.mp4"] == before["a.mp4"], (before, after)
    assert cli.decisions(card) == {"a.mp4": "delete", "b.mp4": None}
    dry = cli.run("apply", card, "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert "a.mp4" in dry.stdout and "b.mp4" not in dry.stdout


NINETEEN_SEVENTY = "1970-01-02 00:00:00 UTC"
EXFAT_FIRST = 315_532_800  # 1980-01-01 00:00 UTC: the first time exFAT and FAT store
UNMATCHED = "1 decision could not be matched to a file"


def test_an_exfat_card_keeps_the_decision_on_a_file_dated_before_1980(mounts, tmp_path):
    """exfat-fuse shows a 1970 file as 1970 until the card is mounted
    again, then as 1980: the same bytes keep their decision."""
    cli = Cli(tmp_path)
    image, card = tmp_path / "card.img", tmp_path / "card"
    mounts.exfat(image, card)
    write(card / "a.mp4", 1)
    write(card / "b.mp4", 2)
    subprocess.run(["touch", "-d", NINETEEN_SEVENTY, card / "a.mp4"], check=True)
    cli.drive(card, "delete", "like")
    assert cli.decisions(card) == {"a.mp4": "delete", "b.mp4": "like"}
    mounts.unmount(card)
    mounts.exfat_again(image, card)
    assert os.stat(card / "a.mp4").st_mtime == EXFAT_FIRST  # what the card kept
    status = cli.status(card)
    assert {c["path"]: c["decision"] for c in status["clips"]} == {"a.mp4": "delete", "b.mp4": "like"}
    assert status["unmatched"] == 0
    assert UNMATCHED not in cli.run("status", card, check=0).stdout
    dry = cli.run("apply", card, "--dry-run")
    assert dry.returncode == 0 and "a.mp4" in dry.stdout, (dry.stdout, dry.stderr)


def test_a_decision_whose_file_now_holds_other_bytes_is_said_and_kept(mounts, tmp_path):
    cli = Cli(tmp_path)
    image, card = tmp_path / "card.img", tmp_path / "card"
    mounts.exfat(image, card)
    write(card / "a.mp4", 1)
    subprocess.run(["touch", "-d", NINETEEN_SEVENTY, card / "a.mp4"], check=True)
    cli.drive(card, "delete")
    mounts.unmount(card)
    mounts.exfat_again(image, card)
    write(card / "a.mp4", 3, mtime=EXFAT_FIRST)  # as big, as old, other bytes
    status = cli.status(card)
    assert status["clips"] == [{"decision": None, "error": None, "kind": "video", "path": "a.mp4", "bytes": 200_000,
                                "stack": None, "stack_kind": None, "suggestions": []}]
    assert status["unmatched"] == 1
    text = cli.run("status", card, check=0).stdout
    assert UNMATCHED in text, text
    # Kept: the card's own bytes bring it back.
    (card / "a.mp4").unlink()
    cli.status(card)
    write(card / "a.mp4", 1, mtime=EXFAT_FIRST)
    assert cli.decisions(card) == {"a.mp4": "delete"}
    assert UNMATCHED not in cli.run("status", card, check=0).stdout


def test_a_fat_card_read_in_another_time_zone_keeps_its_decisions(mounts, tmp_path):
    """FAT keeps local times: mounted again in another time zone (vfat's
    time_offset, fusefat's TZ), every time is an hour off; with a file
    dated 1970 too (which FAT cannot store), each decided file keeps its
    decision."""
    cli = Cli(tmp_path)
    image, card = tmp_path / "card.img", tmp_path / "card"
    mounts.fat(image, card)
    write(card / "a.mp4", 1)
    write(card / "b.mp4", 2)
    subprocess.run(["touch", "-d", NINETEEN_SEVENTY, card / "a.mp4"], check=True)
    cli.drive(card, "delete", "like")
    before = os.stat(card / "b.mp4").st_mtime
    mounts.unmount(card)
    mounts.fat_again(image, card, hours_east=1)
    assert abs(os.stat(card / "b.mp4").st_mtime - before) == 3600
    status = cli.status(card)
    assert {c["path"]: c["decision"] for c in status["clips"]} == {"a.mp4": "delete", "b.mp4": "like"}
    assert status["unmatched"] == 0


def test_the_window_says_when_a_decision_could_not_be_matched_to_a_file(tmp_path):
    """The decided photo was replaced by another one under its name: the
    window opens on the new, undecided file and says a decision is left
    without its file (kept in the store, not dropped)."""
    from harness import find_nodes, wait_until
    from test_review import Review, photo_deck
    deck = tmp_path / "deck"
    deck.mkdir()
    photo_deck(deck, 3)
    cli = Cli(tmp_path)
    cli.drive(deck, "delete")
    (deck / "card_000.png").write_bytes(b"not the photo that was decided")
    with Review(deck, data_home=cli.data) as s:
        wait_until(lambda: find_nodes(s.atspi_tree(), contains=UNMATCHED), 15, what="the note")
        assert s.decision_list() == [None, None, None]
    assert cli.status(deck)["unmatched"] == 1
