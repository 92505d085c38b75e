"""What a person sees of the overview (G) and of the Apply dialog, read
from the accessibility tree as a screen reader reads it: whether the grid
shows, its tiles with their decisions, which are selected and focused, the
filter pressed, the lines above and below the grid; the dialog's heading,
body and the files it lists with their checks. Screenshots tell whether a
tile moves (its muted preview) and whether rows show posters.

Tree readers take a tree from `atspi_tree()`; the `s`-taking ones read a
fresh tree (or, for a long list, a quick `atspi_find`) each time."""
import re
import subprocess

from harness import find_nodes, image_stats

OVERVIEW = "Overview"
GRID = "All clips"
# "12 clips · 3 selected", "1 photo · 1 selected", "12 items" (photos, clips or both)
SELECTION_LINE = re.compile(r"^(\d+) (?:clip|photo|item)s?(?: · (\d+) selected)?$")
FILTER_COUNT = re.compile(r"^(.*) \((\d+)\)$")


# -- the overview ---------------------------------------------------------------

def page(tree):
    """The overview page: what holds the scrolled grid of tiles, the filters
    above it and the lines around it (hidden pages are out of the tree; the
    page has no name of its own, so a screen reader never says "Overview
    panel"), or None."""
    def is_grid(node):
        return node["role"] == "scroll pane" and any(c["role"] == "table" for c in node["children"])

    def visit(node):
        if any(is_grid(c) for c in node["children"]):
            return node
        for c in node["children"]:
            found = visit(c)
            if found:
                return found
        return None
    return visit(tree)


def shown(tree):
    """Whether the overview shows: its page is in the tree and the header
    bar's Overview button is pressed."""
    buttons = [n for n in find_nodes(tree, role="push button", name=OVERVIEW) if n["description"]]
    return page(tree) is not None and bool(buttons) and buttons[0]["checked"]


def tiles(tree):
    """The tiles the grid shows, in order ("name, 0:03, liked")."""
    grid = page(tree)
    return [n for n in find_nodes(grid, role="table cell")] if grid else []


# What a tile's name says after its clip: ", current", ", selected", ", 3 of 12".
TILE_STATE = re.compile(r"(?:, current)?(?:, selected)?(?:, \d+ of \d+)?$")


def content_name(name):
    """A tile's name without its state words: "a.mp4, 0:03, liked"."""
    return TILE_STATE.sub("", name)


def tile_names(tree):
    return [content_name(n["name"]) for n in tiles(tree)]


def selected(tree):
    """The names of the selected tiles, in grid order."""
    return [content_name(n["name"]) for n in tiles(tree) if n["selected"]]


def selected_files(tree):
    """The file names of the selected tiles ("final_point.webm")."""
    return [name.split(", ")[0] for name in selected(tree)]


def focused_tile(tree):
    """The name of the tile with the keyboard focus, or None."""
    names = [content_name(n["name"]) for n in tiles(tree) if n["focused"]]
    return names[0] if names else None


def filter_buttons(tree):
    """{label without its count: (count, pressed)} for the filter bar."""
    grid = page(tree)
    out = {}
    # Radio buttons, "checked" when on (GTK 4.8 has no toggle-button role).
    for n in find_nodes(grid, role="radio button") if grid else []:
        m = FILTER_COUNT.match(n["name"])
        if m:
            out[m.group(1)] = (int(m.group(2)), n["checked"])
    return out


def active_filter(tree):
    """The pressed filter's label ("All", "Marked for deletion"), or None."""
    pressed = [label for label, (_, on) in filter_buttons(tree).items() if on]
    return pressed[0] if len(pressed) == 1 else None


def selection_line(tree):
    """(clips shown, clips selected) from the line above the grid, or None."""
    grid = page(tree)
    for n in find_nodes(grid, role="label") if grid else []:
        m = SELECTION_LINE.match(n["name"])
        if m:
            return int(m.group(1)), int(m.group(2) or 0)
    return None


def status(tree):
    """The overview's status line under the grid (what it last announced)."""
    grid = page(tree)
    labels = [n["name"] for n in find_nodes(grid, role="label")] if grid else []
    above = [i for i, name in enumerate(labels) if SELECTION_LINE.match(name)]
    after = labels[above[0] + 1:] if above else []
    return after[-1] if after else None


def tile(tree, file):
    """The tile of `file`, or None."""
    found = [n for n in tiles(tree) if n["name"].split(", ")[0] == file]
    return found[0] if found else None


def tile_crop(node, inset=12):
    """A screenshot crop (WxH+X+Y) inside a tile's picture."""
    x, y, w, h = node["extents"]
    return f"{w - 2 * inset}x{h // 2}+{x + inset}+{y + inset}"


