"""The decision store through Flick's headless commands: status, apply,
export, resume after SIGKILL. No display is used."""
import json
import os
import random
import signal
import sqlite3
import subprocess
import time

import pytest

from cli import BENCH, Cli, duration, make_clip
from harness import wait_until


@pytest.fixture
def cli(tmp_path):
    return Cli(tmp_path)


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "clips"
    d.mkdir()
    for name in ["a.mp4", "b.mp4", "c.mp4", "d.mp4"]:
        (d / name).write_bytes(b"x" * 100)
    return d


def test_status_json_holds_the_counts_and_every_clip(cli, folder):
    (folder / "photo.jpg").write_bytes(b"y")
    (folder / "empty.mp4").write_bytes(b"")
    cli.drive(folder, "like", "delete", "skip")
    status = cli.status(folder)
    assert status["folder"] == str(folder)
    assert status["total"] == 6 and status["decided"] == 3
    assert status["counts"] == {"like": 1, "delete": 1, "skip": 1}
    assert [c["path"] for c in status["clips"]] == ["a.mp4", "b.mp4", "c.mp4", "d.mp4", "empty.mp4", "photo.jpg"]
    assert [c["decision"] for c in status["clips"]] == ["like", "delete", "skip", None, None, None]
    assert status["clips"][5]["kind"] == "photo"
    assert status["clips"][4]["error"] == "the file is empty"
    assert status["clips"][0]["error"] is None


def test_status_exit_codes(cli, tmp_path):
    assert cli.run("status", tmp_path / "missing").returncode == 2
    assert "no such folder" in cli.run("status", tmp_path / "missing").stderr
    assert cli.run("status").returncode == 1
    assert cli.run("status", "--help").returncode == 0


def test_status_needs_no_display(cli, folder):
    result = cli.run("status", folder, check=0)
    assert "4 clips · 0 decided" in result.stdout
    assert "DISPLAY" not in cli.env


def test_apply_moves_deletes_to_the_trash_with_trashinfo(cli, folder):
    cli.drive(folder, "delete", "like", "delete")
    dry = cli.run("apply", folder, "--dry-run", check=0)
    assert "Would move 2 files" in dry.stdout
    assert (folder / "a.mp4").exists() and (folder / "c.mp4").exists()
    result = cli.run("apply", folder, check=0)
    assert "Moved 2 files" in result.stdout
    assert sorted(p.name for p in folder.iterdir()) == ["b.mp4", "d.mp4"]
    files = cli.trash / "files"
    assert sorted(p.name for p in files.iterdir()) == ["a.mp4", "c.mp4"]
    info = (cli.trash / "info" / "a.mp4.trashinfo").read_text()
    assert info.startswith("[Trash Info]\n")
    assert f"Path={folder}/a.mp4" in info
    assert "DeletionDate=" in info
    # Applied clips leave the deck; their history stays in the store.
    status = cli.status(folder)
    assert [c["path"] for c in status["clips"]] == ["b.mp4", "d.mp4"]
    db = sqlite3.connect(cli.data / "flick" / "flick.db")
    assert db.execute("select count(*) from action where kind = 'apply'").fetchone()[0] == 2
    assert cli.run("apply", folder, check=0).stdout.startswith("No clips")


def test_apply_trashes_a_symlink_never_its_target(cli, folder, tmp_path):
    target = tmp_path / "precious.mp4"
    target.write_bytes(b"keep me")
    for name in ["a.mp4", "b.mp4", "c.mp4", "d.mp4"]:
        (folder / name).unlink()
    (folder / "link.mp4").symlink_to(target)
    cli.drive(folder, "delete")
    cli.run("apply", folder, check=0)
    assert target.read_bytes() == b"keep me"
    assert not os.path.lexists(folder / "link.mp4")
    assert os.path.islink(cli.trash / "files" / "link.mp4")


