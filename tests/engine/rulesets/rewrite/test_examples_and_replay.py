"""The shipped example logs and the ``battlewheel replay`` command."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from battlewheel.cli import replay_command
from battlewheel.engine.rulesets.rewrite import TOTALLY, CombatSession, DeclareFlurry

from ..shipped import EXAMPLES, load, read
from .examples import BUILDERS


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_each_shipped_example_is_what_its_builder_makes(name: str) -> None:
    """The 2e files in resources/examples replay and match the 2e examples builder."""
    shipped = read(name)
    assert shipped == BUILDERS[name]().to_json()


def test_the_mortal_duel_ends_with_one_duellist_incapacitated() -> None:
    """Exactly one of the two mortals is Incapacitated when the duel ends."""
    state = load("mortal-duel.json").state
    down = [c.id for c in state.combatants.values() if c.health.incapacitated]
    assert len(down) == 1
    assert state.ended


def test_the_ambushed_guard_starts_totally_surprised_and_joins_late() -> None:
    """4 stealth successes against SDV (2+1+1)/2 - 1 = 1 leave margin 3; the guard joins at tick 7.

    The guard's late Join Battle botches (a 1 on one die), so the counter goes the most
    allowed, 6 past the active tick 1.
    """
    session = load("ambush-late-joiner.json")
    entries = [entry.action.kind for entry in session.log]
    before_start = entries.index("start")
    replay = CombatSession.new()
    for entry in session.log[:before_start]:
        replay.apply(entry.action)
    assert replay.state.combatants["guard"].surprise == TOTALLY
    assert replay.state.margin_of_surprise("guard", "assassin") == 3
    late = next(e for e in session.log if e.sentence.startswith("Guard rolls Join Battle"))
    assert late.events[0].text.endswith("Counter placed on tick 7.")


def test_the_exalt_pays_for_seven_shadows_and_the_first_excellency() -> None:
    """16 personal motes less 6 for Seven Shadows Evasion and 3 for 3 Excellency dice leave 7."""
    session = load("exalt-versus-extras.json")
    state = session.state
    assert state.combatants["jade"].personal_motes == 7
    flurries = [e.action for e in session.log if isinstance(e.action, DeclareFlurry)]
    magical = [f for f in flurries if f.magical]
    assert magical and len(magical[0].manoeuvres) == 3  # three swings of a Rate 2 sword
    soldiers = [c for cid, c in state.combatants.items() if cid != "jade"]
    assert all(c.health.incapacitated for c in soldiers)


def test_the_bodyguard_blocks_for_the_merchant_until_he_falls() -> None:
    """The cover turns an arrow onto the bodyguard; the swordsman gets past once, then fails
    and turns on him; critical, the bodyguard is Inactive of himself; the merchant is unhurt.
    """
    session = load("bodyguard-block.json")
    texts = [event.text for entry in session.log for event in entry.events]
    assert "The cover stops the shot at Merchant; it strikes Bodyguard." in texts
    assert any(t.startswith("Swordsman gets past Bodyguard's Block") for t in texts)
    assert any(t.endswith("and attacks Bodyguard instead.") for t in texts)
    assert "Bodyguard is critical and cannot act: Inactive, Speed 5." in texts
    assert session.state.combatants["merchant"].health.marks == "." * 10


def test_replay_prints_the_final_state_as_json() -> None:
    """The command exits 0 and prints the tick and each combatant's wheel and health."""
    out, err = io.StringIO(), io.StringIO()
    code = replay_command(EXAMPLES / "mortal-duel.json", out=out, err=err)
    printed = json.loads(out.getvalue())
    state = load("mortal-duel.json").state
    assert code == 0
    assert printed["current_tick"] == state.current_tick
    assert printed["combatants"]["bo"]["health"] == state.combatants["bo"].health.marks
    assert set(printed["combatants"]["ana"]) >= {
        "next_tick",
        "segment",
        "health",
        "wound_penalty",
        "dvs",
        "personal_motes",
        "peripheral_motes",
        "willpower",
        "surprise",
    }


def test_replay_of_invalid_json_exits_non_zero(tmp_path: Path) -> None:
    """Broken JSON prints 'not valid JSON' and exits 2."""
    log = tmp_path / "broken.json"
    log.write_text("{", encoding="utf-8")
    err = io.StringIO()
    assert replay_command(log, out=io.StringIO(), err=err) == 2
    assert "not valid JSON" in err.getvalue()


def test_replay_of_an_illegal_entry_names_it_and_the_rule(tmp_path: Path) -> None:
    """A counter dropped on a passed tick fails at its entry, citing 000 §Move Counters."""
    data = read("mortal-duel.json")
    data["actions"].insert(8, {"kind": "move_counter", "combatant": "ana", "tick": 0})
    log = tmp_path / "illegal.json"
    log.write_text(json.dumps(data), encoding="utf-8")
    err = io.StringIO()
    assert replay_command(log, out=io.StringIO(), err=err) == 3
    assert "entry 8: move_counter refused: 000 §Move Counters" in err.getvalue()


def test_replay_of_an_unknown_action_names_the_entry(tmp_path: Path) -> None:
    """An unknown kind at entry 0 is reported with its index and exits non-zero."""
    log = tmp_path / "unknown.json"
    log.write_text(json.dumps({"actions": [{"kind": "fireball"}]}), encoding="utf-8")
    err = io.StringIO()
    assert replay_command(log, out=io.StringIO(), err=err) != 0
    assert "entry 0" in err.getvalue() and "fireball" in err.getvalue()
