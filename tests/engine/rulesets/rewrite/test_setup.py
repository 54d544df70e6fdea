"""Set-up: the involved, ambush, surprise, Join Battle, the wheel (000 §Pre-combat Procedure)."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite import (
    PARTIALLY,
    TOTALLY,
    UNSURPRISED,
    AddCombatant,
    CombatSession,
    Concealment,
    DeclareConcealment,
    RaiseAlarm,
    ReduceSurprise,
    RollAmbush,
    RollJoinBattle,
    StartCombat,
)
from battlewheel.engine.rulesets.rewrite.block import CharacterKind
from battlewheel.engine.rulesets.rewrite.rules.setup import (
    margin_of_surprise,
    situation_modifier,
    surprise_state,
)

from .helpers import person, typed


def test_situation_modifiers_follow_the_table() -> None:
    """Visible +2, cover 0, hard to see -1, invisible -2, and -2 more when taken for an ally."""
    assert situation_modifier("visible", seen_as_ally=False) == 2
    assert situation_modifier("cover", seen_as_ally=False) == 0
    assert situation_modifier("hard_to_see", seen_as_ally=False) == -1
    assert situation_modifier("invisible", seen_as_ally=True) == -4


def test_successes_at_or_below_the_sdv_leave_the_target_aware() -> None:
    """SDV 3: 3 successes give margin 0 (Aware), 5 successes margin 2."""
    assert margin_of_surprise(3, 3) == 0
    assert margin_of_surprise(5, 3) == 2


def test_surprise_state_counts_the_hostiles_one_is_aware_of() -> None:
    """Of two hostiles: none seen Totally, one Partially, both Unsurprised; alarm lifts Total."""
    assert surprise_state(0, 2, alarmed=False) == TOTALLY
    assert surprise_state(1, 2, alarmed=False) == PARTIALLY
    assert surprise_state(2, 2, alarmed=False) == UNSURPRISED
    assert surprise_state(0, 2, alarmed=True) == PARTIALLY


def test_one_ambush_roll_is_compared_with_each_sdv_and_its_modifier() -> None:
    """SDV (3+2+1)/2 = 3 for a mortal; 5 successes: margin 2 in cover, 3 when hard to see."""
    session = CombatSession.new()
    sharp = {"perception": 3}
    session.apply(AddCombatant("amb", person("Amb"), "enemy"))
    session.apply(
        AddCombatant("w1", person("W1", attributes=sharp, abilities={"awareness": 2}), "ally")
    )
    session.apply(
        AddCombatant("w2", person("W2", attributes=sharp, abilities={"awareness": 2}), "ally")
    )
    hide = (Concealment("w1", "cover"), Concealment("w2", "hard_to_see"))
    session.apply(DeclareConcealment("amb", hide))
    session.apply(RollAmbush("amb", typed(5)))
    assert session.state.margin_of_surprise("w1", "amb") == 2
    assert session.state.margin_of_surprise("w2", "amb") == 3
    assert session.state.combatants["w1"].surprise == TOTALLY


def test_an_exalt_rounds_the_sdv_up() -> None:
    """Perception 3 + Awareness 2 + Essence 2 = 7 halves to 4 for a Solar: 5 successes, margin 1."""
    session = CombatSession.new()
    solar = person(
        "Sol",
        kind=CharacterKind.SOLAR,
        essence=2,
        attributes={"perception": 3},
        abilities={"awareness": 2},
    )
    session.apply(AddCombatant("amb", person("Amb"), "enemy"))
    session.apply(AddCombatant("sol", solar, "ally"))
    session.apply(DeclareConcealment("amb", (Concealment("sol"),)))
    session.apply(RollAmbush("amb", typed(5)))
    assert session.state.margin_of_surprise("sol", "amb") == 1


def test_seeing_one_of_two_hostiles_is_partial_surprise() -> None:
    """Hidden from by one of two enemies, a watcher is Partially Surprised."""
    session = CombatSession.new()
    session.apply(AddCombatant("a", person("A"), "enemy"))
    session.apply(AddCombatant("b", person("B"), "enemy"))
    session.apply(AddCombatant("w", person("W"), "ally"))
    session.apply(DeclareConcealment("a", (Concealment("w", "invisible"),)))
    session.apply(RollAmbush("a", typed(3)))
    assert session.state.combatants["w"].surprise == PARTIALLY


def test_a_totally_surprised_character_cannot_roll_join_battle() -> None:
    """Unaware of the only hostile, a watcher may not Join Battle (000 §Roll Join Battle)."""
    session = CombatSession.new()
    session.apply(AddCombatant("amb", person("Amb"), "enemy"))
    session.apply(AddCombatant("w", person("W"), "ally"))
    session.apply(DeclareConcealment("amb", (Concealment("w"),)))
    session.apply(RollAmbush("amb", typed(4)))
    with pytest.raises(IllegalAction, match=r"^000 §Roll Join Battle"):
        session.apply(RollJoinBattle("w", typed(2)))


def test_an_alarm_before_the_fight_lets_the_surprised_join_battle() -> None:
    """After the alarm the watcher is Partially Surprised and rolls Join Battle."""
    session = CombatSession.new()
    session.apply(AddCombatant("amb", person("Amb"), "enemy"))
    session.apply(AddCombatant("w", person("W"), "ally"))
    session.apply(DeclareConcealment("amb", (Concealment("w"),)))
    session.apply(RollAmbush("amb", typed(4)))
    session.apply(RaiseAlarm())
    assert session.state.combatants["w"].surprise == PARTIALLY
    session.apply(RollJoinBattle("w", typed(2)))


def test_start_places_counters_by_shortfall_from_the_reaction_count() -> None:
    """Join Battle 4, 2 and a botch: Reaction Count 4, ticks 1, 3 and 7 (offset 6)."""
    session = CombatSession.new()
    for cid, entry in (("a", typed(4)), ("b", typed(2)), ("c", DiceEntry.of_faces((1, 3)))):
        who = person(cid.upper(), abilities={"awareness": 1})  # Wits 1 + Awareness 1
        session.apply(AddCombatant(cid, who, "ally" if cid == "a" else "enemy"))
        session.apply(RollJoinBattle(cid, entry))
    session.apply(StartCombat())
    ticks = {cid: c.next_tick for cid, c in session.state.combatants.items()}
    assert session.state.reaction_count == 4
    assert ticks == {"a": 1, "b": 3, "c": 7}
    assert session.state.combatants["c"].segment == 0


def test_a_mortal_join_battle_counts_a_ten_once() -> None:
    """Faces 10, 7, 2 for a mortal are 2 successes; for a Solar 3 (004 §The Rule of 10)."""
    session = CombatSession.new()
    for cid, kind in (("m", CharacterKind.MORTAL), ("s", CharacterKind.SOLAR)):
        who = person(cid.upper(), kind=kind, attributes={"wits": 2}, abilities={"awareness": 1})
        session.apply(AddCombatant(cid, who, "ally" if cid == "m" else "enemy"))
    session.apply(RollJoinBattle("m", DiceEntry.of_faces((10, 7, 2))))
    session.apply(RollJoinBattle("s", DiceEntry.of_faces((10, 7, 2))))
    assert session.state.combatants["m"].join_battle == 2
    assert session.state.combatants["s"].join_battle == 3


def test_start_waits_for_everyone_not_totally_surprised() -> None:
    """Starting while B has not rolled names B and cites 000 §Roll Join Battle."""
    session = CombatSession.new()
    session.apply(AddCombatant("a", person("A"), "ally"))
    session.apply(AddCombatant("b", person("B"), "enemy"))
    session.apply(RollJoinBattle("a", typed(2)))
    with pytest.raises(IllegalAction, match=r"^000 §Roll Join Battle: still to roll .*: B"):
        session.apply(StartCombat())


def test_a_character_added_mid_combat_joins_against_the_reaction_count() -> None:
    """Reaction Count 3 at tick 0: a newcomer rolling 1 success lands 1 + 2 = 3 ticks on."""
    session = CombatSession.new()
    session.apply(AddCombatant("a", person("A"), "ally"))
    session.apply(AddCombatant("b", person("B"), "enemy"))
    session.apply(RollJoinBattle("a", typed(3)))
    session.apply(RollJoinBattle("b", typed(3)))
    session.apply(StartCombat())
    session.apply(AddCombatant("late", person("Late"), "enemy"))
    assert session.state.awaiting_join_battle() == ("late",)
    session.apply(RollJoinBattle("late", typed(1)))
    assert session.state.combatants["late"].next_tick == 3


def test_stepping_into_plain_sight_lowers_the_margin_by_the_table_value() -> None:
    """Margin 3; stepping into plain sight (+2) leaves 1; one more makes the watcher Aware."""
    session = CombatSession.new()
    session.apply(AddCombatant("amb", person("Amb"), "enemy"))
    session.apply(AddCombatant("w", person("W"), "ally"))
    session.apply(DeclareConcealment("amb", (Concealment("w"),)))
    session.apply(RollAmbush("amb", typed(4)))  # SDV (1+0+1)/2 = 1: margin 3
    session.apply(ReduceSurprise("amb", 2))
    assert session.state.margin_of_surprise("w", "amb") == 1
    session.apply(ReduceSurprise("amb", 1, ("w",)))
    assert session.state.is_aware("w", "amb")
    assert session.state.combatants["w"].surprise == UNSURPRISED


def test_join_battle_faces_must_match_the_pool() -> None:
    """Wits 2 + Awareness 1 = 3 dice: two faces are refused; a typed count is taken as given."""
    session = CombatSession.new()
    who = person("M", attributes={"wits": 2}, abilities={"awareness": 1})
    session.apply(AddCombatant("m", who, "ally"))
    with pytest.raises(IllegalAction, match=r"^000 §Roll Join Battle: 2 faces .* pool of 3 dice"):
        session.apply(RollJoinBattle("m", DiceEntry.of_faces((7, 8))))
    session.apply(RollJoinBattle("m", typed(5)))
    assert session.state.combatants["m"].join_battle == 5


def test_ambush_faces_must_match_the_pool() -> None:
    """Dexterity 3 + Stealth 2 = 5 dice: four faces are refused, five are read (2 successes)."""
    session = CombatSession.new()
    hider = person("H", attributes={"dexterity": 3}, abilities={"stealth": 2})
    session.apply(AddCombatant("h", hider, "enemy"))
    session.apply(AddCombatant("g", person("G"), "ally"))
    session.apply(DeclareConcealment("h", (Concealment("g", "cover"),)))
    with pytest.raises(IllegalAction, match=r"^000 §Roll Surprise Checks: 4 faces .* of 5 dice"):
        session.apply(RollAmbush("h", DiceEntry.of_faces((7, 8, 1, 2))))
    session.apply(RollAmbush("h", DiceEntry.of_faces((7, 8, 1, 2, 3))))
    assert session.state.unaware == {("g", "h"): 1}
