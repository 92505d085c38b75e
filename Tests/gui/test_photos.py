"""A phone's camera folder shows right: every photo upright and in its shape
on the card and on its overview tile, whatever its format — JPEGs in all
eight EXIF orientations, WebP (plain and with an EXIF orientation), HEIC,
AVIF (plain, rotated and mirrored by the file's own irot/imir) — and a photo
whose format has no loader installed says which package to install.

Every file is made here with the real tools (ImageMagick, exiftool, cwebp,
heif-enc, avifenc); the picture on screen is compared at 8×8 with the
auto-oriented reference and with every other turn of it."""
import functools
import shutil
import subprocess
import time
from pathlib import Path

import pytest

import harness
from harness import find_nodes, wait_until
from test_stage import SIZES, Stage, aspect_close, on_screen

# The stored picture: 360×240, red top half, blue bottom-left quarter,
# green bottom-right quarter — each of the eight turns looks different.
WIDTH, HEIGHT = 360, 240
# convert's arguments for the eight EXIF orientations (1–8): what turns the
# stored picture into the shown one.
TURNS = {1: [], 2: ["-flop"], 3: ["-rotate", "180"], 4: ["-flip"], 5: ["-transpose"],
         6: ["-rotate", "90"], 7: ["-transverse"], 8: ["-rotate", "270"]}


def run(*cmd):
    subprocess.run([str(c) for c in cmd], check=True, capture_output=True, timeout=120)


def make_photos(folder):
    """{file name: the orientation (1–8) a viewer shows it in}; beside each
    file `.ref.png` holds the reference picture (auto-oriented)."""
    work = folder.parent / (folder.name + "-work")
    work.mkdir()
    base = work / "base.png"
    run("convert", "-size", f"{WIDTH}x{HEIGHT}", "xc:lime",
        "-fill", "red", "-draw", f"rectangle 0,0 {WIDTH},{HEIGHT // 2 - 1}",
        "-fill", "blue", "-draw", f"rectangle 0,{HEIGHT // 2} {WIDTH // 2 - 1},{HEIGHT}", f"PNG24:{base}")
    # (Truecolour: heif-enc 1.15 garbles a palette PNG.)
    shown = {}
    for orientation in range(1, 9):
        name = f"jpeg_o{orientation}.jpg"
        run("convert", base, "-quality", "95", folder / name)
        run("exiftool", "-q", "-overwrite_original", f"-Orientation={orientation}", "-n", folder / name)
        # The reference is what ImageMagick's -auto-orient makes of the file.
        run("convert", folder / name, "-auto-orient", work / f"{name}.ref.png")
        shown[name] = orientation
    run("cwebp", "-quiet", "-lossless", base, "-o", folder / "webp_plain.webp")
    shown["webp_plain.webp"] = 1
    # cwebp keeps a JPEG's EXIF block: a WebP whose EXIF chunk says 6.
    run("cwebp", "-quiet", "-q", "95", "-metadata", "exif", folder / "jpeg_o6.jpg", "-o", folder / "webp_o6.webp")
    shown["webp_o6.webp"] = 6
    run("heif-enc", "-q", "90", base, "-o", folder / "IMG_0001.HEIC")
    shown["IMG_0001.HEIC"] = 1
    # heif-enc 1.15 cannot write irot/imir; avifenc can, and the same
    # libheif loader applies them. irot 1 turns a quarter counter-clockwise
    # (EXIF 8); imir 1 mirrors left to right; irot 1 + imir 0 then mirrors
    # top to bottom (EXIF 5).
    run("avifenc", base, folder / "avif_plain.avif")
    shown["avif_plain.avif"] = 1
    run("avifenc", "--irot", "1", base, folder / "avif_irot.avif")
    shown["avif_irot.avif"] = 8
    run("avifenc", "--irot", "1", "--imir", "0", base, folder / "avif_irot_imir.avif")
    shown["avif_irot_imir.avif"] = 5
    for name, orientation in shown.items():
        if not (work / f"{name}.ref.png").exists():
            run("convert", base, *TURNS[orientation], work / f"{name}.ref.png")
    for orientation, turn in TURNS.items():
        run("convert", base, *turn, work / f"turn{orientation}.png")
    return shown, work


@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    folder = tmp_path_factory.mktemp("camera")
    shown, work = make_photos(folder)
    return folder, shown, work


