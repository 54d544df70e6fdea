"""Exact odds for the odds dock: the chance to hit and the spread of damage levels.

Built on ``dice.success_distribution``; results for a pool are cached, so moving a DV
slider recomputes only sums. The numbers follow the attack's steps: automatic
successes are added, external penalties subtracted (never below 0), a hit needs
successes - DV > 0 (000 §Apply Defences); damage follows §Calculate Raw Damage and
§Apply Static Defences, then each post-soak die of 7+ is a level (000 §Roll Damage).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from battlewheel.engine.core.contract import Odds
from battlewheel.engine.core.dice import success_distribution


@lru_cache(maxsize=512)
def _pool_odds(dice: int, target: int, double_tens: bool) -> tuple[float, ...]:
    return tuple(success_distribution(max(dice, 0), target=target, double_tens=double_tens))


@dataclass(frozen=True)
class HitOdds:
    """Chance of each net success count, the chance to hit, and of each excess.

    ``successes[k]`` = P(k successes after automatic ones and external penalties);
    ``excess[k]`` = P(excess = k) for k ≥ 1, with ``excess[0]`` the chance to miss.
    """

    successes: tuple[float, ...]
    dv: int
    chance_to_hit: float
    excess: tuple[float, ...]

    @property
    def expected_excess(self) -> float:
        """Mean excess over all outcomes (a miss counts 0)."""
        return sum(k * p for k, p in enumerate(self.excess))


def net_success_odds(
    attack_dice: int,
    automatic_successes: int = 0,
    *,
    external_penalty: int = 0,
    target: int = 7,
    double_tens: bool = True,
) -> tuple[float, ...]:
    """Chance of each net success count (000 §Attack Roll).

    Automatic successes are added and external penalties taken off, never below 0.

    A pool of 0 or less with no automatic successes fails outright (004 §Order of Modifiers).
    """
    if attack_dice <= 0 and automatic_successes <= 0:
        return (1.0,)
    rolled = _pool_odds(attack_dice, target, double_tens)
    net = [0.0] * (len(rolled) + max(automatic_successes, 0))
    for k, p in enumerate(rolled):
        net[max(0, k + automatic_successes - external_penalty)] += p
    while len(net) > 1 and net[-1] == 0.0:
        net.pop()
    return tuple(net)


def hit_chances(
    attack_dice: int,
    automatic_successes: int,
    dv: int,
    *,
    external_penalty: int = 0,
    target: int = 7,
    double_tens: bool = True,
) -> HitOdds:
    """Chance to hit a DV and the spread of excess successes (000 §Apply Defences)."""
    net = net_success_odds(
        attack_dice,
        automatic_successes,
        external_penalty=external_penalty,
        target=target,
        double_tens=double_tens,
    )
    dv = max(dv, 0)
    excess = [0.0] * max(1, len(net) - dv)
    for k, p in enumerate(net):
        excess[max(0, k - dv)] += p
    # Summing the hits (not 1 - miss) keeps an impossible hit at exactly 0.
    return HitOdds(net, dv, sum(excess[1:]), tuple(excess))


@dataclass(frozen=True)
class DamageOdds:
    """The spread of damage levels a hit deals after soak.

    ``given_hit[k]`` = P(k levels | the attack hits), a hit stopped by hardness counting
    0 levels; ``chance_failed_hardness`` is P(stopped by hardness | hit).
    """

    hit: HitOdds
    given_hit: tuple[float, ...]
    chance_failed_hardness: float

    @property
    def expected_levels(self) -> float:
        """Mean levels dealt by a hit."""
        return sum(k * p for k, p in enumerate(self.given_hit))


def damage_level_distribution(
    attack_dice: int,
    automatic_successes: int,
    dv: int,
    *,
    strength_dice: int = 0,
    weapon_levels: int = 0,
    hardness: int = 0,
    soak: int = 0,
    extra: bool = False,
    post_soak_dice: int = 0,
    post_soak_levels: int = 0,
    external_penalty: int = 0,
    target: int = 7,
    double_tens: bool = True,
    ping: int = 0,
) -> DamageOdds:
    """Exact spread of levels from one hit, over every excess (000 §Roll Damage).

    ``strength_dice`` is the Strength (or charm dice) a hit adds to the excess;
    ``weapon_levels`` the raw levels; ``soak`` comes off levels first, then dice.
    Against an ``extra`` every die is a level. With ``ping`` (the attacker's ping when
    this is the only attack of its flurry) a hit that beats hardness is topped up with
    bashing dice to the ping (000 §Apply Ping); levels then mix damage types.
    """
    hit = hit_chances(
        attack_dice,
        automatic_successes,
        dv,
        external_penalty=external_penalty,
        target=target,
        double_tens=double_tens,
    )
    levels: list[float] = [0.0]
    stopped = 0.0
    for excess, p in enumerate(hit.excess):
        if excess == 0 or p == 0.0:
            continue
        dice = excess + strength_dice
        if dice + weapon_levels < hardness:
            stopped += p
            levels[0] += p
            continue
        post_levels = max(0, weapon_levels - soak) + post_soak_levels
        post_dice = max(0, dice - max(0, soak - weapon_levels)) + post_soak_dice
        post_dice += max(0, ping - post_dice - post_levels)
        _add_roll(levels, p, post_dice, post_levels, extra)
    scale = 1.0 / hit.chance_to_hit if hit.chance_to_hit > 0 else 0.0
    given = tuple(p * scale for p in levels) if scale else (1.0,)
    return DamageOdds(hit, given, stopped * scale)


def _add_roll(levels: list[float], p: float, dice: int, fixed: int, extra: bool) -> None:
    spread = (1.0,) if extra else _pool_odds(dice, 7, False)
    offset = fixed + (dice if extra else 0)
    needed = offset + len(spread)
    if len(levels) < needed:
        levels.extend([0.0] * (needed - len(levels)))
    for k, q in enumerate(spread):
        levels[offset + k] += p * q


@dataclass(frozen=True)
class AttackSetup:
    """The numbers of one attack that the odds depend on, besides the DV.

    ``attack_dice`` after every internal penalty; ``automatic_successes`` (Accuracy,
    Willpower, stunt, charms); the damage side as raw numbers before soak.
    """

    title: str
    attack_dice: int
    automatic_successes: int = 0
    external_penalty: int = 0
    target: int = 7
    double_tens: bool = True
    strength_dice: int = 0
    weapon_levels: int = 0
    hardness: int = 0
    soak: int = 0
    extra: bool = False

    def odds(self, dv: int) -> Odds:
        """The engine's odds of this attack against ``dv``."""
        damage = damage_level_distribution(
            self.attack_dice,
            self.automatic_successes,
            dv,
            strength_dice=self.strength_dice,
            weapon_levels=self.weapon_levels,
            hardness=self.hardness,
            soak=self.soak,
            extra=self.extra,
            external_penalty=self.external_penalty,
            target=self.target,
            double_tens=self.double_tens,
        )
        hit = damage.hit
        return Odds(self.title, hit.dv, hit.successes, hit.chance_to_hit, damage.given_hit)
