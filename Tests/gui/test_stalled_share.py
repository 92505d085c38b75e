"""Flick on a network share whose server stops answering (sshfs to a local
sshd whose SFTP server is stopped with SIGSTOP, stalled_share.py): SIGINT
and SIGTERM end `status`, `apply` and `export` within a second, each saying
what it finished and writing nothing after the signal; the window opens the
folder without freezing, and quits at once.

A command is signalled once one of its threads waits on the share (state D
in /proc), never after a sleep. The time from the signal to the exit is
printed (pytest -s shows it) and must stay under `EXIT_LIMIT`: a second,
and a margin for a loaded CI machine."""
import os
import signal
import subprocess
import time

import pytest

import observe_overview as ov
from cli import FLICK, Cli
from file_reads import FileReads, child_of
from harness import FlickSession, find_nodes, wait_until
from stalled_share import StalledShare, waits_on_the_share
from test_editors_gui import open_export_dialog
from test_review import Review, photo_deck

# Seconds a stopped command may take to exit: the promise is one second.
EXIT_LIMIT = 2.0
# Seconds from Cancel to the window's report as the test sees it: the
# second, plus the AT-SPI reads that find the dialog (a separate process
# each, about half a second on a loaded machine).
REPORT_LIMIT = 3.0
PARTIAL = ".flick-partial-"


@pytest.fixture
def share(tmp_path):
    with StalledShare(tmp_path) as share:
        yield share


@pytest.fixture
def cli(tmp_path):
    return Cli(tmp_path)


def deck(share, names):
    """Clips written on the server's side: the share lists them."""
    served = share.served / "clips"
    served.mkdir()
    for i, name in enumerate(names):
        (served / name).write_bytes(bytes([i + 1]) * 4000)
    return share.mount / "clips"


def only_dialog(s, name):
    """Whether the window's one dialog is `name` (its main window aside)."""
    return [w["name"] for w in s.atspi_windows() if w["name"] != "Flick"] == [name]


def stop_when_stuck(proc, number):
    """Sends `number` once the command waits on the stalled share; returns
    the seconds from the signal to the exit, and the exit status."""
    wait_until(lambda: proc.poll() is not None or waits_on_the_share(proc.pid), 30, interval=0.02,
               what="the command waiting on the stalled share")
    assert proc.poll() is None, f"the command ended before the share stalled it: {proc.communicate()}"
    start = time.monotonic()
    proc.send_signal(number)
    try:
        code = proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"still running 10 s after {signal.Signals(number).name}")
    took = time.monotonic() - start
    print(f"\n{' '.join(map(str, proc.args[1:3]))}: exited {took:.3f} s after {signal.Signals(number).name}")
    return took, code


def run_stuck(cli, args, number, env=None):
    out, err = cli.data.parent / "out.txt", cli.data.parent / "err.txt"
    with open(out, "w") as stdout, open(err, "w") as stderr:
        proc = subprocess.Popen([str(FLICK), *map(str, args)], env=env or cli.env, stdout=stdout, stderr=stderr)
    try:
        took, code = stop_when_stuck(proc, number)
    finally:
        if proc.poll() is None:
            proc.kill()
    return took, code, out.read_text(), err.read_text()


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM])
def test_status_stops_at_once_on_a_stalled_share(share, cli, number):
    folder = deck(share, ["a.mp4", "b.mp4"])
    cli.drive(folder, "like", "delete")
    share.stall()
    took, code, out, err = run_stuck(cli, ["status", folder], number)
    assert code == 128 + number, err
    assert took < EXIT_LIMIT
    assert f"Stopped while reading {folder}: its file system did not answer." in err
    assert "Nothing was printed." in err
    assert out == ""
    share.resume()
    assert cli.decisions(folder) == {"a.mp4": "like", "b.mp4": "delete"}


