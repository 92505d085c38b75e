"""The window draws one review model: the Undo toast undoes exactly the clip
it names, a cancelled long Apply leaves a working window, a reload that
changes nothing leaves a held card held, and "can't play" clears once a file is
complete."""
import json
import os
import re
import shutil
import subprocess
import time

from cli import BENCH, Cli
from harness import ROOT, find_nodes, wait_until
from observe import status, toast, toast_undo, top_name
from test_app import Settled
from test_review import CENTRE, Review, photo_deck


def test_four_quick_deletions_undo_exactly_the_clip_the_toast_names(tmp_path):
    deck = photo_deck(tmp_path, 6)
    with Review(deck) as s:
        s.xdotool("key", "--delay", "60", "d", "d", "d", "d")
        # One toast, naming the newest deletion (libadwaita would queue four,
        # the first showing card_000's): its Undo (win.undo-toast) pressed
        # as a screen reader would, as soon as it shows. The toast goes 4 s
        # after the first deletion (renaming it keeps its time): a read of
        # the window before the press took the rest of that on a loaded
        # machine, and the press found no toast.
        s.atspi_do("push button", "Undo", near="Marked card_003.png for deletion")
        # Pressed while sensitive: the newest deletion, and it alone, undone.
        s.wait_cursor(3, "the toast's undo")
        assert s.decision_list() == ["delete", "delete", "delete", None, None, None]


def test_a_like_after_a_deletion_disables_the_toast_undo(tmp_path):
    deck = photo_deck(tmp_path, 4)
    with Review(deck) as s:
        s.key("d")
        s.wait_for(lambda: s.toast() == "Marked card_000.png for deletion" and s.toast_undo_sensitive(), "the toast")
        s.key("l")
        s.wait_cursor(2, "the like")
        tree = s.wait_for(lambda: (lambda t: t if not (toast_undo(t) or {}).get("sensitive") else None)(s.tree()),
                          "the like to withdraw the toast's offer (its Undo greyed out or gone)")
        # Whatever still shows of the toast can no longer undo anything: an
        # Undo still on it is pressed, as a screen reader would.
        if toast_undo(tree) is not None:
            s.atspi_do("push button", "Undo", near=toast(tree))
        # A key after the press: once it has counted, so had the press.
        s.key("s")
        s.wait_cursor(3, "the skip after the press")
        assert s.decision_list() == ["delete", "like", "skip", None], "the toast undid a decision"


def test_cancelling_a_long_apply_keeps_the_window_working(tmp_path):
    """Apply without the confirmation (a preference), so the progress dialog
    comes at once; Cancel while 2,000 files move."""
    deck = tmp_path / "deck"
    deck.mkdir()
    photo_deck(deck, 2001)
    data = tmp_path / "data"
    # 2,000 deletions through the real store, as the window makes them.
    env = dict(os.environ, XDG_DATA_HOME=str(data))
    subprocess.run([str(BENCH), "drive", str(deck), "--actions", ",".join(["delete"] * 2000)],
                   env=env, check=True, capture_output=True, timeout=300)
    with Settled(deck, settings={"confirm_apply": "false"}, data_home=data) as s:
        s.wait_for(lambda: s.top_name() == "Clip 2001 of 2001: card_2000.png, photo", "the deck with 2,000 marked", timeout=20)
        trash = data / "Trash" / "files"
        # Main menu → Apply Deletions… → Move to Trash, then Cancel (Escape)
        # while the files are moving, all from the keyboard.
        s.xdotool("key", "F10")
        s.wait_for(lambda: find_nodes(s.atspi_tree(), role="menu item", name="Apply Deletions…"), "the main menu")
        s.xdotool("key", "Return")
        wait_until(lambda: trash.exists() and len(list(trash.iterdir())) > 20, 20, what="the move to start")
        s.xdotool("key", "Escape")
        # The work in flight still reports progress to a bar whose dialog
        # libadwaita has closed: the window must live on and keep working.
        time.sleep(2.0)  # the test's intent: the window outlives the work in flight
        s.alive("the window after the cancel")
        moved = len(list(trash.iterdir())) if trash.exists() else 0
        assert 20 < moved < 2000, f"the cancel stopped nothing ({moved} moved)"
        # The report says it stopped; close it and decide the last clip.
        wait_until(lambda: find_nodes(s.atspi_tree(), contains="Moving Stopped"), 20, what="the report")
        s.xdotool("key", "Escape")
        s.wait_for(lambda: not find_nodes(s.atspi_tree(), contains="Moving Stopped"), "the report closed")
        left = 2001 - moved
        s.wait_for(lambda: s.top_name() == f"Clip {left} of {left}: card_2000.png, photo",
                   f"the deck of the {left} clips left, the last one on top", timeout=20)
        s.key("l")
        s.wait_for(s.finished, "a like after the cancel: the finished page", timeout=20)
        decisions = s.decisions()
        assert decisions["card_2000.png"] == "like" and len(decisions) == left


