"""Where start-up's CPU time goes: Battlewheel's smoke test cut into its stages.

Run: ``.venv/bin/python -m tests.benchmarks.bench_startup_stages [runs]``

``bench_startup`` says how long the first paint takes against a bare PySide6 window;
this says what of it is whose. Each run is a fresh subprocess on the offscreen platform
that goes through ``app._smoke_test``'s steps one by one (the same functions, in the
same order: the engine and storage, the first combat read before Qt, PySide6 and the
application, the window's modules, the window, the storage wiring, then showing it up
to the first paint and on until idle) and notes this process's CPU time
(``time.process_time``) after each. If ``app._smoke_test`` changes its steps, change
``STAGES`` with it. The bare window and the "same Qt parts" program of ``bench_startup``
are run as well, each reporting its CPU time at its first paint. CPU time, not the wall
clock: on a shared machine the wall clock also counts waiting for a core. Every figure
includes the interpreter's own start (``interpreter``), which all three programs pay.

Figures are printed (medians of the runs), never asserted.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile

from tests.benchmarks.bench_startup import BARE_WINDOW, QT_PARTS_WINDOW

STAGES = """
import json, os, tempfile, time
from pathlib import Path

marks = [("interpreter", time.process_time())]
def mark(name):
    marks.append((name, time.process_time()))

import battlewheel.app as app
mark("package and app")
import gc
gc.disable()  # as run_gui does, until the first paint
folder = Path(tempfile.mkdtemp())
from battlewheel.storage.paths import HOME_VARIABLE
os.environ[HOME_VARIABLE] = str(folder)
app._import_pure_layers()
mark("engine and storage")
opened = app._open_before_qt(None)
mark("first combat read (its system's engine)")
import PySide6.QtGui, PySide6.QtWidgets
mark("PySide6 imported")
qt = app._application()
mark("QApplication")
from battlewheel.models.combat_model import CombatModel
from battlewheel.views import settings as prefs
from battlewheel.views.error_dialog import install_excepthook
from battlewheel.views.main_window import MainWindow
mark("window's modules")
app.forget_read_sources()
model = CombatModel(opened.first.session, history=True)
window = MainWindow(model, settings=prefs.open_settings(folder / "settings.ini"),
                    text_scale=prefs.TextScale(qt), files=opened.files)
mark("window built")
app.wire_storage(window, opened.files, later=True)
window.show_file(opened.first.path, unsaved=opened.first.restored)
install_excepthook(window)
app.collect_after_first_paint(window)
mark("storage wired")
painted = []
window.firstPainted.connect(lambda: painted.append(time.process_time()))
window.show()
from PySide6.QtCore import QEventLoop
while not painted:
    qt.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
marks.append(("shown, first paint", painted[0]))
app.until_idle()
mark("after the first paint, until idle")
window.close()
print(json.dumps(marks))
"""

AT_PAINT = 'print(f"cpu_ms={time.process_time() * 1000:.1f}"); print(f"startup_ms='


def stages(env: dict[str, str]) -> list[tuple[str, float]]:
    """One run of the stages: each one's CPU ms (the first: the interpreter's start)."""
    result = subprocess.run([sys.executable, "-c", STAGES], capture_output=True, text=True,
                            env=env, check=True)
    marks = json.loads(result.stdout.strip().splitlines()[-1])
    times, before = [], 0.0
    for name, at in marks:
        times.append((name, (at - before) * 1000))
        before = at
    return times


def cpu_at_paint(program: str, env: dict[str, str]) -> float:
    """A ``bench_startup`` program's CPU ms at its first paint (interpreter included)."""
    timed = program.replace('print(f"startup_ms=', AT_PAINT)
    result = subprocess.run([sys.executable, "-c", timed], capture_output=True, text=True,
                            env=env, check=True)
    line = next(s for s in result.stdout.splitlines() if s.startswith("cpu_ms="))
    return float(line.split("=", 1)[1])


def main(runs: int = 7) -> None:
    """Run everything ``runs`` times (after one warm-up each) and print the medians."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEWHEEL_HOME=home,
                   PYTHONPYCACHEPREFIX=os.path.join(home, "pycache"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        stages(env)  # warm the file and bytecode caches for all three
        cpu_at_paint(BARE_WINDOW, env)
        cpu_at_paint(QT_PARTS_WINDOW, env)
        ours, bare, floor = [], [], []
        for _ in range(runs):
            ours.append(stages(env))
            bare.append(cpu_at_paint(BARE_WINDOW, env))
            floor.append(cpu_at_paint(QT_PARTS_WINDOW, env))
    to_paint = 0.0
    for index, (name, _) in enumerate(ours[0]):
        median = statistics.median(run[index][1] for run in ours)
        print(f"{name:42s} {median:7.1f} ms CPU")
        if not name.startswith("after"):
            to_paint += median
    print(f"{'battlewheel to the first paint (sum)':42s} {to_paint:7.1f} ms CPU")
    print(f"{'same Qt parts, no Battlewheel':42s} {statistics.median(floor):7.1f} ms CPU")
    print(f"{'bare PySide6 window':42s} {statistics.median(bare):7.1f} ms CPU")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
