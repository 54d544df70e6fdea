"""The odds dock's numbers are exact: checked against every face (003 §Resolution Steps)."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction

import pytest

from battlewheel.engine.core.dice import successes
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.odds import (
    attack_odds,
    decisive_odds,
    gambit_odds,
    withering_odds,
)

from .helpers import fight, fighter, typed

FACES = range(1, 11)


def _all(dice: int) -> list[tuple[int, ...]]:
    return list(itertools.product(FACES, repeat=dice))


def _brute_withering(attack: int, defence: int, strength: int, damage: int, soak: int,
                     minimum: int) -> tuple[Fraction, dict[int, Fraction]]:
    hits = Fraction(0)
    spread: Counter[int] = Counter()
    total = Fraction(1, 10**attack)
    for faces in _all(attack):
        got = successes(faces)
        if got < defence:
            continue
        hits += total
        pool = r.withering_pool(strength, damage, got - defence, soak, minimum)
        each = total / 10**pool
        for roll in _all(pool):
            spread[successes(roll)] += each
    return hits, {k: v / hits for k, v in spread.items()}


@pytest.mark.parametrize(("attack", "defence", "soak"), [(2, 1, 10), (2, 2, 11), (1, 0, 12)])
def test_withering_odds_match_enumeration(attack: int, defence: int, soak: int) -> None:
    """Chance to hit and P(X Initiative damage | hit), with double 10s on both rolls."""
    odds = withering_odds(attack, defence, strength=3, weapon_damage=7, soak=soak, minimum=1)
    hit, spread = _brute_withering(attack, defence, 3, 7, soak, 1)
    assert odds.chance_to_hit == pytest.approx(float(hit))
    for k, p in spread.items():
        assert odds.damage[k] == pytest.approx(float(p))
    assert sum(odds.damage) == pytest.approx(1.0)


def test_decisive_odds_roll_initiative_without_double_tens_and_stop_at_hardness() -> None:
    """3 Initiative dice: P(3 levels) = 0.4³; Hardness 3 stops them: 0 levels for sure."""
    odds = decisive_odds(6, 3, initiative=3, hardness=0)
    assert odds.damage[3] == pytest.approx(0.4**3)
    assert len(odds.damage) == 4  # no double 10s: at most 3 levels
    stopped = decisive_odds(6, 3, initiative=3, hardness=3)
    assert stopped.damage == (1.0,)


def test_gambit_odds_need_a_hit_and_the_difficulty() -> None:
    """A sure hit (Defence 0) and 2 Initiative dice against difficulty 2: 0.4²."""
    assert gambit_odds(1, 0, initiative=2, difficulty=2) == pytest.approx(0.16)


def test_the_odds_of_a_planned_attack_use_its_pool_defence_and_soak() -> None:
    """The hand-worked withering case: 8 dice against Defence 3, Str 3 + 7 against soak 2."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 5))
    action = a.Attack("a", "b", "withering", "Sword", typed(0))
    direct = withering_odds(8, 3, strength=3, weapon_damage=7, soak=2, minimum=1)
    assert attack_odds(session.state, action) == direct
    hit = attack_odds(session.state, dataclasses.replace(action, mode="decisive"))
    assert len(hit.damage) == 10  # 9 Initiative dice, no double 10s
