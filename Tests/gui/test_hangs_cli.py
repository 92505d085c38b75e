"""Flick's headless commands never hang: symlink cycles in a recursive scan,
a sound-only clip in a stitch, a liked clip that became a FIFO, a signal while
a command waits. Each run has a subprocess timeout as its guard; a command
is held between two files at one of its opens (file_reads.FileReads), no
sleeps."""
import json
import os
import signal
import subprocess

import pytest

from cli import FLICK, Cli, duration, make_clip
from file_reads import FileReads, child_of, signal_reached_a_thread
from harness import wait_until


@pytest.fixture
def cli(tmp_path):
    return Cli(tmp_path)


def partials(folder):
    return [p.name for p in folder.iterdir() if p.name.startswith(".flick-partial-")]


def make_voice(path, seconds=2):
    """A real clip with sound and no picture (AAC in MP4)."""
    subprocess.run(["gst-launch-1.0", "-q", "audiotestsrc", f"num-buffers={seconds * 44100 // 1024}", "!", "audioconvert",
                    "!", "avenc_aac", "!", "mp4mux", "!", "filesink", f"location={path}"],
                   check=True, timeout=60, capture_output=True)
    return path


def held_at(path, at, action, proc):
    """Holds `proc`'s command at its `at`-th open of `path` (a number, or a
    callable asked at each open) while `action()` runs."""
    return FileReads(path, at=at, action=action, pid=lambda: child_of(proc()), opens_only=True)


def test_symlink_cycles_end_with_each_clip_once(cli, tmp_path):
    folder = tmp_path / "loops"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.mp4").write_bytes(b"a")
    (folder / "sub" / "b.mp4").write_bytes(b"b")
    os.symlink(".", folder / "loop1")
    os.symlink("..", folder / "sub" / "loop2")
    result = cli.run("status", folder, "--recursive", "--json", check=0, timeout=60)
    status = json.loads(result.stdout)
    assert [c["path"] for c in status["clips"]] == ["a.mp4", "sub/b.mp4"]
    assert status["total"] == 2


