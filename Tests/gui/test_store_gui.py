"""The review window on the decision store: decisions survive SIGKILL, undo
works after a restart, Apply moves files to the Trash, and files added to an
open folder join its deck."""
import os
import shutil
import signal
import subprocess
import time

import pytest

from cli import Cli
from harness import find_nodes, wait_until
from test_review import Review, photo_deck


def test_decisions_survive_sigkill_and_undo_works_after_restart(tmp_path, artifacts):
    (tmp_path / "deck").mkdir()
    deck = photo_deck(tmp_path / "deck", 5)
    data = tmp_path / "data"
    cli = Cli(tmp_path)
    with Review(deck, data_home=data) as s:
        s.key("l")
        s.wait_state(lambda st: st["cursor"] == 1, "the like")
        s.key("d")
        s.wait_state(lambda st: st["cursor"] == 2, "the delete")
        # The card has left the screen, so the decision is on disk: kill now.
        os.kill(s.flick.pid, signal.SIGKILL)
        s.flick.wait(timeout=10)
    assert list(cli.decisions(deck).values()) == ["like", "delete", None, None, None]
    with Review(deck, data_home=data) as s:
        s.wait_state(lambda st: st["cursor"] == 2 and st["undo"] == 2, "the resumed deck")
        s.screenshot(artifacts / "flick-resumed.png")
        s.key("u")
        s.wait_state(lambda st: st["cursor"] == 1, "undo after the restart")
        assert s.decisions()[:2] == ["like", None]
        wait_until(lambda: list(cli.decisions(deck).values())[:2] == ["like", None], 10, what="the undo on disk")


def test_apply_from_the_finished_page_moves_deletions_to_the_trash(tmp_path, artifacts):
    (tmp_path / "deck").mkdir()
    deck = photo_deck(tmp_path / "deck", 3)
    data = tmp_path / "data"
    with Review(deck, data_home=data) as s:
        for i, key in enumerate(["d", "l", "d"]):
            s.key(key)
            s.wait_state(lambda st, n=i + 1: st["cursor"] == n, f"decision {i + 1}")
        s.atspi_do("push button", "Apply Deletions…")
        time.sleep(1.0)
        s.screenshot(artifacts / "flick-apply-confirm.png")
        s.atspi_do("push button", "Move to Trash")
        trash = data / "Trash" / "files"
        wait_until(lambda: trash.exists() and sorted(p.name for p in trash.iterdir()) == ["card_000.png", "card_002.png"],
                   15, what="the files in the Trash")
        assert sorted(p.name for p in deck.iterdir()) == ["card_001.png"]
        # The applied clips leave the deck.
        s.wait_state(lambda st: [d["path"] for d in st["decisions"]] == ["card_001.png"], "the deck without them")
        time.sleep(0.5)
        s.screenshot(artifacts / "flick-applied.png")


def test_a_file_added_to_the_open_folder_joins_the_deck(tmp_path):
    (tmp_path / "deck").mkdir()
    deck = photo_deck(tmp_path / "deck", 3)
    with Review(deck, data_home=tmp_path / "data") as s:
        s.key("l")
        s.wait_state(lambda st: st["cursor"] == 1, "the like")
        shutil.copy(deck / "card_000.png", deck / "card_001b.png")
        s.wait_state(lambda st: len(st["decisions"]) == 4, "the new file in the deck")
        st = s.state()
        assert [d["path"] for d in st["decisions"]] == ["card_000.png", "card_001.png", "card_001b.png", "card_002.png"]
        assert st["cursor"] == 1 and st["decisions"][0]["decision"] == "like"
        (deck / "card_002.png").unlink()
        s.wait_state(lambda st: len(st["decisions"]) == 3, "the removed file out of the deck")


