"""Derived values after each Pool & Ward action: only the fighters an action replaced are
worked out again, the others stay the very same records, and the result is always what
working out everyone afresh gives."""

from __future__ import annotations

import pytest
from hypothesis import strategies as st

from battlewheel.engine.core.actions import ChangeRuling
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward import Fight, SetTrack
from battlewheel.engine.rulesets.poolward.handlers import rounds
from battlewheel.engine.rulesets.poolward.state import Fighter
from tests.engine.counting import worked_out_afresh

from ..walking import random_walks
from .helpers import RULESET, fight, person
from .test_properties import OPTIONS, _next_action

PEOPLE = tuple((f"f{n}", person(f"F{n}"), "ally" if n % 2 else "enemy") for n in range(8))


def _afresh(state: Fight) -> dict[str, Fighter]:
    """Every record with its derived values worked out anew."""
    return worked_out_afresh(state, rounds.refresh, "fighters")


def test_a_gm_edit_of_one_fighter_works_out_only_that_fighter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Eight fighters, the GM sets one's Vigor: one condition is worked out, and the seven
    others are the very same records (each was copied after every action)."""
    session = fight(*PEOPLE)
    before = dict(session.state.fighters)
    worked: list[str] = []
    original = rounds.condition_of

    def counting(who: Fighter, options: object) -> str:
        worked.append(who.id)
        return original(who, options)  # type: ignore[arg-type]

    monkeypatch.setattr(rounds, "condition_of", counting)
    session.apply(SetTrack("f5", "vigor", 1))
    after = session.state.fighters
    assert worked == ["f5"]
    assert [cid for cid in after if after[cid] is not before[cid]] == ["f5"]
    assert after == _afresh(session.state)


def test_a_ruling_reaches_fighters_the_action_did_not_touch() -> None:
    """An NPC at -1 Health is disabled; under 'NPCs die at 0' it is dead at once
    (002 §Damage Tracking), though the ruling's change touched no record."""
    session = fight(("pc", person("Pc"), "ally"), ("npc", person("Npc"), "enemy"))
    session.apply(SetTrack("npc", "health", -1))
    assert session.state.fighters["npc"].condition == "disabled"
    session.apply(ChangeRuling("negative_health_npcs", "npcs_die_at_zero"))
    assert session.state.fighters["npc"].condition == "dead"
    assert session.state.fighters == _afresh(session.state)


@random_walks(30)
def test_the_incremental_refresh_matches_a_full_recompute(data: st.DataObject) -> None:
    """After each step of a random walk (undo and redo too), the derived values equal
    those worked out for every fighter from scratch."""
    session = CombatSession.new(data.draw(OPTIONS), ruleset=RULESET)
    for _ in range(data.draw(st.integers(5, 60))):
        try:
            session.apply(_next_action(data, session))
        except IllegalAction:
            continue
        assert session.state.fighters == _afresh(session.state)
        if data.draw(st.booleans()):
            session.undo()
            assert session.state.fighters == _afresh(session.state)
            session.redo()
            assert session.state.fighters == _afresh(session.state)
