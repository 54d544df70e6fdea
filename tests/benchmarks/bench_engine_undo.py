"""Undo cost at the end of a short and a long combat log.

Run: .venv/bin/python -m tests.benchmarks.bench_engine_undo

The session keeps a snapshot every 64 actions, so undo replays at most 63 actions:
the figure for a 5,000-action log should be about the figure for a 50-action one.
"""

from __future__ import annotations

import statistics
import time

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.rulesets.rewrite import (
    AddCombatant,
    Advance,
    ApplyTickEffects,
    CombatSession,
    CycleHealthBox,
    DeclaredManoeuvre,
    DeclareFlurry,
    RollJoinBattle,
    StartCombat,
)
from battlewheel.engine.rulesets.rewrite.block import Character

COMBATANTS = 12


def build(actions: int) -> CombatSession:
    """A twelve-combatant fight of exactly ``actions`` actions: ticks of Guard and clicks."""
    session = CombatSession.new()
    traits = {"dexterity": 3, "wits": 2, "stamina": 3}
    for n in range(COMBATANTS):
        who = Character(name=f"C{n}", attributes=traits, abilities={"awareness": 2})
        session.apply(AddCombatant(f"c{n}", who, "ally" if n % 2 else "enemy"))
        session.apply(RollJoinBattle(f"c{n}", DiceEntry.of_successes(n % 5)))
    session.apply(StartCombat())
    while len(session.log) < actions:
        _step(session, actions)
    return session


def _step(session: CombatSession, limit: int) -> None:
    if session.state.acting_ids():
        for cid in session.state.acting_ids():
            if len(session.log) >= limit:
                return
            session.apply(DeclareFlurry(cid, (DeclaredManoeuvre("guard"),)))
        if len(session.log) < limit:
            session.apply(ApplyTickEffects())
        return
    if len(session.log) % 3 == 0:
        session.apply(CycleHealthBox("c0", len(session.log) % 4))
    else:
        session.apply(Advance())


def undo_seconds(session: CombatSession, repeats: int = 30) -> float:
    """Median time of one undo at the end of the log (redo puts the action back)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        session.undo()
        times.append(time.perf_counter() - start)
        session.redo()
    return statistics.median(times)


def successive_undo_seconds(session: CombatSession, count: int = 64) -> tuple[float, float]:
    """Mean and worst time of ``count`` undos in a row (every distance from a snapshot)."""
    times = []
    for _ in range(min(count, len(session.log))):
        start = time.perf_counter()
        session.undo()
        times.append(time.perf_counter() - start)
    return statistics.mean(times), max(times)


def main() -> None:
    """Print the undo figures for 50 and 5,000 actions."""
    for actions in (50, 5000):
        session = build(actions)
        last = undo_seconds(session) * 1000
        mean, worst = (t * 1000 for t in successive_undo_seconds(session))
        print(
            f"{actions:>5}-action log: undo of the last action {last:.2f} ms; "
            f"64 undos in a row: mean {mean:.2f} ms, worst {worst:.2f} ms"
        )
    start = time.perf_counter()
    CombatSession.from_json(build(5000).to_json())
    print(f"build + reload of a 5000-action log: {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
