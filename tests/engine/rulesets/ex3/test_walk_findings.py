"""What the walk of every action kind found in 3e (tests/engine/test_every_action.py):
a clash naming a stranger, an Initiative past what the ring can show (issue 23)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from battlewheel.cli import replay_command
from battlewheel.engine.core.actions import Action, action_to_json
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import CombatSession
from tests.engine.rulesets.every_action import fights, hang_guard


def _clash_naming(session: CombatSession, stranger: str) -> Action:
    from battlewheel.engine.rulesets.ex3 import actions as a
    from battlewheel.engine.rulesets.ex3.demo import circle

    actor = session.state.actor or "jade"
    weapon = circle()[0].weapons[0].name
    return a.Clash(a.ClashSide(actor, "withering", weapon, DiceEntry(successes=3)),
                   a.ClashSide(stranger, "withering", weapon, DiceEntry(successes=1)))


def test_a_3e_clash_with_a_stranger_is_refused_and_replay_exits_3(tmp_path: Path) -> None:
    """Issue 23.2: an ``attacker`` who is not in the fight raised KeyError in
    ``clash.can_answer``; now a rules refusal, and ``battlewheel replay`` exits 3."""
    from battlewheel.engine.rulesets.ex3 import actions as a

    session = fights()["3e"]()
    session.apply(a.StartCombat())
    clash = _clash_naming(session, "ghost")
    with pytest.raises(IllegalAction, match="'ghost', who is not in this fight"):
        session.apply(clash)
    log = session.to_json()
    log["actions"].append(action_to_json(clash))
    path = tmp_path / "clash.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert replay_command(path, out=out, err=err) == 3
    assert "who is not in this fight" in err.getvalue()


def test_a_huge_initiative_is_refused_and_the_highest_allowed_draws_a_ring() -> None:
    """Issue 23.6: Initiative 1,000,000,000 hung the 3e ring (one slot a value); a GM's
    Initiative is bounded by what the ring can show, and at the bound it draws."""
    from battlewheel.engine.rulesets.ex3 import actions as a
    from battlewheel.engine.rulesets.ex3.ruleset import INITIATIVE_EDIT_RANGE

    session = fights()["3e"]()
    session.apply(a.StartCombat())
    with pytest.raises(IllegalAction, match="value must be -30 to 100"):
        session.apply(a.SetInitiative("jade", 10**9))
    low, high = INITIATIVE_EDIT_RANGE
    session.apply(a.SetInitiative("jade", high))
    session.apply(a.SetInitiative("ember", low))
    with hang_guard("the ring at the bounds"):
        track = session.ruleset.turn_track(session.state)
    assert len(track.slots) == high - low + 1
