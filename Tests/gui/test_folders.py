"""Which folder the window shows and how: `flick` without a folder, a second
`flick` while one runs, a path that is not a folder, subfolders remembered
for the window and the headless commands alike, recent folders told apart,
and where the export's file chooser starts. Observed as a user does: the
window's title and pages on the accessibility bus, the terminal's output,
`flick status --json` and `flick apply --dry-run`."""
import json
import shutil
import subprocess
from pathlib import Path

from harness import ROOT, FlickSession, find_nodes, wait_until
from observe import Observer, top_card, walk

PHOTO = ROOT / "data" / "samples" / "scoreboard.png"
START_TITLE = "Review a Folder of Clips"
SAMPLES_BUTTON = "Try the Sample Clips"


def photos(folder, *names):
    """`folder` with a small photo under each of `names` (subfolders made)."""
    for name in names:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(PHOTO, folder / name)
    return folder


def gvariant_strings(items):
    return "[" + ", ".join("'" + str(i).replace("'", "\\'") + "'" for i in items) + "]"


def chooser_folder(tree):
    """The folder a GTK file chooser shows: its path bar's pressed button."""
    for bar in find_nodes(tree, name="GtkPathBar"):
        for button in bar["children"]:
            if button["pressed"]:
                return next((c["name"] for c in button["children"] if c["role"] == "label"), None)
    return None


class Window(Observer, FlickSession):
    """Flick started with `args`, its preferences in a keyfile the test
    writes first (`settings`: key → GVariant text) and reads after."""

    def __init__(self, args=(), settings=None, **kw):
        self.initial_settings = settings or {}
        self.folder = None
        kw.setdefault("env", {})["GSETTINGS_BACKEND"] = "keyfile"
        super().__init__([str(a) for a in args], **kw)

    def start(self):
        path = self.tmp / "config" / "glib-2.0" / "settings" / "keyfile"
        path.parent.mkdir(parents=True, exist_ok=True)
        lines = ["[io/github/flick/Flick]"] + [f"{k}={v}" for k, v in self.initial_settings.items()]
        path.write_text("\n".join(lines) + "\n")
        self.keyfile = path
        super().start()
        self.wait_for_window()

    def wait_name(self, name, what=None, timeout=20):
        """Waits for a node named `name` in the window; returns the tree."""
        return self.wait_for(lambda: (lambda t: t if find_nodes(t, name=name) else None)(self.tree()),
                             what or repr(name), timeout)

    @staticmethod
    def shows_within(wait):
        """Whether `wait` (a wait_* call with a short timeout) saw what it waits for."""
        try:
            wait()
            return True
        except AssertionError:
            return False

    def still_shows(self, folder):
        """Asserts that the window still shows `folder` with goal.png on top."""
        tree = self.tree()
        assert top_card(tree)["name"].startswith("Clip 1 of 1: goal.png")
        assert find_nodes(tree, name=str(folder))

    def wait_top(self, name, timeout=20):
        def shown():
            tree = self.tree()
            card = top_card(tree)
            return tree if card and card["name"].startswith(name) else None
        return self.wait_for(shown, f"the top card {name!r}", timeout)

    def cli(self, *args):
        return subprocess.run([str(self.binary), *map(str, args)], env=self.env, capture_output=True,
                              text=True, timeout=60)


def test_first_run_without_a_folder_shows_the_start_page():
    with Window() as s:
        tree = s.wait_name(START_TITLE, "the start page")
        assert find_nodes(tree, role="push button", name=SAMPLES_BUTTON)
        assert find_nodes(tree, role="push button", name="Open Folder…"), [n["name"] for n in find_nodes(tree, role="push button")]
        assert top_card(tree) is None, "no deck opens by itself"
        assert not find_nodes(tree, contains="samples"), "the header names no folder"
        s.screenshot(Path("/tmp/flick-folders-start.png"))
        # The sample clips are one choice on it.
        s.atspi_do("push button", SAMPLES_BUTTON)
        s.wait_top("Clip 1 of 12: ")


def test_without_a_folder_the_last_folder_reopens(tmp_path):
    match = photos(tmp_path / "match", "goal.png")
    with Window(settings={"recent-folders": gvariant_strings([match])}) as s:
        tree = s.wait_top("Clip 1 of 1: goal.png")
        assert find_nodes(tree, name=str(match)), "the header names the folder"


