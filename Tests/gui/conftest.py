import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402

from harness import FLICK  # noqa: E402


def pytest_sessionstart(session):
    if not FLICK.exists():
        pytest.exit(f"{FLICK} is missing: build with `swift build` first", returncode=2)
    share_gstreamer_registry()


# GStreamer keeps the list of its plugins in a registry file under
# XDG_CACHE_HOME, which each session gives a fresh folder: without this every
# Flick (and every `flick status` that reads clips) would scan all the
# system's plugins again at its start, seconds on a loaded machine. One file
# for the run, made once here, is what a desktop has: built at the first
# start, read after. Tests that need a registry of their own set
# GST_REGISTRY themselves (test_stacks_cli.py).
_registry_dir = None


def share_gstreamer_registry():
    global _registry_dir
    if "GST_REGISTRY" in os.environ or not shutil.which("gst-inspect-1.0"):
        return
    _registry_dir = Path(tempfile.mkdtemp(prefix="flick-gst-registry-"))
    os.chmod(_registry_dir, 0o755)  # readable by the Wayland tests' Flick (run as nobody)
    os.environ["GST_REGISTRY"] = str(_registry_dir / "registry.bin")
    subprocess.run(["gst-inspect-1.0", "coreelements"], capture_output=True, timeout=300)


@pytest.fixture
def artifacts(tmp_path):
    """Where a test leaves screenshots; FLICK_ARTIFACTS keeps them."""
    keep = os.environ.get("FLICK_ARTIFACTS")
    if keep:
        path = Path(keep)
        path.mkdir(parents=True, exist_ok=True)
        return path
    return tmp_path


_counts = {"passed": 0, "failed": 0, "skipped": 0}


def pytest_runtest_logreport(report):
    if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
        _counts[report.outcome] += 1
    elif report.when == "teardown" and report.outcome == "failed":
        _counts["failed"] += 1


def pytest_unconfigure(config):
    if _registry_dir:
        shutil.rmtree(_registry_dir, ignore_errors=True)
    # The closing line CI reads: "gui: N passed, N failed, N skipped".
    print(f"\ngui: {_counts['passed']} passed, {_counts['failed']} failed, {_counts['skipped']} skipped")
