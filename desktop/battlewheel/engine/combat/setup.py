"""Pre-combat rules as pure functions: ambush, surprise, Join Battle (000 §Pre-combat Procedure)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from battlewheel.engine.combat.state import PARTIALLY, TOTALLY, UNSURPRISED

# 000 §Roll Surprise Checks: SDV modifiers by situation, and for an ambusher taken for an ally.
SITUATION_MODIFIERS: Mapping[str, int] = {
    "visible": 2,
    "cover": 0,
    "hard_to_see": -1,
    "invisible": -2,
}
SEEN_AS_ALLY_MODIFIER = -2


def situation_modifier(situation: str, *, seen_as_ally: bool) -> int:
    """The SDV modifier for how an ambusher is hidden (000 §Roll Surprise Checks)."""
    return SITUATION_MODIFIERS[situation] + (SEEN_AS_ALLY_MODIFIER if seen_as_ally else 0)


def margin_of_surprise(stealth_successes: int, sdv: int) -> int:
    """Successes over an SDV; 0 means Aware (000 §Determine Surprise Results)."""
    return max(0, stealth_successes - sdv)


def surprise_state(aware_hostiles: int, hostiles: int, *, alarmed: bool) -> str:
    """Totally, Partially or Unsurprised by hostiles seen (000 §Determine Surprise Results).

    Raising the alarm lifts Total Surprise even with no hostile seen (000 §Raising the Alarm).
    """
    if aware_hostiles >= hostiles:
        return UNSURPRISED
    if aware_hostiles == 0 and not alarmed:
        return TOTALLY
    return PARTIALLY


def reaction_count(successes: Iterable[int]) -> int:
    """The highest Join Battle result (000 §Roll Join Battle)."""
    return max(successes, default=0)


def first_actors(results: Mapping[str, int], count: int) -> tuple[str, ...]:
    """Those whose Join Battle reached the Reaction Count (000 §Roll Join Battle)."""
    return tuple(cid for cid, successes in results.items() if successes >= count)


def reduced_margin(margin: int, reduction: int) -> int:
    """A Margin of Surprise after a reduction; 0 means now Aware (000 §Reassess Surprise)."""
    return max(0, margin - reduction)
