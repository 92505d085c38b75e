"""`flick apply` while another program renames files: at each of Flick's
reads of the marked file (held there by file_reads.FileReads, no sleeps), a
liked clip is renamed over it, a new file replaces it, or a symlink takes
its name. Whatever moment, the liked clip never reaches the Trash: it is
back under the name it had, with its bytes, and the run names the file and
fails. A second `flick apply` on the same store that moved a file first
gets it reported as done, never as a failure."""
import os
import subprocess

import pytest

from cli import FLICK, Cli, run_held
from file_reads import FileReads

MARKED, LIKED = b"\1" * 200_000, b"\2" * 200_000  # past 64 KiB: two reads each
# The reads of the marked file by `flick apply` today: the check of every
# file (open, first 64 KiB, last 64 KiB), then the same again just before
# its move. The test below first asserts that this is still what happens.
READS = ["open", "read", "read", "open", "read", "read"]
CHECK_READS = 3


def marked_deck(tmp_path):
    cli = Cli(tmp_path)
    folder = tmp_path / "clips"
    folder.mkdir()
    (folder / "IMG_0001.mp4").write_bytes(MARKED)
    (folder / "IMG_0002.mp4").write_bytes(LIKED)
    cli.drive(folder, "delete", "like")
    return cli, folder


def rename_liked_over(folder):
    os.rename(folder / "IMG_0002.mp4", folder / "IMG_0001.mp4")


def replace_with_new_bytes(folder):
    (folder / ".IMG_0001.mp4.new").write_bytes(b"\3" * 150_000)
    os.rename(folder / ".IMG_0001.mp4.new", folder / "IMG_0001.mp4")


def swap_for_a_symlink(folder):
    os.symlink("IMG_0002.mp4", folder / ".IMG_0001.mp4.link")
    os.rename(folder / ".IMG_0001.mp4.link", folder / "IMG_0001.mp4")


def trash_entries(cli):
    return {part: sorted(os.listdir(cli.trash / part)) if (cli.trash / part).exists() else []
            for part in ("files", "info")}


def test_flick_reads_the_marked_file_as_this_test_expects(tmp_path):
    cli, folder = marked_deck(tmp_path)
    with FileReads(folder / "IMG_0001.mp4") as reads:
        cli.run("apply", folder, check=0)
    assert reads.events == READS
    assert trash_entries(cli) == {"files": ["IMG_0001.mp4"], "info": ["IMG_0001.mp4.trashinfo"]}


@pytest.mark.parametrize("at", range(1, len(READS) + 1))
@pytest.mark.parametrize("change", [rename_liked_over, replace_with_new_bytes, swap_for_a_symlink],
                         ids=["renamed-over", "replaced", "symlink"])
def test_a_file_that_takes_the_marked_name_at_any_read_is_never_trashed(tmp_path, change, at):
    cli, folder = marked_deck(tmp_path)
    with FileReads(folder / "IMG_0001.mp4", at=at, action=lambda: change(folder)) as reads:
        result = cli.run("apply", folder)
    assert reads.acted.is_set(), f"Flick read the file only {len(reads.events)} times: {reads.events}"
    assert result.returncode == 3, (result.stdout, result.stderr)
    assert "Moved 0 files" in result.stdout
    # Nothing in the Trash, no .trashinfo left behind.
    assert trash_entries(cli) == {"files": [], "info": []}
    # What took the name is back under it, as it was.
    kept = folder / "IMG_0001.mp4"
    if change is rename_liked_over:
        assert sorted(os.listdir(folder)) == ["IMG_0001.mp4"] and kept.read_bytes() == LIKED
    elif change is replace_with_new_bytes:
        assert sorted(os.listdir(folder)) == ["IMG_0001.mp4", "IMG_0002.mp4"] and kept.read_bytes() == b"\3" * 150_000
    else:
        assert os.readlink(kept) == "IMG_0002.mp4" and (folder / "IMG_0002.mp4").read_bytes() == LIKED
    if at <= CHECK_READS:  # changed before the move began: refused by the last check
        assert "Couldn’t move IMG_0001.mp4: it changed since you reviewed it" in result.stderr
    else:
        assert "IMG_0001.mp4 changed while it was being moved; nothing was deleted\n" in result.stderr


def test_a_file_another_flick_moved_first_is_reported_as_done(tmp_path):
    """Two `flick apply` on one store: the first is held after its first
    file (cli.run_held) while a second moves the other; the first then
    finds it in the Trash, moved as decided."""
    cli = Cli(tmp_path)
    folder = tmp_path / "clips"
    folder.mkdir()
    names = ["a.mp4", "b.mp4"]
    for i, name in enumerate(names):
        (folder / name).write_bytes(bytes([i + 1]) * 1000)
    cli.drive(folder, "delete", "delete")
    second = {}

    def apply_again():
        second["result"] = cli.run("apply", folder)

    proc, out, err = run_held(cli, "apply", folder, meanwhile=apply_again)
    assert second["result"].returncode == 0, second["result"].stderr
    assert "Moved 1 file" in second["result"].stdout
    assert proc.returncode == 0, err
    assert "Moved 1 file" in out
    assert "b.mp4: already in the Trash (moved by another Flick)" in out
    assert "Couldn’t move" not in err
    assert sorted(os.listdir(cli.trash / "files")) == names
    assert os.listdir(folder) == []


def test_files_another_flick_moved_while_this_one_checked_them_are_done(tmp_path):
    """The first `flick apply` is held at its first read of a.mp4 (its
    check) while a second one moves both files: the first then finds b.mp4
    gone, and a.mp4 already moved, both by the other Flick, as decided."""
    cli = Cli(tmp_path)
    folder = tmp_path / "clips"
    folder.mkdir()
    for i, name in enumerate(["a.mp4", "b.mp4"]):
        (folder / name).write_bytes(bytes([i + 1]) * 1000)
    cli.drive(folder, "delete", "delete")
    first, second = {}, {}

    def apply_again():
        second["result"] = cli.run("apply", folder)

    # (The first read of a.mp4 by any other process is the first Flick's:
    # the second starts only then.)
    with FileReads(folder / "a.mp4", at=1, action=apply_again) as reads:
        first["proc"] = subprocess.Popen([str(FLICK), "apply", str(folder)], env=cli.env, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, text=True)
        out, err = first["proc"].communicate(timeout=60)
    assert reads.acted.is_set(), reads.events
    assert second["result"].returncode == 0 and "Moved 2 files" in second["result"].stdout, second["result"].stderr
    assert first["proc"].returncode == 0, err
    assert "Moved 0 files" in out
    assert "a.mp4: already in the Trash (moved by another Flick)" in out
    assert "b.mp4: already in the Trash (moved by another Flick)" in out
    assert "Couldn’t move" not in err
    assert sorted(os.listdir(cli.trash / "files")) == ["a.mp4", "b.mp4"]