def test_apply_refuses_a_file_reached_through_a_link_outside_the_folder(cli, folder, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "precious.mp4").write_bytes(b"keep")
    (folder / "sub").symlink_to(outside, target_is_directory=True)
    cli.run("status", folder, "--recursive", check=0)
    db = sqlite3.connect(cli.data / "flick" / "flick.db")
    db.execute("update clip set decision = 'delete' where path = 'sub/precious.mp4'")
    db.commit()
    result = cli.run("apply", folder, "--recursive")
    assert result.returncode == 3
    assert "sub/precious.mp4: it lies outside the reviewed folder" in result.stderr
    assert (outside / "precious.mp4").read_bytes() == b"keep"
    assert not cli.trash.exists() or not any((cli.trash / "files").iterdir())


@pytest.mark.parametrize("tampered", ["../outside.mp4", "/etc/hostname"])
def test_apply_refuses_a_tampered_row_and_moves_nothing(cli, folder, tmp_path, tampered):
    (tmp_path / "outside.mp4").write_bytes(b"keep")
    cli.drive(folder, "delete", "delete")
    db = sqlite3.connect(cli.data / "flick" / "flick.db")
    db.execute("update clip set path = ? where path = 'b.mp4'", (tampered,))
    db.commit()
    result = cli.run("apply", folder)
    assert result.returncode == 3
    assert f"“{tampered}”" in result.stderr and "nothing was moved" in result.stderr
    assert (folder / "a.mp4").exists()
    assert (tmp_path / "outside.mp4").exists()
    assert not cli.trash.exists()


def test_apply_reports_a_file_it_cannot_move_by_name_and_moves_the_rest(cli, folder):
    locked = folder / "locked"
    locked.mkdir()
    (locked / "stuck.mp4").write_bytes(b"z")
    # An immutable folder: not even root can move a file out of it.
    if subprocess.run(["chattr", "+i", str(locked)], capture_output=True).returncode != 0:
        pytest.skip("this filesystem has no immutable attribute")
    try:
        cli.drive(folder, "delete", "like", "like", "like", "delete")
        assert cli.decisions(folder) == {"a.mp4": "delete", "b.mp4": "like", "c.mp4": "like", "d.mp4": "like"}
        cli.run("drive", folder, "--recursive", "--actions", "delete", check=0, binary=BENCH)  # locked/stuck.mp4
        assert cli.run("status", folder, "--recursive", "--json", check=0).stdout.count('"delete"') >= 2
        result = cli.run("apply", folder, "--recursive")
        assert result.returncode == 3
        assert "Couldn’t move locked/stuck.mp4: " in result.stderr
        assert "Moved 1 file" in result.stdout
        assert (cli.trash / "files" / "a.mp4").exists()
        assert (locked / "stuck.mp4").exists()
    finally:
        subprocess.run(["chattr", "-i", str(locked)])


def test_export_playlist_lists_exactly_the_likes_with_durations(cli, tmp_path):
    folder = tmp_path / "real"
    folder.mkdir()
    for i, seconds in enumerate([1, 2, 1]):
        make_clip(folder / f"clip{i}.mp4", seconds=seconds)
    cli.drive(folder, "like", "delete", "like")
    playlist = tmp_path / "likes.m3u"
    cli.run("export", folder, "--playlist", playlist, check=0)
    lines = playlist.read_text().splitlines()
    assert lines == ["#EXTM3U", "#EXTINF:1,clip0", str(folder / "clip0.mp4"), "#EXTINF:1,clip2", str(folder / "clip2.mp4")]


def test_export_copy_to_and_link(cli, folder, tmp_path):
    cli.drive(folder, "like", "skip", "like")
    out = tmp_path / "out"
    cli.run("export", folder, "--copy-to", out, check=0)
    assert sorted(p.name for p in out.iterdir()) == ["a.mp4", "c.mp4"]
    links = tmp_path / "links"
    cli.run("export", folder, "--copy-to", links, "--link", check=0)
    assert os.stat(links / "a.mp4").st_ino == os.stat(folder / "a.mp4").st_ino
    assert cli.run("export", folder).returncode == 1


