"""Media in the review window: a long deck stepped through to its end and
still playing, poster frames on cards beneath (in the shared thumbnail
cache), and broken files as cards that say why and can still be decided.
How many pipelines run at once is the media layer's to test: a user sees
only that the top clip plays and the window keeps up."""
import hashlib
import os
import shutil
import subprocess
import time
import urllib.parse

from cli import Cli, make_clip
from harness import find_nodes, wait_until
from observe_overview import deck_tiles
from test_review import SAMPLES, Review


def video_deck(folder, count, sample="timeout_huddle.mp4"):
    for i in range(count):
        shutil.copy(SAMPLES / sample, folder / f"clip_{i:03d}.mp4")
    return folder


def test_two_hundred_likes_reach_the_end_and_the_window_still_plays(tmp_path):
    with Review(video_deck(tmp_path, 200)) as s:
        s.wait_playing("the first clip playing", timeout=30)
        s.xdotool("key", "--delay", "60", *(["l"] * 200))
        s.wait_for(s.finished, "the end of the deck", timeout=60)
        assert s.store_status()["counts"] == {"like": 200, "delete": 0, "skip": 0}
        # Still responsive, and still playing: back one card, the last clip plays.
        s.key("Down")
        s.wait_for(lambda: (s.top_name() or "").startswith("Clip 200 of 200: clip_199.mp4"), "back on the last card")
        s.wait_playing("the last clip playing")


