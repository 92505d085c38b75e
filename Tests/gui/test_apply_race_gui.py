"""The window's Apply while another program renames files, and while
another Flick applies the same decisions: the liked photo renamed over the
marked one as the window opens it to move it (file_reads.FileReads holds
the window there) stays out of the Trash and the result names it; files a
`flick apply` in a terminal moved first are reported as done, not as
files that were not moved."""
import os

import observe_overview as ov
from cli import Cli
from file_reads import FileReads
from harness import wait_until
from orca import Orca
from test_review import Review, photo_deck


def decide_and_open_apply(s, keys):
    for i, key in enumerate(keys):
        s.key(key)
        s.wait_for(lambda n=i + 1: s.cursor() == n or (n == len(keys) and s.finished()), f"decision {i + 1}")
    s.atspi_do("push button", "Apply Deletions…")
    return s.wait_for(lambda: ov.dialog(s), "the Apply dialog")


def test_a_liked_photo_renamed_over_the_marked_one_as_it_moves_stays_out_of_the_trash(tmp_path, artifacts):
    (tmp_path / "deck").mkdir()
    deck = photo_deck(tmp_path / "deck", 2)
    liked = (deck / "card_001.png").read_bytes()
    data = tmp_path / "data"
    with Review(deck, data_home=data) as s:
        shown = decide_and_open_apply(s, ["d", "l"])
        assert shown["files"] == ["card_000.png"]
        # At the window's first open of the marked photo once Move is pressed
        # (the open that holds it for the move), the liked one takes its name.
        with FileReads(deck / "card_000.png", at=1, pid=s.flick.pid,
                       action=lambda: os.rename(deck / "card_001.png", deck / "card_000.png")) as reads:
            s.atspi_do("push button", "Move to Trash")
            result = s.wait_for(lambda: (lambda d: d if d and "Not Moved" in d["heading"] else None)(ov.dialog(s)),
                                "the dialog naming the file not moved")
        assert reads.acted.is_set()
        s.screenshot(artifacts / "flick-apply-changed-while-moving.png")
        assert result["heading"] == "1 File Was Not Moved"
        assert "card_000.png changed while it was being moved; nothing was deleted" in result["body"]
    trash = data / "Trash"
    assert not (trash / "files").exists() or os.listdir(trash / "files") == []
    assert not (trash / "info").exists() or os.listdir(trash / "info") == []
    assert sorted(os.listdir(deck)) == ["card_000.png"]
    assert (deck / "card_000.png").read_bytes() == liked


def test_files_another_flick_moved_first_are_reported_as_done(tmp_path):
    (tmp_path / "deck").mkdir()
    deck = photo_deck(tmp_path / "deck", 3)
    data = tmp_path / "data"
    cli = Cli(tmp_path)
    with Review(deck, data_home=data, window_manager=True) as s:
        window = s.wait_for_window()
        with Orca(s) as orca:
            orca.activate(window, timeout=10, until=lambda said: any("card_000.png" in u for u in said))
            shown = decide_and_open_apply(s, ["d", "d", "l"])
            assert shown["files"] == ["card_000.png", "card_001.png"]
            # `flick apply` in a terminal moves both while the window asks.
            terminal = cli.run("apply", deck, check=0)
            assert "Moved 2 files" in terminal.stdout
            mark = orca.mark()
            s.atspi_do("push button", "Move to Trash")
            expected = "2 files were already in the Trash (moved by another Flick)"
            # What a blind user hears, as the toast shows it.
            said = orca.settle(mark, timeout=15, until=lambda said: any(expected in u for u in said))
            assert any(expected in u for u in said), said
            assert not any("Not Moved" in u for u in said), said
            assert ov.dialog(s) is None, "no dialog: nothing failed"
    assert sorted(os.listdir(data / "Trash" / "files")) == ["card_000.png", "card_001.png"]
    assert os.listdir(deck) == ["card_002.png"]
