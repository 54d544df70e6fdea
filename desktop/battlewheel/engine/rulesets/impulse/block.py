"""The Impulse stat block: typed static values, traits, weapons and armour (001 §Combat Values).

Seed 001 gives no formulas for Endurance, DV, Evasion, Soak, Resolve, Guile,
Initiative or Base Damage, so the GM types them; the weapon and armour classes of
001 §Weapons and Armor add their modifiers (on top by default, see the ruling
``table_modifiers``). A block is checked whole when built: an impossible value raises
``TraitValueError`` naming the field and the allowed range.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.fields import Storable, check_choice, check_range

# class: (attributes allowed, Accuracy dice, Base Damage) (001 §Weapons and Armor)
WEAPON_TABLE: dict[str, tuple[tuple[str, ...], int, int]] = {
    "unarmed": (("dexterity", "strength"), 2, -1),
    "light": (("dexterity",), 1, 0),
    "medium": (("dexterity", "strength"), 0, 1),
    "heavy": (("strength",), -1, 2),
}
# class: (Soak modifier, Evasion modifier) (001 §Weapons and Armor)
ARMOUR_TABLE: dict[str, tuple[int, int]] = {
    "none": (-1, 1),
    "light": (0, 0),
    "medium": (1, -1),
    "heavy": (2, -2),
}
STATIC_RANGE = (0, 20)
ENDURANCE_RANGE = (1, 99)
DOTS_RANGE = (0, 10)
ACTIONS_RANGE = (1, 3)
WILLPOWER_RANGE = (0, 10)
MOTES_RANGE = (0, 100)
STATICS = ("initiative", "dv", "evasion", "soak", "resolve", "guile", "base_damage")


@dataclass(frozen=True)
class Weapon:
    """One weapon: its class from 001's table, the Attribute and Ability it rolls."""

    name: str
    weight: str = "medium"
    attribute: str = "dexterity"
    ability: str = "melee"
    ranged: bool = False

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise TraitValueError("weapon.name", "a non-empty name", self.name)
        check_choice(f"weapon {self.name}.weight", self.weight, tuple(WEAPON_TABLE))
        allowed = WEAPON_TABLE[self.weight][0]
        check_choice(f"weapon {self.name}.attribute", self.attribute, allowed)
        if not self.ability.strip():
            raise TraitValueError(f"weapon {self.name}.ability", "an Ability's name", self.ability)

    @property
    def accuracy(self) -> int:
        """The class's Accuracy dice (001 §Weapons and Armor)."""
        return WEAPON_TABLE[self.weight][1]

    @property
    def damage_modifier(self) -> int:
        """The class's Base Damage modifier (001 §Weapons and Armor)."""
        return WEAPON_TABLE[self.weight][2]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict that ``from_json`` reads back equal."""
        return {
            "name": self.name,
            "weight": self.weight,
            "attribute": self.attribute,
            "ability": self.ability,
            "ranged": self.ranged,
        }

    @classmethod
    def from_json(cls, obj: object) -> Weapon:
        """Read a weapon; a bad value raises ``TraitValueError``."""
        if not isinstance(obj, Mapping):
            raise TraitValueError("weapon", "a JSON object", obj)
        ranged = obj.get("ranged", False)
        if not isinstance(ranged, bool):
            raise TraitValueError("weapon.ranged", "true or false", ranged)
        return cls(
            name=_text(obj, "name", "weapon.name", ""),
            weight=_text(obj, "weight", "weapon.weight", "medium"),
            attribute=_text(obj, "attribute", "weapon.attribute", "dexterity"),
            ability=_text(obj, "ability", "weapon.ability", "melee"),
            ranged=ranged,
        )


UNARMED = Weapon("Unarmed", "unarmed", "dexterity", "brawl")


@dataclass(frozen=True)
class ImpulseCharacter(Storable):
    """A combatant's stat block for seed 001 (frozen; checked whole when built).

    ``traits`` holds Attribute and Ability dots by lowercase name (missing ones are 0);
    ``actions`` is the actions a round (a player character has one, an NPC up to three).
    """

    name: str
    player: bool = False
    initiative: int = 2
    endurance: int = 10
    dv: int = 2
    evasion: int = 2
    soak: int = 1
    resolve: int = 2
    guile: int = 2
    base_damage: int = 1
    armour: str = "none"
    weapons: tuple[Weapon, ...] = (UNARMED,)
    traits: Mapping[str, int] = field(default_factory=dict)
    actions: int = 1
    willpower: int = 5
    motes: int = 0
    notes: str = ""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise TraitValueError("name", "a non-empty name", self.name)
        for name in STATICS:
            check_range(name, getattr(self, name), STATIC_RANGE)
        check_range("endurance", self.endurance, ENDURANCE_RANGE)
        check_choice("armour", self.armour, tuple(ARMOUR_TABLE))
        self._check_traits()
        self._check_actions()
        check_range("willpower", self.willpower, WILLPOWER_RANGE)
        check_range("motes", self.motes, MOTES_RANGE)
        names = [w.name for w in self.weapons]
        if len(set(names)) != len(names):
            raise TraitValueError("weapons", "weapons with different names", names)

    def _check_traits(self) -> None:
        for trait, dots in self.traits.items():
            if not isinstance(trait, str) or trait != trait.lower() or not trait.strip():
                raise TraitValueError("traits", "lowercase trait names", trait)
            check_range(f"traits.{trait}", dots, DOTS_RANGE)

    def _check_actions(self) -> None:
        check_range("actions", self.actions, ACTIONS_RANGE)
        if self.player and self.actions != 1:
            # 001 §The Combat Round: only NPCs may be given extra actions.
            raise TraitValueError("actions", "1 for a player character", self.actions)

    def trait(self, name: str) -> int:
        """The dots of one Attribute or Ability (0 when the sheet has none)."""
        return self.traits.get(name.lower(), 0)

    def pool(self, attribute: str, ability: str) -> int:
        """Attribute + Ability dice (001 §Maneuvers)."""
        return self.trait(attribute) + self.trait(ability)

    def weapon(self, name: str) -> Weapon | None:
        """The weapon of that name, or None."""
        return next((w for w in self.weapons if w.name == name), None)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict that ``from_json`` reads back equal."""
        return {
            "name": self.name,
            "player": self.player,
            **{name: getattr(self, name) for name in STATICS},
            "endurance": self.endurance,
            "armour": self.armour,
            "weapons": [w.to_json() for w in self.weapons],
            "traits": dict(self.traits),
            "actions": self.actions,
            "willpower": self.willpower,
            "motes": self.motes,
            "notes": self.notes,
        }

    @classmethod
    def from_json(cls, obj: object) -> ImpulseCharacter:
        """Read a stat block; missing values take their defaults, bad ones raise."""
        if not isinstance(obj, Mapping):
            raise TraitValueError("character", "a JSON object", obj)
        player = obj.get("player", False)
        if not isinstance(player, bool):
            raise TraitValueError("player", "true or false", player)
        weapons = obj.get("weapons", [UNARMED.to_json()])
        traits = obj.get("traits", {})
        if not isinstance(weapons, list):
            raise TraitValueError("weapons", "a list of weapons", weapons)
        if not isinstance(traits, Mapping):
            raise TraitValueError("traits", "an object of name: dots", traits)
        numbers = {name: obj.get(name, getattr(_DEFAULT, name)) for name in _NUMBERS}
        return cls(
            name=_text(obj, "name", "name", ""),
            player=player,
            armour=_text(obj, "armour", "armour", "none"),
            weapons=tuple(Weapon.from_json(w) for w in weapons),
            traits=dict(traits),
            notes=_text(obj, "notes", "notes", ""),
            **numbers,
        )


