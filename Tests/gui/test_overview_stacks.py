"""Stacks and suggestions in the overview (G), on real photos and a real
clip from Debian's opencv-doc examples: a burst of three frames, a photo
and its resized copy, an exact copy, a screenshot, a 0.7-second clip.
Read as a screen reader reads them (the AT-SPI tree, and a real Orca): a
stack is one tile named for its count ("Stack of 3 similar photos,
IMG_2000_BURST.jpg, …"); deciding it decides every member in one undoable
step; + unfolds it (one tile per member) and − folds it; each tile's
description gives its size and why Flick suggests it ("175.4 kB,
Suggested: short"), and the filter "Suggested (3)" lists those three. The
folder is analysed first by `flick status` into the same store, so the
window finds the stacks already known."""
import os
import re
import shutil
import subprocess

import pytest

import observe_overview as ov
from cli import Cli
from harness import FlickSession, find_nodes, image_stats, wait_until
from orca import Orca
from test_review import Review

DATA = "/usr/share/doc/opencv-doc/examples/data"
BURST = ["IMG_2000_BURST.jpg", "IMG_2001_BURST.jpg", "IMG_2002_BURST.jpg"]
SCREENSHOT = "Screenshot from 2024-05-01 12-00-00.png"
# Where in a tile its stack's count is (points from the tile's corner:
# the tile's padding, then 4 points into the picture).
CHIP = (20, 14)
# Seconds the window has to learn the stacks (known in the store already).
INSIGHTS_TIMEOUT = 30
# A file's name in what Orca says of a tile.
TILE_FILE = re.compile(r"\.(?:jpg|png|mp4)\b")


def tool(*args):
    subprocess.run([str(a) for a in args], check=True, capture_output=True, timeout=120)


def format_size(size):
    """A size as GLib's g_format_size words it (decimal units, one decimal,
    a no-break space before a unit of kB and up)."""
    if size < 1000:
        return f"{size} byte" + ("" if size == 1 else "s")
    for unit, factor in [("kB", 1e3), ("MB", 1e6), ("GB", 1e9)]:
        if size < factor * 1000:
            return f"{size / factor:.1f}\u00a0{unit}"
    return f"{size / 1e12:.1f}\u00a0TB"


@pytest.fixture(scope="module")
def phone(tmp_path_factory):
    """A phone folder, analysed into its own store: (folder, store's data home)."""
    base = tmp_path_factory.mktemp("stacks")
    d = base / "phone"
    d.mkdir()
    for name, at in zip(BURST, ["10.00", "10.25", "10.50"]):
        tool("ffmpeg", "-v", "error", "-y", "-ss", at, "-i", f"{DATA}/vtest.avi", "-frames:v", "1", "-q:v", "3", d / name)
    tool("ffmpeg", "-v", "error", "-y", "-i", f"{DATA}/fruits.jpg", "-q:v", "3", d / "fruits.jpg")
    tool("ffmpeg", "-v", "error", "-y", "-i", f"{DATA}/fruits.jpg", "-vf", "scale=240:-2", "-q:v", "5", d / "fruits-small.jpg")
    shutil.copy(f"{DATA}/baboon.jpg", d / "baboon.jpg")
    shutil.copy(f"{DATA}/baboon.jpg", d / "baboon copy.jpg")
    shutil.copy(f"{DATA}/box.png", d / SCREENSHOT)
    shutil.copy(f"{DATA}/box_in_scene.png", d / "box_in_scene.png")
    tool("ffmpeg", "-v", "error", "-y", "-ss", "20", "-t", "0.7", "-i", f"{DATA}/vtest.avi", "-an",
         "-c:v", "libx264", "-preset", "ultrafast", d / "pocket.mp4")
    cli = Cli(base)
    status = cli.status(d)
    assert status["stacks"] == {"copy": 1, "live": 0, "similar": 2}, status
    return d, cli.data


def size(folder, *names):
    return format_size(sum(os.path.getsize(folder / n) for n in names))


