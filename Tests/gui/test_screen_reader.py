"""A blind user's session with a real Orca (43, Debian 12) reading Flick:
every outcome is spoken once, the finished page reads its summary with
focus on a safe button, Apply's result is heard; and the accessibility tree
Orca walks has no GTK type names, no doubled names and no hidden pages.
Each test has its own Flick and its own Orca, so any one runs alone and in
any order; decisions a test only needs as its starting point are made in
the store beforehand (`flick-bench drive`), as an earlier review would have."""
import re
import shutil
from contextlib import contextmanager

import pytest

from cli import Cli
from harness import ROOT, FlickSession, find_nodes, wait_until
from orca import Orca, said_text

SAMPLES = ROOT / "data" / "samples"


def spoken(said, text):
    """How many utterances say `text` (Orca may add a full stop)."""
    return sum(1 for u in said if u.rstrip(".") == text.rstrip(".") or u.startswith(text))


@pytest.fixture
def deck(tmp_path):
    """Four clips: two videos (for Space and M) and two photos."""
    folder = tmp_path / "deck"
    folder.mkdir()
    for name in ["beach_rally_01.mp4", "beach_rally_02.mp4", "scoreboard.png"]:
        shutil.copy(SAMPLES / name, folder / name)
    shutil.copy(SAMPLES / "scoreboard.png", folder / "zz_last.png")
    return folder


@contextmanager
def reading(deck, tmp_path, first, *decided):
    """Flick on `deck` with Orca attached, once Orca has read the card on
    top (`first`, e.g. "Clip 1 of 4"); `decided` are the actions taken in
    the store (XDG_DATA_HOME is `tmp_path`/data) before Flick opens. Gives
    (session, orca, what was said)."""
    cli = Cli(tmp_path)
    if decided:
        cli.drive(deck, *decided)
    with FlickSession([str(deck)], data_home=cli.data, env={"FLICK_LOG": "debug"}) as session:
        window = session.wait_for_window()
        with Orca(session) as orca:
            said = orca.activate(window, timeout=10, until=lambda s: any(first in u for u in s))
            assert any(first in u for u in said), said_text(said)
            yield session, orca, said


@pytest.fixture
def reader(deck, tmp_path):
    """A fresh review of the four clips, the first card read."""
    with reading(deck, tmp_path, "Clip 1 of 4") as r:
        yield r


def press(orca, key, text, timeout=5):
    said = orca.press(key, timeout=timeout, until=lambda s: spoken(s, text) > 0)
    return said


def test_the_first_card_is_read_then_the_keys_once(reader):
    session, orca, said = reader
    assert any(u.startswith("Clip 1 of 4: beach_rally_01.mp4") for u in said), said_text(said)
    later = orca.settle(timeout=4, until=lambda s: any(u.startswith("L likes") for u in s))
    heard = said + later
    assert spoken(heard, "L likes, D deletes") == 1, said_text(heard)


def test_reopening_says_welcome_back_after_the_card(deck, tmp_path):
    # Two decisions made in an earlier session: the screen shows "Welcome
    # back", and Orca says it after the card, once. The card on top is an
    # extra copy: its reason is heard, and a line said on a key (H's keys)
    # is not followed by it again.
    reason = "Suggested: extra copy"
    welcome = "Welcome back: 2 of 4 already decided. U undoes the last one."
    with reading(deck, tmp_path, "Clip 3 of 4", "delete", "like") as (_, orca, said):
        heard = said + orca.settle(timeout=15, until=lambda s: spoken(s, welcome) and spoken(s, reason)
                                   and any(u.startswith("L likes") for u in s))
        assert spoken(heard, welcome) == 1, said_text(heard)
        cards = [i for i, u in enumerate(heard) if u.startswith("Clip 3 of 4")]
        assert cards and cards[0] < heard.index(welcome), said_text(heard)
        # With the card, or once after the lines said on their own after its
        # focus when Orca read that focus only after them (never after each).
        assert 1 <= spoken(heard, reason) <= 2, said_text(heard)
        again = press(orca, "h", "L likes, D deletes")
        assert spoken(again, "L likes, D deletes") == 1 and not spoken(again, reason), said_text(again)


