"""Property tests of health tracks: marking never loses or invents a level.

Precisely: after marking b bashing, l lethal and a aggravated levels, the levels on the
track grow by b + l + a minus the overflow, and the overflow (levels pushed past the
last Dying box) is positive only when the track is dead. Bashing may turn lethal on
the way, but a level is never dropped while a box is free.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from battlewheel.engine.core.health import (
    AGGRAVATED,
    BASHING,
    EMPTY,
    LETHAL,
    HealthOptions,
    HealthTrack,
    apply_levels,
)

extra_levels = st.lists(st.sampled_from((0, 1, 2, 4)), max_size=3)
counts = st.integers(0, 12)


@st.composite
def tracks(draw: st.DrawFn) -> HealthTrack:
    """A track of any Stamina and extra levels, marked by a few random steps."""
    health = HealthTrack.standard(draw(st.integers(1, 6)), draw(extra_levels))
    for _ in range(draw(st.integers(0, 3))):
        health = health.mark(
            draw(st.integers(0, 5)), draw(st.integers(0, 5)), draw(st.integers(0, 3))
        )
    return health


@given(tracks(), counts, counts, counts)
def test_marking_never_loses_or_invents_a_level(
    health: HealthTrack, bashing: int, lethal: int, aggravated: int
) -> None:
    """Levels on the track after marking = before + marked - overflow; overflow only if dead."""
    marked, overflow = health.mark_with_overflow(bashing, lethal, aggravated)
    assert marked.damage == health.damage + bashing + lethal + aggravated - overflow
    assert overflow >= 0
    if overflow:
        assert marked.dead


@given(tracks(), counts, counts, counts)
def test_marking_never_lightens_or_removes_heavier_damage_while_room_remains(
    health: HealthTrack, bashing: int, lethal: int, aggravated: int
) -> None:
    """Aggravated levels only grow; lethal-or-worse levels only grow."""
    marked = health.mark(bashing, lethal, aggravated)
    assert marked.aggravated >= min(health.aggravated + aggravated, marked.size)
    heavy_before = health.lethal + health.aggravated
    assert marked.lethal + marked.aggravated >= min(heavy_before + lethal + aggravated, marked.size)


@given(st.integers(1, 8), extra_levels, counts, counts, counts)
def test_a_fresh_track_dies_exactly_when_the_levels_reach_its_size(
    stamina: int, extra: list[int], bashing: int, lethal: int, aggravated: int
) -> None:
    """On an empty track, dead exactly when b + l + a is at least the number of boxes."""
    health = HealthTrack.standard(stamina, extra)
    marked = health.mark(bashing, lethal, aggravated)
    assert marked.dead == (bashing + lethal + aggravated >= health.size)


@given(tracks())
def test_dead_exactly_when_every_dying_box_is_full(health: HealthTrack) -> None:
    """The dead flag agrees with the Dying boxes, and a dead track has every box full."""
    dying_boxes = health.marks[health.upper_size :]
    assert health.dead == (EMPTY not in dying_boxes)
    if health.dead:
        assert health.damage == health.size


@given(tracks())
def test_no_dying_box_ever_holds_bashing(health: HealthTrack) -> None:
    """Bashing never sits in a Dying box, and damage reaches Dying only below a full track."""
    upper, dying = health.marks[: health.upper_size], health.marks[health.upper_size :]
    assert BASHING not in dying
    if dying.strip(EMPTY):
        assert EMPTY not in upper


@given(tracks())
def test_marks_are_ordered_worst_first(health: HealthTrack) -> None:
    """Above Incapacitated and below it, no lighter mark sits above a heavier one."""
    order = {EMPTY: 0, BASHING: 1, LETHAL: 2, AGGRAVATED: 3}
    for region in (health.marks[: health.upper_size], health.marks[health.upper_size :]):
        severities = [order[mark] for mark in region]
        assert severities == sorted(severities, reverse=True)


@given(tracks(), st.integers(0, 20))
def test_healing_removes_exactly_the_levels_asked_for_while_any_remain(
    health: HealthTrack, levels: int
) -> None:
    """Healing n levels removes min(n, damage) levels, bashing before lethal before aggravated."""
    healed = health.heal(levels)
    assert healed.damage == health.damage - min(levels, health.damage)
    if levels <= health.bashing:
        assert (healed.lethal, healed.aggravated) == (health.lethal, health.aggravated)


@given(tracks(), st.data())
def test_a_click_changes_at_most_one_level(health: HealthTrack, data: st.DataObject) -> None:
    """Any click adds one level, removes one, or makes one heavier; the track stays valid."""
    index = data.draw(st.integers(0, health.size - 1))
    clicked = health.cycle_box(index)
    assert abs(clicked.damage - health.damage) <= 1
    assert HealthTrack.from_json(clicked.to_json()) == clicked


@given(tracks())
def test_tracks_survive_json(health: HealthTrack) -> None:
    """Every reachable track comes back equal from its JSON."""
    assert HealthTrack.from_json(health.to_json()) == health


@given(tracks(), counts, counts, counts, st.booleans(), st.booleans())
def test_resilience_and_ox_body_only_ever_reduce_damage(
    health: HealthTrack, bashing: int, lethal: int, aggravated: int, ox_body: bool, both: bool
) -> None:
    """An Exalt never takes more levels than a mortal from the same damage."""
    options = HealthOptions(ox_body_counts_bashing=both)
    mortal = apply_levels(
        health, bashing=bashing, lethal=lethal, aggravated=aggravated, exalted_resilience=False
    )
    exalt = apply_levels(
        health,
        bashing=bashing,
        lethal=lethal,
        aggravated=aggravated,
        exalted_resilience=True,
        ox_body=ox_body,
        options=options,
    )
    assert exalt.damage <= mortal.damage
