"""The joining terms ``roster`` and ``lasting`` (rules/between-fights.md lines 18-20): logs
recorded before they existed replay byte for byte, and a fresh join writes what it wrote.

tests/fixtures/carry/before/<system>.json were recorded with the code as it stood before
the terms (git archive of the branch point ea29d47, tests/fixtures/carry/record_before.py):
three fighters each joined through ``join_action``, and the ``battlewheel replay`` output
beside each.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from battlewheel.cli import replay_command
from battlewheel.engine.core.actions import action_to_json
from battlewheel.engine.core.lasting import LASTING_TERM, ROSTER_TERM
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.core.system import CARRY
from battlewheel.engine.rulesets import declared
from tests.conformance import SYSTEMS, piece

BEFORE = Path(__file__).resolve().parents[1] / "fixtures" / "carry" / "before"
RECORDED = tuple(sorted(path.stem for path in BEFORE.glob("*.json")))
"""The systems that had fights before the terms existed (a newer one has no old logs)."""
CARRYING = tuple(name for name in SYSTEMS if declared()[name][1].can(CARRY))
"""The systems whose fighters join at a carried condition."""


def _document(system: str) -> dict:
    return json.loads((BEFORE / f"{system}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("system", RECORDED)
def test_a_log_recorded_before_the_terms_replays_byte_for_byte(system: str) -> None:
    """``battlewheel replay`` prints what it printed when the log was recorded."""
    out, err = io.StringIO(), io.StringIO()
    assert replay_command(BEFORE / f"{system}.json", out=out, err=err) == 0, err.getvalue()
    assert out.getvalue() == (BEFORE / f"{system}.replay.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("system", RECORDED)
def test_its_actions_read_back_and_write_the_same_entries(system: str) -> None:
    """Every entry, read and written again, is the entry in the file: nobody joins with a
    roster name or a condition they did not have."""
    document = _document(system)
    session = CombatSession.from_json(document)
    assert [action_to_json(entry.action) for entry in session.log] == document["actions"]
    for entry in session.log:
        joining = action_to_json(entry.action).get("joining", {})
        assert ROSTER_TERM not in joining and LASTING_TERM not in joining


@pytest.mark.parametrize("system", CARRYING)
def test_a_fresh_join_writes_the_entry_it_wrote_before(system: str) -> None:
    """join_action with no roster name and no condition makes the recorded entry."""
    document = _document(system)
    session = CombatSession.from_json(document)
    ruleset = get_ruleset(system)
    for entry, written in zip(session.log, document["actions"], strict=False):
        if written["kind"] != "add_combatant":
            continue
        action = entry.action
        again = ruleset.join_action(action.id, action.character, action.side)
        assert action_to_json(again) == written


@pytest.mark.parametrize("system", CARRYING)
def test_a_join_at_a_condition_replays_alone(system: str) -> None:
    """A log whose fighter joined as they are replays to the same fight, from the file."""
    ruleset, rules, block, hurt = _hurt(system)
    session = CombatSession.new(ruleset=system)
    session.apply(ruleset.join_action("a", block, "ally", roster="Ana", lasting=hurt))
    written = json.loads(json.dumps(session.to_json()))
    assert written["actions"][0]["joining"][ROSTER_TERM] == "Ana"
    again = CombatSession.from_json(written)
    assert again.state == session.state
    carried = rules.after(again.state, "a", rules.fresh(block))
    # What the fight holds of the condition (Impulse's Endurance only under its ruling).
    assert carried == rules.after(session.state, "a", rules.fresh(block)) != rules.fresh(block)
    assert "at their current condition" in again.log[0].sentence
    plain = CombatSession.new(ruleset=system)
    plain.apply(ruleset.join_action("a", block, "ally"))
    assert "current condition" not in plain.log[0].sentence


def _hurt(system: str) -> tuple[Any, Any, Any, Any]:
    """The system's ruleset, its lasting rules, its first template's block and a
    condition one rest offer away from fresh (the system's conformance file)."""
    ruleset = get_ruleset(system)
    return (ruleset, ruleset.lasting_rules(), ruleset.block_templates()[0].block,
            piece(system, "hurt")()[0])


PROTOCOL = ("LASTING", "fresh", "after", "lines", "carried", "fitted", "summary", "sections",
            "rest_offers", "rested")


@pytest.mark.parametrize("system", CARRYING)
def test_every_system_gives_the_whole_lasting_protocol(system: str) -> None:
    """engine/core/lasting.py's LastingRules in every system; fresh is ``{}`` in JSON and
    reads back; "Restore to full" is always among the rests (page lines 21-22)."""
    ruleset = get_ruleset(system)
    rules = ruleset.lasting_rules()
    assert [name for name in PROTOCOL if not hasattr(rules, name)] == []
    block = ruleset.block_templates()[0].block
    fresh = rules.fresh(block)
    assert isinstance(fresh, rules.LASTING) and fresh.to_json() == {}
    assert rules.LASTING.from_json({}) == fresh
    hurt, restored = piece(system, "hurt")()
    assert rules.LASTING.from_json(json.loads(json.dumps(hurt.to_json()))) == hurt
    offers = {offer.key: offer for offer in rules.rest_offers(block, hurt, None)}
    assert "restore_all" in offers and offers["restore_all"].why_not == ""
    assert rules.rested(block, hurt, _restore_all(), None).lasting == restored
    assert rules.fitted(block, hurt).lasting == hurt


@pytest.mark.parametrize("system", CARRYING)
def test_a_fighter_gone_from_the_fight_leaves_what_they_joined_with(system: str) -> None:
    """Lines 9-12: nothing carries by itself; one not in the fight keeps their condition."""
    _ruleset, rules, block, hurt = _hurt(system)
    session = CombatSession.new(ruleset=system)
    assert rules.after(session.state, "nobody", hurt) == hurt
    assert rules.lines(block, hurt, hurt, None) == ()


def _restore_all() -> object:
    from battlewheel.engine.core.lasting import RestChoice

    return RestChoice("restore_all")
