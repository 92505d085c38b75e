"""Flick as an installed GNOME app: meson install into a temporary prefix,
the data files validated, the installed binary launched under Xvfb; and the
preferences, shortcuts window and remembered state a GNOME user expects."""
import configparser
import re
import shutil
import subprocess
import time

import pytest

import observe_overview as ov
from harness import ROOT, find_nodes, wait_until
from observe import status, toast
from test_review import CENTRE, Review

APP_ID = "io.github.flick.Flick"
METAINFO = ROOT / "data" / f"{APP_ID}.metainfo.xml.in"


def metainfo_version():
    return re.search(r'<release version="([^"]+)"', METAINFO.read_text()).group(1)


# The Swift release build the Debian package is made from (make-deb.sh):
# the install below shares it, so the suite compiles Flick in release once.
SWIFTPM_RELEASE = ROOT / ".build" / "swiftpm-release"


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """meson setup + compile + install into a fresh prefix, as a user's
    install would be: a meson build of its own (its post-install steps run),
    whose release binary (static Swift runtime) SwiftPM builds in the
    package's scratch folder — built there when missing or stale."""
    if not shutil.which("meson"):
        pytest.fail("meson is not installed (bash meson-helpers/dev.sh test installs it)")
    assert str(SWIFTPM_RELEASE.relative_to(ROOT)) in (ROOT / "meson-helpers" / "make-deb.sh").read_text(), \
        "make-deb.sh builds elsewhere: the suite would compile Flick in release twice"
    tmp = tmp_path_factory.mktemp("install")
    build, prefix = tmp / "build", tmp / "prefix"
    setup = subprocess.run(["meson", "setup", str(build), str(ROOT / "meson-helpers"), f"--prefix={prefix}",
                            f"-Dswiftpm_scratch={SWIFTPM_RELEASE}"], capture_output=True, text=True)
    assert setup.returncode == 0, setup.stdout + setup.stderr
    install = subprocess.run(["meson", "install", "-C", str(build)], capture_output=True, text=True, timeout=1800)
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    return build, prefix


