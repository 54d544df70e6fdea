"""The window paints on its own thread: Qt's pool for splitting large fills is never
made (counted as the threads Qt names for its pools, in a fresh process)."""

import os
import subprocess
import sys

# A fresh process paints a large translucent fill (Qt would split it among its pool)
# after importing the views (or not), then counts the threads Qt named for a pool.
_PROBE = """
import os, sys
if sys.argv[1] == "views":
    import battlewheel.views
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter
app = QGuiApplication([])
image = QImage(800, 800, QImage.Format.Format_ARGB32_Premultiplied)
painter = QPainter(image)
for _ in range(5):
    painter.fillRect(image.rect(), QColor(10, 20, 30, 100))
painter.end()
names = [open(f"/proc/self/task/{task}/comm").read().strip()
         for task in os.listdir("/proc/self/task")]
print(sum(name == "Thread (pooled)" for name in names))
"""


def _pooled_threads(first: str) -> int:
    env = {k: v for k, v in os.environ.items() if k != "QT_NO_GUI_THREADPOOL"}
    env["QT_QPA_PLATFORM"] = "offscreen"
    done = subprocess.run([sys.executable, "-c", _PROBE, first], capture_output=True,
                          text=True, env=env, check=True, timeout=60)
    return int(done.stdout.split()[-1])


def test_with_the_views_imported_qt_paints_a_large_fill_on_one_thread() -> None:
    """Without the views, Qt splits the fill among pooled threads; with them, none."""
    assert _pooled_threads("bare") > 0  # the probe sees the pool where Qt makes it
    assert _pooled_threads("views") == 0
