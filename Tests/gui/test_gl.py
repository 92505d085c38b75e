"""Flick drawn by GTK's GL renderer, the one GTK 4.8 uses on a real desktop
(every other GUI test draws with cairo). Under Xvfb, Mesa's software GL
(llvmpipe) draws. The test first makes sure GTK really kept the GL renderer,
then reads from screenshots what a person sees: the top card's picture inside
its rounded corners, the card turned and tinted while a drag holds it, and the
next clip playing on top after the swipe."""
import re
import subprocess
import time

from harness import HarnessError, pixels_changed, wait_until
from test_stage import Stage, on_screen, pixel


def gl_env(tmp_path, renderer="gl"):
    """GTK's renderer, drawn by Mesa's llvmpipe whatever GPU the machine has
    (LIBGL_ALWAYS_SOFTWARE), with each GL program Mesa links written to a
    folder (how `renderer()` tells that GSK drew with GL), none from a cache."""
    capture = tmp_path / "gl-programs"
    capture.mkdir()
    return {"GSK_RENDERER": renderer, "LIBGL_ALWAYS_SOFTWARE": "1", "MESA_SHADER_CAPTURE_PATH": str(capture),
            "MESA_SHADER_CACHE_DISABLE": "true"}


def make_clip(path, seconds, source, fps=5):
    """A 640×360 H.264 clip from `videotestsrc SOURCE` (a pattern and its
    colours). Few frames a second: llvmpipe redraws the whole window for each
    one, and at 25 a second Flick's main loop has no time left for AT-SPI."""
    pipeline = (f"videotestsrc {source} num-buffers={seconds * fps} ! "
                f"video/x-raw,width=640,height=360,framerate={fps}/1,format=I420 ! "
                "x264enc speed-preset=ultrafast ! video/x-h264,profile=main ! mp4mux ! "
                f"filesink location={path}")
    subprocess.run(["gst-launch-1.0", "-q", *pipeline.split()], check=True, timeout=60, capture_output=True)


def red(rgb):
    r, g, b = rgb
    return r > 200 and g < 60 and b < 60


def blue(rgb):
    r, g, b = rgb
    return b > 200 and r < 60 and g < 60


def window_colour(rgb):
    """The window's light, colourless background (or the faint shadow on it)."""
    return min(rgb) > 150 and max(rgb) - min(rgb) < 30


def top_edge(shot, x, top, bottom):
    """The first row at `x`, from `top` down, where the card (a coloured
    picture) begins; None if there is none."""
    text = subprocess.run(["convert", f"{shot}[1x{bottom - top}+{x}+{top}]", "-depth", "8", "txt:-"],
                          capture_output=True, text=True, check=True).stdout
    for m in re.finditer(r"^0,(\d+): \((\d+),(\d+),(\d+)", text, re.M):
        row, r, g, b = (int(v) for v in m.groups())
        if max(r, g, b) - min(r, g, b) > 60:
            return top + row
    return None


def card_extents(s):
    """The top card's rectangle in screenshot pixels, read over AT-SPI (read
    again when the client fails: llvmpipe can keep a busy machine busier)."""
    def laid_out():
        try:
            top = s.top_card()
            if top and top["extents"] and top["extents"][2] > 100:
                return on_screen(s, top["extents"])
        except (HarnessError, subprocess.TimeoutExpired) as e:
            print(f"AT-SPI, read again: {e}")
        return None
    return wait_until(laid_out, 30, interval=0.5, what="the top card")


def test_renderer_check_tells_cairo_apart(tmp_path):
    """The GL check below means something: under cairo (the other tests' renderer) it says cairo."""
    folder = tmp_path / "deck"
    folder.mkdir()
    make_clip(folder / "a.mp4", 2, "pattern=ball")
    with Stage(folder, env=gl_env(tmp_path, "cairo")) as s:
        assert s.renderer() == "cairo", s.stderr()[-2000:]


class GLStage(Stage):
    # Seconds to show the first card: under software GL each AT-SPI answer
    # waits for the frame being drawn, and a loaded machine draws slowly:
    # with two CPU hogs beside it, reading the window's buttons and labels
    # once took over 30 s while the first clip played (20 s, the other
    # sessions' limit, ran out before the deck was read).
    STARTUP = 90