def test_like_then_undo_says_what_happened(reader):
    _, orca, _ = reader
    said = press(orca, "l", "Liked beach_rally_01.mp4. 3 left.")
    assert spoken(said, "Liked beach_rally_01.mp4. 3 left.") == 1, said_text(said)
    said = press(orca, "u", "Undid the like: beach_rally_01.mp4 is back on top. 4 left.")
    assert spoken(said, "Undid the like: beach_rally_01.mp4 is back on top. 4 left.") == 1, said_text(said)


def test_delete_skip_and_back_say_the_clip_and_its_decision(reader):
    _, orca, _ = reader
    said = press(orca, "d", "Marked beach_rally_01.mp4 for deletion. 3 left.")
    assert spoken(said, "Marked beach_rally_01.mp4 for deletion. 3 left.") == 1, said_text(said)
    said = press(orca, "s", "Skipped beach_rally_02.mp4. 2 left.")
    assert spoken(said, "Skipped beach_rally_02.mp4. 2 left.") == 1, said_text(said)
    said = orca.press("Down", until=lambda s: spoken(s, "Back to beach_rally_02.mp4, skipped.") and
                      any(u.startswith("Clip 2 of 4") for u in s))
    assert spoken(said, "Back to beach_rally_02.mp4, skipped.") == 1, said_text(said)
    # The card itself carries its decision in its name.
    assert any("beach_rally_02.mp4" in u and "skipped" in u and u.startswith("Clip 2 of 4") for u in said), said_text(said)


def test_space_m_seek_and_speed_say_what_changed(reader):
    _, orca, _ = reader
    said = press(orca, "space", "Paused.")
    assert spoken(said, "Paused.") == 1, said_text(said)
    said = press(orca, "space", "Playing.")
    assert spoken(said, "Playing.") == 1, said_text(said)
    said = press(orca, "m", "Sound on.")
    assert spoken(said, "Sound on.") == 1, said_text(said)
    said = press(orca, "m", "Sound off.")
    assert spoken(said, "Sound off.") == 1, said_text(said)
    said = press(orca, "shift+Right", "Forward 5 seconds: ")
    assert spoken(said, "Forward 5 seconds: ") == 1, said_text(said)
    said = press(orca, "Home", "Back to the start: ")
    assert spoken(said, "Back to the start: ") == 1, said_text(said)
    said = press(orca, "greater", "Speed 1.25×.")
    assert spoken(said, "Speed 1.25×.") == 1, said_text(said)
    said = press(orca, "less", "Speed 1×.")
    assert spoken(said, "Speed 1×.") == 1, said_text(said)


def test_instructions_are_not_repeated_on_every_card(reader):
    _, orca, _ = reader
    said = press(orca, "l", "Liked beach_rally_01.mp4. 3 left.")
    assert spoken(said, "Liked beach_rally_01.mp4. 3 left.") == 1, said_text(said)
    assert not any(u.startswith("L likes") for u in said), said_text(said)
    said = press(orca, "h", "L likes, D deletes")
    assert spoken(said, "L likes, D deletes") == 1, said_text(said)


SUMMARY = "Liked zz_last.png. All items reviewed: 3 liked, 1 marked for deletion, 0 skipped."


def finish(orca):
    """Likes the last card (the others decided before): the summary is read
    and the focus lands on Review Again. Returns what Orca said."""
    return orca.press("l", until=lambda s: spoken(s, SUMMARY) and any(u.startswith("Review Again") for u in s))


