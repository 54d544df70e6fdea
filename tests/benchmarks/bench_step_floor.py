"""Whose time a step takes in the window: Qt's own libraries, or Python (ours).

Run: ``.venv/bin/python -m tests.benchmarks.bench_step_floor [steps]`` (needs ``perf``).

For each ruleset the 40-combatant window of ``bench_rulesets`` takes ``steps`` of its
next step (Impulse: the strike) and of its counter drop, each followed by its undo,
while ``perf record`` samples the process (started once the window is up, so start-up
is not counted). The samples are sorted by the library they fall in:

- Qt: Qt's own libraries (widgets, painting, text, the event loop) and the platform
  plugin: what these same Qt parts cost with no Battlewheel Python at all, the floor;
- Python: the interpreter, the PySide6 bindings and our code on it (engine, models,
  views);
- shared: the C library, the C++ runtime and the kernel, which both call.

Sampling adds nothing to the work it measures (a profiler in Python would slow the
Python side only). Figures are printed, never asserted.
"""

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

QT = ("libQt6", "libqoffscreen", "libqxcb", "libglib", "libfreetype", "libfontconfig",
      "libharfbuzz", "libpng", "libz.", "libicu", "libdouble-conversion", "libpcre")
PYTHON = ("libpython", "libshiboken", "libpyside", ".abi3.so", "python3", "[unknown]")


def share(library: str) -> str:
    """Which side a sampled library belongs to."""
    if any(mark in library for mark in QT):
        return "Qt"
    if any(mark in library for mark in PYTHON):
        return "Python"
    return "shared"


def child(name: str, kind: str, steps: int, ready: Path) -> None:
    """Build the window, say so through ``ready``, then take ``steps`` steps and undos."""
    from PySide6.QtWidgets import QApplication

    from battlewheel.models.combat_model import CombatModel
    from battlewheel.views import settings as prefs
    from battlewheel.views.main_window import MainWindow
    from tests.benchmarks import bench_rulesets as bench

    app = QApplication.instance() or QApplication(sys.argv)
    fight = bench.forty(bench.benched(name))
    bench.settle_ties(fight)
    begin = bench.next_step(fight)
    if begin is not None and "Start" in type(begin).__name__:
        fight.apply(begin)
    bench.within_reach(fight)
    step = {"step": bench.next_step_of, "strike": bench.strike_of, "drop": bench.drop_of}[kind]
    with tempfile.TemporaryDirectory() as folder:
        window = MainWindow(CombatModel(fight),
                            settings=prefs.open_settings(Path(folder) / "s.ini"))
        window.resize(1600, 1000)
        window.show()
        bench.until_idle()
        # Undone after each run, the fight comes back: the same step is taken each time
        # (finding it, e.g. a drop every counter is asked about, is not what is measured).
        act = step(window, 0)
        ready.write_text("up")
        time.sleep(1.0)  # perf attaches
        for _ in range(steps if act is not None else 0):
            index = window.combat.undo_stack.index()
            act()
            bench.until_idle()
            if window.combat.undo_stack.index() == index:
                break  # refused: nothing to take back
            window.combat.undo_stack.undo()
            bench.until_idle()
        window.combat.undo_stack.setClean()
        window.close()
    del app


def measure(name: str, kind: str, steps: int) -> Counter[str]:
    """Samples by side for ``steps`` steps of ``kind`` in ``name``'s window."""
    with tempfile.TemporaryDirectory() as folder:
        ready, data = Path(folder) / "ready", Path(folder) / "perf.data"
        worker = subprocess.Popen(
            [sys.executable, "-m", "tests.benchmarks.bench_step_floor", "--child", name, kind,
             str(steps), str(ready)], stderr=subprocess.DEVNULL)
        while not ready.exists() and worker.poll() is None:
            time.sleep(0.05)
        recorder = subprocess.Popen(["perf", "record", "-q", "-F", "2000", "-o", str(data),
                                     "-p", str(worker.pid)], stderr=subprocess.DEVNULL)
        worker.wait()
        recorder.send_signal(signal.SIGINT)
        recorder.wait()
        report = subprocess.run(["perf", "report", "-i", str(data), "--stdio", "--sort", "dso",
                                 "-g", "none", "--percent-limit", "0"],
                                capture_output=True, text=True, check=False).stdout
    sides: Counter[str] = Counter()
    for line in report.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0].endswith("%"):
            sides[share(parts[1])] += float(parts[0].rstrip("%"))
            if share(parts[1]) == "shared":
                sides[f"shared:{parts[1]}"] += float(parts[0].rstrip("%"))
    return sides


def main(steps: int = 150) -> None:
    """Print, per ruleset and gesture, the shares of a step + undo by side."""
    from tests.conformance import SYSTEMS

    for name in SYSTEMS:
        for kind in ("strike" if name == "impulse" else "step", "drop"):
            sides = measure(name, kind, steps)
            parts = sorted(((v, k.split(":", 1)[1]) for k, v in sides.items()
                            if k.startswith("shared:")), reverse=True)[:3]
            print(f"{name:14s} {kind:6s} Qt {sides['Qt']:4.1f}%  Python {sides['Python']:4.1f}%  "
                  f"shared {sides['shared']:4.1f}% ("
                  + ", ".join(f"{lib} {v:.1f}" for v, lib in parts) + ")", flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3], int(sys.argv[4]), Path(sys.argv[5]))
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 150)