# -- pictures ------------------------------------------------------------------
def pixels(path, crop=None):
    """(width, height, RGB bytes) of an image (a WxH+X+Y crop of it). A
    screenshot taken as PPM (`shot()`) is read as it is, with no converter
    run: its bytes are already these."""
    if crop is None and Path(path).suffix == ".ppm":
        return parse_ppm(Path(path).read_bytes())
    source = f"{path}[{crop}]" if crop else str(path)
    return parse_ppm(subprocess.run(["convert", source, "-depth", "8", "ppm:-"], capture_output=True, check=True).stdout)


def parse_ppm(data):
    """(width, height, RGB bytes) of a binary PPM (P6, 8 bits a channel)."""
    fields, offset = [], 0
    while len(fields) < 4:  # P6, width, height, maxval
        while data[offset:offset + 1].isspace():
            offset += 1
        end = offset
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[offset:end])
        offset = end
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError(f"not an 8-bit binary PPM: {fields}")
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[offset + 1:offset + 1 + width * height * 3]


def cropped(image, x, y, w, h):
    """A WxH+X+Y crop of an image from pixels(), cut to the image as
    ImageMagick cuts a crop that reaches past its edges."""
    width, height, data = image
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, width), min(y + h, height)
    if x1 <= x0 or y1 <= y0:
        raise ValueError(f"the crop {w}x{h}+{x}+{y} is outside the {width}x{height} picture")
    rows = [data[(row * width + x0) * 3:(row * width + x1) * 3] for row in range(y0, y1)]
    return x1 - x0, y1 - y0, b"".join(rows)


def shot(s, path):
    """The screen now, as `pixels()` gives it: taken as an 8-bit PPM (no
    PNG to write and read back)."""
    path = path.with_suffix(".ppm")
    s.run("import", "-display", s.display, "-window", "root", "-depth", "8", str(path))
    return pixels(path)


def keep_png(image, path):
    """Saves an image from pixels() as a PNG (an artifact to look at)."""
    width, height, data = image
    subprocess.run(["convert", "-size", f"{width}x{height}", "-depth", "8", "rgb:-", str(path)], input=data,
                   check=True, capture_output=True)


def screen_offset(s):
    """(dx, dy) from AT-SPI extents to screenshot pixels (see on_screen),
    read once for the window as it stands."""
    x, y, _, _ = on_screen(s, (0, 0, 0, 0))
    return x, y


def placed(extents, offset):
    x, y, w, h = extents
    return x + offset[0], y + offset[1], w, h


def means(image, box=None, n=8, inset=0.06):
    """The mean colours of an n×n grid over `box` (x, y, w, h; the whole
    image by default), leaving out `inset` of each side (a card's rounded
    corners)."""
    width, height, data = image
    x0, y0, w, h = box or (0, 0, width, height)
    x0, y0, w, h = x0 + w * inset, y0 + h * inset, w * (1 - 2 * inset), h * (1 - 2 * inset)
    grid = []
    for gy in range(n):
        rows = range(int(y0 + h * gy / n), max(int(y0 + h * gy / n) + 1, int(y0 + h * (gy + 1) / n)))
        for gx in range(n):
            first = int(x0 + w * gx / n)
            end = max(first + 1, int(x0 + w * (gx + 1) / n))
            total = [0, 0, 0]
            for y in rows:
                # One cell's stretch of a row: its reds, greens and blues summed at once.
                run = data[(y * width + first) * 3:(y * width + end) * 3]
                total = [total[0] + sum(run[0::3]), total[1] + sum(run[1::3]), total[2] + sum(run[2::3])]
            count = len(rows) * (end - first)
            grid.append([t / count for t in total])
    return grid


def distance(a, b):
    """Mean absolute difference of two grids, 0–255."""
    return sum(abs(p - q) for u, v in zip(a, b) for p, q in zip(u, v)) / (len(a) * 3)


# Each channel of a pixel as 0 (under 70), 1 (70–190) or 2 (over 190).
_LEVELS = bytes(0 if v < 70 else 1 if v <= 190 else 2 for v in range(256))
# A pixel's three levels as 9r+3g+b: pure when one channel is over 190 and
# the other two under 70 (2·9, 2·3 or 2).
_PURE = bytes(1 if v in (18, 6, 2) else 0 for v in range(256))


