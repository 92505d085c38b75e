"""The review window on the decision store: decisions survive SIGKILL, undo
works after a restart, Apply moves files to the Trash (its confirmation says
the space they free, its result the space freed), and files added to an
open folder join its deck."""
import os
import shutil
import signal
import subprocess

import pytest

import observe_overview as ov
from cli import Cli
from harness import HarnessError, find_nodes, wait_until
from observe_overview import deck_tiles as tiles
from test_review import Review, photo_deck
from test_suggestions_window import glib_size


def test_decisions_survive_sigkill_and_undo_works_after_restart(tmp_path, artifacts):
    (tmp_path / "deck").mkdir()
    deck = photo_deck(tmp_path / "deck", 5)
    data = tmp_path / "data"
    cli = Cli(tmp_path)
    with Review(deck, data_home=data) as s:
        s.key("l")
        s.wait_cursor(1, "the like")
        s.key("d")
        s.wait_cursor(2, "the delete")
        # The card has left the screen, so the decision is on disk: kill now.
        os.kill(s.flick.pid, signal.SIGKILL)
        s.flick.wait(timeout=10)
    assert list(cli.decisions(deck).values()) == ["like", "delete", None, None, None]
    with Review(deck, data_home=data) as s:
        s.wait_for(lambda: (s.top_name() or "").startswith("Clip 3 of 5: card_002.png") and s.undo_sensitive(),
                   "the resumed deck, with its history")
        s.screenshot(artifacts / "flick-resumed.png")
        s.key("u")
        s.wait_cursor(1, "undo after the restart")
        wait_until(lambda: list(cli.decisions(deck).values())[:2] == ["like", None], 10, what="the undo on disk")
        # Both decisions are in the history the restart kept.
        s.key("u")
        s.wait_cursor(0, "the second undo after the restart")
        wait_until(lambda: list(cli.decisions(deck).values())[:2] == [None, None], 10, what="the second undo on disk")
        assert not s.undo_sensitive()


def test_apply_from_the_finished_page_moves_deletions_to_the_trash(tmp_path, artifacts):
    (tmp_path / "deck").mkdir()
    deck = photo_deck(tmp_path / "deck", 3)
    data = tmp_path / "data"
    with Review(deck, data_home=data) as s:
        # The size the first card's player bar says ("card_000.png · 800×600 · 41.6\u00a0kB").
        caption = s.wait_for(lambda: (lambda p: p and (p["caption"] or "").count(" · ") == 2 and p["caption"])(s.player()),
                             "the first card's name, picture size and file size")
        on_card = caption.rsplit(" · ", 1)[1]
        for i, key in enumerate(["d", "l", "d"]):
            s.key(key)
            s.wait_for(lambda n=i + 1: s.cursor() == n or (n == 3 and s.finished()), f"decision {i + 1}")
        s.atspi_do("push button", "Apply Deletions…")
        shown = s.wait_for(lambda: ov.dialog(s), "the Apply dialog")
        assert shown["heading"] == "Move 2 Photos to the Trash?", "photos are called photos"
        assert shown["files"] == ["card_000.png", "card_002.png"]
        # What the move frees, in the words its result will use.
        freed = glib_size(sum((deck / name).stat().st_size for name in shown["files"]))
        # Each row says its file's size as its card did, in GLib's words.
        assert shown["sizes"] == {name: glib_size((deck / name).stat().st_size) for name in shown["files"]}, shown["sizes"]
        assert shown["sizes"]["card_000.png"] == on_card, (shown["sizes"], caption)
        assert (shown["body"] or "").startswith(f"2 files will be moved to the Trash, freeing {freed}."), shown["body"]
        s.screenshot(artifacts / "flick-apply-confirm.png")
        s.atspi_do("push button", "Move to Trash")
        trash = data / "Trash" / "files"
        wait_until(lambda: trash.exists() and sorted(p.name for p in trash.iterdir()) == ["card_000.png", "card_002.png"],
                   15, what="the files in the Trash")
        assert sorted(p.name for p in deck.iterdir()) == ["card_001.png"]
        # The applied clips leave the deck.
        s.wait_for(lambda: s.decisions() == {"card_001.png": "like"}, "the store without them")
        # The result, through the model's change, says the space it freed.
        wait_until(lambda: find_nodes(s.atspi_tree(), contains=f"Moved 2 files to the Trash, {freed} freed."), 10, what="the result toast")
        s.screenshot(artifacts / "flick-applied.png")
        assert tiles(s) == [("card_001.png", "liked")], "the applied clips left the deck"


def test_a_file_added_to_the_open_folder_joins_the_deck(tmp_path):
    # Unlike photos: copies of one would be one stack of copies in the overview.
    deck = ov.distinct_photos(tmp_path, 3)
    spare = ov.distinct_photos(tmp_path, 4, folder="spare")
    with Review(deck, data_home=tmp_path / "data") as s:
        s.key("l")
        s.wait_cursor(1, "the like")
        shutil.copy(spare / "card_003.png", deck / "card_001b.png")
        s.wait_for(lambda: (s.top_name() or "").startswith("Clip 2 of 4: card_001.png"), "the new file in the deck")
        assert tiles(s) == [("card_000.png", "liked"), ("card_001.png", "undecided"), ("card_001b.png", "undecided"),
                            ("card_002.png", "undecided")]
        (deck / "card_002.png").unlink()
        s.wait_for(lambda: (s.top_name() or "").startswith("Clip 2 of 3: card_001.png"), "the removed file out of the deck")


