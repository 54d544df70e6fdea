"""Characters: trait validation, derived values worked out by hand, overrides, JSON."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.rulesets.rewrite.block import (
    ABILITIES,
    ATTRIBUTES,
    Armour,
    Character,
    CharacterKind,
    DamageType,
    Weapon,
    die_cap,
    dodge_dv,
    dv_cap,
    gets_double_tens,
    hardness,
    has_exalted_resilience,
    health_track_for,
    parry_dv,
    parry_dvs,
    rounds_static_up,
    soak,
    surprise_detection_value,
    unskilled_penalty,
)

SWORD = Weapon("Sword", "melee", speed=5, accuracy=1, damage=2, damage_type=DamageType.LETHAL,
               defence=1, rate=2)  # fmt: skip
BOW = Weapon("Bow", "archery", speed=5, accuracy=1, damage=2, damage_type=DamageType.LETHAL,
             range=150, adds_strength=False, body_parts=("hand", "hand"))  # fmt: skip
MAIL = Armour("Mail", soak={DamageType.BASHING: 4, DamageType.LETHAL: 5}, hardness=2,
              mobility_penalty=1)  # fmt: skip


def fighter(
    kind: CharacterKind = CharacterKind.SOLAR, essence: int = 2, **changes: Any
) -> Character:
    """Dex 4, Stamina 3, Perception 3, Dodge 3, Melee 4, Awareness 2, carrying a sword."""
    fields: dict[str, Any] = {
        "name": "Ayla",
        "kind": kind,
        "attributes": {"dexterity": 4, "stamina": 3, "perception": 3, "strength": 3},
        "abilities": {"dodge": 3, "melee": 4, "awareness": 2},
        "essence": essence,
        "weapons": (SWORD, BOW),
    }
    fields.update(changes)
    return Character(**fields)


# -- validation ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "allowed"),
    [
        ("strength", 0, "1-10"),
        ("attributes.wits", 11, "1-10"),
        ("melee", -1, "0-10"),
        ("abilities.dodge", 11, "0-10"),
        ("valor", 6, "1-5"),
        ("willpower", 0, "1-10"),
        ("essence", 0, "1-10"),
        ("essence", 11, "1-10"),
        ("specialties.melee.Swords", 4, "1-3"),
    ],
)
def test_impossible_traits_are_refused_naming_field_and_range(
    field: str, value: int, allowed: str
) -> None:
    """Each out-of-range value raises TraitValueError whose message has the field and range."""
    with pytest.raises(TraitValueError) as caught:
        fighter().with_trait(field, value)
    assert field.split(".")[-1] in str(caught.value)
    assert allowed in str(caught.value)
    assert caught.value.allowed.endswith(allowed)


def test_a_refused_change_leaves_the_character_unchanged() -> None:
    """After a refused with_trait, the original still has its old value."""
    character = fighter()
    with pytest.raises(TraitValueError):
        character.with_trait("dexterity", 0)
    assert character.attribute("dexterity") == 4


def test_unknown_abilities_are_refused() -> None:
    """Martial Arts is not an Ability here (Brawl replaces it)."""
    with pytest.raises(TraitValueError, match="abilities"):
        Character("X", abilities={"martial_arts": 2})
    assert "brawl" in ABILITIES and len(ABILITIES) == 25 and len(ATTRIBUTES) == 9


def test_with_trait_changes_only_that_trait() -> None:
    """Raising Dodge to 5 changes Dodge and nothing else."""
    character = fighter()
    changed = character.with_trait("dodge", 5)
    assert changed.ability("dodge") == 5
    assert changed.with_trait("dodge", 3) == character


def test_specialties_can_be_added_and_removed() -> None:
    """A 2-dot Swords specialty is added, then removed by setting 0."""
    character = fighter().with_trait("specialties.melee.Swords", 2)
    assert character.specialty("melee", "Swords") == 2
    assert character.with_trait("specialties.melee.Swords", 0).specialties == {}


def test_missing_traits_take_their_floor() -> None:
    """A bare character has every Attribute at 1, Abilities at 0, Virtues at 1, no motes."""
    bare = Character("Nobody")
    assert set(bare.attributes.values()) == {1}
    assert set(bare.abilities.values()) == {0}
    assert set(bare.virtues.values()) == {1}
    assert (bare.personal_motes, bare.peripheral_motes, bare.essence) == (0, 0, 1)


# -- kinds -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "up", "resilient", "tens"),
    [
        (CharacterKind.MORTAL, False, False, False),
        (CharacterKind.HEROIC_MORTAL, False, False, True),
        (CharacterKind.EXTRA, False, False, False),
        (CharacterKind.SOLAR, True, True, True),
        (CharacterKind.DRAGON_BLOODED, True, True, True),
        (CharacterKind.SPIRIT, True, False, True),
    ],
)
def test_kind_decides_rounding_resilience_and_double_tens(
    kind: CharacterKind, up: bool, resilient: bool, tens: bool
) -> None:
    """Magical beings round up, only Exalts are resilient, plain mortals and extras lack 10s."""
    character = Character("X", kind=kind)
    assert rounds_static_up(character) is up
    assert has_exalted_resilience(character) is resilient
    assert gets_double_tens(character) is tens


def test_unskilled_non_exalted_lose_two_dice() -> None:
    """A mortal with no Melee loses 2 dice; a Solar loses none; one dot removes the penalty."""
    assert unskilled_penalty(Character("M"), "melee") == 2
    assert unskilled_penalty(Character("S", kind=CharacterKind.SOLAR), "melee") == 0
    assert unskilled_penalty(Character("M", abilities={"melee": 1}), "melee") == 0


# -- defence values --------------------------------------------------------------------


def test_dodge_dv_of_an_exalt_rounds_up_and_adds_essence() -> None:
    """Solar Dex 4 + Dodge 3 = 7, halved up to 4, plus Essence 2: 6."""
    assert dodge_dv(fighter()).value == 6


def test_dodge_dv_of_a_mortal_rounds_down_without_essence() -> None:
    """Mortal Dex 4 + Dodge 3 = 7, halved down to 3, Essence 1 adds nothing: 3."""
    assert dodge_dv(fighter(CharacterKind.MORTAL, essence=1)).value == 3


def test_essence_one_exalt_adds_no_essence_to_dvs() -> None:
    """A Solar of Essence 1: 7 halved up is 4, and nothing more."""
    assert dodge_dv(fighter(essence=1)).value == 4


def test_armour_mobility_penalty_comes_off_dodge() -> None:
    """Mail with mobility 1 takes the Solar's Dodge DV from 6 to 5."""
    assert dodge_dv(fighter(armour=MAIL)).value == 5


