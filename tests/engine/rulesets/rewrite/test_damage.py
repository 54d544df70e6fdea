"""A flurry's damage to one target: ping, totals, damage rolls, marking (000 §Applying Effects)."""

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import DiceEntryError
from battlewheel.engine.core.health import HealthOptions, HealthTrack
from battlewheel.engine.rulesets.rewrite.rules.attack import (
    AttackDeclaration,
    AttackDice,
    Attacker,
    DefenceDeclaration,
    Target,
    resolve_attack,
)
from battlewheel.engine.rulesets.rewrite.rules.damage import (
    apply_flurry_damage,
    damage_roll_levels,
    flurry_damage_pools,
    ping_value,
)
from battlewheel.engine.rulesets.rewrite.rules.flurry import Manoeuvre, plan_flurry
from battlewheel.engine.rulesets.rewrite.rules.tables import weapon


@dataclass(frozen=True)
class Hit:
    """A stand-in attack outcome: only what the flurry damage reads."""

    damage_type: str = "B"
    dice: int = 0
    levels: int = 0
    overwhelming: int = 0
    failed: bool = False


def test_ping_is_the_higher_of_essence_and_overwhelming_of_non_failed_attacks() -> None:
    """Essence 2; hits with Overwhelming 1 and 3; a Failed one with 5 does not count: ping 3."""
    attacks = [Hit(overwhelming=1), Hit(overwhelming=3), Hit(overwhelming=5, failed=True)]
    assert ping_value(2, attacks) == 3
    assert ping_value(4, attacks) == 4


def test_every_attack_failed_means_no_damage_at_all() -> None:
    """Two misses: no ping, nothing rolled, the track untouched."""
    pools = flurry_damage_pools(3, [Hit(failed=True), Hit(failed=True)])
    assert pools.all_failed and pools.total == 0 and pools.ping_dice == 0
    track = HealthTrack.standard(2)
    assert apply_flurry_damage(pools, track).after == track


def test_totals_per_type_and_ping_tops_up_with_bashing_dice() -> None:
    """Hits of 1 lethal die and 0/0 (not Failed), attacker Essence 3: 2 bashing dice added."""
    pools = flurry_damage_pools(3, [Hit("L", dice=1), Hit("B")])
    assert dict(pools.dice) == {"B": 2, "L": 1, "A": 0}
    assert (pools.ping, pools.ping_dice, pools.total) == (3, 2, 3)


def test_no_ping_dice_when_damage_reaches_ping() -> None:
    """2 lethal dice and 1 lethal level against ping 2: nothing added."""
    pools = flurry_damage_pools(2, [Hit("L", dice=2, levels=1)])
    assert pools.ping_dice == 0 and dict(pools.levels) == {"B": 0, "L": 1, "A": 0}


def test_damage_roll_counts_each_seven_or_more_as_one_level() -> None:
    """Faces 7, 10, 3: two levels (a 10 is not doubled on damage)."""
    assert damage_roll_levels(3, DiceEntry.of_faces((7, 10, 3))) == 2
    assert damage_roll_levels(3, DiceEntry.of_successes(1)) == 1


def test_every_die_is_a_level_against_an_extra() -> None:
    """Three dice against an extra are three levels, no roll needed."""
    assert damage_roll_levels(3, None, extra=True) == 3


def test_damage_roll_entries_must_fit_the_dice() -> None:
    """Two faces for three dice, or 4 levels from 3 dice, are refused."""
    with pytest.raises(DiceEntryError):
        damage_roll_levels(3, DiceEntry.of_faces((7, 7)))
    with pytest.raises(DiceEntryError):
        damage_roll_levels(3, DiceEntry.of_successes(4))
    with pytest.raises(DiceEntryError, match="needs its faces"):
        damage_roll_levels(3, None)


def test_the_punch_case_marks_bashing_boxes() -> None:
    """2 bashing dice show 8 and 2 plus a level from elsewhere: 2 boxes of Stamina 2 take /."""
    pools = flurry_damage_pools(1, [Hit("B", dice=2, levels=1)])
    outcome = apply_flurry_damage(
        pools, HealthTrack.standard(2), rolls={"B": DiceEntry.of_faces((8, 2))}
    )
    assert dict(outcome.total_levels) == {"B": 2, "L": 0, "A": 0}
    assert outcome.after.marks == "//......."
    assert outcome.boxes_added == 2


def test_marking_order_bashing_then_lethal_then_aggravated() -> None:
    """1B, 1L, 1A dice all hit on a mortal: lethal pushes bashing down, aggravated goes on top."""
    attacks = [Hit("B", dice=1, levels=1), Hit("L", dice=1), Hit("A", dice=1)]
    pools = flurry_damage_pools(1, attacks)
    seven = DiceEntry.of_faces((7,))
    outcome = apply_flurry_damage(
        pools, HealthTrack.standard(2), rolls={"B": seven, "L": seven, "A": seven}
    )
    assert outcome.after.marks == "*X//....."