def saturated_box(image):
    """The bounding box (x, y, w, h) of the test picture's pure red, green
    and blue pixels (not the selection's accent blue), or None: those whose
    middle channel is under 70 and largest over 190."""
    width, height, data = image
    xs, ys, count = [], [], 0
    for y in range(height):
        levels = data[y * width * 3:(y + 1) * width * 3].translate(_LEVELS)
        # The three channels of every pixel in the row combined byte by byte
        # (each sum is under 27: no byte carries into the next).
        combined = (int.from_bytes(levels[0::3], "big") * 9 + int.from_bytes(levels[1::3], "big") * 3
                    + int.from_bytes(levels[2::3], "big"))
        pure = combined.to_bytes(width, "big").translate(_PURE)
        found = pure.count(1)
        if found:
            count += found
            xs += [pure.index(1), pure.rindex(1)]
            ys.append(y)
    if count < 50:
        return None
    return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


@functools.lru_cache(maxsize=None)
def picture_means(path):
    """means() of a reference picture, read once for the module's tests."""
    return means(pixels(path))


def judge(shot_means, name, shown, work):
    """(distance to the reference, the nearest wrong turn's distance, its
    orientation)."""
    reference = distance(shot_means, picture_means(work / f"{name}.ref.png"))
    expected = TURNS[shown[name]]
    wrong = {o: distance(shot_means, picture_means(work / f"turn{o}.png")) for o, turn in TURNS.items() if turn != expected}
    nearest = min(wrong, key=wrong.get)
    return reference, wrong[nearest], nearest


def displayed_aspect(orientation):
    return HEIGHT / WIDTH if orientation >= 5 else WIDTH / HEIGHT


# -- the session ---------------------------------------------------------------
def frame_nodes(s, role):
    """The main window's nodes with `role` (name, state, extents): a quick
    look where a whole tree reads a dozen things a node; [] while the app is
    not on the bus."""
    found = s.atspi_find(role, windows="frame")
    return found if isinstance(found, list) else []


def top_card(s):
    cards = [n for n in frame_nodes(s, "push button") if n["name"].startswith("Clip ")]
    return cards[0] if cards else None


def check_cards(s, names, shown, work, artifacts, size):
    """Each card in turn (skipped to the next): its shape, then its picture."""
    shot_path = s.tmp / f"photos-{size}-card.ppm"
    seen = []
    for _ in names:
        def shaped():
            card = top_card(s)
            name = card and next((n for n in names if f": {n}," in card["name"] and n not in seen), None)
            if not name or not card["extents"]:
                return None
            x, y, w, h = card["extents"]
            return (name, card) if aspect_close(w, h, displayed_aspect(shown[name])) else None
        name, card = wait_until(shaped, 15, what=f"the card after {seen[-1:]} in its shape")
        seen.append(name)
        assert "Can’t" not in card["name"], card["name"]
        # The card settles in its place: the same extents twice running.
        last = [card]

        def settled():
            now = top_card(s)
            before, last[0] = last[0], now
            return now if now and before and now["extents"] == before["extents"] else None
        extents = on_screen(s, wait_until(settled, 10, interval=0.2, what=f"{name} settled in its place")["extents"])
        image = shot(s, shot_path)
        if name in ("jpeg_o1.jpg", "jpeg_o6.jpg", "IMG_0001.HEIC", "avif_irot.avif"):
            keep_png(image, artifacts / f"photos-{size}-{name}.png")
        reference, wrong, nearest = judge(means(image, extents), name, shown, work)
        print(f"{size} card {name}: {extents[2]}×{extents[3]}, reference {reference:.1f}, "
              f"nearest wrong turn ({nearest}) {wrong:.1f}")
        assert reference < 25 and reference < wrong / 2, (name, reference, wrong, nearest)
        s.key("s")
    assert sorted(seen) == sorted(names)


