"""A real Orca screen reader for Flick's GUI tests.

Runs Orca 43 inside a FlickSession's D-Bus session and AT-SPI bus, with a
throwaway HOME so nobody's own settings matter, and reads what it says from
its debug log (every utterance is a line `SPEECH OUTPUT: '…'`).

    with Review() as s, Orca(s) as orca:       # after the window is up
        said = orca.activate(s.window_id())     # […, 'Clip 1 of 12: … push button.']
        said = orca.press("l")                  # ['l', 'Liked beach_rally_01.mp4 …']
        mark = orca.mark(); …; orca.speech_since(mark)

Orca is started through its own modules (`orca.orca.main()`, what
/usr/bin/orca runs) rather than as `orca --replace`:
- `--replace` SIGKILLs every process named `orca` of this user on the
  machine, and without it Orca refuses to start while another one runs;
  both break test runs that overlap on one machine. Ours keeps the process
  name `python3` and is stopped by its pid only.
- /usr/bin/orca opens the debug log block-buffered, so the last utterances
  sit in a buffer; ours is line-buffered and a poll sees each line at once.
- Its speech server is a stand-in that logs what would reach the
  synthesizer (`SPEECH SERVER: speak …`, `SPEECH SERVER: stop`): no
  speech-dispatcher daemon is spawned (nothing to clean up, no audio), and
  speech stays enabled so Orca presents exactly what it would with a voice.
  Orca 43's speech-dispatcher backend ignores `interrupt` and queues every
  utterance; only a stop (Orca sends one on each key press) cuts speech off.

Needs the Debian package `orca` (43.1 on Debian 12); `ensure_installed()`
installs it with apt-get when it is missing (root, or sudo -n).
"""
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from harness import HarnessError, Lifecycle, _prof, wait_until

SYSTEM_PYTHON = "/usr/bin/python3"  # Orca and pyatspi live in Debian's python
PACKAGE = "orca"
READY = "ORCA: Starting registry"  # logged just before Orca's event loop starts
# 02:31:21.087305 - SPEECH OUTPUT: 'Liked a.mp4' {'established': False}
SPEECH = re.compile(r"SPEECH OUTPUT: '(.*?)'(?: voice=\S+)? ?(?:\{.*\})?\s*$")

LAUNCHER = r"""
import sys
from orca import debug
debug.debugLevel = int(sys.argv[2])
debug.eventDebugLevel = debug.LEVEL_OFF
debug.debugFile = open(sys.argv[1], "w", buffering=1)
from orca import speech


class RecordingServer:
    # Stands in for speech-dispatcher and logs what would reach it.
    def speak(self, text=None, acss=None, interrupt=True):
        debug.println(debug.LEVEL_INFO, "SPEECH SERVER: speak interrupt=%s %r" % (bool(interrupt), text), True)

    def stop(self):
        debug.println(debug.LEVEL_INFO, "SPEECH SERVER: stop", True)

    def getInfo(self):
        return ["Recording server (tests)", "recording"]

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def init():
    speech._speechserver = RecordingServer()
    debug.println(debug.LEVEL_INFO, "SPEECH: recording server (tests)", True)


speech.init = init
from orca import orca
manager = orca.getSettingsManager()
manager.activate(None, {})
sys.path.insert(0, manager.getPrefsDir())
sys.exit(orca.main())
"""
LEVELS = {"ALL": 0, "FINE": 600, "INFO": 800}  # ALL also logs every AT-SPI event


def said_text(said):
    """What Orca said, one utterance after another, for a failure message."""
    return " | ".join(said)


def starts(said, text):
    """Whether one of the utterances begins with `text`."""
    return any(u.startswith(text) for u in said)


class OrcaError(AssertionError):
    pass


def ensure_installed():
    """Installs Debian's `orca` package when its modules are missing."""
    # cwd="/": run from Tests/gui, "import orca" would find this file.
    probe = subprocess.run([SYSTEM_PYTHON, "-c", "import orca.orca_platform"], capture_output=True, cwd="/")
    if probe.returncode == 0:
        return
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    install = sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends", PACKAGE]
    if subprocess.run(install, env=env, capture_output=True).returncode != 0:
        subprocess.run(sudo + ["apt-get", "update", "-qq"], env=env, capture_output=True, check=True)
        subprocess.run(install, env=env, capture_output=True, check=True)


