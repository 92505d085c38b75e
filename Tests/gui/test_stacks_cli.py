"""Stacks through `flick status` on real media cut from Debian's opencv-doc
examples: bursts, a chat copy, an exact copy, a Live Photo, a trimmed clip;
and what must stay alone: a box and the same box in clutter, another
moment of one fixed camera. No display is used."""
import json
import os
import re
import shutil
import signal
import subprocess
import time

import pytest

from cli import Cli
from file_reads import FileReads, child_of, signal_reached_a_thread
from harness import FLICK, wait_until

DATA = "/usr/share/doc/opencv-doc/examples/data"
# Seconds a file the analysis must not open is held: well past the half
# second the command gives its worker after Ctrl+C before leaving it behind.
HOLD_SECONDS = 5


def tool(*args):
    subprocess.run([str(a) for a in args], check=True, capture_output=True, timeout=120)


@pytest.fixture(scope="module")
def phone(tmp_path_factory):
    """A phone folder with stacks of every kind and items that are alone."""
    d = tmp_path_factory.mktemp("phone")
    (d / "sub").mkdir()
    for i, at in enumerate(["10.00", "10.25", "10.50"]):
        shot = d / f"IMG_200{i}_BURST.jpg"
        tool("ffmpeg", "-v", "error", "-y", "-ss", at, "-i", f"{DATA}/vtest.avi", "-frames:v", "1", "-q:v", "3", shot)
        tool("exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2024:05:01 12:00:10",
             f"-SubSecTimeOriginal={at.split('.')[1]}", shot)
    tool("ffmpeg", "-v", "error", "-y", "-i", f"{DATA}/fruits.jpg", "-q:v", "3", d / "fruits.jpg")
    tool("cwebp", "-quiet", "-q", "50", "-resize", "256", "0", d / "fruits.jpg", "-o", d / "fruits-chat.webp")
    shutil.copy(f"{DATA}/baboon.jpg", d / "baboon.jpg")
    shutil.copy(f"{DATA}/baboon.jpg", d / "sub" / "baboon copy.jpg")
    tool("ffmpeg", "-v", "error", "-y", "-i", f"{DATA}/home.jpg", "-q:v", "3", d / "IMG_0042.JPG")
    tool("ffmpeg", "-v", "error", "-y", "-ss", "2", "-t", "2", "-i", f"{DATA}/Megamind.avi", "-an",
         "-c:v", "libx264", "-preset", "ultrafast", d / "IMG_0042.MOV")
    shutil.copy(f"{DATA}/box.png", d / "box.png")
    shutil.copy(f"{DATA}/box_in_scene.png", d / "box_in_scene.png")
    x264 = ["-an", "-c:v", "libx264", "-preset", "ultrafast"]
    tool("ffmpeg", "-v", "error", "-y", "-ss", "5", "-t", "8", "-i", f"{DATA}/vtest.avi", *x264, d / "rally1.mp4")
    tool("ffmpeg", "-v", "error", "-y", "-ss", "7.3", "-t", "5", "-i", f"{DATA}/vtest.avi", "-vf", "scale=384:-2",
         *x264, "-crf", "32", d / "rally1-trimmed.mp4")
    tool("ffmpeg", "-v", "error", "-y", "-ss", "45", "-t", "8", "-i", f"{DATA}/vtest.avi", *x264, d / "rally2.mp4")
    return d


@pytest.fixture(scope="module")
def first_look(phone, tmp_path_factory):
    """The folder's first `flick status --recursive --json`, into a store of
    its own: (the Cli of that store, what the command printed). Both tests
    below read it; the second goes on with the store it left (the analysis
    of every file of the folder, made once for the two)."""
    cli = Cli(tmp_path_factory.mktemp("first-look"))
    return cli, cli.run("status", phone, "--recursive", "--json", check=0)


def stacks_of(status):
    """{path: (stack id, kind)} and the members of each stack id."""
    of = {c["path"]: (c["stack"], c["stack_kind"]) for c in status["clips"]}
    members = {}
    for path, (stack, _) in of.items():
        if stack is not None:
            members.setdefault(stack, set()).add(path)
    return of, members


