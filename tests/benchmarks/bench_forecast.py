"""The encounter forecast: 1,000 playouts of each demo fight beside today's code, and where
the time goes.

Run: ``.venv/bin/python -m tests.benchmarks.bench_forecast [runs] [workers]``
(``--baseline DIR``: the tree of the code to compare with, default /work/wt/baseline;
``--profile``: where the time of 100 playouts of each demo fight goes; ``--window``).

For each combat of the bundled demo campaign (one a system), from its start, the same
``runs`` playouts (seed 7) are played twice, each time in a fresh process
(``--one SYSTEM``) started with ``PYTHONPATH`` on one tree: first by the baseline
tree, then by this one, with ``workers`` spawn processes (2 unless told) started before
the clock starts, chunks of 25 playouts shared out as the window shares them. Printed:
both wall times (the best of ``--repeat N``, default 2, alternated) and the workers' CPU
time, their ratio (issue 37: at most a third of the baseline's, half where it
takes under 3 s), and whether the same seed gave the same JSON apart from the new
outcome names (the keys ``double_knockouts`` and ``stalls``, and an ending worded "Both
sides fall together" where the baseline said "Nobody wins (the fight stalls)"). The
load average is printed first: the machine is shared.

Figures are printed, never asserted.
"""

from __future__ import annotations

import cProfile
import json
import os
import pstats
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

SEED = 7
CHUNK = 25
PROFILED = 100
BASELINE = "/work/wt/baseline"
NEW_KEYS = ("double_knockouts", "stalls")
ENDING_WORDS = ("Both sides fall together", "Nobody wins (the fight stalls)")


def _demo(system: str) -> Any:
    from battlewheel.storage.demo_campaign import load_demo_campaign

    return next(record.session for record in load_demo_campaign().combats
                if record.session.ruleset.name == system)


def _chunk(job: tuple[str, list[int]]) -> tuple[float, list[Any]]:
    """A worker's share: playouts ``indices`` of the system's demo fight (in a worker),
    with the CPU time they took."""
    from battlewheel.engine.core import forecast as fc

    system, indices = job
    session = _WORKER_FIGHTS.get(system)
    if session is None:
        session = _WORKER_FIGHTS[system] = _demo(system)
    began = time.process_time()
    played = fc.run_playouts(session.ruleset, session.state, SEED, indices, {})
    return time.process_time() - began, played


_WORKER_FIGHTS: dict[str, Any] = {}


def _warm(system: str) -> None:
    _WORKER_FIGHTS[system] = _demo(system)


def one(system: str, runs: int, workers: int) -> None:
    """Time ``runs`` playouts of ``system``'s demo on ``workers`` processes; print JSON."""
    import multiprocessing

    from battlewheel.engine.core import forecast as fc

    session = _demo(system)
    jobs = [(system, list(range(start, min(start + CHUNK, runs))))
            for start in range(0, runs, CHUNK)]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        pool.map(_warm, [system] * workers)  # started and loaded before the clock starts
        began = time.perf_counter()
        shares = pool.map(_chunk, jobs, chunksize=1)
        wall = time.perf_counter() - began
    played = [p for _, share in shares for p in share]
    result = fc.summarise(session.ruleset, session.state, played, SEED, {})
    print(json.dumps({"wall": wall, "cpu": sum(cpu for cpu, _ in shares),
                      "forecast": result.to_json()}))


def _run_tree(tree: str, system: str, runs: int, workers: int) -> dict[str, Any]:
    environment = {**os.environ, "PYTHONPATH": str(Path(tree) / "desktop")}
    done = subprocess.run([sys.executable, "-m", "tests.benchmarks.bench_forecast", "--one",
                           system, str(runs), str(workers)], env=environment,
                          capture_output=True, text=True, check=True,
                          cwd=Path(__file__).parents[2])
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def _without_new_names(document: dict[str, Any]) -> dict[str, Any]:
    plain = {key: value for key, value in document.items() if key not in NEW_KEYS}
    plain["endings"] = [{**ending, "ending": ending["ending"].replace(*ENDING_WORDS)}
                        for ending in document["endings"]]
    return plain


