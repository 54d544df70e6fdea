"""The shipped Pool & Ward example logs: each is what its builder makes, and replays to the
seed's numbers."""

from __future__ import annotations

import io
import json

import pytest

from battlewheel.cli import replay_command
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward import Attack, demo_fight

from ..shipped import EXAMPLES, load, read
from .examples import BUILDERS


def _attack_sentences(session: CombatSession) -> list[str]:
    return [e.sentence for e in session.log if isinstance(e.action, Attack)]


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_each_shipped_example_is_what_its_builder_makes(name: str) -> None:
    """resources/examples/poolward-*.json equal tests/engine/rulesets/poolward/examples.py."""
    shipped = read(name)
    assert shipped == BUILDERS[name]().to_json()
    assert load(name).state == BUILDERS[name]().state


def test_mar_rolls_seven_dice_against_the_guard() -> None:
    """10 dice less 3 defence: every swing of Mar's is 7 dice (002 §Attack Roll Dice Pools)."""
    session = load("poolward-mar-and-the-guard.json")
    mars = [s for s in _attack_sentences(session) if s.startswith("Mar ")]
    assert mars and all("10 dice \u2212 3 = 7 dice" in s for s in mars)
    assert session.state.fighters["guard"].condition == "disabled"


@pytest.mark.parametrize(("name", "pools"), [
    ("poolward-edward-example-reading.json", ["2", "3", "5"]),
    ("poolward-edward-definition.json", ["2", "5", "7"]),
])
def test_edwards_attackers_roll_the_pools_of_each_reading(name: str, pools: list[str]) -> None:
    """The example keeps the shield (2, 3, 5); the definition drops it (2, 5, 7)."""
    sentences = _attack_sentences(load(name))[:3]
    assert [s.split(" = ")[1].split(" ")[0] for s in sentences] == pools


def test_the_fireball_doubles_three_into_six_on_the_zombie() -> None:
    """Mortal damage: 3 successes become 6; the zombie bleeds to -1, then dies at -5; the claws
    meet Ward 2 and DR first; Backlash heals overnight."""
    session = load("poolward-fireball-and-the-zombie.json")
    claws, first, second = _attack_sentences(session)
    assert "4 successes, Ward absorbs 2, DR turns 1 non-lethal" in claws
    assert "3 successes, Mortal: 6, Health \u22126 (now -1)" in first
    assert second.endswith("Zombie is dead.")
    malatar = session.state.fighters["malatar"]
    assert (malatar.health, malatar.vigor, malatar.backlash_vigor) == (3, 3, 0)


def test_replay_prints_the_final_state_of_a_pool_and_ward_log() -> None:
    """``battlewheel replay`` rebuilds the fight and prints the round and the tracks."""
    out, err = io.StringIO(), io.StringIO()
    code = replay_command(EXAMPLES / "poolward-fireball-and-the-zombie.json", out=out, err=err)
    assert code == 0, err.getvalue()
    printed = json.loads(out.getvalue())
    assert printed["ended"] and printed["fighters"]["zombie"]["condition"] == "dead"


def test_the_demo_fight_is_set_up_and_ready_to_start() -> None:
    """Edward and his three attackers, ordered, not yet started."""
    session = demo_fight()
    assert list(session.state.fighters) == ["edward", "cutthroat1", "cutthroat2", "archer"]
    assert session.state.order[-1] == "edward" and not session.state.started
    assert session.ruleset.turn_actions(session.state)[0].enabled