@pytest.mark.parametrize("codec,ext", [("x264", "mp4"), ("vp8", "webm")])
def test_export_stitch_remuxes_same_codec_clips(cli, tmp_path, codec, ext):
    folder = tmp_path / "same"
    folder.mkdir()
    for i in range(3):
        make_clip(folder / f"s{i}.{ext}", seconds=1 + i, codec=codec)
    cli.drive(folder, "like", "like", "like")
    out = tmp_path / f"joined.{ext}"
    result = cli.run("export", folder, "--stitch", out, check=0)
    assert "streams copied" in result.stdout
    assert abs(duration(out) - 6.0) <= 0.5
    assert not any(p.name.startswith(PARTIAL) for p in tmp_path.iterdir())


def test_export_stitch_reencodes_mixed_clips(cli, tmp_path):
    folder = tmp_path / "mixed"
    folder.mkdir()
    make_clip(folder / "a.mp4", seconds=2, width=320, height=180)
    make_clip(folder / "b.webm", seconds=1, width=200, height=200, codec="vp8")
    make_clip(folder / "c.mp4", seconds=1, width=180, height=320, pattern="ball")
    cli.drive(folder, "like", "skip", "like")
    out = tmp_path / "joined.mp4"
    result = cli.run("export", folder, "--stitch", out, check=0)
    assert "re-encoded" in result.stdout
    assert abs(duration(out) - 3.0) <= 0.5


PARTIAL = ".flick-partial-"  # a file in progress: .flick-partial-PID-XXXXXXXX beside its destination


def test_cancelled_stitch_leaves_no_partial_file(cli, tmp_path):
    folder = tmp_path / "long"
    folder.mkdir()
    for i in range(2):
        make_clip(folder / f"l{i}.mp4", seconds=20, width=640, height=360, pattern="ball")
    make_clip(folder / "z.webm", seconds=20, width=640, height=360, codec="vp8")
    cli.drive(folder, "like", "like", "like")
    out = tmp_path / "joined.mp4"
    proc = subprocess.Popen([str(BENCH.with_name("flick")), "export", str(folder), "--stitch", str(out)],
                            env=cli.env, stderr=subprocess.PIPE, text=True)
    # Cancelled mid-write: once the partial file is there.
    wait_until(lambda: proc.poll() is None and any(p.name.startswith(PARTIAL) for p in tmp_path.iterdir()),
               30, interval=0.05, what="the stitch under way")
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130  # 128 + SIGINT
    assert "cancelled" in err
    assert not out.exists()
    assert not any(p.name.startswith(PARTIAL) for p in tmp_path.iterdir())


def test_decisions_survive_sigkill_at_random_moments(cli, tmp_path):
    folder = tmp_path / "crash"
    folder.mkdir()
    for i in range(60):
        (folder / f"clip{i:03d}.mp4").write_bytes(b"v")
    rng = random.Random(7)
    expected = {}
    kills = 25
    killed_mid_run = 0
    for round_ in range(kills):
        proc = subprocess.Popen([str(BENCH), "drive", str(folder), "--random", "400", "--seed", str(round_ + 1),
                                 "--pause-ms", "1"],
                                env=cli.env, stdout=subprocess.PIPE, text=True)
        time.sleep(rng.uniform(0.05, 0.4))  # the test's point: a kill at a random moment
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate(timeout=30)
        killed_mid_run += proc.returncode == -signal.SIGKILL
        in_flight = None
        for line in out.splitlines():
            fields = line.split("\t")
            if len(fields) != 3:
                continue  # a line cut by the kill
            kind, path, value = fields
            value = None if value == "null" else value
            if kind == "intent":
                in_flight = (path, value)
            elif kind == "ack":
                expected[path] = value
                in_flight = None
        stored = cli.decisions(folder)
        for path, value in expected.items():
            if in_flight and in_flight[0] == path and stored[path] == in_flight[1]:
                expected[path] = in_flight[1]  # committed, killed before the ack
                continue
            assert stored[path] == value, f"round {round_}: {path} is {stored[path]}, acknowledged {value}"
        if in_flight and stored[in_flight[0]] == in_flight[1]:
            expected[in_flight[0]] = in_flight[1]
    db = sqlite3.connect(cli.data / "flick" / "flick.db")
    assert db.execute("pragma integrity_check").fetchone()[0] == "ok"
    assert len(expected) > 20
    assert killed_mid_run >= kills // 2
