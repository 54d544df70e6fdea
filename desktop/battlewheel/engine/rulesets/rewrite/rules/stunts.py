"""Stunts: bonus dice, DV bonuses and the reward of motes or Willpower (004 §Stunts).

A stunt is rated 1-3. Magical beings get the full rating in dice (on a DV, added
directly) and a reward of 2 motes per rating or, for a 2- or 3-die stunt, one
Willpower instead. Mortals of every sort get one category less; a mortal without an
Essence pool gains no motes at all and regains Willpower only from a three-die stunt.
Only the best stunt of an action is rewarded, when the character's DV refreshes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite.rules.traits import CharacterKind

RULE = "004 §Stunts"
MORTAL_RULE = "004 §Mortals, NPCs, Extras, and Stunts"
MORTAL_KINDS = frozenset({CharacterKind.MORTAL, CharacterKind.HEROIC_MORTAL, CharacterKind.EXTRA})
REWARDS = ("motes", "willpower")


def check_rating(rating: int) -> None:
    """Refuse a stunt rating outside 0-3 (0 = no stunt) (004 §Stunts)."""
    if isinstance(rating, bool) or not isinstance(rating, int) or not 0 <= rating <= 3:
        raise IllegalAction(RULE, f"a stunt is rated 0-3 dice, got {rating!r}")


def effective_rating(rating: int, kind: CharacterKind) -> int:
    """The rating that counts: mortals drop one category (004 §Mortals, NPCs, Extras)."""
    check_rating(rating)
    return max(0, rating - 1) if kind in MORTAL_KINDS else rating


def stunt_dice(rating: int, kind: CharacterKind) -> int:
    """Bonus dice a stunt adds to a roll (004 §Stunts)."""
    return effective_rating(rating, kind)


def stunt_dv_bonus(rating: int, kind: CharacterKind) -> int:
    """Points a stunt adds straight to a DV, with no halving (004 §Stunts)."""
    return effective_rating(rating, kind)


@dataclass(frozen=True)
class StuntReward:
    """Motes and Willpower a stunt earns (004 §Stunts); ``rating`` is the stunt as rated."""

    rating: int
    motes: int = 0
    willpower: int = 0


def stunt_reward(
    rating: int, kind: CharacterKind, *, choice: str = "motes", has_essence_pool: bool | None = None
) -> StuntReward:
    """The reward of one stunt: 2 motes per rating, or 1 Willpower for 2-3 dice (004 §Stunts).

    Mortals get one category less; without an Essence pool (``has_essence_pool``,
    default: not for mortal kinds) they gain no motes and take 1 Willpower from a
    three-die stunt. ``choice`` is ``"motes"`` or ``"willpower"``.
    """
    if choice not in REWARDS:
        raise IllegalAction(RULE, f"a stunt reward is motes or willpower, got {choice!r}")
    mortal = kind in MORTAL_KINDS
    pool = not mortal if has_essence_pool is None else has_essence_pool
    counted = effective_rating(rating, kind)
    if mortal and not pool:
        return StuntReward(rating, willpower=1 if rating == 3 else 0)
    if choice == "willpower" and counted >= 2:
        return StuntReward(rating, willpower=1)
    return StuntReward(rating, motes=2 * counted)


def best_reward(rewards: Iterable[StuntReward]) -> StuntReward:
    """One reward per action: the highest-rated stunt's (004 §Multiple Stunts)."""
    best = StuntReward(0)
    for reward in rewards:
        if reward.rating > best.rating:
            best = reward
    return best
