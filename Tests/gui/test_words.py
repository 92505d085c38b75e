"""What the window says, read as a user reads it: the status line, the
cards' accessible names, the toast, the overview's summary, the finished
page and `flick export`'s output each say what is true now: a decided clip
back on top says its decision, a withdrawn Undo leaves no stale offer, a
filter after Apply counts what is left, skipped clips are not "reviewed"
in silence, "left" counts the same clips as "Undecided", and a stitched
video says what went in and what was left out."""
import shutil

import pytest

from cli import Cli, make_clip
from harness import find_nodes, wait_until
from observe import finished, toast, toast_undo
from test_review import SAMPLES, Review, photo_deck


def deck_of(tmp_path, count):
    deck = tmp_path / "deck"  # apart from the artifacts: a screenshot there would be a new card
    deck.mkdir()
    return photo_deck(deck, count)


def decide(s, keys, first=0):
    """Presses each key, waiting for the stack to move on after each."""
    for i, key in enumerate(keys):
        s.key(key)
        s.wait_cursor(first + i + 1, f"decision {i + 1} ({key})")


def labels(s, text):
    return find_nodes(s.atspi_tree(), role="label", name=text)


def open_overview(s):
    s.key("g")
    wait_until(lambda: find_nodes(s.atspi_tree(), role="table cell"), 15, what="the overview's tiles")


def test_a_decided_clip_chosen_in_the_overview_says_its_decision(tmp_path, artifacts):
    with Review(deck_of(tmp_path, 3)) as s:
        decide(s, ["l"])
        open_overview(s)
        s.key("Left", "Return")
        s.wait_for(lambda: s.top_name() == "Clip 1 of 3: card_000.png, photo, liked", "the liked clip back on top")
        s.wait_for(lambda: s.status() == "Back to card_000.png, liked.", "the status line saying its decision", timeout=5)
        s.screenshot(artifacts / "words-liked-card-on-top.png")


def test_an_undone_deletion_leaves_no_stale_toast(tmp_path, artifacts):
    with Review(deck_of(tmp_path, 3)) as s:
        decide(s, ["d"])
        s.wait_for(lambda: s.toast() == "Marked card_000.png for deletion", "the deletion's toast")
        s.key("u")
        s.wait_cursor(0, "the undo")
        # The toast says what is true now, at once (not only when it times out).
        s.wait_for(lambda: s.toast() == "card_000.png is no longer marked for deletion", "the toast retitled", timeout=2)
        s.screenshot(artifacts / "words-toast-after-undo.png")
        assert toast_undo(s.atspi_tree()) is None, "no Undo left to offer"


def test_a_later_decision_takes_the_toasts_undo_away_and_retitles_it(tmp_path):
    with Review(deck_of(tmp_path, 3)) as s:
        decide(s, ["d"])
        s.wait_for(lambda: s.toast() == "Marked card_000.png for deletion", "the deletion's toast")
        decide(s, ["l"], first=1)
        # It says what just happened, not an older clip's news; its Undo is
        # gone rather than greyed out.
        s.wait_for(lambda: (lambda t: toast(t) == "Liked card_001.png. 1 left." and toast_undo(t) is None)(s.atspi_tree()),
                   "the toast without its Undo", timeout=2)


def test_the_deletion_filter_after_apply_counts_what_is_left(tmp_path, artifacts):
    data = tmp_path / "data"
    deck = deck_of(tmp_path, 4)
    with Review(deck, data_home=data) as s:
        decide(s, ["d", "d", "l"])
        open_overview(s)
        s.atspi_do("radio button", "Marked for deletion (2)")
        s.wait_for(lambda: labels(s, "Showing 2 photos marked for deletion."), "the filter's words")
        s.atspi_do("push button", "Apply Deletions…")
        s.atspi_do("push button", "Move to Trash", timeout=15)
        wait_until(lambda: sorted(p.name for p in deck.iterdir()) == ["card_002.png", "card_003.png"], 15,
                   what="the two files moved")
        s.wait_for(lambda: len(labels(s, "No photos marked for deletion.")) == 2, "the summary and status after Apply")
        s.screenshot(artifacts / "words-overview-after-apply.png")
        tree = s.atspi_tree()
        assert not find_nodes(tree, contains="Showing 2 photos"), "no count from before Apply"
        assert find_nodes(tree, role="radio button", name="Marked for deletion (0)")


def test_skipped_clips_are_said_on_the_finished_page_and_can_be_gone_through(tmp_path, artifacts):
    with Review(deck_of(tmp_path, 3)) as s:
        decide(s, ["l", "s"])
        s.key("s")
        tree = s.wait_for(lambda: (lambda t: t if finished(t) else None)(s.atspi_tree()), "the finished page")
        assert find_nodes(tree, contains="All photos reviewed; 2 skipped.")
        s.screenshot(artifacts / "words-finished-with-skips.png")
        s.atspi_do("push button", "Go Through Skipped")
        s.wait_for(lambda: s.top_name() == "Clip 2 of 3: card_001.png, photo, skipped", "the first skipped clip on top")
        assert s.status() == "Going through the 2 skipped photos: card_001.png is on top."


def test_the_finished_page_offers_no_skipped_to_go_through_without_skips(tmp_path):
    with Review(deck_of(tmp_path, 2)) as s:
        decide(s, ["l"])
        s.key("d")
        tree = s.wait_for(lambda: (lambda t: t if finished(t) else None)(s.atspi_tree()), "the finished page")
        assert not find_nodes(tree, role="push button", name="Go Through Skipped")
        assert not find_nodes(tree, contains="skipped.")