def test_a_sound_only_clip_is_left_out_of_a_stitch_and_said(cli, tmp_path):
    folder = tmp_path / "mixed"
    folder.mkdir()
    make_clip(folder / "a.mp4", seconds=1)
    make_clip(folder / "b.mp4", seconds=1)
    make_voice(folder / "voice.mp4")
    cli.drive(folder, "like", "like", "like")
    out = tmp_path / "joined.mp4"
    result = cli.run("export", folder, "--stitch", out, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "voice.mp4 has no picture, left out of the stitched video" in result.stderr
    assert "Wrote" in result.stdout and "2 of the 3 liked clips" in result.stdout, result.stdout
    assert abs(duration(out) - 2.0) < 0.2
    video = subprocess.run(["gst-discoverer-1.0", str(out)], capture_output=True, text=True, timeout=60).stdout
    assert "video #" in video
    assert partials(tmp_path) == []


def test_a_liked_clip_that_became_a_fifo_fails_named_and_the_rest_are_copied(cli, tmp_path):
    folder = tmp_path / "clips"
    folder.mkdir()
    (folder / "a.mp4").write_bytes(b"first")
    (folder / "c.mp4").write_bytes(b"third")
    target = tmp_path / "take.mp4"
    target.write_bytes(b"second")
    os.symlink(target, folder / "b.mp4")
    cli.drive(folder, "like", "like", "like")
    out = tmp_path / "out"
    started = {}

    def turn_into_a_fifo():
        # After the check of every file, as a.mp4 is copied: the link's target turns into a FIFO.
        target.unlink()
        os.mkfifo(target)

    # a.mp4 is opened twice: by the check of the liked clips, then to copy it.
    with held_at(folder / "a.mp4", 2, turn_into_a_fifo, lambda: started.get("proc")) as reads:
        proc = started["proc"] = subprocess.Popen([str(FLICK), "export", str(folder), "--copy-to", str(out)], env=cli.env,
                                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        out_text, err = proc.communicate(timeout=60)
    assert reads.acted.is_set(), f"export never copied a.mp4 after its check: {reads.events} {err}"
    assert proc.returncode == 3, err
    assert "Couldn’t export b.mp4: it is not a regular file (a FIFO)" in err
    assert "Copied 2 files" in out_text
    assert sorted(p.name for p in out.iterdir()) == ["a.mp4", "c.mp4"]
    assert (out / "c.mp4").read_bytes() == b"third"


@pytest.mark.parametrize("command", ["apply", "export"])
def test_sigterm_ends_a_command_held_in_a_wait_and_leaves_nothing_partial(cli, tmp_path, command):
    folder = tmp_path / "clips"
    folder.mkdir()
    for name in ["a.mp4", "b.mp4", "c.mp4"]:
        (folder / name).write_bytes(name.encode() * 1000)
    cli.drive(folder, *(["delete"] * 3 if command == "apply" else ["like"] * 3))
    out = tmp_path / "out"
    args = ["apply", str(folder)] if command == "apply" else ["export", str(folder), "--copy-to", str(out)]
    started = {}

    def terminate():
        # Held on its way to the second file: SIGTERM, let go once it reached the worker.
        proc.send_signal(signal.SIGTERM)
        wait_until(lambda: signal_reached_a_thread(child_of(proc), signal.SIGTERM), 10, interval=0.001,
                   what="SIGTERM passed on to the worker")

    if command == "apply":
        # Each file's move opens the folder first: the one after a.mp4 moved.
        hold = held_at(folder, lambda events: (cli.trash / "files" / "a.mp4").exists(), terminate, lambda: started.get("proc"))
    else:
        # b.mp4 is opened twice: by the check of the liked clips, then to copy it.
        hold = held_at(folder / "b.mp4", 2, terminate, lambda: started.get("proc"))
    with hold as reads:
        proc = started["proc"] = subprocess.Popen([str(FLICK), *args], env=cli.env, stdout=subprocess.PIPE,
                                                  stderr=subprocess.PIPE, text=True)
        out_text, err = proc.communicate(timeout=60)
    assert reads.acted.is_set(), f"{command} never went on to its second file: {reads.events} {err}"
    assert proc.returncode == 143, err  # 128 + SIGTERM
    assert "Cancelled" in err
    if command == "apply":
        assert sorted(os.listdir(cli.trash / "files")) == ["a.mp4"]
    else:
        assert sorted(p.name for p in out.iterdir()) == ["a.mp4"]
        assert (out / "a.mp4").read_bytes() == b"a.mp4" * 1000


def test_a_linked_relative_symlink_works_in_the_destination(cli, tmp_path):
    folder = tmp_path / "clips"
    (folder / "takes").mkdir(parents=True)
    (folder / "takes" / "real.mp4").write_bytes(b"the take")
    os.symlink("takes/real.mp4", folder / "rel.mp4")
    cli.drive(folder, "like")
    out = tmp_path / "out"
    result = cli.run("export", folder, "--copy-to", out, "--link", timeout=30)
    assert result.returncode == 0, result.stderr
    assert (out / "rel.mp4").read_bytes() == b"the take"
    assert os.stat(out / "rel.mp4").st_ino == os.stat(folder / "takes" / "real.mp4").st_ino


def test_a_users_file_named_like_a_stale_partial_survives_an_export(cli, tmp_path):
    folder = tmp_path / "clips"
    folder.mkdir()
    (folder / "a.mp4").write_bytes(b"a")
    cli.drive(folder, "like")
    out = tmp_path / "out"
    out.mkdir()
    mine = out / ".flick-partial-2147483646-notes"
    mine.write_text("my notes")
    cli.run("export", folder, "--playlist", out / "likes.m3u", check=0, timeout=30)
    assert mine.read_text() == "my notes"
    assert sorted(p.name for p in out.iterdir()) == [mine.name, "likes.m3u"]
