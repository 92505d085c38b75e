"""Two Flick processes on one store at once: an Apply held between two files
(at its open of the folder for the second one: cli.run_held) while a
terminal runs `flick status` and another process decides. Every decision
and every move lands."""
import os

from cli import Cli, run_held


def test_status_and_decisions_while_another_flick_applies(tmp_path):
    cli = Cli(tmp_path)
    clips = tmp_path / "clips"
    clips.mkdir()
    for i, name in enumerate(["a.mp4", "b.mp4", "c.mp4", "d.mp4"]):
        (clips / name).write_bytes(bytes([i]) * 1000)
    cli.drive(clips, "delete", "delete")
    seen = {}

    def meanwhile():
        seen["status"] = cli.decisions(clips)
        cli.drive(clips, "like", "skip")

    apply, out, err = run_held(cli, "apply", clips, meanwhile=meanwhile)
    assert apply.returncode == 0, err
    assert "Moved 2 files" in out
    assert seen["status"] == {"b.mp4": "delete", "c.mp4": None, "d.mp4": None}
    assert sorted(os.listdir(cli.trash / "files")) == ["a.mp4", "b.mp4"]
    # Both processes are gone; a third reads everything the second decided.
    assert cli.decisions(clips) == {"c.mp4": "like", "d.mp4": "skip"}
