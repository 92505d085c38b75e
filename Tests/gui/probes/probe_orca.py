#!/usr/bin/python3
"""Runs announce_probe.py in each MODE under a real Orca and prints what Orca
said after each key (the evidence behind docs/orca-findings.md).

    /usr/bin/python3 Tests/gui/probes/probe_orca.py [MODE ...] [--logs DIR]
"""
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from harness import FlickSession  # noqa: E402
from orca import Orca  # noqa: E402

PROBE = HERE / "announce_probe.py"
MODES = ["desc", "desc-reset", "name", "button-label", "alert", "alert-show", "described-by",
         "labelled-by", "focus", "focus-desc", "focus-desc-after", "focus-early", "status-focus", "stable", "stable-desc-first", "stable-one",
         "pulse", "focus-pulse-after", "focus-pulse-before", "static-desc"]


def run(mode, logs=None):
    with FlickSession([str(PROBE), mode], binary="/usr/bin/python3") as s:
        wid = s.wait_for_window("Probe")
        keep = Path(logs) / f"{mode}.log" if logs else None
        with Orca(s, level="ALL" if logs else "INFO", keep_log=keep) as orca:
            print(f"== {mode} (Orca ready in {orca.startup_seconds:.1f}s)")
            print("   activate:", orca.activate(wid))
            for key in (("Tab",) * 6 if mode == "static-desc" else ("l", "l", "l", "p")):
                t = time.monotonic()
                said = orca.press(key)
                print(f"   {key}: {said}  [{time.monotonic() - t:.1f}s]")
        if s.flick.poll() is not None:
            print(s.stderr()[-2000:])


def main(argv):
    logs = None
    if "--logs" in argv:
        i = argv.index("--logs")
        logs = argv[i + 1]
        Path(logs).mkdir(parents=True, exist_ok=True)
        del argv[i:i + 2]
    for mode in argv or MODES:
        run(mode, logs)


if __name__ == "__main__":
    main(sys.argv[1:])
