"""The standalone program against the source run: bundle size and start-up.

Run: ``.venv/bin/python -m tests.benchmarks.bench_frozen [runs]``

Uses the builds in ``dist/`` made by ``packaging/build_executable.py`` (one folder, and
the one-file build when ``dist/onefile/`` has it); builds the one-folder program first
if it is missing. Each program runs ``--smoke-test`` as a fresh process on the offscreen
platform, alternating, after one warm-up run each. Printed: the median ``startup_ms``
the program reports (top of ``battlewheel.cli`` to first paint) and the median wall clock from
process start to exit, which also holds interpreter start-up and, for the one-file
build, unpacking. Target: one-folder bundle under 120 MB.
"""

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from battlewheel import APP_NAME
from tests.benchmarks.bench_startup import run_smoke_test

ROOT = Path(__file__).resolve().parents[2]
NAME = APP_NAME.lower()
ONE_FOLDER = ROOT / "dist" / NAME / NAME
ONE_FILE = ROOT / "dist" / "onefile" / NAME


def _size_mb(path: Path) -> float:
    files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files if not p.is_symlink()) / 1e6


def _breakdown(internal: Path) -> dict[str, float]:
    """Megabytes of the one-folder bundle by what they are for."""
    qt_lib = internal / "PySide6" / "Qt" / "lib"
    icu = sum(_size_mb(path) for path in qt_lib.glob("libicu*"))
    parts = {
        "Qt libraries without ICU": _size_mb(qt_lib) - icu,
        "ICU (linked by QtCore)": icu,
        "Qt plugins": _size_mb(internal / "PySide6" / "Qt" / "plugins"),
        "PySide6 bindings": _size_mb(internal / "PySide6") - _size_mb(internal / "PySide6" / "Qt"),
        "numpy and OpenBLAS (for pyqtgraph)": sum(
            _size_mb(path) for path in internal.glob("numpy*")
        ),
        "Python runtime": _size_mb(internal / "python3.11")
        + sum(_size_mb(path) for path in internal.glob("libpython*"))
        + _size_mb(internal / "base_library.zip"),
        "system libraries (X11, GLib, CUPS, ...)": sum(
            _size_mb(path) for path in internal.glob("lib*.so*") if "python" not in path.name
        ),
    }
    return parts


def main(runs: int = 7) -> None:
    """Print sizes, then the median start-up of each program over ``runs`` runs."""
    if not ONE_FOLDER.is_file():
        build = ROOT / "packaging" / "build_executable.py"
        subprocess.run([sys.executable, str(build)], check=True)
    print(f"one-folder bundle  {_size_mb(ONE_FOLDER.parent):7.1f} MB  (target < 120 MB)")
    for part, megabytes in _breakdown(ONE_FOLDER.parent / "_internal").items():
        print(f"  {megabytes:6.1f} MB  {part}")
    commands = {
        "source (python -m battlewheel)": [sys.executable, "-m", "battlewheel", "--smoke-test"],
        "frozen, one folder": [str(ONE_FOLDER), "--smoke-test"],
    }
    if ONE_FILE.is_file():
        print(f"one-file program   {_size_mb(ONE_FILE):7.1f} MB")
        commands["frozen, one file"] = [str(ONE_FILE), "--smoke-test"]
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEWHEEL_HOME=home,
                   PYTHONPYCACHEPREFIX=os.path.join(home, "pycache"))
        samples: dict[str, list[tuple[float, int]]] = {name: [] for name in commands}
        for command in commands.values():  # warm the file and bytecode caches
            run_smoke_test(command, env)
        for _ in range(runs):
            for name, command in commands.items():
                samples[name].append(run_smoke_test(command, env))
    for name, values in samples.items():
        wall = statistics.median(v[0] for v in values)
        inside = statistics.median(v[1] for v in values)
        print(f"{name:32s} median startup_ms {inside:6.0f}   median wall {wall:7.0f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