def check_tiles(s, names, shown, work, artifacts, size):
    s.key("g")
    _, _, win_w, win_h = (0, 0, *s.size)

    def tiles():
        found = {}
        for node in frame_nodes(s, "table cell"):
            name = next((n for n in names if node["name"].startswith(n + ",")), None)
            if name and node["extents"] and node["extents"][2] > 0:
                found[name] = node["extents"]
        return found if len(found) >= 4 else None
    cells = wait_until(tiles, 15, what="the overview's tiles")
    shot_path = s.tmp / f"photos-{size}-overview.ppm"
    checked, last = 0, []
    pending = {n: e for n, e in cells.items() if e[1] + e[3] <= win_h and e[0] + e[2] <= win_w}

    def judge_posters():
        """Judges every tile whose poster is in; true once none is left."""
        nonlocal checked
        image = shot(s, shot_path)
        last[:] = [image]
        offset = screen_offset(s)
        for name, extents in list(pending.items()):
            crop = cropped(image, *placed(extents, offset))
            box = saturated_box(crop)
            if not box or box[2] < 20 or box[3] < 20:
                continue  # the poster is not in yet
            want = displayed_aspect(shown[name])
            reference, wrong, nearest = judge(means(crop, box, inset=0.08), name, shown, work)
            print(f"{size} tile {name}: picture {box[2]}×{box[3]}, reference {reference:.1f}, "
                  f"nearest wrong turn ({nearest}) {wrong:.1f}")
            assert aspect_close(box[2], box[3], want, 0.06), (name, box, want)
            assert reference < 30 and reference < wrong / 2, (name, reference, wrong, nearest)
            del pending[name]
            checked += 1
        return not pending
    try:
        wait_until(judge_posters, 20, interval=0.5, what="a poster on every tile")
    except harness.HarnessError:
        pass  # named below
    keep_png(last[0], artifacts / f"photos-{size}-overview.png")
    assert not pending, f"no poster on {sorted(pending)}"
    assert checked >= 4
    s.key("Escape")


@pytest.fixture
def screen(monkeypatch):
    monkeypatch.setattr(harness, "SCREEN", (1920, 1080))


@pytest.mark.parametrize("size", SIZES)
def test_every_photo_shows_upright_in_its_shape_on_its_card_and_tile(photos, tmp_path, screen, artifacts, size):
    folder, shown, work = photos
    names = list(shown)
    with Stage(folder, size) as s:
        s.settled()  # tiles and cards read where the screenshots will find them
        check_tiles(s, names, shown, work, artifacts, size)
        check_cards(s, names, shown, work, artifacts, size)
        # Photos leave the shared thumbnail cache to the system's thumbnailer
        # (gdk-pixbuf-thumbnailer turns them upright itself).
        assert not list((s.tmp / "cache").rglob("*.png")), "no photo thumbnail written by Flick"


def loaders_cache_without(tmp_path, *loaders):
    """A copy of gdk-pixbuf's loader list without `loaders` (the files'
    names): Flick run with it sees those formats as not installed."""
    cache = subprocess.run(["find", "/usr/lib", "-name", "loaders.cache", "-path", "*gdk-pixbuf-2.0*"],
                           capture_output=True, text=True).stdout.split()[0]
    blocks = Path(cache).read_text().split("\n\n")
    kept = [b for b in blocks if not any(loader in b for loader in loaders)]
    copy = tmp_path / "loaders.cache"
    copy.write_text("\n\n".join(kept))
    return copy


def test_a_photo_without_its_loader_names_the_package_to_install(photos, tmp_path, artifacts):
    folder, _, _ = photos
    deck = tmp_path / "deck"
    deck.mkdir()
    for name in ("IMG_0001.HEIC", "avif_plain.avif", "webp_plain.webp", "jpeg_o1.jpg"):
        shutil.copy(folder / name, deck / name)
    cache = loaders_cache_without(tmp_path, "libpixbufloader-heif.so", "libpixbufloader-avif.so",
                                  "libpixbufloader-webp.so")
    with Stage(deck, env={"GDK_PIXBUF_MODULE_FILE": str(cache)}) as s:
        expected = [
            "Can’t show avif_plain.avif: no AVIF loader is installed (install libavif-gdk-pixbuf)",
            "Can’t show IMG_0001.HEIC: no HEIF loader is installed (install heif-gdk-pixbuf)",
            None,
            "Can’t show webp_plain.webp: no WebP loader is installed (install webp-pixbuf-loader)",
        ]
        for want, name in zip(expected, ["avif_plain.avif", "IMG_0001.HEIC", "jpeg_o1.jpg", "webp_plain.webp"]):
            def said():
                card = top_card(s)
                if not card or name not in card["name"]:
                    return None
                return card if (want is None and card["extents"][2] > 0) or (want and want in card["name"]) else None
            card = wait_until(said, 15, what=f"{name}: {want}")
            if want is None:
                time.sleep(1)  # the test's point: a second later the JPEG still reads, no late failure
                assert "Can’t" not in top_card(s)["name"], "a JPEG still reads"
            # The card says it where a sighted user looks, too.
            if want:
                assert find_nodes(s.atspi_tree(), role="label", contains=want), f"{want} on the card"
                s.screenshot(artifacts / f"photos-no-loader-{name}.png")
            s.key("s")


