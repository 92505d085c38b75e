"""Runs Flick's headless commands (no display) with a private XDG_DATA_HOME,
and makes real clips with GStreamer for them."""
import json
import os
import subprocess
from pathlib import Path

from harness import FLICK

BENCH = FLICK.with_name("flick-bench")


class Cli:
    def __init__(self, tmp_path):
        self.data = tmp_path / "data"
        self.data.mkdir(exist_ok=True)
        self.env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        self.env["XDG_DATA_HOME"] = str(self.data)
        self.env["HOME"] = str(tmp_path)

    def run(self, *args, check=None, timeout=120, binary=FLICK):
        result = subprocess.run([str(binary), *map(str, args)], env=self.env, capture_output=True,
                                text=True, timeout=timeout)
        if check is not None:
            assert result.returncode == check, f"{args} exited {result.returncode}: {result.stderr}"
        return result

    def status(self, folder):
        return json.loads(self.run("status", folder, "--json", check=0).stdout)

    def drive(self, folder, *actions):
        return self.run("drive", folder, "--actions", ",".join(actions), check=0, binary=BENCH)

    def decisions(self, folder):
        return {c["path"]: c["decision"] for c in self.status(folder)["clips"]}

    @property
    def trash(self):
        return self.data / "Trash"


def make_clip(path, seconds=1, width=160, height=120, pattern="smpte", codec="x264", fps=25):
    """A real clip: videotestsrc encoded with x264/mp4 or vp8/webm."""
    enc = {"x264": "x264enc speed-preset=ultrafast ! video/x-h264,profile=main ! mp4mux",
           "vp8": "vp8enc deadline=1 ! webmmux"}[codec]
    pipeline = (f"videotestsrc pattern={pattern} num-buffers={seconds * fps} ! "
                f"video/x-raw,width={width},height={height},framerate={fps}/1,format=I420 ! {enc} ! "
                f"filesink location=\"{path}\"")
    subprocess.run(["gst-launch-1.0", "-q", *pipeline.split(" ")], check=True, timeout=60,
                   capture_output=True)
    return Path(path)


def duration(path):
    out = subprocess.run(["gst-discoverer-1.0", str(path)], capture_output=True, text=True, timeout=60).stdout
    for line in out.splitlines():
        if line.strip().startswith("Duration:"):
            h, m, s = line.split(":", 1)[1].strip().split(":")
            return int(h) * 3600 + int(m) * 60 + float(s)
    raise AssertionError(f"no duration for {path}: {out}")


def run_held(cli, *args, meanwhile, moved=None):
    """Runs `flick apply FOLDER…` held as it goes on to its second file and
    calls `meanwhile()` there; no sleeps. The hold is its open of the
    reviewed folder once the first file has moved (fanotify permission
    events, file_reads.FileReads): each file's move starts by opening the
    folder, outside any store transaction. `moved()` says whether the
    first file has moved (default: the home Trash holds a file). Returns
    the finished process, its stdout and stderr."""
    from file_reads import FileReads, child_of
    folder = Path(args[1])
    moved = moved or (lambda: any((cli.trash / "files").glob("*")))
    proc = None
    with FileReads(folder, at=lambda events: moved(), action=meanwhile, pid=lambda: child_of(proc),
                   opens_only=True) as reads:
        proc = subprocess.Popen([str(FLICK), *map(str, args)], env=cli.env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        out, err = proc.communicate(timeout=60)
    assert reads.acted.is_set(), f"flick {args} never held between two files: {out} {err}"
    return proc, out, err
