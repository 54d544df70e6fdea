"""Exact odds for the odds dock: chance to hit and the spread of damage levels."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.rulesets.rewrite.odds import damage_level_distribution, hit_chances
from battlewheel.engine.rulesets.rewrite.rules.attack import (
    AttackDeclaration,
    AttackDice,
    Attacker,
    DefenceDeclaration,
    Target,
    resolve_attack,
)
from battlewheel.engine.rulesets.rewrite.rules.damage import damage_roll_levels
from battlewheel.engine.rulesets.rewrite.rules.equipment import DamageType, Weapon


def test_one_die_against_dv_zero_hits_four_times_in_ten() -> None:
    """One die: 7, 8, 9 give one success, 10 gives two; any success beats DV 0."""
    odds = hit_chances(1, 0, 0)
    assert odds.chance_to_hit == pytest.approx(0.4)
    assert odds.successes == pytest.approx((0.6, 0.3, 0.1))
    assert odds.excess == pytest.approx((0.6, 0.3, 0.1))


def test_two_dice_against_dv_one() -> None:
    """Need 2+: P(0) = 0.36, P(1) = 2 x 0.3 x 0.6 = 0.36, so P(hit) = 0.28."""
    assert hit_chances(2, 0, 1).chance_to_hit == pytest.approx(0.28)


def test_automatic_successes_shift_and_external_penalties_cut() -> None:
    """No dice and 2 automatic successes hit DV 1 by exactly 1; a -2 penalty makes it a miss."""
    odds = hit_chances(0, 2, 1)
    assert odds.chance_to_hit == 1.0 and odds.excess == pytest.approx((0.0, 1.0))
    assert hit_chances(0, 2, 1, external_penalty=2).chance_to_hit == 0.0


def test_empty_pool_without_automatic_successes_never_hits() -> None:
    """A pool of 0 or less with nothing automatic fails outright, even against DV 0."""
    assert hit_chances(0, 0, 0).chance_to_hit == 0.0
    assert hit_chances(-3, 0, 0).successes == (1.0,)


def test_damage_spread_of_one_die_hits_worked_by_hand() -> None:
    """1 die vs DV 0, no Strength: excess 1 (p .3) rolls 1 die, excess 2 (p .1) rolls 2.

    Given a hit: P(0) = .75 x .6 + .25 x .36 = .54, P(1) = .75 x .4 + .25 x .48 = .42,
    P(2) = .25 x .16 = .04.
    """
    odds = damage_level_distribution(1, 0, 0)
    assert odds.given_hit == pytest.approx((0.54, 0.42, 0.04))
    assert odds.expected_levels == pytest.approx(0.50)


def test_against_an_extra_every_die_is_a_level() -> None:
    """Same attack against an extra: 1 level with .75, 2 with .25."""
    odds = damage_level_distribution(1, 0, 0, extra=True)
    assert odds.given_hit == pytest.approx((0.0, 0.75, 0.25))


def test_hardness_stops_small_hits() -> None:
    """Strength 1 and hardness 3: excess 1 gives 2 < 3 and is stopped (.75 of hits)."""
    odds = damage_level_distribution(1, 0, 0, strength_dice=1, hardness=3)
    assert odds.chance_failed_hardness == pytest.approx(0.75)


def test_soak_takes_levels_before_dice() -> None:
    """Weapon 2 levels, soak 3, certain excess 1 (1 automatic success): 0 levels, 1 - 1 = 0 dice."""
    odds = damage_level_distribution(0, 1, 0, weapon_levels=2, soak=3)
    assert odds.given_hit == pytest.approx((1.0,))
    odds = damage_level_distribution(0, 1, 0, weapon_levels=2, soak=1)
    assert odds.given_hit == pytest.approx((0.0, 0.6, 0.4))


def test_no_chance_to_hit_gives_an_empty_spread() -> None:
    """When nothing can hit, the spread is all at 0 levels."""
    assert damage_level_distribution(0, 0, 3).given_hit == (1.0,)


def _enumerated_levels(dv: int, soak: int) -> dict[int, Fraction]:
    """Every face of a 2-die attack and of its damage roll, through the engine's attack."""
    weapon = Weapon("Stick", "brawl", speed=5, accuracy=0, damage=0, damage_type=DamageType.BASHING)
    declaration = AttackDeclaration(Attacker(dexterity=1, ability=1, strength=1), weapon)
    defence = DefenceDeclaration("dodge", dv)
    counts: dict[int, Fraction] = {}
    for faces in itertools.product(range(1, 11), repeat=2):
        outcome = resolve_attack(
            declaration, defence, Target(stamina=soak), AttackDice(DiceEntry.of_faces(faces))
        )
        if not outcome.hit:
            continue
        for roll in itertools.product(range(1, 11), repeat=outcome.dice):
            levels = damage_roll_levels(outcome.dice, DiceEntry.of_faces(roll)) + outcome.levels
            weight = Fraction(1, 100 * 10**outcome.dice)
            counts[levels] = counts.get(levels, Fraction(0)) + weight
    return counts