def test_left_counts_the_same_clips_as_undecided(tmp_path):
    with Review(deck_of(tmp_path, 4)) as s:
        decide(s, ["l", "l"])
        s.key("Down")
        s.wait_cursor(1, "back one")
        s.key("Down")
        s.wait_cursor(0, "back to the first")
        s.key("s")
        s.wait_cursor(2, "the skip: on to the next undecided clip, past the liked card_001")
        # card_002 and card_003 are the only clips not yet decided.
        s.wait_for(lambda: s.status() == "Skipped card_000.png. 2 left.", "the status line's count")
        open_overview(s)
        s.wait_for(lambda: find_nodes(s.atspi_tree(), role="radio button", name="Undecided (2)"), "the same count")


def test_a_stitched_export_says_how_many_went_in_and_names_the_photo_left_out(tmp_path):
    cli = Cli(tmp_path)
    folder = tmp_path / "likes"
    folder.mkdir()
    make_clip(folder / "a.mp4")
    shutil.copy(SAMPLES / "scoreboard.png", folder / "b.png")
    make_clip(folder / "c.mp4")
    cli.drive(folder, "like", "like", "like")
    result = cli.run("export", folder, "--stitch", tmp_path / "joined.mp4", check=0)
    said = result.stdout + result.stderr
    assert "2 of the 3 liked clips" in result.stdout, said
    assert "b.png is a photo, left out of the stitched video." in said, said


def stitch_in_the_window(tmp_path, artifacts, second, shot):
    """Likes a.mp4, `second(path)` (b's file) and c.mp4 in the window, joins
    them into one video through Export Likes › One Video, and returns the
    report's words once the video is written."""
    deck = tmp_path / "deck"
    deck.mkdir()
    make_clip(deck / "a.mp4")
    b = second(deck)
    make_clip(deck / "c.mp4")
    out = tmp_path / "out"
    out.mkdir()
    with Review(deck) as s:
        decide(s, ["l", "l"])
        s.key("l")
        s.wait_for(lambda: finished(s.atspi_tree()), "the finished page")
        s.atspi_do("push button", "Export Likes…")
        wait_until(lambda: find_nodes(s.atspi_tree(), name="One Video"), 15, what="the export dialog")
        s.atspi_do("push button", "One Video")
        wait_until(lambda: s.window_id("Save Video"), 15, what="the save dialog")
        # The name field has the focus once the chooser is ready for typing.
        wait_until(lambda: [n for n in find_nodes(s.atspi_tree(windows="filler"), role="text", name="Name:") if n["focused"]],
                   15, what="the name field")
        s.xdotool("key", "ctrl+a", "sleep", "0.2", "type", "--delay", "20", str(out / "likes.mp4"))
        s.xdotool("key", "Return")
        # What was left out is a list to read: a dialog, not a toast that is cut short and times out.
        said = wait_until(lambda: find_nodes(s.atspi_tree(), contains="Saved one video of") or find_nodes(s.atspi_tree(), name="Export Stopped"),
                          60, what="the report")
        s.screenshot(artifacts / shot)
        assert find_nodes(s.atspi_tree(), name="Export Finished"), said
        assert (out / "likes.mp4").exists(), b
        return said[0]["name"]


def test_the_windows_stitched_export_says_how_many_went_in_and_names_the_photo_left_out(tmp_path, artifacts):
    def photo(deck):
        return shutil.copy(SAMPLES / "scoreboard.png", deck / "b.png")
    said = stitch_in_the_window(tmp_path, artifacts, photo, "words-stitched-export.png")
    assert said == ("Saved one video of 2 of the 3 liked clips (streams copied).\n"
                    "• b.png is a photo, left out of the stitched video."), said


def test_the_windows_stitch_leaves_an_unreadable_clip_out_and_names_it(tmp_path, artifacts):
    """As `flick export --stitch` does: the clip discovery can't read is left
    out and named, the rest are joined (the window used to stop there)."""
    def unreadable(deck):
        (deck / "b.mp4").write_bytes(b"not a video, just words" * 10)
        return deck / "b.mp4"
    said = stitch_in_the_window(tmp_path, artifacts, unreadable, "words-stitched-unreadable.png")
    assert said == ("Saved one video of 2 of the 3 liked clips (streams copied).\n"
                    "• Can’t play b.mp4: this appears to be a text file; left out of the stitched video."), said


def test_a_mixed_deck_says_items_and_its_batches_say_what_they_hold(tmp_path, artifacts):
    """One clip and two photos: two photos liked at once in the overview say
    "Liked 2 photos.", the deck's end says items (title, words, status)."""
    from cli import make_clip
    deck = tmp_path / "deck"
    deck.mkdir()
    make_clip(deck / "a_clip.mp4", seconds=1)
    # Two unlike photos: two copies of one would be one stack, one tile.
    shutil.copy(SAMPLES / "scoreboard.png", deck / "card_000.png")
    shutil.copy(SAMPLES / "team_photo.jpg", deck / "card_001.jpg")
    with Review(deck) as s:
        s.wait_for(lambda: (s.top_name() or "").startswith("Clip 1 of 3: a_clip.mp4"), "the clip on top")
        open_overview(s)
        s.key("Right", "space", "Right", "space", "l")
        s.wait_for(lambda: find_nodes(s.atspi_tree(), contains="Liked 2 photos."), "the batch said as photos")
        s.key("Escape")
        s.wait_for(lambda: (s.top_name() or "").startswith("Clip 1 of 3: a_clip.mp4"), "the clip on top again")
        s.key("s")
        tree = s.wait_for(lambda: (lambda t: t if find_nodes(t, name="All Items Reviewed") else None)(s.atspi_tree()),
                          "the finished page, named for items")
        assert find_nodes(tree, contains="All items reviewed; 1 skipped."), "the page's words say items"
        s.screenshot(artifacts / "words-mixed-deck-end.png")
