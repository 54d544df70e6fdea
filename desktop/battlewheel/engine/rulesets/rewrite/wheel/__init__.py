"""The battlewheel as a view of absolute ticks (RULES.md §The wheel).

The engine keeps absolute ticks (combat time in seconds); the wheel shows each tick
modulo the segment count, and a counter more than one lap ahead carries a lap count.
"""

from __future__ import annotations

from functools import cache

from battlewheel.engine.rulesets.rewrite.rules.tables import load_rules_json


@cache
def final_offset() -> int:
    """The final Join Battle segment, six past the First Actors (000 §Set Up the Battlewheel).

    Read from resources/rules/surprise.json.
    """
    return int(load_rules_json("surprise.json")["join_battle_final_offset"])


def segment_of(tick: int, segment_count: int) -> int:
    """The wheel segment that shows an absolute tick (000 §Set Up the Battlewheel)."""
    return tick % segment_count


def laps_ahead(tick: int, current_tick: int | None, segment_count: int) -> int:
    """Whole laps a counter lies beyond the tick counter, for the lap marker (RULES.md §The wheel).

    Less than a lap ahead shows 0. A counter a full lap or more ahead (a Speed above
    the segment count - 1, a charm's delay) shows how many laps, so the view never
    confuses it with one on the same segment this lap.
    """
    if current_tick is None or tick <= current_tick:
        return 0
    return (tick - current_tick) // segment_count


def drop_tick(segment: int, current_tick: int | None, segment_count: int) -> int:
    """The absolute tick a counter dropped on a segment moves to (RULES.md §The wheel).

    The first tick after the current one that falls on the segment, or the current
    tick itself when dropped on the active segment. Before the first tick the segment
    number is the tick itself.
    """
    if current_tick is None:
        return segment
    step = (segment - current_tick) % segment_count
    return current_tick + step


def join_battle_offset(successes: int, reaction_count: int, *, botch: bool) -> int:
    """Segments past the First Actors for one Join Battle roll (000 §Set Up the Battlewheel)."""
    if botch:
        return final_offset()
    return min(reaction_count - successes, final_offset())


def late_join_tick(successes: int, reaction_count: int, current_tick: int, *, cap: str) -> int:
    """Where a late Join Battle roll places a counter (000 §Reassess Surprise).

    Success (successes at least the Reaction Count) lands on the next segment; each
    success short moves it one further. ``cap`` is the option ``late_join_cap``: at most
    six past the active tick, or at most six past the next segment.
    """
    short = max(0, reaction_count - successes)
    limit = final_offset() + (0 if cap == "from_active_tick" else 1)
    return current_tick + min(1 + short, limit)
