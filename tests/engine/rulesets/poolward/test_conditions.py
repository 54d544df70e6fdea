"""The GM's conditions in a Pool & Ward fight: the attack pool shifts both ways, rounds and
turns end them."""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.conditions import AddCondition, Condition
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward import Attack, NextTurn, preview_attack

from ..conditions import conditions
from .helpers import fight, person


def _two() -> CombatSession:
    return fight(("a", person("A"), "ally"), ("b", person("B"), "enemy"))


def test_the_attackers_dice_and_the_targets_defence_move_the_pool_as_a_named_step() -> None:
    """+2 dice on A, +1 defence on B: one more die in A's pool, shown as "conditions"."""
    session = _two()
    sword = Attack("a", "b", "Sword")
    before = preview_attack(session.state, sword).pool
    session.apply(AddCondition("a", Condition("Blessed", dice=2)))
    session.apply(AddCondition("b", Condition("Braced", defence=1)))
    preview = preview_attack(session.state, sword)
    assert preview.pool == before + 1
    assert [(s.label, s.change) for s in preview.steps if s.label == "conditions"] == [
        ("conditions", 1)]


def test_a_one_round_condition_ends_when_round_two_begins() -> None:
    """It ends with the Next turn that starts round 2; undo brings it back."""
    session = _two()
    session.apply(AddCondition("b", Condition("Winded", expiry="rounds", count=1)))
    session.apply(NextTurn())
    assert conditions(session, "b")
    session.apply(NextTurn())
    assert session.state.round == 2 and conditions(session, "b") == ()
    session.undo()
    assert [x.text for x in conditions(session, "b")] == ["Winded"]


def test_a_next_action_condition_ends_when_that_turn_is_over() -> None:
    """Laid on B before B's turn: there during it, gone after."""
    session = _two()
    session.apply(AddCondition("b", Condition("Dazed", dice=-2, expiry="action")))
    session.apply(NextTurn())
    assert session.state.actor() == "b" and conditions(session, "b")
    session.apply(NextTurn())
    assert conditions(session, "b") == ()


def test_badge_sheet_and_replay() -> None:
    """The counter wears the badge, the sheet lists it, the log rebuilds it."""
    session = _two()
    session.apply(AddCondition("a", Condition("Marked")))
    counter = session.ruleset.turn_track(session.state).counter("a")
    assert counter is not None and counter.badge(c.SIDE_RIGHT) is not None
    listed = session.ruleset.sheet(session.state, "a").sections[1]
    assert isinstance(listed, c.ConditionsSection) and listed.lines[0].text == "Marked"
    assert CombatSession.from_json(session.to_json()).state == session.state
