"""Trait names, kinds of character and the allowed range of every trait.

Ranges (our reading of 004 §Traits): Attributes 1-10, Abilities 0-10, specialty dots
1-3, Virtues 1-5, Willpower 1-10, Essence 1-10, mote pools 0 or more. An impossible
value raises ``TraitValueError`` naming the field and the range.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any

from .errors import TraitValueError


class CharacterKind(StrEnum):
    """What a character is; it decides rounding, resilience, double 10s and caps."""

    MORTAL = "mortal"
    HEROIC_MORTAL = "heroic mortal"
    EXTRA = "extra"
    SOLAR = "Solar"
    LUNAR = "Lunar"
    SIDEREAL = "Sidereal"
    DRAGON_BLOODED = "Dragon-Blooded"
    ABYSSAL = "Abyssal"
    SPIRIT = "spirit"

    @property
    def is_exalted(self) -> bool:
        """One of the five Exalted types."""
        return self in EXALTED_KINDS

    @property
    def is_magical(self) -> bool:
        """Exalted or spirit: a magical being for rounding (004 §Rounding Static Values)."""
        return self.is_exalted or self is CharacterKind.SPIRIT


EXALTED_KINDS = frozenset(
    {
        CharacterKind.SOLAR,
        CharacterKind.LUNAR,
        CharacterKind.SIDEREAL,
        CharacterKind.DRAGON_BLOODED,
        CharacterKind.ABYSSAL,
    }
)

ATTRIBUTES: tuple[str, ...] = (
    "strength",
    "dexterity",
    "stamina",
    "charisma",
    "manipulation",
    "appearance",
    "perception",
    "intelligence",
    "wits",
)

# The 25 Abilities of 2e with Brawl in place of Martial Arts (000 §Abilities).
ABILITIES: tuple[str, ...] = (
    "archery",
    "brawl",
    "melee",
    "thrown",
    "war",
    "integrity",
    "performance",
    "presence",
    "resistance",
    "survival",
    "craft",
    "investigation",
    "lore",
    "medicine",
    "occult",
    "athletics",
    "awareness",
    "dodge",
    "larceny",
    "stealth",
    "bureaucracy",
    "linguistics",
    "ride",
    "sail",
    "socialize",
)

VIRTUES: tuple[str, ...] = ("compassion", "conviction", "temperance", "valor")

ATTRIBUTE_RANGE = (1, 10)
ABILITY_RANGE = (0, 10)
SPECIALTY_RANGE = (1, 3)
VIRTUE_RANGE = (1, 5)
WILLPOWER_RANGE = (1, 10)
ESSENCE_RANGE = (1, 10)
MAX_MOTES = 999


def check_range(field: str, value: object, low: int, high: int) -> int:
    """Return ``value`` if it is a whole number in low-high, else raise ``TraitValueError``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        span = f"{low}-{high}" if low >= 0 else f"from {low} to {high}"
        raise TraitValueError(field, f"a whole number {span}", value)
    return value


def check_name(field: str, name: str, known: tuple[str, ...]) -> str:
    """Return ``name`` if it is one of ``known``, else raise ``TraitValueError``."""
    if name not in known:
        raise TraitValueError(field, "one of " + ", ".join(known), name)
    return name


def parse_kind(value: object) -> CharacterKind:
    """A ``CharacterKind`` from its value or name, case-insensitive."""
    text = str(value).strip().lower().replace("_", " ")
    for kind in CharacterKind:
        if text in (kind.value.lower(), kind.name.lower().replace("_", " ")):
            return kind
    raise TraitValueError("kind", "one of " + ", ".join(k.value for k in CharacterKind), value)


def json_type(value: object) -> str:
    """The JSON name of a parsed value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "an array"
    return "an object"


_REQUIRED: Any = object()


class StoredFields:
    """One stored JSON object's fields, read strictly: the one check of every stored value.

    A value of the wrong JSON type is refused, never converted (``"no"`` is not false,
    ``null`` is not the text "None", ``""`` is not an empty table), and so is a key the
    object does not have (a misspelt field would otherwise be silently ignored). Every
    refusal is a ``TraitValueError`` naming the field.
    """

    def __init__(self, obj: object, where: str, known: Iterable[str]) -> None:
        if not isinstance(obj, Mapping):
            raise TraitValueError(where.rstrip(": ") or "value", f"an object, not {json_type(obj)}")
        self.obj = obj
        self.where = where
        unknown = sorted(set(obj) - set(known))
        if unknown:
            raise TraitValueError(f"{where}{unknown[0]}", "one of " + ", ".join(sorted(known)))

    def value(self, key: str, default: Any = _REQUIRED) -> Any:
        """A value whose type the constructor checks (numbers go through ``check_range``)."""
        if key in self.obj:
            return self.obj[key]
        if default is _REQUIRED:
            raise TraitValueError(f"{self.where}{key}", "present")
        return default

    def text(self, key: str, default: Any = _REQUIRED) -> str:
        """A string."""
        return self._typed(key, default, str, "text")

    def flag(self, key: str, default: Any = _REQUIRED) -> bool:
        """true or false."""
        return self._typed(key, default, bool, "true or false")

    def table(self, key: str, default: Any = _REQUIRED) -> Mapping[str, Any]:
        """A JSON object."""
        return self._typed(key, default, Mapping, "an object")

    def array(self, key: str, default: Any = _REQUIRED) -> list[Any]:
        """A JSON array."""
        return self._typed(key, default, list | tuple, "an array")

    def texts(self, key: str, default: Any = _REQUIRED) -> tuple[str, ...]:
        """A JSON array of strings."""
        items = self.array(key, default)
        for index, item in enumerate(items):
            if not isinstance(item, str):
                raise TraitValueError(f"{self.where}{key}[{index}]",
                                      f"text, not {json_type(item)}")
        return tuple(items)

    def _typed(self, key: str, default: Any, kind: Any, allowed: str) -> Any:
        found = self.value(key, default)
        if isinstance(found, kind) and (kind is bool or not isinstance(found, bool)):
            return found
        raise TraitValueError(f"{self.where}{key}", f"{allowed}, not {json_type(found)}")
