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
from battlewheel.engine.core.fields import Storable, check_choice, check_range
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

# Bounds of each trait: the block's checks below and the editor's form (form.py) both read
# these, so the block stays the one source of what is allowed.
ATTRIBUTE_RANGE = (1, 10)
ABILITY_RANGE = (0, 10)
SPECIALTY_RANGE = (0, 3)
ACCURACY_RANGE = (-5, 10)
WEAPON_DAMAGE_RANGE = (0, 30)
WEAPON_DEFENCE_RANGE = (-5, 5)
MINIMUM_RANGE = (0, 10)
ARMOUR_SOAK_RANGE = (0, 20)
HARDNESS_RANGE = (0, 20)
ARMOUR_PENALTY_RANGE = (0, 5)
SIZE_RANGE = (0, 5)
MIGHT_RANGE = (0, 3)
AVERAGE_HEALTH_RANGE = (1, 20)
BASE_INITIATIVE_RANGE = (-10, 30)
WILLPOWER_RANGE = (1, 10)
ESSENCE_RANGE = (1, 5)
MOTES_RANGE = (0, 100)
HEALTH_LEVELS_MOST = 20
# A Quick Character's pools (003 §Battle Groups reads them as a member's traits).
QUICK_POOL_RANGE = (0, 40)
QUICK_STATIC_RANGE = (0, 20)
QUICK_ATTACK_POOL_RANGE = (0, 40)
QUICK_DAMAGE_RANGE = (0, 40)
OVERWHELMING_RANGE = (0, 10)
QUICK_ATTACKS_MOST = 10

# 003 §Mounted Combat: the speed bonus each mount adds to movement rolls.
MOUNT_SPEED = {
    "austrech": 2, "camel": 3, "horse": 4, "mammoth": 1, "simhata": 4,
    "tyrant lizard": 2, "yeddim": 1,
}


def _from_json(cls: type[Any], obj: object, path: str) -> Any:
    try:
        return cls(**decode_fields(cls, obj, path, skip=frozenset()))
    except LogFormatError as error:
        # A nested part's own refusal ("armour.soak must be ...") says it best: the
        # reader wrapped it in the outer key's name.
        if isinstance(error.__cause__, TraitValueError):
            raise error.__cause__ from None
        raise TraitValueError(error.field, _allowed(error.problem)) from error


def _allowed(problem: str) -> str:
    """The reader's problem ("must be a string", "is missing") as what the field must be,
    for a refusal that says "must be" once."""
    if problem.startswith("must be "):
        return problem.removeprefix("must be ")
    return {"is missing": "present", "is not a field of this entry": "a field the block has",
            "must not be null": "given, not null"}.get(problem, f"readable: {problem}")


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
        check_range(f"weapon {self.name}.accuracy", self.accuracy, ACCURACY_RANGE)
        check_range(f"weapon {self.name}.damage", self.damage, WEAPON_DAMAGE_RANGE)
        check_range(f"weapon {self.name}.defence", self.defence, WEAPON_DEFENCE_RANGE)
        check_range(f"weapon {self.name}.minimum", self.minimum, MINIMUM_RANGE)
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
        check_range("armour.soak", self.soak, ARMOUR_SOAK_RANGE)
        check_range("armour.hardness", self.hardness, HARDNESS_RANGE)
        check_range("armour.penalty", self.penalty, ARMOUR_PENALTY_RANGE)

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
        check_range("group.size", self.size, SIZE_RANGE)
        check_choice("group.drill", self.drill, DRILLS)
        check_range("group.might", self.might, MIGHT_RANGE)
        check_range("group.average_health", self.average_health, AVERAGE_HEALTH_RANGE)

    def to_json(self) -> dict[str, Any]:
        """Every field by name."""
        return _to_json(self)

    @classmethod
    def from_json(cls, obj: object) -> GroupTraits:
        """Read battle-group traits strictly."""
        return _from_json(cls, obj, "group")


