"""Weapons and armour as frozen values, and the GM-editable weapon catalogue.

Stats follow 000 §Weapons: Damage counts automatic levels, Rate is per weapon, each
weapon lists the body parts it needs, and the tags are C (clinch), N (natural) and
P (piercing: armour's soak is halved against it).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property
from typing import Any

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.rulesets.rewrite.rules.traits import (
    ABILITIES,
    ATTRIBUTES,
    StoredFields,
    check_name,
    check_range,
)


class DamageType(StrEnum):
    """Bashing, lethal or aggravated, written B, L, A on weapon tables."""

    BASHING = "B"
    LETHAL = "L"
    AGGRAVATED = "A"

    @property
    def word(self) -> str:
        """The full lower-case name, e.g. ``"lethal"``."""
        return self.name.lower()

    @classmethod
    def parse(cls, value: object) -> DamageType:
        """Read ``"L"``, ``"lethal"`` or a ``DamageType``."""
        text = str(value).strip()
        for kind in cls:
            if text.upper() == kind.value or text.lower() == kind.word:
                return kind
        raise TraitValueError("damage type", "B, L or A (bashing, lethal, aggravated)", value)


WEAPON_TAGS = ("C", "N", "P")
BODY_PARTS = ("hand", "foot", "head", "torso", "limb")
# The bounds of each weapon and armour statistic (checked here, shown by the editor's form).
SPEED_RANGE = (1, 20)
ACCURACY_RANGE = (-10, 20)
DAMAGE_RANGE = (-10, 50)
RATE_RANGE = (1, 10)
OVERWHELMING_RANGE = (0, 20)
DEFENCE_RANGE = (-10, 20)
RANGE_RANGE = (1, 10_000)
MINIMUM_RANGE = (0, 10)
SOAK_RANGE = (0, 50)
MOBILITY_RANGE = (0, 10)
FATIGUE_RANGE = (0, 10)


@dataclass(frozen=True)
class Weapon:
    """One weapon's statistics (000 §Weapons).

    ``defence`` is None for weapons that cannot parry; ``range`` (yards) is None for
    close weapons. ``house_example`` marks stats of our own that the GM may edit.
    """

    name: str
    ability: str
    speed: int
    accuracy: int
    damage: int
    damage_type: DamageType
    defence: int | None = None
    rate: int = 1
    overwhelming: int = 0
    adds_strength: bool = True
    body_parts: tuple[str, ...] = ("hand",)
    tags: frozenset[str] = frozenset()
    range: int | None = None
    minimums: Mapping[str, int] = field(default_factory=dict, hash=False)
    house_example: bool = False
    notes: str = ""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise TraitValueError("weapon.name", "a non-empty name", self.name)
        check_name(f"weapon {self.name}: ability", self.ability, ABILITIES)
        check_range(f"weapon {self.name}: speed", self.speed, *SPEED_RANGE)
        check_range(f"weapon {self.name}: accuracy", self.accuracy, *ACCURACY_RANGE)
        check_range(f"weapon {self.name}: damage", self.damage, *DAMAGE_RANGE)
        check_range(f"weapon {self.name}: rate", self.rate, *RATE_RANGE)
        check_range(f"weapon {self.name}: overwhelming", self.overwhelming,
                        *OVERWHELMING_RANGE)
        if self.defence is not None:
            check_range(f"weapon {self.name}: defence", self.defence, *DEFENCE_RANGE)
        if self.range is not None:
            check_range(f"weapon {self.name}: range", self.range, *RANGE_RANGE)
        for part in self.body_parts:
            check_name(f"weapon {self.name}: body part", part, BODY_PARTS)
        for tag in self.tags:
            check_name(f"weapon {self.name}: tag", tag, WEAPON_TAGS)
        for attribute, dots in self.minimums.items():
            check_name(f"weapon {self.name}: minimum", attribute, ATTRIBUTES + ABILITIES)
            check_range(f"weapon {self.name}: minimum {attribute}", dots, *MINIMUM_RANGE)

    @property
    def natural(self) -> bool:
        """Tag N: part of the body, never disarmed."""
        return "N" in self.tags

    @property
    def piercing(self) -> bool:
        """Tag P: armour's soak is halved against it."""
        return "P" in self.tags

    @property
    def clinch(self) -> bool:
        """Tag C: used with the clinch rules."""
        return "C" in self.tags

    @property
    def close(self) -> bool:
        """A hand-to-hand weapon (no range)."""
        return self.range is None

    @property
    def can_parry(self) -> bool:
        """A ready close weapon with a Defence rating gives a Parry DV (000 §Defence)."""
        return self.close and self.defence is not None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict in the format of ``resources/rules/weapons.json``."""
        data: dict[str, Any] = {
            "name": self.name,
            "ability": self.ability,
            "speed": self.speed,
            "accuracy": self.accuracy,
            "damage": self.damage,
            "damage_type": self.damage_type.value,
            "defence": self.defence,
            "rate": self.rate,
            "overwhelming": self.overwhelming,
            "adds_strength": self.adds_strength,
            "body_parts": list(self.body_parts),
            "tags": sorted(self.tags),
            "range": self.range,
            "minimums": dict(self.minimums),
        }
        return _with_table_notes(data, self.house_example, self.notes)

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Weapon:
        """Read a weapon; a missing or bad field raises ``TraitValueError`` naming it."""
        name = obj.get("name") if isinstance(obj, Mapping) else None
        fields = StoredFields(obj, f"weapon {name if isinstance(name, str) else '?'}: ",
                              WEAPON_KEYS)
        return cls(
            name=fields.text("name"),
            ability=fields.text("ability").lower(),
            speed=fields.value("speed"),
            accuracy=fields.value("accuracy", 0),
            damage=fields.value("damage", 0),
            damage_type=DamageType.parse(fields.text("damage_type", "B")),
            defence=fields.value("defence", None),
            rate=fields.value("rate", 1),
            overwhelming=fields.value("overwhelming", 0),
            adds_strength=fields.flag("adds_strength", True),
            body_parts=fields.texts("body_parts", ("hand",)),
            tags=frozenset(tag.upper() for tag in fields.texts("tags", ())),
            range=fields.value("range", None),
            minimums=fields.table("minimums", {}),
            house_example=fields.flag("house_example", False),
            notes=fields.text("notes", ""),
        )

    def renamed(self, name: str) -> Weapon:
        """The same weapon under another name."""
        return replace(self, name=name)


def _per_type(field_name: str, value: object) -> dict[DamageType, int]:
    """Read soak or hardness: one number for every type, or one per type."""
    if isinstance(value, Mapping):
        result = {kind: 0 for kind in DamageType}
        for key, amount in value.items():
            kind = DamageType.parse(key)
            result[kind] = check_range(f"{field_name}.{kind.word}", amount, *SOAK_RANGE)
        return result
    amount = check_range(field_name, value, *SOAK_RANGE)
    return {kind: amount for kind in DamageType}


@dataclass(frozen=True)
class Armour:
    """One suit of armour: soak and hardness per damage type, mobility and fatigue."""

    name: str
    soak: Mapping[DamageType, int] = field(default_factory=dict, hash=False)
    hardness: Mapping[DamageType, int] = field(default_factory=dict, hash=False)
    mobility_penalty: int = 0
    fatigue: int = 0
    house_example: bool = False
    notes: str = ""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise TraitValueError("armour.name", "a non-empty name", self.name)
        object.__setattr__(self, "soak", _per_type(f"armour {self.name}: soak", self.soak))
        hardness = _per_type(f"armour {self.name}: hardness", self.hardness)
        object.__setattr__(self, "hardness", hardness)
        check_range(f"armour {self.name}: mobility penalty", self.mobility_penalty,
                    *MOBILITY_RANGE)
        check_range(f"armour {self.name}: fatigue", self.fatigue, *FATIGUE_RANGE)

    def soak_against(self, damage_type: DamageType) -> int:
        """Armour's soak against one damage type."""
        return self.soak.get(damage_type, 0)

    def hardness_against(self, damage_type: DamageType) -> int:
        """Armour's hardness against one damage type."""
        return self.hardness.get(damage_type, 0)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict in the format of ``resources/rules/armour.json``."""
        data: dict[str, Any] = {
            "name": self.name,
            "soak": {kind.word: self.soak_against(kind) for kind in DamageType},
            "hardness": {kind.word: self.hardness_against(kind) for kind in DamageType},
            "mobility_penalty": self.mobility_penalty,
            "fatigue": self.fatigue,
        }
        return _with_table_notes(data, self.house_example, self.notes)

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Armour:
        """Read armour; a bad field raises ``TraitValueError`` naming it."""
        fields = StoredFields(obj, "armour.", ARMOUR_KEYS)
        return cls(
            name=fields.text("name", ""),
            soak=fields.value("soak", 0),
            hardness=fields.value("hardness", 0),
            mobility_penalty=fields.value("mobility_penalty", 0),
            fatigue=fields.value("fatigue", 0),
            house_example=fields.flag("house_example", False),
            notes=fields.text("notes", ""),
        )


WEAPON_KEYS = frozenset(Weapon.__dataclass_fields__)
ARMOUR_KEYS = frozenset(Armour.__dataclass_fields__)


def _with_table_notes(data: dict[str, Any], house_example: bool, notes: str) -> dict[str, Any]:
    """Add the optional table keys only when set, as the bundled tables write them."""
    if house_example:
        data["house_example"] = True
    if notes:
        data["notes"] = notes
    return data


@dataclass(frozen=True)
class WeaponCatalogue:
    """Bundled weapons plus the GM's own; a GM entry wins over a bundled one by name.

    Immutable: ``with_weapon`` and ``without`` return a new catalogue. Only the GM's
    entries are written by ``to_json``; the bundled ones come from the rules data.
    """

    bundled: tuple[Weapon, ...] = ()
    custom: tuple[Weapon, ...] = ()

    def __post_init__(self) -> None:
        names = [weapon.name.casefold() for weapon in self.custom]
        if len(names) != len(set(names)):
            raise TraitValueError("weapon catalogue", "one GM weapon per name")

    @cached_property
    def _merged(self) -> dict[str, Weapon]:
        merged = {weapon.name.casefold(): weapon for weapon in self.bundled}
        merged.update({weapon.name.casefold(): weapon for weapon in self.custom})
        return merged

    def __iter__(self) -> Iterator[Weapon]:
        return iter(self._merged.values())

    def __len__(self) -> int:
        return len(self._merged)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.casefold() in self._merged

    def names(self) -> list[str]:
        """Every weapon name, bundled first then the GM's new ones."""
        return [weapon.name for weapon in self]

    def get(self, name: str) -> Weapon:
        """The weapon called ``name`` (case-insensitive); unknown raises ``TraitValueError``."""
        weapon = self._merged.get(name.casefold())
        if weapon is None:
            raise TraitValueError("weapon", "a weapon of the catalogue", name)
        return weapon

    def is_custom(self, name: str) -> bool:
        """The GM added or edited this weapon."""
        return any(weapon.name.casefold() == name.casefold() for weapon in self.custom)

    def with_weapon(self, weapon: Weapon) -> WeaponCatalogue:
        """Add or replace (by name) a GM weapon."""
        kept = tuple(w for w in self.custom if w.name.casefold() != weapon.name.casefold())
        return replace(self, custom=(*kept, weapon))

    def without(self, name: str) -> WeaponCatalogue:
        """Drop the GM's entry for ``name`` (a bundled weapon of that name shows again)."""
        kept = tuple(w for w in self.custom if w.name.casefold() != name.casefold())
        return replace(self, custom=kept)

    def to_json(self) -> dict[str, Any]:
        """The GM's weapons, ready for storage: ``{"weapons": [...]}``."""
        return {"weapons": [weapon.to_json() for weapon in self.custom]}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any], bundled: Iterable[Weapon] = ()) -> WeaponCatalogue:
        """A catalogue of the bundled weapons and the GM's stored ones."""
        custom = tuple(Weapon.from_json(item) for item in obj.get("weapons", ()))
        return cls(bundled=tuple(bundled), custom=custom)
