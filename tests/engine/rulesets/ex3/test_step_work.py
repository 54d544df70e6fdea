"""What the window asks of a 3e state after one step is worked out once: the ring's scale
once a ring, the order of those yet to act once for unchanged records."""

from __future__ import annotations

import pytest

from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import menu, wheel
from battlewheel.engine.rulesets.ex3.handlers import flow
from tests.engine.counting import calls_of, menu_built_once

from .helpers import fight, fighter, state_of

PEOPLE = tuple((f"f{n}", fighter(f"F{n}"), "ally" if n % 2 else "enemy", n % 4) for n in range(8))


def test_the_ring_works_out_its_scale_once_and_puts_each_counter_at_its_initiative(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Eight counters: one scale for the ring (not one more a counter), and each counter's
    slot is what ``slot_of`` gives for its Initiative."""
    state = state_of(fight(*PEOPLE))
    scales = calls_of(monkeypatch, wheel, "scale")
    track = wheel.turn_track(state)
    assert len(scales) == 1
    monkeypatch.undo()
    for counter in track.counters:
        initiative = state.combatants[counter.id].initiative
        assert initiative is not None
        assert counter.slot == wheel.slot_of(state, initiative)


def test_who_waits_is_sorted_once_for_the_same_records_and_again_after_a_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The wheel's order, the table's and the status line ask the same state: its order
    keys are worked out once; after a turn passes, the order is what sorting afresh gives."""
    session = fight(*PEOPLE)
    keys = calls_of(monkeypatch, flow, "order_key")
    first = flow.waiting(session.state)
    asked = len(keys)
    wheel.turn_order(session.state)
    wheel.status_line(session.state)
    assert flow.waiting(session.state) == first
    assert asked > 0
    assert len(keys) == asked
    session.apply(a.NextTurn())
    state = state_of(session)
    assert flow.waiting(state) == list(flow._waiting(state))
    assert flow.waiting(state) != first


def test_a_step_draws_each_counters_marks_once_and_its_tooltip_only_where_replaced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After Next turn the ring looks up each counter's condition marks once (badge and
    tooltip share them), works out tooltip lines only for the records the turn replaced,
    and equals the ring drawn with nothing kept."""
    session = fight(*PEOPLE)
    wheel.turn_track(state_of(session))
    before = dict(state_of(session).combatants)
    session.apply(a.NextTurn())
    state = state_of(session)
    replaced = [cid for cid in state.combatants if state.combatants[cid] is not before[cid]]
    marks = calls_of(monkeypatch, wheel, "condition_marks")
    lines = calls_of(monkeypatch, wheel._details, "work")
    track = wheel.turn_track(state)
    assert len(marks) == len(state.combatants)
    assert 1 <= len(lines) == len(replaced) < len(state.combatants)
    monkeypatch.undo()
    wheel._details.found.clear()
    assert track == wheel.turn_track(state)


def test_the_menu_is_built_once_for_space_and_the_menu_of_one_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Space's entry and the Combat menu of the same state build the entries once; after
    a turn passes, the menu is what building it afresh gives."""
    session = fight(*PEOPLE)
    entries = menu_built_once(monkeypatch, session, menu, a.NextTurn())
    assert session.ruleset.turn_actions(state_of(session)) != entries