def test_meson_test_validates_desktop_file_metainfo_and_schema(installed):
    build, _ = installed
    res = subprocess.run(["meson", "test", "-C", str(build), "--no-rebuild", "--suite", "data", "--print-errorlogs"],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stdout + res.stderr
    for name in ("desktop-file", "metainfo", "gschema", "version"):
        assert re.search(rf"OK\s+[\d.]+s\s*$|{name}\s+OK", res.stdout, re.M), f"{name} did not pass:\n{res.stdout}"
    assert re.search(r"^Ok:\s+4\b", res.stdout, re.M), res.stdout


def test_install_puts_every_file_in_place(installed):
    _, prefix = installed
    share = prefix / "share"
    for path in [prefix / "bin" / "flick",
                 share / "applications" / f"{APP_ID}.desktop",
                 share / "metainfo" / f"{APP_ID}.metainfo.xml",
                 share / "glib-2.0" / "schemas" / f"{APP_ID}.gschema.xml",
                 share / "glib-2.0" / "schemas" / "gschemas.compiled",
                 share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg",
                 share / "icons" / "hicolor" / "symbolic" / "apps" / f"{APP_ID}-symbolic.svg",
                 share / "icons" / "hicolor" / "icon-theme.cache",
                 share / "flick" / "resources" / "style.css",
                 share / "flick" / "resources" / "flick.gresource",
                 share / "flick" / "samples" / "beach_rally_01.mp4"]:
        assert path.exists(), f"{path} was not installed"
    desktop = configparser.ConfigParser(interpolation=None)
    desktop.read(share / "applications" / f"{APP_ID}.desktop")
    assert desktop["Desktop Entry"]["Icon"] == APP_ID
    assert desktop["Desktop Entry"]["Exec"].split()[0] == "flick"


def test_installed_version_matches_the_metainfo_release(installed):
    _, prefix = installed
    out = subprocess.run([str(prefix / "bin" / "flick"), "--version"], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0
    assert out.stdout.strip() == metainfo_version()


def test_installed_binary_opens_its_samples_with_its_schema(installed, monkeypatch):
    _, prefix = installed
    # The installed app finds its own data, not a source tree's ($FLICK_DATA_DIR comes first).
    monkeypatch.delenv("FLICK_DATA_DIR", raising=False)
    env = {"XDG_DATA_DIRS": f"{prefix / 'share'}:/usr/share"}
    with Review(prefix / "share" / "flick" / "samples", binary=prefix / "bin" / "flick", env=env) as s:
        wait_until(lambda: find_nodes(s.atspi_tree(), name="Clip 1 of 12: beach_rally_01.mp4, 0:04"), 10,
                   what="the top card's accessible name with its duration")
        s.wait_playing("the installed sample deck playing")
        s.key("l")
        s.wait_cursor(1, "a like in the installed app")
        assert s.status() == "Liked beach_rally_01.mp4. 11 left."
        assert "not installed" not in s.stderr(), s.stderr()
        # The header names the installed sample deck.
        assert find_nodes(s.atspi_tree(), name=str(prefix / "share" / "flick" / "samples"))


def keyfile_settings(session_tmp, **values):
    """Preferences for a session with the keyfile backend (what GNOME's
    dconf does, in a file the test can read)."""
    path = session_tmp / "config" / "glib-2.0" / "settings" / "keyfile"
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ["[io/github/flick/Flick]"] + [f"{k.replace('_', '-')}={v}" for k, v in values.items()]
    path.write_text("\n".join(lines) + "\n")
    return path


class Settled(Review):
    """A review session whose preferences live in a keyfile."""

    def __init__(self, folder=None, settings=None, **kw):
        self.initial_settings = settings or {}
        kw.setdefault("env", {})["GSETTINGS_BACKEND"] = "keyfile"
        super().__init__(folder, **kw)

    def start(self):
        (self.tmp / "config").mkdir(exist_ok=True)
        self.keyfile = keyfile_settings(self.tmp, **self.initial_settings)
        super().start()


def test_swipe_distance_setting_makes_a_short_drag_commit():
    with Settled() as s:
        # Cards fill the stage (842 px wide for the sample deck's 16:9 clips
        # at 900×760): 200 px is under 35 % of that, and over 15 %.
        short = (CENTRE[0] + 200, CENTRE[1])
        s.drag(CENTRE, short, steps=20, step_delay=0.06)
        time.sleep(1.0)  # the test's point: a second after the release, nothing was decided
        assert s.cursor() == 0, "a 200 px slow drag must spring back at the default distance (35 %)"
        assert s.decisions()["beach_rally_01.mp4"] is None
        s.key("ctrl+comma")
        wait_until(lambda: find_nodes(s.atspi_tree(), role="slider", contains="Swipe distance"), 10, what="the Preferences window")
        assert s.atspi_set_value("slider", "Swipe distance", 0.15) == pytest.approx(0.15)
        s.key("Escape")
        wait_until(lambda: not find_nodes(s.atspi_tree(), role="slider", contains="Swipe distance"), 10,
                   what="the Preferences window closed")
        s.drag(CENTRE, short, steps=20, step_delay=0.06)
        s.wait_cursor(1, "the same drag to commit at 15 %")
        assert s.decisions()["beach_rally_01.mp4"] == "like"
        saved = re.search(r"^swipe-distance=([\d.]+)$", s.keyfile.read_text(), re.M)
        assert saved and float(saved.group(1)) == pytest.approx(0.15)


def test_shortcuts_window_lists_every_action_with_its_keys():
    # Every ReviewAction and AppAction with keys, and the keys as GTK names them.
    expected = {
        "Like: keep the clip": "L or Right",
        "Delete: mark the clip for deletion": "D or Left or Delete",
        "Skip: decide later": "S or Up",
        "Previous: back one card": "Down or BackSpace",
        "Undo the last decision": "U or Ctrl+Z",
        "Play or pause": "Space",
        "Mute or unmute": "M",
        "Keep this one of a stack, mark the others for deletion": "K",
        "Open folder": "Ctrl+O",
        "Preferences": "Ctrl+,",
        "Keyboard shortcuts": "Ctrl+?",
        "Close window": "Ctrl+W",
        "Quit": "Ctrl+Q",
    }
    with Review() as s:
        s.key("ctrl+question")
        tree = wait_until(lambda: (lambda t: t if find_nodes(t, name="Like: keep the clip") else None)(s.atspi_tree()),
                          10, what="the shortcuts window")
        window = next(n for n in find_nodes(tree, role="window") + find_nodes(tree, role="frame") + find_nodes(tree, role="dialog")
                      if find_nodes(n, name="Like: keep the clip"))
        names = [n["name"] for n in find_nodes(window)]
        for title, keys in expected.items():
            assert title in names, f"{title!r} missing from the shortcuts window"
        # GTK draws the key caps outside the accessibility tree; each row
        # (focusable, so Tab reads it) says its title and keys in its name.
        rows = {n["name"] for n in find_nodes(window, role="list item")}
        for title, keys in expected.items():
            assert f"{title}: {keys}" in rows, f"{title!r}: {sorted(rows)[:5]}"


def test_quitting_after_playing_deciding_and_the_overview_exits_cleanly():
    """Ctrl+Q after a clip played, decisions, the overview (its selection)
    and the shortcuts window: Flick exits with 0, and neither GLib, GObject
    nor GStreamer warned of a reference on the way (the widgets, players
    and the application are released while the Swift objects their
    handlers reach are still alive)."""
    with Review() as s:
        s.wait_playing()
        for key in ["l", "d", "s", "u"]:
            s.key(key)
        s.wait_for(lambda: s.decision_list()[:3] == ["like", "delete", None], "two decisions and an undone skip")
        s.key("g")
        s.wait_for(lambda: ov.shown(s.tree()), "the overview")
        s.key("ctrl+a")
        s.key("g")
        s.key("ctrl+question")
        wait_until(lambda: find_nodes(s.atspi_tree(), name="Like: keep the clip"), 10, what="the shortcuts window")
        s.key("Escape")
        s.key("ctrl+q")
        code = s.flick.wait(timeout=20)
        log = s.stderr()
        warned = [line for line in log.splitlines()
                  if ("CRITICAL" in line or "WARNING" in line) and "Screen coordinates" not in line]
        assert code == 0, log[-3000:]
        assert not warned, "\n".join(warned[:10])


def test_window_size_and_recent_folders_are_remembered(tmp_path):
    a = tmp_path / "match one"
    a.mkdir()
    shutil.copy(ROOT / "data" / "samples" / "scoreboard.png", a / "score.png")
    with Settled(a) as s:
        wid = s.window_id()

        def x_size():
            return [int(v) for v in re.search(r"Geometry: (\d+)x(\d+)", s.xdotool("getwindowgeometry", wid)).groups()]

        def frame_size():
            frames = [w for w in s.atspi_windows() if w["role"] == "frame"]  # the windows alone, not their trees
            return frames[0]["extents"][2:] if frames else None
        was, before = x_size(), wait_until(frame_size, 10, what="the window on the bus")
        s.xdotool("windowsize", wid, 1000, 700)
        wait_until(lambda: x_size() == [1000, 700], 10, what="the window at 1000×700")
        # Flick has taken the new size: its frame (inside the window's shadow) changed by as much.
        wait_until(lambda: (lambda now: now and [now[0] - before[0], now[1] - before[1]] == [1000 - was[0], 700 - was[1]])(
            frame_size()), 10, what=f"Flick laid out at 1000×700 (its frame was {before} in {was})")
        s.key("ctrl+w")
        wait_until(lambda: s.flick.poll() is not None, 10, what="the window to close")
        saved = s.keyfile.read_text()
        assert "window-width=1000" in saved and "window-height=700" in saved, saved
        assert str(a) in saved, saved
        # The next run opens at that size.
        s.flick = s.launch([str(a)])
        s.wait_for_window()
        geometry = s.xdotool("getwindowgeometry", s.window_id())
        assert "1000x700" in geometry, geometry


def test_preferences_start_muted_off_and_photos_left_out():
    with Settled(settings={"start_muted": "false", "include_photos": "false"}) as s:
        bar = s.wait_for(lambda: (lambda p: p if p and p["sound"] else None)(s.player()), "the player bar")
        assert not bar["muted"], f"start-muted=false plays the first clip with sound: {bar['sound']}"
        assert s.top_name().startswith("Clip 1 of 10: "), "the ten videos of the twelve samples"
        s.key("g")
        names = s.wait_for(lambda: (lambda c: c if len(c) == 10 else None)(
            [n["name"] for n in find_nodes(s.atspi_tree(), role="table cell")]), "the overview's tiles")
        assert not any(", photo," in n for n in names), names


@pytest.mark.parametrize("toasts", [True, False])
def test_undo_toasts_setting(toasts):
    with Settled(settings={"undo_toasts": str(toasts).lower()}) as s:
        s.key("d")
        said = "Marked beach_rally_01.mp4 for deletion. 11 left."
        if toasts:
            # The toast goes after 4 s: it is looked for from the key on, in
            # the same tree as the status line (one read of each in turn took
            # longer than that on a loaded machine, and the toast had gone).
            s.wait_for(lambda: (lambda t: toast(t) == "Marked beach_rally_01.mp4 for deletion" and status(t) == said)(s.tree()),
                       "the toast and the status line")
        s.wait_cursor(1, "the delete")
        # The status line, always.
        s.wait_for(lambda: s.status() == said, "the status line")
        if not toasts:
            time.sleep(0.5)  # the test's point: no toast comes in the half second after the status line
            tree = s.atspi_tree()
            assert s.toast() is None and not find_nodes(tree, name="Marked beach_rally_01.mp4 for deletion")


def test_about_window_shows_version_and_licence():
    with Review() as s:
        s.xdotool("key", "F10")
        wait_until(lambda: find_nodes(s.atspi_tree(), name="About Flick"), 10, what="the main menu")
        s.key("Up", "Return")
        tree = wait_until(lambda: (lambda t: t if find_nodes(t, name=metainfo_version()) else None)(s.atspi_tree()),
                          10, what="the About window with the version")
        assert find_nodes(tree, name="Flick")


def test_translation_template_is_current(tmp_path):
    """po/flick.pot holds every tr()/trn() message: regenerate and compare."""
    fresh = tmp_path / "flick.pot"
    subprocess.run(["python3", str(ROOT / "meson-helpers" / "update-pot.py"), str(ROOT), str(fresh)],
                   check=True, capture_output=True)
    def messages(path):  # the messages, not their line numbers
        return sorted(line for line in path.read_text().splitlines() if line.startswith("msgid"))
    assert messages(fresh) == messages(ROOT / "po" / "flick.pot"), \
        "po/flick.pot is out of date: run `python3 meson-helpers/update-pot.py`"
    assert len([m for m in messages(fresh) if m.startswith("msgid ")]) > 100


# GTK and libadwaita calls that put text on screen, and which argument is the text.
TEXT_SETTERS = {
    "gtk_label_set_text": 1, "gtk_label_new": 0, "gtk_button_set_label": 1, "gtk_button_new_with_label": 0,
    "gtk_widget_set_tooltip_text": 1, "adw_status_page_set_title": 1, "adw_status_page_set_description": 1,
    "adw_toast_new": 0, "adw_toast_set_title": 1, "adw_toast_set_button_label": 1, "adw_button_content_set_label": 1,
    "g_menu_append": 1, "adw_message_dialog_new": 1, "adw_preferences_group_set_title": 1,
    "adw_preferences_row_set_title": 1, "adw_action_row_set_subtitle": 1, "setStatus": 0, "showToast": 0,
    "Accessibility.setLabel": 1, "Accessibility.setDescription": 1,
    "Dialogs.inform": (1, 2), "Dialogs.present": (1, 2),
}
# Product names are not translated.
UNTRANSLATED = {'""', '"Flick"'}


def call_arguments(text, start):
    """The top-level arguments of the call whose "(" is at `start`."""
    depth, args, current, i, in_string = 0, [], "", start, False
    while i < len(text):
        c = text[i]
        if in_string:
            current += c
            if c == "\\":
                current += text[i + 1]
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string, current = True, current + c
        elif c in "([{":
            depth += 1
            if depth > 1:
                current += c
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return args + [current.strip()]
            current += c
        elif c == "," and depth == 1:
            args.append(current.strip())
            current = ""
        else:
            current += c
        i += 1
    return args


def untranslated_text(root):
    """Every place a string literal reaches the screen without tr()/trn()."""
    found = []
    for path in sorted((root / "Sources" / "flick").rglob("*.swift")):
        if "CLI" in path.parts:  # the command line prints English, like git
            continue
        text = path.read_text()
        for name, index in TEXT_SETTERS.items():
            for match in re.finditer(r"\b" + re.escape(name) + r"\(", text):
                args = [re.sub(r"^[a-z]\w*:\s*", "", a) for a in call_arguments(text, match.end() - 1)]
                for i in (index if isinstance(index, tuple) else (index,)):
                    if i < len(args) and args[i].startswith('"') and args[i] not in UNTRANSLATED:
                        line = text.count("\n", 0, match.start()) + 1
                        found.append(f"{path.relative_to(root)}:{line}: {name}({args[i]})")
    return found


def test_every_text_on_screen_goes_through_gettext():
    assert untranslated_text(ROOT) == []
    listed = set((ROOT / "po" / "POTFILES").read_text().split())
    missing = [str(p.relative_to(ROOT)) for p in (ROOT / "Sources" / "flick").rglob("*.swift") if str(p.relative_to(ROOT)) not in listed]
    assert missing == [], "add these to po/POTFILES"


def test_the_gettext_check_finds_a_literal(tmp_path):
    """The check itself: a literal given to a text setter is found."""
    window = tmp_path / "Sources" / "flick" / "Window"
    window.mkdir(parents=True)
    (window / "Bad.swift").write_text('gtk_label_set_text(label.opaque, "Skipped \\(name).")\nsetStatus(tr("Fine."))\n'
                                      'gtk_widget_set_tooltip_text(button, "Play (Space)")\n'
                                      'Dialogs.inform(over: window, heading: tr("Oops"), body: "\\(error)")\n')
    assert [f.split(": ", 1)[1] for f in untranslated_text(tmp_path)] == [
        'gtk_label_set_text("Skipped \\(name).")', 'gtk_widget_set_tooltip_text("Play (Space)")',
        'Dialogs.inform("\\(error)")']


FUNCTION = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:private|fileprivate|internal|public|static|override|final|"
                      r"nonisolated|mutating|convenience|required)\s+)*(func\s+\w+|init\??|deinit)\b")


def long_functions(root, limit=60):
    """Functions (and initializers) of the app longer than `limit` lines."""
    found = []
    for path in sorted((root / "Sources" / "flick").rglob("*.swift")):
        lines = path.read_text().splitlines()
        for i, line in enumerate(lines):
            if not FUNCTION.match(line):
                continue
            depth, started = 0, False
            for j in range(i, min(len(lines), i + 1000)):
                code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', lines[j].split("//")[0])
                depth += code.count("{") - code.count("}")
                started = started or "{" in code
                if started and depth <= 0:
                    if j - i + 1 > limit:
                        found.append(f"{path.relative_to(root)}:{i + 1}: {j - i + 1} lines")
                    break
    return found


def test_no_app_function_is_over_sixty_lines(tmp_path):
    assert long_functions(ROOT) == []
    # The check itself finds one.
    (tmp_path / "Sources" / "flick").mkdir(parents=True)
    (tmp_path / "Sources" / "flick" / "Long.swift").write_text("    private func long() {\n" + "        x()\n" * 61 + "    }\n")
    assert long_functions(tmp_path) == ["Sources/flick/Long.swift:1: 63 lines"]


def drag_from_files(s, path, target=CENTRE):
    """Drags `path` from a stand-in Files window onto Flick with the real
    pointer (XDND between two GTK processes)."""
    source = s._spawn(["/usr/bin/python3", str(ROOT / "Tests" / "gui" / "drag_source.py"), str(path)],
                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wid = wait_until(lambda: s.window_id("Drag source"), 20, what="the drag source window")
    s.xdotool("windowmove", "--sync", wid, 1000, 300)
    wait_until(lambda: "Position: 1000,300" in s.xdotool("getwindowgeometry", wid), 10, what="the drag source in place")
    cmd = ["mousemove", 1110, 370, "sleep", 0.3, "mousedown", 1, "sleep", 0.3]
    for i in range(1, 21):
        t = i / 20
        cmd += ["mousemove", round(1110 + (target[0] - 1110) * t), round(370 + (target[1] - 370) * t), "sleep", 0.05]
    cmd += ["sleep", 0.5, "mouseup", 1]
    s.xdotool(*cmd)
    return source


def test_a_folder_dropped_from_files_opens(tmp_path):
    folder = tmp_path / "dropped match"
    folder.mkdir()
    for i in range(3):
        shutil.copy(ROOT / "data" / "samples" / "scoreboard.png", folder / f"shot_{i}.png")
    with Review() as s:
        s.wait_for(lambda: (s.top_name() or "").startswith("Clip 1 of 12: "), "the sample deck")
        drag_from_files(s, folder)
        s.wait_for(lambda: (s.top_name() or "").startswith("Clip 1 of 3: shot_0.png"), "the dropped folder's deck")
        assert find_nodes(s.atspi_tree(), name=str(folder))


def test_a_dropped_file_says_to_drop_a_folder(tmp_path):
    clip = tmp_path / "single.png"
    shutil.copy(ROOT / "data" / "samples" / "scoreboard.png", clip)
    with Review() as s:
        s.wait_for(lambda: (s.top_name() or "").startswith("Clip 1 of 12: "), "the sample deck")
        drag_from_files(s, clip)
        wait_until(lambda: find_nodes(s.atspi_tree(), name="Drop a folder to review it: “single.png” is not a folder"),
                   10, what="the toast")
        assert s.top_name().startswith("Clip 1 of 12: beach_rally_01.mp4"), "the sample deck stays open"
