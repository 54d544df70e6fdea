"""The 3e stat block: impossible values are refused by name; blocks and sessions round-trip JSON."""

from __future__ import annotations

import json

import pytest

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import demo_fight
from battlewheel.engine.rulesets.ex3.block import Armour, Character, GroupTraits, Weapon
from battlewheel.engine.rulesets.ex3.demo import guard, villain

from .helpers import typed


@pytest.mark.parametrize(("change", "field", "allowed"), [
    ({"attributes": {"strength": 0}}, "attributes.strength", "1-10"),
    ({"abilities": {"melee": 11}}, "abilities.melee", "0-10"),
    ({"specialties": {"dodge": 4}}, "specialties.dodge", "0-3"),
    ({"kind": "god"}, "kind", "exalt"),
    ({"willpower": 0}, "willpower", "1-10"),
    ({"mount": "dragon"}, "mount", "horse"),
    ({"health_levels": (1, 0)}, "health_levels", "ascending"),
    ({"hardness": -1}, "hardness", "0-20"),
])
def test_impossible_values_are_refused_naming_the_field(change: dict[str, object], field: str,
                                                          allowed: str) -> None:
    """TraitValueError names the field and the allowed range."""
    with pytest.raises(TraitValueError) as caught:
        Character(name="X", **change)  # type: ignore[arg-type]
    assert caught.value.field == field and allowed in caught.value.allowed


def test_weapons_armour_and_group_traits_are_checked_too() -> None:
    """A weapon's accuracy, armour's penalty, a group's Size and Drill."""
    with pytest.raises(TraitValueError, match=r"weapon Axe\.accuracy"):
        Weapon("Axe", accuracy=20)
    with pytest.raises(TraitValueError, match=r"armour\.penalty"):
        Armour(penalty=9)
    with pytest.raises(TraitValueError, match=r"group\.size"):
        GroupTraits(size=6)
    with pytest.raises(TraitValueError, match=r"group\.drill"):
        GroupTraits(drill="sloppy")


@pytest.mark.parametrize("block", [villain(), guard()], ids=["villain", "battle group"])
def test_a_stat_block_round_trips_through_json(block: Character) -> None:
    """to_json then from_json gives an equal block, through real JSON text."""
    text = json.dumps(block.to_json())
    assert Character.from_json(json.loads(text)) == block


def test_reading_a_block_with_an_impossible_value_names_it() -> None:
    """A bad value in JSON is a TraitValueError, as in the constructor."""
    obj = villain().to_json()
    obj["attributes"]["dexterity"] = 12
    with pytest.raises(TraitValueError, match=r"attributes\.dexterity"):
        Character.from_json(obj)
    obj = villain().to_json()
    obj["armour"] = "plate"
    with pytest.raises(TraitValueError):
        Character.from_json(obj)


@pytest.mark.parametrize(("key", "value", "message"), [
    ("attributes", {"strength": True}, "character.attributes.strength must be a whole number"),
    ("name", None, "character.name must be a string"),
    ("bogus", 1, "character.bogus must be a field the block has"),
])
def test_a_damaged_block_is_refused_saying_once_what_the_field_must_be(
        key: str, value: object, message: str) -> None:
    """The reader's words ("must be a string") were wrapped in the error's own "must be":
    "character.name must be must be a string"."""
    obj = villain().to_json()
    obj[key] = value
    with pytest.raises(TraitValueError) as refused:
        Character.from_json(obj)
    assert str(refused.value) == message


def test_a_block_missing_its_name_says_the_name_must_be_present() -> None:
    obj = villain().to_json()
    del obj["name"]
    with pytest.raises(TraitValueError, match=r"^character\.name must be present$"):
        Character.from_json(obj)


def test_a_session_round_trips_through_json_with_its_undone_actions() -> None:
    """The demo fight, started and one turn in, with one action undone, saves and loads equal."""
    session = demo_fight()
    session.apply(a.StartCombat())
    session.apply(a.FullDefense(session.state.actor))
    session.apply(a.NextTurn())
    session.undo()
    text = json.dumps(session.to_json())
    loaded = CombatSession.from_json(json.loads(text))
    assert loaded.state == session.state
    assert loaded.can_redo and loaded.redo_text == session.redo_text
    assert loaded.ruleset.final_state(loaded.state) == session.ruleset.final_state(session.state)


def test_the_demo_fight_is_three_solars_against_a_villain_and_an_elite_group() -> None:
    """Ready to start: five combatants with Join Battle rolled, the guard Elite, Size 2."""
    state = demo_fight().state
    assert not state.started
    sides = sorted((c.side, c.block.kind) for c in state.combatants.values())
    assert sides == [("ally", "exalt")] * 3 + [("enemy", "exalt"), ("enemy", "mortal")]
    assert all(c.joined for c in state.combatants.values())
    guard_block = state.combatants["guard"].block.group
    assert guard_block is not None and guard_block.drill == "elite"


def test_join_battle_typed_beyond_the_pool_is_refused() -> None:
    """004 §Pools and Dice: a mortal's 4-die pool cannot show 5 successes."""
    session = CombatSession.new(ruleset="3e")
    session.apply(a.AddCombatant("m", Character("M", attributes={"wits": 2},
                                                abilities={"awareness": 2})))
    with pytest.raises(ValueError, match="pool of 4 dice"):
        session.apply(a.RollJoinBattle("m", typed(5)))
