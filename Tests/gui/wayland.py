"""Flick under a headless Wayland compositor, driven through a real input path.

Xvfb and xdotool can only send discrete wheel clicks; a two-finger touchpad
swipe needs Wayland. This harness runs sway headless (no display, no GPU, no
input devices), starts Flick on it with GDK_BACKEND=wayland, and drives it
through a zwlr_virtual_pointer_v1, which the compositor treats like a real
pointer device:

    with WaylandSession(folder) as s:         # sway + Flick, window mapped
        s.drag(400, 0)                        # press, move 400 px right, release
        s.swipe(400, 0, duration=0.25)        # two fingers 400 px right, then lifted
        s.wait_cursor(2, "two likes")         # the top card's name on the AT-SPI bus
        s.decisions()                         # flick status --json on the app's store
        s.screenshot("shot.png")              # grim, through wlr-screencopy

Parts:
    wayland_tools.py    ensure_tools(): installs what is missing, once per run
                        (sway and grim from Debian, pywayland pinned from PyPI
                        into .build/); raises Unavailable when it cannot
    virtual_pointer.py  VirtualPointer, the protocol client: motion, buttons,
                        finger-source axes, wheel detents
    wayland.py          WaylandSession: sway, a D-Bus session bus and Flick,
                        each in its own process group, all killed by pid on
                        exit; wayland_session() skips a test only when sway
                        cannot run here. Flick is observed as in observe.py:
                        its accessibility tree (an AT-SPI bus on the session
                        bus, as under X), its store, screenshots

Sway refuses to run as root, so as root it runs as `nobody` (setpriv) in a
runtime directory `nobody` owns; Flick and the pointer stay the calling user
and reach sway's socket by its absolute path (WAYLAND_DISPLAY may be a path).

Swipe direction: `swipe(dx, dy)` moves the fingers by (dx, dy) px as seen on a
touchpad with natural scrolling (GNOME's default): the axis values sent are
(-dx, -dy), what libinput reports for that motion, so GTK's scroll deltas are
(-dx, -dy) and content that follows the fingers moves by (+dx, +dy).
"""
import contextlib
import json
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from harness import FLICK, ROOT, AtspiClient, HarnessError, Lifecycle, stop_process_groups, wait_until
from observe import Observer, finished, top_card
from virtual_pointer import FRAME, OUTPUT, VirtualPointer
from wayland_tools import Unavailable, ensure_tools

SWAY_CONFIG = """\
output HEADLESS-1 resolution {width}x{height} position 0 0
xwayland disable
default_border none
focus_follows_mouse no
"""


def _compositor_user():
    """Sway refuses root: as root, run it as `nobody`."""
    if os.geteuid() != 0:
        return None
    if not shutil.which("setpriv"):
        raise Unavailable("setpriv (util-linux) is missing: cannot run sway as a non-root user")
    return pwd.getpwnam("nobody")


