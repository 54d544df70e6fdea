"""Every ruleset gets the same benchmarks: a turn with 40 combatants, a 5,000-action replay.

Run: ``.venv/bin/python -m tests.benchmarks.bench_rulesets [repeats] [--no-replay]``
(``--no-replay``: the window's figures alone, without the 5,000-action replays)

For each ruleset found the combat is its conformance file's ``benched()`` (its demo
fight; 2e: the tick benchmark's 40 fighters) with every combatant joined again under new
ids until 40 fight (the demo's later actions that name a combatant are repeated for each
copy). Then:

- "step": the ruleset's own next step with no dialog (the first enabled Combat-menu
  entry that carries an action: next tick, next turn ...; impulse has none, its turns
  all go through dialogs, so it is reported as such), pushed through
  the main window's undo stack, and Qt's queue drained (every repaint and timer it
  caused); the undo that puts the combat back is not timed. Issue 16's target: 5 ms.
- "strike" (Impulse): the acting fighter's Decisive Strike recorded as its dialog
  records it (``push_all``), queue drained. Issue 27's target: 5 ms.
- "drop": a counter let go on a later slot as the wheel's drop does (the first one the
  ruleset takes without asking), queue drained. Issue 27's target: 5 ms.
  Both the wall clock and this process's CPU time are printed: on a shared machine
  the wall clock also counts waiting for a core.
- "replay": a log of 5,000 actions (the demo, then those next steps again and again;
  while the turn waits on a dialog, a pool spent or regained on a sheet instead),
  read back with ``CombatSession.from_json`` as opening a campaign does.

Figures are printed, never asserted.
"""

import contextlib
import math
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import fields, is_dataclass, replace
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QAbstractEventDispatcher, QEventLoop, QThread
from PySide6.QtWidgets import QApplication

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import CombatSession
from tests.conformance import SYSTEMS, piece

COMBATANTS = 40
LOG_LENGTH = 5000
def until_idle() -> None:
    """Handle Qt's events until none is left."""
    dispatcher = QAbstractEventDispatcher.instance(QThread.currentThread())
    assert dispatcher is not None
    while dispatcher.processEvents(QEventLoop.ProcessEventsFlag.AllEvents):
        pass


def benched(name: str) -> CombatSession:
    """The ruleset's fight for the benchmarks (its conformance file's ``benched``)."""
    session: CombatSession = piece(name, "benched")()
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


Step = Callable[[Any, int], Callable[[], object] | None]


def next_step_of(window: Any, run: int) -> Callable[[], object] | None:
    """The ruleset's next step pushed through the window's undo stack."""
    action = next_step(window.combat.session)
    return None if action is None else (lambda: window.combat.push(action))


def pool_step_of(window: Any, run: int) -> Callable[[], object] | None:
    """A pool spent or regained on a sheet, round robin."""
    action = pool_step(window.combat.session, run)
    return None if action is None else (lambda: window.combat.push(action))


def drop_of(window: Any, run: int) -> Callable[[], object] | None:
    """A counter let go on another slot, as the wheel's drop does; a drop the ruleset
    asks about first (Impulse: a GM's edit of the order) as the window carries it out
    once the GM says yes."""
    target = drop_target(window.combat)
    if target is None:
        return None
    cid, slot, asks = target
    if asks:
        return lambda: window.combat.drop(cid, slot)
    return lambda: window.drop_counter(cid, slot)


def drop_target(combat: Any) -> tuple[str, int, bool] | None:
    """The first counter on the wheel and a later slot it may be dropped on (unasked if
    any may), and whether that drop asks first."""
    wheel = combat.wheel()
    asked: tuple[str, int, bool] | None = None
    for counter in wheel.counters:
        if counter.slot is None:
            continue
        for step in range(1, wheel.slot_count):
            slot = (counter.slot + step) % wheel.slot_count
            verdict = combat.drop_verdict(counter.id, slot)
            if verdict.action is not None and not verdict.confirm:
                return counter.id, slot, False
            if verdict.action is not None and asked is None:
                asked = (counter.id, slot, True)
    return asked


def settle_ties(session: CombatSession) -> None:
    """Impulse: every tie put in the order listed, as its tie dialog would record it, so
    the round can begin (the 40 copies of the demo roll alike)."""
    if session.ruleset.name != "impulse":
        return
    from battlewheel.engine.rulesets.impulse.actions import SettleTie
    from battlewheel.engine.rulesets.impulse.menu import unsettled_ties

    for keys in unsettled_ties(session.state):
        session.apply(SettleTie(keys))


def within_reach(session: CombatSession) -> None:
    """Impulse: the fighter acting first put at melee range of every foe (the GM's
    SetRange, as a fight that has closed in), so its turn has a strike to time."""
    if session.ruleset.name != "impulse":
        return
    from battlewheel.engine.rulesets.impulse.actions import SetRange

    state = session.state
    actor = state.acting_id()
    for foe in [c for c in state.combatants if c != actor and state.hostile(actor, c)]:
        session.apply(SetRange(actor, foe, "melee"))


