import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402

from harness import FLICK  # noqa: E402


def pytest_sessionstart(session):
    if not FLICK.exists():
        pytest.exit(f"{FLICK} is missing: build with `swift build` first", returncode=2)


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
    # The closing line CI reads: "gui: N passed, N failed, N skipped".
    print(f"\ngui: {_counts['passed']} passed, {_counts['failed']} failed, {_counts['skipped']} skipped")
