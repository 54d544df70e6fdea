"""Widgets only: the wheel scene, sheets, docks and dialogs.

Qt splits any fill taller than about a hundred pixel rows (a dock's background, the
log's or the wheel's) among a pool of threads and waits for them. The window's
repaints are small and many, and on a machine of two busy cores the hand-over cost
more than the fill (a quarter of a step's time was the kernel switching threads): Qt
is asked for no such pool, before anything is painted (Qt reads this once).
"""

import os

os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")