_NUMBERS = (*STATICS, "endurance", "actions", "willpower", "motes")
_DEFAULT = ImpulseCharacter("default")


def _text(obj: Mapping[str, Any], key: str, name: str, default: str) -> str:
    value = obj.get(key, default)
    if not isinstance(value, str):
        raise TraitValueError(name, "a string", value)
    return value


def weapon_base_damage(character: ImpulseCharacter, weapon: Weapon, table_modifiers: str) -> int:
    """Base Damage with a weapon: typed, plus the class modifier on top (001 §Weapons and Armor)."""
    extra = weapon.damage_modifier if table_modifiers == "on_top" else 0
    return max(0, character.base_damage + extra)


def accuracy_pool(character: ImpulseCharacter, weapon: Weapon) -> int:
    """Attribute + Ability + the class's Accuracy dice (001 §Combat Values, §Weapons and Armor)."""
    return max(0, character.pool(weapon.attribute, weapon.ability) + weapon.accuracy)


def armoured_soak(character: ImpulseCharacter, table_modifiers: str) -> int:
    """Soak with the armour class's modifier unless typed in (001 §Weapons and Armor)."""
    extra = ARMOUR_TABLE[character.armour][0] if table_modifiers == "on_top" else 0
    return max(0, character.soak + extra)


def armoured_evasion(character: ImpulseCharacter, table_modifiers: str) -> int:
    """Evasion with the armour class's modifier on top unless typed in (001 §Weapons and Armor)."""
    extra = ARMOUR_TABLE[character.armour][1] if table_modifiers == "on_top" else 0
    return max(0, character.evasion + extra)
