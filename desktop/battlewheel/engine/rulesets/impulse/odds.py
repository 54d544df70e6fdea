"""Exact odds before a roll: the chance to beat a DV and the spread of Endurance damage.

Built on the core's exact success distributions (integer convolution); no sampling.
A decisive hit's damage pool grows with the threshold, so the damage spread is the
mix, over every accuracy result that hits, of that pool's success distribution.
"""

from __future__ import annotations

from dataclasses import dataclass

from battlewheel.engine.core.dice import success_distribution
from battlewheel.engine.rulesets.impulse.rules import beats, damage_pool, threshold


def net_successes(dice: int, lost: int = 0) -> tuple[float, ...]:
    """Chance of each success count after ``lost`` successes come off (never below 0)."""
    rolled = success_distribution(max(dice, 0))
    net = [0.0] * max(1, len(rolled) - lost)
    for count, chance in enumerate(rolled):
        net[max(0, count - lost)] += chance
    return tuple(net)


@dataclass(frozen=True)
class HitOdds:
    """The chance to beat the DV, and the chance of each threshold given a hit."""

    chance_to_hit: float
    thresholds: tuple[float, ...]


def hit_odds(dice: int, dv: int, beat_rule: str = "above", lost: int = 0) -> HitOdds:
    """Accuracy against DV (001 §Decisive Strike; ruling beat_rule)."""
    over: dict[int, float] = {}
    for count, chance in enumerate(net_successes(dice, lost)):
        if beats(count, dv, beat_rule):
            key = threshold(count, dv)
            over[key] = over.get(key, 0.0) + chance
    hit = sum(over.values())
    spread = [0.0] * (max(over, default=0) + 1)
    for key, chance in over.items():
        spread[key] = chance / hit if hit else 0.0
    return HitOdds(hit, tuple(spread))


@dataclass(frozen=True)
class DamageOdds:
    """A Decisive Strike's odds: to hit, and each Endurance loss given a hit."""

    hit: HitOdds
    endurance_loss: tuple[float, ...]

    @property
    def expected_loss(self) -> float:
        """Mean Endurance lost by a hit."""
        return sum(k * p for k, p in enumerate(self.endurance_loss))


def decisive_odds(
    dice: int,
    dv: int,
    impulse: int,
    base_damage: int,
    *,
    beat_rule: str = "above",
    lost: int = 0,
    damage_tens: bool = True,
) -> DamageOdds:
    """Exact Endurance damage spread: each threshold's pool, weighted (001 §Decisive Strike)."""
    hit = hit_odds(dice, dv, beat_rule, lost)
    loss: list[float] = [0.0]
    for over, chance in enumerate(hit.thresholds):
        if chance == 0.0:
            continue
        pool = damage_pool(impulse, base_damage, over)
        spread = success_distribution(pool, double_tens=damage_tens)
        if len(loss) < len(spread):
            loss.extend([0.0] * (len(spread) - len(loss)))
        for count, p in enumerate(spread):
            loss[count] += chance * p
    return DamageOdds(hit, tuple(loss) if hit.chance_to_hit else (1.0,))


@dataclass(frozen=True)
class ManoeuvreOdds:
    """Impulse gained (every success) and the chance a stunt effect lands."""

    impulse_gain: tuple[float, ...]
    chance_effect: float


def manoeuvre_odds(
    dice: int, difficulty: int | None = None, beat_rule: str = "above"
) -> ManoeuvreOdds:
    """Impulse gained and the chance to beat an effect's difficulty (001 §Stunting Maneuvers)."""
    spread = net_successes(dice)
    if difficulty is None:
        return ManoeuvreOdds(spread, 1.0)
    lands = sum(p for count, p in enumerate(spread) if beats(count, difficulty, beat_rule))
    return ManoeuvreOdds(spread, lands)


def contest_odds(dice: int, evasion: int, beat_rule: str = "above") -> float:
    """The chance a foe's Dex + Athletics keeps up with a Disengage (001 §Disengage)."""
    return sum(p for count, p in enumerate(net_successes(dice)) if beats(count, evasion, beat_rule))
