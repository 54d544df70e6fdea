"""Rules tables shipped as JSON in ``battlewheel.resources/rules``, loaded once.

Weapons (``weapons.json``) and armour (``armour.json``). The tables are immutable
data, so every reader is cached: the per-action refresh asks for the brawl weapons of
each combatant's parry DVs. A malformed table raises
``TraitValueError`` naming the file and the entry, so a bad edit is caught at load.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.package_data import resource
from battlewheel.engine.rulesets.rewrite.rules.equipment import Armour, Weapon, WeaponCatalogue

BRAWL_WEAPONS = ("Punch", "Headbutt", "Kick", "Clinch")


def load_rules_json(name: str) -> Any:
    """The parsed contents of ``resources/rules/<name>``."""
    path = resource("rules", name)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise TraitValueError(f"rules/{name}", "a readable JSON file") from error


@cache
def weapons() -> tuple[Weapon, ...]:
    """Every bundled weapon, in table order (000 §Weapons, §Brawl Weapons)."""
    data = load_rules_json("weapons.json")
    return tuple(Weapon.from_json(item) for item in data["weapons"])


@cache
def armours() -> tuple[Armour, ...]:
    """Every bundled armour, in table order."""
    data = load_rules_json("armour.json")
    return tuple(Armour.from_json(item) for item in data["armour"])


def weapon(name: str) -> Weapon:
    """The bundled weapon called ``name`` (case-insensitive)."""
    return bundled_catalogue().get(name)


def armour(name: str) -> Armour:
    """The bundled armour called ``name`` (case-insensitive)."""
    for item in armours():
        if item.name.casefold() == name.casefold():
            return item
    raise TraitValueError("armour", "an armour of the bundled table", name)


@cache
def brawl_weapons() -> tuple[Weapon, ...]:
    """Punch, Headbutt, Kick and Clinch: everyone's natural weapons (000 §Brawl Weapons)."""
    return tuple(weapon(name) for name in BRAWL_WEAPONS)


@cache
def bundled_catalogue() -> WeaponCatalogue:
    """A weapon catalogue of the bundled weapons and no GM entries."""
    return WeaponCatalogue(bundled=weapons())