def test_parry_dv_halves_dex_ability_defence_and_essence() -> None:
    """Solar: Dex 4 + Melee 4 + Defence 1 + Essence 2 = 11, halved up: 6."""
    assert parry_dv(fighter(), SWORD).value == 6


def test_parry_dv_of_a_mortal_rounds_down() -> None:
    """Mortal: Dex 4 + Melee 4 + Defence 1 = 9, halved down: 4."""
    assert parry_dv(fighter(CharacterKind.MORTAL, essence=1), SWORD).value == 4


def test_every_ready_close_weapon_gives_a_parry_dv() -> None:
    """The sword and the natural Punch, Headbutt and Kick parry; the bow and Clinch do not."""
    # Punch and Headbutt: (4 + 0 + 2 + 2) / 2 = 4; Kick: (4 + 0 - 2 + 2) / 2 = 2
    values = {name: derived.value for name, derived in parry_dvs(fighter()).items()}
    assert values == {"Sword": 6, "Punch": 4, "Headbutt": 4, "Kick": 2}


def test_surprise_detection_value_counts_essence_at_any_rating() -> None:
    """Mortal: Per 3 + Awareness 2 + Essence 1 = 6 -> 3; Solar at Essence 2: 7 -> 4."""
    assert surprise_detection_value(fighter(CharacterKind.MORTAL, essence=1)).value == 3
    assert surprise_detection_value(fighter()).value == 4


# -- soak and hardness -----------------------------------------------------------------


def test_natural_soak_by_damage_type() -> None:
    """Stamina 3: bashing 3, lethal 1 (rounded down even for an Exalt), aggravated 0."""
    character = fighter()
    assert [soak(character, kind).value for kind in DamageType] == [3, 1, 0]


def test_armour_adds_to_soak_and_piercing_halves_its_part() -> None:
    """Mail adds 5 lethal: 1 + 5 = 6; against a Piercing weapon 1 + 2 = 3."""
    character = fighter(armour=MAIL)
    assert soak(character, DamageType.LETHAL).value == 6
    assert soak(character, DamageType.LETHAL, piercing=True).value == 3


def test_hardness_comes_from_armour() -> None:
    """Mail has hardness 2 against every type; no armour, 0."""
    assert hardness(fighter(armour=MAIL), DamageType.LETHAL).value == 2
    assert hardness(fighter(), DamageType.LETHAL).value == 0


# -- caps ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "cap"),
    [
        (CharacterKind.DRAGON_BLOODED, 4 + 2),  # Melee + Swords specialty
        (CharacterKind.SIDEREAL, 2),  # Essence
        (CharacterKind.LUNAR, 4),  # Dexterity
        (CharacterKind.SOLAR, 8),  # Dexterity + Melee
        (CharacterKind.ABYSSAL, 8),
        (CharacterKind.MORTAL, 0),
        (CharacterKind.SPIRIT, 0),
    ],
)
def test_die_and_dv_caps_by_kind(kind: CharacterKind, cap: int) -> None:
    """Dex 4, Melee 4, a 2-dot specialty, Essence 2: each kind's cap of 000 §Die Caps."""
    character = fighter(kind).with_trait("specialties.melee.Swords", 2)
    traits = {"attribute": "dexterity", "ability": "melee", "specialty": "Swords"}
    assert die_cap(character, **traits).value == cap
    assert dv_cap(character, **traits).value == cap


