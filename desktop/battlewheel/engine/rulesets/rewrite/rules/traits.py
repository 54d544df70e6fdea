"""Trait names, kinds of character and the allowed range of every trait.

Ranges (our reading of 004 §Traits): Attributes 1-10, Abilities 0-10, specialty dots
1-3, Virtues 1-5, Willpower 1-10, Essence 1-10, mote pools 0 or more. An impossible
value raises ``TraitValueError`` naming the field and the range.
"""

from __future__ import annotations

from enum import StrEnum

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.fields import StoredFields as StoredFields
from battlewheel.engine.core.fields import json_type as json_type


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
    kind = _KINDS_BY_TEXT.get(text)
    if kind is None:
        raise TraitValueError("kind", "one of " + ", ".join(k.value for k in CharacterKind), value)
    return kind


# Each kind by its value and its name, lower case (names with spaces for underscores).
_KINDS_BY_TEXT = {
    **{kind.name.lower().replace("_", " "): kind for kind in CharacterKind},
    **{kind.value.lower(): kind for kind in CharacterKind},
}
