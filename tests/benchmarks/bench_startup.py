"""Start-up to first paint: Battlewheel's smoke test against a bare PySide6 window.

Run: ``.venv/bin/python -m tests.benchmarks.bench_startup [runs]``

Both programs run as fresh subprocesses on the offscreen platform, several times each,
alternating so that disk caches and machine load hit both alike. Each reports its own
``startup_ms``: from the top of the program (for Battlewheel, the first line of
``battlewheel.cli``, before any of its own imports) to the first paint of its window
(for Battlewheel, the wheel with the demo combat; the odds charts and character sheets
are filled in just after). The wall clock from process start to exit is printed too; it
includes interpreter start and Battlewheel's after-paint work and the exit. The
target: Battlewheel's start-up to first paint at most 1.5 times the bare window's.

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


def run_smoke_test(command: list[str], env: dict[str, str]) -> tuple[float, int]:
    """Run a program's smoke test: wall ms from process start to exit, and its startup_ms."""
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    wall = (time.perf_counter() - started) * 1000
    inside = next(
        int(line.split("=", 1)[1])
        for line in result.stdout.splitlines()
        if line.startswith("startup_ms=")
    )
    return wall, inside


def main(runs: int = 7) -> None:
    """Time both programs ``runs`` times and print the medians and the ratios."""
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
        times: dict[str, list[tuple[float, int]]] = {name: [] for name in commands}
        for command in commands.values():  # warm the file and bytecode caches
            run_smoke_test(command, env)
        for _ in range(runs):
            for name, command in commands.items():
                times[name].append(run_smoke_test(command, env))
    medians = {}
    for name, samples in times.items():
        wall = statistics.median(s[0] for s in samples)
        inside = statistics.median(s[1] for s in samples)
        medians[name] = (wall, inside)
        print(f"{name:30s} median wall {wall:7.0f} ms   median startup_ms {inside:6.0f}")
    bare, ours = medians["bare PySide6 window"], medians["battlewheel --smoke-test"]
    floor = medians["same Qt parts, no Battlewheel"]
    print(f"ratio (startup_ms)   {ours[1] / bare[1]:.2f}  (target <= 1.5)")
    print(f"ratio (wall clock)   {ours[0] / bare[0]:.2f}")
    print(f"same Qt parts / bare (startup_ms) {floor[1] / bare[1]:.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