# -- overrides -------------------------------------------------------------------------


def test_an_override_replaces_the_value_and_shows_the_computed_one() -> None:
    """The GM sets Dodge DV 7; the sheet shows the reason and the computed 6."""
    blessed = fighter().with_override("dodge_dv", 7, "blessing of the river god")
    derived = dodge_dv(blessed)
    assert (derived.value, derived.computed, derived.overridden) == (7, 6, True)
    assert str(derived) == "7 (GM: blessing of the river god; computed 6)"
    assert str(dodge_dv(blessed.without_override("dodge_dv"))) == "6"


def test_overrides_per_weapon_and_damage_type() -> None:
    """A Parry DV override touches only its weapon; a soak override only its type."""
    character = (
        fighter()
        .with_override("parry_dv:Sword", 9, "ancestral blade")
        .with_override("soak:lethal", 4, "jade plates")
    )
    assert parry_dv(character, SWORD).value == 9
    assert parry_dvs(character)["Punch"].value == 4
    assert soak(character, DamageType.LETHAL).value == 4
    assert soak(character, DamageType.BASHING).value == 3


def test_a_mortal_die_cap_can_be_overridden() -> None:
    """Mortals have die cap 0 unless the GM sets one."""
    mortal = fighter(CharacterKind.MORTAL, essence=1).with_override("die_cap", 2, "god-blooded")
    assert die_cap(mortal, attribute="dexterity", ability="melee").value == 2


def test_unknown_override_keys_and_empty_reasons_are_refused() -> None:
    """An override of a value that does not exist, or without a reason, is refused."""
    with pytest.raises(TraitValueError, match="override key"):
        fighter().with_override("charisma_dv", 3, "why")
    with pytest.raises(TraitValueError, match="reason"):
        fighter().with_override("dodge_dv", 3, " ")


# -- health and persistence ------------------------------------------------------------


def test_health_track_uses_natural_stamina_and_extra_levels() -> None:
    """Stamina 3 and an extra -1 level: 8 levels above Incap and 3 Dying boxes."""
    track = health_track_for(fighter(extra_health_levels=(1,)))
    assert track.labels == (
        "-0", "-1", "-1", "-1", "-2", "-2", "-4", "Incap", "Dying", "Dying", "Dying",
    )  # fmt: skip


def test_a_character_survives_json() -> None:
    """Every field, equipment and overrides included, comes back equal."""
    character = (
        fighter(armour=MAIL, extra_health_levels=(0, 1), notes="scar", personal_motes=13)
        .with_trait("specialties.melee.Swords", 2)
        .with_override("dodge_dv", 7, "blessing")
    )
    assert Character.from_json(character.to_json()) == character


def test_kinds_are_read_case_insensitively_from_json() -> None:
    """'dragon-blooded' and 'heroic mortal' name their kinds; 'elf' is refused."""
    assert Character.from_json({"name": "A", "kind": "dragon-blooded"}).kind is (
        CharacterKind.DRAGON_BLOODED
    )
    assert Character.from_json({"name": "B", "kind": "heroic mortal"}).kind is (
        CharacterKind.HEROIC_MORTAL
    )
    with pytest.raises(TraitValueError, match="kind"):
        Character.from_json({"name": "C", "kind": "elf"})


@given(
    st.dictionaries(st.sampled_from(ATTRIBUTES), st.integers(1, 10)),
    st.dictionaries(st.sampled_from(ABILITIES), st.integers(0, 10)),
    st.integers(1, 10),
    st.sampled_from(list(CharacterKind)),
)
def test_any_valid_character_survives_json_and_has_non_negative_dvs(
    attributes: dict[str, int], abilities: dict[str, int], essence: int, kind: CharacterKind
) -> None:
    """Valid traits of any kind round-trip through JSON, and no derived DV is negative."""
    character = Character("Any", kind=kind, attributes=attributes, abilities=abilities,
                          essence=essence, armour=MAIL)  # fmt: skip
    assert Character.from_json(character.to_json()) == character
    assert dodge_dv(character).value >= 0
    assert all(derived.value >= 0 for derived in parry_dvs(character).values())


@pytest.mark.parametrize(
    "bad",
    [
        {"name": "A", "attributes": [1, 2]},
        {"name": "A", "weapons": [3]},
        {"name": "A", "armour": "plate"},
        {"name": "", "kind": "mortal"},
    ],
)
def test_malformed_character_json_raises_trait_value_error(bad: dict[str, Any]) -> None:
    """Storage gets a TraitValueError, never a TypeError, from a damaged sheet."""
    with pytest.raises(TraitValueError):
        Character.from_json(bad)
