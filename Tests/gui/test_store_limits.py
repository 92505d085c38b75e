"""The decision store on a disk that fills up mid-Apply: files moved are
reported as moved, each one the store could not record named, and the next
run finds them gone. Real tmpfs mounts (mounts.py); root, as CI runs."""
import os

from cli import Cli, run_held
from mounts import mounts  # noqa: F401  (the fixture)


def fill(folder):
    """Writes into `folder` until its disk is full."""
    with open(folder / "filler", "wb") as f:
        try:
            while True:
                f.write(b"\0" * 65536)
                f.flush()
        except OSError:
            pass


def test_a_file_moved_when_the_stores_disk_is_full_is_reported_as_moved(mounts, tmp_path):
    # The store's disk (2 MiB) and the clips' (with its own Trash).
    mounts.tmpfs(tmp_path / "data", size="2m")
    mounts.tmpfs(tmp_path / "card")
    cli = Cli(tmp_path)
    clips = tmp_path / "card" / "clips"
    clips.mkdir()
    for i, name in enumerate(["a.mp4", "b.mp4"]):
        (clips / name).write_bytes(bytes([i]) * 5000)
    cli.drive(clips, "delete", "delete")
    trash = tmp_path / "card" / ".Trash-0" / "files"
    proc, out, err = run_held(cli, "apply", clips, meanwhile=lambda: fill(cli.data), moved=lambda: any(trash.glob("*")))
    assert sorted(os.listdir(trash)) == ["a.mp4", "b.mp4"]
    assert proc.returncode == 3, err
    assert "Moved 2 files" in out, out
    assert "Couldn’t move" not in err, err
    assert "could not record it" in err and "b.mp4" in err, err
    # With room again, the next run finds both gone from the folder.
    (cli.data / "filler").unlink()
    assert cli.status(clips)["total"] == 0
