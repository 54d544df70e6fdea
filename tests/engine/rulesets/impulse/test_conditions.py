"""The GM's conditions in Impulse: strike pool and DV shift, rounds and actions end them."""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.conditions import AddCondition, Condition
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse import EndTurn
from battlewheel.engine.rulesets.impulse.handlers.strikes import strike_pool, strike_weapon

from ..conditions import conditions
from .helpers import duel


def _sword_pool(session: CombatSession, cid: str) -> int:
    who = session.state.combatants[cid]
    return strike_pool(who, strike_weapon(who, "Sword", "test"), False)


def test_dice_and_defence_modifiers_reach_the_strike_pool_and_the_dv() -> None:
    """+1 die on Ana's strikes; Bo's DV 3 drops to 1."""
    session = duel()
    pool, dv = _sword_pool(session, "ana"), session.state.combatants["bo"].dv
    session.apply(AddCondition("ana", Condition("Inspired", dice=1)))
    session.apply(AddCondition("bo", Condition("Sprawled", defence=-2)))
    assert _sword_pool(session, "ana") == pool + 1
    assert session.state.combatants["bo"].dv == dv - 2


def test_a_two_round_condition_ends_as_the_third_round_begins() -> None:
    """Counted in rounds; the End turn that starts round 3 ends it, and undo restores it."""
    session = duel()
    session.apply(AddCondition("bo", Condition("Bleeding", expiry="rounds", count=2)))
    while session.state.round < 3:
        assert conditions(session, "bo")
        session.apply(EndTurn())
    assert conditions(session, "bo") == ()
    session.undo()
    assert [x.count for x in conditions(session, "bo")] == [1]


def test_a_next_action_condition_ends_with_the_fighters_next_turn() -> None:
    """Laid on Ana during her own turn: it holds through Bo's turn and her next, then ends."""
    session = duel()
    assert session.state.acting_id() == "ana"
    session.apply(AddCondition("ana", Condition("Dazed", dice=-2, expiry="action")))
    session.apply(EndTurn())  # Ana's current turn does not count
    session.apply(EndTurn())  # Bo's turn
    assert session.state.acting_id() == "ana" and conditions(session, "ana")
    session.apply(EndTurn())
    assert conditions(session, "ana") == ()


def test_badge_sheet_and_replay() -> None:
    """The counter wears the badge, the sheet lists it, the log rebuilds it."""
    session = duel()
    session.apply(AddCondition("bo", Condition("Marked")))
    session.apply(EndTurn())
    counter = session.ruleset.turn_track(session.state).counter("bo")
    assert counter is not None and counter.badge(c.SIDE_RIGHT) is not None
    listed = session.ruleset.sheet(session.state, "bo").sections[1]
    assert isinstance(listed, c.ConditionsSection) and listed.lines[0].text == "Marked"
    assert CombatSession.from_json(session.to_json()).state == session.state
