"""An application that times each event its loop hands out, for the benchmarks that ask
how long the window was busy (``bench_forecast --window``, ``bench_forecast_live``)."""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication


class TimedApplication(QApplication):
    """Times each event the loop hands out (the outermost ``notify``): wall time and this
    thread's CPU time (the machine is shared, so the wall time counts waits)."""

    depth, longest_wall, longest_cpu, events = 0, 0.0, 0.0, 0

    def notify(self, receiver: QObject, event: QEvent) -> bool:
        if self.depth:
            return super().notify(receiver, event)
        self.depth += 1
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            return super().notify(receiver, event)
        finally:
            self.depth -= 1
            self.events += 1
            self.longest_wall = max(self.longest_wall, time.perf_counter() - wall)
            self.longest_cpu = max(self.longest_cpu, time.thread_time() - cpu)