@dataclass(frozen=True)
class QuickAttack:
    """One attack of a Quick Character as the book lists it: the whole pool, Damage dice
    before soak, Overwhelming (the minimum damage), damage type and range.
    """

    name: str
    pool: int
    damage: int
    overwhelming: int = 1
    damage_type: str = "lethal"
    range: str = "close"

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise TraitValueError("quick.attacks.name", "a non-empty name", self.name)
        where = f"quick attack {self.name}"
        check_range(f"{where}.pool", self.pool, QUICK_ATTACK_POOL_RANGE)
        check_range(f"{where}.damage", self.damage, QUICK_DAMAGE_RANGE)
        check_range(f"{where}.overwhelming", self.overwhelming, OVERWHELMING_RANGE)
        check_choice(f"{where}.damage_type", self.damage_type, DAMAGE_TYPES)
        check_choice(f"{where}.range", self.range, RANGES)

    def as_weapon(self) -> Weapon:
        """The attack as a weapon the fight can ready, aim and range-check; its pool and
        Damage are read from the attack itself (rules.attack_pools, rules.damage_dice)."""
        return Weapon(self.name, ability="melee" if self.range == "close" else "archery",
                      minimum=self.overwhelming, damage_type=self.damage_type,
                      range=self.range)

    def to_json(self) -> dict[str, Any]:
        """Every field by name."""
        return _to_json(self)

    @classmethod
    def from_json(cls, obj: object) -> QuickAttack:
        """Read a Quick Character's attack strictly."""
        return _from_json(cls, obj, "quick attack")


# The pools a Quick Character lists in place of Attribute + Ability, with their bounds.
QUICK_POOLS = ("join_battle", "movement")
QUICK_STATICS = ("parry", "evasion", "soak", "resolve", "guile")
# Which listed pool a QC rolls for the Attribute + Ability a rule names: Join Battle for
# Wits + Awareness, movement for the movement actions' rolls (003 §Combat Actions).
QUICK_ROLLS = {
    ("wits", "awareness"): "join_battle",
    ("dexterity", "athletics"): "movement",
    ("dexterity", "dodge"): "movement",
}


@dataclass(frozen=True)
class QuickPools:
    """A Quick Character's (book NPC's) pools and static values, read in place of its
    Attributes and Abilities; ``soak`` is the total, armour included.
    """

    join_battle: int = 3
    movement: int = 3
    parry: int = 1
    evasion: int = 1
    soak: int = 1
    resolve: int = 1
    guile: int = 1
    attacks: tuple[QuickAttack, ...] = ()

    def __post_init__(self) -> None:
        for name in QUICK_POOLS:
            check_range(f"quick.{name}", getattr(self, name), QUICK_POOL_RANGE)
        for name in QUICK_STATICS:
            check_range(f"quick.{name}", getattr(self, name), QUICK_STATIC_RANGE)
        names = [attack.name for attack in self.attacks]
        _check_distinct("quick.attacks", names)
        if len(names) > QUICK_ATTACKS_MOST:
            raise TraitValueError("quick.attacks", f"at most {QUICK_ATTACKS_MOST} attacks",
                                  len(names))

    def attack(self, name: str) -> QuickAttack | None:
        """One listed attack by name."""
        return next((attack for attack in self.attacks if attack.name == name), None)

    def to_json(self) -> dict[str, Any]:
        """Every field by name."""
        return _to_json(self)

    @classmethod
    def from_json(cls, obj: object) -> QuickPools:
        """Read a Quick Character's pools strictly."""
        return _from_json(cls, obj, "quick")


