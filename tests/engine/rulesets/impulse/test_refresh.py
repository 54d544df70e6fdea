"""Derived values after each Impulse action: only the fighters that may have changed are
worked out again, the check of who is in the fight builds no sheet records, and the
result is always what working out everyone afresh gives."""

from __future__ import annotations

from functools import partial

import pytest
from hypothesis import strategies as st

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse import (
    AdjustImpulse,
    EndTurn,
    SetCover,
)
from battlewheel.engine.rulesets.impulse import ruleset as impulse_ruleset
from battlewheel.engine.rulesets.impulse.rules import derived
from battlewheel.engine.rulesets.impulse.state import Fighter, ImpulseCombat
from tests.engine.counting import calls_of, step_matches_afresh, worked_out_afresh

from ..walking import random_walks
from .helpers import ana_defends_cy, block, fight
from .test_properties import OPTIONS, _setup_action, _turn_action

PEOPLE = tuple((f"f{n}", block(f"F{n}"), "ally" if n % 2 else "enemy", 1 + n) for n in range(8))


def _afresh(state: ImpulseCombat) -> dict[str, Fighter]:
    """Every record with its derived values worked out anew."""
    return worked_out_afresh(state, derived.refresh, "combatants")


def test_a_gm_edit_of_one_fighter_works_out_only_that_fighter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Eight fighters, the GM gives one Impulse: one DV is worked out, and checking who
    the action names builds no fighter's sheet record (bands to everyone)."""
    session = fight(*PEOPLE)
    dvs = calls_of(monkeypatch, derived, "own_dv")
    records = calls_of(monkeypatch, impulse_ruleset, "_seen")
    session.apply(AdjustImpulse("f3", 2))
    assert len(dvs) == 1
    assert records == []
    assert session.state.combatants == _afresh(session.state)


def test_the_defended_fighter_follows_a_change_of_its_defender() -> None:
    """Ana defends Cy (Cy's DV 1 becomes Ana's 3); Ana's partial cover lifts her DV to 5,
    and Cy's with it, though Cy's record is untouched (001 §Stunting Maneuvers)."""
    session = ana_defends_cy()
    session.apply(EndTurn())
    assert session.state.combatants["cy"].dv == 3
    session.apply(SetCover("ana", "partial"))
    assert session.state.combatants["ana"].dv == 5
    assert session.state.combatants["cy"].dv == 5
    assert session.state.combatants == _afresh(session.state)


@random_walks(30)
def test_the_incremental_refresh_matches_a_full_recompute(data: st.DataObject) -> None:
    """After each step of a random walk (undo and redo too), the derived values equal
    those worked out for every fighter from scratch."""
    session = CombatSession.new(data.draw(OPTIONS), ruleset="impulse")
    for _ in range(data.draw(st.integers(5, 60))):
        choose = _turn_action if session.state.started else _setup_action
        step_matches_afresh(session, partial(choose, data, session), _afresh,
                            lambda: data.draw(st.booleans()))
