"""The wheel as a view of absolute ticks (RULES.md §The wheel; 000 §Set Up the Battlewheel)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from battlewheel.engine.rulesets.rewrite.wheel import (
    drop_tick,
    join_battle_offset,
    laps_ahead,
    late_join_tick,
    segment_of,
)


def test_a_tick_shows_on_its_segment_modulo_the_segment_count() -> None:
    """On a 7-segment wheel tick 9 shows on segment 2 and tick 14 on segment 0."""
    assert segment_of(9, 7) == 2
    assert segment_of(14, 7) == 0


def test_a_counter_within_one_lap_has_no_lap_marker() -> None:
    """Current tick 3: ticks 4 to 9 show no lap; tick 10 (Speed 7) shows one, tick 17 two."""
    assert [laps_ahead(t, 3, 7) for t in (3, 4, 9)] == [0, 0, 0]
    assert laps_ahead(10, 3, 7) == 1
    assert laps_ahead(17, 3, 7) == 2


def test_dropping_on_a_segment_goes_to_the_first_later_tick_on_it() -> None:
    """Current tick 9 (segment 2): segment 5 is tick 12, segment 0 is tick 14."""
    assert drop_tick(5, 9, 7) == 12
    assert drop_tick(0, 9, 7) == 14


def test_dropping_on_the_active_segment_keeps_the_current_tick() -> None:
    """Current tick 9 is on segment 2, so a drop on segment 2 means tick 9 itself."""
    assert drop_tick(2, 9, 7) == 9


@given(st.integers(0, 6), st.integers(0, 500))
def test_a_dropped_counter_lands_on_its_segment_within_one_lap(segment: int, current: int) -> None:
    """Whatever the tick, the drop shows on the chosen segment and less than a lap ahead."""
    tick = drop_tick(segment, current, 7)
    assert segment_of(tick, 7) == segment
    assert current <= tick < current + 7


def test_join_battle_offset_is_the_shortfall_from_the_reaction_count() -> None:
    """Reaction Count 4: 4 successes go on the first segment, 2 successes two further."""
    assert join_battle_offset(4, 4, botch=False) == 0
    assert join_battle_offset(2, 4, botch=False) == 2


def test_join_battle_offset_is_capped_at_the_final_segment() -> None:
    """Eight short of the Reaction Count lands with the rest on offset 6."""
    assert join_battle_offset(1, 9, botch=False) == 6


def test_a_botched_join_battle_goes_to_the_final_segment() -> None:
    """A botch lands on offset 6 even when the Reaction Count is only 1."""
    assert join_battle_offset(0, 1, botch=True) == 6


def test_a_successful_late_join_battle_lands_on_the_next_segment() -> None:
    """Active tick 10, Reaction Count 3, 3 successes: tick 11."""
    assert late_join_tick(3, 3, 10, cap="from_active_tick") == 11


def test_a_failed_late_join_battle_lands_one_further_per_success_short() -> None:
    """Active tick 10, Reaction Count 4, 1 success (3 short): tick 14."""
    assert late_join_tick(1, 4, 10, cap="from_active_tick") == 14


def test_the_late_join_cap_option_chooses_where_six_segments_count_from() -> None:
    """Ten short at active tick 10: tick 16 by default, tick 17 counting from the next segment."""
    assert late_join_tick(0, 10, 10, cap="from_active_tick") == 16
    assert late_join_tick(0, 10, 10, cap="from_next_segment") == 17
