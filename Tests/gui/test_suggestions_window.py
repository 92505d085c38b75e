"""Suggestions in the window, on real media made from Debian's opencv-doc
examples: a real clip cut to 0.7 s (short), a real picture named as
Android names screenshots, an exact copy of a real photo, a black clip
and a real clip of normal length. With a window manager and a real Orca:
each suggested card says its reason and size, spoken with the card;
Review Suggestions goes through exactly the suggested cards and ends
saying so (with stacks on, a delete there takes the extra copy, not the
original it shares its card with); Mark All Suggested… ticks the strong
reasons only and marks nothing until confirmed, as one batch one Undo
takes back, and Apply
says the space it freed. What was decided is read back with
`flick status --json`."""
import ctypes
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from cli import Cli
from harness import FlickSession, find_nodes, wait_until
from orca import Orca, said_text

DATA = "/usr/share/doc/opencv-doc/examples/data"
X264 = ["-an", "-c:v", "libx264", "-preset", "ultrafast"]
SHORT = "VID_20240101_120000.mp4"
SCREENSHOT = "Screenshot_20240101-120000.png"
COPY = "baboon(1).jpg"
ORIGINAL = "baboon.jpg"
PHRASES = {"short": "short", "screenshot": "screenshot", "copy": "extra copy", "dark": "very dark", "blurry": "blurry"}


def tool(*args):
    subprocess.run([str(a) for a in args], check=True, capture_output=True, timeout=120)


@pytest.fixture(scope="module")
def phone(tmp_path_factory):
    d = tmp_path_factory.mktemp("phone")
    tool("ffmpeg", "-v", "error", "-y", "-ss", "2", "-t", "0.7", "-i", f"{DATA}/Megamind.avi", *X264, d / SHORT)
    tool("ffmpeg", "-v", "error", "-y", "-ss", "5", "-t", "2", "-i", f"{DATA}/vtest.avi", *X264, d / "VID_20240101_130000.mp4")
    tool("ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "color=black:s=640x360:r=25", "-t", "2", *X264,
         "-pix_fmt", "yuv420p", d / "VID_20240101_140000.mp4")
    shutil.copy(f"{DATA}/pic1.png", d / SCREENSHOT)
    shutil.copy(f"{DATA}/baboon.jpg", d / "baboon.jpg")
    shutil.copy(f"{DATA}/baboon.jpg", d / COPY)
    return d


def glib_size(size):
    """A size as GLib words it (g_format_size: "1.2\u00a0kB"), as the window shows it."""
    glib = ctypes.CDLL("libglib-2.0.so.0")
    glib.g_format_size.restype = ctypes.c_char_p
    glib.g_format_size.argtypes = [ctypes.c_uint64]
    return glib.g_format_size(size).decode()


def suggested(cli, folder):
    """The deck (paths in deck order) and each item's reasons, as `flick status` finds them."""
    status = json.loads(cli.run("status", folder, "--json", check=0).stdout)
    return [c["path"] for c in status["clips"]], {c["path"]: c["suggestions"] for c in status["clips"] if c["suggestions"]}


def phrase(reasons):
    return "Suggested: " + ", ".join(PHRASES[r] for r in reasons)


def analysed(session):
    """Waits until the analysis (in the background) has suggested
    something: the main menu's Review Suggestions is then offered."""
    def offered():
        session.xdotool("key", "F10")
        items = wait_until(lambda: find_nodes(session.atspi_tree(), role="menu item", name="Review Suggestions"), 10,
                           what="the main menu")
        session.xdotool("key", "Escape")
        return items[0]["sensitive"]
    wait_until(offered, 60, interval=1, what="Review Suggestions offered")


def menu(session, item):
    session.xdotool("key", "F10")
    wait_until(lambda: find_nodes(session.atspi_tree(), role="menu item", name=item), 10, what="the main menu")
    session.atspi_do("menu item", item)


def decisions(cli, folder):
    status = json.loads(cli.run("status", folder, "--json", check=0).stdout)
    return {c["path"]: c["decision"] for c in status["clips"]}, status


