"""Flick's GUI test harness: a private X server, D-Bus session and AT-SPI
bus per session, Flick launched inside them, and the means to drive and read
it as a user and a screen reader would.

    with FlickSession(["data/samples"]) as s:
        s.wait_for_window()
        s.drag((400, 300), (800, 300))
        tree = s.atspi_tree()
        s.screenshot("shot.png")

Every process is started in its own process group and killed by pid when the
session ends, whatever happened in the test.

`FlickSession(..., window_manager=True)` also runs openbox on the X server,
as a desktop would: a new window or dialog is activated and takes the
keyboard focus, focus returns to the window behind when a dialog closes, and
`xdotool windowactivate` works. Without a window manager a dialog opens
unfocused (the screen reader never hears it) and only `windowfocus` moves
the focus.
"""
import json
import os
import select
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FLICK = Path(os.environ.get("FLICK_BIN", ROOT / ".build" / "debug" / "flick"))
ATSPI_CLIENT = Path(__file__).with_name("atspi_client.py")
SYSTEM_PYTHON = "/usr/bin/python3"  # python3-pyatspi lives in Debian's python
SCREEN = (1280, 900)


class HarnessError(AssertionError):
    pass


def stop_process_groups(procs):
    """Ends each process's group, newest first: SIGTERM, then SIGKILL for
    any still there after 5 s."""
    for proc in reversed(procs):
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
    for proc in reversed(procs):
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(timeout=5)


def _prof(kind, seconds):
    path = os.environ.get("FLICK_TEST_PROFILE")
    if path:
        with open(path, "a") as f:
            f.write(f"{os.environ.get('PYTEST_CURRENT_TEST', '?').split(' ')[0]}\t{kind}\t{seconds:.3f}\t{time.time():.1f}\n")


def wait_until(predicate, timeout, interval=0.1, what="condition"):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise HarnessError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(interval)


