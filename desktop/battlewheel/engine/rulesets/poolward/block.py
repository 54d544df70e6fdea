"""A Pool & Ward character's stat block: stats, skills, attacks and the defence block.

The block is validated whole when it is built, so an impossible value raises
``TraitValueError`` naming the field and the allowed range, and nothing changes. Seed
002 gives no trait ranges; the bounds here only keep out nonsense (negative armour, a
stat of 500), generous enough for any sheet its examples show.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.fields import Storable, check_choice, check_range

STATS = ("strength", "dexterity", "constitution", "intelligence", "willpower")
TRAIT_RANGE = (0, 20)
BASE_RANGE = (0, 30)
MODIFIER_RANGE = (-20, 20)
PERCENT_RANGE = (0, 200)
RACIAL_RANGE = (-10, 20)

MELEE, THROWN, RANGED = "melee", "thrown", "ranged"
CHANNELER, MAGE, SHAMAN, SORCERER = "channeler", "mage", "shaman", "sorcerer"
WEAPON_KINDS = (MELEE, THROWN, RANGED)
SPELL_KINDS = (CHANNELER, MAGE, SHAMAN, SORCERER)
KINDS = (*WEAPON_KINDS, *SPELL_KINDS)

# Which stats each kind of attack may use, and its skill's usual name
# (002 §Attack Roll Dice Pools, the table of bases, statistics and skills).
KIND_STATS: Mapping[str, tuple[str, ...]] = {
    MELEE: ("strength", "dexterity"),
    THROWN: ("dexterity",),
    RANGED: ("dexterity",),
    CHANNELER: ("intelligence",),
    MAGE: ("intelligence",),
    SHAMAN: ("intelligence", "willpower"),
    SORCERER: ("willpower",),
}
KIND_SKILLS: Mapping[str, str] = {
    MELEE: "Melee Weapons",
    THROWN: "Thrown Weapons",
    RANGED: "Ranged Weapons",
    CHANNELER: "Channeling",
    MAGE: "Magecraft",
    SHAMAN: "Shamanism",
    SORCERER: "Sorcery",
}
KIND_BASES: Mapping[str, str] = {
    MELEE: "weapon dice", THROWN: "weapon dice", RANGED: "weapon dice",
    CHANNELER: "Domain rank", MAGE: "Sphere rank", SHAMAN: "Spirit rank", SORCERER: "Seed rank",
}

NEEDS_HIT, NEEDS_LETHAL = "hit", "lethal"
LETHAL, NON_LETHAL = "lethal", "non_lethal"
DEFENCE_FIELDS = (
    "armour", "armour_spell", "armour_dr", "shield", "shield_apr", "apr", "dodge", "parry",
    "dr_physical", "dr_magical", "ward", "resistance", "magical_resistance",
)


def check_text(name: str, value: object) -> str:
    """A non-empty single line of text."""
    if not isinstance(value, str) or not value.strip() or "\n" in value:
        raise TraitValueError(name, "a non-empty line of text", value)
    return value


@dataclass(frozen=True)
class Trigger:
    """An effect that fires on a hit (Fire Armor) or only on lethal damage (Bleed, Poison).

    002 §Defense Terminology (Ward): a hit fires the first kind even when Ward takes all
    of it; Ward taking all of it stops the second kind.
    """

    name: str
    needs: str = NEEDS_HIT

    def __post_init__(self) -> None:
        check_text("trigger.name", self.name)
        check_choice("trigger.needs", self.needs, (NEEDS_HIT, NEEDS_LETHAL))

    def to_json(self) -> dict[str, Any]:
        """The trigger as a JSON object."""
        return {"name": self.name, "needs": self.needs}

    @classmethod
    def from_json(cls, obj: object, path: str = "trigger") -> Trigger:
        """Read a trigger written by ``to_json``."""
        data = _object(obj, path)
        return cls(name=data.get("name", ""), needs=data.get("needs", NEEDS_HIT))


@dataclass(frozen=True)
class AttackProfile:
    """One weapon or spell on the sheet: its kind, base dice, stat, skill and extras.

    ``base`` is the weapon dice or the casting rank; ``flat`` the flat dice modifiers;
    ``percent`` a weapon style's or focus's percentage; ``ap`` Armour Piercing;
    ``magical`` None takes the kind's default (spells magical, weapons physical).
    """

    name: str
    kind: str
    base: int
    stat: str = ""
    skill: str = ""
    ap: int = 0
    flat: int = 0
    percent: int = 0
    damage: str = LETHAL
    magical: bool | None = None
    ignore_dodge: int = 0
    effects: tuple[Trigger, ...] = ()

    def __post_init__(self) -> None:
        check_text("attack.name", self.name)
        kind = check_choice(f"{self.name}.kind", self.kind, KINDS)
        if self.stat and self.stat not in KIND_STATS[kind]:
            allowed = " or ".join(KIND_STATS[kind])
            raise TraitValueError(f"{self.name}.stat", f"{allowed} for a {kind} attack", self.stat)
        check_range(f"{self.name}.base", self.base, BASE_RANGE)
        check_range(f"{self.name}.ap", self.ap, TRAIT_RANGE)
        check_range(f"{self.name}.flat", self.flat, MODIFIER_RANGE)
        check_range(f"{self.name}.percent", self.percent, PERCENT_RANGE)
        check_range(f"{self.name}.ignore_dodge", self.ignore_dodge, TRAIT_RANGE)
        check_choice(f"{self.name}.damage", self.damage, (LETHAL, NON_LETHAL))

    @property
    def stat_used(self) -> str:
        """The stat the pool adds: the one named, else the kind's first."""
        return self.stat or KIND_STATS[self.kind][0]

    @property
    def skill_used(self) -> str:
        """The skill the pool adds: the one named, else the kind's usual skill."""
        return self.skill or KIND_SKILLS[self.kind]

    @property
    def is_spell(self) -> bool:
        """Cast by a Channeler, Mage, Shaman or Sorcerer."""
        return self.kind in SPELL_KINDS

    @property
    def is_magical(self) -> bool:
        """Whether magical (not physical) Damage Reduction meets this attack."""
        return self.is_spell if self.magical is None else self.magical

    @property
    def lethal(self) -> bool:
        """Weapons deal lethal damage unless the source says otherwise (002 §Mortal Damage)."""
        return self.damage == LETHAL

    def to_json(self) -> dict[str, Any]:
        """The profile as a JSON object."""
        return {
            "name": self.name, "kind": self.kind, "base": self.base, "stat": self.stat,
            "skill": self.skill, "ap": self.ap, "flat": self.flat, "percent": self.percent,
            "damage": self.damage, "magical": self.magical, "ignore_dodge": self.ignore_dodge,
            "effects": [effect.to_json() for effect in self.effects],
        }

    @classmethod
    def from_json(cls, obj: object, path: str = "attack") -> AttackProfile:
        """Read a profile written by ``to_json``; a bad value names its field."""
        data = _object(obj, path)
        effects = tuple(
            Trigger.from_json(item, f"{path}.effects[{i}]")
            for i, item in enumerate(_list(data.get("effects", []), f"{path}.effects"))
        )
        known = {"name", "kind", "base", "stat", "skill", "ap", "flat", "percent", "damage",
                 "magical", "ignore_dodge"}
        _no_unknown(data, {*known, "effects"}, path)
        return cls(**{key: data[key] for key in known if key in data}, effects=effects)


