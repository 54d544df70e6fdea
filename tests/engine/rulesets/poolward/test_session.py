"""A Pool & Ward fight as a session: JSON round trip, replay, rulings changed mid-fight."""

from __future__ import annotations

import json

import pytest

from battlewheel.engine.core.actions import ChangeRuling
from battlewheel.engine.core.codec import LogFormatError
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward import (
    Attack,
    NextTurn,
    PoolWardOptions,
    StartFight,
    demo_fight,
    preview_attack,
)

from .helpers import faces, typed


def _played() -> CombatSession:
    session = demo_fight()
    session.apply(StartFight())
    session.apply(Attack("cutthroat1", "edward", "Dagger", dice=faces(9, 3)))
    session.apply(NextTurn())
    session.apply(Attack("cutthroat2", "edward", "Dagger", dice=typed(2)))
    session.undo()
    return session


def test_a_session_survives_a_json_round_trip() -> None:
    """Saved as text and read back, the log replays to an equal state with the same redo."""
    session = _played()
    text = json.dumps(session.to_json())
    again = CombatSession.from_json(json.loads(text))
    assert again.state == session.state
    assert again.to_json() == session.to_json()
    assert again.ruleset.name == "pool-and-ward"
    again.redo()
    assert again.state.fighters["edward"].health < session.state.fighters["edward"].health


def test_a_refused_action_changes_nothing() -> None:
    """An attack out of turn is refused and the state is as it was."""
    session = _played()
    before = session.state.clone()
    with pytest.raises(IllegalAction, match="Cutthroat 2's turn"):
        session.apply(Attack("archer", "edward", "Longbow", dice=typed(1)))
    assert session.state == before


def test_a_ruling_changed_mid_fight_applies_from_then_on() -> None:
    """Turning flat_footed_drops_shield off gives Edward his shield back against cutthroat 2."""
    session = demo_fight()
    session.apply(StartFight())
    session.apply(Attack("cutthroat1", "edward", "Dagger", dice=typed(0)))
    session.apply(NextTurn())
    second = Attack("cutthroat2", "edward", "Dagger")
    assert preview_attack(session.state, second).pool == 5
    session.apply(ChangeRuling("flat_footed_drops_shield", False))
    assert preview_attack(session.state, second).pool == 3
    assert session.log[-1].sentence == "GM changes the ruling flat footed drops shield to off."
    with pytest.raises(IllegalAction, match="Rulings"):
        session.apply(ChangeRuling("dice", "d20"))


def test_the_options_are_saved_with_the_log() -> None:
    """A fight started under a ruling replays under it."""
    session = CombatSession.new(PoolWardOptions(bleed_rate=2), ruleset="pool-and-ward")
    saved = session.to_json()
    assert saved["options"]["bleed_rate"] == 2
    assert CombatSession.from_json(saved).options == PoolWardOptions(bleed_rate=2)


def test_an_unknown_action_kind_in_a_log_is_named() -> None:
    """Reading is strict: a 2e action in a Pool & Ward log is refused with its kind."""
    saved = demo_fight().to_json()
    saved["actions"].append({"kind": "next_tick"})
    with pytest.raises(Exception, match="next_tick"):
        CombatSession.from_json(saved)
    with pytest.raises(LogFormatError):
        CombatSession.new(ruleset="pool-and-ward").ruleset.action_from_json({"kind": "attack"})
