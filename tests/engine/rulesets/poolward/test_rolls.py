"""Rolls under the dice ruling: d10 at 7+ by default, 004 in full, a custom die, typed only."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.poolward import Attack, PoolWardOptions
from battlewheel.engine.rulesets.poolward.rules.rolls import read_roll

from .helpers import faces, fight, person, typed

DEFAULT = PoolWardOptions()


def test_the_default_die_counts_seven_and_up_once_and_never_botches() -> None:
    """d10, 7+ one success, a 10 once, no botch (rules/pool-and-ward.md §4, dice)."""
    assert read_roll(faces(10, 7, 6, 1), 4, DEFAULT).successes == 2
    assert not read_roll(faces(1, 1, 2, 3), 4, DEFAULT).botch


def test_004_in_full_doubles_tens_and_botches() -> None:
    """Ruling dice 004: a 10 counts twice; no success and a 1 is a botch."""
    options = PoolWardOptions(dice="004")
    assert read_roll(faces(10, 7, 6, 1), 4, options).successes == 3
    assert read_roll(faces(1, 2, 3), 3, options).botch


def test_a_custom_die_and_target() -> None:
    """Ruling dice custom: a d6 at 5+; a 7 cannot show on it."""
    options = PoolWardOptions(dice="custom", custom_sides=6, custom_target=5)
    assert read_roll(faces(6, 5, 4), 3, options).successes == 2
    with pytest.raises(IllegalAction, match="no face 7"):
        read_roll(faces(7, 1, 1), 3, options)


def test_a_custom_target_above_the_sides_is_refused() -> None:
    """The target must be a face of the die."""
    with pytest.raises(ValueError, match="custom_target"):
        PoolWardOptions(dice="custom", custom_sides=6, custom_target=8)


def test_typed_successes_are_always_allowed_and_only_them_under_typed() -> None:
    """Typed counts up to the pool; under the typed ruling faces are refused."""
    assert read_roll(typed(3), 3, DEFAULT).successes == 3
    with pytest.raises(IllegalAction, match="at most 3"):
        read_roll(typed(4), 3, DEFAULT)
    assert read_roll(typed(6), 3, PoolWardOptions(dice="004")).successes == 6
    with pytest.raises(IllegalAction, match="types successes"):
        read_roll(faces(7, 7), 2, PoolWardOptions(dice="typed"))


def test_the_faces_must_match_the_pool() -> None:
    """Three faces for a pool of four are refused; a pool needs its roll."""
    with pytest.raises(IllegalAction, match="3 faces given for a pool of 4"):
        read_roll(faces(7, 7, 7), 4, DEFAULT)
    with pytest.raises(IllegalAction, match="needs its roll"):
        read_roll(None, 4, DEFAULT)


def test_a_004_botch_is_named_in_the_log_and_changes_nothing_else() -> None:
    """Under dice 004 a roll of no successes with a 1 is logged as a botch; no damage."""
    session = fight(("a", person("A"), "ally"), ("b", person("B"), "enemy"),
                    options=PoolWardOptions(dice="004"))
    session.apply(Attack("a", "b", "Sword", dice=faces(1, 2, 3, 4, 5, 6, 2, 3, 4)))
    assert session.log[-1].sentence.endswith("no successes (a botch), no damage.")
    assert session.state.fighters["b"].health == 3
