"""What a person using Flick's review window sees or hears, read from
outside the app: the accessibility tree (as a screen reader reads it), the
decision store through `flick status --json`, and screenshots.

Tree readers take a tree from `atspi_tree()` and never ask the app for
anything themselves; `Observer` (mixed into the test sessions) reads a fresh
tree for each question and waits for a condition with a deadline:

    with ReviewSession() as s:
        s.key("l")
        s.wait_for(lambda: s.cursor() == 1, "the like")
        assert s.decisions()["beach_rally_01.mp4"] == "like"
        assert s.status() == "Liked beach_rally_01.mp4. 11 left."
"""
import json
import os
import re
import sqlite3
import subprocess
import time
from contextlib import closing
from pathlib import Path

from harness import HarnessError, find_nodes, pixels_changed, wait_until

CARD_NAME = re.compile(r"^Clip (\d+) of (\d+): ")
# The finished page's title names what the deck holds.
FINISHED = ("All Clips Reviewed", "All Photos Reviewed", "All Items Reviewed")
PROGRESS = "Review progress"
SEEK_BAR = "Position in the clip"


# -- reading a tree -----------------------------------------------------------

def walk(tree):
    """Every node of an AT-SPI tree, parents before children."""
    yield tree
    for child in tree["children"]:
        yield from walk(child)


def parent_of(tree, target):
    """The node whose direct children hold `target`, or None."""
    for n in walk(tree):
        if any(c is target for c in n["children"]):
            return n
    return None


def holding(tree, predicate):
    """The nodes with a direct child for which `predicate(child)` holds."""
    return [n for n in walk(tree) if any(predicate(c) for c in n["children"])]


def top_card(tree):
    """The top card: the push button named "Clip N of M: name, duration"."""
    cards = [n for n in find_nodes(tree, role="push button") if CARD_NAME.match(n["name"])]
    return cards[0] if cards else None


def top_name(tree):
    """The top card's accessible name, or None when no card shows."""
    card = top_card(tree)
    return card["name"] if card else None


def cursor(tree):
    """The top card's index from 0 ("Clip 2 of 12" is 1); None when no card shows."""
    card = top_card(tree)
    if card:
        return int(CARD_NAME.match(card["name"]).group(1)) - 1
    return None


def finished(tree):
    """Whether the finished page ("All Clips Reviewed", or Photos, or Items) shows."""
    return any(find_nodes(tree, name=title) for title in FINISHED)


def status(tree):
    """The status line under the player bar (the hint, then the last outcome), or None."""
    bar = player_bar(tree)
    rows = [parent_of(tree, bar)] if bar else []
    # Beside the progress bar's row (when the player bar is not there).
    rows += holding(tree, lambda c: any(x["role"] == "progress bar" and x["name"] == PROGRESS for x in walk(c)))
    for n in rows:
        labels = [c["name"] for c in n["children"] if c["role"] == "label"] if n else []
        if labels:
            return labels[-1]
    return None


def progress(tree):
    """The progress label beside the bar ("3 of 12"), or None."""
    for n in holding(tree, lambda c: c["role"] == "progress bar" and c["name"] == PROGRESS):
        labels = [c["name"] for c in n["children"] if c["role"] == "label"]
        if labels:
            return labels[0]
    return None


def action_bar(tree):
    """The action bar under the cards: what holds the Skip and Like
    buttons (a toast's Undo and the finished page's buttons are elsewhere),
    or None."""
    bars = holding(tree, lambda c: c["role"] == "push button" and c["name"] == "Skip")
    bars = [n for n in bars if any(c["role"] == "push button" and c["name"] == "Like" for c in n["children"])]
    return bars[0] if bars else None


def bar_button(tree, name):
    """The action bar's button named `name`, or None."""
    bar = action_bar(tree)
    buttons = [c for c in bar["children"] if c["role"] == "push button" and c["name"] == name] if bar else []
    return buttons[0] if buttons else None


def undo_button(tree):
    """The action bar's Undo button."""
    return bar_button(tree, "Undo")


