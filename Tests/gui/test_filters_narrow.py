"""The overview's filters in a narrow window (400 px, and 360 px: the
window's least width): they wrap onto more rows, so every filter, Suggested
the last, is whole, inside the window and clear of the others; a mouse
click chooses one, and the keyboard reaches one as Orca says its name.
(Before, the filters scrolled sideways in one row and Suggested lay past
the window's edge.)"""
from harness import find_nodes, wait_until
from observe_overview import FILTER_COUNT, active_filter, filter_buttons
from orca import Orca, said_text
from test_sizes import Sized, inside, laid_out_at, screen, window_geometry  # noqa: F401 (screen: a fixture)

FILTERS = ["All", "Undecided", "Liked", "Marked for deletion", "Skipped", "Suggested"]


def filter_nodes(s):
    """The six filter buttons' nodes by label (without the count), once all are laid out."""
    def laid_out():
        nodes = {}
        for node in find_nodes(s.atspi_tree(), role="radio button"):
            m = FILTER_COUNT.match(node["name"])
            if m and node["extents"] and node["extents"][2] > 0:
                nodes[m.group(1)] = node
        return nodes if sorted(nodes) == sorted(FILTERS) else None
    return wait_until(laid_out, 10, what="the six filters")


def overlap(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def filters_in_sight(s, artifacts, width):
    """Every filter inside the window `width` px wide, whole and clear of the others."""
    # The rows settle in the main-loop turn after the overview is laid out.
    frame = wait_until(lambda: (f := s.frame()["extents"]) and f[2] == width and all(
        inside(n["extents"], f) for n in filter_nodes(s).values()) and f, 10,
        what=f"every filter inside the {width} px window")
    nodes = filter_nodes(s)
    s.screenshot(artifacts / f"filters-{width}.png")
    for name, node in nodes.items():
        assert inside(node["extents"], frame), f"{name} at {node['extents']} is outside the window {frame}"
    for a in FILTERS:
        for b in FILTERS[FILTERS.index(a) + 1:]:
            assert not overlap(nodes[a]["extents"], nodes[b]["extents"]), f"{a} runs into {b}"


def test_every_filter_is_in_sight_and_chosen_by_mouse_keyboard_and_orca(screen, artifacts):  # noqa: F811
    with Sized((400, 640)) as s:
        laid_out_at(s, s.size)
        with Orca(s) as orca:
            orca.activate(s.window_id(), timeout=10, until=lambda said: any(u.startswith("Clip ") for u in said))
            orca.press("g", timeout=8, quiet=0.6, until=lambda said: any(u.startswith("Overview,") for u in said))
            filters_in_sight(s, artifacts, 400)
            # Narrower still: the window's least width.
            s.size = (360, 640)
            s.take_size()
            filters_in_sight(s, artifacts, 360)
            # The keyboard: back from the grid to the last filter, heard by its name; Space chooses it.
            said = orca.press("shift+Tab", timeout=6, until=lambda said: any(u.startswith("Suggested (") for u in said))
            assert any(u.startswith("Suggested (") for u in said), said_text(said)
            said = orca.press("space", timeout=6, until=lambda said: any("suggested" in u and ("Showing" in u or "No " in u)
                                                                        for u in said))
            assert wait_until(lambda: active_filter(s.atspi_tree()) == "Suggested", 5, what="Suggested chosen"), said_text(said)
            # The mouse: a click on All, where the window shows it.
            x, y, w, h = filter_nodes(s)["All"]["extents"]
            _, _, x_width, x_height = window_geometry(s)
            s.xdotool("mousemove", x + w // 2 + (x_width - s.size[0]) // 2, y + h // 2 + (x_height - s.size[1]) // 2, "click", 1)
            wait_until(lambda: active_filter(s.atspi_tree()) == "All", 5, what="All chosen by a click")
            assert filter_buttons(s.atspi_tree())["All"][1]