def test_apply_stopped_on_a_stalled_share_says_what_it_moved(share, cli, tmp_path):
    folder = deck(share, ["a.mp4", "b.mp4", "c.mp4"])
    cli.drive(folder, "delete", "delete", "delete")
    # Held as it opens the folder for its second file, once a.mp4 has
    # moved (file_reads.FileReads); the share stalls there.
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    proc = None
    try:
        with FileReads(folder, at=lambda events: not (folder / "a.mp4").exists(), action=share.stall,
                       pid=lambda: child_of(proc), opens_only=True) as reads:
            with open(out, "w") as stdout, open(err, "w") as stderr:
                proc = subprocess.Popen([str(FLICK), "apply", str(folder)], env=cli.env, stdout=stdout, stderr=stderr)
            wait_until(lambda: reads.acted.is_set() or proc.poll() is not None, 60, interval=0.02,
                       what="apply opening the folder for its second file")
        assert reads.acted.is_set(), err.read_text()
        took, code = stop_when_stuck(proc, signal.SIGINT)
    finally:
        if proc.poll() is None:
            proc.kill()
    err = err.read_text()
    assert code == 130, err
    assert took < EXIT_LIMIT
    assert "Stopped after 1 of 3 files; moved: a.mp4." in err
    assert "b.mp4 was being moved when its file system stopped answering" in err
    assert "1 file not yet moved stays marked for deletion." in err


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM])
def test_export_stopped_on_a_stalled_share_writes_no_playlist(share, cli, tmp_path, number):
    folder = deck(share, ["a.mp4", "b.mp4"])
    cli.drive(folder, "like", "like")
    playlist = tmp_path / "likes.m3u"
    share.stall()
    took, code, out, err = run_stuck(cli, ["export", folder, "--playlist", playlist], number)
    assert code == 128 + number, err
    assert took < EXIT_LIMIT
    assert "Stopped while reading" in err and "Nothing was written." in err
    share.resume()
    # The abandoned worker gets its answers now, and must still write nothing.
    wait_until(lambda: not any("flick" in p for p in _processes_of(cli)), 10, what="the abandoned worker to end")
    assert not playlist.exists()
    assert not any(p.name.startswith(PARTIAL) for p in tmp_path.iterdir())


