"""Values derived from a character's traits, each one overridable by the GM.

Every function returns a ``Derived``: the value in play, the value the rules compute,
and the GM's reason when an override replaced it, so a sheet can show
"7 (GM: blessing of the river god; computed 5)". Override keys are ``dodge_dv``,
``parry_dv:<weapon>``, ``soak:<type>``, ``soak:<type>:piercing``, ``hardness:<type>``,
``surprise_detection_value``, ``die_cap`` and ``dv_cap`` (types: bashing, lethal,
aggravated).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from battlewheel.engine.core.dice import halve_static, natural_lethal_soak
from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.rulesets.rewrite.rules.equipment import Armour, DamageType, Weapon
from battlewheel.engine.rulesets.rewrite.rules.tables import brawl_weapons
from battlewheel.engine.rulesets.rewrite.rules.traits import CharacterKind, StoredFields


class Character(Protocol):
    """What the derived values read of a character (the stat block in ``block`` is one).

    Named here so the rules do not import the stat block that imports them.
    """

    @property
    def kind(self) -> CharacterKind: ...
    @property
    def essence(self) -> int: ...
    @property
    def stamina(self) -> int: ...
    @property
    def armour(self) -> Armour | None: ...
    @property
    def weapons(self) -> tuple[Weapon, ...]: ...
    @property
    def extra_health_levels(self) -> tuple[int, ...]: ...
    @property
    def overrides(self) -> Mapping[str, Override]: ...
    def attribute(self, name: str) -> int: ...
    def ability(self, name: str) -> int: ...
    def specialty(self, ability: str, name: str) -> int: ...

_SIMPLE_KEYS = ("dodge_dv", "surprise_detection_value", "die_cap", "dv_cap")
_TYPE_WORDS = tuple(kind.word for kind in DamageType)


@dataclass(frozen=True)
class Override:
    """A value the GM set by hand, and why."""

    value: int
    reason: str

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise TraitValueError("override value", "a whole number", self.value)
        if not self.reason.strip():
            raise TraitValueError("override reason", "a short reason the sheet can show")

    def to_json(self) -> dict[str, Any]:
        """``{"value": ..., "reason": ...}``."""
        return {"value": self.value, "reason": self.reason}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any], where: str = "override") -> Override:
        """Read an override written by ``to_json``; ``where`` names it in a refusal."""
        fields = StoredFields(obj, f"{where}.", ("value", "reason"))
        return cls(fields.value("value"), fields.text("reason"))


@dataclass(frozen=True)
class Derived:
    """A derived value: what is in play, what the rules compute, and any GM reason."""

    value: int
    computed: int
    override_reason: str | None = None

    @property
    def overridden(self) -> bool:
        """The GM replaced the computed value."""
        return self.override_reason is not None

    def __int__(self) -> int:
        return self.value

    def __str__(self) -> str:
        if self.override_reason is None:
            return str(self.value)
        return f"{self.value} (GM: {self.override_reason}; computed {self.computed})"


def override_key(name: str, *parts: object) -> str:
    """The override key of a derived value, e.g. ``override_key("soak", DamageType.LETHAL)``."""
    words = [part.word if isinstance(part, DamageType) else str(part) for part in parts]
    return ":".join([name, *words])


def check_override_key(key: str) -> str:
    """Return ``key`` if a derived value has that key, else raise ``TraitValueError``."""
    name, _, rest = key.partition(":")
    if key in _SIMPLE_KEYS or (name == "parry_dv" and rest.strip()):
        return key
    if name == "hardness" and rest in _TYPE_WORDS:
        return key
    kind, _, piercing = rest.partition(":")
    if name == "soak" and kind in _TYPE_WORDS and piercing in ("", "piercing"):
        return key
    allowed = "dodge_dv, parry_dv:<weapon>, soak:<type>[:piercing], hardness:<type>, "
    raise TraitValueError(
        "override key", allowed + "surprise_detection_value, die_cap, dv_cap", key
    )


def _derived(character: Character, key: str, computed: int) -> Derived:
    override = character.overrides.get(key)
    if override is None:
        return Derived(computed, computed)
    return Derived(override.value, computed, override.reason)


# -- kinds ---------------------------------------------------------------------------


def rounds_static_up(character: Character) -> bool:
    """Exalted and other magical beings round static values up (004 §Rounding Static Values)."""
    return character.kind.is_magical


def has_exalted_resilience(character: Character) -> bool:
    """Every Exalt, and no mortal, has Exalted resilience (000 §Applying Effects)."""
    return character.kind.is_exalted


def gets_double_tens(character: Character) -> bool:
    """10s count twice for magical beings and heroic mortals (004 §The Rule of 10)."""
    return character.kind not in (CharacterKind.MORTAL, CharacterKind.EXTRA)


def unskilled_penalty(character: Character, ability: str) -> int:
    """Dice lost on a roll with an Ability of 0 dots: 2 unless Exalted (004 §Internal Penalties)."""
    if character.kind.is_exalted or character.ability(ability) > 0:
        return 0
    return 2


def specialty_dice(character: Character, ability: str, name: str | None) -> int:
    """Bonus dice from a named specialty, at most 3 (004 §Specialties)."""
    return 0 if name is None else character.specialty(ability, name)


def health_track_for(character: Character) -> HealthTrack:
    """An empty track for natural Stamina and extra levels (000 §Health Levels)."""
    return HealthTrack.standard(character.stamina, character.extra_health_levels)


# -- defence values ------------------------------------------------------------------


def _essence_term(character: Character) -> int:
    """Essence counts in DVs only from Essence 2 (000 §Apply Defences)."""
    return character.essence if character.essence >= 2 else 0


def dodge_dv(character: Character) -> Derived:
    """(Dex + Dodge) / 2 + Essence - armour mobility penalty, at least 0 (000 §Apply Defences)."""
    half = halve_static(
        character.attribute("dexterity") + character.ability("dodge"),
        round_up=rounds_static_up(character),
    )
    mobility = character.armour.mobility_penalty if character.armour else 0
    return _derived(character, "dodge_dv", max(0, half + _essence_term(character) - mobility))


def parry_dv(character: Character, weapon: Weapon) -> Derived:
    """(Dex + Ability + Defence + Essence) / 2 for one ready close weapon (000 §Apply Defences).

    A weapon that cannot parry (a ranged weapon, or no Defence rating) gives 0.
    """
    computed = 0
    if weapon.can_parry:
        total = (
            character.attribute("dexterity")
            + character.ability(weapon.ability)
            + (weapon.defence or 0)
            + _essence_term(character)
        )
        computed = max(0, halve_static(total, round_up=rounds_static_up(character)))
    return _derived(character, override_key("parry_dv", weapon.name), computed)


def ready_weapons(character: Character, *, natural: bool = True) -> tuple[Weapon, ...]:
    """The character's weapons, then the brawl weapons not already carried by name."""
    carried = {weapon.name.casefold() for weapon in character.weapons}
    extra = [w for w in brawl_weapons() if natural and w.name.casefold() not in carried]
    return (*character.weapons, *extra)