def test_finishing_reads_the_summary_and_focuses_review_again(deck, tmp_path):
    # The first clip marked for deletion and the second liked beforehand.
    with reading(deck, tmp_path, "Clip 3 of 4", "delete", "like") as (_, orca, _):
        said = press(orca, "l", "Liked scoreboard.png. 1 left.")
        assert spoken(said, "Liked scoreboard.png. 1 left.") == 1, said_text(said)
        said = finish(orca)
        assert spoken(said, SUMMARY) == 1, said_text(said)
        assert any(u.startswith("Review Again") for u in said), "focus lands on Review Again: " + said_text(said)
        assert not any(u.startswith("Apply Deletions") for u in said), said_text(said)


def test_apply_result_is_spoken(deck, tmp_path):
    data = tmp_path / "data"
    with reading(deck, tmp_path, "Clip 4 of 4", "delete", "like", "like") as (session, orca, _):
        said = finish(orca)
        assert any(u.startswith("Review Again") for u in said), said_text(said)
        # From Review Again, Shift+Tab twice reaches Apply Deletions…
        orca.press("shift+Tab", timeout=2)
        said = orca.press("shift+Tab", timeout=3, until=lambda s: any(u.startswith("Apply Deletions") for u in s))
        assert any(u.startswith("Apply Deletions") for u in said), said_text(said)
        said = orca.press("Return", timeout=5, until=lambda s: any("Trash" in u for u in s))
        assert any("Move 1 Clip to the Trash?" in u for u in said), said_text(said)
        # The list of files comes first (each can be left out); Tab reaches the buttons.
        for _ in range(4):
            if any(u.startswith("Move to Trash") for u in orca.press("Tab", timeout=2, until=lambda s: any(
                    u.startswith("Move to Trash") for u in s))):
                break
        mark = orca.mark()
        session.xdotool("key", "Return")
        # The dialogs close; as a window manager would, focus returns to Flick.
        wait_until(lambda: (data / "Trash" / "files" / "beach_rally_01.mp4").exists(), 10, what="the move")
        orca.activate(session.window_id(), timeout=3)
        said = orca.settle(mark, timeout=15, until=lambda s: any(u.startswith("Moved 1 file") for u in s))
        assert spoken(said, "Moved 1 file") == 1, said_text(said) + session.stderr()[-700:]
        assert (data / "Trash" / "files" / "beach_rally_01.mp4").exists()


NAME_OF_TYPE = re.compile(r"^(Gtk|Adw)[A-Z]")


def all_nodes(tree):
    yield tree
    for child in tree["children"]:
        yield from all_nodes(child)


def type_named(tree, path=()):
    """Where the nodes named by a GTK type stand: the names and roles of
    their ancestors, their siblings and whether they show."""
    found = []
    here = path + ((tree["role"], tree["name"]),)
    for child in tree["children"]:
        if NAME_OF_TYPE.match(child["name"]):
            found.append({"path": here, "showing": child["showing"], "extents": child["extents"],
                          "siblings": [(c["role"], c["name"]) for c in tree["children"]]})
        found += type_named(child, here)
    return found


def read_as(node):
    """What Orca says for a node's name: the names of its labelled-by
    targets, then its own (once, when they are the same)."""
    labels = [label for label in node["labelled_by"] if label != node["name"]]
    return " ".join(labels + [node["name"]]).strip()


def doubled(name):
    words = name.split()
    half = len(words) // 2
    return len(words) >= 2 and len(words) % 2 == 0 and words[:half] == words[half:]