def test_extra_takes_every_die_as_a_level() -> None:
    """An extra hit by 3 lethal dice takes 3 lethal levels."""
    pools = flurry_damage_pools(1, [Hit("L", dice=3)])
    outcome = apply_flurry_damage(pools, HealthTrack.standard(2), extra=True)
    assert outcome.after.marks == "XXX......"


def test_exalted_resilience_subtracts_lethal_already_taken() -> None:
    """An Exalt with 2 lethal taken is dealt 3 lethal levels: only 1 more is marked."""
    track = HealthTrack.standard(2).mark(lethal=2)
    pools = flurry_damage_pools(1, [Hit("L", levels=3)])
    outcome = apply_flurry_damage(pools, track, exalted_resilience=True)
    assert outcome.after.marks == "XXX......"
    mortal = apply_flurry_damage(pools, track)
    assert mortal.after.marks == "XXXXX...."


def test_ox_body_resilience_covers_bashing_too() -> None:
    """Ox-Body with 1 lethal and 1 bashing taken: a 2-level pool eats 1L then 1B of 1L + 2B."""
    track = HealthTrack.standard(2).mark(bashing=1, lethal=1)
    pools = flurry_damage_pools(1, [Hit("L", levels=1), Hit("B", levels=2)])
    outcome = apply_flurry_damage(pools, track, exalted_resilience=True, ox_body=True)
    assert outcome.after.marks == "X//......"
    lethal_only = apply_flurry_damage(
        pools,
        track,
        exalted_resilience=True,
        ox_body=True,
        options=HealthOptions(ox_body_counts_bashing=False),
    )
    assert lethal_only.after.marks == "X///....."


@given(
    essence=st.integers(1, 10),
    hits=st.lists(
        st.tuples(
            st.sampled_from("BLA"),
            st.integers(0, 5),
            st.integers(0, 5),
            st.integers(0, 6),
            st.booleans(),
        ),
        max_size=6,
    ),
)
def test_ping_guarantees_at_least_ping_dice_and_levels_unless_all_failed(
    essence: int, hits: list[tuple[str, int, int, int, bool]]
) -> None:
    """After ping the flurry carries at least ping dice plus levels, or nothing at all."""
    attacks = [Hit(k, d, lv, ow, f) for k, d, lv, ow, f in hits]
    pools = flurry_damage_pools(essence, attacks)
    if pools.all_failed:
        assert pools.total == 0
    else:
        assert pools.total >= pools.ping >= essence
        assert pools.total == max(
            pools.ping, sum(a.dice + a.levels for a in attacks if not a.failed)
        )


def test_a_two_punch_flurry_from_declaration_to_health_track() -> None:
    """Two punches (penalties 2, 3) at a mortal with Parry 2 and Stamina 2, worked by hand.

    Punch 1: 3 dice show 8, 7, 2 = 2 + Accuracy 1 = 3 vs DV 2: excess 1, 1 + Str 2 = 3
    dice, soak 2 leaves 1. Punch 2: 2 dice show 10, 1 = 2 + 1 = 3 vs DV 2 - onslaught 1:
    excess 2, 4 dice, soak 2 leaves 2. Ping 1 is met; the 3 bashing dice show 9, 4, 7:
    2 levels, marked //.
    """
    punch = weapon("Punch")
    plan = plan_flurry([Manoeuvre.attack(punch), Manoeuvre.attack(punch)])
    assert plan.action_penalties == (2, 3)
    attacker = Attacker(dexterity=3, ability=2, strength=2)
    rolls = [(8, 7, 2), (10, 1)]
    outcomes = [
        resolve_attack(
            AttackDeclaration(attacker, punch, multiple_action_penalty=plan.action_penalties[i]),
            DefenceDeclaration("parry: Punch", 2, "parry", onslaught=i),
            Target(stamina=2),
            AttackDice(DiceEntry.of_faces(rolls[i])),
        )
        for i in range(2)
    ]
    assert [(o.excess, o.dice, o.levels) for o in outcomes] == [(1, 1, 0), (2, 2, 0)]
    pools = flurry_damage_pools(1, outcomes)
    assert (pools.ping, pools.ping_dice, dict(pools.dice)["B"]) == (1, 0, 3)
    result = apply_flurry_damage(
        pools, HealthTrack.standard(2), rolls={"B": DiceEntry.of_faces((9, 4, 7))}
    )
    assert result.after.marks == "//......."
    assert result.after.wound_penalty == 1
