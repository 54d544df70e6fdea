"""Derived values after each 3e action: only what may have changed is worked out again,
and the result is always what working out everyone afresh gives."""

from __future__ import annotations

import dataclasses
from functools import partial

import pytest
from hypothesis import strategies as st

from battlewheel.engine.core.actions import ChangeRuling
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import refresh
from battlewheel.engine.rulesets.ex3.rules import defence as d
from battlewheel.engine.rulesets.ex3.state import Combat, Combatant, Distraction
from tests.engine.counting import calls_of, step_matches_afresh, worked_out_afresh

from ..walking import random_walks
from .helpers import fight, fighter, group, state_of, typed
from .test_properties import _attack, _other, _session

PEOPLE = tuple((f"f{n}", fighter(f"F{n}"), "ally" if n % 2 else "enemy", n % 4) for n in range(8))


def _afresh(state: Combat) -> dict[str, Combatant]:
    """Every record with its derived values worked out anew."""
    return worked_out_afresh(state, refresh.refresh, "combatants")


def test_a_turn_passing_works_out_no_range_and_only_the_records_it_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Eight fighters: Next turn changes the one ending and the one beginning; nobody's
    band to anyone is looked up again, and the six others are the very same records."""
    session = fight(*PEOPLE)
    before = dict(state_of(session).combatants)
    bands = calls_of(monkeypatch, d, "band")
    worked = calls_of(monkeypatch, d, "best_parry")
    session.apply(a.NextTurn())
    after = state_of(session).combatants
    changed = [cid for cid in after if after[cid] is not before[cid]]
    assert bands == []
    assert len(worked) <= 2
    assert 1 <= len(changed) <= 2
    assert after == _afresh(state_of(session))


def test_a_move_works_out_the_ranges_again() -> None:
    """One steps a zone away: everyone's band to them follows, as a full refresh has it."""
    session = fight(*PEOPLE, close=False)
    actor = state_of(session).actor
    assert actor is not None
    session.apply(a.Move(actor, "zone", zone=1))
    state = state_of(session)
    assert state.combatants == _afresh(state)
    other = next(cid for cid in state.combatants if cid != actor)
    assert dict(state.combatants[other].derived.ranges)[actor] == d.band(state, other, actor)


def test_replaying_turns_works_out_only_the_records_each_turn_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Replaying 20 turns of eight fighters works out the Parry of at most the two
    fighters each turn changes, and everyone's once a new round (it was all eight
    after every action)."""
    session = fight(*PEOPLE)
    setup = session.to_json()
    for _ in range(20):
        session.apply(a.NextTurn())
    parries = calls_of(monkeypatch, d, "best_parry")
    CombatSession.from_json(setup)
    for_setup = len(parries)
    CombatSession.from_json(session.to_json())
    new_rounds = state_of(session).round - 1
    assert len(parries) - 2 * for_setup <= 2 * 20 + len(PEOPLE) * new_rounds


def test_a_grapple_and_a_ruling_reach_records_the_action_did_not_replace() -> None:
    """A grapples B; at the end of A's next turn, not maintained, it lets go while D's
    turn begins: B's Defence comes back though B's record is untouched. Rounding all
    halves down lowers C's Parry. The stored values follow each, as a full refresh has them."""
    session = fight(("a", fighter("A"), "ally", 6), ("c", fighter("C", dexterity=4), "ally", 5),
                    ("d", fighter("D"), "ally", 2), ("b", fighter("B"), "enemy", 1))
    free = state_of(session).combatants["b"].derived.defence_mod
    session.apply(a.Attack("a", "b", "gambit", "Unarmed", typed(4), typed(3), gambit="grapple",
                           control=typed(4), resist=typed(1)))
    assert state_of(session).combatants["b"].derived.defence_mod < free
    session.apply(a.NextTurn())
    while state_of(session).actor != "a":  # the rest of round 1, then C first in round 2
        session.apply(a.NextTurn())
    assert state_of(session).round == 2 and state_of(session).grapples
    held = state_of(session).combatants["b"]
    session.apply(a.NextTurn())
    state = state_of(session)
    assert state.actor == "d" and not state.grapples
    assert state.combatants["b"].derived.defence_mod == free
    assert state.combatants["b"].replace(derived=held.derived) == held
    assert state.combatants == _afresh(state)
    parry = state.combatants["c"].derived.parry
    session.apply(ChangeRuling("static_rounding", "down"))
    state = state_of(session)
    assert state.combatants["c"].derived.parry < parry
    assert state.combatants == _afresh(state)


@random_walks(25)
def test_the_incremental_refresh_matches_a_full_recompute(data: st.DataObject) -> None:
    """After each step of a random walk (undo and redo too), the derived values equal
    those worked out for every combatant from scratch."""
    session = _session(data)
    for _ in range(data.draw(st.integers(1, 40))):
        state = session.state
        fresh = state.turn is not None and not state.turn.simple
        maker = _attack if fresh and data.draw(st.integers(0, 3)) else _other
        step_matches_afresh(session, partial(maker, data, state), _afresh,
                            lambda: data.draw(st.booleans()))


def test_the_next_to_act_ranks_only_those_on_the_highest_tick(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Eight fighters on eight ticks: each Next turn ranks one fighter by Join Battle
    rating and speed (it ranked everyone yet to act), and picks waiting's first."""
    from battlewheel.engine.rulesets.ex3.handlers import flow

    session = fight(*((cid, block, side, n) for n, (cid, block, side, _) in enumerate(PEOPLE)))
    ranked = calls_of(monkeypatch, flow, "order_key")
    for _ in range(5):
        expected = flow.waiting(state_of(session))
        ranked.clear()
        session.apply(a.NextTurn())
        assert len(ranked) == 1
        assert state_of(session).actor == expected[1]


def _changed(name: str, value: object) -> object:
    """Another value of the kind ``value`` is (a field of a record)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, tuple):
        return (*value, "x")
    return Distraction("x", "y", 1) if name == "distraction" else 3


def test_every_field_own_values_does_not_list_leaves_them_alone() -> None:
    """Each field of a fighter and of a battle group outside ``OWN_INPUTS`` changed in
    turn: its own values stay the same (so a record that changed only those keeps them)."""
    session = fight(("a", fighter("A"), "ally", 3), ("g", group("Guards"), "enemy", 2))
    state = state_of(session)
    others = [f.name for f in dataclasses.fields(Combatant)
              if f.name not in (*refresh.OWN_INPUTS, "id", "derived")]
    assert others
    for who in state.combatants.values():
        same = refresh.own_values(state, who, who.derived.ranges)
        for name in others:
            changed = who.replace(**{name: _changed(name, getattr(who, name))})
            assert refresh.own_values(state, changed, who.derived.ranges) == same, name


def test_a_turn_ending_works_out_nothing_it_did_not_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The one whose turn ends is marked as having acted: its Parry is not worked out
    again (only, at most, that of the one whose turn begins)."""
    session = fight(*PEOPLE)
    parries = calls_of(monkeypatch, d, "best_parry")
    session.apply(a.NextTurn())
    ended = state_of(session).combatants[PEOPLE[3][0]]
    assert ended.acted
    assert all(args[0].id != ended.id for args in parries)
    assert len(parries) <= 1
