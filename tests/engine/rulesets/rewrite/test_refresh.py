"""Derived values after each action: only what changed is recomputed, nothing goes stale."""

from __future__ import annotations

from functools import partial

import pytest
from hypothesis import strategies as st

from battlewheel.engine.rulesets.rewrite import (
    PARTIALLY,
    UNSURPRISED,
    AddCombatant,
    CombatSession,
    Concealment,
    DeclareConcealment,
    MoveCounter,
    NextTick,
    RollAmbush,
    SetHealth,
    SpendWillpower,
)
from battlewheel.engine.rulesets.rewrite.rules import values
from battlewheel.engine.rulesets.rewrite.state import Combat, Combatant
from tests.engine.counting import calls_of, step_matches_afresh, worked_out_afresh

from ..walking import random_walks
from .helpers import person, started, typed
from .test_properties import OPTIONS, _fight_action, _setup_action


def _afresh(state: Combat) -> dict[str, Combatant]:
    """Every record with its derived values worked out anew."""
    return worked_out_afresh(state, values.refresh, "combatants")


def test_an_action_on_one_combatant_leaves_the_others_untouched() -> None:
    """Two bashing levels on B give B a -1 wound penalty; A is the very same object."""
    session = started(a=3, b=3)
    before = session.state.combatants["a"]
    session.apply(SetHealth("b", "//......"))
    assert session.state.combatants["a"] is before
    assert session.state.combatants["b"].wound_penalty == 1


def test_an_untouched_combatant_is_refreshed_when_the_fight_around_it_changes() -> None:
    """A sees B; C hides from A with 3 successes against SDV 1: A becomes Partially Surprised."""
    session = CombatSession.new()
    session.apply(AddCombatant("a", person("A"), "ally"))
    session.apply(AddCombatant("b", person("B"), "enemy"))
    session.apply(AddCombatant("c", person("C"), "enemy"))
    assert session.state.combatants["a"].surprise == UNSURPRISED
    session.apply(DeclareConcealment("c", (Concealment("a", "cover"),)))
    session.apply(RollAmbush("c", typed(3)))
    assert session.state.combatants["a"].surprise == PARTIALLY


def test_a_new_tick_recomputes_only_the_laps_of_untouched_counters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Next tick: B, two laps ahead, is a lap nearer; its DVs are not worked out again."""
    session = started(a=3, b=3)
    tick = session.state.current_tick
    count = session.state.segment_count
    session.apply(MoveCounter("b", tick=tick + 2 * count))
    assert session.state.combatants["b"].laps_ahead == 2
    worked: list[str] = []
    original = values.current_dvs

    def counting(who: Combatant, **kwargs: bool) -> dict[str, int]:
        worked.append(who.id)
        return original(who, **kwargs)

    monkeypatch.setattr(values, "current_dvs", counting)
    session.apply(NextTick())
    assert session.state.current_tick == tick + 1
    assert session.state.combatants["b"].laps_ahead == 1
    assert "b" not in worked
    assert session.state.combatants == _afresh(session.state)


def test_a_record_replaced_without_a_change_to_its_derived_fields_inputs_is_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Willpower spent replaces A's record, but nothing its DVs, segment, surprise or
    wound penalty follow from, nor anyone's side or awareness: nothing is worked out
    (every record replaced had its DVs and everyone's awareness worked out again: a
    tenth of a 2e forecast)."""
    session = started(a=3, b=3)
    worked = calls_of(monkeypatch, values, "_derived_fields")
    aware = calls_of(monkeypatch, values, "_awareness")
    session.apply(SpendWillpower("a", 1))
    assert session.state.combatants["a"].willpower == 4
    assert (worked, aware) == ([], [])
    assert session.state.combatants == _afresh(session.state)
    # Refreshed again with nothing changed (the tick's effects refresh twice), it keeps
    # what it had: no record looked at, no new bookkeeping made.
    kept = session.state.refreshed
    values.refresh(session.state)
    assert session.state.refreshed is kept


@random_walks(30)
def test_the_incremental_refresh_matches_a_full_recompute(data: st.DataObject) -> None:
    """After each step of a random walk (undo and redo too), the derived fields equal
    those worked out for every combatant from scratch."""
    session = CombatSession.new(data.draw(OPTIONS))
    for _ in range(data.draw(st.integers(5, 60))):
        choose = _fight_action if session.state.started else _setup_action
        step_matches_afresh(session, partial(choose, data, session), _afresh,
                            lambda: data.draw(st.booleans()))
