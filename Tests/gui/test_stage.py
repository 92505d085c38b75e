"""The stage: cards the shape of their clip, as large as the window allows,
the top card's player (seek, speed), fullscreen, and readable buttons in
every style. Real clips, real pipelines, extents read over AT-SPI and
pixels read from screenshots."""
import os
from collections import Counter
import re
import subprocess
import shutil
import time

import pytest

import harness
from cli import make_clip
from harness import find_nodes, wait_until
from observe import player, top_card
from test_review import SAMPLES, Review

# (window size, maximized?) the issue asks for: the default window and a maximized 1920×1040.
SIZES = {"default": (900, 760), "maximized": (1920, 1040)}
KINDS = {  # name: (file, width, height)
    "16x9": ("a_wide.mp4", 640, 360),
    "4x3": ("a_four_three.mp4", 640, 480),
    "9x16": ("a_portrait.mp4", 360, 640),
    "photo": ("a_photo.jpg", 1280, 853),
}
# The least share of the window the top card covers, per shape and size.
MIN_AREA = {"16x9": 0.5, "4x3": 0.4, "9x16": 0.15, "photo": 0.45}  # portrait: height-bound


@pytest.fixture(scope="module")
def clips(tmp_path_factory):
    folder = tmp_path_factory.mktemp("clips")
    for kind, (name, w, h) in KINDS.items():
        if kind == "photo":
            shutil.copy(SAMPLES / "team_photo.jpg", folder / name)
        else:
            make_clip(folder / name, seconds=2, width=w, height=h, pattern="ball")
    make_clip(folder / "long.mp4", seconds=10, width=640, height=360, pattern="ball")
    return folder


def deck(clips, tmp_path, kind):
    """The clip under test on top, then two cards of other shapes beneath."""
    folder = tmp_path / "deck"
    folder.mkdir()
    shutil.copy(clips / KINDS[kind][0], folder / KINDS[kind][0])
    beneath = ["9x16", "4x3"] if kind != "9x16" else ["16x9", "4x3"]
    for i, other in enumerate(beneath):
        shutil.copy(clips / KINDS[other][0], folder / f"b{i}_{KINDS[other][0]}")
    return folder


class Stage(Review):
    def __init__(self, folder, size="default", **kw):
        self.size = SIZES[size]
        super().__init__(folder, **kw)

    def start(self):
        super().start()
        if self.size != SIZES["default"]:
            # Paused: a software-drawn clip this large keeps the main loop
            # busy enough to make the accessibility tree slow to read.
            self.key("space")
            wid = self.window_id()
            self.xdotool("windowsize", wid, *self.size)
        wait_until(lambda: self.window_size() == self.size, 10, what=f"a {self.size} window")

    def window_size(self):
        return window_geometry(self)[2:]

    def top_card(self):
        # The window's buttons alone: a whole tree, read while a clip plays
        # under software GL (test_gl), took over 20 s.
        cards = [n for n in self.buttons() if n["name"].startswith("Clip ")]
        return cards[0] if cards else None


def window_geometry(s):
    """The X window's (x, y, width, height)."""
    out = s.xdotool("getwindowgeometry", s.window_id())
    x, y = (int(v) for v in re.search(r"Position: (\d+),(\d+)", out).groups())
    w, h = (int(v) for v in re.search(r"Geometry: (\d+)x(\d+)", out).groups())
    return x, y, w, h


def on_screen(s, extents):
    """AT-SPI extents in screenshot pixels: GTK reports them from inside the
    window's invisible resize border, which the X window includes."""
    frame = [w for w in s.atspi_windows() if w["role"] == "frame"][0]["extents"]  # the window alone, not its tree
    _, _, w, h = window_geometry(s)
    dx, dy = (w - frame[2]) // 2, (h - frame[3]) // 2
    x, y, ew, eh = extents
    return x + dx, y + dy, ew, eh


@pytest.fixture
def screen(monkeypatch):
    """An X screen the maximized window fits on."""
    monkeypatch.setattr(harness, "SCREEN", (1920, 1080))


