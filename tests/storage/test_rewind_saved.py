"""A rewound fight survives the campaign file: the log keeps the rewind and what it skipped."""

import json
from pathlib import Path

from battlewheel.engine.core.actions import Rewind
from battlewheel.engine.core.session import CombatSession
from battlewheel.storage.campaign import Campaign, load_campaign, save_campaign

EXAMPLES = Path(__file__).parents[2] / "resources" / "examples"


def test_a_campaign_with_a_rewound_fight_opens_where_it_was(tmp_path: Path) -> None:
    """Saved after Rewind(to=5) and opened again: the same fight, every step in its log."""
    log = json.loads((EXAMPLES / "impulse-duel.json").read_text(encoding="utf-8"))
    session = CombatSession.from_json(log)
    played = len(session.log)
    session.apply(Rewind(to=5))
    path = tmp_path / "campaign.json"
    save_campaign(Campaign(name="Rewound").with_combat("Duel", session), path)
    opened = load_campaign(path).combats[0].session
    assert len(opened.log) == played + 1
    assert opened.log[-1].action == Rewind(to=5)
    ruleset = opened.ruleset
    assert ruleset.turn_track(opened.state) == ruleset.turn_track(session.state_at(5))
    assert dict(ruleset.combatants(opened.state)) == dict(ruleset.combatants(session.state))
