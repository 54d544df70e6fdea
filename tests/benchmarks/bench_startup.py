"""Start-up to first paint: Battlewheel's smoke test against a bare PySide6 window.

Run: ``.venv/bin/python -m tests.benchmarks.bench_startup [runs]``

Both programs run as fresh subprocesses on the offscreen platform, several times each,
alternating so that disk caches and machine load hit both alike. Each reports its own
``startup_ms``: from the top of the program (for Battlewheel, the first line of the
``battlewheel`` package, imported before anything else of ours) to the first paint of its window
(for Battlewheel, the wheel with the demo combat; the odds charts and character sheets
are filled in just after). The wall clock from process start to exit is printed too; it
includes interpreter start and Battlewheel's after-paint work (the smoke test handles
Qt's events until none is left) and the exit. Issue 27's targets (the first three rows
of its table): the whole process at most 3 times the bare window's wall clock, first
paint at most 2.5 times, peak memory (``ru_maxrss`` of each child, from ``os.wait4``) at
most 1.6 times. Each ratio is also given as the median of the runs' own ratios (each
Battlewheel run over the bare run just before it), which holds better when the machine's
load drifts during the measurement.

A last program runs the smoke test with every event Qt hands out timed (an application
whose ``notify`` notes the outermost calls) and prints the longest single one after
first paint: the longest the window would not answer (target: 50 ms).

A third program, "same Qt parts", builds what the issue asks the window to show with
no Battlewheel code at all: a graphics view with a wheel of labelled segments and eight
counters, two docks with a table and a tree, a menu bar, a toolbar and a status line.
It is the floor any implementation of that window pays for Qt alone, so its ratio to
the bare window says how much of the target is left for the program's own work.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time

BARE_WINDOW = """
import sys, time
started = time.perf_counter()
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
window = QMainWindow()
window.resize(1280, 800)
window.show()
window.repaint()
app.processEvents()
print(f"startup_ms={round((time.perf_counter() - started) * 1000)}")
window.close()
"""


QT_PARTS_WINDOW = """
import sys, time
started = time.perf_counter()
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QStandardItemModel, QStandardItem
from PySide6.QtWidgets import (
    QApplication, QDockWidget, QGraphicsScene, QGraphicsView, QMainWindow, QTableView,
    QTreeView,
)
app = QApplication(sys.argv)
window = QMainWindow()
scene = QGraphicsScene()
for tick in range(7):
    segment = scene.addEllipse(QRectF(-200, -200, 400, 400))
    segment.setStartAngle(tick * 16 * 360 // 7)
    segment.setSpanAngle(16 * 360 // 7)
    scene.addSimpleText(f"Tick {tick}").setPos(150 * (tick % 3), 40 * tick - 140)
for n in range(8):
    counter = scene.addEllipse(QRectF(-20 + 30 * n, -20, 40, 40), brush=QBrush(QColor("teal")))
    scene.addSimpleText(f"C{n}").setPos(-10 + 30 * n, -10)
view = QGraphicsView(scene)
view.setRenderHint(QPainter.RenderHint.Antialiasing)
window.setCentralWidget(view)
for title, widget in (("Combatants", QTableView()), ("Combat log", QTreeView())):
    model = QStandardItemModel(8, 3, widget)
    for row in range(8):
        model.setItem(row, 0, QStandardItem(f"Combatant {row}"))
    widget.setModel(model)
    dock = QDockWidget(title, window)
    dock.setWidget(widget)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
for name in ("&File", "&Edit", "&Combat", "&View", "&Help"):
    menu = window.menuBar().addMenu(name)
    for item in range(6):
        menu.addAction(f"Item {item}")
toolbar = window.addToolBar("Turn")
for name in ("Undo", "Redo", "Next tick", "Next action", "Declare", "Roll", "Apply"):
    toolbar.addAction(name)
window.statusBar().showMessage("Not started")
window.resize(1280, 800)
window.show()
window.repaint()
app.processEvents()
print(f"startup_ms={round((time.perf_counter() - started) * 1000)}")
window.close()
"""


LONGEST_WORK = """
import sys, time
from PySide6.QtWidgets import QApplication
from battlewheel.app import run_gui
from battlewheel.views.main_window import MainWindow

pieces = []  # (start, end, what) of each outermost event Qt hands to an object
painted = []


class Timed(QApplication):
    depth = 0

    def notify(self, receiver, event):
        if Timed.depth:
            return super().notify(receiver, event)
        Timed.depth = 1
        started = time.perf_counter()
        try:
            return super().notify(receiver, event)
        finally:
            Timed.depth = 0
            what = f"{type(receiver).__name__}/{event.type().name}"
            pieces.append((started, time.perf_counter(), what))


after = MainWindow._after_first_paint


def timed_after(self):
    painted.append(time.perf_counter())
    after(self)


MainWindow._after_first_paint = timed_after
app = Timed(sys.argv)
code = run_gui(None, smoke_test=True)
late = [(end - start, what) for start, end, what in pieces if end >= painted[0]]
longest, what = max(late)
print(f"longest_ms={longest * 1000:.1f} what={what} pieces={len(late)}")
sys.exit(code)
"""


def run_smoke_test(command: list[str], env: dict[str, str]) -> tuple[float, int, int]:
    """Run a program's smoke test: wall ms from process start to exit, its startup_ms,
    and its peak resident memory in KiB (``ru_maxrss`` of that one child)."""
    started = time.perf_counter()
    child = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
    )
    assert child.stdout is not None
    output = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = (time.perf_counter() - started) * 1000
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{command[-1]!r} exited {child.returncode}")
    inside = next(
        int(line.split("=", 1)[1])
        for line in output.splitlines()
        if line.startswith("startup_ms=")
    )
    return wall, inside, usage.ru_maxrss


def longest_work(env: dict[str, str]) -> str:
    """The longest single event the GUI thread handles after first paint (one run)."""
    result = subprocess.run(
        [sys.executable, "-c", LONGEST_WORK], capture_output=True, text=True, env=env,
        check=True,
    )
    return next(line for line in result.stdout.splitlines() if line.startswith("longest_ms="))


def main(runs: int = 7) -> None:
    """Time the programs ``runs`` times, interleaved, and print the medians and ratios."""
    with tempfile.TemporaryDirectory() as home:
        # Bytecode goes to a throw-away cache (never the source tree), as an installed
        # program has it compiled; the warm-up runs below fill it for both programs.
        env = dict(
            os.environ,
            QT_QPA_PLATFORM="offscreen",
            BATTLEWHEEL_HOME=home,
            PYTHONPYCACHEPREFIX=os.path.join(home, "pycache"),
        )
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        commands = {
            "bare PySide6 window": [sys.executable, "-c", BARE_WINDOW],
            "same Qt parts, no Battlewheel": [sys.executable, "-c", QT_PARTS_WINDOW],
            "battlewheel --smoke-test": [sys.executable, "-m", "battlewheel", "--smoke-test"],
        }
        times: dict[str, list[tuple[float, int, int]]] = {name: [] for name in commands}
        for command in commands.values():  # warm the file and bytecode caches
            run_smoke_test(command, env)
        for _ in range(runs):
            for name, command in commands.items():
                times[name].append(run_smoke_test(command, env))
        longest = [longest_work(env) for _ in range(3)]
    medians = {}
    for name, samples in times.items():
        wall = statistics.median(s[0] for s in samples)
        inside = statistics.median(s[1] for s in samples)
        memory = statistics.median(s[2] for s in samples) / 1024
        medians[name] = (wall, inside, memory)
        print(f"{name:30s} median wall {wall:7.0f} ms   median startup_ms {inside:6.0f}"
              f"   peak memory {memory:5.0f} MiB")
    bare, ours = medians["bare PySide6 window"], medians["battlewheel --smoke-test"]
    floor = medians["same Qt parts, no Battlewheel"]
    pairs = list(zip(times["battlewheel --smoke-test"], times["bare PySide6 window"],
                     strict=True))
    for index, (what, target) in enumerate((("wall clock, whole process", 3),
                                            ("startup_ms, first paint", 2.5),
                                            ("peak memory", 1.6))):
        paired = statistics.median(mine[index] / theirs[index] for mine, theirs in pairs)
        print(f"ratio ({what}) {ours[index] / bare[index]:.2f} of medians, "
              f"{paired:.2f} paired  (target <= {target})")
    for index, what in enumerate(("wall clock", "startup_ms", "peak memory")):
        print(f"same Qt parts / bare ({what}) {floor[index] / bare[index]:.2f}")
    for line in longest:
        print(f"after first paint, longest GUI-thread event: {line}  (target <= 50 ms)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