def test_gl_renderer_draws_the_card_its_drag_and_the_next_clip(tmp_path, artifacts):
    """A red clip on top, a blue one with a moving white ball beneath."""
    folder = tmp_path / "deck"
    folder.mkdir()
    make_clip(folder / "a_red.mp4", 20, "pattern=solid-color foreground-color=0xffff0000")
    make_clip(folder / "b_blue_ball.mp4", 20, "pattern=ball background-color=0xff0000ff foreground-color=0xffffffff")
    with GLStage(folder, env=gl_env(tmp_path)) as s:
        # The programs are linked as the window is first drawn.
        try:
            renderer = wait_until(lambda: (lambda r: r if r != "cairo" else None)(s.renderer()), 5, interval=0.2,
                                  what="GSK's GL programs")
        except HarnessError:
            renderer = "cairo"
        assert renderer == "gl", f"GTK did not keep the GL renderer ({renderer}):\n{s.stderr()[-3000:]}"
        s.wait_playing("the red clip playing", timeout=15)
        s.settled()  # the card read where the screenshots and the drag will find it
        x, y, w, h = card_extents(s)
        cx, cy = x + w // 2, y + h // 2

        # 1. At rest: the red picture fills the card inside rounded corners.
        def red_card():
            shot = s.screenshot(artifacts / "gl-rest.png")
            return shot if red(pixel(shot, cx, cy)) else None
        rest = wait_until(red_card, 10, interval=0.3, what="the red picture on the top card")
        corners = {"top left": ((x + 1, y + 1), (x + 10, y + 10)),
                   "top right": ((x + w - 2, y + 1), (x + w - 11, y + 10)),
                   "bottom left": ((x + 1, y + h - 2), (x + 10, y + h - 11)),
                   "bottom right": ((x + w - 2, y + h - 2), (x + w - 11, y + h - 11))}
        for corner, (outside, inside) in corners.items():
            assert window_colour(pixel(rest, *outside)), \
                f"{corner}: the window shows past the rounded corner at {outside}: {pixel(rest, *outside)}"
            assert red(pixel(rest, *inside)), f"{corner}: the picture just inside it at {inside}: {pixel(rest, *inside)}"
        for px, py in [(x + w // 4, cy), (x + 3 * w // 4, cy), (cx, y + h // 4), (cx, y + 3 * h // 4)]:
            assert red(pixel(rest, px, py)), f"the picture all over the card: {pixel(rest, px, py)} at {(px, py)}"
        left_x, right_x = x + w // 4, x + w // 2
        level = (top_edge(rest, left_x, y - 40, y + 40), top_edge(rest, right_x, y - 40, y + 40))
        assert None not in level and abs(level[0] - level[1]) <= 1 and abs(level[0] - y) <= 2, \
            f"at rest the card's top edge is level, at y={y}: {level}"
        rest_tint = pixel(rest, cx - w // 4, cy)

        # 2. A drag held to the right: the card turns and the like overlay shows over the picture.
        grab = (cx, cy - h // 4)
        # Held just past the like threshold (35 % of the width): the sign is
        # at full strength exactly when letting go would like the clip.
        dx = max(240, int(0.35 * w) + 20)
        s.xdotool("mousemove", *grab, "sleep", 0.1, "mousedown", 1, "sleep", 0.1,
                  *[a for i in range(1, 13) for a in ("mousemove", grab[0] + i * dx // 12, grab[1], "sleep", 0.03)])
        ax, bx = x + dx + w // 8, min(x + dx + w // 2, 880)

        def held_card():
            shot = s.screenshot(artifacts / "gl-mid-drag.png")
            turned = (top_edge(shot, ax, y - 60, y + 80), top_edge(shot, bx, y - 60, y + 80))
            tint = pixel(shot, cx + dx - w // 4, cy)
            badge = [pixel(shot, cx + dx + ox, cy + oy) for ox in (-40, 0, 40) for oy in (-30, 0, 30)]
            seen = {"turned": None not in turned and abs(turned[0] - turned[1]) >= 8,
                    "tinted": tint[0] > tint[1] and tint[1] - rest_tint[1] >= 25,
                    "badge": any(g > r + 40 and g > b for r, g, b in badge)}
            return seen, turned, tint, badge
        last = []

        def held():
            last[:] = [held_card()]
            return all(last[0][0].values())
        try:
            wait_until(held, 8, interval=0.3, what="the held card turned, tinted and badged")
        except HarnessError:
            pass  # each part is named below
        seen, turned, tint, badge = last[0]
        assert seen["turned"], f"the held card is turned: its top edge at x={ax} and x={bx} is at {turned}"
        assert seen["tinted"], f"the like tint lies over the red picture: {tint} (at rest {rest_tint})"
        assert seen["badge"], f"the green like badge in the card's middle: {badge}"

        # 3. Released past the threshold: the blue clip is on top and plays.
        s.xdotool(*[a for i in range(1, 7) for a in ("mousemove", grab[0] + dx + i * 30, grab[1], "sleep", 0.03)],
                  "mouseup", 1)
        released = s.screenshot(artifacts / "gl-released.png")
        s.wait_cursor(1, f"the swipe (just after the release: {released})", timeout=15)
        s.wait_playing("the blue clip playing", timeout=15)
        x, y, w, h = card_extents(s)
        inner = f"{w - 60}x{h - 60}+{x + 30}+{y + 30}"
        points = [(x + w * i // 6, y + h * j // 4) for i in range(1, 6) for j in range(1, 4)]

        def blue_card():
            shot = s.screenshot(artifacts / "gl-next.png")
            colours = [pixel(shot, *p) for p in points]
            return shot if sum(map(blue, colours)) >= len(points) - 3 and not any(map(red, colours)) else None
        first = wait_until(blue_card, 10, interval=0.3, what="the blue clip's picture on top")
        time.sleep(1.0)  # the interval the picture is watched over
        later = s.screenshot(artifacts / "gl-next-later.png")
        assert blue(pixel(later, x + w // 6, y + h // 4)), "still the blue clip a second later"
        changed = pixels_changed(first, later, crop=inner)
        assert changed > 500, f"the next clip moves: {changed} pixels of the card changed in a second"
