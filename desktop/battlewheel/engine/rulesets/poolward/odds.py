"""Exact odds for the odds dock: the chance to hit and the spread of damage before a roll.

One die's chances of 0, 1 (or 2, with 004's double 10s) successes come from the dice
ruling; a pool's are the exact convolution of those, kept as fractions and turned into
floats only at the end, so no numpy is needed and every figure is the true chance.
Under the typed-successes ruling the die is unknown; the odds then read it as the
default d10 at 7+.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from battlewheel.engine.rulesets.poolward.options import MORTAL_BEFORE_WARD, PoolWardOptions
from battlewheel.engine.rulesets.poolward.rules.damage import mortal_damage
from battlewheel.engine.rulesets.poolward.rules.pool import PoolPreview
from battlewheel.engine.rulesets.poolward.rules.rolls import die_of


def die_weights(sides: int, target: int, top_counts_twice: bool) -> tuple[Fraction, ...]:
    """Chance one die shows 0, 1 (and 2) successes (002 §Attack Roll Dice Pools, ``dice``)."""
    hits = sides - target + 1
    misses = Fraction(target - 1, sides)
    if top_counts_twice:
        return (misses, Fraction(hits - 1, sides), Fraction(1, sides))
    return (misses, Fraction(hits, sides))


def convolve(left: tuple[Fraction, ...], right: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    """The distribution of a sum of two independent counts."""
    result = [Fraction(0)] * (len(left) + len(right) - 1)
    for i, p in enumerate(left):
        for j, q in enumerate(right):
            result[i + j] += p * q
    return tuple(result)


@lru_cache(maxsize=256)
def _pool_odds(dice: int, sides: int, target: int, doubled: bool) -> tuple[Fraction, ...]:
    # cached: the dock asks for the same few pools while the GM changes other inputs
    one = die_weights(sides, target, doubled)
    odds: tuple[Fraction, ...] = (Fraction(1),)
    for _ in range(max(dice, 0)):
        odds = convolve(odds, one)
    return odds


def success_odds(dice: int, options: PoolWardOptions) -> tuple[Fraction, ...]:
    """Exact chance of each success count 0..most for a pool; a pool of 0 or less rolls
    nothing (002 §Attack Roll Dice Pools)."""
    return _pool_odds(max(dice, 0), *die_of(options))


@dataclass(frozen=True)
class AttackOdds:
    """Before the roll: the dice, the chance to hit, and the spread of damage.

    ``damage[k]`` is the chance the hit deals ``k`` points before Ward (Mortal doubling
    included when it comes first); ``past_ward[k]`` the chance ``k`` points get past
    Ward to Vigor and Health (doubling included either way).
    """

    dice: int
    hit: float
    damage: tuple[float, ...]
    past_ward: tuple[float, ...]

    @property
    def expected_damage(self) -> float:
        """Mean damage before Ward, a miss counting 0."""
        return sum(k * p for k, p in enumerate(self.damage))


def attack_odds(preview: PoolPreview, options: PoolWardOptions, *, ward: int = 0,
                mortal: bool = False) -> AttackOdds:
    """The chance to hit and each damage total for a worked-out pool (002 §Attack Roll Dice
    Pools, §Defense Terminology, §Mortal Damage)."""
    damage: dict[int, Fraction] = {}
    past: dict[int, Fraction] = {}
    first = mortal and options.mortal_timing == MORTAL_BEFORE_WARD
    for count, chance in enumerate(success_odds(preview.pool, options)):
        net = max(0, count - preview.cover_successes)
        dealt = mortal_damage(net) if first else net
        through = dealt - min(ward, dealt)
        if mortal and not first:
            through = mortal_damage(through)
        damage[dealt] = damage.get(dealt, Fraction(0)) + chance
        past[through] = past.get(through, Fraction(0)) + chance
    hit = sum((p for k, p in damage.items() if k > 0), Fraction(0))
    return AttackOdds(max(preview.pool, 0), float(hit), _spread(damage), _spread(past))


def _spread(chances: dict[int, Fraction]) -> tuple[float, ...]:
    return tuple(float(chances.get(k, Fraction(0))) for k in range(max(chances) + 1))