# The focused tile's description: an announcement made while a tile has
# the focus is a pulse of its description (GTK 4.8 has no other way to
# speak), which leaves it empty until the focus leaves the tile.
FOCUSED = "(focused)"


def tiles(s):
    """[(name without its state words, description)] of the tiles shown
    (the focused tile's description reads FOCUSED: see above)."""
    return [(ov.content_name(n["name"]), FOCUSED if n["focused"] else n["description"]) for n in ov.tiles(s.tree())]


def same(shown, expected):
    """Whether the tiles are the ones expected (any description on the focused one)."""
    return len(shown) == len(expected) and all(
        name == want[0] and description in (want[1], FOCUSED) for (name, description), want in zip(shown, expected))


def wait_tiles(s, predicate, what):
    return wait_until(lambda: (lambda t: t if predicate(t) else None)(tiles(s)), INSIGHTS_TIMEOUT, interval=0.3, what=what)


def test_stacks_are_one_tile_decided_together_and_unfold(phone, artifacts):
    folder, data = phone
    with Review(folder, data_home=data, stacks=True) as s:
        s.key("g")
        s.wait_for(lambda: ov.shown(s.tree()), "the overview")
        stack = f"Stack of 3 similar photos, {BURST[0]}, photo, undecided"
        shown = wait_tiles(s, lambda t: any(name == stack for name, _ in t), "the burst as one tile")
        expected = [
            # The tile shows the one Flick would keep, as the deck's card: the original.
            ("Stack of 2 exact copies, baboon.jpg, photo, undecided", size(folder, "baboon copy.jpg", "baboon.jpg")),
            ("box_in_scene.png, photo, undecided", size(folder, "box_in_scene.png")),
            ("Stack of 2 similar photos, fruits-small.jpg, photo, undecided", size(folder, "fruits-small.jpg", "fruits.jpg")),
            (stack, size(folder, *BURST)),
            (shown[4][0], f"{size(folder, 'pocket.mp4')}, Suggested: short"),
            (f"{SCREENSHOT}, photo, undecided", f"{size(folder, SCREENSHOT)}, Suggested: screenshot"),
        ]
        assert same(shown, expected), shown
        assert FOCUSED not in [d for _, d in shown[1:]], "only the first tile has the focus"
        assert shown[4][0].startswith("pocket.mp4, 0:0") and shown[4][0].endswith(", undecided")
        tree = s.tree()
        assert ov.filter_buttons(tree)["Suggested"] == (3, False), ov.filter_buttons(tree)
        assert ov.selection_line(tree)[0] == 10, "the line above the grid counts the clips, stacks' members too"
        s.wait_for(lambda: image_stats_ok(s, artifacts / "flick-overview-stacks.png"), "the tiles drawn")

        # The burst's tile (three to the right of the first) decided: all three, one undo.
        s.key("Right", "Right", "Right")
        s.wait_for(lambda: ov.focused_tile(s.tree()) == stack, "the burst's tile focused")
        assert tiles(s)[0][1] == size(folder, "baboon copy.jpg", "baboon.jpg"), \
            "the first tile's description, left empty by the opening words, is back once the focus left it"
        s.key("d")
        s.wait_for(lambda: all(s.decisions()[n] == "delete" for n in BURST), "the three marked")
        assert sum(v == "delete" for v in s.decisions().values()) == 3
        wait_tiles(s, lambda t: t[3][0] == f"Stack of 3 similar photos, {BURST[0]}, photo, marked for deletion", "the stack's badge")
        s.key("u")
        s.wait_for(lambda: not any(s.decisions().values()), "one undo takes the three back")

        # + unfolds it: a tile per member, the focus on the first; one of them decided alone.
        s.key("plus")
        members = [f"{i + 1} of 3 similar photos, {name}, photo, undecided" for i, name in enumerate(BURST)]
        shown = wait_tiles(s, lambda t: [name for name, _ in t[3:6]] == members, "the burst unfolded")
        assert [d for _, d in shown[4:6]] == [size(folder, n) for n in BURST[1:]]
        assert len(shown) == 8
        s.wait_for(lambda: ov.focused_tile(s.tree()) == members[0], "the focus on the first member")
        s.key("Right", "d")
        s.wait_for(lambda: s.decisions()[BURST[1]] == "delete", "the second member marked")
        assert [s.decisions()[n] for n in BURST] == [None, "delete", None]
        s.key("minus")
        wait_tiles(s, lambda t: t[3][0] == f"Stack of 3 similar photos, {BURST[0]}, photo, decided in parts", "folded again")
        s.wait_for(lambda: ov.focused_tile(s.tree()) == f"Stack of 3 similar photos, {BURST[0]}, photo, decided in parts",
                   "the focus on the stack's tile")
        # A click on the count (the chip in the picture's top-left corner) unfolds it too.
        x, y, _, _ = ov.tile(s.tree(), "Stack of 3 similar photos")["extents"]
        s.xdotool("mousemove", x + CHIP[0], y + CHIP[1], "click", 1)
        wait_tiles(s, lambda t: len(t) == 8 and t[3][0].startswith(f"1 of 3 similar photos, {BURST[0]}"), "unfolded by a click")
        s.key("minus")
        wait_tiles(s, lambda t: len(t) == 6, "folded again")

        # Suggested (3): the three suggested clips, each alone with its reason.
        s.atspi_do("radio button", "Suggested (3)")
        shown = wait_tiles(s, lambda t: len(t) == 3, "the suggested clips")
        assert same([(name.split(", ")[0], description) for name, description in shown], [
            ("baboon copy.jpg", f"{size(folder, 'baboon copy.jpg')}, Suggested: extra copy"),
            ("pocket.mp4", f"{size(folder, 'pocket.mp4')}, Suggested: short"),
            (SCREENSHOT, f"{size(folder, SCREENSHOT)}, Suggested: screenshot"),
        ]), shown
        assert ov.status(s.tree()) == "Showing 3 suggested items."
        s.screenshot(artifacts / "flick-overview-suggested.png")
        s.xdotool("windowsize", s.window_id(), 400, 700)
        s.atspi_do("radio button", "All (10)")
        wait_tiles(s, lambda t: len(t) == 6, "every tile again")
        s.wait_for(lambda: image_stats_ok(s, artifacts / "flick-overview-stacks-narrow.png"), "the narrow window drawn")