def test_the_apply_lists_posters_are_upright(photos, tmp_path, artifacts):
    """The Apply list shows each photo marked for deletion upright, in its shape."""
    folder, shown, work = photos
    deck = tmp_path / "deck"
    deck.mkdir()
    names = ["avif_irot.avif", "jpeg_o1.jpg", "jpeg_o6.jpg", "jpeg_o7.jpg"]
    for name in names:
        shutil.copy(folder / name, deck / name)
    with Stage(deck) as s:
        for name in names:
            wait_until(lambda n=name: (lambda c: c and f": {n}," in c["name"])(top_card(s)), 15, what=f"{name} on top")
            s.key("d")
        wait_until(lambda: find_nodes(s.atspi_tree(), role="push button", name="Review Again") or None, 15,
                   what="the finished page")
        s.settled()  # the window behind the list holds still (its Apply button stays out of the rows read)
        s.atspi_do("push button", "Apply Deletions…")
        rows = wait_until(lambda: {n["name"]: n["extents"] for n in find_nodes(s.atspi_tree(), role="check box")
                                   if n["name"] in names} or None, 15, what="the list of files")
        assert sorted(rows) == sorted(names)
        shot_path = s.tmp / "photos-apply-list.ppm"
        pending, last = dict(rows), []

        def judge_posters():
            """Judges every row whose poster is in; true once none is left."""
            image = shot(s, shot_path)
            last[:] = [image]
            offset = screen_offset(s)
            win_w = s.size[0]
            for name, extents in list(pending.items()):
                x, y, w, h = placed(extents, offset)
                # The row up to its check box, as tall as a poster (rows are ~60 px
                # apart): the window behind the dialog (its red Apply button) stays out.
                band = cropped(image, 0, y + h // 2 - 28, min(x + w, win_w), 56)
                box = saturated_box(band)
                if not box or box[3] < 20:
                    continue
                reference, wrong, nearest = judge(means(band, box, inset=0.1), name, shown, work)
                print(f"apply list {name}: poster {box[2]}×{box[3]}, reference {reference:.1f}, "
                      f"nearest wrong turn ({nearest}) {wrong:.1f}")
                assert aspect_close(box[2], box[3], displayed_aspect(shown[name]), 0.12), (name, box)
                assert reference < 35 and reference < wrong / 2, (name, reference, wrong, nearest)
                del pending[name]
            return not pending
        try:
            wait_until(judge_posters, 15, interval=0.5, what="a poster on every row")
        except harness.HarnessError:
            pass  # named below
        keep_png(last[0], artifacts / "photos-apply-list.png")
        assert not pending, f"no poster on {sorted(pending)}"


def test_an_empty_or_false_photo_says_why_and_the_next_one_shows(photos, tmp_path):
    """(A FIFO never becomes a card: the folder scan lists regular files only;
    PhotoHeader refuses one that turned into a FIFO since, without opening it.)"""
    folder, _, _ = photos
    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "b_empty.heic").write_bytes(b"")
    (deck / "c_notes.webp").write_text("shopping list\n")
    shutil.copy(folder / "jpeg_o6.jpg", deck / "d_fine.jpg")
    with Stage(deck) as s:
        for name, want in [("b_empty.heic", "Can’t read b_empty.heic: the file is empty"),
                           ("c_notes.webp", "Can’t read c_notes.webp: it is not a picture Flick can read")]:
            wait_until(lambda: (lambda c: c and name in c["name"] and want in c["name"])(top_card(s)), 15,
                       what=f"{name}: {want}")
            s.key("s")
        card = wait_until(lambda: (lambda c: c if c and "d_fine.jpg" in c["name"]
                                   and aspect_close(c["extents"][2], c["extents"][3], HEIGHT / WIDTH) else None)(top_card(s)),
                          15, what="the good photo after them, upright")
        assert "Can’t" not in card["name"]