# -- the Apply dialog -------------------------------------------------------------

def dialog(s):
    """The Apply dialog as shown: heading, body, the listed files with
    their checks (each {"checked", "focused", ...}) and sizes ({file:
    "2.6\u00a0MB"}), the focused file (None when the focus is elsewhere)
    and the buttons; None when no dialog shows. A quick look (`atspi_find`, without places): the list recycles a few hundred
    rows at most, and they are read for a few things each."""
    found = s.atspi_find("dialog", "label", "check box", "push button", extents=False)
    if not isinstance(found, list):
        return None  # a window went while it was read (an error, not a list): read again
    windows = [n for n in found if n["role"] == "dialog"]
    if not windows:
        return None
    labels = [n["name"] for n in found if n["role"] == "label"]
    checks = [n for n in found if n["role"] == "check box"]
    # A row's size is the label after its check (the tree's order), past the check's own label.
    sizes, check = {}, None
    for n in found:
        if n["role"] == "check box":
            check = n["name"]
        elif n["role"] == "label" and check is not None and n["name"] != check:
            sizes[check], check = n["name"], None
    return {
        "heading": windows[0]["name"],
        "body": labels[1] if len(labels) > 1 else None,
        "files": [c["name"] for c in checks],
        "checks": {c["name"]: c for c in checks},
        "sizes": sizes,
        "focus": next((c["name"] for c in checks if c["focused"]), None),
        "buttons": [(n["name"], n["focused"]) for n in found if n["role"] == "push button"],
    }


def rows_with_posters(s, shot, least=0.04):
    """How many listed files show a picture beside their check: the part of
    each row between the list's left edge and the check box is not flat."""
    found = s.atspi_find("list", "check box")
    lists = [n for n in found if n["role"] == "list" and n["extents"]]
    if not lists:
        return 0
    left = lists[0]["extents"][0]
    count = 0
    s.screenshot(shot)
    for check in [n for n in found if n["role"] == "check box" and n["extents"]]:
        x, y, w, h = check["extents"]
        if w <= 0 or h <= 0 or x - left < 16:
            continue
        crop = shot.with_name(f"{shot.stem}-{y}.png")
        subprocess.run(["convert", str(shot), "-crop", f"{x - left - 4}x{h}+{left + 2}+{y}", "+repage", str(crop)],
                       check=True, capture_output=True)
        deviation, _ = image_stats(crop)
        count += deviation > least
    return count


def deck_tiles(s):
    """The deck as the overview shows it, [(file, decision badge)]: opened
    and closed with the header bar's Overview button, as a screen reader
    presses it (the selection, the top card's tile, is left as it was)."""
    s.atspi_do("push button", OVERVIEW)
    names = s.wait_for(lambda: (lambda t: shown(t) and tile_names(t))(s.tree()), "the overview's tiles")
    s.atspi_do("push button", OVERVIEW)
    s.wait_for(lambda: not shown(s.tree()), "the stack again")
    return [(name.split(", ")[0], name.split(", ")[-1]) for name in names]


# -- quick looks, for a grid of thousands of tiles ----------------------------------

def quick_shown(s):
    """shown() from a quick look at the main window's buttons (`atspi_find`
    reads four things per node where a tree reads a dozen), not inside the
    grid: the Overview button is in the header bar."""
    buttons = [n for n in s.atspi_find("push button", windows="frame", skip=["table"]) if n["name"] == OVERVIEW]
    return bool(buttons) and buttons[0]["checked"]


def quick_selection_line(s):
    """selection_line() from a quick look at the main window's labels
    outside the grid (the line is above it)."""
    for n in s.atspi_find("label", windows="frame", skip=["table"]):
        m = SELECTION_LINE.match(n["name"])
        if m:
            return int(m.group(1)), int(m.group(2) or 0)
    return None


# -- decks -----------------------------------------------------------------------

def distinct_photos(tmp_path, count, folder="deck"):
    """A deck of `count` small yellow photos (card_000.png…), each unlike the
    others (grain from one ffmpeg run; the same names in another `folder`
    are the same photos): copies of one photo would be one stack of exact
    copies, one tile."""
    deck = tmp_path / folder  # apart from the artifacts: a screenshot there would be a new card
    deck.mkdir()
    grain = "color=c=yellow:s=160x120:r=1,format=rgb24,geq=r='170+random(1)*85':g='150+random(1)*90':b='random(1)*60'"
    subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", grain, "-frames:v", str(count), "-start_number", "0",
                    str(deck / "card_%03d.png")], check=True, timeout=120)
    return deck
