"""Reading a roll under the dice ruling: how many successes a dice entry shows.

Seed 002 counts successes but never names its die (rules/pool-and-ward.md §4, option
``dice``). Every roll is a core ``DiceEntry``: faces a seeded source rolled, or faces or
a success count the GM typed. A typed count is always accepted; faces only when the
ruling says what a face means.
"""

from __future__ import annotations

from dataclasses import dataclass

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.poolward.options import (
    DICE_004,
    DICE_CUSTOM,
    DICE_TYPED,
    PoolWardOptions,
)

DICE_RULE = "002 §Attack Roll Dice Pools"
D10_TARGET = 7


@dataclass(frozen=True)
class RollResult:
    """The successes a roll showed and whether it botched (only 004 dice botch)."""

    successes: int
    botch: bool = False


def die_of(options: PoolWardOptions) -> tuple[int, int, bool]:
    """Sides, target and whether a top face counts twice, under the dice ruling."""
    if options.dice == DICE_CUSTOM:
        return options.custom_sides, options.custom_target, False
    return 10, D10_TARGET, options.dice == DICE_004


def most_successes(dice: int, options: PoolWardOptions) -> int:
    """The most successes ``dice`` dice can show under the ruling."""
    doubled = die_of(options)[2]
    return max(dice, 0) * (2 if doubled else 1)


def read_roll(entry: DiceEntry | None, dice: int, options: PoolWardOptions) -> RollResult:
    """Successes of a pool of ``dice`` (002 §Attack Roll Dice Pools, ruling ``dice``).

    A pool of 0 or less is not rolled: it takes no entry, or an empty one.
    """
    if dice <= 0:
        _check_no_roll(entry)
        return RollResult(0)
    if entry is None:
        raise IllegalAction(DICE_RULE, f"a pool of {dice} dice needs its roll")
    if entry.faces is not None:
        return _from_faces(entry.faces, dice, options)
    return _from_count(entry, dice, options)


def _check_no_roll(entry: DiceEntry | None) -> None:
    if entry is None or entry.faces == () or entry.successes == 0:
        return
    raise IllegalAction(DICE_RULE, "a pool of 0 dice or less is not rolled: no successes")


def _from_faces(faces: tuple[int, ...], dice: int, options: PoolWardOptions) -> RollResult:
    if options.dice == DICE_TYPED:
        raise IllegalAction(DICE_RULE, "under the typed dice ruling the GM types successes")
    if len(faces) != dice:
        raise IllegalAction(DICE_RULE, f"{len(faces)} faces given for a pool of {dice} dice")
    sides, target, doubled = die_of(options)
    if max(faces) > sides:
        raise IllegalAction(DICE_RULE, f"a d{sides} has no face {max(faces)}")
    count = sum(1 for face in faces if face >= target)
    if doubled:
        count += faces.count(sides)
    botch = options.dice == DICE_004 and count == 0 and 1 in faces
    return RollResult(count, botch)


def _from_count(entry: DiceEntry, dice: int, options: PoolWardOptions) -> RollResult:
    count = entry.successes or 0
    most = most_successes(dice, options)
    if count > most:
        raise IllegalAction(DICE_RULE, f"{dice} dice show at most {most} successes, not {count}")
    return RollResult(count, entry.botch and options.dice == DICE_004)