def test_when_the_last_folder_is_gone_the_start_page_lists_recent_folders_apart(tmp_path):
    phone = photos(tmp_path / "Phone" / "Camera", "a.png")
    card = photos(tmp_path / "Card" / "Camera", "b.png", "c.png")
    gone = tmp_path / "gone"
    with Window(settings={"recent-folders": gvariant_strings([gone, phone, card])}) as s:
        tree = s.wait_name(START_TITLE, "the start page")
        names = [n["name"] for n in walk(tree)]
        assert f"Camera — {tmp_path}/Phone" in names and f"Camera — {tmp_path}/Card" in names, names
        rows = [n for n in walk(tree) if n["name"] == f"Camera — {tmp_path}/Card"]
        assert rows[0]["description"] == str(card), rows[0]
        s.screenshot(Path("/tmp/flick-folders-start-recent.png"))
        x, y, w, h = rows[0]["extents"]
        s.xdotool("mousemove", x + w // 2, y + h // 2, "click", "1")
        s.wait_top("Clip 1 of 2: b.png")


def test_a_second_flick_without_a_folder_keeps_the_open_one(tmp_path):
    match = photos(tmp_path / "match", "goal.png")
    with Window([match]) as s:
        s.wait_top("Clip 1 of 1: goal.png")
        code, output = s.launch([], wait=True)
        assert code == 0, output
        # Give the running window time to (wrongly) switch: the samples' deck
        # would show within this wait; it must still show the folder.
        assert not s.shows_within(lambda: s.wait_top("Clip 1 of 12: ", timeout=5)), \
            "the second flick replaced the open folder"
        s.still_shows(match)


def test_a_path_that_is_not_a_folder_says_why_and_keeps_the_open_one(tmp_path):
    match = photos(tmp_path / "match", "goal.png")
    bogus = tmp_path / "no such place"
    with Window([match]) as s:
        s.wait_top("Clip 1 of 1: goal.png")
        code, output = s.launch([bogus], wait=True)
        assert code == 2, output
        assert f"Can’t open “{bogus}”: there is no such folder." in output, output
        code, output = s.launch([match / "goal.png"], wait=True)
        assert code == 2 and "it is a file, not a folder" in output, output
        assert not s.shows_within(lambda: s.wait_name("Can’t Open Folder", timeout=5)), \
            "the error page replaced the open folder"
        s.still_shows(match)


def test_the_window_and_the_commands_list_the_folder_the_same_way(tmp_path):
    match = photos(tmp_path / "match", "top.png", "day 2/sub.png")
    with Window([match], settings={"include-subfolders": "true"}) as s:
        # The preference applies to a folder opened from a terminal too.
        s.wait_top("Clip 1 of 2: ")
        s.key("d")
        s.wait_top("Clip 2 of 2: ")
        s.key("d")
        s.wait_name("All Photos Reviewed", "the last delete")
        # The commands list it as the window did, and say so.
        res = s.cli("apply", match, "--dry-run")
        assert res.returncode == 0, res.stderr
        assert "day 2/sub.png" in res.stdout and "top.png" in res.stdout, res.stdout
        assert "Including subfolders, as Flick last opened this folder" in res.stderr, res.stderr
        status = s.cli("status", match, "--json")
        clips = {c["path"]: c["decision"] for c in json.loads(status.stdout)["clips"]}
        assert clips == {"top.png": "delete", "day 2/sub.png": "delete"}, clips
        # A flag still decides, and says that it differs.
        res = s.cli("apply", match, "--dry-run", "--no-recursive")
        assert res.returncode == 0, res.stderr
        assert "top.png" in res.stdout and "sub.png" not in res.stdout, res.stdout
        assert "--no-recursive: leaving out subfolders" in res.stderr, res.stderr
        # A second `flick FOLDER` opens it the remembered way.
        code, output = s.launch([match], wait=True)
        assert code == 0, output
        s.wait_name("All Photos Reviewed")


def test_open_recent_tells_folders_with_the_same_name_apart(tmp_path):
    phone = photos(tmp_path / "Phone" / "Camera", "a.png")
    card = photos(tmp_path / "Card" / "Camera", "b.png")
    match = photos(tmp_path / "match", "goal.png")
    with Window([match], settings={"recent-folders": gvariant_strings([phone, card])}) as s:
        s.wait_top("Clip 1 of 1: goal.png")
        s.xdotool("key", "F10")
        # The names are whole: an underscore in a path is not a mnemonic's mark.
        assert "_" in str(tmp_path)
        tree = s.wait_name(f"Camera — {tmp_path}/Phone", "the recent folders in the main menu")
        items = [n["name"] for n in find_nodes(tree, role="menu item")]
        assert f"Camera — {tmp_path}/Card" in items, items
        s.screenshot(Path("/tmp/flick-folders-recent-menu.png"))
        s.atspi_do("menu item", f"Camera — {tmp_path}/Card")
        s.wait_top("Clip 1 of 1: b.png")


def like_the_one_photo_and_export(s, form):
    """Likes the deck's one photo, then opens Export Likes… from the main
    menu and chooses `form` ("Playlist", "Editor Timeline"…)."""
    s.wait_top("Clip 1 of 1: goal.png")
    s.key("l")
    s.wait_name("All Photos Reviewed", "the like")
    s.xdotool("key", "F10")
    s.wait_name("Export Likes…", "the main menu")
    s.atspi_do("menu item", "Export Likes…")
    s.atspi_do("push button", form)


def test_the_export_chooser_starts_in_the_last_export_folder(tmp_path):
    match = photos(tmp_path / "match", "goal.png")
    exports = tmp_path / "Exports Here"
    exports.mkdir()
    with Window([match], settings={"last-export-folder": f"'{exports}'"}) as s:
        like_the_one_photo_and_export(s, "Playlist")
        s.wait_for(lambda: chooser_folder(s.tree()) == exports.name, "the chooser in the last export folder", 20)
        s.screenshot(Path("/tmp/flick-folders-export-chooser.png"))
        s.key("Return")
        wait_until(lambda: (exports / "match likes.m3u").exists(), 20, what="the playlist saved there")


def test_a_recent_folder_that_is_gone_says_so_and_keeps_the_open_one(tmp_path):
    match = photos(tmp_path / "match", "goal.png")
    gone = tmp_path / "gone"
    with Window([match], settings={"recent-folders": gvariant_strings([gone])}) as s:
        s.wait_top("Clip 1 of 1: goal.png")
        s.xdotool("key", "F10")
        s.wait_name(f"gone — {tmp_path}", "the recent folder in the main menu")
        s.atspi_do("menu item", f"gone — {tmp_path}")
        said = f"Can’t open “{gone}”: there is no such folder."
        s.wait_for(lambda: s.toast() == said, "the toast saying the folder is gone")
        tree = s.tree()
        assert not find_nodes(tree, name="Can’t Open Folder")
        assert top_card(tree)["name"].startswith("Clip 1 of 1: goal.png")
        assert find_nodes(tree, name=str(match))
