"""The stat block: impossible values refused naming the field and range; JSON both ways."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.rulesets.poolward import AttackProfile, StatBlock, Trigger
from battlewheel.engine.rulesets.poolward.block import MELEE, SHAMAN
from battlewheel.engine.rulesets.poolward.demo import archer, cutthroat, edward

from .helpers import city_guard, mar


@pytest.mark.parametrize("block", [edward(), cutthroat(1), archer(), mar(), city_guard()])
def test_a_block_survives_a_json_round_trip(block: StatBlock) -> None:
    """to_json then from_json gives an equal block."""
    assert StatBlock.from_json(block.to_json()) == block


def test_health_is_constitution_plus_racial_and_vigor_constitution() -> None:
    """002 §Damage Tracking: Health = Con + racial, Vigor = Con."""
    block = StatBlock("Orc", stats={"constitution": 4}, racial_health=2)
    assert (block.health_max, block.vigor_max) == (6, 4)


@pytest.mark.parametrize(
    ("changes", "field", "allowed"),
    [
        ({"stats": {"strength": 21, "constitution": 2}}, "stats.strength", "0-20"),
        ({"stats": {"luck": 2, "constitution": 2}}, "stats", "one of strength"),
        ({"armour": -1}, "armour", "0-20"),
        ({"racial_health": 0}, "racial_health", "at least 1"),
        ({"armour_dr": 2}, "armour_dr", "wears no armour"),
        ({"skills": {"": 1}}, "skills", "non-empty"),
    ],
)
def test_impossible_values_name_the_field_and_the_allowed_range(
    changes: dict[str, object], field: str, allowed: str
) -> None:
    """TraitValueError names the field and what it allows."""
    values: dict[str, object] = {"stats": {"constitution": 2}}
    values.update(changes)
    if field == "racial_health":
        values["stats"] = {}
    with pytest.raises(TraitValueError) as caught:
        StatBlock("X", **values)  # type: ignore[arg-type]
    assert caught.value.field == field and allowed in caught.value.allowed


def test_an_attack_may_use_only_its_kinds_stats() -> None:
    """Melee: Strength or Dexterity; a Shaman: Intelligence or Willpower (002 §Attack Roll Dice
    Pools)."""
    AttackProfile("Axe", MELEE, 2, stat="dexterity")
    AttackProfile("Spirit call", SHAMAN, 1, stat="willpower")
    with pytest.raises(TraitValueError, match="strength or dexterity"):
        AttackProfile("Axe", MELEE, 2, stat="intelligence")
    with pytest.raises(TraitValueError, match="kind"):
        AttackProfile("Axe", "siege", 2)


def test_two_attacks_of_one_name_and_a_bad_trigger_are_refused() -> None:
    """Attacks are found by name; a trigger needs a hit or lethal damage."""
    axe = AttackProfile("Axe", MELEE, 2)
    with pytest.raises(TraitValueError, match="different names"):
        StatBlock("X", stats={"constitution": 2}, attacks=(axe, axe))
    with pytest.raises(TraitValueError, match="hit, lethal"):
        Trigger("Poison", "graze")


def test_reading_refuses_unknown_fields() -> None:
    """A misspelt field in saved JSON is named, not ignored."""
    data = mar().to_json()
    data["armor"] = 2
    with pytest.raises(TraitValueError, match="armor"):
        StatBlock.from_json(data)
