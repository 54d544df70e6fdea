"""Hand-worked cases of each procedure of seed 001, each citing its section."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse import (
    AdjustImpulse,
    ChangeInitiative,
    Contest,
    Dash,
    DecisiveStrike,
    Disengage,
    EndTurn,
    FireHold,
    FlurryStrike,
    HoldAction,
    ImpulseOptions,
    Manoeuvre,
    Move,
    SetEndurance,
    SetRange,
)

from .helpers import ana_against_two, block, duel, fight, typed


def _impulse(session: CombatSession, cid: str) -> int:
    return int(session.state.combatants[cid].impulse)


def _set_impulse(session: CombatSession, cid: str, value: int) -> None:
    session.apply(AdjustImpulse(cid, value - _impulse(session, cid)))


# -- Decisive Strike ---------------------------------------------------------------------------


def test_decisive_strike_pool_is_impulse_plus_base_damage_plus_threshold() -> None:
    """001 §Decisive Strike: 5 Impulse + (2 typed + 1 medium class) + (6 - DV 3) = 11 dice;
    4 damage successes take Bo from 10 to 6 Endurance and Ana's Impulse goes to 0."""
    session = duel()
    _set_impulse(session, "ana", 5)
    strike = DecisiveStrike("ana", "bo", "Sword", accuracy=typed(6), damage=typed(4))
    session.apply(strike)
    assert session.state.combatants["bo"].endurance == 6
    assert _impulse(session, "ana") == 0
    assert "= 11 dice: 4 successes" in session.log[-1].sentence


def test_the_damage_roll_must_fit_the_eleven_dice_pool() -> None:
    """001 §Decisive Strike: 11 dice show at most 22 successes; 23 typed is refused."""
    session = duel()
    _set_impulse(session, "ana", 5)
    with pytest.raises(IllegalAction, match="0-22"):
        session.apply(DecisiveStrike("ana", "bo", "Sword", accuracy=typed(6), damage=typed(23)))


def test_impulse_after_a_hit_can_stay_by_ruling() -> None:
    """rules/impulse.md §4 impulse_after_hit "unchanged": the 5 Impulse remain after the hit."""
    session = duel(ImpulseOptions(impulse_after_hit="unchanged"))
    _set_impulse(session, "ana", 5)
    session.apply(DecisiveStrike("ana", "bo", "Sword", accuracy=typed(6), damage=typed(4)))
    assert _impulse(session, "ana") == 5


def test_a_miss_costs_two_impulse_and_rolls_no_damage() -> None:
    """001 §Decisive Strike: 3 successes do not beat DV 3; Impulse 5 becomes 3."""
    session = duel()
    _set_impulse(session, "ana", 5)
    with pytest.raises(IllegalAction, match="a miss rolls no damage"):
        session.apply(DecisiveStrike("ana", "bo", "Sword", accuracy=typed(3), damage=typed(1)))
    session.apply(DecisiveStrike("ana", "bo", "Sword", accuracy=typed(3)))
    assert _impulse(session, "ana") == 3
    assert session.state.combatants["bo"].endurance == 10


def test_meeting_the_dv_hits_under_the_at_least_ruling_with_threshold_zero() -> None:
    """rules/impulse.md §4 beat_rule "at_least": 3 against DV 3 hits; pool 5 + 3 + 0 = 8 dice."""
    session = duel(ImpulseOptions(beat_rule="at_least"))
    _set_impulse(session, "ana", 5)
    session.apply(DecisiveStrike("ana", "bo", "Sword", accuracy=typed(3), damage=typed(2)))
    assert "= 8 dice" in session.log[-1].sentence
    assert session.state.combatants["bo"].endurance == 8


def test_a_strike_needs_two_impulse() -> None:
    """001 §Decisive Strike: with 1 Impulse the strike is refused, naming the section."""
    session = duel()
    _set_impulse(session, "ana", 1)
    with pytest.raises(IllegalAction, match="001 §Decisive Strike"):
        session.apply(DecisiveStrike("ana", "bo", "Sword", accuracy=typed(6)))


def test_falling_to_zero_endurance_puts_a_player_out_with_one_limit() -> None:
    """001 §Endurance, §Player Character Defeat: Bo strikes Ana from 3 to 0; Ana gains 1 Limit."""
    session = duel()
    session.apply(EndTurn())
    _set_impulse(session, "bo", 4)
    session.apply(SetEndurance("ana", 3))
    session.apply(DecisiveStrike("bo", "ana", "Sword", accuracy=typed(5), damage=typed(3)))
    ana = session.state.combatants["ana"]
    assert ana.defeated and ana.limit == 1


