"""Every limit the readers enforce is enforced first by the change that would pass it.

So the program never writes a file it would then refuse to open: the change (one
more action, combat or character, longer notes, a bigger file) is refused with the
limit named, and everything up to the limit saves and opens again.
"""

from dataclasses import replace
from pathlib import Path

import pytest

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import MAX_ACTIONS
from battlewheel.engine.rulesets.rewrite import (
    AddCombatant,
    CombatSession,
    RegainWillpower,
    SpendWillpower,
)
from battlewheel.engine.rulesets.rewrite.block import Character
from battlewheel.storage import campaign as campaign_module
from battlewheel.storage.campaign import (
    MAX_COMBATS,
    MAX_NOTES_LENGTH,
    Campaign,
    campaign_bytes,
    load_campaign,
    save_campaign,
)
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.characters import export_character
from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.journal import Journal
from battlewheel.storage.roster import RosterCharacter
from tests.engine.rulesets.rewrite.helpers import person


def willpower_clicks(count: int) -> CombatSession:
    """A combat of one fighter and ``count`` - 1 Willpower clicks, as a GM might make."""
    session = CombatSession.new()
    session.apply(AddCombatant("ana", person("Ana"), "ally"))
    for index in range(count - 1):
        session.apply(SpendWillpower("ana") if index % 2 == 0 else RegainWillpower("ana"))
    return session


def test_the_action_past_the_limit_is_refused_and_the_full_combat_reopens(
    tmp_path: Path,
) -> None:
    """Click 10,001 is refused by name; the 10,000 before it save and open unchanged."""
    session = willpower_clicks(MAX_ACTIONS)
    with pytest.raises(IllegalAction, match="a combat holds at most 10000 actions"):
        session.apply(SpendWillpower("ana"))
    assert session.refusal(SpendWillpower("ana")) is not None
    path = tmp_path / "long.json"
    save_campaign(Campaign().with_combat("Long", session), path)
    reopened = load_campaign(path)
    assert reopened.combats[0].session.to_json() == session.to_json()


def test_the_combat_past_the_limit_is_refused_and_the_campaign_reopens(
    tmp_path: Path,
) -> None:
    """File > New combat past 1,000 says why; the 1,000 combats save and open again."""
    campaign = Campaign()
    for number in range(MAX_COMBATS):
        campaign = campaign.with_combat(f"Fight {number}")
    files = StoredCampaigns(Journal(tmp_path / "journal.jsonl"))
    files.campaign, files.combat_id = campaign, campaign.combats[0].id
    with pytest.raises(ValueError, match="at most 1000 combats"):
        files.new_combat("One more", campaign.combats[0].session)
    assert files.campaign is campaign
    path = tmp_path / "many.json"
    save_campaign(campaign, path)
    assert len(load_campaign(path).combats) == MAX_COMBATS


def test_notes_past_the_limit_are_refused_when_set() -> None:
    """Notes of a million and one characters never make a campaign, so are never saved."""
    full = Campaign(notes="x" * MAX_NOTES_LENGTH)
    with pytest.raises(ValueError, match="campaign notes must be at most 1000000 characters"):
        replace(full, notes=full.notes + "x")


def test_a_campaign_over_the_file_limit_is_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save that would pass the size limit is refused and the old file stays."""
    path = tmp_path / "big.json"
    save_campaign(Campaign(), path)
    before = path.read_bytes()
    campaign = Campaign(notes="x" * 5000)
    monkeypatch.setattr(campaign_module, "MAX_FILE_BYTES", len(campaign_bytes(campaign)) - 1)
    with pytest.raises(CampaignFileError, match="files are limited to"):
        save_campaign(campaign, path)
    assert path.read_bytes() == before


def test_a_character_too_big_to_import_is_not_exported(tmp_path: Path) -> None:
    """Export refuses what import would refuse (files over 1 MiB) and writes nothing."""
    path = tmp_path / "chatty.json"
    with pytest.raises(CampaignFileError, match="character files are limited to 1 MiB"):
        # The notes stand in the identity and in the 2e block: 1.2 MB in all.
        chatty = Character("Chatty", notes="x" * 600_000)
        export_character(RosterCharacter.of_block("2e-rewrite", chatty), path)
    assert not path.exists()
