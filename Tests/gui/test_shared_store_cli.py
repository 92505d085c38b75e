"""Two Flick processes on one store at once: an Apply held between two files
(a FIFO, FLICK_TEST_BETWEEN_FILES) while a terminal runs `flick status` and
another process decides. Every decision and every move lands."""
import os
import subprocess
import threading

from cli import FLICK, Cli


def test_status_and_decisions_while_another_flick_applies(tmp_path):
    cli = Cli(tmp_path)
    clips = tmp_path / "clips"
    clips.mkdir()
    for i, name in enumerate(["a.mp4", "b.mp4", "c.mp4", "d.mp4"]):
        (clips / name).write_bytes(bytes([i]) * 1000)
    cli.drive(clips, "delete", "delete")
    fifo = tmp_path / "between"
    os.mkfifo(fifo)
    env = dict(cli.env, FLICK_TEST_BETWEEN_FILES=str(fifo))
    apply = subprocess.Popen([str(FLICK), "apply", str(clips)], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    seen = {}

    def meanwhile():
        # Opening the FIFO waits until apply has moved a.mp4 and holds.
        with open(fifo, "w"):
            seen["status"] = cli.decisions(clips)
            cli.drive(clips, "like", "skip")

    worker = threading.Thread(target=meanwhile, daemon=True)
    worker.start()
    out, err = apply.communicate(timeout=60)
    worker.join(timeout=60)
    assert apply.returncode == 0, err
    assert "Moved 2 files" in out
    assert seen["status"] == {"b.mp4": "delete", "c.mp4": None, "d.mp4": None}
    assert sorted(os.listdir(cli.trash / "files")) == ["a.mp4", "b.mp4"]
    # Both processes are gone; a third reads everything the second decided.
    assert cli.decisions(clips) == {"c.mp4": "like", "d.mp4": "skip"}