# -- Flurry Strike -------------------------------------------------------------------------------


def test_flurry_strike_rolls_against_the_highest_dv_and_splits_the_damage() -> None:
    """001 §Flurry Strikes: DVs 2 and 4, 6 successes: threshold 2 over the higher;
    pool 4 + 3 + 2 = 9; 5 damage split 1 to Bo and 4 to Cy."""
    session = fight(
        ("ana", block("Ana", player=True), "ally", 8),
        ("bo", block("Bo", dv=2), "enemy", 4),
        ("cy", block("Cy", dv=4), "enemy", 2),
    )
    _set_impulse(session, "ana", 4)
    flurry = FlurryStrike(
        "ana", ("bo", "cy"), "Sword", accuracy=typed(6), damage=typed(5), split=(1, 4)
    )
    session.apply(flurry)
    assert session.state.combatants["bo"].endurance == 9
    assert session.state.combatants["cy"].endurance == 6
    assert "against DV 4" in session.log[-1].sentence and "= 9 dice" in session.log[-1].sentence


def test_a_flurry_split_must_place_all_the_damage() -> None:
    """001 §Flurry Strikes: 5 damage split as 1 + 3 is refused."""
    session = ana_against_two()
    _set_impulse(session, "ana", 4)
    with pytest.raises(IllegalAction, match="all 5 damage"):
        session.apply(
            FlurryStrike(
                "ana", ("bo", "cy"), "Sword", accuracy=typed(6), damage=typed(5), split=(1, 3)
            )
        )


# -- Holding -------------------------------------------------------------------------------------


def test_an_untriggered_hold_refunds_two_impulse_and_the_holder_does_not_act() -> None:
    """001 §Holding Action: Ana holds (4 -> 2); the round ends without the trigger: 4 again,
    and round 2 starts with Ana's own turn, not a missed one."""
    session = duel()
    _set_impulse(session, "ana", 4)
    session.apply(HoldAction("ana", "Bo raises his bow"))
    assert _impulse(session, "ana") == 2
    assert session.state.acting_id() == "bo"
    session.apply(EndTurn())
    assert session.state.round == 2
    assert _impulse(session, "ana") == 4
    assert session.state.combatants["ana"].hold is None
    assert "never came" in " ".join(e.text for e in session.log[-1].events)


def test_a_fired_hold_acts_then_play_returns_to_the_interrupted_turn() -> None:
    """001 §Holding Action: Ana's hold fires before Bo's strike; after Ana's turn Bo acts again."""
    session = duel()
    _set_impulse(session, "ana", 4)
    session.apply(HoldAction("ana", "Bo attacks"))
    session.apply(FireHold("ana", "before"))
    assert session.state.acting_id() == "ana"
    session.apply(Manoeuvre("ana", "dexterity", "melee", typed(2)))
    session.apply(EndTurn())
    assert session.state.acting_id() == "bo" and session.state.round == 1
    assert _impulse(session, "ana") == 4  # 4 - 2 for the hold + 2 successes, no refund


# -- Change Initiative ---------------------------------------------------------------------------


def test_change_initiative_costs_one_impulse_per_point_and_waits_for_next_round() -> None:
    """001 §Change Initiative: Bo (order 7) buys order 12 for 5 Impulse; round 1 stays as it
    was, round 2 puts Bo before Ana (11)."""
    session = duel()
    session.apply(EndTurn())
    _set_impulse(session, "bo", 6)
    session.apply(ChangeInitiative("bo", 12))
    assert _impulse(session, "bo") == 1
    assert [e.cid for e in session.state.order()] == ["ana", "bo"]
    session.apply(EndTurn())
    assert session.state.round == 2
    assert [e.cid for e in session.state.order()] == ["bo", "ana"]
    assert session.state.acting_id() == "bo"


def test_lowering_the_order_is_free_and_raising_needs_the_impulse() -> None:
    """001 §Change Initiative: 11 -> 5 costs nothing; 11 -> 20 with 3 Impulse is refused."""
    session = duel()
    before = _impulse(session, "ana")
    with pytest.raises(IllegalAction, match="001 §Change Initiative"):
        session.apply(ChangeInitiative("ana", 20))
    session.apply(ChangeInitiative("ana", 5))
    assert _impulse(session, "ana") == before
    with pytest.raises(IllegalAction, match="already used this Free action"):
        session.apply(ChangeInitiative("ana", 4))