@dataclass(frozen=True)
class Character(Storable):
    """One 3e stat block; a battle group is a character with ``group`` traits.

    ``kind`` decides double 10s (exalt and heroic count a 10 twice, mortal once, 3e
    reading: Dice) and rounding of static values; ``specialties`` maps an Ability to
    the specialty dice (0-3) that count towards its Parry or Evasion. Motes are the
    personal and peripheral pools' maxima and the motes committed out of them. A block
    with ``quick`` set is a Quick Character: its listed pools stand in for Attribute +
    Ability wherever a rule reads them. A player character joins a fight as an ally
    unless the GM picks otherwise.
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
    personal_motes: int = 0
    peripheral_motes: int = 0
    committed_motes: int = 0
    quick: QuickPools | None = None
    player_character: bool = False

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise TraitValueError("name", "a non-empty name", self.name)
        check_choice("kind", self.kind, KINDS)
        self._check_traits()
        check_range("hardness", self.hardness, HARDNESS_RANGE)
        check_range("base_initiative", self.base_initiative, BASE_INITIATIVE_RANGE)
        check_range("willpower", self.willpower, WILLPOWER_RANGE)
        check_range("essence", self.essence, ESSENCE_RANGE)
        self._check_motes()
        self._check_health_levels()
        if self.mount and self.mount not in MOUNT_SPEED:
            raise TraitValueError("mount", "one of " + ", ".join(MOUNT_SPEED), self.mount)
        names = [w.name for w in self.weapons]
        if UNARMED.name in names:
            raise TraitValueError("weapons", f"named other than '{UNARMED.name}', which every "
                                  "character already has")
        _check_distinct("weapons", names)

    def _check_traits(self) -> None:
        for name, value in self.attributes.items():
            check_choice("attributes", name, ATTRIBUTES)
            check_range(f"attributes.{name}", value, ATTRIBUTE_RANGE)
        for name, value in self.abilities.items():
            check_choice("abilities", name, ABILITIES)
            check_range(f"abilities.{name}", value, ABILITY_RANGE)
        for name, value in self.specialties.items():
            check_choice("specialties", name, ABILITIES)
            check_range(f"specialties.{name}", value, SPECIALTY_RANGE)

    def _check_motes(self) -> None:
        check_range("personal_motes", self.personal_motes, MOTES_RANGE)
        check_range("peripheral_motes", self.peripheral_motes, MOTES_RANGE)
        check_range("committed_motes", self.committed_motes, MOTES_RANGE)
        if self.committed_motes > self.personal_motes + self.peripheral_motes:
            raise TraitValueError("committed_motes", "at most the personal and peripheral "
                                  "motes together", self.committed_motes)

    def _check_health_levels(self) -> None:
        if len(self.health_levels) > HEALTH_LEVELS_MOST:
            raise TraitValueError("health_levels", f"at most {HEALTH_LEVELS_MOST} levels",
                                  len(self.health_levels))
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

    def pool(self, attribute: str, ability: str) -> int:
        """Attribute + Ability, or the pool a Quick Character lists for that roll.

        A QC's grapple or a group's Engage (Strength + a combat Ability) rolls its best
        close attack; a roll it lists no pool for (Stealth, War) falls back on the block's
        Attributes and Abilities, which the GM may fill in too.
        """
        if self.quick is not None:
            listed = QUICK_ROLLS.get((attribute, ability))
            if listed is not None:
                return int(getattr(self.quick, listed))
            close = [q.pool for q in self.quick.attacks if q.range == "close"]
            if attribute == "strength" and close:
                return max(close)
        return self.attribute(attribute) + self.ability(ability)

    @property
    def carried(self) -> tuple[Weapon, ...]:
        """The weapons it enters a fight with: the listed ones, or a QC's attacks."""
        if self.quick is not None:
            return tuple(attack.as_weapon() for attack in self.quick.attacks)
        return self.weapons

    @property
    def all_weapons(self) -> tuple[Weapon, ...]:
        """The listed weapons and the unarmed attack every character has; a Quick
        Character's listed attacks (with Unarmed only if it lists no attack)."""
        if self.quick is not None and self.quick.attacks:
            return self.carried
        return (*self.weapons, UNARMED)

    def quick_attack(self, weapon: Weapon) -> QuickAttack | None:
        """The Quick Character's listed attack a weapon stands for, if any."""
        return self.quick.attack(weapon.name) if self.quick is not None else None

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
        """Read a stat block; a wrong shape or an impossible value raises ``TraitValueError``.

        The optional parts are read on their own first, so a refusal inside one names its
        value ("quick.parry"), not just the part.
        """
        if isinstance(obj, Mapping):
            for key, part in (("quick", QuickPools), ("group", GroupTraits)):
                if obj.get(key) is not None:
                    part.from_json(obj[key])
        return _from_json(cls, obj, "character")


def _check_distinct(field: str, names: list[str]) -> None:
    """Two rows of one list may not share a name: the message says which name, for a person."""
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        called = " and ".join(f"'{name}'" for name in twice)
        raise TraitValueError(field, f"named differently: more than one is called {called}")