def undo_buttons(tree):
    """Whether each Undo button (the action bar's, a toast's) can be pressed."""
    return [n["sensitive"] for n in find_nodes(tree, role="push button", name="Undo")]


def toast_node(tree):
    """The toast showing (the node holding its Dismiss button), or None."""
    toasts = holding(tree, lambda c: c["role"] == "push button" and c["name"] == "Dismiss")
    return toasts[0] if toasts else None


def toast(tree):
    """The toast's title ("Marked card_003.png for deletion"), or None."""
    node = toast_node(tree)
    if node is None:
        return None
    labels = [n["name"] for n in walk(node) if n["role"] == "label" and n["name"] and n["name"] != "Undo"]
    return labels[0] if labels else None


def toast_undo(tree):
    """The toast's own Undo button, or None when no toast offers one."""
    node = toast_node(tree)
    if node is None:
        return None
    buttons = [n for n in walk(node) if n["role"] == "push button" and n["name"] == "Undo"]
    return buttons[0] if buttons else None


def player_bar(tree):
    """The player bar: the row holding the Play/Pause button, or None."""
    rows = holding(tree, lambda c: c["role"] == "push button" and c["name"] in ("Play", "Pause"))
    return rows[0] if rows else None


def player(tree):
    """The player bar as shown (play, playing, caption, time, position, speed, sound, muted...), or None.

    play: the button's name ("Pause" while playing); time: "0:02 / 0:04";
    position: the seek bar's value (s); speed: "1×" or "Paused · 1×";
    sound: the sound button's name; fullscreen_button: the Fullscreen or
    Leave Fullscreen button's node (extents, name)."""
    bar = player_bar(tree)
    if bar is None:
        return None
    buttons = [c for c in bar["children"] if c["role"] == "push button"]
    labels = [c["name"] for c in bar["children"] if c["role"] == "label"]
    # Named "Position in the clip: 0:03 of 0:12" once the clip plays.
    seek = [c for c in bar["children"] if c["role"] == "slider" and c["name"].startswith(SEEK_BAR)]
    sound = [b for b in buttons if b["name"].startswith("Sound ")]
    full = [b for b in buttons if b["name"] in ("Fullscreen", "Leave Fullscreen")]
    times = [t for t in labels if re.match(r"^\d+:\d\d( / \d+:\d\d)?$", t)]
    speeds = [t for t in labels if t.endswith("×")]
    play = [b["name"] for b in buttons if b["name"] in ("Play", "Pause")]
    return {
        "play": play[0] if play else None,
        "playing": bool(play) and play[0] == "Pause",
        "caption": labels[0] if labels else None,
        "time": times[0] if times else None,
        "position": seek[0].get("value") if seek else None,
        "seek_bar": seek[0] if seek else None,
        "speed": speeds[0] if speeds else None,
        "sound": sound[0]["name"] if sound else None,
        "muted": bool(sound) and sound[0]["name"].startswith("Sound Off"),
        "fullscreen_button": full[0] if full else None,
    }


def named(tree, name, role=None):
    """Whether a node with exactly this name (and role) is in the tree."""
    return bool(find_nodes(tree, role=role, name=name))


# -- a session that observes ----------------------------------------------------

