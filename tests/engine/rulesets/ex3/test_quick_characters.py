"""Quick Characters and motes in the 3e block: the shape, its checks, old blocks read as before."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable

import pytest

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.errors import IllegalAction, TraitValueError
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3.block import (
    Armour,
    Character,
    GroupTraits,
    QuickAttack,
    QuickPools,
)
from battlewheel.engine.rulesets.ex3.demo import villain
from battlewheel.engine.rulesets.ex3.handlers.attack import damage_plan, grapple_pool, plan_attack
from battlewheel.engine.rulesets.ex3.handlers.initiative import join_pool
from battlewheel.engine.rulesets.ex3.handlers.moves import trait_pool

from .helpers import fight, fighter, typed

BANDIT = Character(name="Bandit chief", kind="heroic", quick=QuickPools(
    join_battle=6, movement=5, parry=3, evasion=2, soak=4, resolve=3, guile=2,
    attacks=(QuickAttack("Sabre", pool=9, damage=12, overwhelming=2),
             QuickAttack("Bow", pool=7, damage=10, range="long"))),
    personal_motes=0, peripheral_motes=0, willpower=5, hardness=2)


def test_a_quick_character_round_trips_through_json() -> None:
    """Pools, attacks, motes: to_json then from_json gives the same block."""
    solar = Character(name="Solar", kind="exalt", personal_motes=13, peripheral_motes=33,
                      committed_motes=5)
    for block in (BANDIT, solar):
        assert Character.from_json(json.loads(json.dumps(block.to_json()))) == block


def test_a_block_stored_before_quick_characters_reads_as_before() -> None:
    """No motes or quick keys: the defaults, so stored campaigns and logs replay unchanged."""
    old = villain().to_json()
    for key in ("personal_motes", "peripheral_motes", "committed_motes", "quick"):
        del old[key]
    block = Character.from_json(old)
    assert block == villain() and block.quick is None and block.personal_motes == 0


@pytest.mark.parametrize(("build", "field"), [
    (lambda: QuickPools(parry=21), "quick.parry"),
    (lambda: QuickPools(join_battle=-1), "quick.join_battle"),
    (lambda: QuickPools(soak=41), "quick.soak"),
    (lambda: QuickAttack("Axe", pool=41, damage=5), "quick attack Axe.pool"),
    (lambda: QuickAttack("Axe", pool=5, damage=5, overwhelming=11),
     "quick attack Axe.overwhelming"),
    (lambda: Character(name="X", personal_motes=101), "personal_motes"),
    (lambda: Character(name="X", personal_motes=5, committed_motes=6), "committed_motes"),
])
def test_impossible_quick_values_and_motes_are_refused_by_name(build: Callable[[], object],
                                                              field: str) -> None:
    """Each bound names its field."""
    with pytest.raises(TraitValueError) as caught:
        build()
    assert caught.value.field == field


# -- the rules read a Quick Character's pools (003 §Quick Characters as 3e's books write them) --


def _duel(quick: Character = BANDIT) -> CombatSession:
    """The bandit chief (a QC) against a fighter with a sword, at close range."""
    return fight(("q", quick, "enemy", 4), ("b", fighter("B"), "ally", 3))


def test_a_quick_characters_attack_rolls_its_listed_pool_for_both_modes() -> None:
    """The Sabre's 9 dice, withering and decisive alike, not Dex 1 + Melee 0 (+ accuracy)."""
    session = _duel()
    sabre = a.Attack("q", "b", "withering", "Sabre", typed(3), typed(2))
    assert plan_attack(session.state, sabre).pool == 9
    decisive = dataclasses.replace(sabre, mode="decisive", damage=None)
    assert plan_attack(session.state, decisive).pool == 9