def test_status_json_gives_each_item_its_stack(first_look):
    _, result = first_look
    assert "Looking for stacks" in result.stderr and "(14 of 14)" in result.stderr
    status = json.loads(result.stdout)
    of, members = stacks_of(status)
    groups = sorted((sorted(m), of[next(iter(m))][1]) for m in members.values())
    assert groups == [
        (["IMG_0042.JPG", "IMG_0042.MOV"], "live"),
        (["IMG_2000_BURST.jpg", "IMG_2001_BURST.jpg", "IMG_2002_BURST.jpg"], "similar"),
        (["baboon.jpg", "sub/baboon copy.jpg"], "copy"),
        (["fruits-chat.webp", "fruits.jpg"], "similar"),
        (["rally1-trimmed.mp4", "rally1.mp4"], "similar"),
    ]
    for alone in ["box.png", "box_in_scene.png", "rally2.mp4"]:
        assert of[alone] == (None, None)
    assert status["stacks"] == {"copy": 1, "live": 1, "similar": 3}


def test_a_reopened_folder_needs_no_work_and_no_stacks_turns_it_off(phone, first_look):
    cli, looked = first_look
    # The folder was looked at once (the first JSON above): its text says the same stacks.
    assert "Looking for stacks" in looked.stderr
    first = cli.run("status", phone, "--recursive", check=0)
    assert "5 stacks: 3 of similar items (7 files), 1 of exact copies (2 files), 1 Live Photo (2 files)" in first.stdout
    assert re.search(r"IMG_0042\.JPG  \[stack (\d+): live\]  \[[^]]+\]\n.*IMG_0042\.MOV  \[stack \1: live\]", first.stdout)
    again = cli.run("status", phone, "--recursive", "--json", check=0)
    assert "Looking for stacks" not in again.stderr
    assert json.loads(again.stdout)["stacks"] == {"copy": 1, "live": 1, "similar": 3}
    off = cli.run("status", phone, "--recursive", "--json", "--no-stacks", check=0)
    status = json.loads(off.stdout)
    assert "stacks" not in status and all(c["stack"] is None for c in status["clips"])
    text = cli.run("status", phone, "--recursive", "--no-stacks", check=0).stdout
    assert "[stack" not in text and "stacks:" not in text and re.search(r"  baboon\.jpg  \[[0-9.]+\u00a0kB\]\n", text)


def test_ctrl_c_while_looking_for_stacks_prints_nothing_and_the_next_run_finishes(phone, tmp_path):
    """The command is held while it looks for stacks, at its worker's
    open of GStreamer's registry (what the analysis starts with; the scan
    before it opens no file of the folder). Ctrl+C then must stop the
    analysis before it opens a single file: should it go on, its first open
    of the folder's first file is held until the command is gone, so the
    command would be left behind, saying its file system did not answer."""
    cli = Cli(tmp_path)
    registry = tmp_path / "gst-registry.bin"
    env = dict(cli.env, GST_REGISTRY=str(registry))
    subprocess.run(["gst-inspect-1.0", "coreelements"], env=env, check=True, capture_output=True, timeout=120)
    proc = None
    worker = None

    def interrupt_while_looking():
        nonlocal worker
        worker = child_of(proc)
        proc.send_signal(signal.SIGINT)
        wait_until(lambda: signal_reached_a_thread(worker, signal.SIGINT), 10, interval=0.001,
                   what="Ctrl+C passed on to the status worker")

    def hold_until_the_command_is_gone():
        deadline = time.monotonic() + HOLD_SECONDS
        while os.path.exists(f"/proc/{worker}") and time.monotonic() < deadline:
            time.sleep(0.01)

    with FileReads(registry, at=1, action=interrupt_while_looking, pid=lambda: child_of(proc), opens_only=True) as held, \
            FileReads(phone / "baboon.jpg", at=1, action=hold_until_the_command_is_gone, pid=lambda: child_of(proc),
                      opens_only=True) as analysed:
        proc = subprocess.Popen([str(FLICK), "status", str(phone), "--recursive", "--json"], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            out, err = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
    assert held.acted.is_set(), f"status never opened GStreamer's registry: {err}"
    assert not analysed.events, f"the analysis went on after Ctrl+C: {err}"
    assert proc.returncode == 130, err
    assert out == ""
    assert "Stopped while looking for stacks" in err and "Nothing was printed; what was analysed is kept." in err, err
    status = json.loads(cli.run("status", phone, "--recursive", "--json", check=0).stdout)
    assert status["stacks"] == {"copy": 1, "live": 1, "similar": 3}
