"""What the Wayland GUI tests need, installed once per run when missing:
sway and grim from Debian (apt-get, with sudo -n when not root), pywayland
pinned from PyPI into a private folder under .build/ (pip --target, so
Debian's Python stays untouched), and the client code for the
zwlr_virtual_pointer_v1 protocol generated there by pywayland's scanner.

    ensure_tools()   idempotent; raises Unavailable with the reason
"""
import importlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from harness import ROOT

PROTOCOL = Path(__file__).with_name("protocols") / "wlr-virtual-pointer-unstable-v1.xml"
CORE_PROTOCOL = Path("/usr/share/wayland/wayland.xml")  # libwayland-dev, a build dependency
PYWAYLAND = "pywayland==0.4.19"
APT_PACKAGES = ("sway", "grim")
# pywayland and the generated protocol live with the build, per Python version.
PYTHON_DIR = ROOT / ".build" / f"gui-python{sys.version_info.major}.{sys.version_info.minor}"


class Unavailable(Exception):
    """The Wayland path cannot run here (the reason says why)."""


# -- tools -------------------------------------------------------------------
_tools = None


def _installed(package):
    res = subprocess.run(["dpkg-query", "-W", "-f=${Status}", package], capture_output=True, text=True)
    return "install ok installed" in res.stdout


def _apt_install(packages):
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    lock = ["-o", "DPkg::Lock::Timeout=600"]
    for cmd in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "--no-install-recommends", *packages]):
        res = subprocess.run([*sudo, *cmd[:1], *lock, *cmd[1:]], env=env, capture_output=True, text=True,
                             timeout=900, stdin=subprocess.DEVNULL)
        if res.returncode != 0:
            raise Unavailable(f"`{' '.join(cmd)}` failed: {res.stderr.strip()[-500:]}")


def _ensure_pywayland():
    PYTHON_DIR.mkdir(parents=True, exist_ok=True)
    if str(PYTHON_DIR) not in sys.path:
        sys.path.insert(0, str(PYTHON_DIR))
    try:
        importlib.import_module("pywayland.client")
    except ImportError:
        if subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode != 0:
            _apt_install(["python3-pip"])
        # --target: a private folder, so Debian's Python stays untouched (PEP 668).
        res = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                              "--no-warn-script-location", "--upgrade", "--target", str(PYTHON_DIR), PYWAYLAND],
                             capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
        if res.returncode != 0:
            raise Unavailable(f"pip could not install {PYWAYLAND}: {res.stderr.strip()[-500:]}")
        importlib.invalidate_caches()
        importlib.import_module("pywayland.client")
    # The client side of the virtual pointer protocol, generated once.
    generated = PYTHON_DIR / "flick_vpointer"
    if not (generated / "wlr_virtual_pointer_unstable_v1").is_dir():
        if not CORE_PROTOCOL.exists():
            raise Unavailable(f"{CORE_PROTOCOL} is missing (install libwayland-dev)")
        tmp = Path(tempfile.mkdtemp(dir=PYTHON_DIR))
        res = subprocess.run([sys.executable, "-m", "pywayland.scanner", "-i", str(CORE_PROTOCOL), str(PROTOCOL),
                              "-o", str(tmp)], capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(PYTHON_DIR)))
        if res.returncode != 0:
            raise Unavailable(f"pywayland.scanner failed: {res.stderr.strip()[-500:]}")
        (tmp / "__init__.py").touch()
        shutil.rmtree(generated, ignore_errors=True)
        tmp.rename(generated)


def ensure_tools():
    """Installs sway, grim and pywayland if missing (idempotent; once per
    process). Raises Unavailable with the reason when they cannot be had."""
    global _tools
    if _tools is None:
        try:
            missing = [p for p in APT_PACKAGES if not _installed(p)]
            if missing:
                _apt_install(missing)
            _ensure_pywayland()
            _tools = True
        except Unavailable as error:
            _tools = error
        except (OSError, subprocess.SubprocessError) as error:
            _tools = Unavailable(str(error))
    if _tools is not True:
        raise _tools