def parry_dvs(character: Character, *, natural: bool = True) -> dict[str, Derived]:
    """A Parry DV per ready close weapon, natural ones included (000 §Apply Defences)."""
    return {
        weapon.name: parry_dv(character, weapon)
        for weapon in ready_weapons(character, natural=natural)
        if weapon.can_parry
    }


def surprise_detection_value(character: Character) -> Derived:
    """(Perception + Awareness + Essence) / 2, before situation (000 §Roll Surprise Checks).

    Permanent Essence always counts here, also at Essence 1.
    """
    total = character.attribute("perception") + character.ability("awareness") + character.essence
    computed = halve_static(total, round_up=rounds_static_up(character))
    return _derived(character, "surprise_detection_value", computed)


# -- soak and hardness ---------------------------------------------------------------


def natural_soak(character: Character, damage_type: DamageType) -> int:
    """Natural soak: Stamina, Stamina / 2 down, or 0 (000 §Apply Static Defences)."""
    if damage_type is DamageType.BASHING:
        return character.stamina
    if damage_type is DamageType.LETHAL:
        return natural_lethal_soak(character.stamina)
    return 0


def soak(character: Character, damage_type: DamageType, *, piercing: bool = False) -> Derived:
    """Natural soak plus armour's, armour's halved by Piercing (000 §Apply Static Defences)."""
    armour = character.armour.soak_against(damage_type) if character.armour else 0
    if piercing:
        armour //= 2
    key = override_key("soak", damage_type, *(["piercing"] if piercing else []))
    return _derived(character, key, natural_soak(character, damage_type) + armour)


def hardness(character: Character, damage_type: DamageType) -> Derived:
    """Armour's hardness against one damage type (000 §Apply Static Defences)."""
    computed = character.armour.hardness_against(damage_type) if character.armour else 0
    return _derived(character, override_key("hardness", damage_type), computed)


# -- charm caps ----------------------------------------------------------------------


def _cap(character: Character, attribute: str, ability: str, specialty: str | None) -> int:
    kind = character.kind
    if kind is CharacterKind.DRAGON_BLOODED:
        return character.ability(ability) + specialty_dice(character, ability, specialty)
    if kind is CharacterKind.SIDEREAL:
        return character.essence
    if kind is CharacterKind.LUNAR:
        return character.attribute(attribute)
    if kind in (CharacterKind.SOLAR, CharacterKind.ABYSSAL):
        return character.attribute(attribute) + character.ability(ability)
    return 0


def die_cap(
    character: Character, *, attribute: str, ability: str, specialty: str | None = None
) -> Derived:
    """Most dice charms may add to one roll of this pool (000 §Die Caps).

    Terrestrial (Dragon-Blooded): Ability + specialty; Sidereal: Essence; Lunar:
    Attribute; Solar and Abyssal: Attribute + Ability. Mortals, heroic mortals,
    extras and spirits have 0 unless the GM overrides it.
    """
    return _derived(character, "die_cap", _cap(character, attribute, ability, specialty))


def dv_cap(
    character: Character, *, attribute: str, ability: str, specialty: str | None = None
) -> Derived:
    """Most points charms may add to a DV built on these traits (000 §Die Caps).

    Same per-type rule as ``die_cap``; 0 for non-Exalted unless overridden.
    """
    return _derived(character, "dv_cap", _cap(character, attribute, ability, specialty))
