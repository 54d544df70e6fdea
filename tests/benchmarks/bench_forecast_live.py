"""The forecast while you wait (issue 37): the first estimate, Cancel, and the window's events.

Run: ``PYTHONPATH=desktop .venv/bin/python -m tests.benchmarks.bench_forecast_live [runs]``

For each demo fight from its start, and for the 2e and Impulse demo fights played forward
3 rounds (2e: 18 ticks, about three rounds of Speed 5-6 actions) by the autopilot with
dice rolled from a fixed seed (``forward_campaign``, written to a temporary file):

- "today": the whole time of ``battlewheel forecast --runs N`` with today's code
  (``/work/wt/baseline``, or ``BASELINE`` in the environment), run as a separate process
  so that its start-up, its worker processes and the playouts all count;
- "first": the time from starting ``battlewheel forecast --runs N --progress`` with this
  tree's code to its first progress line (the first estimate), and as a share of today's
  whole time (issue 37: at most 15%); "whole": the same command's whole time. Today's and
  this tree's commands run one after the other for each fight, so they see the same load;
- "cancel": a 2e forecast on warm workers is cancelled while its chunks run: the time until
  every chunk has stopped (issue 37: within 0.2 s);
- "window": Combat > Forecast (offscreen) runs each demo fight; an event-duration probe
  (the outermost ``QApplication.notify``) gives the longest event from Run until the result
  is drawn, the running estimate being redrawn all the while (issue 37: never over 50 ms),
  and the time from Run to the first estimate on screen.

Figures are printed, with the load average, never asserted.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from battlewheel.storage.campaign import save_campaign
from battlewheel.storage.demo_campaign import load_demo_campaign

ROOT = Path(__file__).parents[2]
BASELINE = Path(os.environ.get("BASELINE", "/work/wt/baseline"))
SEED = 7
FORWARD_SEED = 3
FORWARD = {"rounds": 3, "ticks": 18}  # the clock's advance that stands for three rounds
PYTHON = sys.executable


def forward_campaign(path: Path) -> list[str]:
    """The demo campaign with the 2e and Impulse fights also played forward 3 rounds (the
    autopilot on every side, dice from ``FORWARD_SEED``); the combats to time, by id."""
    campaign = load_demo_campaign()
    added = []
    for record in list(campaign.combats):
        session = record.session
        if session.ruleset.name not in ("2e-rewrite", "impulse"):
            continue
        played = type(session).from_json(session.to_json())
        ruleset, rng = played.ruleset, random.Random(FORWARD_SEED)
        until = ruleset.outcome(played.state).clock + FORWARD[ruleset.forecast_unit]
        while ruleset.outcome(played.state).clock < until:
            action = ruleset.autopilot(played.state, rng, {})
            if action is None or ruleset.outcome(played.state).over:
                raise RuntimeError(f"{record.name} ended before it was 3 rounds in")
            played.apply(action)
        campaign = campaign.with_combat(f"{record.name}, 3 rounds in", played)
        added.append(campaign.combats[-1].id)
    save_campaign(campaign, path)
    return [record.id for record in load_demo_campaign().combats] + added


def _command(code: Path, campaign: Path, combat: str, runs: int, *extra: str) -> list[str]:
    return [PYTHON, "-m", "battlewheel", "forecast", str(campaign), "--combat", combat,
            "--runs", str(runs), "--seed", str(SEED), *extra]


def _environment(code: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(code / "desktop")}


def today_whole(campaign: Path, combat: str, runs: int) -> float:
    """Today's code: the whole command, start to exit."""
    started = time.perf_counter()
    subprocess.run(_command(BASELINE, campaign, combat, runs), env=_environment(BASELINE),
                   check=True, stdout=subprocess.DEVNULL, cwd=tempfile.gettempdir())
    return time.perf_counter() - started


