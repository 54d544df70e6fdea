"""Impulse's autopilot settles a tie for the order as the table would (the forecast)."""

from __future__ import annotations

from battlewheel.engine.core.session import CombatSession
from tests.engine.forecast_fights import first_after_a_tie


def test_impulse_settles_a_tie_the_gm_left_with_a_coin() -> None:
    """001 §Turn Order: a tie the GM has not settled goes by a coin in a playout (it was
    the first to join); a tie the GM settled stays as settled."""
    from battlewheel.engine.core.dice import DiceEntry
    from battlewheel.engine.rulesets.impulse.actions import RollOrder, SettleTie

    def tie(session: CombatSession) -> None:
        for cid in ("one", "two"):
            session.apply(RollOrder(cid, DiceEntry.of_faces([7], rolled=True)))

    firsts = first_after_a_tie("impulse", tie, range(200))
    assert 70 <= firsts.count("one") <= 130

    def settled(session: CombatSession) -> None:
        tie(session)
        session.apply(SettleTie(("two", "one")))

    assert set(first_after_a_tie("impulse", settled, range(20))) == {"two"}
