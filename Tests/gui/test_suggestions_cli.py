"""Suggestions and space through `flick status` on real media made from
Debian's opencv-doc examples: a real clip cut to 0.7 s, real pictures
named as Android, GNOME and Samsung name screenshots, a real camera JPEG
(with a camera make and model) named like a screenshot, which is not
one, an exact copy, a real clip blacked out (a pocket) and a real photo
defocused. Nothing is marked by a suggestion. No display."""
import json
import shutil
import sqlite3
import subprocess

import pytest

from cli import Cli
from test_suggestions_window import glib_size

DATA = "/usr/share/doc/opencv-doc/examples/data"
X264 = ["-an", "-c:v", "libx264", "-preset", "ultrafast"]


def tool(*args):
    subprocess.run([str(a) for a in args], check=True, capture_output=True, timeout=120)


@pytest.fixture(scope="module")
def phone(tmp_path_factory):
    d = tmp_path_factory.mktemp("phone")
    tool("ffmpeg", "-v", "error", "-y", "-ss", "2", "-t", "0.7", "-i", f"{DATA}/Megamind.avi", *X264, d / "VID_20240101_120000.mp4")
    tool("ffmpeg", "-v", "error", "-y", "-ss", "5", "-t", "2", "-i", f"{DATA}/vtest.avi", *X264, d / "VID_20240101_130000.mp4")
    tool("ffmpeg", "-v", "error", "-y", "-ss", "9", "-t", "2", "-i", f"{DATA}/tree.avi", *X264, d / "screen-20240101-140000.mp4")
    shutil.copy(f"{DATA}/box.png", d / "Screenshot from 2024-01-01 12-00-00.png")
    shutil.copy(f"{DATA}/pic1.png", d / "Screenshot_20240101-120000.png")
    tool("ffmpeg", "-v", "error", "-y", "-i", f"{DATA}/fruits.jpg", "-q:v", "3", d / "Screenshot_20240101-150000_Chrome.jpg")
    camera = d / "Screenshot_20240101-160000.jpg"
    tool("ffmpeg", "-v", "error", "-y", "-i", f"{DATA}/home.jpg", "-q:v", "3", camera)
    tool("exiftool", "-q", "-overwrite_original", "-Make=Google", "-Model=Pixel 7", camera)
    shutil.copy(f"{DATA}/baboon.jpg", d / "baboon.jpg")
    shutil.copy(f"{DATA}/baboon.jpg", d / "baboon(1).jpg")
    tool("ffmpeg", "-v", "error", "-y", "-ss", "20", "-t", "2", "-i", f"{DATA}/vtest.avi", "-vf", "eq=brightness=-0.9", *X264,
         d / "VID_20240101_180000.mp4")
    tool("ffmpeg", "-v", "error", "-y", "-i", f"{DATA}/messi5.jpg", "-vf", "gblur=sigma=4", "-q:v", "2", d / "IMG_20240101_190000.jpg")
    return d


def decide(cli, decisions):
    db = sqlite3.connect(cli.data / "flick" / "flick.db")
    for path, decision in decisions.items():
        db.execute("update clip set decision = ? where path = ?", (decision, path))
    db.commit()
    db.close()


def test_status_json_gives_sizes_and_suggestions_with_their_reasons(phone, tmp_path):
    cli = Cli(tmp_path)
    status = json.loads(cli.run("status", phone, "--json", check=0).stdout)
    clips = {c["path"]: c for c in status["clips"]}
    assert {p: c["suggestions"] for p, c in clips.items()} == {
        "VID_20240101_120000.mp4": ["short"],
        "VID_20240101_130000.mp4": [],
        "screen-20240101-140000.mp4": ["screenshot"],
        "Screenshot from 2024-01-01 12-00-00.png": ["screenshot"],
        "Screenshot_20240101-120000.png": ["screenshot"],
        "Screenshot_20240101-150000_Chrome.jpg": ["screenshot"],
        "Screenshot_20240101-160000.jpg": [],  # a camera's photo, whatever its name
        "baboon.jpg": [],
        "baboon(1).jpg": ["copy"],
        "VID_20240101_180000.mp4": ["dark"],
        "IMG_20240101_190000.jpg": ["blurry"],
    }
    for path, clip in clips.items():
        assert clip["bytes"] == (phone / path).stat().st_size > 0
    total = sum((phone / p).stat().st_size for p in clips)
    assert (status["bytes"], status["bytes_delete"], status["bytes_like"]) == (total, 0, 0)
    assert status["suggested"] == {"blurry": 1, "copy": 1, "dark": 1, "screenshot": 4, "short": 1}
    assert status["counts"] == {"delete": 0, "like": 0, "skip": 0}  # a suggestion marks nothing


