"""Exact odds checked against brute-force enumeration, and the small rules (seed 001)."""

from __future__ import annotations

import itertools

import pytest

from battlewheel.engine.core.dice import successes
from battlewheel.engine.rulesets.impulse.odds import (
    contest_odds,
    decisive_odds,
    hit_odds,
    manoeuvre_odds,
)
from battlewheel.engine.rulesets.impulse.rules import (
    band_of_hexes,
    beats,
    change_cost,
    damage_pool,
    lowered,
    speed,
)


def _enumerate(dice: int) -> list[int]:
    return [successes(faces) for faces in itertools.product(range(1, 11), repeat=dice)]


def test_hit_odds_match_enumeration() -> None:
    """004 dice, 001 beat rule: P(successes > 2) for 3 dice, counted face by face."""
    counts = _enumerate(3)
    expected = sum(1 for s in counts if s > 2) / len(counts)
    assert hit_odds(3, 2).chance_to_hit == pytest.approx(expected, abs=1e-12)
    at_least = sum(1 for s in counts if s >= 2) / len(counts)
    assert hit_odds(3, 2, "at_least").chance_to_hit == pytest.approx(at_least, abs=1e-12)


def test_decisive_damage_spread_matches_enumeration() -> None:
    """001 §Decisive Strike: 2 accuracy dice against DV 1, Impulse 1 + Base 0 + threshold."""
    spread: dict[int, float] = {}
    hits = 0.0
    for accuracy in itertools.product(range(1, 11), repeat=2):
        got = successes(accuracy)
        if got <= 1:
            continue
        hits += 1
        pool = 1 + 0 + (got - 1)
        for damage in itertools.product(range(1, 11), repeat=pool):
            spread[successes(damage)] = spread.get(successes(damage), 0.0) + 10.0**-pool
    odds = decisive_odds(2, 1, 1, 0)
    assert odds.hit.chance_to_hit == pytest.approx(hits / 100, abs=1e-12)
    for count, weight in spread.items():
        assert odds.endurance_loss[count] == pytest.approx(weight / hits, abs=1e-12)
    assert sum(odds.endurance_loss) == pytest.approx(1.0)


def test_manoeuvre_and_contest_odds() -> None:
    """A 0-dice manoeuvre gains nothing; 10 dice almost surely beat difficulty 0."""
    assert manoeuvre_odds(0).impulse_gain == (1.0,)
    assert manoeuvre_odds(10, 0).chance_effect == pytest.approx(1 - 0.6**10)
    assert contest_odds(1, 0) == pytest.approx(0.4)


def test_small_rules() -> None:
    """001: beat rule, damage pool, Change Initiative cost, Intimidate floor, Speed, hex bands."""
    assert beats(4, 3, "above") and not beats(3, 3, "above") and beats(3, 3, "at_least")
    assert damage_pool(5, 3, 3) == 11
    assert change_cost(7, 12) == 5 and change_cost(12, 7) == 0
    assert lowered(2, 3, 0) == 0 and lowered(-1, 3, 0) == -1 and lowered(5, 3, -2) == 2
    assert speed(5, "down") == 5 and speed(5, "up") == 6
    assert [band_of_hexes(h) for h in (0, 1, 2, 5, 6, 15, 16, 30, 31)] == [
        0,
        0,
        1,
        1,
        2,
        2,
        3,
        3,
        4,
    ]
