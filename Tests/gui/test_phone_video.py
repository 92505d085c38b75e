"""A phone's camera folder, video side, as a new user sees it: a portrait
clip stored landscape with a display matrix, a camcorder clip with
non-square pixels and a voice memo. Each card has the shape a player shows,
the picture on screen is the one ffmpeg's auto-rotation shows (not the
stored one), the overview tile and the shared thumbnail Files reads are
upright too, a voice memo plays its sound, and a stitch turns rotated
clips upright. The media are made here with ffmpeg and GStreamer."""
import functools
import hashlib
import subprocess
import urllib.parse

import pytest

from cli import Cli
from harness import FlickSession, HarnessError, find_nodes, wait_until
from test_review import Review


def ffmpeg(*args):
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", *map(str, args)], check=True, timeout=120,
                   capture_output=True)


def telling_clip(path, width=320, height=240, rotate=None, sar=None, seconds=3):
    """A still picture no turn or mirror leaves alike (red top-left and
    green bottom-left quarters on blue), stored `width`×`height`, with a
    display matrix (`rotate`, as a phone writes portrait video) or a pixel
    aspect (`sar`, e.g. "4/3")."""
    plain = path.with_name("stored-" + path.name)
    half_w, half_h = width // 2, height // 2
    vf = (f"drawbox=x=0:y=0:w={half_w}:h={half_h}:color=red:t=fill,"
          f"drawbox=x=0:y={half_h}:w={half_w}:h={half_h}:color=green:t=fill")
    if sar:
        vf += f",setsar={sar}"
    ffmpeg("-f", "lavfi", "-i", f"color=c=blue:s={width}x{height}:r=25:d={seconds}", "-vf", vf,
           "-c:v", "libx264", "-pix_fmt", "yuv420p", plain)
    meta = ["-metadata:s:v:0", f"rotate={rotate}"] if rotate is not None else []
    ffmpeg("-i", plain, "-c", "copy", *meta, path)
    plain.unlink()
    return path


def voice_memo(path, seconds=4):
    """AAC in MP4, no picture: what a phone's recorder writes."""
    buffers = seconds * 44100 // 1024
    subprocess.run(["gst-launch-1.0", "-q", "audiotestsrc", f"num-buffers={buffers}", "!", "audioconvert", "!",
                    "avenc_aac", "!", "mp4mux", "!", "filesink", f"location={path}"], check=True, timeout=60)
    return path


def frame_of(clip, out, at=0.5, turned=True):
    """A frame as ffmpeg shows it (auto-rotated), or as it is stored."""
    ffmpeg(*([] if turned else ["-noautorotate"]), "-ss", at, "-i", clip, "-frames:v", "1", out)
    return out


def tiny(image, crop=None, inset=0.12):
    """An image (or a crop (x, y, width, height) of it, less `inset` of each
    side, which leaves out rounded corners and focus rings) as 8×8 RGB values."""
    spec = str(image)
    if crop:
        x, y, w, h = crop
        dx, dy = int(w * inset), int(h * inset)
        spec += f"[{w - 2 * dx}x{h - 2 * dy}+{x + dx}+{y + dy}]"
    else:
        spec += "[0]"
    shave = [] if crop else ["-gravity", "center", "-crop", f"{int(100 - 200 * inset)}%x{int(100 - 200 * inset)}%+0+0"]
    data = subprocess.run(["convert", spec, *shave, "+repage", "-resize", "8x8!", "-depth", "8", "rgb:-"],
                          capture_output=True, check=True).stdout
    return list(data)


def distance(a, b):
    return sum(abs(x - y) for x, y in zip(a, b)) / len(a)


@functools.lru_cache(maxsize=None)
def references(clip, tmp):
    """The clip's auto-rotated and stored frames (8×8), made once a test."""
    turned = tiny(frame_of(clip, tmp / f"{clip.stem}-turned.png"))
    stored = tiny(frame_of(clip, tmp / f"{clip.stem}-stored.png", turned=False))
    return turned, stored


def upright(seen, clip, tmp):
    """(near, far): how far `seen` (8×8) is from the auto-rotated frame and
    from the stored one."""
    turned, stored = references(clip, tmp)
    return distance(seen, turned), distance(seen, stored)


def assert_upright(seen, clip, tmp, what):
    """`seen` (8×8) is nearer the auto-rotated frame than the stored one."""
    near, far = upright(seen, clip, tmp)
    assert near < 25 and near < far / 2, f"{what}: {near:.1f} from the upright frame, {far:.1f} from the stored one"