def test_status_text_says_the_space_marked_and_what_is_suggested(phone, tmp_path):
    cli = Cli(tmp_path)
    cli.run("status", phone, check=0)
    decide(cli, {"baboon(1).jpg": "delete", "VID_20240101_120000.mp4": "delete", "VID_20240101_130000.mp4": "like"})
    status = json.loads(cli.run("status", phone, "--json", check=0).stdout)
    size = {c["path"]: c["bytes"] for c in status["clips"]}
    marked = size["baboon(1).jpg"] + size["VID_20240101_120000.mp4"]
    assert (status["bytes_delete"], status["bytes_like"]) == (marked, size["VID_20240101_130000.mp4"])
    text = cli.run("status", phone, check=0).stdout
    # Each size in the window's words (GLib's g_format_size: "1.2\u00a0MB").
    total, liked = status["bytes"], size["VID_20240101_130000.mp4"]
    assert f"{glib_size(total)} in all · {glib_size(marked)} marked for deletion · {glib_size(liked)} liked\n" in text, text
    suggested = sum(c["bytes"] for c in status["clips"] if c["suggestions"])
    assert ("Suggested (nothing is marked): 1 short clip, 4 screenshots, 1 extra copy, 1 very dark, 1 blurry photo"
            f" · {glib_size(suggested)}\n") in text
    # Each item's size after its name, its stack and its reasons, in the same words.
    assert f"  -       VID_20240101_180000.mp4  [suggested: dark]  [{glib_size(size['VID_20240101_180000.mp4'])}]\n" in text
    assert f"  delete  VID_20240101_120000.mp4  [suggested: short]  [{glib_size(size['VID_20240101_120000.mp4'])}]\n" in text
    assert f"  delete  baboon(1).jpg  [stack 1: copy]  [suggested: copy]  [{glib_size(size['baboon(1).jpg'])}]\n" in text
    assert f"  like    VID_20240101_130000.mp4  [{glib_size(size['VID_20240101_130000.mp4'])}]\n" in text
    assert f"  -       Screenshot_20240101-160000.jpg  [{glib_size(size['Screenshot_20240101-160000.jpg'])}]\n" in text


def test_no_stacks_keeps_the_sizes_and_the_suggestions(phone, tmp_path):
    """`--no-stacks` turns stacking off, as the window's Preference does:
    every file alone, its suggestions still made. With `--no-suggestions`
    too, nothing is analysed: decisions and sizes only."""
    cli = Cli(tmp_path)
    run = cli.run("status", phone, "--json", "--no-stacks", check=0)
    assert "Looking for suggestions" in run.stderr
    status = json.loads(run.stdout)
    assert status["bytes"] == sum(c["bytes"] for c in status["clips"]) > 0
    clips = {c["path"]: c for c in status["clips"]}
    assert clips["VID_20240101_120000.mp4"]["suggestions"] == ["short"]
    assert clips["baboon(1).jpg"]["suggestions"] == ["copy"]  # an extra copy, though not stacked
    assert all(c["stack"] is None and c["stack_kind"] is None for c in status["clips"])
    assert "stacks" not in status
    assert status["suggested"] == {"blurry": 1, "copy": 1, "dark": 1, "screenshot": 4, "short": 1}
    text = cli.run("status", phone, "--no-stacks", check=0).stdout
    assert " marked for deletion · " in text and "[stack" not in text
    assert "VID_20240101_120000.mp4  [suggested: short]  [" in text
    assert "Suggested (nothing is marked): 1 short clip, 4 screenshots, 1 extra copy, 1 very dark, 1 blurry photo · " in text

    (tmp_path / "fresh").mkdir()
    fresh = Cli(tmp_path / "fresh")
    bare = fresh.run("status", phone, "--json", "--no-stacks", "--no-suggestions", check=0)
    assert "Looking for" not in bare.stderr
    status = json.loads(bare.stdout)
    assert "suggested" not in status and "stacks" not in status
    assert all("suggestions" not in c and "stack" not in c for c in status["clips"])
    assert status["bytes"] == sum(c["bytes"] for c in status["clips"]) > 0
    db = sqlite3.connect(fresh.data / "flick" / "flick.db")
    assert db.execute("select count(*) from analysis").fetchone() == (0,)
    db.close()