def test_change_initiative_on_someone_elses_turn_is_refused_by_default() -> None:
    """rules/impulse.md §4 change_init_timing "own_turn"; "any_time" allows it."""
    session = duel()
    with pytest.raises(IllegalAction, match="own turn"):
        session.apply(ChangeInitiative("bo", 2))
    anytime = duel(ImpulseOptions(change_init_timing="any_time"))
    anytime.apply(ChangeInitiative("bo", 2))
    assert anytime.state.combatants["bo"].next_orders == (2,)


# -- Movement ------------------------------------------------------------------------------------


def test_disengage_is_contested_by_each_foe_in_melee() -> None:
    """001 §Disengage: Evasion 2; Bo rolls 3 and keeps up, Cy rolls 2 and is left at short and
    cannot close to melee with Ana for a round; Ana pays 2 Impulse."""
    session = ana_against_two()
    _set_impulse(session, "ana", 5)
    session.apply(Disengage("ana", (Contest("bo", typed(3)), Contest("cy", typed(2)))))
    state = session.state
    assert state.band("ana", "bo") == 0 and state.band("ana", "cy") == 1
    assert _impulse(session, "ana") == 3
    session.apply(EndTurn())
    session.apply(EndTurn())  # Bo
    assert session.state.acting_id() == "cy"
    with pytest.raises(IllegalAction, match="cannot close to melee"):
        session.apply(Move("cy", ("ana",), "toward"))


def test_disengage_must_hear_from_every_foe_in_melee() -> None:
    """001 §Disengage: leaving Cy out of the contests is refused."""
    session = ana_against_two()
    _set_impulse(session, "ana", 5)
    with pytest.raises(IllegalAction, match="contests or declines once"):
        session.apply(Disengage("ana", (Contest("bo", typed(3)),)))


def test_a_blocked_disengage_is_refunded_only_by_ruling() -> None:
    """rules/impulse.md §4 disengage_cost_on_fail: paid by default, refunded under "refunded"."""
    paid = duel()
    _set_impulse(paid, "ana", 5)
    paid.apply(Disengage("ana", (Contest("bo", typed(3)),)))
    refunded = duel(ImpulseOptions(disengage_cost_on_fail="refunded"))
    _set_impulse(refunded, "ana", 5)
    refunded.apply(Disengage("ana", (Contest("bo", typed(3)),)))
    assert (_impulse(paid, "ana"), _impulse(refunded, "ana")) == (3, 5)


def test_move_is_refused_from_melee() -> None:
    """001 §Move: in melee with Bo, Ana must Disengage instead."""
    session = duel()
    with pytest.raises(IllegalAction, match="Disengage instead"):
        session.apply(Move("ana", ("bo",), "away"))


def test_dash_costs_two_impulse_lowers_dv_and_not_two_rounds_running() -> None:
    """001 §Dash: long to short in one Dash; -1 DV; refused the next round, allowed after."""
    session = duel(band="long")
    _set_impulse(session, "ana", 8)
    session.apply(Dash("ana", ("bo",), "toward"))
    state = session.state
    assert state.band("ana", "bo") == 1
    assert state.combatants["ana"].dv == 2 and _impulse(session, "ana") == 6
    session.apply(EndTurn())
    session.apply(SetRange("ana", "bo", "long"))
    session.apply(EndTurn())  # round 2, Ana acts
    with pytest.raises(IllegalAction, match="two rounds running"):
        session.apply(Dash("ana", ("bo",), "toward"))
    session.apply(Move("ana", ("bo",), "toward"))
    session.apply(EndTurn())
    session.apply(EndTurn())  # round 3
    session.apply(Dash("ana", ("bo",), "toward"))
    assert session.state.band("ana", "bo") == 0


def test_only_one_movement_a_round() -> None:
    """001 §Movement: a Move then a Dash in the same round is refused."""
    session = duel(band="long")
    _set_impulse(session, "ana", 8)
    session.apply(Move("ana", ("bo",), "toward"))
    with pytest.raises(IllegalAction, match="already used this round's movement"):
        session.apply(Dash("ana", ("bo",), "toward"))
