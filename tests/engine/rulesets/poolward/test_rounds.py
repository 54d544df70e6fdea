"""Rounds and turns: the action slots, the order by each ruling, delays, readied actions and
bleeding (002 §Types of Actions; rulings turn_order, full_action, delay_keeps_place,
bleed_rate)."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward import (
    AddCombatant,
    Attack,
    DelayTurn,
    EndFight,
    GrantAction,
    NextTurn,
    PoolWardOptions,
    ReadyAction,
    RollOrder,
    SetCondition,
    SetOrder,
    SetTrack,
    StartFight,
    TriggerReadied,
    UseAction,
)

from .helpers import RULESET, fight, person, typed


def _three(options: PoolWardOptions | None = None, start: bool = True) -> CombatSession:
    return fight(("a", person("A"), "ally"), ("b", person("B"), "enemy"),
                 ("c", person("C"), "enemy"), options=options, start=start)


def test_a_turn_has_one_fast_one_move_one_standard_and_any_free() -> None:
    """002 §Types of Actions: a second standard action is refused; free actions are not."""
    session = _three()
    for slot in ("fast", "move", "standard", "free", "free"):
        session.apply(UseAction("a", slot))
    for slot in ("fast", "move", "standard"):
        with pytest.raises(IllegalAction, match=f"already used the {slot}"):
            session.apply(UseAction("a", slot))
    with pytest.raises(IllegalAction, match="already used the standard"):
        session.apply(Attack("a", "b", "Sword", dice=typed(0)))


def test_only_the_actor_takes_slot_actions_but_anyone_may_take_a_free_one() -> None:
    """Off one's turn only Free actions (002 §Types of Actions)."""
    session = _three()
    with pytest.raises(IllegalAction, match="A's turn, not B's"):
        session.apply(UseAction("b", "move"))
    session.apply(UseAction("b", "free", "shouts a warning"))
    assert session.log[-1].sentence == "B takes a free action: shouts a warning."


@pytest.mark.parametrize(("ruling", "used"), [("standard_and_move", {"move", "standard"}),
                                              ("all_three", {"fast", "move", "standard"})])
def test_a_full_action_takes_standard_and_move_or_all_three(ruling: str, used: set[str]) -> None:
    """Ruling full_action; a full action after the move is spent is refused."""
    session = _three(PoolWardOptions(full_action=ruling))
    session.apply(UseAction("a", "full", "a ritual"))
    assert set(session.state.fighters["a"].used) == used
    session.apply(NextTurn())
    session.apply(UseAction("b", "move"))
    with pytest.raises(IllegalAction, match="move"):
        session.apply(UseAction("b", "full"))


def test_a_power_grants_one_more_action_this_round() -> None:
    """Alacrity-like powers (GM input): a second standard action becomes possible."""
    session = _three()
    session.apply(Attack("a", "b", "Sword", dice=typed(0)))
    session.apply(GrantAction("a", "standard", "Alacrity"))
    session.apply(Attack("a", "c", "Sword", dice=typed(0)))
    with pytest.raises(IllegalAction):
        session.apply(Attack("a", "c", "Sword", dice=typed(0)))


def test_the_round_goes_round_the_order_and_starts_over() -> None:
    """After the last turn the round number goes up and the slots are fresh."""
    session = _three()
    session.apply(UseAction("a", "standard"))
    seen = []
    for _ in range(3):
        seen.append(session.state.actor())
        session.apply(NextTurn())
    assert seen == ["a", "b", "c"]
    assert session.state.round == 2 and session.state.actor() == "a"
    assert session.state.fighters["a"].used == ()
    assert session.log[-1].sentence == "Round 2 begins: A acts first."


def test_the_gm_list_is_kept_each_round_and_changed_between_rounds() -> None:
    """Ruling turn_order gm_list: the order set stays; within a round SetOrder is refused."""
    session = _three()
    with pytest.raises(IllegalAction, match="delays"):
        session.apply(SetOrder(("c", "b", "a")))
    session = _three(start=False)
    session.apply(SetOrder(("c", "b", "a")))
    session.apply(StartFight())
    assert session.state.actor() == "c"
    with pytest.raises(IllegalAction, match="'x', who is not in this fight"):
        CombatSession.new(ruleset=RULESET).apply(SetOrder(("x",)))
    with pytest.raises(IllegalAction, match="every fighter"):
        _three(start=False).apply(SetOrder(("c", "b")))


def test_the_order_rolled_each_round_sorts_by_successes_and_waits_for_the_rolls() -> None:
    """Ruling turn_order roll_each_round: most successes first; the next round waits for
    every roll; ties keep the current order."""
    session = _three(PoolWardOptions(turn_order="roll_each_round"), start=False)
    with pytest.raises(IllegalAction, match="roll the order first"):
        session.apply(StartFight())
    for cid, successes in (("a", 1), ("b", 3), ("c", 1)):
        session.apply(RollOrder(cid, 4, typed(successes)))
    session.apply(StartFight())
    assert session.state.order == ["b", "a", "c"]
    for _ in range(3):
        session.apply(NextTurn())
    assert session.state.round == 1 and session.state.round_over
    with pytest.raises(IllegalAction, match="has not rolled"):
        session.apply(NextTurn())
    for cid, successes in (("a", 2), ("b", 0), ("c", 4)):
        session.apply(RollOrder(cid, 4, typed(successes)))
    session.apply(NextTurn())
    assert session.state.round == 2 and session.state.order == ["c", "a", "b"]