def test_review_suggestions_says_each_reason_and_only_the_user_decides(phone, tmp_path):
    cli = Cli(tmp_path)
    deck, reasons = suggested(cli, phone)
    assert {SHORT: ["short"], SCREENSHOT: ["screenshot"], COPY: ["copy"]}.items() <= reasons.items(), reasons
    order = [p for p in deck if p in reasons]
    # Stacks on, as a user has them: the extra copy shares its card with
    # its original, and deleting the copy must leave the original alone.
    with FlickSession([str(phone)], data_home=cli.data, window_manager=True, env={"FLICK_LOG": "debug"}, stacks=True) as session:
        window = session.wait_for_window()
        with Orca(session) as orca:
            # The first card read: clip 1, or, once the stacks are placed,
            # the copies' original ("Clip 2 of 6: baboon.jpg, …").
            orca.activate(window, timeout=10, until=lambda s: any(u.startswith("Clip ") for u in s))
            analysed(session)
            # The player bar says the top file's size, in GLib's words ("1.2 kB", a no-break space).
            # (A stack's card shows the copy kept first: the original.)
            top = ORIGINAL if deck[0] == COPY else deck[0]
            words = glib_size((phone / top).stat().st_size)
            assert find_nodes(session.atspi_tree(), role="label", contains=f"{top} · "), "no caption on the player bar"
            assert find_nodes(session.atspi_tree(), role="label", contains=words), f"no {words!r} on the player bar"
            assert decisions(cli, phone)[0] == {p: None for p in deck}, "a suggestion marks nothing"
            mark = orca.mark()
            menu(session, "Review Suggestions")
            going = f"Going through {len(order)} suggestions: {order[0]} is on top."
            said = orca.settle(mark, timeout=10, until=lambda s: any(going in u for u in s))
            assert any(going in u for u in said), said_text(said) + session.stderr()[-3000:]
            # The card is read with its reason (in its accessible name).
            assert any(phrase(reasons[order[0]]) in u for u in said), said_text(said)
            screenshot = tmp_path / "suggestions.png"
            session.screenshot(screenshot)
            seen = [order[0]]
            marked_so_far = 0
            for index, path in enumerate(order):
                last = index == len(order) - 1
                expect = (f"All {len(order)} suggestions reviewed." if last
                          else phrase(reasons[order[index + 1]]))
                key = "d" if path != SCREENSHOT else "l"  # the user keeps the screenshot
                marked_so_far += (phone / path).stat().st_size if key == "d" else 0
                pressed = orca.mark()
                said = orca.press(key, timeout=8, until=lambda s: any(expect in u for u in s))
                assert any(expect in u for u in said), f"after {path}: " + said_text(said)
                if not last:
                    assert any(u.startswith(f"Clip {deck.index(order[index + 1]) + 1} of 6") for u in said), said_text(said)
                    seen.append(order[index + 1])
                if not last and marked_so_far:
                    # The progress line says the space marked so far.
                    space = f"{glib_size(marked_so_far)} marked for deletion"
                    assert find_nodes(session.atspi_tree(), role="label", contains=space), f"no {space!r} on the progress line"
            assert seen == order, "only the suggested cards, in deck order"
            # The end page offers the way back, with the focus on it (heard
            # since the last key, often with its words).
            said = orca.settle(pressed, timeout=4, until=lambda s: any(u.startswith("Back to the Whole Deck") for u in s))
            marked = [p for p in order if p != SCREENSHOT]
            found, status = decisions(cli, phone)
            assert found == {p: ("delete" if p in marked else "like" if p == SCREENSHOT else None) for p in deck}
            sizes = {c["path"]: c["bytes"] for c in status["clips"]}
            assert status["bytes_delete"] == sum(sizes[p] for p in marked)
            first_undecided = next(p for p in deck if found[p] is None)
            said = orca.press("Return", timeout=8, until=lambda s: any(f"Clip {deck.index(first_undecided) + 1} of 6" in u for u in s))
            assert any(u.startswith(f"Clip {deck.index(first_undecided) + 1} of 6: {first_undecided}") for u in said), said_text(said)


