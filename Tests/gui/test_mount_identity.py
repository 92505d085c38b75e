"""Decisions on removable media: an ext4 card mounted from another loop
device (another st_dev) and a FAT card (fusefat: inode numbers follow lookup
order) keep each decision with the file it was made on, and Apply moves only
that file. Real loop devices and FUSE mounts; needs root (CI runs as root)."""
import os
import shutil
import subprocess

import pytest

from cli import Cli

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="loop devices and mounts need root")


def sh(*cmd):
    return subprocess.run([str(c) for c in cmd], check=True, capture_output=True, text=True, timeout=60).stdout.strip()


class Ext4Card:
    """An ext4 image, mounted at `mount` from a loop device of its own."""

    def __init__(self, tmp_path):
        self.image = tmp_path / "card.img"
        self.mount = tmp_path / "card"
        self.mount.mkdir()
        with open(self.image, "wb") as f:
            f.truncate(32 * 1024 * 1024)
        sh("mkfs.ext4", "-q", "-F", self.image)
        self.devices = []
        self.mounted = False

    def attach(self):
        """Mounts the image from a new loop device (the earlier ones stay
        attached, so each mount has another st_dev)."""
        device = sh("losetup", "--find", "--show", self.image)
        self.devices.append(device)
        sh("mount", device, self.mount)
        self.mounted = True
        return os.stat(self.mount).st_dev

    def detach(self):
        if self.mounted:
            sh("umount", self.mount)
            self.mounted = False

    def close(self):
        self.detach()
        for device in self.devices:
            subprocess.run(["losetup", "-d", device], capture_output=True)


@pytest.fixture
def ext4_card(tmp_path):
    if not shutil.which("mkfs.ext4") or not shutil.which("losetup"):
        pytest.skip("mkfs.ext4 or losetup is missing")
    card = Ext4Card(tmp_path)
    try:
        card.attach()
    except subprocess.CalledProcessError as error:
        card.close()
        pytest.skip(f"cannot loop-mount an ext4 image here: {error.stderr}")
    yield card
    card.close()


class FatCard:
    """A FAT image mounted with fusefat (the kernel here may lack vfat)."""

    def __init__(self, tmp_path):
        self.image = tmp_path / "card.img"
        self.mount = tmp_path / "card"
        self.mount.mkdir()
        with open(self.image, "wb") as f:
            f.truncate(16 * 1024 * 1024)
        sh("mkfs.vfat", "-n", "CARD", self.image)
        self.mounted = False

    def attach(self):
        sh("fusefat", "-o", "rw+", self.image, self.mount)
        self.mounted = True

    def detach(self):
        if self.mounted:
            sh("fusermount", "-u", self.mount)
            self.mounted = False


@pytest.fixture
def fat_card(tmp_path):
    if not shutil.which("fusefat") or not shutil.which("mkfs.vfat") or not os.path.exists("/dev/fuse"):
        pytest.skip("fusefat, mkfs.vfat or /dev/fuse is missing")
    card = FatCard(tmp_path)
    card.attach()
    yield card
    card.detach()


def write(path, fill, size=200_000, mtime=1_704_103_200):
    path.write_bytes(bytes([fill]) * size)
    os.utime(path, (mtime, mtime))


def test_an_ext4_card_on_another_loop_device_keeps_its_decisions_and_apply_moves_the_right_file(ext4_card, tmp_path):
    cli = Cli(tmp_path)
    write(ext4_card.mount / "cup.mp4", 1)
    write(ext4_card.mount / "zebra.mp4", 2)
    cli.drive(ext4_card.mount, "delete")
    first = os.stat(ext4_card.mount).st_dev
    ext4_card.detach()
    assert ext4_card.attach() != first
    # Another device number: the decision is still the card's.
    assert cli.decisions(ext4_card.mount) == {"cup.mp4": "delete", "zebra.mp4": None}
    # The user changes their mind there…
    cli.drive(ext4_card.mount, "undo", "like")
    assert cli.decisions(ext4_card.mount) == {"cup.mp4": "like", "zebra.mp4": None}
    # …and on yet another device, the old "delete" does not come back.
    ext4_card.detach()
    ext4_card.attach()
    assert cli.decisions(ext4_card.mount) == {"cup.mp4": "like", "zebra.mp4": None}
    result = cli.run("apply", ext4_card.mount)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in ext4_card.mount.iterdir() if p.suffix == ".mp4") == ["cup.mp4", "zebra.mp4"]
    assert not (cli.trash / "files").exists() or list((cli.trash / "files").iterdir()) == []


def test_a_fat_card_whose_inode_numbers_changed_keeps_each_decision_with_its_file(fat_card, tmp_path):
    cli = Cli(tmp_path)
    # Two files of one size and one mtime (FAT keeps 2 s), different bytes.
    write(fat_card.mount / "a.mp4", 1)
    write(fat_card.mount / "b.mp4", 2)
    cli.drive(fat_card.mount, "delete")
    before = {name: os.stat(fat_card.mount / name).st_ino for name in ("a.mp4", "b.mp4")}
    fat_card.detach()
    fat_card.attach()
    # Looked up in the other order, the files swap inode numbers.
    after = {name: os.stat(fat_card.mount / name).st_ino for name in ("b.mp4", "a.mp4")}
    assert after["a.mp4"] == before["b.mp4"] and after["b.mp4"] == before["a.mp4"], (before, after)
    assert cli.decisions(fat_card.mount) == {"a.mp4": "delete", "b.mp4": None}
    dry = cli.run("apply", fat_card.mount, "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert "a.mp4" in dry.stdout and "b.mp4" not in dry.stdout