def test_the_order_rolled_once_is_kept() -> None:
    """Ruling turn_order roll_once: rolled for round 1, refused afterwards, kept each round."""
    session = _three(PoolWardOptions(turn_order="roll_once"), start=False)
    for cid, successes in (("a", 0), ("b", 1), ("c", 2)):
        session.apply(RollOrder(cid, 3, typed(successes)))
    session.apply(StartFight())
    with pytest.raises(IllegalAction, match="rolled once"):
        session.apply(RollOrder("a", 3, typed(1)))
    for _ in range(3):
        session.apply(NextTurn())
    assert session.state.round == 2 and session.state.order == ["c", "b", "a"]


def test_nobody_rolls_under_the_gm_list() -> None:
    """Ruling turn_order gm_list: a roll for the order is refused."""
    with pytest.raises(IllegalAction, match="GM sets the order"):
        _three(start=False).apply(RollOrder("a", 3, typed(1)))


def test_a_delay_moves_the_actor_later_and_keeps_that_place() -> None:
    """A Delayed action (002 §Types of Actions): A waits until after C; B acts now; the new
    order holds next round (delay_keeps_place on)."""
    session = _three()
    session.apply(DelayTurn("a", 2))
    assert session.state.order == ["b", "c", "a"] and session.state.actor() == "b"
    for _ in range(3):
        session.apply(NextTurn())
    assert session.state.round == 2 and session.state.order == ["b", "c", "a"]


def test_a_delay_for_this_round_only_goes_back_next_round() -> None:
    """Ruling delay_keeps_place off: the order the round began with comes back."""
    session = _three(PoolWardOptions(delay_keeps_place=False))
    session.apply(DelayTurn("a", 2))
    for _ in range(3):
        session.apply(NextTurn())
    assert session.state.order == ["a", "b", "c"]


def test_delays_never_go_back_in_the_round_nor_after_acting() -> None:
    """Refused: ahead of the actor, a fighter who has acted, an actor who spent a slot."""
    session = _three()
    with pytest.raises(IllegalAction, match="ahead of the actor"):
        session.apply(DelayTurn("c", 0))
    session.apply(UseAction("a", "move"))
    with pytest.raises(IllegalAction, match="already acted this turn"):
        session.apply(DelayTurn("a", 2))
    session.apply(NextTurn())
    with pytest.raises(IllegalAction, match="already acted this round"):
        session.apply(DelayTurn("a", 2))
    session.apply(DelayTurn("b", 2))
    assert session.state.order == ["a", "c", "b"] and session.state.actor() == "c"


def test_a_readied_action_waits_in_the_pocket_and_interrupts_when_triggered() -> None:
    """A readies; B acts; the trigger comes: A acts at once, then B's turn goes on."""
    session = _three()
    session.apply(ReadyAction("a", "when B moves"))
    assert session.state.actor() == "b"
    track = session.ruleset.turn_track(session.state)
    counter = track.counter("a")
    assert counter is not None and counter.slot is None and counter.pocket == "when B moves"
    session.apply(UseAction("b", "move"))
    session.apply(TriggerReadied("a"))
    assert session.state.actor() == "a"
    session.apply(Attack("a", "b", "Sword", dice=typed(1)))
    session.apply(NextTurn())
    assert session.state.actor() == "b"
    assert session.state.fighters["b"].used == ("move",)
    with pytest.raises(IllegalAction, match="holds no readied action"):
        session.apply(TriggerReadied("a"))


def test_an_unused_readied_action_lapses_when_the_round_starts_over() -> None:
    """A readied action not triggered is gone next round; the fighter acts in its place."""
    session = _three()
    session.apply(ReadyAction("a", "if the door opens"))
    session.apply(NextTurn())
    session.apply(NextTurn())
    assert session.state.round == 2 and session.state.readied == {}
    assert session.state.actor() == "a"


@pytest.mark.parametrize(("rate", "health"), [(0, 0), (1, -1), (2, -2)])
def test_bleeding_each_round_by_the_ruling(rate: int, health: int) -> None:
    """Ruling bleed_rate: a disabled fighter loses that much Health as each round starts."""
    session = _three(PoolWardOptions(bleed_rate=rate))
    session.apply(SetTrack("c", "health", 0))
    for _ in range(3):
        session.apply(NextTurn())
    assert session.state.fighters["c"].health == health


def test_a_stabilised_fighter_stops_bleeding() -> None:
    """The GM marks a fighter stable: no more Health lost to bleeding."""
    session = _three(PoolWardOptions(bleed_rate=1))
    session.apply(SetTrack("c", "health", 0))
    session.apply(SetCondition("c", "stable"))
    for _ in range(3):
        session.apply(NextTurn())
    assert session.state.fighters["c"].health == 0


def test_a_joiner_comes_last_and_a_fight_needs_two() -> None:
    """Late arrivals go to the end of the order; a fight of one does not start."""
    lone = CombatSession.new(ruleset=RULESET)
    lone.apply(AddCombatant("a", person("A"), "ally"))
    with pytest.raises(IllegalAction, match="two fighters"):
        lone.apply(StartFight())
    session = _three()
    session.apply(AddCombatant("d", person("D"), "ally"))
    assert session.state.order[-1] == "d"


def test_an_ended_fight_refuses_turns() -> None:
    """After the end nothing of the fight moves."""
    session = _three()
    session.apply(EndFight("they flee"))
    with pytest.raises(IllegalAction, match="over"):
        session.apply(NextTurn())
    assert session.log[-1].sentence == "The fight ends. (they flee)"


def test_the_log_says_delays_only_for_a_turn_put_later_in_a_running_round() -> None:
    """Issue 35: a counter moved to the front before the fight starts is set in the order,
    not delayed; a delay in the round keeps its word."""
    session = _three(start=False)
    session.apply(DelayTurn("c", 0))
    assert session.log[-1].sentence == "C moves to place 1 in the order."
    session.apply(StartFight())
    session.apply(DelayTurn("c", 2))
    assert session.log[-1].sentence == "C delays to place 3 in the order."