def test_the_tree_has_no_type_names_no_doubled_names_no_hidden_pages(tmp_path):
    with FlickSession([str(SAMPLES)], data_home=tmp_path / "data") as s:
        s.wait_for_window()
        s.key("d")  # a toast with its buttons
        tree = wait_until(lambda: (lambda t: t if find_nodes(t, name="Undo") and
                                   find_nodes(t, contains="Marked beach_rally_01.mp4 for deletion") else None)(s.atspi_tree()),
                          10, what="the toast")
        names = [n["name"] for n in all_nodes(tree)]
        assert [n for n in names if NAME_OF_TYPE.match(n)] == [], type_named(tree)
        assert [n for n in names if doubled(n)] == []
        assert [n for n in names if n != n.strip()] == []
        # Orca reads a labelled-by target's name before the node's own
        # ("GtkImage Open Folder" for an icon-only button): none is a type name.
        labels = [(label, n["name"]) for n in all_nodes(tree) for label in n["labelled_by"]]
        assert [pair for pair in labels if NAME_OF_TYPE.match(pair[0])] == []
        # The header bar's buttons read as their names alone.
        for name in ["Open Folder", "Overview", "Main Menu"]:
            buttons = [n for n in all_nodes(tree) if n["name"] == name and "button" in n["role"]]
            assert buttons and all(read_as(b) == name for b in buttons), [(b["role"], b["labelled_by"]) for b in buttons]
        # Hidden pages are out of the tree: the finished page and the empty
        # and error pages while the cards show.
        for hidden in ["All Clips Reviewed", "No Clips Here", "Can’t Open Folder", "Review Again"]:
            assert not find_nodes(tree, contains=hidden), hidden
        # The cards beneath the top one are out of the tree too.
        cards = [n for n in names if n.startswith("Clip ")]
        assert cards == ["Clip 2 of 12: beach_rally_02.mp4, 0:03"], cards
        # A dialog's buttons read once ("Cancel", not "Cancel Cancel").
        s.xdotool("key", "F10", "sleep", "0.8", "key", "Return")
        tree = wait_until(lambda: (lambda t: t if find_nodes(t, contains="to the Trash?") else None)(s.atspi_tree()),
                          10, what="the Apply dialog")
        names = [n["name"] for n in all_nodes(tree)]
        assert [n for n in names if NAME_OF_TYPE.match(n) or doubled(n)] == []
        assert find_nodes(tree, role="push button", name="Cancel")


@pytest.fixture
def overview_reader(tmp_path):
    """Flick on six clips (the first two marked for deletion) with Orca."""
    deck = tmp_path / "deck"
    deck.mkdir()
    for name in ["beach_rally_01.mp4", "beach_rally_02.mp4", "crowd_reaction.mp4", "final_point.webm"]:
        shutil.copy(SAMPLES / name, deck / name)
    # Two unlike photos: two copies of one would be one stack, one tile.
    shutil.copy(SAMPLES / "scoreboard.png", deck / "score_0.png")
    shutil.copy(SAMPLES / "team_photo.jpg", deck / "score_1.jpg")
    with FlickSession([str(deck)], data_home=tmp_path / "data") as session:
        window = session.wait_for_window()
        with Orca(session) as orca:
            orca.activate(window, timeout=10, until=lambda s: any("Clip 1 of 6" in u for u in s))
            yield session, orca


def press_until(orca, key, starts, tries=10):
    """Presses `key` until Orca says something starting with `starts`."""
    for _ in range(tries):
        said = orca.press(key, timeout=3, until=lambda s: any(u.startswith(starts) for u in s))
        if any(u.startswith(starts) for u in said):
            return said
    raise AssertionError(f"{key} never reached {starts!r}: {said_text(said)}")


def test_g_says_where_the_overview_opens_and_which_card_it_returns_to(overview_reader):
    """G opens the overview: the focused tile is read, then how many clips
    there are and which filter shows them. Enter on another tile is back on
    the stack at that clip: the card now on top is read with the stack's
    own words for it (G or Escape would return to the card the user was on)."""
    session, orca = overview_reader
    press(orca, "d", "Marked beach_rally_01.mp4 for deletion. 5 left.")
    summary = "Overview, 6 items, showing All."
    said = orca.press("g", timeout=5, until=lambda s: spoken(s, summary) and
                      any(u.startswith("beach_rally_02.mp4, 0:03, undecided") for u in s))
    assert spoken(said, summary) == 1, said_text(said)
    tile = [u for u in said if u.startswith("beach_rally_02.mp4, 0:03, undecided")]
    assert len(tile) == 1, "the top card's tile has the focus: " + said_text(said)
    said = orca.press("Right", timeout=3, until=lambda s: any(u.startswith("crowd_reaction.mp4") for u in s))
    assert any(u.startswith("crowd_reaction.mp4, 0:03, undecided") for u in said), said_text(said)
    said = orca.press("Return", timeout=5, until=lambda s: any(u.startswith("Clip 3 of 6: crowd_reaction.mp4") for u in s))
    cards = [u for u in said if u.startswith("Clip 3 of 6: crowd_reaction.mp4, 0:03")]
    assert len(cards) == 1, said_text(said)
    assert not any(u.startswith("Overview,") for u in said), said_text(said)
    # Opened again, it says the same, now from the new top card's tile.
    said = orca.press("g", timeout=5, until=lambda s: spoken(s, summary) and
                      any(u.startswith("crowd_reaction.mp4") for u in s))
    assert spoken(said, summary) == 1, said_text(said)
    assert any(u.startswith("crowd_reaction.mp4, 0:03, undecided") for u in said), said_text(said)


