"""The bundled weapon and armour tables, and the GM's weapon catalogue."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.rulesets.rewrite.rules import tables
from battlewheel.engine.rulesets.rewrite.rules.equipment import (
    Armour,
    DamageType,
    Weapon,
    WeaponCatalogue,
)


@pytest.mark.parametrize(
    ("name", "speed", "accuracy", "damage", "defence", "parts", "tags"),
    [
        ("Punch", 5, 1, 0, 2, ("hand",), {"N"}),
        ("Headbutt", 5, 1, 0, 2, ("head",), {"N"}),
        ("Kick", 5, 0, 1, -2, ("foot",), {"N"}),
        ("Clinch", 6, 0, 0, None, ("torso", "limb", "limb"), {"C", "N", "P"}),
    ],
)
def test_brawl_weapons_match_the_seed_table(
    name: str,
    speed: int,
    accuracy: int,
    damage: int,
    defence: int | None,
    parts: tuple[str, ...],
    tags: set[str],
) -> None:
    """Each brawl weapon has the Speed, Accuracy, bashing Damage, Defence, parts and tags of 000."""
    weapon = tables.weapon(name)
    assert (weapon.speed, weapon.accuracy, weapon.damage, weapon.defence) == (
        speed,
        accuracy,
        damage,
        defence,
    )
    assert weapon.damage_type is DamageType.BASHING
    assert (weapon.rate, weapon.ability, weapon.body_parts, weapon.tags) == (
        1,
        "brawl",
        parts,
        frozenset(tags),
    )
    assert not weapon.house_example


def test_kick_needs_two_dots_of_dexterity() -> None:
    """The Kick's minimums are Strength 1 and Dexterity 2."""
    assert dict(tables.weapon("kick").minimums) == {"strength": 1, "dexterity": 2}


def test_every_other_weapon_and_all_armour_is_marked_a_house_example() -> None:
    """Weapons beyond the brawl table, and every armour, carry the house-example mark."""
    others = [w for w in tables.weapons() if w.name not in tables.BRAWL_WEAPONS]
    assert len(others) >= 5
    assert all(weapon.house_example for weapon in others)
    assert any(not weapon.close for weapon in others)  # some ranged weapons too
    assert tables.armours() and all(item.house_example for item in tables.armours())


def test_every_bundled_entry_survives_json() -> None:
    """Each weapon and armour comes back equal from its own JSON."""
    for weapon in tables.weapons():
        assert Weapon.from_json(weapon.to_json()) == weapon
        assert Weapon.from_json(weapon.to_json()).minimums == weapon.minimums
    for item in tables.armours():
        assert Armour.from_json(item.to_json()) == item


def test_a_bad_weapon_names_its_field() -> None:
    """Speed 0 and an unknown tag are refused naming the weapon and field."""
    good = tables.weapon("Punch").to_json()
    with pytest.raises(TraitValueError, match="Punch: speed"):
        Weapon.from_json({**good, "speed": 0})
    with pytest.raises(TraitValueError, match="tag"):
        Weapon.from_json({**good, "tags": ["Q"]})


def test_gm_weapons_win_over_bundled_ones_by_name() -> None:
    """A GM Punch with Damage 1 replaces the bundled one; removing it brings it back."""
    catalogue = tables.bundled_catalogue()
    stronger = Weapon.from_json({**tables.weapon("Punch").to_json(), "damage": 1})
    edited = catalogue.with_weapon(stronger)
    assert edited.get("punch").damage == 1
    assert len(edited) == len(catalogue)
    assert edited.is_custom("Punch") and not catalogue.is_custom("Punch")
    assert edited.without("Punch").get("Punch").damage == 0


def test_gm_weapons_are_added_and_stored_alone() -> None:
    """A new GM weapon joins the list; only GM weapons are written, and read back equal."""
    axe = Weapon("Moonsilver axe", "melee", speed=5, accuracy=1, damage=6,
                 damage_type=DamageType.LETHAL, defence=0, overwhelming=3)  # fmt: skip
    catalogue = tables.bundled_catalogue().with_weapon(axe)
    assert "moonsilver AXE" in catalogue
    assert catalogue.to_json() == {"weapons": [axe.to_json()]}
    restored = WeaponCatalogue.from_json(catalogue.to_json(), tables.weapons())
    assert restored == catalogue


def test_unknown_weapons_and_armour_are_refused() -> None:
    """Asking for a weapon or armour not in the tables names what was asked."""
    with pytest.raises(TraitValueError, match="Laser"):
        tables.weapon("Laser")
    with pytest.raises(TraitValueError, match="Mithril"):
        tables.armour("Mithril")
