"""The combat session: apply, refuse, undo, redo, describe and save."""

from __future__ import annotations

import json

import pytest

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import RECENT_STATES
from battlewheel.engine.rulesets.rewrite import (
    PHASE_DECLARE,
    PHASE_DONE,
    AddCombatant,
    CombatSession,
    CycleHealthBox,
    EndCombat,
    MoveCounter,
    NextTick,
    RegainWillpower,
    ReplayError,
    SetHealth,
    SpendMotes,
    SpendWillpower,
    action_from_json,
    action_to_json,
)

from .helpers import person, started


def test_next_tick_brings_the_tick_counter_onto_the_first_actors() -> None:
    """After start the counter waits on tick 0; the first next tick makes the First Actors act."""
    session = started(ana=3, bo=1)
    assert session.state.current_tick == 0
    assert session.state.phase == PHASE_DONE
    session.apply(NextTick())
    assert session.state.current_tick == 1
    assert session.state.acting_ids() == ("ana",)
    assert session.state.phase == PHASE_DECLARE


def test_an_illegal_action_raises_names_the_rule_and_changes_nothing() -> None:
    """Spending 3 motes with 0 in the pool is refused citing 000 §Charms; the log is unchanged."""
    session = started(ana=3, bo=1)
    before = session.state
    with pytest.raises(IllegalAction, match=r"^000 §Charms"):
        session.apply(SpendMotes("ana", 3))
    assert session.state is before
    assert len(session.log) == 5


def test_refusal_reports_without_applying() -> None:
    """refusal() returns the error for an illegal action and None for a legal one."""
    session = started(ana=3, bo=1)
    refused = session.refusal(SpendWillpower("ana", 6))
    assert refused is not None and refused.rule == "004 §Willpower"
    assert session.refusal(SpendWillpower("ana", 5)) is None
    assert session.state.combatants["ana"].willpower == 5


def test_undo_restores_the_state_before_the_action_exactly() -> None:
    """Undoing a health click gives a state equal to the one before it, and redo reapplies it."""
    session = started(ana=3, bo=1)
    before = session.state.clone()
    session.apply(CycleHealthBox("bo", 0))
    after = session.state.clone()
    click = "GM marks Bo's box 1 (-0) bashing: track /......., wound penalty -0."
    assert session.undo_text == click
    session.undo()
    assert session.state == before
    assert session.redo_text == click
    session.redo()
    assert session.state == after
    assert not session.can_redo


def test_a_new_action_after_undo_clears_redo() -> None:
    """Redo is only possible until another action is applied."""
    session = started(ana=3, bo=1)
    session.apply(CycleHealthBox("bo", 0))
    session.undo()
    session.apply(SpendWillpower("ana", 1))
    assert not session.can_redo


def test_set_health_sets_the_whole_track_and_its_wound_penalty() -> None:
    """Two lethal and one bashing on a Stamina 1 track reach the second -1 box: penalty -1."""
    session = started(ana=3, bo=1)
    session.apply(SetHealth("bo", "XX/....."))
    bo = session.state.combatants["bo"]
    assert bo.health.marks == "XX/....."
    assert bo.wound_penalty == 1


def test_the_log_round_trips_through_json_to_an_equal_state() -> None:
    """from_json(to_json()) replays to a state equal to the original, redo list included."""
    session = started(ana=3, bo=1)
    session.apply(NextTick())
    session.apply(MoveCounter("ana", segment=5))
    session.apply(CycleHealthBox("bo", 2))
    session.undo()
    text = json.dumps(session.to_json())
    again = CombatSession.from_json(json.loads(text))
    assert again.state == session.state
    assert again.redo_text == session.redo_text


def test_every_action_round_trips_through_json() -> None:
    """action_from_json(action_to_json(a)) == a, character and all."""
    action = AddCombatant("zed", person("Zed", attributes={"dexterity": 4}), "ally")
    assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


def test_a_log_entry_of_unknown_kind_is_refused_naming_the_entry() -> None:
    """Entry 1 with kind 'teleport' fails with a message naming entry 1 and the kind."""
    log = {"actions": [{"kind": "end_combat"}, {"kind": "teleport"}]}
    with pytest.raises(ReplayError, match=r"entry 1: .*teleport"):
        CombatSession.from_json(log)


def test_a_log_entry_missing_a_field_is_refused_naming_the_field() -> None:
    """A move_counter without its combatant names actions[0].combatant."""
    log = {"actions": [{"kind": "move_counter", "segment": 2}]}
    with pytest.raises(ReplayError, match=r"entry 0: actions\[0\]\.combatant: is missing"):
        CombatSession.from_json(log)


def test_a_log_entry_with_a_wrong_type_is_refused_naming_the_field() -> None:
    """A segment given as a string names actions[0].segment."""
    log = {"actions": [{"kind": "move_counter", "combatant": "a", "segment": "2"}]}
    with pytest.raises(ReplayError, match=r"actions\[0\]\.segment: must be a whole number"):
        CombatSession.from_json(log)


def test_an_illegal_log_entry_is_refused_naming_the_entry_and_the_rule() -> None:
    """Starting an empty fight fails at entry 0 citing 000 §Roll Join Battle."""
    with pytest.raises(ReplayError, match=r"entry 0: start refused: 000 §Roll Join Battle"):
        CombatSession.from_json({"actions": [{"kind": "start"}]})


def test_the_offered_actions_follow_the_phase() -> None:
    """Set-up offers start, a tick still to declare offers flurries, an ended fight nothing."""
    session = CombatSession.new()
    assert "start" in session.offered() and "next_tick" not in session.offered()
    session = started(ana=3, bo=1)
    session.apply(NextTick())
    assert "declare_flurry" in session.offered() and "next_tick" not in session.offered()
    session.apply(EndCombat())
    assert session.offered() == ()


def test_turn_order_lists_the_soonest_to_act_first() -> None:
    """Join Battle 1, 3 and 2: ticks 3, 1 and 2, so the order is b, c, a."""
    session = started(a=1, b=3, c=2)
    assert session.ruleset.turn_order(session.state) == ("b", "c", "a")


def test_undoing_recent_steps_replays_nothing_and_older_ones_replay_from_a_snapshot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hundred spends of Willpower and regains: the last sixteen undo without replaying
    a step; the seventeenth replays from the last kept state, to the same state as before."""
    session = started(a=3, b=3)
    states = [session.state]
    for step in range(100):
        action = SpendWillpower("a", 1) if step % 2 == 0 else RegainWillpower("a", 1)
        session.apply(action)
        states.append(session.state)
    replayed: list[object] = []
    apply = session.ruleset.apply

    def counting(state: object, action: object) -> object:
        replayed.append(action)
        return apply(state, action)  # type: ignore[arg-type]

    monkeypatch.setattr(session.ruleset, "apply", counting)
    for back in range(1, RECENT_STATES + 1):
        session.undo()
        assert session.state is states[-1 - back]
    assert replayed == []
    session.undo()
    assert replayed  # no longer recent: worked out again from a snapshot
    assert session.state == states[-2 - RECENT_STATES]