@dataclass(frozen=True)
class StatBlock(Storable):
    """A Pool & Ward character: stats, skills, attacks and the defence block (002 passim).

    Health maximum is Constitution + ``racial_health``, Vigor maximum Constitution
    (002 §Damage Tracking). ``armour_dr`` is the DR the worn armour gives, lost on a hit
    that pierces the armour to 0; ``shield_apr`` is APR that comes with the shield.
    """

    name: str
    stats: Mapping[str, int] = field(default_factory=dict)
    skills: Mapping[str, int] = field(default_factory=dict)
    racial_health: int = 0
    armour: int = 0
    armour_spell: int = 0
    armour_dr: int = 0
    shield: int = 0
    shield_apr: int = 0
    apr: int = 0
    dodge: int = 0
    parry: int = 0
    dr_physical: int = 0
    dr_magical: int = 0
    ward: int = 0
    resistance: int = 0
    magical_resistance: int = 0
    attacks: tuple[AttackProfile, ...] = ()
    reactions: tuple[Trigger, ...] = ()
    notes: str = ""
    # A player character: joins as an ally, and keeps the negative Health rows under
    # the ruling negative_health_npcs (002 §Damage Tracking).
    player: bool = False

    def __post_init__(self) -> None:
        check_text("name", self.name)
        if not isinstance(self.player, bool):
            raise TraitValueError("player", "true or false", self.player)
        for stat, value in self.stats.items():
            check_choice("stats", stat, STATS)
            check_range(f"stats.{stat}", value, TRAIT_RANGE)
        for skill, value in self.skills.items():
            check_text("skills", skill)
            check_range(f"skills.{skill}", value, TRAIT_RANGE)
        check_range("racial_health", self.racial_health, RACIAL_RANGE)
        for name in DEFENCE_FIELDS:
            check_range(name, getattr(self, name), TRAIT_RANGE)
        self._check_whole()

    def _check_whole(self) -> None:
        if self.health_max < 1:
            raise TraitValueError(
                "racial_health", f"at least {1 - self.stat('constitution')} "
                "(Health = Constitution + racial must be 1 or more)", self.racial_health,
            )
        if self.armour_dr and not (self.armour or self.armour_spell):
            raise TraitValueError("armour_dr", "0 when the character wears no armour",
                                  self.armour_dr)
        names = [attack.name for attack in self.attacks]
        if len(set(names)) != len(names):
            raise TraitValueError("attacks", "attacks with different names", names)

    def stat(self, name: str) -> int:
        """A stat's value (0 when the sheet leaves it out)."""
        return self.stats.get(name, 0)

    def skill(self, name: str) -> int:
        """A skill's value (0 when the sheet leaves it out)."""
        return self.skills.get(name, 0)

    @property
    def health_max(self) -> int:
        """Constitution + racial modifier (002 §Damage Tracking)."""
        return self.stat("constitution") + self.racial_health

    @property
    def vigor_max(self) -> int:
        """Constitution (002 §Damage Tracking)."""
        return self.stat("constitution")

    def attack(self, name: str) -> AttackProfile | None:
        """The weapon or spell of that name, if the sheet has it."""
        return next((a for a in self.attacks if a.name == name), None)

    def to_json(self) -> dict[str, Any]:
        """The block as a JSON object (every field, so a saved fight never changes meaning)."""
        data: dict[str, Any] = {"name": self.name, "stats": dict(self.stats),
                                "skills": dict(self.skills), "racial_health": self.racial_health}
        data.update({name: getattr(self, name) for name in DEFENCE_FIELDS})
        data["attacks"] = [attack.to_json() for attack in self.attacks]
        data["reactions"] = [reaction.to_json() for reaction in self.reactions]
        data["notes"] = self.notes
        if self.player:  # written only when set, so older blocks keep their JSON
            data["player"] = True
        return data

    @classmethod
    def from_json(cls, obj: object) -> StatBlock:
        """Read a block written by ``to_json``; a bad value raises ``TraitValueError``."""
        data = _object(obj, "stat block")
        scalars = ("name", "racial_health", "notes", "player", *DEFENCE_FIELDS)
        _no_unknown(data, {*scalars, "stats", "skills", "attacks", "reactions"}, "stat block")
        return cls(
            **{key: data[key] for key in scalars if key in data},
            stats=_mapping(data.get("stats", {}), "stats"),
            skills=_mapping(data.get("skills", {}), "skills"),
            attacks=tuple(AttackProfile.from_json(item, f"attacks[{i}]")
                          for i, item in enumerate(_list(data.get("attacks", []), "attacks"))),
            reactions=tuple(Trigger.from_json(item, f"reactions[{i}]")
                            for i, item in enumerate(_list(data.get("reactions", []),
                                                           "reactions"))),
        )


def _object(obj: object, path: str) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise TraitValueError(path, "a JSON object", obj)
    return obj


def _list(obj: object, path: str) -> list[Any]:
    if not isinstance(obj, list):
        raise TraitValueError(path, "a list", obj)
    return obj


def _mapping(obj: object, path: str) -> dict[str, int]:
    return dict(_object(obj, path))


def _no_unknown(data: dict[str, Any], known: set[str], path: str) -> None:
    unknown = sorted(set(data) - known)
    if unknown:
        raise TraitValueError(f"{path}.{unknown[0]}", "one of " + ", ".join(sorted(known)))
