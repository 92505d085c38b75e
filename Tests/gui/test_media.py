"""Media in the review window: the pipeline limit while stepping through a
long deck, poster frames on cards beneath, and broken files as cards that
say why and can still be decided."""
import shutil

from harness import find_nodes, wait_until
from test_review import SAMPLES, Review


def video_deck(folder, count, sample="timeout_huddle.mp4"):
    for i in range(count):
        shutil.copy(SAMPLES / sample, folder / f"clip_{i:03d}.mp4")
    return folder


def test_never_more_than_three_pipelines_through_two_hundred_cards(tmp_path):
    with Review(video_deck(tmp_path, 200)) as s:
        s.wait_state(lambda st: st["pipelines"] == 2, "top and next live")
        s.xdotool("key", "--delay", "60", *(["l"] * 200))
        s.wait_state(lambda st: st["cursor"] == 200, "the end of the deck", timeout=60)
        st = s.state()
        assert st["max_pipelines"] <= 3, st
        assert [d["decision"] for d in st["decisions"]] == ["like"] * 200


def test_broken_files_become_cards_that_say_why_and_can_be_deleted(tmp_path):
    (tmp_path / "a empty.mp4").write_bytes(b"")
    (tmp_path / "b notes.mp4").write_text("shopping list\n")
    full = (SAMPLES / "beach_rally_02.mp4").read_bytes()
    (tmp_path / "c cut short.mp4").write_bytes(full[: len(full) // 3])
    shutil.copy(SAMPLES / "timeout_huddle.mp4", tmp_path / "d fine.mp4")
    with Review(tmp_path) as s:
        def card_names():
            return [n["name"] for n in find_nodes(s.atspi_tree(), role="push button") if n["name"].startswith("Clip ")]
        names = wait_until(lambda: (lambda n: n if n and "Can’t" in n[0] else None)(card_names()), 15,
                           what="the reason on the first card")
        assert "a empty.mp4" in names[0] and "the file is empty" in names[0]
        s.key("d")
        s.wait_state(lambda st: st["cursor"] == 1, "the first broken card deleted")
        names = wait_until(lambda: (lambda n: n if n and "Can’t play b notes.mp4" in n[0] else None)(card_names()), 15,
                           what="the reason on the text file")
        s.key("d")
        s.wait_state(lambda st: st["cursor"] == 2, "the second broken card deleted")
        wait_until(lambda: (lambda n: n if n and "c cut short.mp4" in n[0] and "Can’t" in n[0] else None)(card_names()), 15,
                   what="the reason on the truncated clip")
        s.key("d")
        s.wait_state(lambda st: st["cursor"] == 3, "the third broken card deleted")
        assert s.decisions() == ["delete", "delete", "delete", None]
        assert s.flick.poll() is None