def test_broken_files_become_cards_that_say_why_and_can_be_deleted(tmp_path):
    (tmp_path / "a empty.mp4").write_bytes(b"")
    (tmp_path / "b notes.mp4").write_text("shopping list\n")
    full = (SAMPLES / "beach_rally_02.mp4").read_bytes()
    (tmp_path / "c cut short.mp4").write_bytes(full[: len(full) // 3])
    shutil.copy(SAMPLES / "timeout_huddle.mp4", tmp_path / "d fine.mp4")
    with Review(tmp_path) as s:
        def card_names():
            return [n["name"] for n in find_nodes(s.atspi_tree(), role="push button") if n["name"].startswith("Clip ")]
        names = wait_until(lambda: (lambda n: n if n and "Can’t" in n[0] else None)(card_names()), 15,
                           what="the reason on the first card")
        assert "a empty.mp4" in names[0] and "the file is empty" in names[0]
        s.key("d")
        s.wait_cursor(1, "the first broken card deleted")
        names = wait_until(lambda: (lambda n: n if n and "Can’t play b notes.mp4" in n[0] else None)(card_names()), 15,
                           what="the reason on the text file")
        s.key("d")
        s.wait_cursor(2, "the second broken card deleted")
        wait_until(lambda: (lambda n: n if n and "c cut short.mp4" in n[0] and "Can’t" in n[0] else None)(card_names()), 15,
                   what="the reason on the truncated clip")
        s.key("d")
        s.wait_cursor(3, "the third broken card deleted")
        assert s.decision_list() == ["delete", "delete", "delete", None]
        assert s.flick.poll() is None


def thumbnail_of(cache, path):
    """The freedesktop thumbnail file for `path` and its tEXt chunks."""
    uri = "file://" + urllib.parse.quote(os.fsencode(str(path)))
    file = cache / "thumbnails" / "large" / (hashlib.md5(uri.encode()).hexdigest() + ".png")
    if not file.exists():
        return file, None
    data, text, i = file.read_bytes(), {}, 8
    while i < len(data):
        length = int.from_bytes(data[i:i + 4], "big")
        kind = data[i + 4:i + 8]
        if kind == b"tEXt":
            key, _, value = data[i + 8:i + 8 + length].partition(b"\0")
            text[key.decode()] = value.decode()
        i += 12 + length
    return file, text


def test_posters_go_to_the_shared_thumbnail_cache_and_are_reused(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    video_deck(deck, 4)
    with Review(deck) as s:
        cache = s.tmp / "cache"
        file, text = s.wait_for(lambda: (lambda ft: ft if ft[1] else None)(thumbnail_of(cache, deck / "clip_002.mp4")),
                                "a poster for the third card in the thumbnail cache", timeout=15)
        assert text["Thumb::URI"] == (deck / "clip_002.mp4").as_uri()
        assert int(text["Thumb::MTime"]) == int((deck / "clip_002.mp4").stat().st_mtime)
        assert oct(file.stat().st_mode & 0o777) == "0o600"
        s.flick.terminate()
        s.flick.wait(10)
        # A second run finds the thumbnail valid and does not make it again:
        # once a like has brought clip_003 beneath and its poster is made,
        # clip_002's thumbnail is still the first run's file.
        made = file.stat().st_mtime_ns, file.read_bytes()
        s.flick = s.launch([deck])
        s.wait_for_window()
        s.wait_for_deck()
        s.key("l")
        s.wait_for(lambda: thumbnail_of(cache, deck / "clip_003.mp4")[1], "a poster for the next card beneath",
                   timeout=15)
        assert (file.stat().st_mtime_ns, file.read_bytes()) == made, "the valid thumbnail was made again"
        s.flick.terminate()
        s.flick.wait(10)
        # A clip changed since (new mtime) makes its thumbnail stale: clip_003,
        # beneath the next card where the resumed deck stands.
        os.utime(deck / "clip_003.mp4", (1_000_000_000, 1_000_000_000))
        s.flick = s.launch([deck])
        s.wait_for_window()
        s.wait_cursor(1, "the deck resumed after the like")
        s.wait_for(lambda: (thumbnail_of(cache, deck / "clip_003.mp4")[1] or {}).get("Thumb::MTime") == "1000000000",
                   "a stale thumbnail made again", timeout=15)


def test_awkward_names_play_and_can_be_trashed(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    names = [b"with space.mp4", b"it's \"quoted\".mp4", b"new\nline.mp4", b"caf\xe9 latin-1.mp4"]
    for name in names:
        shutil.copy(SAMPLES / "timeout_huddle.mp4", os.path.join(os.fsencode(deck), name))
    cli = Cli(tmp_path)
    with Review(deck, data_home=cli.data) as s:
        s.wait_for(lambda: (s.top_name() or "").startswith("Clip 1 of 4: "), "four cards")
        for i, _ in enumerate(names):
            s.wait_cursor(i, f"card {i + 1} on top")
            s.wait_playing(f"clip {i + 1} playing")
            assert not any("Can’t" in n for n in s.top_card_name()), s.top_card_name()
            s.key("d")
        s.wait_for(s.finished, "all four deleted")
        assert s.store_status()["counts"]["delete"] == 4
    result = cli.run("apply", deck, check=0)
    assert "Moved 4 files" in result.stdout, result.stdout + result.stderr
    assert os.listdir(os.fsencode(deck)) == []
    trashed = set(os.listdir(os.fsencode(cli.trash / "files")))
    assert trashed == set(names)


def test_zero_length_8k_and_undecodable_clips_become_cards(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    subprocess.run(["gst-launch-1.0", "-q", "videotestsrc", "num-buffers=0", "!", "x264enc", "!", "mp4mux", "!",
                    "filesink", f"location={deck / 'a_no_frames.mp4'}"], check=True, timeout=60)
    subprocess.run(["gst-launch-1.0", "-q", "videotestsrc", "num-buffers=1", "pattern=red", "!",
                    "video/x-raw,framerate=0/1,width=320,height=240", "!", "vp8enc", "!", "webmmux", "!",
                    "filesink", f"location={deck / 'b_one_frame.webm'}"], check=True, timeout=60)
    make_clip(deck / "c_8k.mp4", seconds=1, width=7680, height=4320, fps=2)
    noise = tmp_path / "noise.bin"
    noise.write_bytes(bytes((i * 2654435761 >> 13) & 255 for i in range(20000)))
    subprocess.run(["gst-launch-1.0", "-q", "filesrc", f"location={noise}", "blocksize=2000", "!",
                    "video/x-av1,width=320,height=240,framerate=30/1,stream-format=obu-stream,alignment=tu", "!",
                    "matroskamux", "!", "filesink", f"location={deck / 'd_future.mkv'}"], check=True, timeout=60)
    shutil.copy(SAMPLES / "timeout_huddle.mp4", deck / "e_fine.mp4")
    # Any AV1 decoder this machine has is ranked out: the clip has none. So is
    # the AV1 parser (gstreamer1.0-plugins-bad, which Clapper brings in), which
    # would fail on the noise before any decoder is looked for.
    env = {"GST_PLUGIN_FEATURE_RANK": "av1dec:NONE,dav1ddec:NONE,avdec_av1:NONE,av1parse:NONE"}
    with Review(deck, env=env) as s:
        def top():
            names = s.top_card_name()
            return names[0] if names else ""
        wait_until(lambda: "Can’t play a_no_frames.mp4" in top(), 15, what="the empty MP4's reason")
        s.key("d")
        wait_until(lambda: top().startswith("Clip 2 of 5: b_one_frame.webm, 0:00"), 15, what="the one-frame clip")
        s.wait_for(lambda: s.player()["playing"], "the one-frame clip shown, playing")
        assert "Can’t" not in top()
        s.key("l")
        wait_until(lambda: top().startswith("Clip 3 of 5: c_8k.mp4"), 15, what="the 8K clip")
        s.wait_playing("the 8K clip playing", timeout=20)
        assert "Can’t" not in top(), top()
        s.key("l")
        wait_until(lambda: "no AV1 decoder is installed (install gstreamer1.0-plugins-bad)" in top(), 15,
                   what="the missing decoder named")
        s.key("d")
        wait_until(lambda: top().startswith("Clip 5 of 5: e_fine.mp4"), 15, what="the last clip")
        s.wait_cursor(4, "the last card on top")
        s.wait_playing("the deck playing on")
        assert s.decision_list() == ["delete", "like", "like", "delete", None]
        assert s.flick.poll() is None


def test_files_that_vanish_or_turn_into_a_fifo_after_the_scan_do_not_hang(tmp_path):
    video_deck(tmp_path, 6)
    with Review(tmp_path) as s:
        s.wait_playing("the top clip playing")
        # clip_002 is the card beneath the next one: its poster is being made.
        (tmp_path / "clip_002.mp4").unlink()
        os.mkfifo(tmp_path / "clip_002.mp4")
        (tmp_path / "clip_003.mp4").unlink()
        for i in range(2):
            s.key("l")
            s.wait_for(lambda n=i + 1: (s.top_name() or "").startswith(f"Clip {n + 1} of "), f"like {i + 1}")
        s.wait_for(lambda: (s.top_name() or "").startswith("Clip 3 of 4: clip_004.mp4"), "the deck without them")
        s.wait_playing("the deck playing on")
        assert s.flick.poll() is None
        # The vanished clips left the deck; the rest kept their places and decisions.
        assert deck_tiles(s) == [("clip_000.mp4", "liked"), ("clip_001.mp4", "liked"), ("clip_004.mp4", "undecided"),
                                 ("clip_005.mp4", "undecided")]
        assert s.top_card_name()[0].startswith("Clip 3 of 4: clip_004.mp4")


def test_playback_pauses_while_the_window_is_hidden(tmp_path):
    video_deck(tmp_path, 3)
    with Review(tmp_path) as s:
        s.wait_playing("the top clip playing")
        wid = s.window_id()
        s.xdotool("windowunmap", "--sync", wid)
        s.wait_for(lambda: standing_still(s), "paused while hidden: the position stops")
        s.xdotool("windowmap", "--sync", wid)
        s.wait_playing("playing again when shown")


def standing_still(s, gap=0.6):
    """Whether the player bar's position stays put over `gap` s."""
    first = s.player()
    time.sleep(gap)  # the interval the position is watched over
    second = s.player()
    return first and second and first["position"] is not None and first["position"] == second["position"]
