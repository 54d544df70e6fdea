"""Pool & Ward's autopilot settles a tie for the order as the table would (the forecast)."""

from __future__ import annotations

import random

from battlewheel.engine.core.session import CombatSession
from tests.engine.forecast_fights import first_after_a_tie, mirror


def test_poolward_places_tied_order_rolls_at_random_and_once() -> None:
    """Ruling ``turn_order`` rolled, ties as the GM places them: in a playout nobody does,
    so they are placed at random (it was always the first to join)."""
    from battlewheel.engine.core.dice import DiceEntry
    from battlewheel.engine.rulesets.poolward.actions import RollOrder, SetOrder

    def tie(session: CombatSession) -> None:
        for cid in ("one", "two"):
            session.apply(RollOrder(cid, 3, DiceEntry.of_faces([6, 6, 2], rolled=True)))

    firsts = first_after_a_tie("pool-and-ward", tie, range(200))
    assert 70 <= firsts.count("one") <= 130  # 50% within 3 standard errors (of 200)
    session = mirror("pool-and-ward", rolled=True)
    tie(session)
    rng = random.Random(3)
    made = []
    while not session.state.started:
        made.append(session.ruleset.autopilot(session.state, rng, {}))
        session.apply(made[-1])
    assert sum(isinstance(action, SetOrder) for action in made) <= 1