def test_the_overview_speaks_its_filter_and_selection(overview_reader):
    """G opens the overview; a filter chosen by keyboard says what it
    shows, with the count; selecting tiles says how many, once each."""
    session, orca = overview_reader
    press(orca, "d", "Marked beach_rally_01.mp4 for deletion. 5 left.")
    press(orca, "d", "Marked beach_rally_02.mp4 for deletion. 4 left.")
    orca.press("g", timeout=3)
    # The filter buttons sit above the grid: Shift+Tab to "Undecided", Space.
    press_until(orca, "shift+Tab", "Undecided (4)")
    said = press(orca, "space", "Showing 4 undecided items.")
    assert spoken(said, "Showing 4 undecided items.") == 1, said_text(said)
    # Tab back down to the grid's focused tile.
    said = press_until(orca, "Tab", "crowd_reaction.mp4, 0:03, undecided")
    # Ctrl+Right moves without selecting, Ctrl+Space adds that tile.
    orca.press("ctrl+Right", timeout=3, until=lambda s: any(u.startswith("final_point.webm") for u in s))
    said = press(orca, "ctrl+space", "2 items selected")
    assert spoken(said, "2 items selected") == 1, said_text(said)
    said = press(orca, "ctrl+a", "4 items selected")
    assert spoken(said, "4 items selected") == 1, said_text(said)
    # Back to the stack and in again: the filter is said with its count.
    orca.press("g", timeout=5, until=lambda s: any(u.startswith("Clip ") for u in s))
    said = press(orca, "g", "Overview, 6 items, showing Undecided: 4.")
    assert spoken(said, "Overview, 6 items, showing Undecided: 4.") == 1, said_text(said)


def test_overview_selection_is_said_kept_by_arrows_and_decided_whole(overview_reader):
    """Space selects the focused tile (said with the count, even for one),
    a plain arrow moves on and keeps the selection, each tile says its
    place, and D decides exactly the selected clips, saying how many."""
    session, orca = overview_reader
    said = orca.press("g", timeout=8, until=lambda s: any(u.startswith("Overview, 6 items") for u in s))
    assert any(u.startswith("beach_rally_01.mp4, 0:04, undecided, current, selected, 1 of 6") for u in said), said_text(said)
    said = press(orca, "space", "1 item selected")
    assert spoken(said, "1 item selected") == 1, said_text(said)
    said = orca.press("Right", timeout=4, until=lambda s: any(u.startswith("beach_rally_02.mp4") for u in s))
    assert any(u.startswith("beach_rally_02.mp4, 0:03, undecided, 2 of 6") for u in said), said_text(said)
    said = press(orca, "space", "2 items selected")
    assert spoken(said, "2 items selected") == 1, said_text(said)
    orca.press("Right", timeout=4, until=lambda s: any(u.startswith("crowd_reaction.mp4") for u in s))
    said = press(orca, "d", "Marked 2 clips for deletion.")
    assert spoken(said, "Marked 2 clips for deletion.") == 1, said_text(said)
