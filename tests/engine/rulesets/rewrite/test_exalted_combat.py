"""Exalts in a fight: magical flurries, charm costs charged, extras and resilience (000 §Charms)."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite import (
    AddCombatant,
    ApplyTickEffects,
    AttackCharms,
    CombatSession,
    DamageRoll,
    DeclaredManoeuvre,
    DeclareFlurry,
    Defence,
    NextTick,
    ResolveAttack,
    RollJoinBattle,
    SetHealth,
    SpendWillpower,
    StartCombat,
    pending_damage,
)
from battlewheel.engine.rulesets.rewrite.block import Character, CharacterKind
from battlewheel.engine.rulesets.rewrite.rules import tables

from .helpers import typed

SWORD = tables.weapon("Short sword")  # Speed 5, Accuracy +1, 2L, Defence +1, Rate 2


def _solar(name: str, *, personal: int = 20, willpower: int = 6) -> Character:
    return Character(
        name=name,
        kind=CharacterKind.SOLAR,
        essence=3,
        willpower=willpower,
        personal_motes=personal,
        peripheral_motes=0,
        attributes={"dexterity": 5, "strength": 3, "stamina": 3},
        abilities={"melee": 5, "dodge": 3},
        weapons=(SWORD,),
    )


def _extra(name: str) -> Character:
    return Character(
        name=name,
        kind=CharacterKind.EXTRA,
        attributes={"dexterity": 2, "strength": 2, "stamina": 2},
        abilities={"melee": 2, "dodge": 1},
        weapons=(SWORD,),
    )


def _fight(*, first: str, personal: int = 20, willpower: int = 6) -> CombatSession:
    """A Solar ("sol") and two extras ("x1", "x2"); ``first`` acts on tick 1 alone."""
    session = CombatSession.new()
    session.apply(
        AddCombatant("sol", _solar("Sol", personal=personal, willpower=willpower), "ally")
    )
    session.apply(AddCombatant("x1", _extra("X1"), "enemy"))
    session.apply(AddCombatant("x2", _extra("X2"), "enemy"))
    for cid in ("sol", "x1", "x2"):
        session.apply(RollJoinBattle(cid, typed(3 if cid == first else 1)))
    session.apply(StartCombat())
    session.apply(NextTick())
    return session


def _slash(target: str) -> DeclaredManoeuvre:
    return DeclaredManoeuvre("attack", weapon="Short sword", target=target)


def test_a_magical_flurry_doubles_rate_and_takes_no_multiple_action_penalty() -> None:
    """Three sword attacks (Rate 2) are refused, unless magical; then each rolls 5 + 5 = 10 dice."""
    session = _fight(first="sol")
    flurry = (_slash("x1"), _slash("x2"), _slash("x1"))
    with pytest.raises(IllegalAction, match=r"^000 §Attack Resolution: Short sword has Rate 2"):
        session.apply(DeclareFlurry("sol", flurry))
    session.apply(DeclareFlurry("sol", flurry, magical=True))
    session.apply(ResolveAttack("sol", 0, attack=DiceEntry.of_faces((1,) * 10)))
    with pytest.raises(IllegalAction, match="pool of 10 dice"):
        session.apply(ResolveAttack("sol", 1, attack=DiceEntry.of_faces((1,) * 9)))


def test_seven_shadows_evasion_costs_six_motes_and_the_attack_fails() -> None:
    """An extra's attack meets Seven Shadows Evasion: 20 motes become 14, no roll is needed."""
    session = _fight(first="x1")
    session.apply(DeclareFlurry("x1", (_slash("sol"),)))
    defence = Defence("dodge", perfect_defence="seven_shadows_evasion")
    session.apply(ResolveAttack("x1", 0, defence=defence))
    assert session.state.combatants["sol"].personal_motes == 14
    assert session.state.tick.attacks[0].outcome.failure == "perfect defence"


def test_a_perfect_defence_the_pools_cannot_pay_is_refused_and_changes_nothing() -> None:
    """With 5 motes Seven Shadows Evasion (6) is refused citing 000 §Charms."""
    session = _fight(first="x1", personal=5)
    session.apply(DeclareFlurry("x1", (_slash("sol"),)))
    before = session.state.clone()
    defence = Defence("dodge", perfect_defence="seven_shadows_evasion")
    with pytest.raises(IllegalAction, match=r"^000 §Charms: Sol needs 6 motes and has 5"):
        session.apply(ResolveAttack("x1", 0, defence=defence))
    assert session.state == before