def utterances(text):
    """The utterances in a slice of Orca's debug log, in order. A key's echo
    is logged as "<key> <locking state>" ('l '): it comes back stripped."""
    out = []
    for line in text.splitlines():
        m = SPEECH.search(line)
        if m:
            out.append(m.group(1).strip())
    return out


class Orca(Lifecycle):
    """One Orca attached to a running FlickSession (anything with `.env`,
    `.tmp` and `.xdotool`), for as long as a `with` block or start()/stop()."""

    def __init__(self, session, level="INFO", ready_timeout=30, keep_log=None):
        self.session = session
        self.level = level
        self.ready_timeout = ready_timeout
        self.home = Path(session.tmp) / "orca-home"
        self.log = Path(keep_log) if keep_log else Path(session.tmp) / "orca.log"
        self.stderr_path = Path(session.tmp) / "orca.stderr"
        self.proc = None
        self.startup_seconds = None

    # -- lifecycle ---------------------------------------------------------
    def start(self):
        ensure_installed()
        began = time.monotonic()
        for d in ("config", "data", "cache"):
            (self.home / d).mkdir(parents=True, exist_ok=True)
        env = dict(self.session.env)
        env.update({
            "HOME": str(self.home),
            "XDG_CONFIG_HOME": str(self.home / "config"),
            "XDG_DATA_HOME": str(self.home / "data"),
            "XDG_CACHE_HOME": str(self.home / "cache"),
            "GSETTINGS_BACKEND": "memory",
            "GDK_BACKEND": "x11",
        })
        env.pop("PYTHONPATH", None)
        self.log.parent.mkdir(parents=True, exist_ok=True)
        self.log.write_text("")
        self._unfocus()
        with open(self.stderr_path, "w") as err:
            self.proc = subprocess.Popen([SYSTEM_PYTHON, "-c", LAUNCHER, str(self.log), str(LEVELS[self.level])],
                                         env=env, stdout=err, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                         cwd=self.home, start_new_session=True)
        def ready():
            if self.proc.poll() is not None:
                raise OrcaError(f"Orca exited with {self.proc.returncode}:\n{self.stderr_path.read_text()[-3000:]}")
            return READY in self.text()
        try:
            wait_until(ready, self.ready_timeout, interval=0.05, what="Orca's event loop")
        except HarnessError:
            raise OrcaError(f"Orca not ready after {self.ready_timeout}s:\n{self.text()[-3000:]}") from None
        self.startup_seconds = time.monotonic() - began

    def stop(self):
        """Stops our Orca by its pid (its own process group), never by name,
        with SIGKILL at once: nothing is read from it once a test is done
        with it, and its own shutdown (on SIGTERM it says 'Screen reader
        off.', lets go of the registry and logs 'ORCA: Shutdown complete')
        takes 1 to 2 s, on a loaded machine often past the 2 s that were
        waited for it. The registry drops a listener whose bus connection
        closes, as it does for a screen reader that crashed."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.proc.wait(timeout=5)
        self.proc = None

    # -- reading the log ---------------------------------------------------
    def text(self, since=0):
        try:
            with open(self.log, "rb") as f:
                f.seek(since)
                return f.read().decode("utf-8", errors="replace")
        except FileNotFoundError:
            return ""

    def mark(self):
        """A position in the log; speech_since(mark) reads what follows."""
        try:
            return self.log.stat().st_size
        except FileNotFoundError:
            return 0

    def speech_since(self, mark):
        """Every utterance Orca produced after `mark` (key echoes included)."""
        return utterances(self.text(mark))

    def settle(self, mark=None, quiet=0.5, timeout=5.0, until=None):
        """Waits until nothing new has been spoken for `quiet` seconds (or
        `until(utterances)` is true and then `quiet` passes), at most
        `timeout` seconds; returns the utterances since `mark`."""
        mark = self.mark() if mark is None else mark
        heard = {"said": None, "changed": None}
        began = time.monotonic()

        def settled():
            said = self.speech_since(mark)
            now = time.monotonic()
            if heard["said"] is None or len(said) != len(heard["said"]):
                heard["changed"] = now
            heard["said"] = said
            if (until(said) if until else True) and now - heard["changed"] >= quiet:
                return True
            if self.proc is not None and self.proc.poll() is not None:
                raise OrcaError(f"Orca exited with {self.proc.returncode}:\n{self.text(mark)[-2000:]}")
            return False
        try:
            wait_until(settled, timeout, interval=0.05, what="Orca to fall quiet")
        except HarnessError:
            pass  # what was said by then: the caller's assertions name what is missing
        if os.environ.get("FLICK_TEST_PROFILE"):
            self._profile(time.monotonic() - began, until, heard["said"])
        return heard["said"]

    @staticmethod
    def _profile(seconds, until, said):
        """Logs a wait for speech to FLICK_TEST_PROFILE (docs/testing.md)
        with the test's line that asked for it and whether its `until`
        held: one that never holds runs to its timeout every time."""
        frame = sys._getframe(1)
        while frame and Path(frame.f_code.co_filename).name == "orca.py":
            frame = frame.f_back
        where = f"{Path(frame.f_code.co_filename).name}:{frame.f_lineno}" if frame else "?"
        held = "-" if until is None else "met" if said and until(said) else "never met"
        _prof(f"orca settle {where} until {held}", seconds)

    # -- driving -----------------------------------------------------------
    def _unfocus(self):
        """Takes the keyboard focus away from every window (to the root,
        with the pointer in the screen's far corner, since X's PointerRoot
        rule would otherwise hand it to the window under the pointer)."""
        x = self.session.xdotool
        if getattr(self.session, "window_manager", False):
            # A window manager hands the focus back to a window at once;
            # minimized, the window has none until activate() raises it.
            self._pointer = None
            found = self.session.run("xdotool", "search", "--onlyvisible", "--name", ".", check=False)
            for wid in found.split():
                self.session.run("xdotool", "windowminimize", "--sync", wid, check=False)
            return
        loc = dict(kv.split("=", 1) for kv in x("getmouselocation", "--shell").split() if "=" in kv)
        self._pointer = (loc["X"], loc["Y"])
        width, height = (int(v) for v in x("getdisplaygeometry").split())
        x("mousemove", width - 1, height - 1)
        x("windowfocus", "--sync", x("search", "--maxdepth", "0", "").split()[0])

    def activate(self, window, quiet=0.5, timeout=5.0, until=None):
        """Gives `window` the keyboard focus, as a user switching to it
        would, and returns what Orca said then ('Flick frame.', 'Clip 1 of
        12: … push button.', …).

        start() took the focus away from every window before Orca came up,
        so Orca starts with no active window and learns of this one from
        GTK's window:activate and focus events, as it would on a desktop.
        (Orca's start-up search for an already focused widget walks the
        whole tree and drops a branch on any error: on a busy machine it
        missed Flick's focused card now and then, and said only the frame.)
        Without a window manager `windowactivate` cannot work, so
        `windowfocus` follows it. `until` (a test on the utterances) ends
        the wait as soon as it holds; by default, once something beyond the
        frame has been said."""
        mark = self.mark()
        self.session.run("xdotool", "windowactivate", "--sync", window, check=False)
        # Under openbox the window can be between maps (X's BadMatch for a
        # window not viewable) just as it is handed the focus: asked again
        # until X takes it.
        failed = {}

        def focused():
            res = subprocess.run(["xdotool", "windowfocus", "--sync", str(window)], env=self.session.env,
                                 capture_output=True, text=True, timeout=20)
            failed["why"] = res.stderr.strip()
            return res.returncode == 0
        try:
            wait_until(focused, 5, interval=0.1, what="X to give the window the focus")
        except HarnessError:
            raise HarnessError(f"xdotool windowfocus failed: {failed['why']}") from None
        if getattr(self, "_pointer", None):
            self.session.xdotool("mousemove", *self._pointer)
        until = until or (lambda said: any(not u.endswith(" frame.") for u in said))
        return self.settle(mark, quiet=quiet, timeout=timeout, until=until)

    def press(self, key, quiet=0.5, timeout=5.0, until=None):
        """Presses `key` (xdotool syntax) and returns the utterances spoken
        after it (the key's own echo first), once speech settles."""
        mark = self.mark()
        self.session.xdotool("key", key)
        return self.settle(mark, quiet=quiet, timeout=timeout, until=until)
