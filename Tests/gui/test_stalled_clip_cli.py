"""A clip whose bytes stop coming while `flick status` looks for stacks:
a fanotify permission event (file_reads.py) holds the analysis's read of
it inside read(2), as a share whose server stopped answering holds it
(the kernel waits; nothing in the process can end the read). After the
stall limit (10 s) the clip is left out, named with the reason on
stderr, and the command finishes with the other clips' stack, while the
read is still held. No display is used."""
import json
import subprocess
import threading

from cli import Cli
from file_reads import FileReads, child_of
from harness import FLICK

DATA = "/usr/share/doc/opencv-doc/examples/data"
# Seconds the read is held at most: well past the 10 s stall limit, so
# only a decode that gives up by itself lets the command finish.
HOLD_SECONDS = 90
# Seconds the command may take: the stall limit and the other clips'
# analysis on a loaded machine, well short of the hold.
STATUS_LIMIT = 60


def tool(*args):
    subprocess.run([str(a) for a in args], check=True, capture_output=True, timeout=120)


def test_a_clip_that_stops_answering_is_left_out_and_the_rest_analysed(tmp_path):
    folder = tmp_path / "clips"
    folder.mkdir()
    x264 = ["-an", "-c:v", "libx264", "-preset", "ultrafast"]
    tool("ffmpeg", "-v", "error", "-y", "-ss", "5", "-t", "8", "-i", f"{DATA}/vtest.avi", *x264, folder / "rally1.mp4")
    tool("ffmpeg", "-v", "error", "-y", "-ss", "7.3", "-t", "5", "-i", f"{DATA}/vtest.avi", "-vf", "scale=384:-2",
         *x264, "-crf", "32", folder / "rally1-trimmed.mp4")
    tool("ffmpeg", "-v", "error", "-y", "-ss", "2", "-t", "3", "-i", f"{DATA}/Megamind.avi", *x264, folder / "stuck.mp4")
    cli = Cli(tmp_path)
    held, release = threading.Event(), threading.Event()

    def hold():
        held.set()
        release.wait(HOLD_SECONDS)

    # The first read of the clip's bytes is the analysis's (listing the folder only looks at its size and times).
    with FileReads(folder / "stuck.mp4", at=lambda events: events.count("read") == 1, action=hold,
                   pid=lambda: child_of(proc)):
        proc = subprocess.Popen([str(FLICK), "status", str(folder), "--json"], env=cli.env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            out, err = proc.communicate(timeout=STATUS_LIMIT)
        finally:
            release.set()
            if proc.poll() is None:
                proc.kill()
    assert held.is_set(), f"the analysis never read stuck.mp4: {err}"
    assert proc.returncode == 0, err
    assert "stuck.mp4: its file system stopped answering for 10 s" in err, err
    status = json.loads(out)
    stacks = {c["path"]: c["stack"] for c in status["clips"]}
    assert stacks["stuck.mp4"] is None
    assert stacks["rally1.mp4"] is not None and stacks["rally1.mp4"] == stacks["rally1-trimmed.mp4"], stacks