def test_the_inapplicable_dv_surcharge_is_paid_once_per_action() -> None:
    """Two attacks make Dodge inapplicable; two Seven Shadows cost 12 motes and 1 Willpower."""
    session = _fight(first="x1")
    session.apply(DeclareFlurry("x1", (_slash("sol"), _slash("sol"))))
    charms = AttackCharms(inapplicable_dvs=("dodge",))
    defence = Defence("dodge", perfect_defence="seven_shadows_evasion")
    session.apply(ResolveAttack("x1", 0, charms=charms, defence=defence))
    session.apply(ResolveAttack("x1", 1, charms=charms, defence=defence))
    sol = session.state.combatants["sol"]
    assert (sol.personal_motes, sol.willpower) == (8, 5)


def test_willpower_for_a_success_is_charged_and_refused_when_spent() -> None:
    """A Willpower success costs 1; with none left it is refused citing 004 §Willpower."""
    session = _fight(first="sol", willpower=1)
    session.apply(SpendWillpower("sol", 1))
    session.apply(DeclareFlurry("sol", (_slash("x1"),)))
    with pytest.raises(IllegalAction, match=r"^004 §Willpower"):
        session.apply(ResolveAttack("sol", 0, attack=typed(3), willpower=True))


def test_first_excellency_dice_cost_a_mote_each_and_join_the_pool() -> None:
    """Three Excellency dice: 20 motes become 17 and the pool is 10 + 3 = 13."""
    session = _fight(first="sol")
    session.apply(DeclareFlurry("sol", (_slash("x1"),)))
    faces = DiceEntry.of_faces((1,) * 13)
    session.apply(ResolveAttack("sol", 0, attack=faces, charms=AttackCharms(charm_dice=3)))
    assert session.state.combatants["sol"].personal_motes == 17


def test_excellency_dice_a_mortal_cannot_pay_for_are_refused() -> None:
    """An extra buying Excellency dice with no motes is refused; nothing changes."""
    session = _fight(first="x1")
    session.apply(DeclareFlurry("x1", (_slash("sol"),)))
    with pytest.raises(IllegalAction):
        session.apply(ResolveAttack("x1", 0, attack=typed(0), charms=AttackCharms(charm_dice=1)))


def test_damage_dice_against_an_extra_all_become_levels() -> None:
    """8 successes + 1 - Parry (2+2+1)/2 = 2: excess 7, 10 dice and 2 levels less soak 1: 11 levels.

    No damage roll is given; the extra's 9 boxes are all marked.
    """
    session = _fight(first="sol")
    session.apply(DeclareFlurry("sol", (_slash("x1"),)))
    session.apply(ResolveAttack("sol", 0, attack=typed(8), defence=Defence("parry:Short sword")))
    [hit] = pending_damage(session.state)
    assert (hit.pools.dice["L"], hit.pools.levels["L"]) == (10, 1)
    session.apply(ApplyTickEffects())
    assert session.state.combatants["x1"].health.marks == "XXXXXXXXX"


def test_exalted_resilience_takes_lethal_already_taken_off_new_lethal() -> None:
    """A Solar with 1 lethal takes 3 lethal levels; 3 - 1 = 2 are marked, 3 in all.

    Dodge made inapplicable (DV 0): 4 successes + Accuracy 1 = excess 5; 5 + Strength 2 =
    7 dice and 2 levels, lethal soak 3 // 2 = 1 off the levels; faces 7 7 1 1 1 1 1 add 2.
    """
    session = _fight(first="x1")
    session.apply(SetHealth("sol", "X" + "." * 9))
    session.apply(DeclareFlurry("x1", (_slash("sol"),)))
    charms = AttackCharms(inapplicable_dvs=("dodge",))
    session.apply(ResolveAttack("x1", 0, attack=typed(4), charms=charms, defence=Defence("dodge")))
    [hit] = pending_damage(session.state)
    assert (hit.pools.dice["L"], hit.pools.levels["L"]) == (7, 1)
    lethal = DiceEntry.of_faces((7, 7, 1, 1, 1, 1, 1))
    session.apply(ApplyTickEffects((DamageRoll("x1", "sol", lethal=lethal),)))
    assert session.state.combatants["sol"].health.marks == "XXX......."