def aspect_close(w, h, expected, tolerance=0.03):
    return abs(w / h - expected) / expected <= tolerance


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", KINDS)
def test_top_card_has_its_clips_shape_and_fills_the_stage(clips, tmp_path, screen, artifacts, size, kind):
    name, w, h = KINDS[kind]
    with Stage(deck(clips, tmp_path, kind), size) as s:
        def shaped():
            card = s.top_card()
            if not card or not card["extents"]:
                return None
            x, y, cw, ch = card["extents"]
            return card["extents"] if aspect_close(cw, ch, w / h) else None
        # Measured once the analysis line under the header bar has gone: while
        # it shows, the stage is its height shorter.
        s.settled()
        x, y, cw, ch = on_screen(s, wait_until(shaped, 15, what=f"a {w}:{h} top card"))
        win_w, win_h = s.size
        share = cw * ch / (win_w * win_h)
        print(f"{size} {kind}: card {cw}×{ch} = {share:.0%} of the window")
        assert share >= MIN_AREA[kind], f"{cw}×{ch} covers {share:.0%} of {win_w}×{win_h}"
        if kind == "9x16":
            assert ch >= 0.6 * win_h, "a portrait card uses the stage's whole height"
        shot = s.screenshot(artifacts / f"stage-{size}-{kind}.png")
        # Only the top card has words: no label names a card beneath.
        labels = [n["name"] for n in find_nodes(s.atspi_tree(), role="label")]
        assert any(name in label for label in labels), "the top card's caption is on the player bar"
        assert not any("b0_" in label or "b1_" in label for label in labels), labels
        assert shot.exists()


def position(s):
    """Where the seek bar stands (s), as a screen reader reads it."""
    player = s.player()
    return player["position"] if player else None


def progress(s, seconds):
    """How far the seek bar moves over about `seconds` of wall time: (clip s, wall s)."""
    start, t0 = position(s), time.monotonic()
    time.sleep(seconds)  # the interval the clip's progress is measured over
    return position(s) - start, time.monotonic() - t0


def wait_position(s, target, what, tolerance=0.6):
    def there():
        at = position(s)
        return at is not None and abs(at - target) <= tolerance
    return s.wait_for(there, f"{what}: the seek bar at {target}s")


def home(s):
    """Home, read while paused (at 2× a playing clip leaves 0 s before the
    seek bar can be read), then playing again."""
    s.key("space")
    s.wait_for(lambda: s.player()["play"] == "Play", "paused")
    s.key("Home")
    wait_position(s, 0, "Home", tolerance=0.4)
    s.key("space")
    s.wait_for(lambda: s.player()["playing"], "playing again")


def long_deck(clips, tmp_path):
    folder = tmp_path / "long"
    folder.mkdir()
    shutil.copy(clips / "long.mp4", folder / "long.mp4")
    shutil.copy(clips / KINDS["4x3"][0], folder / "next.mp4")
    return folder


