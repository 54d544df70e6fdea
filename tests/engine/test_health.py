"""Worked cases of health tracks, written out by hand from 000 §Health Levels and §Applying Effects.

Tracks are written ``upper|dying``: the boxes down to Incapacitated, then the Dying boxes.
A Stamina 2 track has 7 upper boxes (-0, -1, -1, -2, -2, -4, Incap) and 2 Dying boxes.
"""

from __future__ import annotations

import pytest

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.health import HealthOptions, HealthTrack, apply_levels
from tests.engine.counting import calls_of


def track(marks: str, stamina: int = 2) -> HealthTrack:
    """A Stamina track with the given ``upper|dying`` marks."""
    return HealthTrack.standard(stamina).set_marks(marks.replace("|", ""))


def shown(health: HealthTrack) -> str:
    return str(health)


# -- shape -----------------------------------------------------------------------------


def test_the_standard_track_has_the_seed_levels() -> None:
    """-0, two -1, two -2, -4, Incapacitated, then one Dying box per Stamina dot."""
    health = HealthTrack.standard(3)
    assert health.labels == ("-0", "-1", "-1", "-2", "-2", "-4", "Incap", "Dying", "Dying", "Dying")
    assert health.marks == "." * 10


def test_extra_levels_sit_with_boxes_of_their_penalty() -> None:
    """An Ox-Body of one -1 and two -2 levels puts them beside the -1 and -2 boxes."""
    health = HealthTrack.standard(1, extra_levels=(2, 1, 2))
    assert health.labels == (
        "-0", "-1", "-1", "-1", "-2", "-2", "-2", "-2", "-4", "Incap", "Dying",
    )  # fmt: skip


def test_impossible_levels_are_refused() -> None:
    """A -3 extra level or a Stamina of 0 names the field and what is allowed."""
    with pytest.raises(TraitValueError, match="0, 1, 2 or 4"):
        HealthTrack.standard(2, extra_levels=(3,))
    with pytest.raises(TraitValueError, match="stamina"):
        HealthTrack.standard(0)


@pytest.mark.parametrize(
    ("levels", "penalty"), [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 4), (7, 4)]
)
def test_wound_penalty_is_that_of_the_deepest_marked_level(levels: int, penalty: int) -> None:
    """Marking down the track passes -0, -1, -1, -2, -2, -4; Incapacitated keeps -4."""
    assert HealthTrack.standard(2).mark(bashing=levels).wound_penalty == penalty


# -- marking: the push rules -----------------------------------------------------------


def test_bashing_fills_from_the_top() -> None:
    """Three bashing levels take the first three boxes."""
    assert shown(HealthTrack.standard(2).mark(bashing=3)) == "///....|.."


def test_bashing_in_incapacitated_means_unconscious() -> None:
    """Seven bashing fill down to Incapacitated: unconscious, not critical, not dead."""
    health = HealthTrack.standard(2).mark(bashing=7)
    assert shown(health) == "///////|.."
    assert health.unconscious and health.incapacitated
    assert not health.critical and not health.dead


def test_bashing_past_incapacitated_is_marked_as_lethal() -> None:
    """An eighth bashing becomes lethal on top, pushing a slash into Dying, where it turns X."""
    health = track("///////|..").mark(bashing=1)
    assert shown(health) == "X//////|X."


def test_lethal_goes_above_bashing_and_pushes_it_down() -> None:
    """Two bashing then one lethal: the cross takes the top box, the slashes move down."""
    assert shown(track("//.....|..").mark(lethal=1)) == "X//....|.."


def test_aggravated_goes_above_lethal_and_bashing() -> None:
    """One lethal and one bashing, then one aggravated: star, cross, slash."""
    assert shown(track("X/.....|..").mark(aggravated=1)) == "*X/....|.."


def test_pushed_bashing_turns_lethal_in_the_next_dying_box() -> None:
    """Six lethal and bashing in Incapacitated, then a lethal: the bashing drops into Dying as X."""
    health = track("XXXXXX/|..").mark(lethal=1)
    assert shown(health) == "XXXXXXX|X."
    assert health.critical


def test_pushed_lethal_goes_to_a_dying_box_as_it_is() -> None:
    """A full track of lethal, then an aggravated: the last cross moves into Dying."""
    assert shown(track("XXXXXXX|..").mark(aggravated=1)) == "*XXXXXX|X."


