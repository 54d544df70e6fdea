"""The GM's conditions in a 3e fight: pool and Defence shift, rounds and turns end them."""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.conditions import AddCondition, Condition
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3.handlers.attack import plan_attack

from ..conditions import conditions
from .helpers import fight, fighter, withering


def _duel() -> CombatSession:
    """A (Join Battle 6) acts first, then B (5)."""
    return fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 5))


def test_dice_and_defence_modifiers_reach_the_attack_pool_and_the_defence() -> None:
    """003's worked pool of 8 against Defence 3 becomes 10 against 2, each part named."""
    session = _duel()
    session.apply(AddCondition("a", Condition("Blessed", dice=2)))
    session.apply(AddCondition("b", Condition("Off balance", defence=-1)))
    plan = plan_attack(session.state, withering("a", "b", 5, 4))
    assert (plan.pool, plan.defence.value) == (10, 2)
    assert ("conditions", 2) in plan.pool_parts
    assert ("conditions", -1) in plan.defence.modifiers
    sheet = session.ruleset.sheet(session.state, "a")
    weapons = next(s for s in sheet.sections if isinstance(s, c.Table) and s.title == "Weapons")
    assert weapons.rows[0][:3] == ("Sword", "10", "8")  # withering with accuracy, decisive
    assert [v.text for v in session.ruleset.sheet(session.state, "b").values("Defence")
            if v.key == "conditions"] == ["-1"]


def test_a_one_round_condition_ends_when_the_next_round_begins() -> None:
    """Laid on in round 1, it holds through B's turn and ends, logged, as round 2 starts."""
    session = _duel()
    start = session.state.round
    session.apply(AddCondition("b", Condition("Winded", expiry="rounds", count=1)))
    while session.state.round == start:
        assert conditions(session, "b")
        session.apply(a.NextTurn())
    assert conditions(session, "b") == ()
    assert any(e.kind == "condition_ended" for e in session.log[-1].events)
    session.undo()
    assert [x.text for x in conditions(session, "b")] == ["Winded"]


def test_a_next_action_condition_holds_through_that_turn_and_ends_with_it() -> None:
    """B's -2 dice are there on B's turn and gone when the turn passes on."""
    session = _duel()
    session.apply(AddCondition("b", Condition("Dazed", dice=-2, expiry="action")))
    while session.state.actor != "b":
        session.apply(a.NextTurn())
    assert [x.text for x in conditions(session, "b")] == ["Dazed"]
    session.apply(a.NextTurn())
    assert conditions(session, "b") == ()


def test_badge_sheet_and_replay() -> None:
    """The counter wears the badge, the sheet lists it, the log rebuilds it."""
    session = _duel()
    session.apply(AddCondition("a", Condition("Marked", defence=1)))
    counter = session.ruleset.turn_track(session.state).counter("a")
    assert counter is not None and counter.badge(c.SIDE_RIGHT) is not None
    listed = session.ruleset.sheet(session.state, "a").sections[1]
    assert isinstance(listed, c.ConditionsSection) and listed.lines[0].text == "Marked"
    assert CombatSession.from_json(session.to_json()).state == session.state
