"""Illegal actions are refused naming the rule, and leave the combat exactly as it was."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite import (
    Action,
    AddCombatant,
    CombatSession,
    Concealment,
    DeclareConcealment,
    DeclaredManoeuvre,
    DeclareFlurry,
    MoveCounter,
    NextTick,
    RollAmbush,
    RollJoinBattle,
    SpendMotes,
    SpendWillpower,
    StartCombat,
)
from battlewheel.engine.rulesets.rewrite.rules import tables

from .helpers import person, typed

SWORD = tables.weapon("Short sword")  # Rate 2, one hand
FIGHTER = {"dexterity": 3, "strength": 2, "stamina": 2}


def _fight() -> CombatSession:
    """Tick 1: A and C act; C is hidden from A (margin 2); B acts on tick 3."""
    session = CombatSession.new()
    a = person("A", attributes=FIGHTER, abilities={"melee": 3, "brawl": 2}).with_weapons((SWORD,))
    session.apply(AddCombatant("a", a, "ally"))
    session.apply(AddCombatant("b", person("B", attributes=FIGHTER), "enemy"))
    session.apply(AddCombatant("c", person("C", attributes=FIGHTER), "enemy"))
    session.apply(DeclareConcealment("c", (Concealment("a"),)))
    session.apply(RollAmbush("c", typed(3)))
    session.apply(RollJoinBattle("a", typed(3)))
    session.apply(RollJoinBattle("b", typed(1)))
    session.apply(RollJoinBattle("c", typed(3)))
    session.apply(StartCombat())
    session.apply(NextTick())
    return session


def _attack(weapon: str, target: str = "b") -> DeclaredManoeuvre:
    return DeclaredManoeuvre("attack", weapon=weapon, target=target)


REFUSED: list[tuple[str, Action, str]] = [
    (
        "attacking the unseen",
        DeclareFlurry("a", (_attack("Short sword", "c"),)),
        "000 §Attack Roll",
    ),
    (
        "a second Aim",
        DeclareFlurry("a", (DeclaredManoeuvre("aim"), DeclaredManoeuvre("aim"))),
        "000 §Manoeuvres",
    ),
    (
        "a Simple charm with company",
        DeclareFlurry("a", (DeclaredManoeuvre("activate_charm"), _attack("Short sword"))),
        "000 §Manoeuvres",
    ),
    (
        "a weapon past its Rate",
        DeclareFlurry("a", tuple(_attack("Short sword") for _ in range(3))),
        "000 §Attack Resolution",
    ),
    (
        "a body part already in use",
        DeclareFlurry("a", (_attack("Headbutt"), _attack("Headbutt"))),
        "000 §Brawl Weapons",
    ),
    ("motes one does not have", SpendMotes("a", 1), "000 §Charms"),
    ("Willpower one does not have", SpendWillpower("a", 6), "004 §Willpower"),
    ("a counter dropped on a passed tick", MoveCounter("b", tick=0), "000 §Move Counters"),
    (
        "a flurry for someone not acting",
        DeclareFlurry("b", (_attack("Punch", "a"),)),
        "000 §All Acting Characters Declare Flurries",
    ),
]


@pytest.mark.parametrize(("case", "action", "rule"), REFUSED, ids=[c for c, _, _ in REFUSED])
def test_an_illegal_action_names_its_rule_and_changes_nothing(
    case: str, action: Action, rule: str
) -> None:
    """The refusal starts with the rule's citation; state, log and redo are as before."""
    session = _fight()
    before = session.state.clone()
    log = session.log
    with pytest.raises(IllegalAction) as refused:
        session.apply(action)
    assert refused.value.rule == rule
    assert str(refused.value).startswith(rule)
    assert session.state == before
    assert session.log == log
    assert session.refusal(action) is not None
