"""Damage: Mortal doubling, Ward first, DR into Vigor, Health to its negatives and death, and
the triggers a hit sets off (002 §Defense Terminology, §Damage Tracking, §Mortal Damage)."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.poolward import (
    AddCombatant,
    Attack,
    AttackProfile,
    NextTurn,
    PoolWardOptions,
    StartFight,
    Trigger,
)
from battlewheel.engine.rulesets.poolward.block import MELEE
from battlewheel.engine.rulesets.poolward.rules.damage import Hit, Tracks, fired, take_hit

from .helpers import fight, person, typed

DEFAULT = PoolWardOptions()
FIRE_ARMOR = Trigger("Fire Armor", "hit")
BLEED = Trigger("Bleed", "lethal")


def _tracks(health: int = 5, vigor: int = 3, ward: int = 0) -> Tracks:
    return Tracks(health, 5, vigor, 3, ward, max(ward, 3))


def test_ward_absorbs_before_health() -> None:
    """5 lethal on Ward 3: Ward takes 3 and is spent, Health loses 2 (002 §Defense
    Terminology, Ward)."""
    result = take_hit(_tracks(ward=3), Hit(5), DEFAULT)
    assert (result.ward_absorbed, result.to_health) == (3, 2)
    assert (result.after.ward, result.after.health, result.after.vigor) == (0, 3, 3)


def test_ward_taking_everything_still_fires_hit_triggers_but_not_lethal_ones() -> None:
    """Fire Armor needs a hit and fires; Bleed needs lethal damage and does not (002 §Defense
    Terminology, Ward)."""
    result = take_hit(_tracks(ward=3), Hit(2), DEFAULT)
    assert result.after.health == 5 and result.after.ward == 1
    assert fired((FIRE_ARMOR, BLEED), result, DEFAULT) == (FIRE_ARMOR,)
    through = take_hit(_tracks(ward=1), Hit(2), DEFAULT)
    assert fired((FIRE_ARMOR, BLEED), through, DEFAULT) == (FIRE_ARMOR, BLEED)


def test_a_miss_fires_nothing() -> None:
    """No success, no hit: no trigger of either kind."""
    assert fired((FIRE_ARMOR, BLEED), take_hit(_tracks(), Hit(0), DEFAULT), DEFAULT) == ()


def test_vigor_takes_what_damage_reduction_converts() -> None:
    """DR 2 on a 3-point lethal hit: 2 non-lethal to Vigor, 1 lethal to Health (002 §Defense
    Terminology, ruling dr_amount up to DR)."""
    result = take_hit(_tracks(), Hit(3, dr=2), DEFAULT)
    assert (result.converted, result.to_vigor, result.to_health) == (2, 2, 1)
    assert (result.after.vigor, result.after.health) == (1, 4)


def test_dr_all_lethal_converts_the_whole_hit_while_vigor_lasts() -> None:
    """Ruling dr_amount all_lethal: all 3 to Vigor; with 1 Vigor left only 1 converts."""
    options = PoolWardOptions(dr_amount="all_lethal")
    assert take_hit(_tracks(), Hit(3, dr=1), options).to_vigor == 3
    low = take_hit(_tracks(vigor=1), Hit(3, dr=1), options)
    assert (low.converted, low.to_health) == (1, 2)


def test_no_conversion_once_vigor_is_gone() -> None:
    """DR converts only while Vigor lasts (002 §Defense Terminology)."""
    result = take_hit(_tracks(vigor=0), Hit(3, dr=5), DEFAULT)
    assert (result.converted, result.to_health) == (0, 3)


def test_non_lethal_overflows_from_vigor_into_health() -> None:
    """Non-lethal fills Vigor first, the rest goes to Health (002 §Damage Tracking)."""
    result = take_hit(_tracks(vigor=2), Hit(5, lethal=False), DEFAULT)
    assert (result.to_vigor, result.to_health, result.after.health) == (2, 3, 2)


def test_at_zero_health_even_non_lethal_damage_is_lethal() -> None:
    """At 0 Health or less every point goes to Health, DR converting nothing (002 §Damage
    Tracking)."""
    result = take_hit(_tracks(health=0), Hit(2, lethal=False, dr=3), DEFAULT)
    assert (result.after.health, result.after.vigor) == (-2, 3)


def test_negative_health_down_to_death_never_past_minus_maximum() -> None:
    """Health 1 takes 3: -2, disabled; 9 more stop at -5, the last box: dead."""
    hurt = take_hit(_tracks(health=1), Hit(3), DEFAULT).after
    assert hurt.health == -2 and hurt.disabled and not hurt.dead
    dead = take_hit(hurt, Hit(9), DEFAULT).after
    assert dead.health == -5 and dead.dead


def test_mortal_damage_doubles_three_into_six() -> None:
    """A fireball's 3 on a zombie deals 6 (002 §Mortal Damage)."""
    result = take_hit(Tracks(10, 10, 0, 0, 0, 0), Hit(3, mortal=True), DEFAULT)
    assert (result.damage, result.to_health) == (6, 6)


