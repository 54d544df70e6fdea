"""Derived values after each action: only what changed is recomputed, nothing goes stale."""

from __future__ import annotations

from battlewheel.engine.rulesets.rewrite import (
    PARTIALLY,
    UNSURPRISED,
    AddCombatant,
    CombatSession,
    Concealment,
    DeclareConcealment,
    RollAmbush,
    SetHealth,
)

from .helpers import person, started, typed


def test_an_action_on_one_combatant_leaves_the_others_untouched() -> None:
    """Two bashing levels on B give B a -1 wound penalty; A is the very same object."""
    session = started(a=3, b=3)
    before = session.state.combatants["a"]
    session.apply(SetHealth("b", "//......"))
    assert session.state.combatants["a"] is before
    assert session.state.combatants["b"].wound_penalty == 1


def test_an_untouched_combatant_is_refreshed_when_the_fight_around_it_changes() -> None:
    """A sees B; C hides from A with 3 successes against SDV 1: A becomes Partially Surprised."""
    session = CombatSession.new()
    session.apply(AddCombatant("a", person("A"), "ally"))
    session.apply(AddCombatant("b", person("B"), "enemy"))
    session.apply(AddCombatant("c", person("C"), "enemy"))
    assert session.state.combatants["a"].surprise == UNSURPRISED
    session.apply(DeclareConcealment("c", (Concealment("a", "cover"),)))
    session.apply(RollAmbush("c", typed(3)))
    assert session.state.combatants["a"].surprise == PARTIALLY
