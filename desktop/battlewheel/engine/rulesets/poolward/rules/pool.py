"""The attack pool: raw dice from base, stat and skill, less the target's defence.

Each step is its own small function citing 002, and ``attack_pool`` keeps every step
with the running total, so the attack dialog can show the pool shrinking term by term
as the seed's Edward example does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.poolward.block import AttackProfile, StatBlock
from battlewheel.engine.rulesets.poolward.options import (
    ARMOUR_HIGHEST,
    PERCENT_OF_POOL,
    PoolWardOptions,
)

COVER_RULE = "002 §Defense Terminology"
ARMOUR, SHIELD, DODGE = "armour", "shield", "dodge"
PHYSICAL = (ARMOUR, SHIELD, DODGE)
NO_COVER, FULL_COVER = "none", "full"
COVER_DICE: Mapping[str, int] = {NO_COVER: 0, "light": 2, "moderate": 4, "heavy": 6}
COVER_LEVELS = (*COVER_DICE, FULL_COVER)


# -- the raw pool ----------------------------------------------------------------------


@dataclass(frozen=True)
class RawPool:
    """The attacker's side of the pool, term by term (002 §Attack Roll Dice Pools)."""

    base: int
    stat: int
    skill: int
    flat: int
    percent: int
    extra: int = 0
    # The GM's conditions: the attacker's dice, less the target's defence modifier.
    conditions: int = 0

    @property
    def total(self) -> int:
        """Every term added up: the raw pool before the target's defence."""
        return (self.base + self.stat + self.skill + self.flat + self.percent + self.extra
                + self.conditions)


def percent_dice(core: int, flat: int, percent: int, how: str) -> int:
    """A percentage modifier's dice, rounded down (002 §Attack Roll Dice Pools, ``percent_base``).

    By default the share is of base + stat + skill only; the ruling can take it of the
    whole pool with its flat modifiers.
    """
    counted = core + flat if how == PERCENT_OF_POOL else core
    return max(counted, 0) * percent // 100


def raw_pool(block: StatBlock, profile: AttackProfile, options: PoolWardOptions,
             extra: int = 0) -> RawPool:
    """Base + stat + skill + flat modifiers + percent modifiers (002 §Attack Roll Dice Pools)."""
    stat = block.stat(profile.stat_used)
    skill = block.skill(profile.skill_used)
    flat = profile.flat + extra
    share = percent_dice(profile.base + stat + skill, flat, profile.percent, options.percent_base)
    return RawPool(profile.base, stat, skill, profile.flat, share, extra)


# -- the defence ---------------------------------------------------------------------


@dataclass(frozen=True)
class Guard:
    """What the target brings to one attack: its defence block and this round's losses."""

    armour: int
    armour_spell: int
    shield: int
    shield_apr: int
    apr: int
    dodge: int
    dodge_losses: int
    flat_footed: bool


@dataclass(frozen=True)
class Approach:
    """How the attack meets the defence: AP, Ignore Dodge, shield facing, terms, cover.

    ``meets`` lists the defence terms the attack must get past (a spell may meet only
    some, as the GM rules); ``takes_cover`` says whether cover counts against it.
    """

    ap: int = 0
    ignore_dodge: int = 0
    shield_facing: bool = True
    meets: tuple[str, ...] = PHYSICAL
    cover: str = NO_COVER
    takes_cover: bool = False


def armour_worn(worn: int, spell: int, stacking: str) -> int:
    """Worn armour with an armour spell (002 §Defense Terminology, ruling ``armour_stacking``)."""
    return max(worn, spell) if stacking == ARMOUR_HIGHEST else worn + spell


def net_armour_piercing(ap: int, apr: int) -> int:
    """Armour Piercing less the target's reduction, never below 0 (002 §Attack Roll Dice Pools)."""
    return max(0, ap - apr)


def pierced_armour(armour: int, net_ap: int) -> int:
    """Armour left after Armour Piercing, never below 0 (002 §Attack Roll Dice Pools)."""
    return max(0, armour - net_ap)


def dodge_left(dodge: int, losses: int, ignore: int, flat_footed: bool) -> int:
    """Dodge after this round's losses and Ignore Dodge; none when flat-footed (002 §Defense
    Terminology)."""
    if flat_footed:
        return 0
    return max(0, dodge - losses - ignore)


def keeps_shield(guard: Guard, approach: Approach, options: PoolWardOptions) -> bool:
    """The shield counts when it faces the attack and, by the ruling, the target is not
    flat-footed (002 §Defense Terminology, ``flat_footed_drops_shield``)."""
    if not approach.shield_facing or SHIELD not in approach.meets:
        return False
    return not (guard.flat_footed and options.flat_footed_drops_shield)


def cover_penalty(level: str) -> int:
    """Dice (or successes) cover takes from a ranged attack (002 §Defense Terminology)."""
    if level == FULL_COVER:
        raise IllegalAction(COVER_RULE, "a target in full cover cannot be attacked directly")
    return COVER_DICE[level]


