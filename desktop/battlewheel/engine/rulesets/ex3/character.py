"""The 3e stat block: traits, weapons, armour, mount and battle-group traits, checked whole.

A ``Character`` refuses an impossible value on construction with ``TraitValueError``
naming the field and the allowed range, so nothing half-built reaches a fight. Weapons,
armour, Hardness and specialties are the GM's input (3e reading §4): the seed gives no
weapon table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from battlewheel.engine.core.codec import LogFormatError, decode_fields, encode
from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.fields import Storable
from battlewheel.engine.core.health import ALLOWED_PENALTIES

ATTRIBUTES = (
    "strength", "dexterity", "stamina", "charisma", "manipulation", "appearance",
    "perception", "intelligence", "wits",
)
ABILITIES = (
    "archery", "athletics", "awareness", "brawl", "dodge", "martial_arts", "melee",
    "ride", "stealth", "thrown", "war",
)
KINDS = ("exalt", "heroic", "mortal")
DAMAGE_TYPES = ("bashing", "lethal")
RANGES = ("close", "short", "medium", "long", "extreme")
DRILLS = ("poor", "average", "elite")
COVER = ("none", "light", "heavy", "total")

# 003 §Mounted Combat: the speed bonus each mount adds to movement rolls.
MOUNT_SPEED = {
    "austrech": 2, "camel": 3, "horse": 4, "mammoth": 1, "simhata": 4,
    "tyrant lizard": 2, "yeddim": 1,
}


def check_range(name: str, value: object, low: int, high: int) -> int:
    """A whole number within bounds, or ``TraitValueError`` naming the field."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise TraitValueError(name, f"a whole number {low}-{high}", value)
    return value


def check_choice(name: str, value: object, allowed: tuple[str, ...]) -> str:
    """One of a fixed set of words, or ``TraitValueError`` naming the field."""
    if value not in allowed:
        raise TraitValueError(name, "one of " + ", ".join(allowed), value)
    return str(value)


def _from_json(cls: type[Any], obj: object, path: str) -> Any:
    try:
        return cls(**decode_fields(cls, obj, path, skip=frozenset()))
    except LogFormatError as error:
        raise TraitValueError(error.field, error.problem) from error


def _to_json(value: Any) -> dict[str, Any]:
    return {f.name: encode(getattr(value, f.name)) for f in fields(value)}


@dataclass(frozen=True)
class Weapon:
    """A weapon's figures (GM input): accuracy, damage, Defence, minimum damage, range.

    ``range`` is the farthest band it reaches: ``close`` for a close-combat weapon (the
    only kind that Parries, 003 §Defending Against Attacks).
    """

    name: str
    ability: str = "melee"
    accuracy: int = 0
    damage: int = 0
    defence: int = 0
    minimum: int = 1
    damage_type: str = "lethal"
    range: str = "close"
    reach: bool = False
    two_handed: bool = False
    off_hand: bool = False

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise TraitValueError("weapon.name", "a non-empty name", self.name)
        check_choice(f"weapon {self.name}.ability", self.ability, ABILITIES)
        check_range(f"weapon {self.name}.accuracy", self.accuracy, -5, 10)
        check_range(f"weapon {self.name}.damage", self.damage, 0, 30)
        check_range(f"weapon {self.name}.defence", self.defence, -5, 5)
        check_range(f"weapon {self.name}.minimum", self.minimum, 0, 10)
        check_choice(f"weapon {self.name}.damage_type", self.damage_type, DAMAGE_TYPES)
        check_choice(f"weapon {self.name}.range", self.range, RANGES)

    @property
    def close(self) -> bool:
        """A close-combat weapon (it can Parry)."""
        return self.range == "close"

    def to_json(self) -> dict[str, Any]:
        """Every field by name."""
        return _to_json(self)

    @classmethod
    def from_json(cls, obj: object) -> Weapon:
        """Read a weapon strictly."""
        return _from_json(cls, obj, "weapon")


# Fists and feet are always ready (003 §Ready Weapon); figures are the GM's to change.
UNARMED = Weapon("Unarmed", ability="brawl", accuracy=4, damage=7, defence=0,
                 minimum=1, damage_type="bashing")


@dataclass(frozen=True)
class Armour:
    """Armour's soak, Hardness and the penalty it takes off Evasion (GM input)."""

    name: str = "none"
    soak: int = 0
    hardness: int = 0
    penalty: int = 0

    def __post_init__(self) -> None:
        check_range("armour.soak", self.soak, 0, 20)
        check_range("armour.hardness", self.hardness, 0, 20)
        check_range("armour.penalty", self.penalty, 0, 5)

    def to_json(self) -> dict[str, Any]:
        """Every field by name."""
        return _to_json(self)

    @classmethod
    def from_json(cls, obj: object) -> Armour:
        """Read armour strictly."""
        return _from_json(cls, obj, "armour")