def test_renames_removals_and_replacements_in_the_open_folder_follow_their_files(tmp_path):
    """Each change is followed by name (no rescan): right deck, right
    decisions, the top card kept."""
    deck = ov.distinct_photos(tmp_path, 5)
    spare = ov.distinct_photos(tmp_path, 6, folder="spare")
    undecided = "undecided"
    with Review(deck, data_home=tmp_path / "data") as s:
        s.key("l")
        s.wait_cursor(1, "the like")
        s.key("d")
        s.wait_cursor(2, "the delete")
        # Renamed: the deleted clip keeps its decision under its new name;
        # card_002 stays on top, now the second of the deck.
        os.rename(deck / "card_001.png", deck / "card_009.png")
        s.wait_for(lambda: (s.top_name() or "").startswith("Clip 2 of 5: card_002.png"), "the renamed file")
        assert tiles(s) == [("card_000.png", "liked"), ("card_002.png", undecided), ("card_003.png", undecided),
                            ("card_004.png", undecided), ("card_009.png", "marked for deletion")]
        # Replaced: another file under the liked name is a new, undecided clip.
        (deck / "card_000.png").unlink()
        shutil.copy(spare / "card_005.png", deck / "card_000.png")
        os.utime(deck / "card_000.png", (1_000_000, 1_000_000))
        seen = []
        try:
            s.wait_for(lambda: seen.append(tiles(s)) or seen[-1][:2] == [("card_000.png", undecided),
                                                                         ("card_002.png", undecided)],
                       "the replaced file undecided", timeout=20)
        except HarnessError:
            raise AssertionError(f"the replaced file is not undecided in the overview: {seen}") from None
        # (Only once the window shows it: a `flick status` that reads the folder
        # before the window has seen the change leaves the window's old badge.)
        assert s.decisions()["card_000.png"] is None, "the replaced file undecided in the store"
        # Removed: the file leaves; the top card stays.
        (deck / "card_004.png").unlink()
        s.wait_for(lambda: (s.top_name() or "").startswith("Clip 2 of 4: card_002.png"),
                   "the removed file out of the deck, card_002 on top since the delete")
        assert tiles(s) == [("card_000.png", undecided), ("card_002.png", undecided), ("card_003.png", undecided),
                            ("card_009.png", "marked for deletion")]


def test_a_decision_that_cannot_be_saved_is_not_shown_as_taken(tmp_path, artifacts):
    (tmp_path / "deck").mkdir()
    deck = photo_deck(tmp_path / "deck", 3)
    data = tmp_path / "data"
    with Review(deck, data_home=data) as s:
        s.key("l")
        s.wait_cursor(1, "the like")
        # (Not the -shm file: SQLite maps it, and a refused write there is a SIGBUS.)
        store = [p for p in sorted((data / "flick").glob("flick.db*")) if not p.name.endswith("-shm")]
        # Immutable files: not even root can write the decision now.
        if subprocess.run(["chattr", "+i", *map(str, store)], capture_output=True).returncode != 0:
            pytest.skip("this filesystem has no immutable attribute")
        try:
            s.key("d")
            tree = s.wait_for(lambda: (lambda t: t if find_nodes(t, contains="Decision Not Saved") else None)(s.tree()),
                              "a dialog saying the decision was not saved")
            s.screenshot(artifacts / "flick-not-saved.png")
            assert find_nodes(tree, role="dialog", contains="Decision Not Saved") or \
                find_nodes(tree, contains="Decision Not Saved"), "no dialog says the decision was not saved"
            # The card stays on top: the delete is not shown as taken.
            assert (s.top_name() or "").startswith("Clip 2 of 3: card_001.png"), s.top_name()
        finally:
            subprocess.run(["chattr", "-i", *map(str, store)])
        assert list(Cli(tmp_path).decisions(deck).values()) == ["like", None, None]


def deleted_store_files(pid):
    """The store files process `pid` holds open that were deleted under it."""
    fds = f"/proc/{pid}/fd"
    links = [os.readlink(os.path.join(fds, fd)) for fd in os.listdir(fds)]
    return [link for link in links if "flick.db" in link and link.endswith("(deleted)")]


def test_a_terminal_status_after_the_windows_apply_loses_no_later_decision(tmp_path):
    """The window applies, `flick status` runs in a terminal, then the
    window decides on: those decisions reach the store other processes read."""
    deck = ov.distinct_photos(tmp_path, 4)
    data = tmp_path / "data"
    cli = Cli(tmp_path)
    with Review(deck, data_home=data) as s:
        s.key("d")
        s.wait_cursor(1, "the delete")
        s.key("g")
        s.atspi_do("push button", "Apply Deletions…")
        s.atspi_do("push button", "Move to Trash")
        trash = data / "Trash" / "files"
        wait_until(lambda: trash.exists() and [p.name for p in trash.iterdir()] == ["card_000.png"], 15,
                   what="the deleted photo in the Trash")
        s.wait_for(lambda: [n.split(", ")[0] for n in ov.tile_names(s.tree())] ==
                   ["card_001.png", "card_002.png", "card_003.png"], "the deck without it")
        # (Buttons, as a screen reader presses them: under Xvfb no window
        # manager gives the keyboard back to the window after the dialog.)
        s.atspi_do("push button", "Overview")
        # `flick status FOLDER` in a terminal, while the window is open.
        assert cli.status(deck)["total"] == 3
        s.atspi_do("push button", "Like")
        s.wait_cursor(1, "the like")
        s.atspi_do("push button", "Skip")
        wait_until(lambda: list(cli.decisions(deck).values()) == ["like", "skip", None], 10,
                   what="the like and the skip as a terminal reads them")
        assert deleted_store_files(s.flick.pid) == []
    # After the window is gone, too.
    assert cli.decisions(deck) == {"card_001.png": "like", "card_002.png": "skip", "card_003.png": None}
