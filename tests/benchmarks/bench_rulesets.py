"""Every ruleset gets the same benchmarks: a turn with 40 combatants, a 5,000-action replay.

Run: ``.venv/bin/python -m tests.benchmarks.bench_rulesets [repeats]``

For each registered ruleset the combat is its own ``demo_fight()`` with every combatant
joined again under new ids until 40 fight (the demo's later actions that name a
combatant are repeated for each copy). Then:

- "step": the ruleset's own next step with no dialog (the first enabled Combat-menu
  entry that carries an action: next tick, next turn ...; impulse has none, its turns
  all go through dialogs, so it is reported as such), pushed through
  the main window's undo stack, and Qt's queue drained (every repaint and timer it
  caused); the undo that puts the combat back is not timed. Issue 16's target: 5 ms.
  Both the wall clock and this process's CPU time are printed: on a shared machine
  the wall clock also counts waiting for a core.
- "replay": a log of 5,000 actions (the demo, then those next steps again and again;
  while the turn waits on a dialog, a pool spent or regained on a sheet instead),
  read back with ``CombatSession.from_json`` as opening a campaign does.

Figures are printed, never asserted.
"""

import contextlib
import importlib
import math
import os
import statistics
import sys
import tempfile
import time
from dataclasses import fields, is_dataclass, replace
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QAbstractEventDispatcher, QEventLoop, QThread
from PySide6.QtWidgets import QApplication

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import CombatSession

COMBATANTS = 40
LOG_LENGTH = 5000
# Ruleset name and the package whose ``demo`` module has its ``demo_fight()``.
RULESETS = (
    ("2e-rewrite", "tests.benchmarks.bench_tick_repaint"),
    ("3e", "battlewheel.engine.rulesets.ex3.demo"),
    ("impulse", "battlewheel.engine.rulesets.impulse.demo"),
    ("pool-and-ward", "battlewheel.engine.rulesets.poolward.demo"),
)


def until_idle() -> None:
    """Handle Qt's events until none is left."""
    dispatcher = QAbstractEventDispatcher.instance(QThread.currentThread())
    assert dispatcher is not None
    while dispatcher.processEvents(QEventLoop.ProcessEventsFlag.AllEvents):
        pass


