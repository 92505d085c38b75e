"""A Live Photo (a JPEG still and a 2 s MOV of one name, made with ffmpeg)
through `flick apply` and `flick export`: one decision for both files, the
output naming both; and the window's Apply list naming each half with its
partner (the one test with a display)."""
import os
import subprocess
import urllib.parse

import pytest

from cli import Cli

STILL, VIDEO = "IMG_0001.JPG", "IMG_0001.MOV"


def ffmpeg(*args):
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", *map(str, args)], check=True, capture_output=True, timeout=60)


@pytest.fixture(scope="module")
def media(tmp_path_factory):
    d = tmp_path_factory.mktemp("media")
    ffmpeg("-f", "lavfi", "-i", "testsrc=size=320x240", "-frames:v", "1", d / STILL)
    ffmpeg("-f", "lavfi", "-i", "testsrc=size=160x120:rate=10", "-t", "2", "-c:v", "libx264", "-pix_fmt", "yuv420p", d / VIDEO)
    ffmpeg("-f", "lavfi", "-i", "smptebars=size=160x120:rate=10", "-t", "2", "-c:v", "libx264", "-pix_fmt", "yuv420p",
           d / "other.mp4")
    return d


def deck(tmp_path, media):
    folder = tmp_path / "phone"
    folder.mkdir()
    for name in (STILL, VIDEO, "other.mp4"):
        (folder / name).write_bytes((media / name).read_bytes())
    return folder


def test_apply_moves_a_marked_still_with_its_video_and_the_trash_gives_both_back(tmp_path, media):
    cli = Cli(tmp_path)
    folder = deck(tmp_path, media)
    cli.drive(folder, "delete")  # the still only
    dry = cli.run("apply", folder, "--dry-run", check=0)
    assert "Would move 2 files" in dry.stdout
    assert f"  {STILL} and its Live Photo video {VIDEO}\n" in dry.stdout
    result = cli.run("apply", folder, check=0)
    assert f"Moved {STILL} and its Live Photo video {VIDEO} together." in result.stdout
    assert sorted(os.listdir(folder)) == ["other.mp4"]
    files, info = cli.trash / "files", cli.trash / "info"
    assert sorted(os.listdir(files)) == [STILL, VIDEO]
    # Restore as the Files app does: each file back to its .trashinfo's Path.
    for name in (STILL, VIDEO):
        line = next(l for l in (info / f"{name}.trashinfo").read_text().splitlines() if l.startswith("Path="))
        original = urllib.parse.unquote(line[len("Path="):])
        assert original == str(folder / name)
        os.rename(files / name, original)
    for name in (STILL, VIDEO):
        assert (folder / name).read_bytes() == (media / name).read_bytes()
    assert cli.decisions(folder) == {STILL: None, VIDEO: None, "other.mp4": None}


def test_a_liked_video_keeps_its_marked_still_and_says_why(tmp_path, media):
    cli = Cli(tmp_path)
    folder = deck(tmp_path, media)
    cli.drive(folder, "delete", "like", "delete")
    result = cli.run("apply", folder)
    assert result.returncode == 3, result.stderr
    assert (f"{STILL} stays: its Live Photo video {VIDEO} is liked, and a like keeps the whole Live Photo"
            in result.stderr)
    assert "Moved 1 file" in result.stdout
    assert sorted(os.listdir(folder)) == [STILL, VIDEO]
    assert sorted(os.listdir(cli.trash / "files")) == ["other.mp4"]


def test_export_copies_both_halves_and_a_timeline_takes_the_video(tmp_path, media):
    cli = Cli(tmp_path)
    folder = deck(tmp_path, media)
    cli.drive(folder, "like")  # the still only
    out = tmp_path / "out"
    out.mkdir()
    result = cli.run("export", folder, "--copy-to", out / "copies", "--otio", out / "likes.otio",
                     "--playlist", out / "likes.m3u8", check=0)
    assert f"Copied {STILL} and its Live Photo video {VIDEO} together." in result.stdout
    assert f"Live Photo {STILL} is in it as its video {VIDEO}." in result.stdout
    assert sorted(os.listdir(out / "copies")) == [STILL, VIDEO]
    otio = (out / "likes.otio").read_text()
    assert VIDEO in otio and STILL not in otio
    playlist = (out / "likes.m3u8").read_text()
    assert VIDEO in playlist and STILL not in playlist


def test_the_apply_list_names_each_half_with_its_partner_and_moves_both(tmp_path, media):
    """The window: the still marked on its card; Apply Deletions… lists
    both files, each row naming its partner, and moves both."""
    from test_overview import click_when_ready, open_overview
    import observe_overview as ov
    from test_review import Review
    folder = deck(tmp_path, media)
    with Review(folder, data_home=tmp_path / "data") as s:
        s.wait_for(lambda: STILL in (s.top_name() or ""), "the still on top", timeout=30)
        s.key("d")
        s.wait_for(lambda: s.store_status()["counts"]["delete"] == 1, "the still marked")
        open_overview(s)
        click_when_ready(s, "push button", "Apply Deletions…")
        shown = s.wait_for(lambda: ov.dialog(s), "the Apply dialog")
        assert shown["files"] == [f"{STILL}, with its Live Photo video {VIDEO}", f"{VIDEO}, the video of Live Photo {STILL}"]
        assert shown["body"].startswith("2 files will be moved to the Trash, freeing "), shown["body"]
        click_when_ready(s, "push button", "Move to Trash")
        s.wait_for(lambda: sorted(os.listdir(folder)) == ["other.mp4"], "both halves moved")
    assert sorted(os.listdir(tmp_path / "data" / "Trash" / "files")) == [STILL, VIDEO]
