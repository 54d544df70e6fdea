"""Property tests of the dice layer: exact odds against enumeration, entries against pools."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlewheel.engine.core.dice import (
    DiceEntry,
    SeededDice,
    effective_pool,
    is_botch,
    max_successes,
    roll,
    success_distribution,
    successes,
)

faces_lists = st.lists(st.integers(1, 10), max_size=12)
targets = st.integers(1, 10)


@pytest.mark.parametrize("dice", range(5))
@pytest.mark.parametrize("double_tens", [True, False])
@pytest.mark.parametrize("target", [1, 4, 7, 10])
def test_distribution_matches_enumerating_every_roll(
    dice: int, double_tens: bool, target: int
) -> None:
    """For pools up to 4 dice, every one of the 10^n rolls counted gives the same odds."""
    counts: Counter[int] = Counter(
        successes(faces, target=target, double_tens=double_tens)
        for faces in itertools.product(range(1, 11), repeat=dice)
    )
    expected = [float(Fraction(counts[k], 10**dice)) for k in range(max(counts) + 1)]
    odds = success_distribution(dice, target=target, double_tens=double_tens)
    assert odds[: len(expected)] == pytest.approx(expected, abs=1e-15)
    assert all(p == 0 for p in odds[len(expected) :])
    assert len(odds) == max_successes(dice, double_tens=double_tens) + 1


@given(st.integers(0, 100), targets, st.booleans())
def test_distribution_sums_to_one(dice: int, target: int, double_tens: bool) -> None:
    """Every pool up to 100 dice has probabilities summing to 1 within 1e-12."""
    odds = success_distribution(dice, target=target, double_tens=double_tens)
    assert abs(sum(odds) - 1.0) < 1e-12
    assert all(p >= 0 for p in odds)


@given(st.integers(0, 100))
def test_mean_successes_is_half_a_success_per_die(dice: int) -> None:
    """At target 7 with double 10s each die averages 0.3 + 2 * 0.1 = 0.5 successes."""
    odds = success_distribution(dice)
    mean = sum(k * p for k, p in enumerate(odds))
    assert mean == pytest.approx(dice / 2, abs=1e-9)


@given(faces_lists, targets, st.booleans())
def test_successes_stay_within_what_the_pool_can_give(
    faces: list[int], target: int, double_tens: bool
) -> None:
    """No roll shows more than the pool's maximum or fewer than 0 successes."""
    count = successes(faces, target=target, double_tens=double_tens)
    assert 0 <= count <= max_successes(len(faces), double_tens=double_tens)


@given(faces_lists)
def test_a_botch_always_has_zero_successes_and_a_one(faces: list[int]) -> None:
    """Whenever faces botch, they show no success and at least one 1, and the reverse."""
    assert is_botch(faces) == (successes(faces) == 0 and 1 in faces)


@given(faces_lists, st.integers(0, 3), st.integers(0, 3))
def test_a_roll_of_typed_faces_agrees_with_its_success_count(
    faces: list[int], automatic: int, external: int
) -> None:
    """A roll from faces counts the same successes as typing that count."""
    by_faces = roll(len(faces), DiceEntry.of_faces(faces), automatic_successes=automatic)
    by_count = roll(len(faces), DiceEntry.of_successes(successes(faces)))
    assert by_faces.rolled_successes == by_count.rolled_successes
    assert by_faces.successes == by_faces.rolled_successes + automatic
    assert roll(len(faces), DiceEntry.of_faces(faces), external_penalty=external).net_successes >= 0


@given(st.integers(0, 2**32), st.integers(0, 30))
def test_seeded_faces_always_make_a_valid_roll(seed: int, dice: int) -> None:
    """Faces from a seeded source always fit their pool."""
    entry = SeededDice(seed).entry(dice)
    assert roll(dice, entry).dice == dice


@given(
    st.integers(0, 15),
    st.integers(1, 10),
    st.integers(0, 3),
    st.integers(0, 6),
    st.integers(0, 4),
    st.integers(0, 4),
)
def test_the_pool_never_exceeds_the_base_pool_plus_bonuses(
    base: int, essence: int, bonus: int, penalty: int, wound: int, multi: int
) -> None:
    """The Essence minimum never adds dice beyond the unmodified pool and the bonuses."""
    pool = effective_pool(
        base,
        essence=essence,
        bonus_dice=bonus,
        penalty_dice=penalty,
        wound_penalty=wound,
        multiple_action_penalty=multi,
    )
    plain = base + bonus - penalty - wound - multi
    assert plain <= pool <= max(plain, base)