def test_pushed_aggravated_goes_to_a_dying_box_as_it_is() -> None:
    """Seven aggravated and one more: the eighth star lies in the first Dying box."""
    assert shown(track("*******|..").mark(aggravated=1)) == "*******|*."


def test_lethal_in_incapacitated_is_critical_and_more_lethal_goes_to_dying() -> None:
    """Lethal fills Incapacitated (critical); the next lethal takes a Dying box."""
    health = HealthTrack.standard(2).mark(lethal=7)
    assert health.critical and not health.unconscious
    assert shown(health.mark(lethal=1)) == "XXXXXXX|X."


def test_filling_every_dying_box_kills() -> None:
    """Stamina 2: eight lethal leave one Dying box empty; nine fill both and kill."""
    assert not HealthTrack.standard(2).mark(lethal=8).dead
    assert HealthTrack.standard(2).mark(lethal=9).dead


def test_bashing_alone_can_kill_through_the_push_rule() -> None:
    """Nine bashing on a Stamina 2 track: 7 fill it, the last 2 turn lethal and fill Dying."""
    health = HealthTrack.standard(2).mark(bashing=9)
    assert shown(health) == "XX/////|XX"
    assert health.dead


def test_levels_past_a_full_track_are_counted_as_overflow() -> None:
    """A dead Stamina 2 track (9 boxes) given three more aggravated: three fall off the end."""
    full, overflow = HealthTrack.standard(2).mark_with_overflow(lethal=9, aggravated=3)
    assert overflow == 3
    assert shown(full) == "***XXXX|XX"


def test_marking_order_is_bashing_then_lethal_then_aggravated() -> None:
    """One of each in one call: star, cross, slash from the top."""
    assert shown(HealthTrack.standard(2).mark(bashing=1, lethal=1, aggravated=1)) == "*X/....|.."


def test_negative_levels_are_refused() -> None:
    """Marking -1 lethal names the field."""
    with pytest.raises(TraitValueError, match="lethal"):
        HealthTrack.standard(2).mark(lethal=-1)


# -- apply_levels: resilience and Ox-Body ----------------------------------------------


def test_exalted_resilience_subtracts_lethal_already_taken() -> None:
    """Two lethal on the track, three more lethal: an Exalt marks one, a mortal three."""
    start = track("XX.....|..")
    exalt = apply_levels(start, bashing=0, lethal=3, aggravated=0, exalted_resilience=True)
    mortal = apply_levels(start, bashing=0, lethal=3, aggravated=0, exalted_resilience=False)
    assert shown(exalt) == "XXX....|.."
    assert shown(mortal) == "XXXXX..|.."


def test_resilience_counts_lethal_just_before_the_lethal_step() -> None:
    """Bashing that turned lethal in this flurry's bashing step counts for resilience."""
    # seven bashing on the track; one bashing and two lethal come in. The bashing step
    # leaves two lethal (X//////|X.), which cancel both incoming lethal levels.
    start = track("///////|..")
    result = apply_levels(start, bashing=1, lethal=2, aggravated=0, exalted_resilience=True)
    assert shown(result) == "X//////|X."


def test_resilience_never_reduces_aggravated() -> None:
    """With lethal on the track, aggravated levels are all marked."""
    start = track("XXX....|..")
    result = apply_levels(start, bashing=0, lethal=0, aggravated=2, exalted_resilience=True)
    assert shown(result) == "**XXX..|.."


def test_ox_body_pool_counts_lethal_and_bashing_by_default() -> None:
    """Track XX/: pool 3 cancels two lethal, then one of two bashing; one slash is marked."""
    start = track("XX/....|..")
    result = apply_levels(
        start, bashing=2, lethal=2, aggravated=0, exalted_resilience=True, ox_body=True
    )
    assert shown(result) == "XX//...|.."


def test_ox_body_pool_of_lethal_only_is_an_option() -> None:
    """Track XX/ with the lethal-only option: pool 2 cancels the two lethal only."""
    start = track("XX/....|..")
    options = HealthOptions(ox_body_counts_bashing=False)
    result = apply_levels(
        start,
        bashing=2,
        lethal=2,
        aggravated=0,
        exalted_resilience=True,
        ox_body=True,
        options=options,
    )
    assert shown(result) == "XX///..|.."


def test_health_options_survive_json_and_default_missing_fields() -> None:
    """Options come back equal; an empty object gives the defaults."""
    options = HealthOptions(ox_body_counts_bashing=False)
    assert HealthOptions.from_json(options.to_json()) == options
    assert HealthOptions.from_json({}) == HealthOptions()