def test_seek_by_keys_and_by_the_bar_moves_the_real_pipeline(clips, tmp_path):
    with Stage(long_deck(clips, tmp_path)) as s:
        s.wait_playing("the clip playing")
        s.key("space")
        s.wait_for(lambda: s.player()["play"] == "Play", "paused: the button offers Play")
        s.key("Home")
        wait_position(s, 0, "Home", tolerance=0.2)
        s.key("shift+Right")
        wait_position(s, 5, "Shift+→", tolerance=0.3)
        s.key("shift+Left", "shift+Left")
        wait_position(s, 0, "Shift+← twice (never before the start)", tolerance=0.3)
        bar = find_nodes(s.atspi_tree(), role="slider", contains="Position in the clip")[0]
        bx, by, bw, bh = on_screen(s, bar["extents"])
        s.xdotool("mousemove", bx + int(bw * 0.75), by + bh // 2, "sleep", 0.1, "click", 1)
        wait_position(s, 7.5, "a click three quarters along the bar", tolerance=1.0)
        # Dragging along the bar seeks and never drags the card.
        s.drag((bx + int(bw * 0.7), by + bh // 2), (bx + int(bw * 0.3), by + bh // 2), steps=10)
        wait_position(s, 3, "a drag on the bar", tolerance=1.0)
        time.sleep(0.5)  # the test's intent: a card moved by the drag would have gone by now
        assert s.cursor() == 0 and not any(s.decisions().values()), "the bar never moves a card"


def test_speed_changes_the_real_rate(clips, tmp_path):
    with Stage(long_deck(clips, tmp_path)) as s:
        s.wait_playing("the clip playing")
        s.key("greater", "greater", "greater", "greater", "greater")
        s.wait_for(lambda: s.player()["speed"] == "2×", "2× on the player bar")
        assert s.status() == "Speed 2×.", "the speed is said"
        home(s)
        # The clip itself runs at 2×: the seek bar moves two seconds a second.
        moved, took = progress(s, 2.0)
        assert 1.5 * took <= moved <= 2.6 * took, f"{moved:.2f}s of clip in {took:.2f}s at 2×"
        s.key(*["less"] * 6)
        s.wait_for(lambda: s.player()["speed"] == "0.5×", "0.5×, the slowest, on the player bar")
        assert s.status() == "Speed 0.5×."
        home(s)
        moved, took = progress(s, 1.5)
        assert 0.3 * took <= moved <= 0.8 * took, f"{moved:.2f}s of clip in {took:.2f}s at 0.5×"


def test_fullscreen_covers_the_screen_and_keeps_the_action_bar(clips, tmp_path):
    """Under sway (Xvfb has no window manager to grant fullscreen): the
    player's button asks for it, the compositor gives the whole output,
    and the stage re-lays the card larger."""
    from wayland import wayland_session
    with wayland_session(deck(clips, tmp_path, "16x9")) as s:
        def card_size():
            card = top_card(s.tree())
            return card and card["extents"] and tuple(card["extents"][2:])
        # The size to come back to, once the analysis line can no longer change it.
        s.settled()
        before = s.wait_for(card_size, "the stage laid out")
        assert aspect_close(*before, 16 / 9)

        def click_fullscreen_button():
            # Extents under Wayland are the window's own coordinates.
            bx, by, bw, bh = s.wait_for(lambda: s.player()["fullscreen_button"]["extents"], "the Fullscreen button")
            x, y = s.window[0] + bx + bw / 2, s.window[1] + by + bh / 2
            s.pointer.move_to(x, y)
            time.sleep(0.2)  # the pointer rests before the press, as a hand's does
            s.pointer.button(True)
            time.sleep(0.1)
            s.pointer.button(False)
        click_fullscreen_button()
        output = s.swaymsg("-t", "get_outputs")[0]["rect"]
        node = s.wait_for(lambda: (lambda n: n if n and n["fullscreen_mode"] == 1 else None)(s._flick_window()),
                          "the compositor to make the window fullscreen")
        assert (node["rect"]["width"], node["rect"]["height"]) == (output["width"], output["height"])
        w, h = s.wait_for(lambda: (lambda c: c if c and c[0] > before[0] else None)(card_size()),
                          "the card re-laid larger")
        assert aspect_close(w, h, 16 / 9)
        tree = s.tree()
        assert not find_nodes(tree, role="push button", name="Open Folder"), "the header bar gives way"
        assert find_nodes(tree, role="push button", name="Like"), "the action bar stays"
        assert player(tree)["fullscreen_button"]["name"] == "Leave Fullscreen"
        s.window = (node["rect"]["x"], node["rect"]["y"], node["rect"]["width"], node["rect"]["height"])
        click_fullscreen_button()
        s.wait_for(lambda: (lambda n: n and n["fullscreen_mode"] == 0)(s._flick_window()), "the button leaves fullscreen")
        s.wait_for(lambda: card_size() == before, "the card back at its size")
        assert find_nodes(s.tree(), role="push button", name="Open Folder"), "the header bar is back"


# -- contrast ---------------------------------------------------------------
STYLES = {
    "light": {},
    "dark": {"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"},
    "high-contrast": {"ADW_DEBUG_HIGH_CONTRAST": "1"},
    "high-contrast-dark": {"ADW_DEBUG_COLOR_SCHEME": "prefer-dark", "ADW_DEBUG_HIGH_CONTRAST": "1"},
}


def luminance(rgb):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def label_contrast(s, shot, extents):
    """The label's contrast: its strongest pixel against the button's own
    colour (the most common one), over the right part of the button (the
    word; the icon sits at the left)."""
    x, y, w, h = extents
    crop = f"{w // 2}x{h // 2}+{x + w // 2 - 8}+{y + h // 4}"
    text = s.run("convert", f"{shot}[{crop}]", "-depth", "8", "txt:-")
    pixels = txt_pixels(text)
    counts = {}
    for p in pixels:
        counts[p] = counts.get(p, 0) + 1
    background = max(counts, key=counts.get)
    return max(ratio(p, background) for p in pixels)


@pytest.mark.parametrize("style", STYLES)
def test_action_bar_labels_are_readable_in_every_style(tmp_path, artifacts, style):
    folder = tmp_path / "deck"
    folder.mkdir()
    for i in range(3):
        shutil.copy(SAMPLES / "scoreboard.png", folder / f"card_{i}.png")
    with Review(folder, env=STYLES[style]) as s:
        shot = s.still_screenshot(artifacts / f"contrast-{style}.png")
        tree = s.atspi_tree()
        found = {}
        for name in ["Previous", "Delete", "Skip", "Undo", "Like"]:
            button = find_nodes(tree, role="push button", name=name)[0]
            found[name] = (label_contrast(s, shot, on_screen(s, button["extents"])), button["sensitive"])
        print(style, {k: f"{v[0]:.1f}{'' if v[1] else ' (disabled)'}" for k, v in found.items()})
        enabled = [c for c, on in found.values() if on]
        disabled = [c for c, on in found.values() if not on]
        assert enabled and min(enabled) >= 4.5, found
        assert disabled and max(disabled) < min(enabled) * 0.8, f"disabled buttons look different: {found}"


# -- what the drawing path must still do (issue 16) ----------------------------

def pixel(shot, x, y):
    """(r, g, b) 0..255 of one screenshot pixel."""
    out = subprocess.run(["convert", str(shot), "-format", f"%[fx:int(255*p{{{x},{y}}}.r)] %[fx:int(255*p{{{x},{y}}}.g)] "
                          f"%[fx:int(255*p{{{x},{y}}}.b)]", "info:"], capture_output=True, text=True, check=True).stdout
    return tuple(int(v) for v in out.split())


def colourful(rgb):
    return max(rgb) - min(rgb) > 60


def test_playing_card_keeps_letterbox_rounded_corners_and_overlay_at_rest_and_mid_drag(tmp_path, artifacts):
    """A clip wider than the widest card shape: bars above and below, the
    picture between, rounded corners showing the window, the card's shadow
    beside it, and the swipe
    overlay drawn over the video while a drag holds the card."""
    folder = tmp_path / "deck"
    folder.mkdir()
    make_clip(folder / "a_pano.mp4", seconds=6, width=960, height=240, pattern="smpte")
    make_clip(folder / "b_next.mp4", seconds=2, width=640, height=480, pattern="ball")
    with Stage(folder) as s:
        def card():
            top = s.top_card()
            return top["extents"] if top and top["extents"] and top["extents"][2] > 100 else None
        s.settled()  # the card read where the screenshots will find it
        x, y, w, h = on_screen(s, wait_until(card, 15, what="the top card"))
        s.wait_playing("the clip playing")
        rest = s.screenshot(artifacts / "draw-rest.png")
        cx, cy = x + w // 2, y + h // 2
        assert colourful(pixel(rest, cx, cy)), "the picture fills the middle of the card"
        assert max(pixel(rest, cx, y + 4)) < 40, "a black bar above a clip wider than its card"
        assert max(pixel(rest, cx, y + h - 5)) < 40, "a black bar below it"
        assert min(pixel(rest, x + 1, y + 1)) > 150, "the corner is rounded: the window shows through"
        # The card's soft shadow, drawn around it by the stage: darker just
        # outside its left edge than past the blur.
        near, far = pixel(rest, x - 4, cy), pixel(rest, x - 19, cy)
        assert sum(far) - sum(near) > 24, f"a shadow beside the card: {near} against {far} further out"
        # Hold a drag to the right (like): the tint and badge lie over the video.
        s.xdotool("mousemove", cx, cy, "mousedown", 1, "sleep", 0.1,
                  *[a for i in range(1, 13) for a in ("mousemove", cx + i * 10, cy, "sleep", 0.03)])

        def tinted():
            moving = s.screenshot(artifacts / "draw-mid-drag.png")
            green = [pixel(moving, cx + 120 + dx, cy + dy) for dx in (-30, 0, 30) for dy in (-h // 4, h // 4)]
            return any(g > r + 30 and g > b + 10 for r, g, b in green)
        try:
            s.wait_for(tinted, "the like tint over the video, mid-drag", timeout=5)
        finally:
            s.xdotool("mousemove", cx, cy, "sleep", 0.1, "mouseup", 1)


def column(shot, x, top, bottom):
    """(r, g, b) of the screenshot's pixels at `x` from row `top` to `bottom`."""
    text = subprocess.run(["convert", f"{shot}[1x{bottom - top}+{x}+{top}]", "-depth", "8", "txt:-"],
                          capture_output=True, text=True, check=True).stdout
    return txt_pixels(text)


def txt_pixels(text):
    """(r, g, b) of each pixel of ImageMagick's `txt:` output, one line a
    pixel: "0,5: (250,250,250)  #FAFAFA  srgb(250,250,250)". The first
    triple only: an unnamed colour repeats it at the end of its line."""
    return [tuple(int(v) for v in m.groups()) for m in re.finditer(r"^\d+,\d+: \((\d+),(\d+),(\d+)", text, re.M)]


def test_cards_beneath_show_their_shadow_below_the_top_card(tmp_path, artifacts):
    """At rest the cards beneath show as strips below the top card, each
    with its faint shadow under its bottom edge: grey rows between the last
    card's colour and the window."""
    folder = tmp_path / "deck"
    folder.mkdir()
    for name, colour in [("a_top.png", "red"), ("b_next.png", "lime"), ("c_third.png", "blue")]:
        subprocess.run(["convert", "-size", "1600x900", f"xc:{colour}", str(folder / name)], check=True)
    with Stage(folder) as s:
        def card():
            top = s.top_card()
            return top["extents"] if top and top["extents"] and top["extents"][2] > 100 else None
        s.settled()
        wait_until(card, 15, what="the top card")

        def card_through_shot():
            # The card in the same place before and after a still screenshot:
            # read where the screenshot shows it (read once before, a card
            # the analysis line's slide moved meanwhile had its bottom 40 px
            # off, and the column read the top card's red alone).
            before = card()
            shot = s.still_screenshot(artifacts / "beneath-shadow.png")
            after = card()
            return (after, shot) if before and before == after else None
        extents, shot = wait_until(card_through_shot, 20, what="the top card to hold still through a screenshot")
        x, y, w, h = on_screen(s, extents)
        rows = column(shot, x + w // 2, y + h - 4, y + h + 60)
        # The window's own colour: the commonest in the rows furthest down
        # (the player bar's words may cross the column there).
        window = Counter(rows[-30:]).most_common(1)[0][0]
        assert not colourful(window) and min(window) > 200, f"the window shows below the cards: {rows}"
        last = max(i for i, rgb in enumerate(rows) if colourful(rgb))
        assert last > 4, f"a card beneath shows below the top card: {rows}"
        below = rows[last + 1:]
        shadow = [rgb for rgb in below[:4] if not colourful(rgb) and max(rgb) <= min(window) - 10]
        print("below the last card:", below[:5], "window", window)
        assert len(shadow) >= 2, f"a shadow under the lowest card beneath: {below[:5]} against {window}"


def cpu_seconds(pid):
    """The process's CPU time so far (user + system, all threads), from /proc."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_nothing_is_drawn_while_idle(tmp_path):
    """Paused with nothing moving, the window costs nothing: no frames are
    drawn and no pipeline runs, so the process uses (almost) no CPU; playing
    again moves the picture."""
    folder = tmp_path / "deck"
    folder.mkdir()
    for i in range(3):
        make_clip(folder / f"c{i}.mp4", seconds=3, width=320, height=240, pattern="ball")
    with Stage(folder) as s:
        s.wait_playing("the clip playing")
        pid = s.flick.pid
        playing = cpu_seconds(pid)
        time.sleep(1.0)  # one second of playing, the yardstick
        playing = cpu_seconds(pid) - playing
        s.key("space")
        s.wait_for(lambda: s.player()["play"] == "Play", "the clip paused: the button offers Play")
        # The folder's analysis works, and its line slides, on a clock of its own.
        s.settled()

        def settled():
            first = cpu_seconds(pid)
            time.sleep(0.5)  # the interval the cost is watched over
            return cpu_seconds(pid) - first <= 0.02
        s.wait_for(settled, "the window settling once paused", timeout=10)
        before = cpu_seconds(pid)
        time.sleep(2.0)  # the test's intent: two seconds of idle
        idle = cpu_seconds(pid) - before
        print(f"CPU: {playing:.2f} s in 1 s playing, {idle:.2f} s in 2 s paused")
        assert idle <= 0.03, f"{idle:.2f} CPU-s in 2 s paused (playing costs {playing:.2f} s a second)"
        # Playing again moves the picture.
        s.key("space")
        s.wait_playing("the clip playing again")
        x, y, w, h = top_card(s.tree())["extents"]
        assert s.picture_moves(f"{w}x{h}+{x}+{y}", s.tmp), "the picture moves once playing again"
