"""The encounter forecast: 1,000 playouts of each demo fight, and where the time goes.

Run: ``.venv/bin/python -m tests.benchmarks.bench_forecast [runs] [workers] [--window]``

For each combat of the bundled demo campaign (one a system), from where it stands:

- "wall": the whole forecast as Combat > Forecast runs it (worker processes, one a core
  unless told, the pool already started so its start-up is not counted), seed 7;
  issue 28's target is 10 s for 1,000 playouts on the 2-core machine;
- "per playout": the mean wall time of one playout in this process, its mean number of
  actions and the time per action;
- "where": a profile of 20 playouts in this process, as shares of their time: the
  engine applying the actions (``Ruleset.apply``: handlers and ``refresh``), of which
  ``refresh`` alone, the autopilot building its candidates (pools, plans, dice),
  copying states (``clone``), and the forecast's own checks (``outcome``);
- "stalemates": the share of playouts still going at the limit;
- with ``--window``: Combat > Forecast's dialog (offscreen) runs each demo fight, and the
  longest gap of a 1 ms heartbeat timer from Run until the result is drawn is printed:
  the longest the window was held by one event (issue 28: never over 50 ms).

Figures are printed, never asserted.
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import time

from battlewheel.engine.core import forecast as fc
from battlewheel.models.forecast_runner import ForecastJob, ForecastRequest, shutdown
from battlewheel.storage.campaign import load_demo_campaign

PROFILED = 20
SEED = 7


def _share(stats: pstats.Stats, total: float, *names: str) -> float:
    """The cumulative time of the functions whose name (file:line(function)) ends so."""
    found = 0.0
    for (path, _line, function), row in stats.stats.items():  # type: ignore[attr-defined]
        if any(f"{path}:{function}".endswith(name) for name in names):
            found += row[3]
    return 100 * found / total if total else 0.0


def profile(ruleset: object, state: object) -> str:
    """Where the time of a few playouts goes."""
    profiler = cProfile.Profile()
    profiler.enable()
    fc.run_playouts(ruleset, state, SEED, range(PROFILED), {})  # type: ignore[arg-type]
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt  # type: ignore[attr-defined]
    parts = {
        "engine apply": _share(stats, total, "core/ruleset.py:apply"),
        "refresh": _share(stats, total, "ruleset.py:refresh", "rewrite.py:refresh"),
        "autopilot": _share(stats, total, "autopilot.py:candidates"),
        "clone": _share(stats, total, "state.py:clone"),
        "outcome": _share(stats, total, "autopilot.py:outcome"),
    }
    return ", ".join(f"{name} {share:.0f}%" for name, share in parts.items())


def main(runs: int = fc.DEFAULT_RUNS, workers: int | None = None) -> None:
    """Print the figures for each demo combat."""
    campaign = load_demo_campaign()
    warm = ForecastJob(ForecastRequest("pool-and-ward", campaign.combats[2].session.state, 4),
                       workers)
    warm.start()
    warm.wait()  # the worker processes are started once, by the first forecast
    for record in campaign.combats:
        session = record.session
        ruleset, state = session.ruleset, session.state
        started = time.perf_counter()
        job = ForecastJob(ForecastRequest(ruleset.name, state, runs, SEED), workers)
        job.start()
        result = job.wait()
        wall = time.perf_counter() - started
        began = time.perf_counter()
        sample = fc.run_playouts(ruleset, state, SEED, range(PROFILED), {})
        each = (time.perf_counter() - began) / PROFILED
        steps = sum(p.steps for p in sample) / PROFILED
        ally = result.side("ally")
        print(f"{ruleset.name:14} {record.name}")
        print(f"  wall {wall:6.1f} s for {runs} playouts ({job.workers} workers); allies win "
              f"{100 * ally.share:.1f}%, stalemates {100 * result.stalemates / runs:.1f}%, "
              f"mean length {result.mean_length:.1f} {result.clock_unit}")
        print(f"  per playout {1000 * each:7.1f} ms, {steps:6.1f} actions, "
              f"{1000 * each / max(steps, 1):.2f} ms an action")
        print(f"  where: {profile(ruleset, state)}")
    shutdown()


def window(runs: int) -> None:
    """The longest event of the forecast window while it runs and draws each demo fight."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication, QWidget

    from battlewheel.models.combat_model import CombatModel
    from battlewheel.views.forecast_dialog import ForecastDialog

    class TimedApplication(QApplication):
        """Times each event the loop hands out (the outermost ``notify``): wall time and
        this thread's CPU time (the machine is shared, so the wall time counts waits)."""

        depth, longest_wall, longest_cpu = 0, 0.0, 0.0

        def notify(self, receiver: QObject, event: QEvent) -> bool:
            if self.depth:
                return super().notify(receiver, event)
            self.depth += 1
            wall, cpu = time.perf_counter(), time.thread_time()
            try:
                return super().notify(receiver, event)
            finally:
                self.depth -= 1
                self.longest_wall = max(self.longest_wall, time.perf_counter() - wall)
                self.longest_cpu = max(self.longest_cpu, time.thread_time() - cpu)

    app = TimedApplication([])
    parent = QWidget()
    for record in load_demo_campaign().combats:
        dialog = ForecastDialog(parent, CombatModel(record.session), None)
        dialog.runs.setValue(runs)
        dialog.show()
        _settle(app, 0.5)
        app.longest_wall = app.longest_cpu = 0.0
        started = time.perf_counter()
        dialog.run_button.click()
        while dialog.forecast is None:
            app.processEvents()
            time.sleep(0.0005)
        _settle(app, 0.2)  # the last piece's paint
        print(f"{record.session.ruleset.name:14} window: {time.perf_counter() - started:5.1f} s, "
              f"longest event {1000 * app.longest_wall:.0f} ms "
              f"({1000 * app.longest_cpu:.0f} ms of CPU)")
        dialog.close()
    shutdown()


def _settle(app: object, seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()  # type: ignore[attr-defined]
        time.sleep(0.0005)


if __name__ == "__main__":
    arguments = [word for word in sys.argv[1:] if word != "--window"]
    chosen = int(arguments[0]) if arguments else fc.DEFAULT_RUNS
    if "--window" in sys.argv:
        window(chosen)
    else:
        main(chosen, int(arguments[1]) if len(arguments) > 1 else None)
