"""JSON round trips of the stat block and a session, the registry, and every ruling."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse import (
    ImpulseCharacter,
    ImpulseOptions,
    Weapon,
    demo_fight,
)

RULINGS = (
    "beat_rule",
    "impulse_after_hit",
    "starting_impulse",
    "extra_npc_actions",
    "impulse_floor",
    "damage_tens",
    "stunt_reward",
    "round_duration",
    "change_init_timing",
    "flurry_stunt",
    "ranged_in_melee",
    "ranged_long",
    "disengage_cost_on_fail",
    "defend_other_dv",
    "endurance_out",
    "speed_rounding",
    "table_modifiers",
)

WEAPONS = st.builds(
    Weapon,
    name=st.sampled_from(["Sword", "Bow", "Axe"]),
    weight=st.just("medium"),
    attribute=st.sampled_from(["dexterity", "strength"]),
    ability=st.sampled_from(["melee", "brawl"]),
    ranged=st.booleans(),
)
BLOCKS = st.builds(
    ImpulseCharacter,
    name=st.text(min_size=1, max_size=8).filter(str.strip),
    player=st.just(False),
    initiative=st.integers(0, 20),
    endurance=st.integers(1, 99),
    dv=st.integers(0, 20),
    armour=st.sampled_from(["none", "light", "medium", "heavy"]),
    weapons=st.lists(WEAPONS, max_size=3, unique_by=lambda w: w.name).map(tuple),
    traits=st.dictionaries(st.sampled_from(["strength", "dexterity", "melee"]), st.integers(0, 10)),
    actions=st.integers(1, 3),
    notes=st.text(max_size=10),
)


@given(BLOCKS)
def test_a_stat_block_survives_json(block: ImpulseCharacter) -> None:
    """to_json, JSON text and from_json give back an equal block."""
    assert ImpulseCharacter.from_json(json.loads(json.dumps(block.to_json()))) == block


@pytest.mark.parametrize(
    ("field", "value", "allowed"),
    [
        ("dv", 21, "0-20"),
        ("endurance", 0, "1-99"),
        ("armour", "plate", "one of none"),
        ("actions", 4, "1-3"),
        ("traits", {"melee": 11}, "0-10"),
    ],
)
def test_impossible_values_are_refused_naming_the_field(
    field: str, value: object, allowed: str
) -> None:
    """A TraitValueError names the field and the allowed range."""
    with pytest.raises(TraitValueError, match=allowed) as error:
        ImpulseCharacter.from_json({"name": "X", field: value})
    assert error.value.field.startswith(field)


def test_a_heavy_weapon_is_swung_with_strength_only() -> None:
    """001 §Weapons and Armor: a heavy weapon with Dexterity is refused."""
    with pytest.raises(TraitValueError, match="attribute"):
        Weapon("Maul", "heavy", "dexterity")


def test_a_session_survives_json_and_names_its_ruleset() -> None:
    """The demo fight saved and read back has the same state and log."""
    session = demo_fight()
    saved = json.loads(json.dumps(session.to_json()))
    assert saved["ruleset"] == "impulse"
    again = CombatSession.from_json(saved)
    assert again.state == session.state
    assert [e.sentence for e in again.log] == [e.sentence for e in session.log]


def test_the_ruleset_is_registered_with_its_title_and_seed() -> None:
    """`impulse` is found by name once its package is imported."""
    ruleset = get_ruleset("impulse")
    assert (ruleset.title, ruleset.seed) == ("Impulse homebrew", "001")


def test_every_ruling_of_the_rules_page_is_an_option_with_a_description() -> None:
    """rules/impulse.md §4: each (option) is declared with its label and one-line description."""
    specs = {spec.name: spec for spec in ImpulseOptions.specs()}
    assert set(RULINGS) <= set(specs)
    for spec in specs.values():
        assert spec.label and spec.description and "\n" not in spec.description
    defaults = ImpulseOptions()
    assert (
        defaults.beat_rule,
        defaults.impulse_after_hit,
        defaults.impulse_floor,
        defaults.damage_tens,
        defaults.ranged_long,
    ) == ("above", "zero", 0, True, False)