# -- healing, clicks, persistence ------------------------------------------------------


def test_healing_removes_the_lightest_damage_first() -> None:
    """Two lethal and three bashing, heal three: the bashing goes."""
    assert shown(track("XX///..|..").heal(3)) == "XX.....|.."


def test_healing_named_types() -> None:
    """Heal one lethal from *XX/: star, cross, slash remain."""
    assert shown(track("*XX/...|..").heal(lethal=1)) == "*X/....|.."


def test_healing_moves_dying_damage_back_up() -> None:
    """Healing bashing lets the lethal in Dying rise into the freed boxes."""
    assert shown(track("X//////|X.").heal(bashing=2)) == "XX////.|.."


def test_clicking_a_box_cycles_empty_bashing_lethal_aggravated_empty() -> None:
    """Four clicks on the first box walk through every mark and back."""
    health = HealthTrack.standard(2)
    seen = []
    for _ in range(4):
        health = health.cycle_box(0)
        seen.append(health.marks[0])
    assert seen == ["/", "X", "*", "."]


def test_clicking_keeps_the_track_ordered() -> None:
    """Clicking the slash below a cross turns it lethal; clicking an empty box adds bashing."""
    assert shown(track("X/.....|..").cycle_box(1)) == "XX.....|.."
    assert shown(track("X/.....|..").cycle_box(5)) == "X//....|.."


def test_a_dying_box_click_skips_bashing() -> None:
    """On a full track, clicking an empty Dying box marks lethal there."""
    assert shown(track("///////|..").cycle_box(7)) == "///////|X."


def test_set_marks_reorders_and_refuses_bashing_in_dying() -> None:
    """Marks typed out of order are laid worst first; too much bashing is refused."""
    assert shown(HealthTrack.standard(2).set_marks("/X*......")) == "*X/....|.."
    with pytest.raises(TraitValueError, match="bashing"):
        HealthTrack.standard(2).set_marks("/////////")


def test_a_track_survives_json() -> None:
    """A marked track with extra levels comes back equal."""
    health = HealthTrack.standard(3, (1,)).mark(bashing=2, lethal=3, aggravated=1)
    assert HealthTrack.from_json(health.to_json()) == health


def test_json_with_disordered_marks_is_refused() -> None:
    """A marks string that marking could never produce names the field."""
    bad = {"penalties": [0, 1, 1, 2, 2, 4], "dying": 2, "marks": "/X......."}
    with pytest.raises(TraitValueError, match=r"health\.marks"):
        HealthTrack.from_json(bad)


def test_changing_levels_keeps_the_damage() -> None:
    """Buying an extra -1 level moves nothing: the same three levels stay marked."""
    health = track("X//....|..").with_levels((0, 1, 1, 1, 2, 2, 4), 2)
    assert health.marks == "X//......."


def test_what_the_marks_say_is_worked_out_once_a_track(monkeypatch: pytest.MonkeyPatch) -> None:
    """A track never changes, so its damage and levels of each type are counted from the
    marks once and kept (a forecast asks each fighter's again at every action); a track
    marked further is a new track, counted anew."""
    counted = calls_of(monkeypatch, HealthTrack, "count")
    track = HealthTrack.standard(2).mark(bashing=1, lethal=2)
    counted.clear()  # the marking's own checks
    for _ in range(3):
        assert (track.damage, track.lethal, track.bashing) == (3, 2, 1)
    assert len(counted) <= 3  # once each at most (the track's own checks count some)
    hurt = track.mark(lethal=1)
    assert (hurt.damage, hurt.lethal, hurt.wound_penalty, hurt.dead) == (4, 3, 2, False)
    assert (track.damage, track.wound_penalty) == (3, 1)


def test_marking_no_levels_makes_no_new_track(monkeypatch: pytest.MonkeyPatch) -> None:
    """Damage is marked a type at a time (bashing, lethal, aggravated), mostly with some
    types at 0: those leave the very same track, and no new one is laid out and checked."""
    hurt = HealthTrack.standard(2).mark(lethal=2)
    made = calls_of(monkeypatch, HealthTrack, "__post_init__")
    assert hurt.mark() is hurt and hurt.mark_with_overflow(0, 0, 0) == (hurt, 0)
    assert made == []
    with pytest.raises(TraitValueError):
        hurt.mark(bashing=-1)
