"""Exact odds: the chance to hit and each damage total, checked against counting every roll."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from battlewheel.engine.rulesets.poolward import (
    Attack,
    PoolWardOptions,
    attack_odds,
    preview_attack,
)
from battlewheel.engine.rulesets.poolward.odds import success_odds

from .helpers import city_guard, fight, mar


def _brute(dice: int, sides: int, target: int, double_top: bool) -> list[Fraction]:
    counts: dict[int, int] = {}
    for roll in itertools.product(range(1, sides + 1), repeat=dice):
        hits = sum(1 for face in roll if face >= target) + (
            roll.count(sides) if double_top else 0)
        counts[hits] = counts.get(hits, 0) + 1
    total = sides**dice
    return [Fraction(counts.get(k, 0), total) for k in range(max(counts) + 1)]


@pytest.mark.parametrize(
    ("options", "die"),
    [
        (PoolWardOptions(), (10, 7, False)),
        (PoolWardOptions(dice="004"), (10, 7, True)),
        (PoolWardOptions(dice="custom", custom_sides=6, custom_target=5), (6, 5, False)),
    ],
)
def test_success_odds_equal_counting_every_roll(options: PoolWardOptions,
                                                die: tuple[int, int, bool]) -> None:
    """For pools of 0 to 4 the convolution gives exactly the enumerated chances."""
    for dice in range(5):
        odds = list(success_odds(dice, options))
        while len(odds) > 1 and odds[-1] == 0:
            odds.pop()
        assert odds == _brute(dice, *die) if dice else odds == [1]


def test_mars_seven_dice_hit_the_guard_with_one_minus_point_six_to_the_seventh() -> None:
    """7 dice at 7+: the chance of at least one success is 1 - 0.6^7; damage sums to 1."""
    session = fight(("mar", mar(), "ally"), ("guard", city_guard(), "enemy"))
    preview = preview_attack(session.state, Attack("mar", "guard", "Longsword"))
    odds = attack_odds(preview, session.state.options)
    assert odds.dice == 7
    assert odds.hit == pytest.approx(1 - 0.6**7, abs=1e-15)
    assert sum(odds.damage) == pytest.approx(1.0)
    assert odds.expected_damage == pytest.approx(7 * 0.4)


def test_ward_and_mortal_shift_the_damage_past_ward() -> None:
    """Mortal doubles every total; Ward 3 takes the first 3 points of it."""
    session = fight(("mar", mar(), "ally"), ("guard", city_guard(), "enemy"))
    preview = preview_attack(session.state, Attack("mar", "guard", "Longsword"))
    odds = attack_odds(preview, session.state.options, ward=3, mortal=True)
    assert len(odds.damage) == 15 and odds.damage[1] == 0
    plain = attack_odds(preview, session.state.options)
    assert odds.damage[6] == pytest.approx(plain.damage[3])
    assert odds.past_ward[0] == pytest.approx(plain.damage[0] + plain.damage[1])
    assert odds.past_ward[3] == pytest.approx(plain.damage[3])


def test_a_pool_of_nothing_never_hits() -> None:
    """Pool ≤ 0: no roll, chance to hit 0."""
    session = fight(("mar", mar(), "ally"), ("guard", city_guard(), "enemy"))
    preview = preview_attack(session.state, Attack("mar", "guard", "Longsword", extra_dice=-9))
    odds = attack_odds(preview, session.state.options)
    assert (odds.dice, odds.hit, odds.damage) == (0, 0.0, (1.0,))
