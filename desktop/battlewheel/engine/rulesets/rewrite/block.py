"""Characters: frozen trait sheets with equipment, extra health levels and GM overrides.

A ``Character`` is validated whole on construction, so an impossible value raises
``TraitValueError`` (naming the field and the allowed range) and nothing changes;
``with_trait`` builds a changed copy the same way. Derived values (DVs, soak, caps)
live in ``battlewheel.engine.rulesets.rewrite.rules.derived`` and are re-exported here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.fields import Storable
from battlewheel.engine.core.health import ALLOWED_PENALTIES
from battlewheel.engine.rulesets.rewrite.rules.derived import (
    Derived,
    Override,
    check_override_key,
    die_cap,
    dodge_dv,
    dv_cap,
    gets_double_tens,
    hardness,
    has_exalted_resilience,
    health_track_for,
    override_key,
    parry_dv,
    parry_dvs,
    ready_weapons,
    rounds_static_up,
    soak,
    specialty_dice,
    surprise_detection_value,
    unskilled_penalty,
)
from battlewheel.engine.rulesets.rewrite.rules.equipment import (
    Armour,
    DamageType,
    Weapon,
    WeaponCatalogue,
)
from battlewheel.engine.rulesets.rewrite.rules.traits import (
    ABILITIES,
    ABILITY_RANGE,
    ATTRIBUTE_RANGE,
    ATTRIBUTES,
    ESSENCE_RANGE,
    MAX_MOTES,
    SPECIALTY_RANGE,
    VIRTUE_RANGE,
    VIRTUES,
    WILLPOWER_RANGE,
    CharacterKind,
    StoredFields,
    check_name,
    check_range,
    json_type,
    parse_kind,
)

__all__ = [
    "ABILITIES",
    "ATTRIBUTES",
    "VIRTUES",
    "Armour",
    "Character",
    "CharacterKind",
    "DamageType",
    "Derived",
    "Override",
    "Weapon",
    "WeaponCatalogue",
    "die_cap",
    "dodge_dv",
    "dv_cap",
    "gets_double_tens",
    "hardness",
    "has_exalted_resilience",
    "health_track_for",
    "override_key",
    "parry_dv",
    "parry_dvs",
    "ready_weapons",
    "rounds_static_up",
    "soak",
    "specialty_dice",
    "surprise_detection_value",
    "unskilled_penalty",
]


def _full(
    field_name: str,
    given: Mapping[str, int],
    names: tuple[str, ...],
    default: int,
    bounds: tuple[int, int],
) -> dict[str, int]:
    """Every name of ``names`` with its checked value, missing ones at ``default``."""
    for name in given:
        check_name(field_name, name, names)
    low, high = bounds
    full = {}
    for name in names:
        value = given.get(name, default)
        if type(value) is not int or not low <= value <= high:
            check_range(f"{field_name}.{name}", value, low, high)  # says what is wrong
        full[name] = value
    return full


def _checked_specialties(given: Mapping[str, Mapping[str, int]]) -> dict[str, dict[str, int]]:
    result: dict[str, dict[str, int]] = {}
    for ability, named in given.items():
        check_name("specialties", ability, ABILITIES)
        checked = {}
        for name, dots in named.items():
            if not str(name).strip():
                raise TraitValueError(f"specialties.{ability}", "named specialties", name)
            checked[str(name)] = check_range(
                f"specialties.{ability}.{name}", dots, *SPECIALTY_RANGE
            )
        if checked:
            result[ability] = checked
    return result


@dataclass(frozen=True)
class Character(Storable):
    """One character's sheet (004 §Traits, 000 §Health Levels).

    Attributes 1-10 (missing ones are 1), Abilities 0-10 (missing ones are 0; Brawl
    replaces Martial Arts), specialties per Ability with 1-3 dots each, Essence 1-10,
    Willpower 1-10, Virtues 1-5, personal and peripheral mote pools (their maximum;
    0 for mortals), weapons carried, worn armour, extra health levels (by penalty),
    notes, and GM overrides of derived values (key -> ``Override``).
    """

    name: str
    kind: CharacterKind = CharacterKind.MORTAL
    attributes: Mapping[str, int] = field(default_factory=dict, hash=False)
    abilities: Mapping[str, int] = field(default_factory=dict, hash=False)
    specialties: Mapping[str, Mapping[str, int]] = field(default_factory=dict, hash=False)
    essence: int = 1
    willpower: int = 5
    virtues: Mapping[str, int] = field(default_factory=dict, hash=False)
    personal_motes: int = 0
    peripheral_motes: int = 0
    weapons: tuple[Weapon, ...] = ()
    armour: Armour | None = None
    extra_health_levels: tuple[int, ...] = ()
    notes: str = ""
    overrides: Mapping[str, Override] = field(default_factory=dict, hash=False)
    # A player character: joins a fight as an ally unless the GM picks otherwise.
    player: bool = False
    # Ox-Body Technique's first purchase: Exalted resilience covers bashing damage too
    # (000 §Ox-Body Technique); its levels are among ``extra_health_levels``.
    ox_body: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise TraitValueError("name", "a non-empty name", self.name)
        if not isinstance(self.player, bool):
            raise TraitValueError("player", "true or false", self.player)
        if not isinstance(self.ox_body, bool):
            raise TraitValueError("ox_body", "true or false", self.ox_body)
        fix = object.__setattr__
        fix(self, "kind", parse_kind(self.kind))
        fix(
            self, "attributes", _full("attributes", self.attributes, ATTRIBUTES, 1, ATTRIBUTE_RANGE)
        )
        fix(self, "abilities", _full("abilities", self.abilities, ABILITIES, 0, ABILITY_RANGE))
        fix(self, "virtues", _full("virtues", self.virtues, VIRTUES, 1, VIRTUE_RANGE))
        fix(self, "specialties", _checked_specialties(self.specialties))
        check_range("essence", self.essence, *ESSENCE_RANGE)
        check_range("willpower", self.willpower, *WILLPOWER_RANGE)
        check_range("personal_motes", self.personal_motes, 0, MAX_MOTES)
        check_range("peripheral_motes", self.peripheral_motes, 0, MAX_MOTES)
        fix(self, "weapons", tuple(self.weapons))
        fix(self, "extra_health_levels", tuple(sorted(self.extra_health_levels)))
        for level in self.extra_health_levels:
            if isinstance(level, bool) or level not in ALLOWED_PENALTIES:
                raise TraitValueError("extra_health_levels", "penalties 0, 1, 2 or 4", level)
        for key, override in self.overrides.items():
            check_override_key(key)
            if not isinstance(override, Override):
                raise TraitValueError(f"overrides.{key}", "an Override(value, reason)", override)
        fix(self, "overrides", dict(self.overrides))

    # -- reading ------------------------------------------------------------------

    def attribute(self, name: str) -> int:
        """The rating of one Attribute."""
        return self.attributes[check_name("attribute", name, ATTRIBUTES)]

    def ability(self, name: str) -> int:
        """The rating of one Ability (0 when untrained)."""
        return self.abilities[check_name("ability", name.lower(), ABILITIES)]

    def specialty(self, ability: str, name: str) -> int:
        """Dots in a named specialty of an Ability (0 when the character has none)."""
        return self.specialties.get(ability, {}).get(name, 0)

    @property
    def stamina(self) -> int:
        """Natural Stamina, which sets the Dying levels (000 §Health Levels)."""
        return self.attributes["stamina"]

    # -- changed copies -----------------------------------------------------------

    def with_trait(self, field_name: str, value: int) -> Character:
        """A copy with one trait changed, validated first.

        ``field_name`` is ``essence``, ``willpower``, ``personal_motes``,
        ``peripheral_motes``, an Attribute, Ability or Virtue name (optionally
        prefixed ``attributes.``, ``abilities.``, ``virtues.``), or
        ``specialties.<ability>.<name>`` (0 removes the specialty).
        """
        group, _, name = field_name.rpartition(".")
        if group.startswith("specialties"):
            return self._with_specialty(field_name, value)
        if not group and name in ("essence", "willpower", "personal_motes", "peripheral_motes"):
            changes: dict[str, Any] = {name: value}
            return replace(self, **changes)
        for mapping_name, names in (
            ("attributes", ATTRIBUTES),
            ("abilities", ABILITIES),
            ("virtues", VIRTUES),
        ):
            if group in ("", mapping_name) and name in names:
                current = dict(getattr(self, mapping_name))
                current[name] = value
                changed: dict[str, Any] = {mapping_name: current}
                return replace(self, **changed)
        raise TraitValueError("trait", "a known trait name", field_name)

    def _with_specialty(self, field_name: str, value: int) -> Character:
        parts = field_name.split(".", 2)
        if len(parts) != 3:
            raise TraitValueError(field_name, "specialties.<ability>.<name>")
        _, ability, name = parts
        check_name("specialties", ability, ABILITIES)
        specialties = {key: dict(named) for key, named in self.specialties.items()}
        named = specialties.setdefault(ability, {})
        if value == 0:
            named.pop(name, None)
        else:
            named[name] = value
        return replace(self, specialties=specialties)

    def with_override(self, key: str, value: int, reason: str) -> Character:
        """A copy whose derived value ``key`` is set by the GM, with the reason shown."""
        overrides = dict(self.overrides)
        overrides[check_override_key(key)] = Override(value, reason)
        return replace(self, overrides=overrides)

    def without_override(self, key: str) -> Character:
        """A copy with the GM's override of ``key`` removed (the computed value returns)."""
        return replace(self, overrides={k: v for k, v in self.overrides.items() if k != key})

    def with_weapons(self, weapons: Iterable[Weapon]) -> Character:
        """A copy carrying these weapons."""
        return replace(self, weapons=tuple(weapons))

    def with_armour(self, armour: Armour | None) -> Character:
        """A copy wearing this armour (None: none)."""
        return replace(self, armour=armour)

    # -- persistence --------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict that ``from_json`` turns back into an equal character.

        ``player`` and ``ox_body`` are written only when set, so older characters keep
        their JSON.
        """
        data: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind.value,
            "attributes": dict(self.attributes),
            "abilities": dict(self.abilities),
            "specialties": {ability: dict(named) for ability, named in self.specialties.items()},
            "essence": self.essence,
            "willpower": self.willpower,
            "virtues": dict(self.virtues),
            "personal_motes": self.personal_motes,
            "peripheral_motes": self.peripheral_motes,
            "weapons": [weapon.to_json() for weapon in self.weapons],
            "armour": None if self.armour is None else self.armour.to_json(),
            "extra_health_levels": list(self.extra_health_levels),
            "notes": self.notes,
            "overrides": {key: o.to_json() for key, o in self.overrides.items()},
        }
        if self.player:
            data["player"] = True
        if self.ox_body:
            data["ox_body"] = True
        return data

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Character:
        """Read a character; missing traits take their defaults, bad ones raise."""
        if not isinstance(obj, Mapping):
            raise TraitValueError("character", "a JSON object", obj)
        try:
            return cls._from_mapping(obj)
        except (TypeError, AttributeError) as error:
            name = obj.get("name", "?")
            raise TraitValueError(
                f"character {name}", "a sheet whose trait groups are objects of name: dots"
            ) from error

    @classmethod
    def _from_mapping(cls, obj: Mapping[str, Any]) -> Character:
        fields = StoredFields(obj, "", CHARACTER_KEYS)
        armour = fields.value("armour", None)
        return cls(
            name=fields.text("name", ""),
            kind=parse_kind(fields.text("kind", CharacterKind.MORTAL.value)),
            attributes=fields.table("attributes", {}),
            abilities=fields.table("abilities", {}),
            specialties=_specialty_tables(fields.table("specialties", {})),
            essence=fields.value("essence", 1),
            willpower=fields.value("willpower", 5),
            virtues=fields.table("virtues", {}),
            personal_motes=fields.value("personal_motes", 0),
            peripheral_motes=fields.value("peripheral_motes", 0),
            weapons=tuple(Weapon.from_json(item) for item in fields.array("weapons", ())),
            armour=None if armour is None else Armour.from_json(armour),
            extra_health_levels=tuple(fields.array("extra_health_levels", ())),
            notes=fields.text("notes", ""),
            overrides={
                key: Override.from_json(value, f"overrides.{key}")
                for key, value in fields.table("overrides", {}).items()
            },
            player=fields.flag("player", False),
            ox_body=fields.flag("ox_body", False),
        )


CHARACTER_KEYS = frozenset(Character.__dataclass_fields__)


def _specialty_tables(given: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """Each Ability's specialties must be an object of name: dots."""
    for ability, named in given.items():
        if not isinstance(named, Mapping):
            raise TraitValueError(f"specialties.{ability}",
                                  f"an object of name: dots, not {json_type(named)}")
    return dict(given)
