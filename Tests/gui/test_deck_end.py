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
        tree = end_page(s, "1 Photo Still Undecided")
        assert not finished(tree), "never “All Clips Reviewed” while a clip is undecided"
        assert find_nodes(tree, contains="1 photo is still undecided: card_001.png.")
        s.screenshot(artifacts / "deck-end-still-undecided.png")
        assert [c["decision"] for c in s.store_status()["clips"]].count(None) == 1
        s.atspi_do("push button", "Go to Undecided")
        s.wait_for(lambda: s.top_name() == "Clip 2 of 4: card_001.png, photo", "the undecided clip on top")
        s.key("s")
        tree = end_page(s, "All Photos Reviewed")
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
        end_page(s, "All Photos Reviewed")
        assert s.decisions()["card_002.png"] == "like", "→ on an undecided card likes it"


def test_going_through_the_skipped_shows_only_them_then_the_finished_page(tmp_path):
    with Review(deck_of(tmp_path, 5)) as s:
        decide(s, ["s", "l", "s", "l"])
        s.key("s")
        end_page(s, "All Photos Reviewed")
        s.atspi_do("push button", "Go Through Skipped")
        seen = []
        for key in ["l", "s", "d"]:
            s.wait_for(lambda: s.top_name() and "skipped" in s.top_name(), "a skipped clip on top")
            seen.append(s.top_name().split(": ")[1].split(",")[0])
            s.key(key)
            s.wait_for(lambda: s.top_name() is None or s.top_name().split(": ")[1].split(",")[0] != seen[-1], "moved on")
        assert seen == ["card_000.png", "card_002.png", "card_004.png"], seen
        end_page(s, "All Photos Reviewed")


def test_the_card_seen_beneath_is_the_one_a_decision_brings_on_top(tmp_path, artifacts):
    """Red, green and blue photos; red and green liked, then Previous twice
    puts red back on top. A decision on red brings blue (green is decided),
    so blue is the card showing beneath red, not green, and blue is on top
    after the decision: the card beneath never changes as it lands."""
    import subprocess
    from test_stage import Stage, colourful, column, on_screen
    from harness import wait_until
    folder = tmp_path / "deck"
    folder.mkdir()
    for name, colour in [("a_red.png", "red"), ("b_green.png", "lime"), ("c_blue.png", "blue")]:
        subprocess.run(["convert", "-size", "800x600", f"xc:{colour}", str(folder / name)], check=True)

    def is_blue(rgb):
        return colourful(rgb) and rgb[2] > 150 and rgb[0] < 100 and rgb[1] < 100

    with Stage(folder) as s:
        s.key("l")
        s.wait_for(lambda: "b_green.png" in (s.top_name() or ""), "green on top")
        s.key("l")
        s.wait_for(lambda: "c_blue.png" in (s.top_name() or ""), "blue on top")
        s.key("BackSpace")
        s.wait_for(lambda: "b_green.png" in (s.top_name() or ""), "green back on top")
        s.key("BackSpace")
        s.wait_for(lambda: "a_red.png" in (s.top_name() or ""), "red back on top")

        def card():
            top = s.top_card()
            return top["extents"] if top and "a_red.png" in top["name"] and top["extents"] and top["extents"][2] > 100 else None
        s.settled()  # the card read where the screenshot will find it
        x, y, w, h = on_screen(s, wait_until(card, 15, what="the red card on top"))

        def beneath():
            shot = s.still_screenshot(artifacts / "beneath-before-decision.png")
            rows = column(shot, x + w // 2, y + h + 1, y + h + 40)
            first = next((rgb for rgb in rows if colourful(rgb)), None)
            return first if first and is_blue(first) else None
        s.wait_for(beneath, "blue beneath red (the card a decision brings), not green")
        s.key("d")
        s.wait_for(lambda: "c_blue.png" in (s.top_name() or ""), "blue on top after marking red")