def test_renames_removals_and_replacements_in_the_open_folder_follow_their_files(tmp_path):
    """Each change is followed by name (no rescan): right deck, right
    decisions, the top card kept."""
    (tmp_path / "deck").mkdir()
    deck = photo_deck(tmp_path / "deck", 5)
    paths = lambda st: [d["path"] for d in st["decisions"]]
    with Review(deck, data_home=tmp_path / "data") as s:
        s.key("l")
        s.wait_state(lambda st: st["cursor"] == 1, "the like")
        s.key("d")
        s.wait_state(lambda st: st["cursor"] == 2, "the delete")
        # Renamed: the deleted clip keeps its decision under its new name.
        os.rename(deck / "card_001.png", deck / "card_009.png")
        s.wait_state(lambda st: "card_009.png" in paths(st), "the renamed file")
        st = s.state()
        assert paths(st) == ["card_000.png", "card_002.png", "card_003.png", "card_004.png", "card_009.png"]
        assert [d["decision"] for d in st["decisions"]] == ["like", None, None, None, "delete"]
        assert st["cursor"] == 1  # card_002 still on top
        # Replaced: another file under the liked name is a new, undecided clip.
        (deck / "card_000.png").unlink()
        shutil.copy(deck / "card_003.png", deck / "card_000.png")
        os.utime(deck / "card_000.png", (1_000_000, 1_000_000))
        s.wait_state(lambda st: st["decisions"][0]["decision"] is None, "the replaced file undecided")
        assert paths(s.state())[:2] == ["card_000.png", "card_002.png"]
        # Removed: the file leaves; the top card stays.
        (deck / "card_004.png").unlink()
        s.wait_state(lambda st: "card_004.png" not in paths(st), "the removed file out of the deck")
        st = s.state()
        assert paths(st) == ["card_000.png", "card_002.png", "card_003.png", "card_009.png"]
        assert st["decisions"][1]["decision"] is None and st["decisions"][3]["decision"] == "delete"
        assert paths(st)[st["cursor"]] == "card_002.png"  # on top since the delete


def test_a_decision_that_cannot_be_saved_is_not_shown_as_taken(tmp_path, artifacts):
    (tmp_path / "deck").mkdir()
    deck = photo_deck(tmp_path / "deck", 3)
    data = tmp_path / "data"
    with Review(deck, data_home=data) as s:
        s.key("l")
        s.wait_state(lambda st: st["cursor"] == 1, "the like")
        # (Not the -shm file: SQLite maps it, and a refused write there is a SIGBUS.)
        store = [p for p in sorted((data / "flick").glob("flick.db*")) if not p.name.endswith("-shm")]
        # Immutable files: not even root can write the decision now.
        if subprocess.run(["chattr", "+i", *map(str, store)], capture_output=True).returncode != 0:
            pytest.skip("this filesystem has no immutable attribute")
        try:
            s.key("d")
            time.sleep(1.5)
            s.screenshot(artifacts / "flick-not-saved.png")
            tree = s.atspi_tree()
            assert find_nodes(tree, role="dialog", contains="Decision Not Saved") or \
                find_nodes(tree, contains="Decision Not Saved"), "no dialog says the decision was not saved"
            st = s.state()
            assert st["cursor"] == 1 and [d["decision"] for d in st["decisions"]] == ["like", None, None]
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
    (tmp_path / "deck").mkdir()
    deck = photo_deck(tmp_path / "deck", 4)
    data = tmp_path / "data"
    cli = Cli(tmp_path)
    with Review(deck, data_home=data) as s:
        s.key("d")
        s.wait_state(lambda st: st["cursor"] == 1, "the delete")
        s.key("g")
        s.atspi_do("push button", "Apply Deletions…")
        s.atspi_do("push button", "Move to Trash")
        trash = data / "Trash" / "files"
        wait_until(lambda: trash.exists() and [p.name for p in trash.iterdir()] == ["card_000.png"], 15,
                   what="the deleted photo in the Trash")
        s.wait_state(lambda st: [d["path"] for d in st["decisions"]][0] == "card_001.png", "the deck without it")
        # (Buttons, as a screen reader presses them: under Xvfb no window
        # manager gives the keyboard back to the window after the dialog.)
        s.atspi_do("push button", "Overview")
        # `flick status FOLDER` in a terminal, while the window is open.
        assert cli.status(deck)["total"] == 3
        s.atspi_do("push button", "Like")
        s.wait_state(lambda st: st["cursor"] == 1, "the like")
        s.atspi_do("push button", "Skip")
        wait_until(lambda: list(cli.decisions(deck).values()) == ["like", "skip", None], 10,
                   what="the like and the skip as a terminal reads them")
        assert deleted_store_files(s.flick.pid) == []
    # After the window is gone, too.
    assert cli.decisions(deck) == {"card_001.png": "like", "card_002.png": "skip", "card_003.png": None}