class Observer:
    """Questions a test asks of the window, each answered from what a user
    observes. Mixed into a session that has `atspi_tree()`, `atspi_find()`,
    `flick` (the app's process), `env`, `binary` and `folder`."""

    def tree(self):
        """The app's accessibility tree, read now."""
        return self.atspi_tree()

    def buttons(self):
        """The main window's push buttons (role, name, focused, sensitive): quicker than a tree."""
        found = self.atspi_find("push button", windows="frame")
        return found if isinstance(found, list) else []  # an error: the app is not on the bus (yet)

    def top_name(self):
        """The top card's accessible name, or None."""
        names = [b["name"] for b in self.buttons() if CARD_NAME.match(b["name"])]
        return names[0] if names else None

    def cursor(self):
        """Which card is on top, from 0 (its name says "Clip N of M")."""
        name = self.top_name()
        return int(CARD_NAME.match(name).group(1)) - 1 if name else None

    def finished(self):
        """Whether the finished page shows."""
        return finished(self.tree())

    def status(self):
        """The status line's text."""
        return status(self.tree())

    def undo_sensitive(self):
        """Whether the action bar's Undo button can be pressed."""
        button = undo_button(self.tree())
        if button is None:
            raise HarnessError("no Undo button in the action bar")
        return button["sensitive"]

    def toast(self):
        """The toast's title, or None when no toast shows."""
        return toast(self.tree())

    def toast_undo_sensitive(self):
        """Whether the toast showing offers an Undo that can be pressed."""
        button = toast_undo(self.tree())
        return bool(button and button["sensitive"])

    def player(self):
        """The player bar's parts (see observe.player), or None."""
        return player(self.tree())

    def store_status(self):
        """`flick status FOLDER --json` against the app's own store (decisions
        only: `--no-stacks --no-suggestions`, so no analysis runs beside the
        window under test)."""
        res = subprocess.run([str(self.binary), "status", str(self.folder), "--json", "--no-stacks", "--no-suggestions"], env=self.env,
                             capture_output=True, text=True, timeout=60)
        if res.returncode != 0:
            raise HarnessError(f"flick status failed ({res.returncode}): {res.stderr.strip()}")
        return json.loads(res.stdout)

    def decisions(self):
        """{relative path: "like"/"delete"/"skip" or None}, from the store."""
        return {c["path"]: c["decision"] for c in self.store_status()["clips"]}

    def decision_list(self):
        """The decisions in the deck's (name) order, from the store."""
        return list(self.decisions().values())

    def alive(self, what="the app"):
        """Fails at once, with the app's output, if the app has exited."""
        if self.flick is not None and self.flick.poll() is not None:
            raise AssertionError(f"flick exited ({self.flick.returncode}) waiting for {what}:\n{self.stderr()[-3000:]}")
        return True

    def wait_for(self, predicate, what, timeout=10, interval=0.1):
        """Polls `predicate()` until true and returns its value; fails after `timeout` s or if the app exits."""
        def alive_and():
            self.alive(what)
            return predicate()
        return wait_until(alive_and, timeout, interval=interval, what=what)

    def wait_cursor(self, index, what=None, timeout=10):
        """Waits for the card `index` (from 0) to be on top."""
        return self.wait_for(lambda: self.cursor() == index, what or f"card {index + 1} on top", timeout)

    def wait_playing(self, what="the top clip playing", timeout=15):
        """Waits until the player bar offers Pause and its seek bar moves (on, or
        back to the start where a short clip loops between two readings)."""
        def advancing():
            first = self.playback()
            if not first or not first["playing"] or first["position"] is None:
                return False
            time.sleep(0.3)
            second = self.playback()
            return second and second["playing"] and second["position"] is not None and second["position"] != first["position"]
        return self.wait_for(advancing, what, timeout)

    def playback(self):
        """Whether the top clip plays (its player offers Pause) and where its
        seek bar stands (s), or None: read from the window's buttons and
        sliders alone, not a whole tree (walking every node of a window
        drawn by software GL while a clip plays took over 20 s)."""
        found = self.atspi_find("push button", "slider", windows="frame", extents=False)
        if not isinstance(found, list):
            return None  # an error: the app is not on the bus (yet)
        play = [n["name"] for n in found if n["role"] == "push button" and n["name"] in ("Play", "Pause")]
        seek = [n for n in found if n["role"] == "slider" and n["name"].startswith(SEEK_BAR)]
        return {"playing": play[:1] == ["Pause"], "position": seek[0].get("value") if seek else None}

    def picture_moves(self, crop, tmp, gap=0.5, least=1000):
        """Whether the pixels in `crop` change over `gap` s (a clip playing)."""
        a = self.screenshot(tmp / "moves-a.png")
        time.sleep(gap)  # the interval the picture is watched over
        b = self.screenshot(tmp / "moves-b.png")
        return pixels_changed(a, b, crop=crop) > least

    # Seconds the background analysis of a test deck may take on a loaded machine.
    ANALYSIS_PATIENCE = 120

    def analysis_line(self):
        """The texts of the analysis line ("Looking for similar photos… 3 of
        50"), empty when it is not shown."""
        return [n["name"] for n in find_nodes(self.tree(), role="status bar") if n["name"].startswith("Looking")]

    # Seconds the analysis line takes to fade away (GtkRevealer's 250 ms, and a frame or two).
    LINE_SLIDE = 0.4

    def settled(self):
        """Waits until the window's analysis of the folder has ended and its
        line has faded away: before screenshots that are compared (the line
        floats over the top of the stage, or the foot of the overview) or
        reads of what the analysis changes (stacks, suggestions). The line
        never moves or resizes the cards. The analysis starts a moment
        after the first card shows and its line only once it has run a
        while, so a line not shown yet proves nothing: it has ended once
        the store holds an analysis of every file of the deck. Returns at
        once when that is so already."""
        store = Path(self.env["XDG_DATA_HOME"]) / "flick" / "flick.db"
        folder = os.path.realpath(self.folder)
        busy = []

        def unanalysed():
            """Files of the folder without their analysis in the store (None before the folder is in it)."""
            try:
                with closing(sqlite3.connect(f"file:{store}?mode=ro", uri=True, timeout=5)) as db:
                    files, left = db.execute(
                        "SELECT COUNT(*), COUNT(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM analysis a WHERE a.device = c.device"
                        " AND a.inode = c.inode AND a.size = c.size AND a.mtime = c.mtime))"
                        " FROM clip c JOIN folder f ON f.id = c.folder_id WHERE f.path = ? AND c.state = 'present'",
                        (folder,)).fetchone()
            except sqlite3.Error:  # not made yet
                return None
            return left if files else None

        def line():
            """Whether the analysis line shows (read quicker than a whole tree)."""
            found = self.atspi_find("status bar", windows="frame")
            return not isinstance(found, list) or any(n["name"].startswith("Looking") for n in found)

        def over():
            done = unanalysed() == 0 and not line()
            busy.append(not done)
            return done
        self.wait_for(over, "the analysis to end and its line to go", self.ANALYSIS_PATIENCE, interval=0.2)
        if any(busy) or self.store_written_within(self.RECENT_END):
            time.sleep(self.LINE_SLIDE)  # the line may be fading away over the stage

    # Seconds after the store's last write within which the analysis may
    # just have ended though the first look found it over: its results are
    # saved a moment before the window hears of the end (suggestions and
    # stacks are worked out in between), and a line shown by then fades
    # away for LINE_SLIDE more. A small deck's analysis can end before a
    # test first looks, its line still fading over the stage a screenshot
    # shows.
    RECENT_END = 3.0

    def store_written_within(self, seconds):
        """Whether the app's store (its database or its write-ahead log)
        was written less than `seconds` ago."""
        store = Path(self.env["XDG_DATA_HOME"]) / "flick" / "flick.db"
        times = [f.stat().st_mtime for f in (store, store.with_name(store.name + "-wal")) if f.exists()]
        return bool(times) and time.time() - max(times) < seconds

    def still_screenshot(self, path, timeout=10):
        """A screenshot once two in a row agree (for still decks: drawing and moving are over)."""
        path = Path(path)
        # The analysis line floating over the stage counts as it goes: the
        # window holds still once it has gone.
        self.settled()
        previous = self.screenshot(path.with_name(path.stem + "-previous.png"))

        def agrees():
            nonlocal previous
            shot = self.screenshot(path)
            if pixels_changed(previous, shot, fuzz="0%") == 0:
                return shot
            previous = self.screenshot(path.with_name(path.stem + "-previous.png"))
            return None
        return self.wait_for(agrees, "the window to hold still", timeout, interval=0.2)
