"""The decision store on a disk that fills up mid-Apply: files moved are
reported as moved, each one the store could not record named, and the next
run finds them gone. Real tmpfs mounts; needs root (CI runs as root)."""
import os
import subprocess
import threading

import pytest

from cli import FLICK, Cli

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")


@pytest.fixture
def mounts(tmp_path):
    """tmp_path/data (the store's disk, 2 MiB) and tmp_path/card (the clips')."""
    made = []
    for name, size in (("data", "2m"), ("card", "16m")):
        target = tmp_path / name
        target.mkdir(exist_ok=True)
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(target)], check=True)
        made.append(target)
    yield tmp_path
    for target in reversed(made):
        subprocess.run(["umount", "-l", str(target)])


def fill(folder):
    """Writes into `folder` until its disk is full."""
    with open(folder / "filler", "wb") as f:
        try:
            while True:
                f.write(b"\0" * 65536)
                f.flush()
        except OSError:
            pass


def test_a_file_moved_when_the_stores_disk_is_full_is_reported_as_moved(mounts):
    cli = Cli(mounts)
    clips = mounts / "card" / "clips"
    clips.mkdir()
    for i, name in enumerate(["a.mp4", "b.mp4"]):
        (clips / name).write_bytes(bytes([i]) * 5000)
    cli.drive(clips, "delete", "delete")
    fifo = mounts / "between"
    os.mkfifo(fifo)
    env = dict(cli.env, FLICK_TEST_BETWEEN_FILES=str(fifo))
    proc = subprocess.Popen([str(FLICK), "apply", str(clips)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)

    def fill_between_files():
        # Opening the FIFO waits until apply has moved a.mp4 and holds.
        with open(fifo, "w"):
            fill(cli.data)

    threading.Thread(target=fill_between_files, daemon=True).start()
    out, err = proc.communicate(timeout=60)
    trash = mounts / "card" / ".Trash-0" / "files"
    assert sorted(os.listdir(trash)) == ["a.mp4", "b.mp4"]
    assert proc.returncode == 3, err
    assert "Moved 2 files" in out, out
    assert "Couldn’t move" not in err, err
    assert "could not record it" in err and "b.mp4" in err, err
    # With room again, the next run finds both gone from the folder.
    (cli.data / "filler").unlink()
    assert cli.status(clips)["total"] == 0