class AtspiClient:
    """One `atspi_client.py serve` process on a session's accessibility bus,
    asked one command at a time (see atspi_client.py): a separate process
    reading the app as a screen reader would, started once per session
    rather than once per look. `spawn` starts it among the session's
    processes, so it is stopped with them."""

    def __init__(self, env, spawn):
        self.proc = spawn([SYSTEM_PYTHON, str(ATSPI_CLIENT), "serve"], env=env, stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lock = threading.Lock()  # one question at a time, whichever thread asks

    def close(self):
        """Closes the pipes (the process is stopped with the session's)."""
        for pipe in (self.proc.stdin, self.proc.stdout):
            pipe.close()

    def ask(self, args, timeout):
        """The command's JSON answer; HarnessError when it printed none.
        Past `timeout` the process is killed (the next ask starts another)
        and subprocess.TimeoutExpired raised, as from a one-shot run."""
        with self.lock:
            return self._ask(args, timeout)

    def _ask(self, args, timeout):
        if self.proc.poll() is not None:
            raise HarnessError(f"AT-SPI client exited with {self.proc.returncode}")
        self.proc.stdin.write(json.dumps([str(a) for a in args]) + "\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        line = self.proc.stdout.readline() if ready else ""
        if not line and ready:
            raise HarnessError(f"AT-SPI client exited with {self.proc.wait(timeout=5)}")
        if not line:
            self.proc.kill()
            raise subprocess.TimeoutExpired(["atspi_client.py", *map(str, args)], timeout)
        answer = json.loads(line)
        try:
            return json.loads(answer["out"])
        except json.JSONDecodeError:
            raise HarnessError(f"AT-SPI client failed: {answer['err'].strip()}")


class Lifecycle:
    """`with` calls start(), and stop() when the block ends or when start()
    fails half-way (stop() must cope with a partial start)."""

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()
        return False


class FlickSession(Lifecycle):
    def __init__(self, args=(), env=None, data_home=None, binary=None, window_manager=False, launch=True, stacks=False):
        self.window_manager = window_manager
        # Most tests' decks are copies of one picture: as stacks they would
        # be one card. Tests of stacks ask for them (stacks=True).
        self.stacks = stacks
        self.launch_at_start = launch
        self.binary = Path(binary) if binary else FLICK
        self.args = [str(a) for a in args]
        self.extra_env = dict(env or {})
        self.tmp = Path(tempfile.mkdtemp(prefix="flick-gui-"))
        self.data_home = Path(data_home) if data_home else self.tmp / "data"
        self.procs = []
        self.flick = None
        self.display = None
        self.env = None

    # -- lifecycle ---------------------------------------------------------
    def _spawn(self, cmd, env=None, **kw):
        proc = subprocess.Popen(cmd, env=env or self.env, start_new_session=True, **kw)
        self.procs.append(proc)
        return proc

    def start(self):
        for d in ("data", "cache", "config", "runtime"):
            (self.tmp / d).mkdir(exist_ok=True)
        os.chmod(self.tmp / "runtime", 0o700)
        # X server: -displayfd picks a free display and writes its number.
        read_fd, write_fd = os.pipe()
        self._spawn(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24",
                     "-nolisten", "tcp", "-noreset"], env=dict(os.environ), pass_fds=(write_fd,),
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_fd)
        with os.fdopen(read_fd) as f:
            number = f.readline().strip()
        if not number:
            raise HarnessError("Xvfb did not start")
        self.display = f":{number}"
        base = {k: v for k, v in os.environ.items() if not k.startswith(("DBUS_", "AT_SPI", "WAYLAND"))}
        base.update({
            "DISPLAY": self.display,
            "GDK_BACKEND": "x11",
            "GSK_RENDERER": "cairo",
            "XDG_DATA_HOME": str(self.data_home),
            "XDG_CACHE_HOME": str(self.tmp / "cache"),
            "XDG_CONFIG_HOME": str(self.tmp / "config"),
            "XDG_RUNTIME_DIR": str(self.tmp / "runtime"),
            "GSETTINGS_BACKEND": "memory",
            "NO_AT_BRIDGE": "0",
        })
        # D-Bus session bus, then the AT-SPI bus on it.
        dbus = self._spawn(["dbus-daemon", "--session", "--nofork", "--print-address=1", "--nopidfile"],
                           env=base, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        address = dbus.stdout.readline().strip()
        if not address:
            raise HarnessError("dbus-daemon did not start")
        base["DBUS_SESSION_BUS_ADDRESS"] = address
        self.env = base
        self._spawn(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if self.window_manager:
            self._start_window_manager()
        self.env.update(self.extra_env)
        if self.launch_at_start:
            self.flick = self.launch(self.args)

    def launch_app(self):
        """Starts Flick for a session made with launch=False (a screen
        reader already running when the app opens, as on a desktop)."""
        self.flick = self.launch(self.args)

    def _start_window_manager(self):
        """Starts openbox with its stock configuration (from a throwaway
        XDG_CONFIG_HOME) and waits until it manages the screen: it sets
        _NET_SUPPORTING_WM_CHECK on the root window once it is up."""
        if not shutil.which("openbox"):
            raise HarnessError("openbox is not installed (apt-get install openbox)")
        self._spawn(["openbox", "--sm-disable"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def managing():
            res = subprocess.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], env=self.env,
                                 capture_output=True, text=True, timeout=10)
            return "window id" in res.stdout
        wait_until(managing, 15, what="openbox to manage the screen")

    def launch(self, args, wait=False, timeout=30):
        """Starts flick with `args`; with wait=True returns (code, stderr)."""
        log = self.tmp / f"flick-{len(self.procs)}.log"
        with open(log, "w") as out:
            flags = [] if self.stacks else ["--no-stacks"]
            proc = self._spawn([str(self.binary), *args, *flags], stdout=out, stderr=subprocess.STDOUT, cwd=ROOT)
        proc.log_path = log
        if wait:
            code = proc.wait(timeout=timeout)
            return code, log.read_text(errors="replace")
        return proc

    def stderr(self):
        return self.flick.log_path.read_text(errors="replace") if self.flick else ""

    def renderer(self):
        """Which GTK renderer draws Flick's window, told from outside: "gl"
        when Mesa linked GSK's shader programs in the process (the session's
        env must set MESA_SHADER_CAPTURE_PATH, where Mesa writes each program
        it links) and GTK said no "Failed to realize renderer" (GTK 4.8 prints
        that whatever its debug flags when a renderer cannot start and it
        falls back to the next; Debian's build prints nothing about the one it
        keeps), "cairo" when no GL program was linked, else what went wrong.
        GTK loads Mesa's driver under every renderer (it picks the X visual
        through GL), so a loaded driver alone proves nothing."""
        failed = [line for line in self.stderr().splitlines() if "Failed to realize renderer" in line]
        capture = self.env.get("MESA_SHADER_CAPTURE_PATH")
        if not capture:
            raise HarnessError("renderer() needs MESA_SHADER_CAPTURE_PATH in the session's env")
        programs = list(Path(capture).glob("*.shader_test"))
        gsk = [p for p in programs if "gsk_" in p.read_text(errors="replace")]
        if failed:
            return f"fell back: {failed[0].strip()}"
        if gsk:
            return "gl"
        if programs:
            return f"GL programs, none of them GSK's: {[p.name for p in programs]}"
        return "cairo"

    def stop(self):
        stop_process_groups(self.procs)
        self.procs.clear()
        if getattr(self, "atspi_client", None):
            self.atspi_client.close()
        self.atspi_client = None
        criticals = self.criticals()
        shutil.rmtree(self.tmp, ignore_errors=True)
        if criticals:
            raise HarnessError("Gtk-CRITICAL in Flick's log:\n" + "\n".join(criticals[:20]))

    def criticals(self):
        """The lines of Flick's own log (the app this session launched, not
        the other commands it ran) that report a GTK critical: a session
        that logged one fails when it stops."""
        try:
            log = self.stderr()
        except OSError:
            return []
        return [line for line in log.splitlines() if "Gtk-CRITICAL" in line]

    # -- X and input -------------------------------------------------------
    def run(self, *cmd, timeout=20, check=True):
        _t0 = time.monotonic()
        try:
            return self._run_timed(*cmd, timeout=timeout, check=check)
        finally:
            _prof(cmd[0], time.monotonic() - _t0)

    def _run_timed(self, *cmd, timeout=20, check=True):
        res = subprocess.run(list(cmd), env=self.env, capture_output=True, text=True, timeout=timeout)
        if check and res.returncode != 0:
            raise HarnessError(f"{cmd[0]} failed ({res.returncode}): {res.stderr.strip()}")
        return res.stdout

    def xdotool(self, *args, timeout=None):
        """Runs xdotool. A long key sequence ("key --delay MS k1 k2 …") gets
        five times its delays on top of the usual 20 s: on a loaded machine
        xdotool itself waits for the X server between keys."""
        if timeout is None:
            timeout = 20
            if len(args) > 3 and args[0] == "key" and args[1] == "--delay":
                timeout += 5 * (len(args) - 3) * int(args[2]) / 1000
        return self.run("xdotool", *[str(a) for a in args], timeout=timeout)

    def window_id(self, title="Flick"):
        res = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", f"^{title}$"],
                             env=self.env, capture_output=True, text=True, timeout=10)
        ids = res.stdout.split()
        return ids[0] if ids else None

    def wait_for_window(self, title="Flick", timeout=30):
        def ready():
            if self.flick.poll() is not None:
                raise HarnessError(f"flick exited with {self.flick.returncode}:\n{self.stderr()}")
            return self.window_id(title)
        wid = wait_until(ready, timeout, what=f"a window titled {title!r}")
        shot = self.tmp / "first-frame.png"

        def drawn():
            """The first frames have landed: the window shows more than one colour."""
            shot.unlink(missing_ok=True)
            self.run("import", "-display", self.display, "-window", wid, str(shot), check=False)
            return shot.exists() and image_stats(shot)[1] > 1
        wait_until(drawn, 10, interval=0.1, what="the window's first frame")
        return wid

    def window_name(self, wid):
        return self.xdotool("getwindowname", wid).strip()

    def key(self, *keys):
        self.xdotool("key", "--delay", "60", *keys)

    def drag(self, start, end, steps=12, step_delay=0.03, hold=0.1):
        """A pointer drag in screen coordinates with small pauses, which
        GtkGestureDrag needs to see the motion."""
        x0, y0 = start
        x1, y1 = end
        cmd = ["mousemove", x0, y0, "sleep", 0.1, "mousedown", 1, "sleep", hold]
        for i in range(1, steps + 1):
            t = i / steps
            cmd += ["mousemove", round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t), "sleep", step_delay]
        cmd += ["mouseup", 1]
        self.xdotool(*cmd)

    def screenshot(self, path):
        path = Path(path)
        self.run("import", "-display", self.display, "-window", "root", str(path))
        return path

    # -- accessibility -----------------------------------------------------
    def _atspi(self, *args, timeout=20):
        _t0 = time.monotonic()
        try:
            return self._atspi_timed(*args, timeout=timeout)
        finally:
            _prof("atspi " + " ".join(str(a) for a in args[:1] + args[2:]), time.monotonic() - _t0)

    def _atspi_timed(self, *args, timeout=20):
        client = getattr(self, "atspi_client", None)
        if client is None or client.proc.poll() is not None:
            client = self.atspi_client = AtspiClient(self.env, self._spawn)
        return client.ask(args, timeout)

    def atspi_tree(self, app="flick", timeout=20, windows=None):
        """The app's accessibility tree, read by a separate process (only
        its windows with role `windows`, e.g. "dialog", when given)."""
        extra = (windows,) if windows else ()
        return wait_until(lambda: (lambda t: t if "error" not in t else None)(self._atspi("tree", app, *extra)),
                          timeout, interval=0.5, what="the app on the AT-SPI bus")

    def atspi_find(self, *roles, windows="dialog", skip=(), extents=True, timeout=30):
        """The nodes with one of `roles` in the app's windows with role
        `windows` (name, role, focused, sensitive, checked, extents):
        quicker than a whole tree where a list holds hundreds of rows.
        Nodes with a role in `skip` (e.g. "table", a grid of thousands of
        tiles) are not looked inside; extents=False leaves out where the
        nodes are (quicker again)."""
        flags = ["--no-extents"] if not extents else []
        return self._atspi("find", "flick", windows, *roles, *(f"!{r}" for r in skip), *flags, timeout=timeout)

    def atspi_windows(self, timeout=20):
        """The app's windows (role, name, focused, sensitive, checked,
        extents), none of what is in them: the top of a tree, read alone."""
        return wait_until(lambda: (lambda w: w if isinstance(w, list) else None)(self._atspi("windows", "flick")),
                          timeout, interval=0.5, what="the app on the AT-SPI bus")

    def atspi_do(self, role, name, action="click", app="flick", near=None, timeout=10):
        """Runs `action` on the first node with `role` and `name` (beside a
        node named `near`, when given), as a screen reader would; waits up
        to `timeout` seconds for the app and the node to be on the bus (a
        loaded machine shows the window late)."""
        extra = (near,) if near else ()
        last = {}

        def done():
            out = self._atspi("do", app, role, name, action, *extra)
            if "error" in out:
                # libadwaita 1.2 on GTK 4.8 names a dialog's response buttons twice
                # ("Cancel Cancel"); Flick cannot reach inside AdwMessageDialog.
                out = self._atspi("do", app, role, f"{name} {name}", action, *extra)
            last.update(out)
            return "error" not in out
        try:
            wait_until(done, timeout, interval=0.5, what=f"the {role} {name!r}")
        except HarnessError:
            raise HarnessError(last.get("error", f"no {role} named {name}")) from None

    def atspi_set_value(self, role, name, value, app="flick"):
        """Sets a slider's value as a screen reader would (AT-SPI Value)."""
        out = self._atspi("set-value", app, role, name, str(value))
        if "error" in out:
            raise HarnessError(out["error"])
        return out["value"]


# -- image helpers -----------------------------------------------------------
def image_stats(path):
    """(standard deviation 0..1, number of distinct colours) of an image."""
    out = subprocess.run(["convert", str(path), "-format", "%[fx:standard_deviation] %k", "info:"],
                         capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), int(out[1])


def pixels_changed(a, b, crop=None, fuzz="3%"):
    """How many pixels differ between two screenshots (optionally in a crop
    WxH+X+Y)."""
    files = [str(a), str(b)]
    if crop:
        files = [f"{f}[{crop}]" for f in files]
    res = subprocess.run(["compare", "-fuzz", fuzz, "-metric", "AE", *files, "null:"],
                         capture_output=True, text=True)
    return int(float(res.stderr.split()[0]))


def find_nodes(tree, role=None, name=None, contains=None):
    """All nodes of an AT-SPI tree matching role / exact name / substring."""
    found = []

    def visit(n):
        if ((role is None or n["role"] == role) and (name is None or n["name"] == name)
                and (contains is None or contains in n["name"] or contains in n["description"])):
            found.append(n)
        for c in n["children"]:
            visit(c)
    visit(tree)
    return found
