"""Next tick plus repaint with 40 combatants: the GM's most frequent keypress.

Run: ``.venv/bin/python -m tests.benchmarks.bench_tick_repaint [repeats]``

A combat of 40 combatants (20 a side, Join Battle successes spread so every segment
holds several counters) runs in the full main window (wheel, roster, log and 40
character-sheet docks) on the offscreen platform. Each sample pushes "next tick" through
the undo stack (or drops a counter on another segment, as the wheel does) and then
handles Qt's events until none is left, so every queued update, repaint and timer the
step caused is counted; the undo that puts the combat back for the next sample is not
timed. Target (issue 16): at most 5 ms each.
"""

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QAbstractEventDispatcher, QEventLoop, QThread
from PySide6.QtWidgets import QApplication

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite.actions import (
    AddCombatant,
    NextTick,
    RollJoinBattle,
    StartCombat,
)
from battlewheel.models.combat_model import CombatModel
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from tests.desktop.started_combat import character_of, started_roster

COMBATANTS = 40


def forty_combatants() -> CombatSession:
    """A started combat of 40 fighters built from the started test combat's characters."""
    roster = started_roster()["combatants"]
    session = CombatSession.new()
    for n in range(COMBATANTS):
        entry = roster[n % len(roster)]
        character = character_of(entry)
        character = type(character).from_json({**character.to_json(), "name": f"Fighter {n}"})
        side = "ally" if n % 2 == 0 else "enemy"
        session.apply(AddCombatant(id=f"f{n}", character=character, side=side))
    for n in range(COMBATANTS):
        dice = DiceEntry.of_successes(n % 7)
        session.apply(RollJoinBattle(combatant=f"f{n}", dice=dice))
    session.apply(StartCombat())
    return session


Sample = tuple[float, float, float]


def until_idle() -> None:
    """Handle Qt's events until none is left (as ``battlewheel.app.until_idle``)."""
    dispatcher = QAbstractEventDispatcher.instance(QThread.currentThread())
    assert dispatcher is not None
    while dispatcher.processEvents(QEventLoop.ProcessEventsFlag.AllEvents):
        pass


def _sample(app: QApplication, window: MainWindow, *, full: bool) -> Sample:
    """One next tick: wall ms to the new state, wall ms to the repaint, CPU ms in all."""
    return _timed(app, window, lambda: window.combat.push(NextTick()), full=full)


def _drop_sample(app: QApplication, window: MainWindow, cid: str, slot: int) -> Sample:
    """One counter dropped on another segment (as the wheel's drop does), queue drained."""
    return _timed(app, window, lambda: _drop(window, cid, slot), full=False)


def _drop(window: MainWindow, cid: str, slot: int) -> str | None:
    verdict = window.combat.drop_verdict(cid, slot)
    if verdict.action is None or verdict.confirm:
        return verdict.refusal or "the drop asks first"
    window.drop_counter(cid, slot)
    return None


def _timed(app: QApplication, window: MainWindow, step: Callable[[], object], *,
           full: bool) -> Sample:
    cpu = time.process_time()
    started = time.perf_counter()
    refused = step()
    stepped = time.perf_counter()
    if full:
        window.repaint()  # every widget of the window, dirty or not
    until_idle()  # what Qt really does: every queued update, repaint and timer
    painted = time.perf_counter()
    cpu_ms = (time.process_time() - cpu) * 1000
    if refused is not None:
        raise SystemExit(f"refused: {refused}")
    window.combat.undo_stack.undo()
    until_idle()
    return (stepped - started) * 1000, (painted - stepped) * 1000, cpu_ms


def _drop_target(window: MainWindow) -> tuple[str, int]:
    """A counter on the wheel and a later segment it may be dropped on without asking."""
    wheel = window.combat.wheel()
    for counter in wheel.counters:
        if counter.slot is None:
            continue
        for step in range(1, wheel.slot_count):
            slot = (counter.slot + step) % wheel.slot_count
            verdict = window.combat.drop_verdict(counter.id, slot)
            if verdict.action is not None and not verdict.confirm:
                return counter.id, slot
    raise SystemExit("no counter can be dropped without asking")


def main(repeats: int = 60) -> None:
    """Build the window, time ``repeats`` next-tick-and-repaint steps, print the figures."""
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    with tempfile.TemporaryDirectory() as folder:
        window = MainWindow(
            CombatModel(forty_combatants()),
            settings=prefs.open_settings(Path(folder) / "settings.ini"),
        )
        window.resize(1600, 1000)
        painted: list[bool] = []
        window.firstPainted.connect(lambda: painted.append(True))
        window.show()
        while not painted:
            app.processEvents()
        until_idle()  # the sheets are built after first paint
        for _ in range(5):
            _sample(app, window, full=False)  # warm up
        dirty = [_sample(app, window, full=False) for _ in range(repeats)]
        full = [_sample(app, window, full=True) for _ in range(repeats)]
        cid, slot = _drop_target(window)
        for _ in range(5):
            _drop_sample(app, window, cid, slot)
        drops = [_drop_sample(app, window, cid, slot) for _ in range(repeats)]
        window.combat.undo_stack.setClean()  # nothing to save: close without asking
        window.close()
    print(f"combatants {COMBATANTS}, sheet docks {len(window.sheet_docks)}, samples {repeats}")
    _report("next tick + repaint of what changed, queue drained", dirty)
    _report("next tick + repaint of the whole window, queue drained", full)
    _report(f"counter drop ({cid} to slot {slot}) + repaint, queue drained", drops)


def _report(title: str, samples: list[Sample]) -> None:
    # On a shared machine the wall clock includes waiting for a core; the CPU time
    # of this process is the steadier figure, so both are printed.
    totals = sorted(step + paint for step, paint, _ in samples)
    step = statistics.median(s[0] for s in samples)
    paint = statistics.median(s[1] for s in samples)
    cpu = statistics.median(s[2] for s in samples)
    print(
        f"{title}: median {statistics.median(totals):.1f} ms wall "
        f"(engine + models {step:.1f}, paint {paint:.1f}), {cpu:.1f} ms CPU; "
        f"90th percentile {totals[int(len(totals) * 0.9) - 1]:.1f} ms, max {totals[-1]:.1f} ms"
        " (target <= 5 ms)"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