def test_a_quick_characters_withering_damage_is_its_listed_damage_and_overwhelming() -> None:
    """Damage 12 + threshold 2 - soak 2 = 12 dice, no Strength added; Overwhelming is the
    minimum when soak is high."""
    session = _duel()
    sabre = a.Attack("q", "b", "withering", "Sabre", typed(5), typed(2))
    plan = plan_attack(session.state, sabre)
    assert damage_plan(session.state, plan, sabre, threshold=2).pool == 12
    armoured = fighter("B", armour=Armour("Plate", soak=20))
    session = fight(("q", BANDIT, "enemy", 4), ("b", armoured, "ally", 3))
    plan = plan_attack(session.state, sabre)
    assert damage_plan(session.state, plan, sabre, threshold=0).pool == 2


def test_a_quick_characters_defences_soak_and_join_battle_are_its_listed_values() -> None:
    """Parry 3, Evasion 2, soak 4 and Hardness 2 on the derived values; Join Battle 6 dice."""
    session = _duel()
    who = session.state.combatants["q"]
    assert (who.derived.parry, who.derived.evasion, who.derived.soak,
            who.derived.hardness) == (3, 2, 4, 2)
    assert join_pool(who) == 6


def test_a_quick_character_moves_and_grapples_with_its_listed_pools() -> None:
    """Movement 5 for Dex + Athletics and Dex + Dodge; the best close attack (Sabre 9) for
    a grapple or a group's Engage; a roll it lists nothing for falls back on its
    Attributes."""
    who = _duel().state.combatants["q"]
    assert trait_pool(who, "dexterity", "athletics") == 5
    assert trait_pool(who, "dexterity", "dodge") == 5
    assert grapple_pool(who, "") == 9 and grapple_pool(who, "melee") == 9
    assert trait_pool(who, "dexterity", "stealth") == 1


def test_a_battle_group_of_quick_characters_adds_size_and_might_to_their_pools() -> None:
    """Sabre 9 + Size 2 + Might 1; soak 4 + Size 2 (003 §Battle Groups)."""
    bandits = dataclasses.replace(BANDIT, name="Bandits",
                                  group=GroupTraits(size=2, might=1))
    session = _duel(bandits)
    sabre = a.Attack("q", "b", "withering", "Sabre", typed(3), typed(2))
    assert plan_attack(session.state, sabre).pool == 12
    assert session.state.combatants["q"].derived.soak == 6


def test_a_clash_naming_no_fighter_is_refused_not_a_crash() -> None:
    """A log whose clash names an attacker who is not there is refused by rule (a fuzzed
    file found a KeyError here)."""
    session = _duel()
    clash = a.Clash(a.ClashSide(" ", "withering", "Sabre", typed(3)),
                    a.ClashSide("b", "withering", "Sword", typed(3)))
    with pytest.raises(IllegalAction, match=r"not in (the|this) fight"):
        session.apply(clash)


def test_a_quick_characters_card_prints_its_listed_pools() -> None:
    """Join Battle 6 dice + 3, Parry 3, the Sabre's 9 dice and Damage 12 as listed."""
    card = get_ruleset("3e").block_card(BANDIT)
    texts = {s.title: s.text.replace("\u00a0", " ") for s in card.sections
             if isinstance(s, c.Text)}
    values = {v.label: v.value for s in card.sections if isinstance(s, c.Values)
              and s.title in ("Defence", "Initiative") for v in s.values}
    assert values["Join Battle"] == "6 dice + 3" and values["Parry"] == 3
    assert texts["Sabre"] == "withering 9 / decisive 9 dice, 12 L, min 2, Def —, close"
    assert "Quick Character" in card.subtitle


def test_reading_a_bad_value_inside_a_part_names_the_value_itself() -> None:
    """A file's quick.parry 99 or armour.soak 99 is refused as that value, not as the part
    ("character.quick must be ...")."""
    for part, key in (("quick", "parry"), ("armour", "soak")):
        document = BANDIT.to_json()
        document[part][key] = 99
        with pytest.raises(TraitValueError) as caught:
            Character.from_json(document)
        assert caught.value.field == f"{part}.{key}"
        assert str(caught.value).startswith(f"{part}.{key} must be a whole number")