def live_times(campaign: Path, combat: str, runs: int) -> tuple[float, float, int]:
    """This tree: the time to the first progress line, the whole time, the lines printed."""
    started = time.perf_counter()
    process = subprocess.Popen(_command(ROOT, campaign, combat, runs, "--progress"),
                               env=_environment(ROOT), stdout=subprocess.PIPE, text=True,
                               cwd=tempfile.gettempdir())
    assert process.stdout is not None
    first, lines = 0.0, 0
    for line in process.stdout:
        if line.startswith('{"progress"'):
            lines += 1
            if not first:
                first = time.perf_counter() - started
    process.wait()
    if process.returncode:
        raise RuntimeError(f"forecast of {combat} failed ({process.returncode})")
    return first, time.perf_counter() - started, lines


def cancel_latency(tries: int = 3) -> list[float]:
    """A 2e forecast on warm workers cancelled while running: until every chunk stopped."""
    from battlewheel.models.forecast_runner import ForecastJob, ForecastRequest, warm

    state = load_demo_campaign().combat("combat-1").session.state
    warm(None, ("2e-rewrite",)).join()
    found = []
    for attempt in range(tries):
        job = ForecastJob(ForecastRequest("2e-rewrite", state, 5000, attempt))
        job.start()
        while not any(f.running() for f in job._futures):
            time.sleep(0.005)
        time.sleep(0.5)  # into the chunks' playouts
        asked = time.perf_counter()
        job.cancel()
        while not all(f.done() for f in job._futures):
            time.sleep(0.001)
        found.append(time.perf_counter() - asked)
    return found


def window(runs: int) -> None:
    """The longest event of the forecast window while the running estimate is drawn."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QWidget

    from battlewheel.models.combat_model import CombatModel
    from battlewheel.views.forecast_dialog import ForecastDialog
    from tests.benchmarks.event_timing import TimedApplication


    app = TimedApplication([])
    parent = QWidget()
    for record in load_demo_campaign().combats:
        dialog = ForecastDialog(parent, CombatModel(record.session), None)
        dialog.runs.setValue(runs)
        dialog.precision.setValue(0.0)  # every run, so each fight is drawn for its whole run
        dialog.show()
        _settle(app, 3.0)  # the workers warm meanwhile, as when a GM opens the window
        app.longest_wall = app.longest_cpu = 0.0
        app.events = 0
        started = time.perf_counter()
        first = 0.0
        redraws = 0
        last_text = ""
        dialog.run_button.click()
        while dialog.forecast is None:
            app.processEvents()
            text = dialog.odds_label.text()
            if "So far:" in text and text != last_text:
                redraws += 1
                last_text = text
                first = first or time.perf_counter() - started
            time.sleep(0.0005)
        _settle(app, 0.2)  # the last piece's paint
        print(f"  {record.session.ruleset.name:14} window: first estimate {first:5.2f} s, "
              f"whole {time.perf_counter() - started:5.1f} s, {redraws} estimates drawn, "
              f"longest event {1000 * app.longest_wall:.0f} ms "
              f"({1000 * app.longest_cpu:.0f} ms of CPU) of {app.events} events")
        dialog.cancel()
        dialog.close()


def _settle(app: object, seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()  # type: ignore[attr-defined]
        time.sleep(0.0005)


def main(runs: int) -> None:
    """Print every figure."""
    from battlewheel.models.forecast_runner import shutdown

    print(f"load average at the start: {os.getloadavg()}; {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        campaign = Path(folder) / "forward.json"
        combats = forward_campaign(campaign)
        print(f"first estimate (--progress) against today's whole time, {runs} playouts, "
              f"seed {SEED}:")
        for combat in combats:
            whole_today = today_whole(campaign, combat, runs)
            first, whole, lines = live_times(campaign, combat, runs)
            print(f"  {combat:28} today {whole_today:6.1f} s; first estimate {first:5.2f} s "
                  f"= {100 * first / whole_today:4.1f}% of it; whole now {whole:6.1f} s, "
                  f"{lines} progress lines; load {os.getloadavg()[0]:.1f}")
    latencies = cancel_latency()
    print("cancel (2e, warm workers): " + ", ".join(f"{1000 * t:.0f} ms" for t in latencies))
    shutdown()
    print("the window, running estimate drawn as the playouts come:")
    window(runs)
    shutdown()
    print(f"load average at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
