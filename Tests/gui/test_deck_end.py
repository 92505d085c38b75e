"""The deck's end is true: the finished page shows only when no clip is
undecided anywhere (a clip left behind by a jump from the overview is named
and one button takes the user there); → moves on from a decided card
without deciding it again; Go Through Skipped shows exactly the skipped
clips and then the finished page. Read as a user reads it: the page's
title and words, the top card's name, and the store (`flick status --json`)."""
from harness import find_nodes
from observe import finished
from test_words import decide, deck_of, open_overview
from test_review import Review


def end_page(s, title):
    return s.wait_for(lambda: (lambda t: t if find_nodes(t, name=title) else None)(s.atspi_tree()), f"the page “{title}”")


def test_a_clip_left_behind_is_named_at_the_end_and_shown_by_one_button(tmp_path, artifacts):
    with Review(deck_of(tmp_path, 4)) as s:
        decide(s, ["l"])
        open_overview(s)
        s.key("Right", "Return")  # card_002 on top: card_001 is left behind, undecided
        s.wait_for(lambda: (s.top_name() or "").startswith("Clip 3 of 4: card_002.png"), "the chosen clip on top")
        s.key("l")
        s.wait_cursor(3, "the next clip")
        s.key("d")
        tree = end_page(s, "1 Clip Still Undecided")
        assert not finished(tree), "never “All Clips Reviewed” while a clip is undecided"
        assert find_nodes(tree, contains="1 clip is still undecided: card_001.png.")
        s.screenshot(artifacts / "deck-end-still-undecided.png")
        assert [c["decision"] for c in s.store_status()["clips"]].count(None) == 1
        s.atspi_do("push button", "Go to Undecided")
        s.wait_for(lambda: s.top_name() == "Clip 2 of 4: card_001.png, photo", "the undecided clip on top")
        s.key("s")
        tree = end_page(s, "All Clips Reviewed")
        assert finished(tree), "every clip decided: the finished page, not the liked card_002.png"


def test_right_moves_on_from_a_decided_card_and_likes_an_undecided_one(tmp_path):
    with Review(deck_of(tmp_path, 3)) as s:
        decide(s, ["d", "s"])
        s.key("Down")
        s.wait_for(lambda: s.top_name() == "Clip 2 of 3: card_001.png, photo, skipped", "back to the skipped clip")
        s.key("Right")
        s.wait_for(lambda: s.top_name() == "Clip 3 of 3: card_002.png, photo", "moved on without deciding")
        clips = {c["path"]: c["decision"] for c in s.store_status()["clips"]}
        assert clips == {"card_000.png": "delete", "card_001.png": "skip", "card_002.png": None}, clips
        s.key("Right")
        end_page(s, "All Clips Reviewed")
        assert s.decisions()["card_002.png"] == "like", "→ on an undecided card likes it"


def test_going_through_the_skipped_shows_only_them_then_the_finished_page(tmp_path):
    with Review(deck_of(tmp_path, 5)) as s:
        decide(s, ["s", "l", "s", "l"])
        s.key("s")
        end_page(s, "All Clips Reviewed")
        s.atspi_do("push button", "Go Through Skipped")
        seen = []
        for key in ["l", "s", "d"]:
            s.wait_for(lambda: s.top_name() and "skipped" in s.top_name(), "a skipped clip on top")
            seen.append(s.top_name().split(": ")[1].split(",")[0])
            s.key(key)
            s.wait_for(lambda: s.top_name() is None or s.top_name().split(": ")[1].split(",")[0] != seen[-1], "moved on")
        assert seen == ["card_000.png", "card_002.png", "card_004.png"], seen
        end_page(s, "All Clips Reviewed")