def test_mark_all_suggested_ticks_strong_reasons_and_one_undo_takes_them_back(phone, tmp_path):
    """Also the short-clip length of Preferences: at 2.5 s the 2 s clips are short too."""
    phone = Path(shutil.copytree(phone, tmp_path / "phone"))  # Apply moves files out of it
    cli = Cli(tmp_path)
    deck, reasons = suggested(cli, phone)
    longer = ["VID_20240101_130000.mp4", "VID_20240101_140000.mp4"]
    assert not any("short" in reasons.get(p, []) for p in longer)
    for path in longer:
        reasons[path] = sorted(set(reasons.get(path, [])) | {"short"})
    with FlickSession([str(phone)], data_home=cli.data, window_manager=True) as session:
        session.wait_for_window()
        analysed(session)
        session.key("ctrl+comma")
        wait_until(lambda: find_nodes(session.atspi_tree(), role="slider", contains="Short clip length"), 10,
                   what="the Preferences window")
        assert session.atspi_set_value("slider", "Short clip length", 2.5) == pytest.approx(2.5)
        session.key("Escape")
        wait_until(lambda: not find_nodes(session.atspi_tree(), role="slider", contains="Short clip length"), 10,
                   what="Preferences closed")
        # The open deck is looked at again with the new length: the list
        # names the 2 s clips once that is done.
        def listed():
            checks = find_nodes(session.atspi_tree(windows="dialog"), role="check box")
            return {n["name"].split(" · ")[0]: n for n in checks if " · Suggested: " in n["name"]}

        def listing_all():
            menu(session, "Mark All Suggested…")
            found = wait_until(listed, 10, what="the list of suggested files")
            if set(found) != set(reasons):
                session.atspi_do("push button", "Cancel")
                wait_until(lambda: not find_nodes(session.atspi_tree(windows="dialog"), role="check box"), 10, what="closed")
                return None
            return found
        rows = wait_until(listing_all, 40, interval=1, what="the 2 s clips suggested as short")
        # Each file with its reason, read with it.
        assert {p: n["name"] for p, n in rows.items()} == {p: f"{p} · {phrase(r)}" for p, r in reasons.items()}
        strong = {p for p, r in reasons.items() if set(r) - {"screenshot", "blurry"}}
        assert {SHORT, COPY} <= strong and SCREENSHOT not in strong
        assert {p for p, n in rows.items() if n["checked"]} == strong, {p: n["checked"] for p, n in rows.items()}
        assert decisions(cli, phone)[0] == {p: None for p in deck}, "the list alone marks nothing"
        session.atspi_do("push button", "Mark for Deletion")
        wait_until(lambda: {p for p, d in decisions(cli, phone)[0].items() if d == "delete"} == strong, 10,
                   what="the ticked files marked")
        session.key("u")
        wait_until(lambda: set(decisions(cli, phone)[0].values()) == {None}, 10, what="one undo taking the batch back")
        # Marked again, then applied: the result says the space freed.
        menu(session, "Mark All Suggested…")
        wait_until(listed, 10, what="the list again")
        session.atspi_do("push button", "Mark for Deletion")
        wait_until(lambda: {p for p, d in decisions(cli, phone)[0].items() if d == "delete"} == strong, 10,
                   what="the ticked files marked again")
        freed = sum((phone / p).stat().st_size for p in strong)
        menu(session, "Apply Deletions…")
        session.atspi_do("push button", "Move to Trash", timeout=15)
        wait_until(lambda: all((cli.data / "Trash" / "files" / p).exists() for p in strong), 15, what="the move")
        result = f"Moved {len(strong)} files to the Trash, {glib_size(freed)} freed."
        wait_until(lambda: find_nodes(session.atspi_tree(), contains=result), 10, what=repr(result))


def test_the_suggested_filter_follows_what_is_suggested_now(phone, tmp_path):
    """The overview showing Suggested while what Flick suggests changes
    (Preferences' short-clip length; the same as a first analysis ending
    under it): its tiles and its line follow, never "No suggested items."
    beside the tiles."""
    cli = Cli(tmp_path)
    deck, reasons = suggested(cli, phone)
    before = len(reasons)
    after = len(set(reasons) | {"VID_20240101_130000.mp4", "VID_20240101_140000.mp4"})
    assert after > before

    def line(count):
        return find_nodes(session.atspi_tree(), role="label", contains=f"Showing {count} suggested items.")
    with FlickSession([str(phone)], data_home=cli.data, window_manager=True) as session:
        session.wait_for_window()
        analysed(session)
        session.key("g")
        session.atspi_do("radio button", f"Suggested ({before})", timeout=10)
        wait_until(lambda: line(before), 10, what=f"Showing {before} suggested items.")
        session.key("ctrl+comma")
        wait_until(lambda: find_nodes(session.atspi_tree(), role="slider", contains="Short clip length"), 10,
                   what="the Preferences window")
        assert session.atspi_set_value("slider", "Short clip length", 2.5) == pytest.approx(2.5)
        session.key("Escape")
        wait_until(lambda: line(after), 40, interval=1, what=f"Showing {after} suggested items.")
        assert not find_nodes(session.atspi_tree(), role="label", contains=f"Showing {before} suggested items.")


def test_order_size_lists_the_biggest_files_first(phone, tmp_path):
    """`--order size` (the menu's Order by Size): biggest first, files of one size by name."""
    status = json.loads(Cli(tmp_path).run("status", phone, "--order", "size", "--json", check=0).stdout)
    listed = [(c["bytes"], c["path"]) for c in status["clips"]]
    assert [b for b, _ in listed] == sorted((b for b, _ in listed), reverse=True), listed
    assert listed[0][1] == "VID_20240101_130000.mp4", listed
    assert [p for _, p in listed].index("baboon(1).jpg") < [p for _, p in listed].index("baboon.jpg"), "same size: by name"