class WaylandSession(Observer, Lifecycle):
    """sway (headless) + Flick on `folder` (the bundled samples when None),
    with an AT-SPI bus, a virtual pointer and grim screenshots."""

    def __init__(self, folder=None, args=(), env=None, binary=None, output=OUTPUT):
        self.binary = Path(binary) if binary else FLICK
        self.folder = Path(folder) if folder else Path(os.environ.get("FLICK_DATA_DIR", ROOT)) / "data" / "samples"
        # Named: Flick without a folder reopens the last one or shows its start page.
        # Its decks are copies of one picture: one card each, as in
        # FlickSession (harness.py), without stacks.
        self.args = [str(self.folder)] + [str(a) for a in args] + ["--no-stacks"]
        self.extra_env = dict(env or {})
        self.output = output
        self.procs = []
        self.flick = None
        self.pointer = None
        self.socket = None
        self.window = None  # (x, y, width, height) of Flick's window on the output
        self.tmp = Path(tempfile.mkdtemp(prefix="flick-wayland-"))
        # Sway's own folder (config, runtime, socket) sits in /tmp: a short
        # socket path, and reachable by `nobody` whatever TMPDIR is.
        self.sway_dir = Path(tempfile.mkdtemp(prefix="flick-sway-", dir="/tmp"))
        os.chmod(self.sway_dir, 0o755)

    # -- lifecycle -----------------------------------------------------------

    def _spawn(self, cmd, env, log=None, **kw):
        """Starts `cmd` in its own process group, output to `log` in tmp."""
        out = open(self.tmp / log, "w") if log else subprocess.DEVNULL
        kw.setdefault("stdout", out)
        kw.setdefault("stderr", subprocess.STDOUT if log else subprocess.DEVNULL)
        try:
            proc = subprocess.Popen(cmd, env=env, start_new_session=True, stdin=subprocess.DEVNULL, **kw)
        finally:
            if log:
                out.close()
        proc.log_path = self.tmp / log if log else None
        self.procs.append(proc)
        return proc

    def start(self):
        ensure_tools()
        self._start_sway()
        self._start_flick()
        self.window = self.wait_for_window()
        self.wait_for(lambda: (lambda t: top_card(t) or finished(t))(self.tree()), "the deck on screen", 20)
        self.pointer = VirtualPointer(self.socket, self.output)
        self.pointer.move_to(*self.centre)

    def _start_sway(self):
        user = _compositor_user()
        runtime = self.sway_dir / "runtime"
        runtime.mkdir(mode=0o700)
        if user:
            os.chown(runtime, user.pw_uid, user.pw_gid)
        config = self.sway_dir / "sway.config"
        config.write_text(SWAY_CONFIG.format(width=self.output[0], height=self.output[1]))
        os.chmod(config, 0o644)
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(runtime),
            "XDG_RUNTIME_DIR": str(runtime),
            "WLR_BACKENDS": "headless",
            "WLR_LIBINPUT_NO_DEVICES": "1",
            "WLR_RENDERER": "pixman",
        }
        cmd = ["sway", "--config", str(config)]
        if user:
            # setpriv execs sway itself (runuser would fork and leave sway
            # orphaned when stopped), so the pid killed is sway's.
            cmd = ["setpriv", f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}", "--clear-groups", "--", *cmd]
        if not shutil.which("sway", path=env["PATH"]):
            raise Unavailable("sway is not on PATH")
        try:
            sway = self._spawn(cmd, env, log="sway.log", cwd="/")
        except OSError as error:
            raise Unavailable(f"sway could not start: {error}")

        def socket_ready():
            if sway.poll() is not None:
                raise Unavailable(f"sway exited with {sway.returncode}: {self._log(sway)[-1500:]}")
            sockets = sorted(p for p in runtime.glob("wayland-*") if not p.name.endswith(".lock"))
            ipc = sorted(runtime.glob("sway-ipc.*.sock"))
            return (sockets[0], ipc[0]) if sockets and ipc else None
        try:
            self.socket, self.ipc = wait_until(socket_ready, 15, interval=0.05, what="sway's Wayland socket")
        except HarnessError as error:
            raise Unavailable(f"{error}: {self._log(sway)[-1500:]}")

    def _start_flick(self):
        for d in ("data", "cache", "config", "runtime"):
            (self.tmp / d).mkdir(exist_ok=True)
        os.chmod(self.tmp / "runtime", 0o700)
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("DBUS_", "AT_SPI", "WAYLAND", "DISPLAY", "XDG_SESSION"))}
        env.update({
            "GDK_BACKEND": "wayland",
            "WAYLAND_DISPLAY": str(self.socket),
            "GSK_RENDERER": "cairo",
            "XDG_DATA_HOME": str(self.tmp / "data"),
            "XDG_CACHE_HOME": str(self.tmp / "cache"),
            "XDG_CONFIG_HOME": str(self.tmp / "config"),
            "XDG_RUNTIME_DIR": str(self.tmp / "runtime"),
            "GSETTINGS_BACKEND": "memory",
            "NO_AT_BRIDGE": "0",
        })
        # A D-Bus session bus, then the AT-SPI bus on it: the tests read the
        # window as a screen reader does.
        dbus = self._spawn(["dbus-daemon", "--session", "--nofork", "--print-address=1", "--nopidfile"],
                           env, stdout=subprocess.PIPE, text=True)
        address = dbus.stdout.readline().strip()
        if not address:
            raise HarnessError("dbus-daemon did not start")
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        self._spawn(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], env)
        env.update(self.extra_env)
        self.env = env
        self.flick = self._spawn([str(self.binary), *self.args], env, log="flick.log", cwd=ROOT)

    def stop(self):
        if self.pointer:
            try:
                self.pointer.close()
            except Exception:
                pass
            self.pointer = None
        stop_process_groups(self.procs)
        for proc in self.procs:
            for pipe in (proc.stdin, proc.stdout):
                if pipe:
                    pipe.close()
        self.procs.clear()
        self.atspi_client = None
        shutil.rmtree(self.tmp, ignore_errors=True)
        shutil.rmtree(self.sway_dir, ignore_errors=True)

    @staticmethod
    def _log(proc):
        try:
            return proc.log_path.read_text(errors="replace") if proc.log_path else ""
        except FileNotFoundError:
            return ""

    def stderr(self):
        return self._log(self.flick) if self.flick else ""

    # -- the window ----------------------------------------------------------
    def swaymsg(self, *args):
        res = subprocess.run(["swaymsg", "--socket", str(self.ipc), "--raw", *args],
                             capture_output=True, text=True, timeout=10)
        if res.returncode != 0:
            raise HarnessError(f"swaymsg {' '.join(args)} failed: {res.stderr.strip()}")
        return json.loads(res.stdout)

    def _flick_window(self):
        def walk(node):
            if node.get("pid") == self.flick.pid and node.get("visible"):
                yield node
            for child in node.get("nodes", []) + node.get("floating_nodes", []):
                yield from walk(child)
        return next(walk(self.swaymsg("-t", "get_tree")), None)

    def wait_for_window(self, timeout=30):
        """Flick's window once mapped: its rectangle on the output."""
        def mapped():
            if self.flick.poll() is not None:
                raise HarnessError(f"flick exited with {self.flick.returncode}:\n{self.stderr()[-3000:]}")
            node = self._flick_window()
            return node and node["rect"]["width"] > 0 and node["rect"]
        rect = wait_until(mapped, timeout, interval=0.1, what="Flick's window on sway")
        return rect["x"], rect["y"], rect["width"], rect["height"]

    @property
    def centre(self):
        """The top card's centre on the output (the stage centres it)."""
        x, y, w, h = self.window
        return x + w / 2, y + h / 2

    # -- input ---------------------------------------------------------------
    def _steps(self, duration, steps):
        return max(1, steps if steps else round(duration / FRAME))

    def drag(self, dx, dy, duration=0.3, steps=None, at=None, hold=0.1):
        """A pointer drag of (dx, dy) px from `at` (the card's centre):
        press, `steps` motions over `duration` s, release."""
        n = self._steps(duration, steps)
        x0, y0 = at or self.centre
        self.pointer.move_to(x0, y0)
        time.sleep(0.1)
        self.pointer.button(True)
        time.sleep(hold)
        for i in range(1, n + 1):
            self.pointer.move_to(x0 + dx * i / n, y0 + dy * i / n)
            time.sleep(duration / n)
        time.sleep(0.05)
        self.pointer.button(False)
        time.sleep(0.1)

    def swipe(self, dx, dy, duration=0.25, steps=None, at=None, lift=True):
        """A two-finger touchpad swipe over the card (or `at`): the fingers
        move (dx, dy) px (natural scrolling; see the module doc) in `steps`
        finger-source axis frames over `duration` s, then lift (axis_stop).
        With lift=False the fingers stay down until `lift()`."""
        n = self._steps(duration, steps)
        self.pointer.move_to(*(at or self.centre))
        time.sleep(0.1)
        for _ in range(n):
            self.pointer.axis(-dx / n, -dy / n)
            time.sleep(duration / n)
        if lift:
            self.lift()

    def lift(self):
        """The fingers leave the touchpad."""
        self.pointer.axis_stop()
        time.sleep(0.1)

    # -- reading the app -----------------------------------------------------
    def _atspi(self, *args, timeout=20):
        """The AT-SPI client's answer (see atspi_client.py), None while the
        app is not on the bus yet."""
        client = getattr(self, "atspi_client", None)
        if client is None or client.proc.poll() is not None:
            client = self.atspi_client = AtspiClient(self.env, self._spawn_piped)
        out = client.ask(args, timeout)
        return None if isinstance(out, dict) and "error" in out else out

    def _spawn_piped(self, cmd, env, **kw):
        """Starts `cmd` in its own process group with the pipes `kw` asks for."""
        proc = subprocess.Popen(cmd, env=env, start_new_session=True, **kw)
        self.procs.append(proc)
        return proc

    def atspi_tree(self, timeout=20):
        """The app's accessibility tree, read by a separate process on the
        session's AT-SPI bus."""
        return wait_until(lambda: self._atspi("tree", "flick"), timeout, interval=0.5,
                          what="the app on the AT-SPI bus")

    def atspi_find(self, *roles, windows="frame", timeout=20):
        """The nodes with one of `roles` in the app's windows with role `windows`."""
        answer = wait_until(lambda: (lambda out: None if out is None else (out,))(self._atspi("find", "flick", windows, *roles)),
                            timeout, interval=0.5, what="the app on the AT-SPI bus")
        return answer[0]

    def screenshot(self, path):
        """The whole output as PNG (grim, through wlr-screencopy)."""
        path = Path(path)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "WAYLAND_DISPLAY": str(self.socket),
               "XDG_RUNTIME_DIR": str(self.tmp / "runtime")}
        res = subprocess.run(["grim", str(path)], env=env, capture_output=True, text=True, timeout=20)
        if res.returncode != 0:
            raise HarnessError(f"grim failed: {res.stderr.strip()}")
        return path


@contextlib.contextmanager
def wayland_session(folder=None, **kw):
    """A WaylandSession for a pytest test: skips the test, with the reason,
    only when the Wayland path cannot run here (tools not installable, sway
    not starting); anything wrong with Flick fails it."""
    import pytest
    session = WaylandSession(folder, **kw)
    try:
        session.__enter__()
    except Unavailable as reason:
        pytest.skip(f"no headless Wayland path: {reason}")
    try:
        yield session
    finally:
        session.stop()