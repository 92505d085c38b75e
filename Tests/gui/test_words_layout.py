"""Small things a user reads: the player bar says a clip's length once
("clip.mp4 · 160×120" beside "0:01 / 0:03", not "0:03" twice); a tile with
no picture (a file that can't be decoded) shows an icon, never a blank box;
and a long name keeps its end, where phone names differ. Read from the
accessibility tree and screenshots."""
import re
import subprocess
from pathlib import Path

import observe_overview as ov
from cli import make_clip
from harness import find_nodes, image_stats
from test_review import Review, photo_deck
from test_words import open_overview

OPENCV = Path("/usr/share/doc/opencv-doc/examples/data")


def photo_deck_in(tmp_path, count):
    deck = tmp_path / "deck"
    deck.mkdir()
    return photo_deck(deck, count)


def test_the_player_bar_says_the_duration_once(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    make_clip(deck / "clip.mp4", seconds=3)
    with Review(deck) as s:
        # The facts come first ("clip.mp4 · 160×120"), the size once the
        # analysis knows it: the caption is read when it has both.
        bar = s.wait_for(lambda: (lambda p: p if p and p["time"] and p["time"].endswith("/ 0:03") and "×" in (p["caption"] or "")
                                  and "B" in p["caption"].rsplit(" · ", 1)[-1] else None)(s.player()),
                         "the player bar with the clip's facts and size")
        # Name, picture size and file size; the duration is the time's alone.
        assert re.fullmatch(r"clip\.mp4 · 160×120 · [\d.]+\xa0kB", bar["caption"]), bar["caption"]


def test_a_tile_without_a_picture_shows_an_icon(tmp_path, artifacts):
    deck = tmp_path / "deck"
    deck.mkdir()
    make_clip(deck / "a.mp4", seconds=1)
    (deck / "b broken.mp4").write_bytes(b"\x00" * 4096)  # no decoder can read it: no poster
    with Review(deck) as s:
        open_overview(s)
        tile = s.wait_for(lambda: next((n for n in ov.tiles(s.tree()) if n["name"].startswith("b broken.mp4")), None),
                          "the broken file's tile")
        shot = artifacts / "tile-without-picture.png"
        crop = artifacts / "tile-without-picture-crop.png"

        def icon_drawn():
            s.screenshot(shot)
            subprocess.run(["convert", str(shot), "-crop", ov.tile_crop(tile), "+repage", str(crop)], check=True)
            return image_stats(crop)[0] > 0.02
        s.wait_for(icon_drawn, "an icon in the tile, not a flat box", timeout=10)


def test_the_first_export_chooser_starts_beside_the_reviewed_folder(tmp_path):
    """Never in the working directory Flick was started from (the source
    tree under `dev.sh run`): beside the folder, where an export may go."""
    from test_folders import Window, chooser_folder, like_the_one_photo_and_export, photos
    home = tmp_path / "Pictures Here"
    match = photos(home / "match", "goal.png")
    with Window([match]) as s:
        like_the_one_photo_and_export(s, "Editor Timeline")
        s.wait_for(lambda: chooser_folder(s.tree()) == home.name, "the chooser beside the reviewed folder", 20)
        s.key("Escape")


def test_damaged_files_say_so_on_the_card_and_the_tile(tmp_path, artifacts):
    """A JPEG cut in half (from opencv-doc's aero1.jpg) and a phone-style
    MP4 cut at a quarter say so, with where the clip stops."""
    deck = tmp_path / "deck"
    deck.mkdir()
    photo = (OPENCV / "aero1.jpg").read_bytes()
    (deck / "a cut.jpg").write_bytes(photo[: len(photo) // 2])
    whole = tmp_path / "whole.mp4"
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", str(OPENCV / "Megamind.avi"), "-t", "8", "-an", "-c:v", "libx264",
                    "-preset", "ultrafast", "-movflags", "+faststart", str(whole)], check=True, timeout=120)
    clip = whole.read_bytes()
    (deck / "b cut.mp4").write_bytes(clip[: len(clip) // 4])
    with Review(deck) as s:
        s.wait_for(lambda: "Only part of this photo could be read" in (s.top_name() or ""), "the cut photo's card says so")
        s.screenshot(artifacts / "damaged-photo-card.png")
        s.key("l")
        s.wait_for(lambda: "of this clip could be read: the file stops there" in (s.top_name() or ""),
                   "the cut clip's card says where it stops")
        assert "Only the first 0:0" in s.top_name(), s.top_name()
        s.screenshot(artifacts / "damaged-clip-card.png")
        open_overview(s)
        names = s.wait_for(lambda: (lambda n: n if len(n) == 2 else None)(ov.tile_names(s.tree())), "the tiles")
        assert "only partly readable" in names[0] and "cut short" in names[1], names


def test_a_clip_whose_playback_stops_short_says_where_instead_of_looping(tmp_path, artifacts):
    """A WebM cut at 40 %: its header still states 8 s and no static check
    sees the cut, so it is the player that finds playback ending near 0:03.
    The card says where it stopped (its accessible name too), and the
    player bar agrees, staying there rather than looping the first seconds."""
    deck = tmp_path / "deck"
    deck.mkdir()
    whole = make_clip(tmp_path / "whole.webm", seconds=8, pattern="snow", codec="vp8")
    data = whole.read_bytes()
    (deck / "cut.webm").write_bytes(data[: len(data) * 4 // 10])
    with Review(deck) as s:
        name = s.wait_for(lambda: (lambda n: n if "Playback stopped at" in n else None)(s.top_name() or ""),
                          "the card says its playback stopped short")
        stopped = re.search(r"Playback stopped at (\d:\d\d) of 0:08: the rest of this clip can’t be read", name)
        assert stopped and stopped.group(1) in ("0:02", "0:03"), name
        s.wait_for(lambda: (s.player() or {}).get("time") == f"{stopped.group(1)} / 0:08", "the player bar at the same place")
        s.screenshot(artifacts / "stopped-short-card.png")
        assert (s.player() or {}).get("time") == f"{stopped.group(1)} / 0:08", s.player()
        assert stopped.group(0) in (s.top_name() or ""), s.top_name()


def overlaps(a, b):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def test_the_undo_toast_is_never_over_the_card_or_the_buttons_and_never_stale(tmp_path, artifacts):
    from observe import bar_button, toast, toast_node, top_card
    with Review(photo_deck_in(tmp_path, 3)) as s:
        s.key("d")
        s.wait_cursor(1, "the deletion")
        tree = s.wait_for(lambda: (lambda t: t if toast(t) == "Marked card_000.png for deletion" else None)(s.atspi_tree()),
                          "the deletion's toast")
        s.screenshot(artifacts / "toast-under-the-card.png")
        shown = toast_node(tree)["extents"]
        card = top_card(tree)["extents"]
        assert not overlaps(shown, card), f"the toast {shown} lies over the card {card}"
        for name in ("Previous", "Delete", "Skip", "Undo", "Like"):
            button = bar_button(tree, name)  # the action bar's (not the toast's own Undo)
            assert button, f"the action bar has no {name}"
            assert not overlaps(shown, button["extents"]), f"the toast {shown} lies over {name} {button['extents']}"
        s.key("l")
        s.wait_cursor(2, "a later like")
        # Stale no more: it says what just happened, as the status line does.
        s.wait_for(lambda: toast(s.atspi_tree()) == "Liked card_001.png. 1 left.", "the toast reworded", timeout=2)


def test_a_card_dragged_up_is_not_cut_flat_at_the_stage_edge(tmp_path, artifacts):
    """A portrait card uses the stage's whole height; held mid-drag 60
    pixels up (short of a skip), its top shows above where the stage ends."""
    from test_stage import pixel
    with Review(photo_deck_in(tmp_path, 3)) as s:
        s.settled()  # the card read where the drag and the screenshot will find it
        card = s.wait_for(lambda: (lambda c: c["extents"] if c and c["extents"][2] > 100 else None)(
            __import__("observe").top_card(s.tree())), "the top card")
        x, y, w, h = card
        cx, cy = x + w // 2, y + h // 2
        s.xdotool("mousemove", cx, cy, "mousedown", 1, "sleep", 0.1,
                  *[a for i in range(1, 7) for a in ("mousemove", cx, cy - i * 10, "sleep", 0.03)])
        try:
            def above():
                shot = s.screenshot(artifacts / "drag-above-stage.png")
                rgb = pixel(shot, cx, y - 20)
                return max(rgb) - min(rgb) > 60  # the red/green card, not the grey window
            s.wait_for(above, "the dragged card's top above the stage's edge", timeout=5)
        finally:
            s.xdotool("mousemove", cx, cy, "sleep", 0.1, "mouseup", 1)
