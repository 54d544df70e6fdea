"""What the window asks of an Impulse state after one step is worked out once: the
round's order and its unsettled ties for unchanged records, and the sheet records' bands
to everyone from one pass over the pairs."""

from __future__ import annotations

import pytest

from battlewheel.engine.rulesets.impulse import EndTurn, SetRange, menu, wheel
from battlewheel.engine.rulesets.impulse import ruleset as impulse_ruleset
from battlewheel.engine.rulesets.impulse.actions import AddCombatant, SettleTie
from battlewheel.engine.rulesets.impulse.state import ImpulseCombat
from tests.engine.counting import calls_of, menu_built_once

from .helpers import block, fight

PEOPLE = tuple((f"f{n}", block(f"F{n}"), "ally" if n % 2 else "enemy", 1 + n % 3)
               for n in range(8))


def test_the_order_is_sorted_once_for_the_same_records_and_again_after_a_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The wheel, the table, the menu and the status ask the round's order: it is ranked
    once; after a turn ends it is what ranking afresh gives."""
    session = fight(*PEOPLE)
    ranks = calls_of(monkeypatch, ImpulseCombat, "_rank")
    first = session.state.order()
    ranked = len(ranks)
    ruleset = session.ruleset
    ruleset.turn_track(session.state)
    ruleset.turn_order(session.state)
    ruleset.turn_actions(session.state)
    ruleset.status_line(session.state)
    assert session.state.order() == first
    assert ranked > 0
    assert len(ranks) == ranked
    session.apply(EndTurn())
    assert session.state.order() == session.state._order()


def test_the_unsettled_ties_are_grouped_once_for_the_same_records_and_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Tied order values (the fighters roll alike): the ties are grouped once however
    often the menu asks; a turn later they are what grouping afresh gives."""
    session = fight(*PEOPLE, start=False)
    groups = calls_of(monkeypatch, menu, "_groups")
    ties = menu.unsettled_ties(session.state)
    grouped = len(groups)
    session.ruleset.turn_actions(session.state)
    session.ruleset.next_step(session.state)
    assert menu.unsettled_ties(session.state) == ties
    assert ties and grouped > 0
    assert len(groups) == grouped
    session.apply(SettleTie(ties[0]))
    assert menu.unsettled_ties(session.state) == menu._unsettled_ties(session.state)
    assert menu.unsettled_ties(session.state) != ties


def test_the_sheet_records_read_every_band_without_asking_each_pair(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Set bands, and a reinforcement at Extreme: each record's bands to everyone are
    what ``band`` gives for the pair, worked out without asking ``band`` at all."""
    session = fight(*PEOPLE)
    session.apply(SetRange("f0", "f1", "short"))
    session.apply(SetRange("f2", "f5", "long"))
    session.apply(AddCombatant("late", block("Late"), "enemy", band="melee", reserve=True))
    state = session.state
    assert state.in_reserve("late")
    bands = calls_of(monkeypatch, ImpulseCombat, "band")
    records = session.ruleset.combatants(state)
    assert bands == []
    monkeypatch.undo()
    for cid, record in records.items():
        others = [other for other in state.combatants if other != cid]
        assert record[1] == tuple(state.band(cid, other) for other in others)
    assert len(set(records["f0"][1])) > 1


def test_a_step_draws_again_only_the_counters_of_the_records_it_replaced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After a turn ends, the ring works out badges and tooltip lines only for the
    records the step replaced, and equals the ring drawn with nothing kept."""
    session = fight(*PEOPLE)
    session.ruleset.turn_track(session.state)
    before = dict(session.state.combatants)
    session.apply(EndTurn())
    after = session.state.combatants
    replaced = [cid for cid in after if after[cid] is not before[cid]]
    looks = calls_of(monkeypatch, wheel._looks, "work")
    track = session.ruleset.turn_track(session.state)
    assert 1 <= len(looks) == len(replaced) < len(after)
    monkeypatch.undo()
    wheel._looks.found.clear()
    assert track == session.ruleset.turn_track(session.state)


def test_the_turn_column_builds_no_sheet_record(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's turn-order column, read when the wheel changed, needs the ids alone:
    no fighter's bands to everyone are gathered for it."""
    session = fight(*PEOPLE)
    records = calls_of(monkeypatch, impulse_ruleset, "_seen")
    column = session.ruleset.roster_order(session.state)
    assert records == []
    assert column is not None and set(column) == set(session.state.combatants)


def test_the_menu_is_built_once_for_space_and_the_menu_of_one_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Space's entry and the Combat menu of the same state build the entries once; after
    a turn ends, the menu is what building it afresh gives."""
    session = fight(*PEOPLE)
    entries = menu_built_once(monkeypatch, session, menu, EndTurn())
    assert entries  # the first state's menu, kept until the state changed
