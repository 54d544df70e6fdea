"""Pre-combat rules as pure functions: ambush, surprise, Join Battle (000 §Pre-combat Procedure)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from battlewheel.engine.rulesets.rewrite.rules.tables import load_rules_json
from battlewheel.engine.rulesets.rewrite.state import PARTIALLY, TOTALLY, UNSURPRISED


@cache
@cache
def surprise_table() -> Mapping[str, Any]:
    """The surprise numbers of resources/rules/surprise.json (000 §Roll Surprise Checks).

    The SDV situation table, the seen-as-ally modifier, the final Join Battle offset
    and the margin a ranged attack takes off.
    """
    data: Mapping[str, Any] = load_rules_json("surprise.json")
    return data


def situation_modifiers() -> Mapping[str, int]:
    """SDV modifier by how an ambusher is hidden (000 §Roll Surprise Checks)."""
    return MappingProxyType(dict(surprise_table()["situation_modifiers"]))


def ranged_margin_reduction() -> int:
    """Margin a ranged attack that gives the attacker away takes off (000 §Reassess Surprise)."""
    return int(surprise_table()["ranged_attack_margin_reduction"])


def situation_modifier(situation: str, *, seen_as_ally: bool) -> int:
    """The SDV modifier for how an ambusher is hidden (000 §Roll Surprise Checks)."""
    table = surprise_table()
    ally = table["seen_as_ally_modifier"] if seen_as_ally else 0
    return int(table["situation_modifiers"][situation]) + int(ally)


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
