"""Flurries: the manoeuvre table, Speed, DV penalty and multiple-action penalties.

A flurry is one or more manoeuvres declared together (000 §Manoeuvres). This module
checks a declared flurry against the table and works out what it costs: its Speed,
its DV penalty, the internal penalty of each dice action, and what Dash or Block add.
It also holds the per-weapon limits of a flurry (Rate, body parts) and the Block
movement roll.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.package_data import resource
from battlewheel.engine.rulesets.rewrite.rules.equipment import Weapon

RULE = "000 §Manoeuvres"
ATTACK_RULE = "000 §Attack Resolution"
BODY_RULE = "000 §Brawl Weapons"
MAGICAL_RULE = "000 §Magical Flurries"
FIRST_PENALTY_CHOICES = ("manoeuvre_count", "manoeuvre_count_minus_one")


@dataclass(frozen=True)
class ManoeuvreSpec:
    """One row of the manoeuvre table (000 §Manoeuvres).

    ``speed`` / ``dv_penalty`` are None where the value is given at declaration (a
    weapon's Speed, a Simple charm's own values, a GM ruling); the defaults apply when
    nothing is given. ``dv_penalty`` counts points taken off every DV. ``dice_action``
    is None where it depends on what is done.
    """

    id: str
    name: str
    speed: int | None
    dv_penalty: int | None
    once_per_flurry: bool
    must_be_alone: bool
    dice_action: bool | None
    default_speed: int = 5
    default_dv_penalty: int = 0
    default_dice_action: bool = False
    extra_yards_per_tick: int = 0
    cover_bonus: int = 0
    cover_bonus_tower_shield: int = 0

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> ManoeuvreSpec:
        """Build a row from the JSON table, taking only the known keys."""
        known = cls.__dataclass_fields__
        return cls(**{key: value for key, value in obj.items() if key in known})


@cache
def _table() -> Mapping[str, ManoeuvreSpec]:
    path = resource("rules", "manoeuvres.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    rows = (ManoeuvreSpec.from_json(row) for row in data["manoeuvres"])
    return MappingProxyType({row.id: row for row in rows})


def manoeuvre_table() -> Mapping[str, ManoeuvreSpec]:
    """Every manoeuvre by id, in the order of the table (000 §Manoeuvres)."""
    return _table()


def manoeuvre_spec(kind: str) -> ManoeuvreSpec:
    """The table row for ``kind``; an unknown kind is refused naming the known ones."""
    table = _table()
    if kind not in table:
        raise IllegalAction(RULE, f"unknown manoeuvre {kind!r}; known: {', '.join(table)}")
    return table[kind]


@dataclass(frozen=True)
class Manoeuvre:
    """One declared manoeuvre of a flurry.

    ``speed``, ``dv_penalty`` and ``dice_action`` override the table where it leaves
    them open (a Simple charm's Speed, a Miscellaneous action that rolls dice); for
    an attack the Speed comes from ``weapon``. ``simple`` marks a Simple charm, which
    must be alone in its flurry.
    """

    kind: str
    speed: int | None = None
    dv_penalty: int | None = None
    dice_action: bool | None = None
    weapon: Weapon | None = None
    off_hand: bool = False
    simple: bool = True
    label: str = ""

    @classmethod
    def attack(cls, weapon: Weapon, *, off_hand: bool = False, label: str = "") -> Manoeuvre:
        """An Attack manoeuvre with ``weapon`` (Speed from the weapon)."""
        return cls("attack", weapon=weapon, off_hand=off_hand, label=label)

    @property
    def spec(self) -> ManoeuvreSpec:
        """The table row of this manoeuvre."""
        return manoeuvre_spec(self.kind)

    def resolved_speed(self) -> int:
        """Speed of this manoeuvre: declared, else the weapon's, else the table's."""
        spec = self.spec
        if self.speed is not None:
            return self.speed
        if self.weapon is not None:
            return self.weapon.speed
        return spec.speed if spec.speed is not None else spec.default_speed

    def resolved_dv_penalty(self) -> int:
        """DV points this manoeuvre costs: the table's fixed value, else the declared one."""
        spec = self.spec
        if spec.dv_penalty is not None:
            return spec.dv_penalty
        return self.dv_penalty if self.dv_penalty is not None else spec.default_dv_penalty

    def is_dice_action(self) -> bool:
        """Whether this manoeuvre rolls (or counts as rolling) dice (000 §Manoeuvres)."""
        spec = self.spec
        if spec.dice_action is not None:
            return spec.dice_action
        return self.dice_action if self.dice_action is not None else spec.default_dice_action


@dataclass(frozen=True)
class FlurryPlan:
    """A checked flurry and everything it implies (000 §Manoeuvres).

    ``action_penalties`` lines up with ``manoeuvres``: the multiple-action internal
    penalty of each dice action, None for a manoeuvre that rolls no dice. The off-hand
    penalty is kept apart in ``off_hand_penalties`` (also internal).
    """

    manoeuvres: tuple[Manoeuvre, ...]
    speed: int
    dv_penalty: int
    magical: bool
    dice_actions: int
    action_penalties: tuple[int | None, ...]
    off_hand_penalties: tuple[int, ...]
    extra_yards_per_tick: int
    weapon_uses: tuple[WeaponUse, ...]
    block_cover_bonus: int

    def internal_penalty(self, index: int) -> int:
        """Total internal penalty of manoeuvre ``index``: multiple action plus off hand."""
        return (self.action_penalties[index] or 0) + self.off_hand_penalties[index]


def flurry_speed(manoeuvres: Sequence[Manoeuvre]) -> int:
    """Speed of a flurry: the highest Speed among its manoeuvres (000 §Declare Flurries)."""
    return max(m.resolved_speed() for m in manoeuvres)


def flurry_dv_penalty(manoeuvres: Sequence[Manoeuvre]) -> int:
    """DV penalty of a flurry: the sum over its manoeuvres (000 §Declare Flurries)."""
    return sum(m.resolved_dv_penalty() for m in manoeuvres)


def multiple_action_penalties(
    manoeuvres: Sequence[Manoeuvre],
    *,
    magical: bool = False,
    first_penalty: str = "manoeuvre_count",
) -> tuple[int | None, ...]:
    """Internal penalty of each dice action of a flurry (000 §Attack Resolution).

    None for manoeuvres that roll no dice. No penalty in a magical flurry or when the
    flurry holds only one dice action. Otherwise the first dice action takes the
    number of manoeuvres (or one less, per the ``first_penalty`` option) and each
    later one a further point.
    """
    if first_penalty not in FIRST_PENALTY_CHOICES:
        choices = ", ".join(FIRST_PENALTY_CHOICES)
        raise ValueError(f"first_penalty must be one of {choices}, got {first_penalty!r}")
    dice = [m.is_dice_action() for m in manoeuvres]
    if magical or sum(dice) <= 1:
        return tuple(0 if is_dice else None for is_dice in dice)
    next_penalty = len(manoeuvres) - (first_penalty == "manoeuvre_count_minus_one")
    penalties: list[int | None] = []
    for is_dice in dice:
        penalties.append(next_penalty if is_dice else None)
        next_penalty += is_dice
    return tuple(penalties)


def check_flurry_shape(manoeuvres: Sequence[Manoeuvre]) -> None:
    """Refuse an empty flurry, a repeated once-per-flurry manoeuvre, or one that must be alone."""
    if not manoeuvres:
        raise IllegalAction(RULE, "a flurry needs at least one manoeuvre")
    seen: set[str] = set()
    for manoeuvre in manoeuvres:
        spec = manoeuvre.spec
        if spec.once_per_flurry and spec.id in seen:
            raise IllegalAction(RULE, f"{spec.name} may be taken only once per flurry")
        seen.add(spec.id)
        if _must_be_alone(manoeuvre) and len(manoeuvres) > 1:
            what = "a Simple charm" if spec.id == "activate_charm" else spec.name
            raise IllegalAction(RULE, f"{what} must be the only manoeuvre in its flurry")


def _must_be_alone(manoeuvre: Manoeuvre) -> bool:
    spec = manoeuvre.spec
    if spec.id == "activate_charm":
        return manoeuvre.simple
    return spec.must_be_alone


def _check_values(manoeuvres: Sequence[Manoeuvre]) -> None:
    for manoeuvre in manoeuvres:
        if manoeuvre.kind == "attack" and manoeuvre.weapon is None:
            raise IllegalAction(ATTACK_RULE, "an Attack manoeuvre needs a weapon")
        if manoeuvre.resolved_speed() < 0:
            raise IllegalAction(RULE, f"{manoeuvre.spec.name}: Speed must be 0 or more")
        if manoeuvre.resolved_dv_penalty() < 0:
            raise IllegalAction(RULE, f"{manoeuvre.spec.name}: DV penalty must be 0 or more")


def plan_flurry(
    manoeuvres: Sequence[Manoeuvre],
    *,
    magical: bool = False,
    essence: int = 1,
    first_penalty: str = "manoeuvre_count",
    hands: int = 2,
    feet: int = 2,
    heads: int = 1,
    tower_shield: bool = False,
) -> FlurryPlan:
    """Check a declared flurry and work out its Speed, DV penalty and penalties (000 §Manoeuvres).

    ``magical`` marks a magical flurry (an Extra Action charm that ignores Rate):
    no multiple-action penalties and a raised Rate (see ``effective_rate``).
    Refusals raise ``IllegalAction`` naming the rule; nothing is changed.
    """
    manoeuvres = tuple(manoeuvres)
    check_flurry_shape(manoeuvres)
    _check_values(manoeuvres)
    attacks = [(m.weapon, m.off_hand) for m in manoeuvres if m.weapon is not None]
    uses = check_weapon_uses(
        attacks, magical=magical, essence=essence, hands=hands, feet=feet, heads=heads
    )
    spec_ids = {m.kind for m in manoeuvres}
    return FlurryPlan(
        manoeuvres=manoeuvres,
        speed=flurry_speed(manoeuvres),
        dv_penalty=flurry_dv_penalty(manoeuvres),
        magical=magical,
        dice_actions=sum(m.is_dice_action() for m in manoeuvres),
        action_penalties=multiple_action_penalties(
            manoeuvres, magical=magical, first_penalty=first_penalty
        ),
        off_hand_penalties=tuple(off_hand_penalty(m.off_hand) for m in manoeuvres),
        extra_yards_per_tick=sum(manoeuvre_spec(k).extra_yards_per_tick for k in spec_ids),
        weapon_uses=uses,
        block_cover_bonus=block_cover_bonus(tower_shield=tower_shield)
        if "block" in spec_ids
        else 0,
    )


def off_hand_penalty(off_hand: bool) -> int:
    """Internal penalty for attacking with the off hand: one die (000 §Attack Resolution)."""
    return 1 if off_hand else 0


def block_cover_bonus(*, tower_shield: bool = False) -> int:
    """Cover a Block gives its ward against missiles: +1, +2 with a tower shield (000 §Block)."""
    spec = manoeuvre_spec("block")
    return spec.cover_bonus_tower_shield if tower_shield else spec.cover_bonus


def dash_extra_yards() -> int:
    """Yards per tick a Dash adds to movement until the next action (000 §Dash)."""
    return manoeuvre_spec("dash").extra_yards_per_tick


# --- Rate and body parts -------------------------------------------------------------


def effective_rate(rate: int, *, magical: bool = False, essence: int = 1) -> int | None:
    """A weapon's Rate in this flurry; None when unlimited (000 §Magical Flurries).

    A magical flurry doubles Rate, triples it from Essence 5 and ignores it from Essence 7.
    """
    if not magical:
        return rate
    if essence >= 7:
        return None
    return rate * (3 if essence >= 5 else 2)


@dataclass(frozen=True)
class WeaponUse:
    """How one weapon is used in a flurry: attacks, the Rate allowed, the body parts taken."""

    weapon: str
    attacks: int
    rate: int | None
    body_parts: tuple[str, ...]


def check_weapon_uses(
    attacks: Sequence[tuple[Weapon, bool]],
    *,
    magical: bool = False,
    essence: int = 1,
    hands: int = 2,
    feet: int = 2,
    heads: int = 1,
) -> tuple[WeaponUse, ...]:
    """Check each weapon's Rate and the body parts the attacks need (000 §Attack Resolution).

    A held weapon may attack up to its Rate and occupies its body parts once; the same
    weapon in the off hand is a second weapon (a knife in each hand). A natural weapon
    (tag N) is one per body part: each further set of parts allows Rate more attacks,
    so two hands give two Punches (000 §Brawl Weapons).
    """
    keys = [(w.name, False if w.natural else off) for w, off in attacks]
    counts = Counter(keys)
    weapons = {key: w for key, (w, _) in zip(keys, attacks, strict=True)}
    uses = tuple(_weapon_use(weapons[key], n, magical, essence) for key, n in counts.items())
    _check_body(uses, {"hand": hands, "foot": feet, "head": heads, "torso": 1})
    return uses


def _weapon_use(weapon: Weapon, attacks: int, magical: bool, essence: int) -> WeaponUse:
    rate = effective_rate(weapon.rate, magical=magical, essence=essence)
    if weapon.natural:
        sets = 1 if rate is None else math.ceil(attacks / max(rate, 1))
        return WeaponUse(weapon.name, attacks, rate, weapon.body_parts * sets)
    if rate is not None and attacks > rate:
        rule = MAGICAL_RULE if magical else ATTACK_RULE
        raise IllegalAction(rule, f"{weapon.name} has Rate {rate}; {attacks} attacks declared")
    return WeaponUse(weapon.name, attacks, rate, weapon.body_parts)


def _check_body(uses: Sequence[WeaponUse], body: Mapping[str, int]) -> None:
    needed = Counter(part for use in uses for part in use.body_parts)
    for part in ("hand", "foot", "head", "torso"):
        if needed[part] > body[part]:
            raise IllegalAction(BODY_RULE, _body_message(uses, part, needed[part], body[part]))
    free_limbs = body["hand"] - needed["hand"] + body["foot"] - needed["foot"]
    if needed["limb"] > free_limbs:
        raise IllegalAction(
            BODY_RULE, f"the flurry needs {needed['limb']} free limbs; {free_limbs} are free"
        )


def _body_message(uses: Sequence[WeaponUse], part: str, needed: int, available: int) -> str:
    users = ", ".join(f"{u.attacks} x {u.weapon}" for u in uses if part in u.body_parts)
    return f"{users} need {needed} x {part}; the character has {available}"


# --- Block ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BlockRoll:
    """The movement roll to get past a Blocker (000 §Block), every number kept.

    ``pool`` = attacker's movement - confined space - attacker's knockback + blocker's
    knockback; ``external_penalty`` = the blocker's movement ÷ 2 (0 when inapplicable).
    """

    attacker_movement: int
    confined_space: int
    attacker_knockback: int
    blocker_knockback: int
    blocker_movement: int
    blocker_movement_applicable: bool
    pool: int
    external_penalty: int

    def passes(self, successes: int) -> bool:
        """Whether the attacker gets past: at least one success after the penalty."""
        return successes - self.external_penalty >= 1


def block_movement_roll(
    attacker_movement: int,
    blocker_movement: int,
    *,
    confined_space: int = 0,
    attacker_knockback: int = 0,
    blocker_knockback: int = 0,
    blocker_movement_applicable: bool = True,
) -> BlockRoll:
    """Pool and external penalty of the roll to get past a Blocker (000 §Block).

    Confined space costs the attacker 1-10 dice; knockback since the last action costs
    the attacker its yards, or gives them when the Blocker was knocked back. The
    Blocker's movement ÷ 2 (rounded down) is an external penalty unless it does not
    apply (ground movement against a flier).
    """
    _check_range("confined_space", confined_space, 0, 10)
    for name, value in (
        ("attacker_movement", attacker_movement),
        ("blocker_movement", blocker_movement),
        ("attacker_knockback", attacker_knockback),
        ("blocker_knockback", blocker_knockback),
    ):
        _check_range(name, value, 0, 1000)
    pool = attacker_movement - confined_space - attacker_knockback + blocker_knockback
    penalty = blocker_movement // 2 if blocker_movement_applicable else 0
    return BlockRoll(
        attacker_movement,
        confined_space,
        attacker_knockback,
        blocker_knockback,
        blocker_movement,
        blocker_movement_applicable,
        pool,
        penalty,
    )


def _check_range(name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise IllegalAction("000 §Block", f"{name} must be {low}-{high}, got {value}")
