"""Rewind: the fight goes back to an earlier step as one logged, undoable action."""

import json
from pathlib import Path
from typing import Any

import pytest

from battlewheel.engine.core.actions import Rewind
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import SNAPSHOT_EVERY, CombatSession

EXAMPLES = Path(__file__).parents[2] / "resources" / "examples"
FIGHTS = ["mortal-duel.json", "ex3-clash.json", "impulse-duel.json",
          "poolward-mar-and-the-guard.json"]


def _fight(name: str) -> CombatSession:
    return CombatSession.from_json(json.loads((EXAMPLES / name).read_text(encoding="utf-8")))


def _seen(session: CombatSession, state: Any) -> tuple[Any, ...]:
    """What the GM sees of a state: the wheel and every combatant's record."""
    ruleset = session.ruleset
    return ruleset.turn_track(state), dict(ruleset.combatants(state))


def _replayed(session: CombatSession) -> CombatSession:
    return CombatSession.from_json(json.loads(json.dumps(session.to_json())))


@pytest.mark.parametrize("name", FIGHTS)
def test_a_rewind_brings_back_the_fight_as_it_stood_then(name: str) -> None:
    """After Rewind(to=3) the fight is as it was after three steps, in every system."""
    session = _fight(name)
    then = _seen(session, session.state_at(3))
    length = len(session.log)
    session.apply(Rewind(to=3))
    assert _seen(session, session.state) == then
    assert len(session.log) == length + 1  # the steps played stay in the record


@pytest.mark.parametrize("name", FIGHTS)
def test_undoing_a_rewind_returns_to_where_the_fight_had_got(name: str) -> None:
    """One undo takes the whole rewind back."""
    session = _fight(name)
    now = _seen(session, session.state)
    session.apply(Rewind(to=2))
    session.undo()
    assert _seen(session, session.state) == now


@pytest.mark.parametrize("name", FIGHTS)
def test_a_log_with_a_rewind_replays_to_the_same_fight(name: str) -> None:
    """Saved and opened again, the log (rewind and steps after it) rebuilds the same state."""
    session = _fight(name)
    session.apply(Rewind(to=4))
    session.apply(Rewind(to=len(session.log) - 1))  # back to just before the first rewind
    assert _seen(session, session.state) == _seen(session, session.state_at(len(session.log) - 2))
    assert _seen(_replayed(session), _replayed(session).state) == _seen(session, session.state)


def test_the_rewind_sentence_names_the_step_gone_back_to() -> None:
    """The log says which step, by that step's own sentence; step 0 is the opening."""
    session = _fight("mortal-duel.json")
    second = session.log[1].sentence.rstrip(".")
    session.apply(Rewind(to=2))
    assert session.log[-1].sentence == f"GM rewinds the fight to step 2: \u201c{second}\u201d."
    session.apply(Rewind(to=0))
    assert "when it was opened" in session.log[-1].sentence
    assert not session.ruleset.combatants(session.state)


@pytest.mark.parametrize("to", [-1, 26, 27])
def test_a_rewind_to_now_or_beyond_is_refused_and_changes_nothing(to: int) -> None:
    """Only an earlier step can be gone back to (the duel has 26 steps)."""
    session = _fight("mortal-duel.json")
    before = session.to_json()
    with pytest.raises(IllegalAction, match="earlier step"):
        session.apply(Rewind(to=to))
    assert session.to_json() == before


def test_a_rewind_reaches_back_past_a_snapshot() -> None:
    """A long fight (more steps than a snapshot spans) rewinds and undoes exactly."""
    session = _fight("mortal-duel.json")
    while len(session.log) <= SNAPSHOT_EVERY + 10:
        session.apply(Rewind(to=25))  # each lands one step before the duel's end
    now = _seen(session, session.state)
    session.apply(Rewind(to=5))
    assert _seen(session, session.state) == _seen(session, session.state_at(5))
    session.undo()
    assert _seen(session, session.state) == now
    assert _seen(_replayed(session), _replayed(session).state) == now


def test_state_at_refuses_a_step_the_log_does_not_have() -> None:
    """The preview reads only steps that exist."""
    session = _fight("ex3-clash.json")
    with pytest.raises(IllegalAction):
        session.state_at(len(session.log) + 1)
