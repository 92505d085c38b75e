"""`flick apply` where the Trash is hard to reach: a read-only filesystem, a
Trash that can't be written, a FAT card through FUSE, a folder whose name
needs quoting, a run killed mid-move. Each message names the real cause and
suggests only what works. Real mounts (mounts.py), undone when each test
ends; a FIFO (FLICK_TEST_TRASH_RESERVED) holds apply at the worst moment."""
import os
import re
import shlex
import signal
import subprocess
import threading
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
    fifo = tmp_path / "reserved"
    os.mkfifo(fifo)
    proc = subprocess.Popen([str(FLICK), "apply", str(folder)], env=dict(cli.env, FLICK_TEST_TRASH_RESERVED=str(fifo)),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    held = threading.Event()

    def kill_while_held():
        with open(fifo, "w"):  # opens once apply holds, its .trashinfo in place
            held.set()
            # The command and its worker process at once, before the FIFO lets go.
            os.killpg(proc.pid, signal.SIGKILL)

    threading.Thread(target=kill_while_held, daemon=True).start()
    out, err = proc.communicate(timeout=60)
    if not held.is_set():
        os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))  # release the thread
    assert held.is_set(), f"apply never held after reserving a Trash name: {out} {err}"
    assert proc.returncode == -signal.SIGKILL
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
