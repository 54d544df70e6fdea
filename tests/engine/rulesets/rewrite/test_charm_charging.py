"""Charms in a fight: Third Excellency caps, perfect-defence surcharge, DV caps (000 §Charms)."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite import (
    AddCombatant,
    AttackCharms,
    CombatSession,
    DeclaredManoeuvre,
    DeclareFlurry,
    Defence,
    NextTick,
    ResolveAttack,
    RollJoinBattle,
    StartCombat,
)
from battlewheel.engine.rulesets.rewrite.block import Character, CharacterKind
from battlewheel.engine.rulesets.rewrite.rules import tables
from battlewheel.engine.rulesets.rewrite.state import Combatant

from .helpers import typed

SWORD = tables.weapon("Short sword")  # Speed 5, Accuracy +1, 2L, Defence +1, Rate 2


def _exalt(name: str, kind: CharacterKind, dexterity: int, melee: int) -> Character:
    return Character(
        name=name,
        kind=kind,
        essence=3,
        willpower=6,
        personal_motes=30,
        attributes={"dexterity": dexterity, "strength": 3, "stamina": 3},
        abilities={"melee": melee, "dodge": 3},
        weapons=(SWORD,),
    )


def _extra() -> Character:
    return Character(
        name="X",
        kind=CharacterKind.EXTRA,
        attributes={"dexterity": 2, "strength": 2, "stamina": 2},
        abilities={"melee": 2, "dodge": 1},
        weapons=(SWORD,),
    )


def _duel(exalt: Character, *, exalt_first: bool) -> CombatSession:
    """The Exalt ("ex") against an extra ("x"); the first named acts alone on tick 1."""
    session = CombatSession.new()
    session.apply(AddCombatant("ex", exalt, "ally"))
    session.apply(AddCombatant("x", _extra(), "enemy"))
    session.apply(RollJoinBattle("ex", typed(3 if exalt_first else 1)))
    session.apply(RollJoinBattle("x", typed(1 if exalt_first else 3)))
    session.apply(StartCombat())
    session.apply(NextTick())
    attacker, target = ("ex", "x") if exalt_first else ("x", "ex")
    manoeuvre = DeclaredManoeuvre("attack", weapon="Short sword", target=target)
    session.apply(DeclareFlurry(attacker, (manoeuvre,)))
    return session


def test_a_lunars_third_excellency_counts_the_attribute_against_the_cap() -> None:
    """Lunar Dex 2, Melee 5: cap 2, the reroll counts Dex 2 (not Melee 5): allowed, 4 motes."""
    session = _duel(_exalt("Luna", CharacterKind.LUNAR, 2, 5), exalt_first=True)
    seven = DiceEntry.of_faces((1,) * 7)
    action = ResolveAttack("ex", 0, attack=seven, reroll=seven, charms=AttackCharms(reroll=True))
    session.apply(action)
    assert session.state.combatants["ex"].personal_motes == 26


def test_a_lunars_third_excellency_past_the_attribute_cap_is_refused() -> None:
    """Lunar Dex 2 buying 1 die and a reroll: 1 + 2 = 3 dice against a cap of 2 is refused."""
    session = _duel(_exalt("Luna", CharacterKind.LUNAR, 2, 5), exalt_first=True)
    eight = DiceEntry.of_faces((1,) * 8)
    charms = AttackCharms(charm_dice=1, reroll=True)
    with pytest.raises(IllegalAction, match=r"^000 §Die Caps"):
        session.apply(ResolveAttack("ex", 0, attack=eight, reroll=eight, charms=charms))


def _dodge_inapplicable(defence: Defence) -> Combatant:
    """Sol (a Solar, Dexterity 5, Melee 5) after meeting an attack whose Charms leave
    Dodge inapplicable, with ``defence``."""
    session = _duel(_exalt("Sol", CharacterKind.SOLAR, 5, 5), exalt_first=False)
    charms = AttackCharms(inapplicable_dvs=("dodge",))
    session.apply(ResolveAttack("x", 0, charms=charms, defence=defence))
    return session.state.combatants["ex"]


def test_heavenly_guardian_pays_no_surcharge_when_only_dodge_is_inapplicable() -> None:
    """Parry stays applicable: 8 motes and no Willpower, though the Dodge DV was picked."""
    sol = _dodge_inapplicable(Defence("dodge", perfect_defence="heavenly_guardian_defense"))
    assert (sol.personal_motes, sol.willpower) == (22, 6)


def test_seven_shadows_pays_the_surcharge_when_dodge_is_inapplicable_even_on_a_parry() -> None:
    """Dodge inapplicable: Seven Shadows costs 6 motes and 1 Willpower though a parry was picked."""
    sol = _dodge_inapplicable(Defence("parry:Short sword", perfect_defence="seven_shadows_evasion"))
    assert (sol.personal_motes, sol.willpower) == (24, 5)


def test_charm_points_on_dodge_stop_at_the_dodge_dv_cap_and_its_overrun() -> None:
    """Solar Dex 5 + Dodge 3: DV cap 8, overrun 8 // 2 = 4, so 12 points pass and 13 do not."""
    session = _duel(_exalt("Sol", CharacterKind.SOLAR, 5, 5), exalt_first=False)
    too_many = ResolveAttack("x", 0, attack=typed(0), defence=Defence("dodge", charm_dv_bonus=13))
    with pytest.raises(IllegalAction, match=r"^000 §Die Caps: .*the DV cap is 8"):
        session.apply(too_many)
    session.apply(
        ResolveAttack("x", 0, attack=typed(0), defence=Defence("dodge", charm_dv_bonus=12))
    )
    assert session.state.tick.attacks[0].outcome.defence.charm_dv_bonus == 12


def test_a_parry_dv_cap_uses_the_weapons_ability() -> None:
    """Solar Dex 5 + Melee 5: the sword's parry cap is 10, 15 with overrun, so 14 points pass."""
    session = _duel(_exalt("Sol", CharacterKind.SOLAR, 5, 5), exalt_first=False)
    defence = Defence("parry:Short sword", charm_dv_bonus=14)
    session.apply(ResolveAttack("x", 0, attack=typed(0), defence=defence))
    assert session.state.tick.attacks[0].outcome.defence.charm_dv_bonus == 14


def test_first_excellency_successes_on_a_dv_add_two_points_each() -> None:
    """Dodge (5 + 3) / 2 + Essence 3 = 7; two dice with faces 8, 9 add 2 x 2 = 4: final DV 11."""
    session = _duel(_exalt("Sol", CharacterKind.SOLAR, 5, 5), exalt_first=False)
    defence = Defence("dodge", charm_dice=2)
    faces = DiceEntry.of_faces((8, 9))
    session.apply(ResolveAttack("x", 0, attack=typed(0), defence=defence, charm_defence=faces))
    step = session.state.tick.attacks[0].outcome.defence
    assert (step.charm_successes, step.charm_points, step.final_dv) == (2, 4, 11)
