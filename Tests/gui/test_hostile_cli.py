"""Flick's headless commands against a hostile folder: files swapped or renamed
after the decision, exports aimed at the deck, names no String compares safely,
a database cut to nothing, Ctrl+C mid-apply. No display, no sleeps: a FIFO
(file_reads.FileReads, at its open of the folder for the next file) holds
`flick apply` between two files."""
import json
import os
import signal
import sqlite3
import subprocess

import pytest

from cli import FLICK, Cli, make_clip
from file_reads import FileReads, child_of, signal_reached_a_thread
from harness import wait_until


@pytest.fixture
def cli(tmp_path):
    return Cli(tmp_path)


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "clips"
    d.mkdir()
    for i, name in enumerate(["a.mp4", "b.mp4", "c.mp4", "d.mp4"]):
        (d / name).write_bytes(bytes([i]) * 100)
    return d


def raw(path):
    """The bytes a `flick status --json` path stands for (docs/cli.md: U+F780–U+F7FF are single bytes)."""
    out = bytearray()
    for ch in path:
        code = ord(ch)
        out += bytes([code - 0xF700]) if 0xF780 <= code <= 0xF7FF else ch.encode()
    return bytes(out)


def set_decisions(cli, decision):
    db = sqlite3.connect(cli.data / "flick" / "flick.db")
    db.execute("update clip set decision = ? where state = 'present'", (decision,))
    db.commit()
    db.close()


def trashed(cli):
    files = cli.trash / "files"
    return sorted(os.listdir(os.fsencode(files))) if files.exists() else []


# Identity: a decision belongs to the file the user saw.

def test_a_file_replaced_after_the_decision_is_not_trashed(cli, folder, tmp_path):
    cli.drive(folder, "delete")
    os.rename(folder / "a.mp4", tmp_path / "decided.mp4")
    (folder / "a.mp4").write_bytes(b"\0" * 100)  # same name, same size: another file
    result = cli.run("apply", folder)
    assert result.returncode == 3
    assert "a.mp4: it changed since you reviewed it" in result.stderr
    assert (folder / "a.mp4").read_bytes() == b"\0" * 100
    assert trashed(cli) == []
    assert cli.decisions(folder)["a.mp4"] is None
    # The decided file comes back under another name: its decision with it.
    os.rename(tmp_path / "decided.mp4", folder / "z.mp4")
    assert cli.decisions(folder)["z.mp4"] == "delete"


def test_a_renamed_file_keeps_its_decision_and_is_trashed(cli, folder):
    cli.drive(folder, "like", "delete")
    os.rename(folder / "b.mp4", folder / "renamed.mp4")
    (folder / "b.mp4").write_bytes(b"\1" * 100)  # and another file takes the old name
    assert cli.decisions(folder) == {"a.mp4": "like", "b.mp4": None, "c.mp4": None, "d.mp4": None, "renamed.mp4": "delete"}
    result = cli.run("apply", folder, check=0)
    assert "Moved 1 file" in result.stdout
    assert trashed(cli) == [b"renamed.mp4"]
    assert sorted(p.name for p in folder.iterdir()) == ["a.mp4", "b.mp4", "c.mp4", "d.mp4"]


def test_a_problem_the_window_recorded_is_reported_until_the_file_changes(cli, folder):
    cli.status(folder)
    db = sqlite3.connect(cli.data / "flick" / "flick.db")
    db.execute("update clip set problem = 'not a video: it holds text' where path = 'b.mp4'")
    db.commit()
    db.close()
    errors = {c["path"]: c["error"] for c in cli.status(folder)["clips"]}
    assert errors == {"a.mp4": None, "b.mp4": "not a video: it holds text", "c.mp4": None, "d.mp4": None}
    with open(folder / "b.mp4", "ab") as f:  # the copy that was still arriving completes
        f.write(b"more")
    assert all(c["error"] is None for c in cli.status(folder)["clips"])


# Exports never overwrite and never write into the deck.

@pytest.mark.parametrize("option,name", [("--stitch", "a.mp4"), ("--playlist", "a.mp4"), ("--playlist", "new.m3u"),
                                         ("--stitch", "new.mp4"), ("--copy-to", "sub"), ("--copy-to", ".")])
@pytest.mark.parametrize("force", [False, True])
def test_an_export_onto_a_clip_or_into_the_folder_is_refused(cli, folder, option, name, force):
    cli.drive(folder, "like", "like")
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    result = cli.run("export", folder, option, folder / name, *(["--force"] if force else []))
    assert result.returncode == 3
    assert "reviewed folder" in result.stderr
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert trashed(cli) == []