def assert_card_upright(s, number, clip, tmp, what):
    """Card `number` shows the auto-rotated frame once it has settled (on a
    loaded machine the card before it may still be flying off over it, and
    the card still growing from its place beneath)."""
    shots = iter(range(1000))

    def looks_upright():
        card = top_card(s, number)
        seen = tiny(s.screenshot(tmp / f"{clip.stem}-card-{next(shots)}.png"), card["extents"])
        near, far = upright(seen, clip, tmp)
        return near < 25 and near < far / 2
    try:
        wait_until(looks_upright, 10, interval=0.5, what=what)
    except HarnessError:
        assert_upright(tiny(s.screenshot(tmp / f"{clip.stem}-card.png"), top_card(s, number)["extents"]), clip, tmp, what)


def aspect(extents):
    return extents[2] / extents[3]


@pytest.fixture(scope="module")
def phone(tmp_path_factory):
    folder = tmp_path_factory.mktemp("DCIM")
    telling_clip(folder / "a_camcorder.mp4", width=320, height=240, sar="4/3")
    voice_memo(folder / "b_voice_memo.m4a")
    telling_clip(folder / "c_portrait.mp4", rotate=90)
    telling_clip(folder / "d_upside_down.mp4", rotate=180)
    return folder


def top_card(s, number):
    def find():
        cards = find_nodes(s.atspi_tree(), role="push button", contains=f"Clip {number} of 4")
        return cards[0] if cards and cards[0].get("extents") else None
    return wait_until(find, 20, interval=0.5, what=f"card {number}")


def caption(s, name):
    labels = find_nodes(s.atspi_tree(), role="label", contains=name + " · ")
    return labels[0]["name"] if labels else ""


def test_every_card_has_the_shape_and_the_picture_a_player_shows(phone, tmp_path):
    with FlickSession([phone]) as s:
        s.wait_for_window()
        # Non-square pixels: 320×240 stored, pixels 4/3 wide, shown 427×240.
        card = top_card(s, 1)
        assert abs(aspect(card["extents"]) / (427 / 240) - 1) < 0.03, card["extents"]
        assert wait_until(lambda: "427×240" in caption(s, "a_camcorder.mp4"), 10, what="the shown size")

        # The voice memo: a card that says what it is, and its sound plays on.
        s.atspi_do("push button", "Skip")
        card = top_card(s, 2)
        assert "b_voice_memo.m4a" in card["name"] and "sound only" in card["name"], card["name"]
        assert wait_until(lambda: find_nodes(s.atspi_tree(), role="label", name="Sound only"), 10, what="the sound sign")
        assert wait_until(lambda: find_nodes(s.atspi_tree(), role="label", name="0:02 / 0:04"), 15,
                          what="the memo's position moving on"), "the voice memo does not play"
        assert "sound only" in caption(s, "b_voice_memo.m4a")

        # Portrait: stored 320×240 with a display matrix, shown 240×320, upright.
        s.atspi_do("push button", "Skip")
        card = top_card(s, 3)
        assert abs(aspect(card["extents"]) / 0.75 - 1) < 0.03, card["extents"]
        assert wait_until(lambda: "240×320" in caption(s, "c_portrait.mp4"), 10, what="the shown size")
        assert_card_upright(s, 3, phone / "c_portrait.mp4", tmp_path, "the portrait card")

        # Turned half round: landscape, and the right way up.
        s.atspi_do("push button", "Skip")
        card = top_card(s, 4)
        assert abs(aspect(card["extents"]) / (4 / 3) - 1) < 0.03, card["extents"]
        assert_card_upright(s, 4, phone / "d_upside_down.mp4", tmp_path, "the upside-down card")


def thumbnail(cache, path):
    uri = "file://" + urllib.parse.quote(str(path))
    return cache / "thumbnails" / "large" / (hashlib.md5(uri.encode()).hexdigest() + ".png")