@dataclass(frozen=True)
class DefenceTerms:
    """Each defence term against one attack, and whether the armour's DR still holds."""

    net_ap: int
    armour: int
    armour_pierced_to_zero: bool
    shield: int
    dodge: int
    cover: int

    @property
    def total(self) -> int:
        """Armour + Shield + Dodge: the dice the defence takes (cover apart)."""
        return self.armour + self.shield + self.dodge


def defence_terms(guard: Guard, approach: Approach, options: PoolWardOptions) -> DefenceTerms:
    """Armour less AP, the shield, Dodge and cover against one attack (002 §Attack Roll Dice
    Pools)."""
    shield = keeps_shield(guard, approach, options)
    apr = guard.apr + (guard.shield_apr if shield else 0)
    net_ap = net_armour_piercing(approach.ap, apr)
    worn = armour_worn(guard.armour, guard.armour_spell, options.armour_stacking)
    armour = pierced_armour(worn, net_ap) if ARMOUR in approach.meets else 0
    dodge = 0
    if DODGE in approach.meets:
        dodge = dodge_left(guard.dodge, guard.dodge_losses, approach.ignore_dodge,
                           guard.flat_footed)
    cover = cover_penalty(approach.cover) if approach.takes_cover else 0
    return DefenceTerms(net_ap, armour, worn > 0 and armour == 0 and ARMOUR in approach.meets,
                        guard.shield if shield else 0, dodge, cover)


# -- the whole pool, step by step -----------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One line of the pool's working: what changed it and the total after."""

    label: str
    change: int
    total: int


@dataclass(frozen=True)
class PoolPreview:
    """The attack pool worked out: raw terms, defence terms, each step and the dice rolled.

    ``cover_successes`` is what cover takes after the roll when the ruling
    ``cover_as_dice`` is off.
    """

    raw: RawPool
    terms: DefenceTerms
    steps: tuple[Step, ...]
    pool: int
    cover_successes: int

    @property
    def rolls(self) -> bool:
        """A pool of 0 or less is not rolled and does no damage (002 §Attack Roll Dice Pools)."""
        return self.pool > 0


def attack_pool(raw: RawPool, guard: Guard, approach: Approach,
                options: PoolWardOptions) -> PoolPreview:
    """Raw pool less Armour, Shield, Dodge and cover, each step kept (002 §Attack Roll Dice
    Pools)."""
    terms = defence_terms(guard, approach, options)
    steps = list(_raw_steps(raw))
    total = raw.total
    for label, change in _defence_changes(guard, approach, terms, options):
        total += change
        steps.append(Step(label, change, total))
    cover_successes = 0 if options.cover_as_dice else terms.cover
    return PoolPreview(raw, terms, tuple(steps), total, cover_successes)


def _raw_steps(raw: RawPool) -> list[Step]:
    steps, total = [], 0
    for label, dice in (("base", raw.base), ("stat", raw.stat), ("skill", raw.skill),
                        ("flat modifiers", raw.flat), ("percent modifier", raw.percent),
                        ("situational dice", raw.extra), ("conditions", raw.conditions)):
        if dice or label == "base":
            total += dice
            steps.append(Step(label, dice, total))
    return steps


def _defence_changes(guard: Guard, approach: Approach, terms: DefenceTerms,
                     options: PoolWardOptions) -> list[tuple[str, int]]:
    changes = []
    if ARMOUR in approach.meets:
        changes.append((_armour_label(guard, approach, terms, options), -terms.armour))
    if SHIELD in approach.meets:
        changes.append((_shield_label(guard, approach, options), -terms.shield))
    if DODGE in approach.meets:
        changes.append((_dodge_label(guard, approach), -terms.dodge))
    if terms.cover and options.cover_as_dice:
        changes.append((f"{approach.cover} cover", -terms.cover))
    return changes


def _armour_label(guard: Guard, approach: Approach, terms: DefenceTerms,
                  options: PoolWardOptions) -> str:
    worn = armour_worn(guard.armour, guard.armour_spell, options.armour_stacking)
    if not approach.ap:
        return f"armour {worn}"
    text = f"armour {worn}, AP {approach.ap} → {terms.net_ap} after APR"
    return text + (" (armour gone: its DR is lost)" if terms.armour_pierced_to_zero else "")


def _shield_label(guard: Guard, approach: Approach, options: PoolWardOptions) -> str:
    if not approach.shield_facing:
        return "shield (not facing this attack)"
    if guard.flat_footed and options.flat_footed_drops_shield and guard.shield:
        return "shield (lost: flat-footed)"
    return "shield"


def _dodge_label(guard: Guard, approach: Approach) -> str:
    if guard.flat_footed:
        return "dodge (none: flat-footed)"
    notes = []
    if guard.dodge_losses:
        notes.append(f"{guard.dodge_losses} lost this round")
    if approach.ignore_dodge:
        notes.append(f"{approach.ignore_dodge} ignored")
    return f"dodge {guard.dodge}" + (f" ({', '.join(notes)})" if notes else "")
