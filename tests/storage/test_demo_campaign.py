"""The bundled demo campaign: one fight ready to start in each system found."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

from battlewheel.bundled import resource
from battlewheel.engine.core.session import FIRST_RULESET, CombatSession
from battlewheel.engine.rulesets import declared, systems
from battlewheel.storage.demo_campaign import load_demo_campaign

ROOT = Path(__file__).resolve().parents[2]


def builder() -> ModuleType:
    """``packaging/make_demo_campaign.py``, the script that writes the demo's new fights."""
    spec = importlib.util.spec_from_file_location(
        "make_demo_campaign", ROOT / "packaging" / "make_demo_campaign.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_demo_holds_one_fight_of_every_system_and_opens_on_the_2e_one() -> None:
    """A campaign opens on its newest fight: the 2e one, last, is what the first start shows."""
    demo = load_demo_campaign()
    names = [record.session.ruleset.name for record in demo.combats]
    assert sorted(names) == sorted(system.name for system in systems())
    assert names[-1] == "2e-rewrite"
    assert demo.combats[-1].name == "Ambush at Marrow Ford"


def test_the_bundled_file_stores_a_fight_of_every_system() -> None:
    """A fight the file does not store is made when the demo opens, loading that system's
    rules before the first paint: a new system's is stored by rerunning the builder."""
    stored = json.loads(resource("campaigns", "demo.json").read_bytes())
    held = {combat["session"].get("ruleset", FIRST_RULESET) for combat in stored["combats"]}
    missing = sorted(set(declared()) - held)
    assert not missing, (f"resources/campaigns/demo.json has no fight of {', '.join(missing)}: "
                         "run .venv/bin/python packaging/make_demo_campaign.py")


def test_each_new_fight_is_exactly_what_its_ruleset_builds() -> None:
    """The file never drifts from each ruleset's ``demo_fight`` (rerun the builder if it does)."""
    make = builder()
    demo = load_demo_campaign()
    for ruleset, combat_id, name in make.NEW_FIGHTS:
        record = demo.combat(combat_id)
        assert record.name == name
        assert record.session.to_json() == make.demo_session(ruleset).to_json()


def test_every_fight_is_ready_to_start_and_replays() -> None:
    """Fighters are in on both sides, nobody has acted: each log replays to the state the
    file's session has."""
    for record in load_demo_campaign().combats:
        session = record.session
        ids = session.ruleset.combatants(session.state)
        sides = {session.ruleset.sheet(session.state, cid).side for cid in ids}
        assert {"ally", "enemy"} <= sides, record.name
        again = CombatSession.from_json(session.to_json())
        assert session.ruleset.final_state(again.state) == \
            session.ruleset.final_state(session.state), record.name


def test_the_roster_holds_every_fighter_with_a_block_for_each_system_it_fights_in() -> None:
    """Each fighter of each fight is a roster character with a block of that fight's
    system (one who fights in two systems, one character with two blocks:
    tests/engine/rulesets/impulse/test_demo_roster.py)."""
    demo = load_demo_campaign()
    for record in demo.combats:
        session = record.session
        names = session.ruleset.names(session.state)
        for combatant_id in session.ruleset.combatants(session.state):
            character = demo.character(names(combatant_id))
            assert session.ruleset.name in character.rulesets(), names(combatant_id)