def strike_of(window: Any, run: int) -> Callable[[], object] | None:
    """Impulse: the acting fighter's Decisive Strike on a foe (3 accuracy successes, 2
    damage) recorded as its dialog records it (``push_all``: a trial, one undo macro)."""
    from battlewheel.engine.core.dice import DiceEntry
    from battlewheel.engine.rulesets.impulse.actions import DecisiveStrike
    from battlewheel.views.dialogs.apply import push_all

    session = window.combat.session
    state = session.state
    actor = state.acting_id() if hasattr(state, "acting_id") else None
    if actor is None:
        return None
    foes = [c for c in state.combatants if c != actor and state.can_act(c)
            and state.hostile(actor, c)]
    weapons = list(state.combatants[actor].character.weapons)
    weapon = weapons[0].name if weapons else "Unarmed"
    for foe in foes:
        action = DecisiveStrike(actor=actor, target=foe, weapon=weapon,
                                accuracy=DiceEntry.of_successes(3),
                                damage=DiceEntry.of_successes(2))
        if session.refusal(action) is None:
            text = action.sentence(session.ruleset.names(state))
            return lambda: push_all(window.combat, [action], text)
    return None


def time_step(
    app: QApplication, session: CombatSession, repeats: int, step: Step
) -> list[tuple[float, float]]:
    """Wall and CPU ms of ``step`` + drained repaint in the main window, ``repeats``
    times (after five not timed); the undo after each is not timed."""
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
            act = step(window, run)
            if act is None:
                break
            index = window.combat.undo_stack.index()
            started, cpu = time.perf_counter(), time.process_time()
            act()
            until_idle()
            if run >= 5:
                times.append(((time.perf_counter() - started) * 1000,
                              (time.process_time() - cpu) * 1000))
            if window.combat.undo_stack.index() == index:
                break  # refused: nothing to take back, nothing more to time
            window.combat.undo_stack.undo()
            until_idle()
        window.combat.undo_stack.setClean()
        window.close()
    return times


def main(repeats: int = 30, *, replay: bool = True) -> None:
    """Print, for each ruleset, the step, a drop (Impulse: a strike) with 40 combatants
    and the 5,000-action replay."""
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    for name in SYSTEMS:
        fight = forty(benched(name))
        count = len(fight.ruleset.combatants(fight.state))
        settle_ties(fight)
        begin = next_step(fight)
        if begin is not None and "Start" in type(begin).__name__:
            fight.apply(begin)  # the demo waits for the GM to begin the fight
        within_reach(fight)
        times = time_step(app, fight, repeats, next_step_of)
        drops = time_step(app, fight, repeats, drop_of)
        strikes = time_step(app, fight, repeats, strike_of) if name == "impulse" else []
        spends = time_step(app, fight, repeats, pool_step_of)
        _print_steps(name, count, fight, times, strikes, drops, spends)
        if not replay:
            continue
        log, steps, pools = long_log(fight)
        replays = []
        for _ in range(3):
            begun = time.perf_counter()
            replayed = CombatSession.from_json(log)
            replays.append((time.perf_counter() - begun) * 1000)
        actions = len(replayed.log)
        print(f"{'':14s} replay of {actions} actions ({steps} next steps, {pools} pools "
              "spent or regained): "
              f"{min(replays):.0f} ms best of 3, {min(replays) * 1000 / actions:.0f} µs an action")


Samples = list[tuple[float, float]]


def _print_steps(name: str, count: int, fight: CombatSession, times: Samples,
                 strikes: Samples, drops: Samples, spends: Samples) -> None:
    from battlewheel.models.combat_model import CombatModel

    step = _medians(times) if times else "no step without a dialog"
    stepped = next_step(fight)
    kind = f" ({type(stepped).__name__})" if stepped is not None else ""
    print(f"{name:14s} {count} combatants: next step{kind} + drained repaint {step} "
          f"({len(times)} samples; target <= 5 ms)")
    if strikes:
        print(f"{'':14s} a turn's strike through its dialog's push + drained repaint "
              f"{_medians(strikes)} ({len(strikes)} samples; target <= 5 ms)")
    target = drop_target(CombatModel(fight))
    asks = " (asked first, the GM says yes)" if target is not None and target[2] else ""
    dropped = _medians(drops) + asks if drops else "no counter can be dropped"
    print(f"{'':14s} counter drop + drained repaint {dropped} "
          f"({len(drops)} samples; target <= 5 ms)")
    if spends:
        print(f"{'':14s} a pool spent on a sheet + drained repaint {_medians(spends)} "
              f"({len(spends)} samples)")


def _medians(samples: list[tuple[float, float]]) -> str:
    wall = statistics.median(wall for wall, _ in samples)
    cpu = statistics.median(cpu for _, cpu in samples)
    return f"median {wall:.1f} ms wall, {cpu:.1f} ms CPU"


if __name__ == "__main__":
    counts = [arg for arg in sys.argv[1:] if arg.isdigit()]
    main(int(counts[0]) if counts else 30, replay="--no-replay" not in sys.argv)