def test_mortal_timing_before_or_after_ward() -> None:
    """Ward 2 against 3 Mortal: 6 - 2 = 4 by default; (3 - 2) x 2 = 2 after Ward and DR."""
    tracks = Tracks(10, 10, 0, 0, 2, 2)
    assert take_hit(tracks, Hit(3, mortal=True), DEFAULT).to_health == 4
    after = PoolWardOptions(mortal_timing="after_ward_and_dr")
    assert take_hit(tracks, Hit(3, mortal=True), after).to_health == 2


def test_lethal_trigger_ruling_past_ward() -> None:
    """All of a hit converted by DR: Bleed stays quiet by default, fires under past_ward."""
    result = take_hit(_tracks(), Hit(2, dr=2), DEFAULT)
    assert fired((BLEED,), result, DEFAULT) == ()
    past = PoolWardOptions(lethal_trigger="past_ward")
    assert fired((BLEED,), take_hit(_tracks(), Hit(2, dr=2), past), past) == (BLEED,)


@pytest.mark.parametrize(("weapon", "health", "vigor"), [("Pick", 0, 3), ("Club", 2, 1)])
def test_armour_pierced_to_zero_loses_its_damage_reduction(
    weapon: str, health: int, vigor: int
) -> None:
    """Armour 1 with DR 2: a pick's AP 1 takes the armour to 0 and its DR with it, so 3
    successes are all lethal; a club leaves the armour and DR 2 turns 2 into Vigor (002 §Attack
    Roll Dice Pools)."""
    arms = (AttackProfile("Pick", MELEE, 3, ap=1), AttackProfile("Club", MELEE, 3))
    session = fight(("a", person("A", attacks=arms), "ally"),
                    ("t", person("T", armour=1, armour_dr=2), "enemy"))
    session.apply(Attack("a", "t", weapon, dice=typed(3)))
    assert (session.state.fighters["t"].health, session.state.fighters["t"].vigor) == (
        health, vigor)


def test_a_magical_attack_meets_magical_dr() -> None:
    """A spell is met by magical DR, not physical (002 §Defense Terminology)."""
    bolt = AttackProfile("Bolt", "mage", 3, stat="intelligence", skill="Magecraft")
    caster = person("C", attacks=(bolt,))
    target = person("T", dr_physical=3, dr_magical=1)
    session = fight(("c", caster, "ally"), ("t", target, "enemy"))
    session.apply(Attack("c", "t", "Bolt", dice=typed(2)))
    who = session.state.fighters["t"]
    assert (who.vigor, who.health) == (2, 2)


def test_triggers_on_the_sheet_fire_through_the_attack() -> None:
    """A Bleed dagger on Ward 5: the hit is absorbed and Bleed does not fire; Fire Armor does."""
    dagger = AttackProfile("Dagger", MELEE, 2, effects=(BLEED,))
    target = person("T", ward=5, reactions=(FIRE_ARMOR,))
    session = fight(("a", person("A", attacks=(dagger,)), "ally"), ("t", target, "enemy"))
    events = session.apply(Attack("a", "t", "Dagger", dice=typed(2)))
    assert [e.text for e in events if e.kind == "trigger_fired"] == ["Fire Armor fires."]
    assert "fires Fire Armor" in session.log[-1].sentence


@pytest.mark.parametrize(("player", "condition"), [(False, "dead"), (True, "disabled")])
def test_npcs_die_at_zero_under_that_ruling(player: bool, condition: str) -> None:
    """Ruling negative_health_npcs npcs_die_at_zero: an NPC at 0 is dead, a player disabled."""
    options = PoolWardOptions(negative_health_npcs="npcs_die_at_zero")
    session = fight(("a", person("A"), "ally"), options=options, start=False)
    session.apply(AddCombatant("t", person("T"), "enemy", player=player, health=1))
    session.apply(StartFight())
    session.apply(Attack("a", "t", "Sword", dice=typed(1)))
    assert session.state.fighters["t"].condition == condition


def test_a_disabled_fighter_cannot_act_and_is_passed_over() -> None:
    """At 0 Health a fighter is unconscious: its turn is skipped, its attacks refused."""
    session = fight(("a", person("A"), "ally"), ("t", person("T"), "enemy"))
    session.apply(Attack("a", "t", "Sword", dice=typed(3)))
    assert session.state.fighters["t"].condition == "disabled"
    session.apply(NextTurn())
    assert session.state.round == 2 and session.state.actor() == "a"
    with pytest.raises(IllegalAction, match="disabled"):
        session.apply(Attack("t", "a", "Sword", dice=typed(0)))


def test_the_dead_cannot_be_attacked() -> None:
    """Health at -maximum: dead, and no more attacks on them."""
    session = fight(("a", person("A"), "ally"), ("t", person("T", racial_health=-1), "enemy"))
    session.apply(Attack("a", "t", "Sword", dice=typed(4)))
    assert session.state.fighters["t"].condition == "dead"
    session.apply(NextTurn())
    with pytest.raises(IllegalAction, match="already dead"):
        session.apply(Attack("a", "t", "Sword", dice=typed(1)))
