"""The shipped Impulse example logs: they equal what the builder makes, and they replay."""

from __future__ import annotations

import io
import json

import pytest

from battlewheel.cli import replay_command

from ..shipped import EXAMPLES, load, read
from .examples import BUILDERS


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_each_shipped_example_is_what_its_builder_makes(name: str) -> None:
    """resources/examples/impulse-*.json match tests/engine/rulesets/impulse/examples.py."""
    shipped = read(name)
    assert shipped == BUILDERS[name]().to_json()


def test_the_duel_ends_with_one_fighter_out() -> None:
    """The duel runs until Jade or the chief falls (001 §Endurance)."""
    state = load("impulse-duel.json").state
    assert [f.defeated for f in state.combatants.values()].count(True) == 1
    assert state.ended


def test_the_ambush_log_shows_the_hold_firing_and_an_untriggered_refund() -> None:
    """001 §Ambush Round, §Holding Action: the ambushed Jade acts last in round 1; the archer's
    hold fires before her; the chief's round-2 hold is refunded when round 3 begins."""
    sentences = [entry.sentence for entry in load("impulse-ambush-held.json").log]
    assert any("trigger comes; they act before it" in s for s in sentences)
    assert any(
        "Bandit Chief's trigger never came: 2 Impulse back. Round 3 begins" in s for s in sentences
    )
    assert "Swift Reed sees it coming." in " ".join(sentences)


def test_replay_prints_the_final_state_of_an_impulse_log() -> None:
    """`battlewheel replay` exits 0 and prints the round and each fighter's Endurance."""
    out, err = io.StringIO(), io.StringIO()
    assert replay_command(EXAMPLES / "impulse-duel.json", out=out, err=err) == 0
    printed = json.loads(out.getvalue())
    assert printed["phase"] == "ended"
    assert set(printed["combatants"]) == {"jade", "chief"}