@dataclass(frozen=True)
class GroupTraits:
    """A battle group's Size, Drill, Might and morale (003 §Battle Groups)."""

    size: int = 1
    drill: str = "average"
    might: int = 0
    perfect_morale: bool = False
    average_health: int = 7

    def __post_init__(self) -> None:
        check_range("group.size", self.size, 0, 5)
        check_choice("group.drill", self.drill, DRILLS)
        check_range("group.might", self.might, 0, 3)
        check_range("group.average_health", self.average_health, 1, 20)

    def to_json(self) -> dict[str, Any]:
        """Every field by name."""
        return _to_json(self)

    @classmethod
    def from_json(cls, obj: object) -> GroupTraits:
        """Read battle-group traits strictly."""
        return _from_json(cls, obj, "group")


@dataclass(frozen=True)
class Character(Storable):
    """One 3e stat block; a battle group is a character with ``group`` traits.

    ``kind`` decides double 10s (exalt and heroic count a 10 twice, mortal once, 3e
    reading: Dice) and rounding of static values; ``specialties`` maps an Ability to
    the specialty dice (0-3) that count towards its Parry or Evasion.
    """

    name: str
    kind: str = "mortal"
    attributes: Mapping[str, int] = field(default_factory=dict)
    abilities: Mapping[str, int] = field(default_factory=dict)
    specialties: Mapping[str, int] = field(default_factory=dict)
    weapons: tuple[Weapon, ...] = ()
    armour: Armour = field(default_factory=Armour)
    hardness: int = 0
    base_initiative: int = 3
    willpower: int = 5
    essence: int = 1
    health_levels: tuple[int, ...] = ()
    mount: str = ""
    group: GroupTraits | None = None

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise TraitValueError("name", "a non-empty name", self.name)
        check_choice("kind", self.kind, KINDS)
        self._check_traits()
        check_range("hardness", self.hardness, 0, 20)
        check_range("base_initiative", self.base_initiative, -10, 30)
        check_range("willpower", self.willpower, 1, 10)
        check_range("essence", self.essence, 1, 5)
        self._check_health_levels()
        if self.mount and self.mount not in MOUNT_SPEED:
            raise TraitValueError("mount", "one of " + ", ".join(MOUNT_SPEED), self.mount)
        names = [w.name for w in self.weapons]
        if len(set(names)) != len(names) or UNARMED.name in names:
            raise TraitValueError("weapons", "distinct names, not 'Unarmed'", names)

    def _check_traits(self) -> None:
        for name, value in self.attributes.items():
            check_choice("attributes", name, ATTRIBUTES)
            check_range(f"attributes.{name}", value, 1, 10)
        for name, value in self.abilities.items():
            check_choice("abilities", name, ABILITIES)
            check_range(f"abilities.{name}", value, 0, 10)
        for name, value in self.specialties.items():
            check_choice("specialties", name, ABILITIES)
            check_range(f"specialties.{name}", value, 0, 3)

    def _check_health_levels(self) -> None:
        for penalty in self.health_levels:
            if penalty not in ALLOWED_PENALTIES:
                raise TraitValueError("health_levels", "penalties 0, 1, 2 or 4", penalty)
        if list(self.health_levels) != sorted(self.health_levels):
            raise TraitValueError("health_levels", "in ascending order", self.health_levels)

    # -- reading traits ------------------------------------------------------------------

    def attribute(self, name: str) -> int:
        """An Attribute's dots; an unlisted one is 1."""
        return self.attributes.get(name, 1)

    def ability(self, name: str) -> int:
        """An Ability's dots; an unlisted one is 0."""
        return self.abilities.get(name, 0)

    def specialty(self, name: str) -> int:
        """Specialty dice towards an Ability's static value."""
        return self.specialties.get(name, 0)

    @property
    def all_weapons(self) -> tuple[Weapon, ...]:
        """The listed weapons and the unarmed attack every character has."""
        return (*self.weapons, UNARMED)

    def weapon(self, name: str) -> Weapon | None:
        """A weapon by name (``Unarmed`` always exists)."""
        return next((w for w in self.all_weapons if w.name == name), None)

    @property
    def double_tens(self) -> bool:
        """Magical beings and heroic mortals count a 10 twice (004 §The Rule of 10)."""
        return self.kind != "mortal"

    @property
    def is_group(self) -> bool:
        """Whether this block is a battle group."""
        return self.group is not None

    # -- JSON --------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Every field by name (nested values as their own JSON)."""
        return _to_json(self)

    @classmethod
    def from_json(cls, obj: object) -> Character:
        """Read a stat block; a wrong shape or an impossible value raises ``TraitValueError``."""
        return _from_json(cls, obj, "character")