def test_overview_tiles_and_the_shared_thumbnails_are_upright(phone, tmp_path):
    cache = tmp_path / "cache"
    # An earlier Flick wrote thumbnails as stored: one for the upside-down clip
    # is valid by URI and mtime, and is made again, never shown or kept.
    stale = thumbnail(cache, phone / "d_upside_down.mp4")
    stale.parent.mkdir(parents=True)
    clip = phone / "d_upside_down.mp4"
    subprocess.run(["convert", frame_of(clip, tmp_path / "old.png", turned=False), "-resize", "256x256",
                    "-set", "Thumb::URI", clip.as_uri(), "-set", "Thumb::MTime", str(int(clip.stat().st_mtime)),
                    "-set", "Software", "Flick", str(stale)], check=True)
    old_bytes = stale.read_bytes()
    with Review(phone, env={"XDG_CACHE_HOME": str(cache)}) as s:
        s.atspi_do("push button", "Overview")

        def tile(name):
            cells = find_nodes(s.atspi_tree(), role="table cell", contains=name)
            return cells[0] if cells and cells[0].get("extents") else None
        portrait = wait_until(lambda: tile("c_portrait.mp4"), 20, what="the portrait tile")
        assert "0:03" in portrait["name"]
        memo = wait_until(lambda: tile("b_voice_memo.m4a"), 5, what="the memo's tile")
        assert "sound only" in memo["name"], memo["name"]
        wait_until(lambda: stale.read_bytes() != old_bytes, 20, what="the stale thumbnail made again")
        for name in ("c_portrait.mp4", "d_upside_down.mp4"):
            file = wait_until(lambda: (lambda f: f if f.exists() else None)(thumbnail(cache, phone / name)), 20,
                              what=f"the shared thumbnail of {name}")
            width, height = (int(v) for v in subprocess.run(["identify", "-format", "%w %h", str(file)],
                                                            capture_output=True, text=True, check=True).stdout.split())
            assert (width < height) == (name == "c_portrait.mp4"), f"{name}: thumbnail {width}×{height}"
            assert_upright(tiny(file), phone / name, tmp_path, f"the shared thumbnail of {name}")
        # The tile's poster box (176×132 at its top, the picture centred in
        # it) shows the upright picture: its upper half, clear of the badge.
        # Read where the tile is once the analysis line under the header bar
        # has gone: while it shows, or as it goes, the overview sits lower.
        s.settled()

        def still_shot():
            # The tile in the same place just before and just after the
            # screenshot: the shot shows it where its extents say. (Read
            # once before the shot, a tile the line's slide moved after the
            # read was cropped 40 px off, half page and half picture.)
            before = tile("c_portrait.mp4")
            shot = s.screenshot(tmp_path / "overview.png")
            after = tile("c_portrait.mp4")
            return (after, shot) if before and after and before["extents"] == after["extents"] else None
        portrait, shot = wait_until(still_shot, 20, what="the portrait tile to hold still through a screenshot")
        x, y, w, _ = portrait["extents"]
        box_top, box_height = y + 5, 132
        shown_width = box_height * 3 // 4
        region = (0.1, 0.08, 0.8, 0.5)  # of the picture: x, y, width, height
        crop = (x + w // 2 - shown_width // 2 + int(shown_width * region[0]), box_top + int(box_height * region[1]),
                int(shown_width * region[2]), int(box_height * region[3]))
        seen = tiny(shot, crop, inset=0)
        upright = tiny_part(frame_of(phone / "c_portrait.mp4", tmp_path / "p.png"), region)
        stored = tiny_part(frame_of(phone / "c_portrait.mp4", tmp_path / "s.png", turned=False), region)
        assert distance(seen, upright) < distance(seen, stored) / 2, (
            f"the portrait tile: {distance(seen, upright):.1f} from upright, {distance(seen, stored):.1f} from stored")


def tiny_part(image, region):
    """The part of `image` at fractions (x, y, width, height), as 8×8 RGB values."""
    width, height = (int(v) for v in subprocess.run(["identify", "-format", "%w %h", str(image)],
                                                    capture_output=True, text=True, check=True).stdout.split())
    fx, fy, fw, fh = region
    return tiny(image, (int(width * fx), int(height * fy), int(width * fw), int(height * fh)), inset=0)


def test_a_stitch_of_a_turned_and_a_plain_clip_plays_upright(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    turned = telling_clip(deck / "a_portrait.mp4", rotate=270, seconds=2)
    telling_clip(deck / "b_landscape.mp4", seconds=2)
    cli = Cli(tmp_path)
    cli.drive(deck, "like", "like")
    out = tmp_path / "joined.mp4"
    result = cli.run("export", deck, "--stitch", out, check=0)
    assert out.exists(), result.stderr
    # The first clip's shape wins a tie: portrait, 240×320, with no matrix of its own.
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                            "stream=width,height:stream_side_data=rotation", "-of", "default=nw=1", str(out)],
                           capture_output=True, text=True, check=True).stdout
    assert "width=240" in probe and "height=320" in probe and "rotation" not in probe, probe
    seen = tiny(frame_of(out, tmp_path / "joined-frame.png", at=0.8))
    assert_upright(seen, turned, tmp_path, "the stitched video's first clip")
    # The landscape clip follows, letterboxed: black above and below it.
    later = tiny(frame_of(out, tmp_path / "joined-later.png", at=3.0), inset=0)
    top_row = later[:24]
    assert max(top_row) < 40, f"the landscape clip is not letterboxed: {top_row}"
