"""`flick apply` where the Trash is hard to reach: a read-only filesystem, a
Trash that can't be written, a FAT card through FUSE, a folder whose name
needs quoting, a run killed mid-move. Each message names the real cause and
suggests only what works. Real mounts (mounts.py), undone when each test
ends; strace kills apply at the worst moment (its move into the Trash)."""
import os
import re
import shlex
import signal
import subprocess
import time

import pytest

from cli import FLICK, Cli
from mounts import mounts  # noqa: F401  (the fixture)


def make_deck(folder, names=("box.mp4", "cup.mp4")):
    folder.mkdir(parents=True, exist_ok=True)
    for i, name in enumerate(names):
        (folder / name).write_bytes(bytes([i + 1]) * 100)
    return folder


def cli_with_data(tmp_path, data):
    cli = Cli(tmp_path)
    cli.data = data
    data.mkdir(parents=True, exist_ok=True)
    cli.env["XDG_DATA_HOME"] = str(data)
    return cli


def test_a_read_only_filesystem_is_named_and_nothing_futile_is_suggested(tmp_path, mounts):
    cli = Cli(tmp_path)
    disk = mounts.tmpfs(tmp_path / "disk")
    folder = make_deck(disk / "clips")
    cli.drive(folder, "delete", "delete")
    mounts.remount_read_only(disk)
    result = cli.run("apply", folder)
    assert result.returncode == 3
    assert f"box.mp4: its filesystem (“{disk}”) is mounted read-only, so nothing on it can be moved" in result.stderr
    assert "no Trash" not in result.stderr and "--rejected-folder" not in result.stderr
    forced = cli.run("apply", folder, "--rejected-folder")
    assert forced.returncode == 3 and "is mounted read-only" in forced.stderr
    assert sorted(os.listdir(folder)) == ["box.mp4", "cup.mp4"]


def test_a_trash_that_cannot_be_written_is_named_not_the_clip(tmp_path, mounts):
    disk = mounts.tmpfs(tmp_path / "disk")
    cli = cli_with_data(tmp_path, disk / "data")
    folder = make_deck(disk / "clips")
    cli.drive(folder, "delete")
    trash = cli.trash
    (trash / "files").mkdir(parents=True)
    (trash / "info").mkdir()
    mounts.bind(trash, trash, read_only=True)
    result = cli.run("apply", folder)
    assert result.returncode == 3
    assert (f"box.mp4: the Trash folder “{trash}/info” can’t be written (it is on a read-only filesystem), "
            "so the file stays") in result.stderr
    assert "permission denied" not in result.stderr and "--rejected-folder" not in result.stderr
    assert sorted(os.listdir(folder)) == ["box.mp4", "cup.mp4"]


def test_apply_on_a_fat_card_moves_to_its_trash_and_never_over_a_name_in_another_case(tmp_path, mounts):
    cli = Cli(tmp_path)
    card = mounts.fat(tmp_path / "card.img", tmp_path / "card")
    folder = make_deck(card / "clips")
    cli.drive(folder, "delete", "delete")
    trash = card / f".Trash-{os.getuid()}"
    (trash / "files").mkdir(parents=True)
    (trash / "info").mkdir()
    (trash / "files" / "BOX.MP4").write_bytes(b"trashed before")  # the same name on FAT
    result = cli.run("apply", folder)
    assert result.returncode == 0, result.stderr
    assert "Moved 2 files" in result.stdout
    assert os.listdir(folder) == []
    assert sorted(os.listdir(trash / "files")) == ["BOX.MP4", "box (2).mp4", "cup.mp4"]
    assert (trash / "files" / "BOX.MP4").read_bytes() == b"trashed before"
    assert (trash / "files" / "box (2).mp4").read_bytes() == b"\1" * 100
    info = (trash / "info" / "box (2).mp4.trashinfo").read_text()
    assert info.startswith("[Trash Info]\nPath=clips/box.mp4\nDeletionDate=")


def test_the_suggested_rejected_folder_command_is_quoted_for_the_shell(tmp_path, mounts):
    cli = Cli(tmp_path)
    disk = mounts.tmpfs(tmp_path / "disk")
    folder = make_deck(disk / "it's a $HOME \"box\" `dir`")
    cli.drive(folder, "delete")
    no_trash = disk / f".Trash-{os.getuid()}"
    no_trash.mkdir()
    os.chown(no_trash, 4242, 4242)  # another user's: no Trash here for us
    result = cli.run("apply", folder)
    assert result.returncode == 3 and "box.mp4: its filesystem has no Trash" in result.stderr
    command = re.search(r"run `(flick apply [^\n]*)` to move", result.stderr).group(1)
    assert shlex.split(command) == ["flick", "apply", "--rejected-folder", str(folder)]
    shell = subprocess.run(["bash", "-c", f"{FLICK}{command[len('flick'):]}"], env=cli.env,
                           capture_output=True, text=True, timeout=120)
    assert shell.returncode == 0, shell.stderr
    assert sorted(os.listdir(folder / "Flick Rejected")) == ["box.mp4"]