def test_an_existing_destination_is_replaced_only_with_force(cli, folder, tmp_path):
    cli.drive(folder, "like", "skip", "like")
    playlist = tmp_path / "likes.m3u"
    playlist.write_text("mine\n")
    result = cli.run("export", folder, "--playlist", playlist)
    assert result.returncode == 3 and "already exists" in result.stderr
    assert playlist.read_text() == "mine\n"
    cli.run("export", folder, "--playlist", playlist, "--force", check=0)
    assert playlist.read_text().startswith("#EXTM3U\n")
    out = tmp_path / "out"
    out.mkdir()
    (out / "a.mp4").write_bytes(b"mine")
    result = cli.run("export", folder, "--copy-to", out)
    assert result.returncode == 3 and "already exists" in result.stderr
    assert sorted(p.name for p in out.iterdir()) == ["a.mp4"]
    cli.run("export", folder, "--copy-to", out, "--force", check=0)
    assert sorted(p.name for p in out.iterdir()) == ["a (2).mp4", "a.mp4", "c.mp4"]
    assert (out / "a.mp4").read_bytes() == b"mine"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".flick-partial")]


def test_a_killed_stitch_leaves_no_partial_that_lingers(cli, tmp_path):
    folder = tmp_path / "long"
    folder.mkdir()
    for i in range(2):
        make_clip(folder / f"l{i}.mp4", seconds=20, width=640, height=360, pattern="ball")
    make_clip(folder / "z.webm", seconds=20, width=640, height=360, codec="vp8")
    cli.drive(folder, "like", "like", "like")
    out = tmp_path / "out"
    out.mkdir()
    proc = subprocess.Popen([str(FLICK), "export", str(folder), "--stitch", str(out / "joined.mp4")],
                            env=cli.env, stderr=subprocess.PIPE, text=True)
    # Progress on stderr means the partial file is being written.
    assert "Stitching" in proc.stderr.readline()
    partials = [p for p in out.iterdir() if p.name.startswith(".flick-partial-")]
    assert len(partials) == 1 and len(partials[0].name) < 40
    proc.kill()
    proc.wait(timeout=30)
    assert partials[0].exists()
    # The next export into that folder removes what the killed one left.
    cli.run("export", folder, "--playlist", out / "likes.m3u", check=0)
    assert sorted(p.name for p in out.iterdir()) == ["likes.m3u"]


def test_stitch_takes_the_most_common_size_or_the_one_asked_for(cli, tmp_path):
    folder = tmp_path / "sizes"
    folder.mkdir()
    make_clip(folder / "a.mp4", width=320, height=320)
    make_clip(folder / "b.mp4", width=160, height=120)
    make_clip(folder / "c.webm", width=160, height=120, codec="vp8")
    cli.drive(folder, "like", "like", "like")

    def size(path):
        out = subprocess.run(["gst-discoverer-1.0", str(path)], capture_output=True, text=True, timeout=60).stdout
        return [line.split(":", 1)[1].strip() for line in out.splitlines() if line.strip().startswith(("Width", "Height"))]

    cli.run("export", folder, "--stitch", tmp_path / "common.mp4", check=0)
    assert size(tmp_path / "common.mp4") == ["160", "120"]
    cli.run("export", folder, "--stitch", tmp_path / "asked.mp4", "--size", "256x144", check=0)
    assert size(tmp_path / "asked.mp4") == ["256", "144"]
    assert cli.run("export", folder, "--stitch", tmp_path / "bad.mp4", "--size", "huge").returncode == 1


# Names are bytes.

def test_nfc_and_nfd_twins_are_two_clips(cli, tmp_path):
    folder = tmp_path / "twins"
    folder.mkdir()
    nfc, nfd = "caf\u00e9.mp4".encode(), "cafe\u0301.mp4".encode()
    for name, content in [(nfc, b"composed"), (nfd, b"decomposed")]:
        with open(os.path.join(os.fsencode(folder), name), "wb") as f:
            f.write(content)
    first = cli.status(folder)
    second = cli.status(folder)  # failed with "UNIQUE constraint failed"
    assert first == second and second["total"] == 2
    assert sorted(raw(c["path"]) for c in second["clips"]) == sorted([nfc, nfd])
    db = sqlite3.connect(cli.data / "flick" / "flick.db")
    db.execute("update clip set decision = 'delete' where cast(path as blob) = ?", (nfd,))
    db.commit()
    db.close()
    cli.run("apply", folder, check=0)
    assert os.listdir(os.fsencode(folder)) == [nfc]
    assert trashed(cli) == [nfd]


ODD = [b"f\xff\xfe clip.mp4", b"x" * 251 + b".mp4", b"\xef\x9f\xa9.mp4"]