def _processes_of(cli):
    """Command lines of the processes that use this test's decision store."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/environ", "rb") as f:
                    if f"XDG_DATA_HOME={cli.data}".encode() in f.read():
                        found.append(open(f"/proc/{entry}/cmdline", "rb").read().decode(errors="replace"))
            except OSError:
                pass
    return found


# -- the window ---------------------------------------------------------------

def shows(s, text, timeout=10):
    """Waits until the window's accessibility tree holds `text` (the main
    loop answers the AT-SPI query only when it runs)."""
    return wait_until(lambda: find_nodes(s.atspi_tree(timeout=timeout), contains=text), timeout, interval=0.2,
                      what=f"“{text}” in the window")


def test_the_window_opens_a_stalled_folder_answers_and_quits_at_once(share, tmp_path):
    folder = deck(share, ["a.mp4", "b.mp4"])
    share.stall()
    with FlickSession([folder], data_home=tmp_path / "data") as s:
        try:
            s.wait_for_window(timeout=15)
            # It says what it does, and takes input meanwhile.
            shows(s, "Reading Folder…")
            start = time.monotonic()
            s.key("ctrl+q")
            wait_until(lambda: s.window_id() is None, 10, interval=0.02, what="the window gone")
            took = time.monotonic() - start
            print(f"\nthe window closed {took:.3f} s after Ctrl+Q, its folder stalled")
            assert took < EXIT_LIMIT
        finally:
            share.resume()  # the app's scan thread gets its answer and the process ends


def test_cancel_ends_the_windows_apply_on_a_stalled_share(share, tmp_path):
    folder = deck(share, [])
    photo_deck(share.served / "clips", 3)
    data = tmp_path / "data"
    cli = Cli(tmp_path)
    cli.env["XDG_DATA_HOME"] = str(data)
    cli.drive(folder, "delete", "delete", "delete")
    with Review(folder, data_home=data) as s:
        # The analysis has read the share: from here only the move can wait on it.
        s.settled()
        try:
            s.atspi_do("push button", "Apply Deletions…")
            s.wait_for(lambda: (ov.dialog(s) or {}).get("heading") == "Move 3 Photos to the Trash?", "the Apply dialog")
            share.stall()
            s.atspi_do("push button", "Move to Trash")
            # GTK shows a button activated from the keyboard or a screen reader
            # pressed for a quarter second before it clicks: the Cancel below
            # must be the progress dialog's, not the closing question's.
            s.wait_for(lambda: only_dialog(s, "Moving to the Trash"), "the progress dialog alone")
            s.wait_for(lambda: waits_on_the_share(s.flick.pid), "the move waiting on the stalled share")
            s.atspi_do("push button", "Cancel")
            start = time.monotonic()  # the click is in
            shown = s.wait_for(lambda: (ov.dialog(s) or {}).get("heading") == "Moving Stopped" and ov.dialog(s),
                               "the report after Cancel", 10)
            took = time.monotonic() - start
            print(f"\nthe window's Apply ended {took:.3f} s after Cancel, its share stalled")
            assert took < REPORT_LIMIT
            text = " ".join(label["name"] for label in find_nodes(s.atspi_tree(windows="dialog"), role="label"))
            assert "card_000.png” was being moved when its file system stopped answering" in text, text
            assert "Cancelled: the files not yet moved stay marked for deletion." in text, text
        finally:
            share.resume()


def test_cancel_ends_the_windows_export_on_a_stalled_share(share, tmp_path):
    folder = deck(share, [])
    photo_deck(share.served / "clips", 2)
    data = tmp_path / "data"
    cli = Cli(tmp_path)
    cli.env["XDG_DATA_HOME"] = str(data)
    cli.drive(folder, "like", "like")
    out = tmp_path / "out"
    out.mkdir()
    with Review(folder, data_home=data) as s:
        # The analysis has read the share: from here only the export can wait on it.
        s.settled()
        try:
            open_export_dialog(s)
            s.atspi_do("push button", "Editor Timeline")
            wait_until(lambda: s.window_id("Save Editor Timeline"), 15, what="the save dialog")
            wait_until(lambda: [n for n in find_nodes(s.atspi_tree()) if n["focused"] and n["role"] == "text"], 15,
                       what="the save dialog's name field focused")
            s.xdotool("key", "ctrl+a", "sleep", "0.2", "type", "--delay", "20", str(out / "likes.mlt"))
            share.stall()
            s.xdotool("key", "Return")
            # The Cancel below must be the progress dialog's, not the file chooser's.
            s.wait_for(lambda: only_dialog(s, "Writing the Editor Timeline"), "the progress dialog alone", 15)
            s.wait_for(lambda: waits_on_the_share(s.flick.pid), "the export waiting on the stalled share", 15)
            s.atspi_do("push button", "Cancel")
            start = time.monotonic()  # the click is in
            s.wait_for(lambda: (ov.dialog(s) or {}).get("heading") == "Export Stopped", "the report after Cancel", 10)
            took = time.monotonic() - start
            print(f"\nthe window's Export ended {took:.3f} s after Cancel, its share stalled")
            assert took < REPORT_LIMIT
            assert find_nodes(s.atspi_tree(windows="dialog"), contains="Cancelled while a file system did not answer")
            assert not (out / "likes.mlt").exists()
        finally:
            share.resume()


def test_apply_on_a_share_moves_each_file_once_into_its_trash(share, cli):
    """sshfs can't rename without replacing and numbers a hard link as
    another file: the move's proof must still hold there, with each file
    in the share's own Trash once, its .trashinfo beside, nothing left."""
    folder = deck(share, ["a.mp4", "b.mp4", "c.mp4"])
    cli.drive(folder, "delete", "like", "delete")
    result = subprocess.run([str(FLICK), "apply", str(folder)], env=cli.env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Moved 2 files" in result.stdout
    assert "changed while it was being moved" not in result.stderr
    assert sorted(os.listdir(folder)) == ["b.mp4"]
    trash = share.mount / f".Trash-{os.getuid()}"
    assert sorted(os.listdir(trash / "files")) == ["a.mp4", "c.mp4"]
    assert sorted(os.listdir(trash / "info")) == ["a.mp4.trashinfo", "c.mp4.trashinfo"]