def test_damage_spread_matches_enumerating_every_face() -> None:
    """Two dice vs DV 1, Strength 1, soak 1: the exact spread equals full enumeration."""
    counts = _enumerated_levels(dv=1, soak=1)
    hit = sum(counts.values())
    odds = damage_level_distribution(2, 0, 1, strength_dice=1, soak=1)
    assert odds.hit.chance_to_hit == pytest.approx(float(hit), abs=1e-12)
    expected = [float(counts.get(k, 0) / hit) for k in range(len(odds.given_hit))]
    assert odds.given_hit == pytest.approx(expected, abs=1e-12)


@given(st.integers(0, 15), st.integers(0, 5), st.integers(0, 12))
def test_more_dv_never_raises_the_chance_to_hit(dice: int, auto: int, dv: int) -> None:
    """Raising the DV by one never makes a hit more likely."""
    assert (
        hit_chances(dice, auto, dv + 1).chance_to_hit <= hit_chances(dice, auto, dv).chance_to_hit
    )


@given(
    st.integers(0, 12),
    st.integers(0, 4),
    st.integers(0, 8),
    st.integers(0, 6),
    st.integers(0, 6),
    st.integers(0, 8),
    st.booleans(),
)
def test_distributions_sum_to_one(
    dice: int, auto: int, dv: int, strength: int, levels: int, soak: int, extra: bool
) -> None:
    """Successes, excess and the level spread each sum to 1."""
    odds = damage_level_distribution(
        dice, auto, dv, strength_dice=strength, weapon_levels=levels, soak=soak, extra=extra
    )
    assert sum(odds.hit.successes) == pytest.approx(1.0)
    assert sum(odds.hit.excess) == pytest.approx(1.0)
    assert sum(odds.given_hit) == pytest.approx(1.0)


def test_ping_tops_a_soaked_hit_up_with_bashing_dice() -> None:
    """A certain excess 1 fully soaked (0 dice, 0 levels) with ping 2 rolls 2 dice.

    Two dice: P(0) = .36, P(1) = .48, P(2) = .16.
    """
    soaked = damage_level_distribution(0, 1, 0, soak=1)
    assert soaked.given_hit == pytest.approx((1.0,))
    pinged = damage_level_distribution(0, 1, 0, soak=1, ping=2)
    assert pinged.given_hit == pytest.approx((0.36, 0.48, 0.16))


def test_ping_adds_nothing_when_the_hit_already_reaches_it() -> None:
    """Excess 1 + Strength 2 unsoaked is 3 dice: ping 2 changes nothing."""
    plain = damage_level_distribution(0, 1, 0, strength_dice=2)
    assert damage_level_distribution(0, 1, 0, strength_dice=2, ping=2) == plain
