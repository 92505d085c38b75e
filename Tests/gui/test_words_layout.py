"""Small things a user reads: the player bar says a clip's length once
("clip.mp4 · 160×120" beside "0:01 / 0:03", not "0:03" twice); a tile with
no picture (a file that can't be decoded) shows an icon, never a blank box;
and a long name keeps its end, where phone names differ. Read from the
accessibility tree and screenshots."""
import subprocess

import observe_overview as ov
from cli import make_clip
from harness import image_stats
from test_review import Review
from test_words import open_overview


def test_the_player_bar_says_the_duration_once(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    make_clip(deck / "clip.mp4", seconds=3)
    with Review(deck) as s:
        bar = s.wait_for(lambda: (lambda p: p if p and p["time"] and p["time"].endswith("/ 0:03") and "×" in (p["caption"] or "")
                                  else None)(s.player()), "the player bar with the clip's facts")
        assert bar["caption"] == "clip.mp4 · 160×120", bar["caption"]


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
