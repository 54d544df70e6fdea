"""Custom dice beyond the d10: a d12, a d20 or a d100 under the ``dice`` ruling
(rules/pool-and-ward.md §4), through the option's bounds, the roll, the odds and a log."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import DiceEntryError, IllegalAction
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward import Attack, PoolWardOptions
from battlewheel.engine.rulesets.poolward.odds import success_odds
from battlewheel.engine.rulesets.poolward.rules.rolls import read_roll

from .helpers import fight, person


def custom(sides: int, target: int) -> PoolWardOptions:
    return PoolWardOptions(dice="custom", custom_sides=sides, custom_target=target)


@pytest.mark.parametrize(("sides", "target"), [(12, 12), (20, 15), (100, 91), (100, 1)])
def test_the_common_larger_dice_are_allowed(sides: int, target: int) -> None:
    """A d12, a d20 and a d100 are custom dice, with any target among their faces."""
    options = custom(sides, target)
    assert (options.custom_sides, options.custom_target) == (sides, target)


@pytest.mark.parametrize(("sides", "target"), [(101, 7), (1, 1), (20, 21), (12, 0)])
def test_a_die_past_100_sides_or_a_target_off_the_die_is_refused(sides: int,
                                                                  target: int) -> None:
    """Sides 2-100, and the target one of the die's faces."""
    with pytest.raises(ValueError, match="custom_"):
        custom(sides, target)


def test_a_d20_at_15_counts_15_and_up_once() -> None:
    """Faces 20, 15, 14 and 3 of a d20 at 15+: two successes, the 20 once."""
    roll = read_roll(DiceEntry.of_faces((20, 15, 14, 3), sides=20), 4, custom(20, 15))
    assert roll.successes == 2 and not roll.botch


def test_a_d100_reads_percentile_faces() -> None:
    """A d100 at 91+: 100 and 91 succeed, 90 does not."""
    roll = read_roll(DiceEntry.of_faces((100, 91, 90), sides=100), 3, custom(100, 91))
    assert roll.successes == 2


def test_a_face_the_die_does_not_have_is_refused() -> None:
    """A d20's 13 is no face of the ruling's d12; a d20 entry cannot hold a 21."""
    with pytest.raises(IllegalAction, match="a d12 has no face 13"):
        read_roll(DiceEntry.of_faces((13, 2), sides=20), 2, custom(12, 8))
    with pytest.raises(DiceEntryError, match="a d20 face must be a whole number 1-20"):
        DiceEntry.of_faces((21,), sides=20)


def test_odds_of_larger_dice_are_exact() -> None:
    """One d20 at 15+ hits 6 times in 20; three d12 at 12 all miss (11/12)^3 of the time."""
    assert success_odds(1, custom(20, 15)) == (Fraction(14, 20), Fraction(6, 20))
    three = success_odds(3, custom(12, 12))
    assert three[0] == Fraction(11, 12) ** 3 and sum(three) == 1 and len(three) == 4


def test_a_d20_attack_is_logged_and_replays() -> None:
    """Under a d20 at 15+ ruling, a 9-dice sword rolls 20, 15 and seven low faces: 2
    damage to a target with no defence; the log's entry keeps its die, and a replay of
    the saved log rebuilds the same state."""
    session = fight(("a", person("Ann"), "ally"), ("b", person("Bo"), "enemy"),
                    options=custom(20, 15))
    rolled = DiceEntry.of_faces((20, 15, 14, 1, 2, 3, 4, 5, 6), sides=20)
    session.apply(Attack("a", "b", "Sword", dice=rolled))
    assert session.state.fighters["b"].health == 3 - 2
    saved = json.loads(json.dumps(session.to_json()))
    assert '"sides": 20' in json.dumps(saved)
    replayed = CombatSession.from_json(saved)
    assert replayed.state.fighters["b"].health == session.state.fighters["b"].health