def trashinfos(cli):
    info = cli.trash / "info"
    return {p.name: p.read_text() for p in info.iterdir()} if info.exists() else {}


def test_a_kill_after_the_trash_name_is_reserved_leaves_a_complete_trashinfo(tmp_path):
    cli = Cli(tmp_path)
    folder = make_deck(tmp_path / "clips")
    cli.drive(folder, "delete")
    # SIGKILL at apply's first rename (the move into the Trash), its
    # .trashinfo in place: strace delivers it as the call starts.
    proc = subprocess.run(["strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=renameat2",
                           "-e", "inject=renameat2:signal=KILL", str(FLICK), "apply", str(folder)],
                          env=cli.env, capture_output=True, text=True, timeout=60)
    assert proc.returncode in (-signal.SIGKILL, 128 + signal.SIGKILL), (proc.returncode, proc.stderr)
    assert (folder / "box.mp4").exists()
    infos = trashinfos(cli)
    assert list(infos) == ["box.mp4.trashinfo"]
    assert re.fullmatch(rf"\[Trash Info\]\nPath={re.escape(str(folder))}/box.mp4\nDeletionDate=\S+\n", infos["box.mp4.trashinfo"])
    cli.run("apply", folder, check=0)
    assert sorted(os.listdir(cli.trash / "files")) == ["box (2).mp4"]
    assert all(text.startswith("[Trash Info]\nPath=") for text in trashinfos(cli).values())


def test_an_empty_trashinfo_left_by_a_killed_run_is_repaired_and_a_fresh_one_kept(tmp_path):
    cli = Cli(tmp_path)
    folder = make_deck(tmp_path / "clips")
    cli.drive(folder, "delete", "delete")
    (cli.trash / "files").mkdir(parents=True)
    (cli.trash / "info").mkdir()
    abandoned = cli.trash / "info" / "box.mp4.trashinfo"
    abandoned.write_bytes(b"")
    an_hour_ago = time.time() - 3600
    os.utime(abandoned, (an_hour_ago, an_hour_ago))
    live = cli.trash / "info" / "cup.mp4.trashinfo"  # another program's, being written now
    live.write_bytes(b"")
    cli.run("apply", folder, check=0)
    assert sorted(os.listdir(cli.trash / "files")) == ["box.mp4", "cup (2).mp4"]
    infos = trashinfos(cli)
    assert sorted(infos) == ["box.mp4.trashinfo", "cup (2).mp4.trashinfo", "cup.mp4.trashinfo"]
    assert infos["box.mp4.trashinfo"].startswith(f"[Trash Info]\nPath={folder}/box.mp4\n")
    assert infos["cup.mp4.trashinfo"] == ""


def test_a_folder_on_a_bind_mount_goes_to_the_bind_mounts_own_trash(tmp_path, mounts):
    """The home Trash is on the same filesystem (same device number) but
    across a mount boundary: a rename there fails, so the Trash is the one
    a file manager uses, `.Trash-$uid` at the top of the bind mount."""
    disk = mounts.tmpfs(tmp_path / "disk")
    cli = cli_with_data(tmp_path, disk / "data")
    make_deck(disk / "real" / "clips")
    bound = mounts.bind(disk / "real", disk / "bound")
    folder = bound / "clips"
    assert os.stat(folder).st_dev == os.stat(cli.data).st_dev
    cli.drive(folder, "delete")
    result = cli.run("apply", folder)
    assert result.returncode == 0, result.stderr
    assert "Moved 1 file" in result.stdout
    trash = bound / f".Trash-{os.getuid()}"
    assert sorted(os.listdir(trash / "files")) == ["box.mp4"]
    assert (trash / "files" / "box.mp4").read_bytes() == b"\1" * 100
    assert os.stat(trash).st_mode & 0o777 == 0o700
    assert (trash / "info" / "box.mp4.trashinfo").read_text().startswith("[Trash Info]\nPath=clips/box.mp4\nDeletionDate=")
    assert not (cli.trash / "files").exists() or os.listdir(cli.trash / "files") == []
    assert sorted(os.listdir(folder)) == ["cup.mp4"]


def test_an_immutable_top_folder_is_named_as_why_there_is_no_trash(tmp_path, mounts):
    cli = Cli(tmp_path)
    card = tmp_path / "card"
    mounts.ext4(tmp_path / "card.img", card)
    folder = make_deck(card / "clips")
    cli.drive(folder, "delete")
    subprocess.run(["chattr", "+i", str(card)], check=True)
    try:
        result = cli.run("apply", folder)
    finally:
        subprocess.run(["chattr", "-i", str(card)], check=True)
    assert result.returncode == 3
    assert (f"Couldn’t move box.mp4: can’t create the Trash folder “{card}/.Trash-{os.getuid()}”: "
            f"the folder “{card}” is immutable (chattr +i), so the file stays") in result.stderr
    assert "no Trash" not in result.stderr
    assert sorted(os.listdir(folder)) == ["box.mp4", "cup.mp4"]