def main(runs: int = 1000, workers: int = 2, baseline: str = BASELINE,
         repeats: int = 2) -> None:
    """Print the figures for each demo combat, the baseline beside this tree."""
    from battlewheel.engine.core.ruleset import ruleset_names

    here = str(Path(__file__).parents[2])
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} "
          f"{os.getloadavg()[2]:.2f}; {runs} playouts from each demo fight's start, "
          f"{workers} workers")
    for system in ruleset_names():
        before, after = _run_tree(baseline, system, runs, workers), \
            _run_tree(here, system, runs, workers)
        for _ in range(repeats - 1):  # alternated, the best of each: the load comes and goes
            before = min(before, _run_tree(baseline, system, runs, workers),
                         key=lambda run: run["wall"])
            after = min(after, _run_tree(here, system, runs, workers),
                        key=lambda run: run["wall"])
        ratio = after["wall"] / before["wall"]
        aim = 1 / 3 if before["wall"] >= 3 else 1 / 2
        same = _without_new_names(after["forecast"]) == _without_new_names(before["forecast"])
        new = {key: after["forecast"].get(key) for key in NEW_KEYS}
        print(f"{system:14} baseline {before['wall']:6.2f} s, now {after['wall']:6.2f} s, "
              f"ratio {ratio:.2f} (aim {aim:.2f}: {'met' if ratio <= aim else 'missed'}); "
              f"same JSON apart from the new names: {'yes' if same else 'NO'} {new}")
        print(f"{'':14} CPU of the workers: baseline {before['cpu']:6.2f} s, now "
              f"{after['cpu']:6.2f} s, ratio {after['cpu'] / before['cpu']:.2f}")
        if not same:
            print("   baseline sides", json.dumps(before["forecast"]["sides"]))
            print("   now      sides", json.dumps(after["forecast"]["sides"]))
            print("   mean_actions", before["forecast"]["mean_actions"], "->",
                  after["forecast"]["mean_actions"])


def _place(path: str) -> str:
    """A profile row's place: a ruleset's room (handlers, rules, autopilot...), a core
    module, or the standard library's."""
    if "battlewheel/" not in path:
        return "builtins" if path == "~" else "stdlib " + path.rsplit("/", 1)[-1]
    inside = path.split("battlewheel/")[-1]
    parts = inside.split("/")
    if inside.startswith("engine/rulesets/") and len(parts) > 3:
        return parts[3].removesuffix(".py")
    return inside.removesuffix(".py")


INCLUSIVE = {
    "Ruleset.apply": lambda f: f[0].endswith("core/ruleset.py") and f[2].startswith("apply"),
    "refresh": lambda f: f[2] == "refresh",
    "core checks": lambda f: f[2] in ("_refuse_unknown_fighters",
                                      "_refuse_meaningless_numbers"),
    "autopilot": lambda f: f[0].endswith("autopilot.py") and f[2] == "candidates",
    "file checks of values made": lambda f: f[2] == "check_storable",
    "state copies": lambda f: f[2] == "clone",
    "outcome": lambda f: f[0].endswith("core/ruleset.py") and f[2] == "outcome",
    "dice": lambda f: "core/dice.py" in f[0],
}


def _entered(stats: Any, matches: Any) -> float:
    """The time spent in functions ``matches`` picks, entered from functions it does not
    (so a recursion or one such function calling another is counted once)."""
    total = 0.0
    for function, (_, _, _, _, callers) in stats.stats.items():
        if matches(function):
            total += sum(edge[3] for caller, edge in callers.items() if not matches(caller))
    return total


def profile() -> None:
    """Where the time of ``PROFILED`` playouts of each demo fight goes, in this process."""
    from battlewheel.engine.core import forecast as fc
    from battlewheel.engine.core.ruleset import ruleset_names

    for system in ruleset_names():
        session = _demo(system)
        profiler = cProfile.Profile()
        profiler.enable()
        fc.run_playouts(session.ruleset, session.state, SEED, range(PROFILED), {})
        profiler.disable()
        stats = pstats.Stats(profiler)
        total = stats.total_tt  # type: ignore[attr-defined]
        own: Counter[str] = Counter()
        for (path, _line, _function), row in stats.stats.items():  # type: ignore[attr-defined]
            own[_place(path)] += row[2]
        print(f"{system:14} {PROFILED} playouts, {total:.2f} s profiled")
        print("  including what each calls: " + ", ".join(
            f"{name} {100 * _entered(stats, matches) / total:.0f}%"
            for name, matches in INCLUSIVE.items()))
        print("  own time by place: " + ", ".join(
            f"{name} {100 * seconds / total:.0f}%" for name, seconds in own.most_common(10)))


def window(runs: int) -> None:
    """The longest event of the forecast window while it runs and draws each demo fight."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QWidget

    from battlewheel.models.combat_model import CombatModel
    from battlewheel.storage.demo_campaign import load_demo_campaign
    from battlewheel.views.forecast_dialog import ForecastDialog
    from tests.benchmarks.event_timing import TimedApplication

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


def shutdown() -> None:
    """Close the window's worker processes (``--window``)."""
    from battlewheel.models.forecast_runner import shutdown as close

    close()


if __name__ == "__main__":
    words = sys.argv[1:]
    if "--one" in words:
        where = words.index("--one")
        one(words[where + 1], int(words[where + 2]), int(words[where + 3]))
    elif "--profile" in words:
        profile()
    else:
        chosen_tree = BASELINE
        repeat = 2
        if "--repeat" in words:
            where = words.index("--repeat")
            repeat = int(words[where + 1])
            del words[where:where + 2]
        if "--baseline" in words:
            where = words.index("--baseline")
            chosen_tree = words[where + 1]
            del words[where:where + 2]
        numbers = [int(word) for word in words if word.isdigit()]
        chosen = numbers[0] if numbers else 1000
        if "--window" in words:
            window(chosen)
        else:
            main(chosen, numbers[1] if len(numbers) > 1 else 2, chosen_tree, repeat)