def test_names_that_are_not_utf8_or_255_bytes_long_go_everywhere_exactly(cli, tmp_path):
    folder = tmp_path / "odd"
    folder.mkdir()
    for name in ODD:
        with open(os.path.join(os.fsencode(folder), name), "wb") as f:
            f.write(name)
    status = cli.status(folder)
    assert sorted(raw(c["path"]) for c in status["clips"]) == sorted(ODD)
    assert all(c["error"] is None for c in status["clips"])
    text = cli.run("status", folder, check=0).stdout
    assert "f\\xFF\\xFE clip.mp4" in text
    set_decisions(cli, "like")
    copies, links, playlist = tmp_path / "copies", tmp_path / "links", tmp_path / "odd.m3u"
    cli.run("export", folder, "--copy-to", copies, check=0)
    cli.run("export", folder, "--copy-to", links, "--link", check=0)
    cli.run("export", folder, "--playlist", playlist, check=0)
    for out in (copies, links):
        assert sorted(os.listdir(os.fsencode(out))) == sorted(ODD)
        for name in ODD:
            assert open(os.path.join(os.fsencode(out), name), "rb").read() == name
    lines = playlist.read_bytes().decode().splitlines()
    assert len(lines) == 7
    assert any(line.startswith("file://") and line.endswith("/f%FF%FE%20clip.mp4") for line in lines)
    set_decisions(cli, "delete")
    result = cli.run("apply", folder, check=0)
    assert "Moved 3 files" in result.stdout
    assert os.listdir(os.fsencode(folder)) == []
    assert len(trashed(cli)) == 3 and ODD[0] in trashed(cli)
    infos = [open(os.path.join(os.fsencode(cli.trash / "info"), n), "rb").read() for n in os.listdir(os.fsencode(cli.trash / "info"))]
    assert any(b"/" + b"x" * 251 + b".mp4\n" in info for info in infos)


def test_newlines_and_escapes_in_names_cannot_break_lines_or_drive_the_terminal(cli, tmp_path):
    folder = tmp_path / "ctl"
    folder.mkdir()
    (folder / "two\nlines.mp4").write_bytes(b"v")
    (folder / "esc\x1b[2J.mp4").write_bytes(b"w")  # other bytes: not a stack of copies
    text = cli.run("status", folder, check=0).stdout
    assert "\x1b" not in text
    assert text.count("\n") == 5  # the folder, the summary, the space, one line per clip
    assert "two\\nlines.mp4" in text and "esc\\x1B[2J.mp4" in text
    assert sorted(c["path"] for c in cli.status(folder)["clips"]) == ["esc\x1b[2J.mp4", "two\nlines.mp4"]
    set_decisions(cli, "like")
    playlist = tmp_path / "ctl.m3u"
    cli.run("export", folder, "--playlist", playlist, check=0)
    lines = playlist.read_text().splitlines()
    assert len(lines) == 5
    assert lines[2].endswith("/esc%1B%5B2J.mp4") and lines[4].endswith("/two%0Alines.mp4")


# The store refuses what it cannot trust.

def test_an_empty_database_is_refused_with_how_to_start_over(cli, folder):
    store = cli.data / "flick" / "flick.db"
    store.parent.mkdir(parents=True)
    store.write_bytes(b"")
    for command in (["status", folder], ["apply", folder]):
        result = cli.run(*command)
        assert result.returncode == 3
        assert str(store) in result.stderr and "0 bytes" in result.stderr and "To start over" in result.stderr
    assert store.stat().st_size == 0
    assert not (folder / ".." / "data" / "Trash").exists()


def test_ctrl_c_during_apply_stops_between_files(cli, folder, tmp_path):
    cli.drive(folder, "delete", "delete", "delete", "delete")
    proc = None

    def interrupt_between_files():
        # Apply is held opening the folder for its second file: Ctrl+C
        # now, and let it go once the signal has reached its worker.
        proc.send_signal(signal.SIGINT)
        wait_until(lambda: signal_reached_a_thread(child_of(proc), signal.SIGINT), 10, interval=0.001,
                   what="Ctrl+C passed on to apply's worker")

    with FileReads(folder, at=lambda events: trashed(cli) != [], action=interrupt_between_files,
                   pid=lambda: child_of(proc), opens_only=True) as reads:
        proc = subprocess.Popen([str(FLICK), "apply", str(folder)], env=cli.env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        out, err = proc.communicate(timeout=60)
    was_held = reads.acted.is_set()
    assert was_held, f"apply never held between two files: {out} {err}"
    assert proc.returncode == 130  # 128 + SIGINT
    assert "Moved 1 file" in out
    assert "Cancelled; 3 files not yet moved stay marked for deletion." in err
    assert trashed(cli) == [b"a.mp4"]
    assert [c["decision"] for c in cli.status(folder)["clips"]] == ["delete", "delete", "delete"]
