"""The app shell under Xvfb: window, accessibility tree, playback, bad input
and single-instance behaviour."""
import time

import pytest

from harness import ROOT, FlickSession, find_nodes, image_stats, pixels_changed, wait_until

SAMPLES = ROOT / "data" / "samples"


@pytest.fixture(scope="module")
def samples():
    """One Flick on the sample deck, with its window id and first tree, for
    the checks below that only look at it (none decides, seeks or opens
    anything): a window of its own each would add a start-up per check."""
    with FlickSession([str(SAMPLES)]) as s:
        wid = s.wait_for_window()
        yield s, wid, s.atspi_tree()


def test_window_opens_titled_flick_on_the_sample_deck(samples):
    s, wid, tree = samples
    assert s.window_name(wid) == "Flick"
    assert find_nodes(tree, contains=str(SAMPLES)), "the subtitle names the sample folder"
    assert find_nodes(tree, role="push button", contains="Clip 1 of 12: beach_rally_01.mp4"), \
        "the first clip in natural order is on top"
    assert find_nodes(tree, name="1 of 12")


def test_accessibility_tree_has_frame_and_open_folder_button(samples):
    _, _, tree = samples
    frames = find_nodes(tree, role="frame", name="Flick")
    assert frames, f"no frame named Flick in {tree['children']}"
    buttons = find_nodes(tree, role="push button", name="Open Folder")
    assert buttons, "no Open Folder push button"
    assert "click" in buttons[0]["actions"]


def test_screenshot_is_not_blank(samples, artifacts):
    s, _, _ = samples
    shot = s.screenshot(artifacts / "window.png")
    deviation, colours = image_stats(shot)
    assert deviation > 0.05, f"screen is flat (sd {deviation})"
    assert colours > 50, f"only {colours} colours on screen"


def test_top_clip_plays(samples):
    s, _, _ = samples
    wait_until(lambda: find_nodes(s.atspi_tree(), role="push button", name="Pause"), 15,
               what="the player bar offering Pause")
    a = s.screenshot(s.tmp / "a.png")
    time.sleep(1.0)  # the interval the picture is watched over
    b = s.screenshot(s.tmp / "b.png")
    changed = pixels_changed(a, b)
    assert changed > 2000, f"only {changed} pixels changed in 1 s: the clip is not playing"


def test_photo_deck_is_still():
    """Control for test_top_clip_plays: a still card does not change."""
    folder = ROOT / ".build" / "gui-photo-deck"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "team_photo.jpg").write_bytes((SAMPLES / "team_photo.jpg").read_bytes())
    from test_review import Review
    with Review(folder) as s:
        wait_until(lambda: find_nodes(s.atspi_tree(), contains="Clip 1 of 1: team_photo.jpg"), 15, what="the photo's card")
        # The analysis line under the header bar coming or going would move the photo.
        s.settled()
        # The photo is drawn once two screenshots a moment apart agree.
        shots = [s.screenshot(s.tmp / "settle-0.png")]

        def drawn():
            shots.append(s.screenshot(s.tmp / f"settle-{len(shots) % 2}.png"))
            return image_stats(shots[-1])[0] > 0.05 and pixels_changed(shots[-2], shots[-1]) < 200
        wait_until(drawn, 10, interval=0.2, what="the photo drawn")
        a = s.screenshot(s.tmp / "a.png")
        time.sleep(1.0)  # the interval the picture is watched over
        b = s.screenshot(s.tmp / "b.png")
        assert pixels_changed(a, b) < 200


def test_missing_folder_shows_error_in_window_and_stderr():
    with FlickSession(["/no/such/folder"]) as s:
        s.wait_for_window()
        message = "Can’t open “/no/such/folder”: there is no such folder."
        tree = s.atspi_tree()
        assert find_nodes(tree, contains=message), "the error page names the path and reason"
        assert message in s.stderr()
        assert "Fatal error" not in s.stderr() and "Stack dump" not in s.stderr()


def test_file_instead_of_folder_shows_error():
    target = SAMPLES / "team_photo.jpg"
    with FlickSession([target]) as s:
        s.wait_for_window()
        message = f"Can’t open “{target}”: it is a file, not a folder."
        assert find_nodes(s.atspi_tree(), contains=message)
        assert message in s.stderr()


def test_empty_folder_shows_empty_state(tmp_path):
    (tmp_path / "notes.txt").write_text("not a clip")
    with FlickSession([tmp_path]) as s:
        s.wait_for_window()
        tree = s.atspi_tree()
        assert find_nodes(tree, name="No Clips Here")
        assert find_nodes(tree, role="push button", name="Open Folder…")


def test_second_launch_opens_folder_in_the_running_window(tmp_path):
    (tmp_path / "second_deck.webm").write_bytes((SAMPLES / "final_point.webm").read_bytes())
    with FlickSession([str(SAMPLES)]) as s:
        s.wait_for_window()
        code, output = s.launch([tmp_path], wait=True)
        assert code == 0, output
        assert s.flick.poll() is None, "the first instance keeps running"
        wait_until(lambda: find_nodes(s.atspi_tree(), role="push button", contains="Clip 1 of 1: second_deck.webm"), 15,
                   what="the forwarded folder")
        ids = s.run("xdotool", "search", "--onlyvisible", "--name", "^Flick$").split()
        assert len(ids) == 1, f"one window, not {len(ids)}"


def test_usage_errors_exit_1_without_a_display():
    import subprocess
    from harness import FLICK
    res = subprocess.run([str(FLICK), "--no-such-option"], capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"})
    assert res.returncode == 1
    assert "Unknown option '--no-such-option'" in res.stderr
    res = subprocess.run([str(FLICK), "--help"], capture_output=True, text=True)
    assert res.returncode == 0 and "USAGE" in res.stdout