def image_stats_ok(s, path):
    """Takes a screenshot; whether it shows more than a flat colour."""
    s.screenshot(path)
    return image_stats(path)[0] > 0.05


def test_orca_reads_a_tiles_size_and_reason(phone):
    folder, data = phone
    with FlickSession([str(folder)], data_home=data, window_manager=True, stacks=True) as session:
        window = session.wait_for_window()
        with Orca(session) as orca:
            # The first card, or, once the stacks are placed, the copies' original (Clip 2).
            orca.activate(window, timeout=10, until=lambda said: any(u.startswith("Clip ") for u in said))
            orca.press("g", timeout=8, quiet=0.6, until=lambda said: any(u.startswith("Overview,") for u in said))
            wait_until(lambda: find_nodes(session.atspi_tree(), role="radio button", name="Suggested (3)"), INSIGHTS_TIMEOUT,
                       what="the stacks known")
            heard = []
            for _ in range(6):
                # Each Right is heard once the tile it reaches is named (every
                # tile's name holds a file's name): not the whole timeout.
                said = orca.press("Right", timeout=4, quiet=0.6, until=lambda said: any(TILE_FILE.search(u) for u in said))
                heard += said
                if any("pocket.mp4" in u for u in said):
                    break
            text = " | ".join(heard)
            assert f"{size(folder, 'pocket.mp4')}, Suggested: short" in text, text
            assert "Stack of 3 similar photos, IMG_2000_BURST.jpg" in text, text