def demo(module: str) -> CombatSession:
    """The ruleset's demo fight (2e: the tick benchmark's 40 fighters, already 40)."""
    found = importlib.import_module(module)
    if hasattr(found, "demo_fight"):
        session: CombatSession = found.demo_fight()
        return session
    session = found.forty_combatants()
    return session


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """``value`` with every combatant id (and a character's name) of ``names`` replaced."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, tuple):
        return tuple(_renamed(item, names) for item in value)
    if is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for field in fields(value):
            if not field.init:
                continue
            old = getattr(value, field.name)
            new = _renamed(old, names)
            if field.name == "name" and isinstance(old, str) and names.get("#"):
                new = f"{old} {names['#']}"
            if new is not old and new != old:
                changes[field.name] = new
        return replace(value, **changes) if changes else value
    return value


def forty(session: CombatSession) -> CombatSession:
    """The demo with each combatant joined again under new ids until 40 fight."""
    ruleset = session.ruleset
    ids = list(ruleset.combatants(session.state))
    if len(ids) >= COMBATANTS:
        return session
    copies = math.ceil(COMBATANTS / len(ids))
    grown = CombatSession(ruleset, session.options)
    for entry in session.log:
        action = entry.action
        if _renamed(action, {cid: f"{cid}~" for cid in ids}) == action:
            grown.apply(action)  # names nobody: once
            continue
        for copy in range(copies):
            names = {cid: cid if copy == 0 else f"{cid}{copy}" for cid in ids}
            names["#"] = str(copy) if copy else ""
            # A copy the rules refuse (one of a kind): the fight goes on without it.
            with contextlib.suppress(IllegalAction):
                grown.apply(_renamed(action, names) if copy else action)
    return grown


def next_step(session: CombatSession) -> Action | None:
    """The first enabled Combat-menu entry that carries an action (not one that ends)."""
    for entry in session.ruleset.turn_actions(session.state):
        wanted = entry.action is not None and entry.enabled and "end" not in entry.key
        if wanted and entry.action is not None and session.refusal(entry.action) is None:
            return entry.action
    return None


def pool_step(session: CombatSession, turn: int) -> Action | None:
    """A pool spent or regained on the sheet (the sheets' +/- buttons), round robin."""
    ruleset, state = session.ruleset, session.state
    ids = list(ruleset.combatants(state))
    for offset in range(len(ids)):
        cid = ids[(turn + offset) % len(ids)]
        for pool in ruleset.sheet(state, cid).pools():
            amount = -1 if pool.current > 0 else 1
            action = ruleset.pool_change(state, cid, pool.key, amount)
            if action is not None and session.refusal(action) is None:
                return action
    return None


def long_log(session: CombatSession) -> tuple[dict[str, Any], int, int]:
    """A log of ``LOG_LENGTH`` actions from ``session``: how many are next steps, and
    how many pools spent or regained on the sheets (when the turn needs a dialog)."""
    log = CombatSession.from_json(session.to_json())
    steps = pools = 0
    while len(log.log) < LOG_LENGTH:
        action = next_step(log)
        if action is not None:
            steps += 1
        else:
            action = pool_step(log, pools)
            pools += 1
        if action is None:
            break
        log.apply(action)
    return log.to_json(), steps, pools


def time_step(
    app: QApplication, session: CombatSession, repeats: int, *, pools: bool = False
) -> list[tuple[float, float]]:
    """Wall and CPU ms of a next step (or with ``pools`` a pool spent on a sheet) +
    drained repaint in the main window, ``repeats`` times."""
    from battlewheel.models.combat_model import CombatModel
    from battlewheel.views import settings as prefs
    from battlewheel.views.main_window import MainWindow

    with tempfile.TemporaryDirectory() as folder:
        window = MainWindow(
            CombatModel(session), settings=prefs.open_settings(Path(folder) / "s.ini")
        )
        window.resize(1600, 1000)
        window.show()
        until_idle()
        times = []
        for run in range(repeats + 5):
            now = window.combat.session
            action = pool_step(now, run) if pools else next_step(now)
            if action is None:
                break
            started, cpu = time.perf_counter(), time.process_time()
            window.combat.push(action)
            until_idle()
            if run >= 5:
                times.append(((time.perf_counter() - started) * 1000,
                              (time.process_time() - cpu) * 1000))
            window.combat.undo_stack.undo()
            until_idle()
        window.combat.undo_stack.setClean()
        window.close()
    return times


def main(repeats: int = 30) -> None:
    """Print, for each ruleset, the step with 40 combatants and the 5,000-action replay."""
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    for name, module in RULESETS:
        fight = forty(demo(module))
        count = len(fight.ruleset.combatants(fight.state))
        begin = next_step(fight)
        if begin is not None and "Start" in type(begin).__name__:
            fight.apply(begin)  # the demo waits for the GM to begin the fight
        times = time_step(app, fight, repeats)
        spends = time_step(app, fight, repeats, pools=True)
        log, steps, pools = long_log(fight)
        replays = []
        for _ in range(3):
            begun = time.perf_counter()
            replayed = CombatSession.from_json(log)
            replays.append((time.perf_counter() - begun) * 1000)
        actions = len(replayed.log)
        step = _medians(times) if times else "no step without a dialog"
        stepped = next_step(fight)
        kind = f" ({type(stepped).__name__})" if stepped is not None else ""
        print(f"{name:14s} {count} combatants: next step{kind} + drained repaint {step} "
              f"({len(times)} samples; target <= 5 ms)")
        if spends:
            print(f"{'':14s} a pool spent on a sheet + drained repaint {_medians(spends)} "
                  f"({len(spends)} samples)")
        print(f"{'':14s} replay of {actions} actions ({steps} next steps, {pools} pools "
              "spent or regained): "
              f"{min(replays):.0f} ms best of 3, {min(replays) * 1000 / actions:.0f} µs an action")


def _medians(samples: list[tuple[float, float]]) -> str:
    wall = statistics.median(wall for wall, _ in samples)
    cpu = statistics.median(cpu for _, cpu in samples)
    return f"median {wall:.1f} ms wall, {cpu:.1f} ms CPU"


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
