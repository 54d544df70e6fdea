"""Every stored type comes back equal after JSON and after a save and load."""

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite.block import Armour, Character, Weapon
from battlewheel.engine.rulesets.rewrite.options import RewriteOptions
from battlewheel.storage.campaign import (
    Campaign,
    campaign_bytes,
    load_campaign,
    save_campaign,
)
from battlewheel.storage.demo_campaign import load_demo_campaign
from tests.storage.strategies import (
    armours,
    campaigns,
    characters,
    options,
    sessions,
    weapons,
)

SLOW = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def through_json(obj: dict) -> dict:  # type: ignore[type-arg]
    return json.loads(json.dumps(obj))


@given(weapons())
def test_weapon_round_trips_through_json(weapon: Weapon) -> None:
    """A weapon written and read back is equal to the original."""
    assert Weapon.from_json(through_json(weapon.to_json())) == weapon


@given(armours())
def test_armour_round_trips_through_json(armour: Armour) -> None:
    """A suit of armour written and read back is equal to the original."""
    assert Armour.from_json(through_json(armour.to_json())) == armour


@given(options)
def test_ruleset_options_round_trip_through_json(chosen: RewriteOptions) -> None:
    """Every ruling the GM chose comes back as chosen."""
    assert RewriteOptions.from_json(through_json(chosen.to_json())) == chosen


@SLOW
@given(characters())
def test_character_round_trips_through_json(character: Character) -> None:
    """A character written and read back is equal to the original."""
    assert Character.from_json(through_json(character.to_json())) == character


@SLOW
@given(sessions())
def test_combat_session_round_trips_with_state_log_and_redo(session: CombatSession) -> None:
    """A combat's log, redo list and the state rebuilt from them come back the same."""
    again = CombatSession.from_json(through_json(session.to_json()))
    assert again.to_json() == session.to_json()
    assert again.can_redo == session.can_redo
    for cid, fighter in session.state.combatants.items():
        assert again.state.combatants[cid].health == fighter.health


@SLOW
@given(campaigns())
def test_campaign_round_trips_through_a_file(tmp_path: Path, campaign: Campaign) -> None:
    """Saving then loading gives an equal campaign and the same bytes on a second save."""
    path = tmp_path / "round.json"
    save_campaign(campaign, path)
    loaded = load_campaign(path)
    assert loaded == campaign
    assert [r.session.to_json() for r in loaded.combats] == \
        [r.session.to_json() for r in campaign.combats]
    assert campaign_bytes(loaded) == path.read_bytes()


def test_demo_campaign_has_the_promised_cast_and_a_combat_ready_to_start() -> None:
    """The demo holds a Solar, a Dragon-Blooded, named mortals, extras and, last, an
    unstarted 2e fight."""
    demo = load_demo_campaign()
    kinds = [character.identity.kind for character in demo.characters]
    assert "Solar" in kinds and "Dragon-Blooded" in kinds
    assert kinds.count("extra") >= 3
    assert sum(kind in ("mortal", "heroic mortal") for kind in kinds) >= 2
    assert [record.session.ruleset.name for record in demo.combats][-1] == "2e-rewrite"
    state = demo.combats[-1].session.state
    assert len(state.combatants) >= 4
    assert state.current_tick is None