def test_a_write_in_the_folder_that_changes_no_clip_reloads_nothing(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    for name in ["beach_rally_01.mp4", "beach_rally_02.mp4"]:
        shutil.copy(ROOT / "data" / "samples" / name, deck / name)
    # The window logs each change of the folder it has followed (FLICK_LOG=info).
    with Review(deck, env={"FLICK_LOG": "info"}) as s:
        s.wait_playing("the first clip playing")
        before = status(s.tree())
        # A card held halfway through a drag: a reload of the deck would put
        # it back at rest under the pointer, and the rest of the drag would
        # do nothing.
        x, y = CENTRE
        s.xdotool("mousemove", x, y, "sleep", 0.1, "mousedown", 1, "sleep", 0.1,
                  *sum([["mousemove", x + i * 20, y + i * 2, "sleep", 0.03] for i in range(1, 7)], []))
        top = top_name(s.wait_for(lambda: (lambda t: t if status(t) != before else None)(s.tree()),
                                  "the status line to say what letting go would do"))
        # Not a clip: the deck and the held card stay as they are.
        (deck / "notes.txt").write_text("rally notes")
        (deck / "notes.txt").write_text("rally notes, edited")
        s.wait_for(lambda: re.search(r"followed a change in .*: notes\.txt$", s.stderr(), re.M), "the window to follow the write")
        tree = s.tree()
        assert top_name(tree) == top and status(tree) != before, "the held card was let go"
        s.xdotool(*sum([["mousemove", x + i * 20, y + i * 2, "sleep", 0.03] for i in range(7, 18)], []), "mouseup", 1)
        s.wait_cursor(1, "the like the held card was dragged to")
        assert status(s.tree()) == "Liked beach_rally_01.mp4. 1 left."
        assert list(s.decisions()) == ["beach_rally_01.mp4", "beach_rally_02.mp4"]
        # A new clip does reload, keeping the top card.
        shutil.copy(deck / "beach_rally_01.mp4", deck / "beach_rally_03.mp4")
        s.wait_for(lambda: s.top_name() == "Clip 2 of 3: beach_rally_02.mp4, 0:03", "the new clip in the deck")
        assert s.decision_list() == ["like", None, None]


def test_the_first_key_after_switching_windows_counts(tmp_path):
    deck = photo_deck(tmp_path, 4)
    with Review(deck) as s:
        wid = s.window_id()
        s.xdotool("keydown", "l")
        s.wait_cursor(1, "the like")
        # Alt-tab away while L is still down; it is released elsewhere.
        # (The pointer leaves too: with focus on the root, X gives keys to
        # the window under the pointer.)
        root = s.xdotool("search", "--maxdepth", "0", "").split()[0]
        s.xdotool("mousemove", "1270", "890")
        s.xdotool("windowfocus", "--sync", root)
        s.xdotool("keyup", "l")
        s.xdotool("windowfocus", "--sync", wid)
        s.key("l")
        s.wait_cursor(2, "the first L after coming back")
        assert s.decision_list() == ["like", "like", None, None]


def test_what_the_window_learns_about_a_file_reaches_status(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    shutil.copy(ROOT / "data" / "samples" / "beach_rally_01.mp4", deck / "a_good.mp4")
    (deck / "b_text.mp4").write_text("this is a shopping list, not a video\n" * 40)
    data = tmp_path / "data"
    cli = Cli(tmp_path)
    with Review(deck, data_home=data) as s:
        s.wait_for(lambda: s.top_name() and s.top_name().startswith("Clip 1 of 2: a_good.mp4"), "the deck")
        wait_until(lambda: [c for c in json.loads(cli.run("status", str(deck), "--json").stdout)["clips"]
                            if c["path"] == "b_text.mp4" and c["error"]], 20, what="the window's finding in status --json")
    clips = {c["path"]: c for c in json.loads(cli.run("status", str(deck), "--json").stdout)["clips"]}
    assert clips["b_text.mp4"]["error"] and "b_text.mp4" in clips["b_text.mp4"]["error"]
    assert clips["a_good.mp4"]["error"] is None
    # The file is replaced by a real clip: a new file, nothing wrong with it.
    shutil.copy(ROOT / "data" / "samples" / "beach_rally_02.mp4", deck / "b_text.mp4")
    clips = {c["path"]: c for c in json.loads(cli.run("status", str(deck), "--json").stdout)["clips"]}
    assert clips["b_text.mp4"]["error"] is None


def export_playlist_to(s, path):
    """Export Likes… → Playlist → the save dialog, given a full path."""
    s.xdotool("key", "F10")
    wait_until(lambda: find_nodes(s.atspi_tree(), role="menu item", name="Export Likes…"), 10, what="the main menu")
    s.atspi_do("menu item", "Export Likes…")
    wait_until(lambda: find_nodes(s.atspi_tree(), name="Playlist"), 15, what="the export dialog")
    s.atspi_do("push button", "Playlist")
    wait_until(lambda: s.window_id("Save Playlist"), 15, what="the save dialog")
    wait_until(lambda: [n for n in find_nodes(s.atspi_tree(), role="text", name="Name:") if n["focused"]], 15,
               what="the save dialog's name field focused")
    s.xdotool("key", "ctrl+a", "type", "--delay", "20", str(path))
    s.xdotool("key", "Return")


def test_the_window_never_exports_into_the_reviewed_folder(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    photo_deck(deck, 3)
    outside = tmp_path / "out"
    outside.mkdir()
    with Review(deck) as s:
        s.xdotool("key", "--delay", "150", "l", "l")
        s.wait_cursor(2, "two likes")
        # Onto one of the deck's own files: refused, the file untouched.
        before = (deck / "card_002.png").read_bytes()
        export_playlist_to(s, deck / "card_002.png")
        # GTK's save dialog asks before it names an existing file; say yes:
        # Flick still refuses a file of the reviewed folder.
        wait_until(lambda: find_nodes(s.atspi_tree(), contains="already exists"), 15, what="GTK's replace question")
        s.xdotool("key", "Return")  # Replace has the focus
        wait_until(lambda: find_nodes(s.atspi_tree(), contains="Can’t Export There"), 15, what="the refusal")
        assert (deck / "card_002.png").read_bytes() == before
        assert sorted(p.name for p in deck.iterdir()) == ["card_000.png", "card_001.png", "card_002.png"]
        s.xdotool("key", "Escape")
        wait_until(lambda: not find_nodes(s.atspi_tree(), contains="Can’t Export There"), 15, what="the refusal closed")
        # Outside the folder: written.
        export_playlist_to(s, outside / "likes.m3u")
        wait_until(lambda: (outside / "likes.m3u").exists(), 20, what="the playlist")
        text = (outside / "likes.m3u").read_text()
        assert "card_000.png" in text and "card_001.png" in text and "card_002.png" not in text
