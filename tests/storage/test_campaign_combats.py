"""A campaign's several combats in storage: a new one, another shown, and the crash journal."""

from dataclasses import replace
from pathlib import Path

import pytest

from battlewheel.engine.rulesets.rewrite.actions import AddCombatant, EndCombat
from battlewheel.storage.campaign import save_campaign
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.storage.journal import Journal, recover


def opened(tmp_path: Path) -> StoredCampaigns:
    """The demo's 2e fight alone in a campaign file, opened, with a journal in tmp_path."""
    path = tmp_path / "ford.json"
    demo = load_demo_campaign()
    save_campaign(replace(demo, combats=demo.combats[-1:]), path)
    files = StoredCampaigns(Journal(tmp_path / "journal.jsonl"))
    files.load(path)
    return files


def test_next_combat_name_counts_on_from_the_combats_there_are(tmp_path: Path) -> None:
    """One combat: 'Combat 2'; with 'Combat 3' already taken by the second, 'Combat 4'."""
    files = opened(tmp_path)
    shown = files.campaign.combats[0].session
    assert files.next_combat_name() == "Combat 2"
    files.new_combat("combat 3", shown)
    assert files.next_combat_name() == "Combat 4"


@pytest.mark.parametrize("name", ["", "   ", "x" * 201])
def test_a_blank_or_overlong_name_is_refused_and_changes_nothing(
    tmp_path: Path, name: str
) -> None:
    """The message names the field and the allowed length; the campaign keeps one combat."""
    files = opened(tmp_path)
    with pytest.raises(ValueError, match="combat name must be 1 to 200 characters"):
        files.new_combat(name, files.campaign.combats[0].session)
    assert len(files.campaign.combats) == 1
    assert files.combat_id == "combat-1"


def test_a_crash_after_a_new_combat_restores_both_with_the_new_one_shown(
    tmp_path: Path,
) -> None:
    """Journal after New combat and one fighter: the restore has both combats, the new shown."""
    files = opened(tmp_path)
    first = files.campaign.combats[0].session
    first.apply(EndCombat())
    files.record_change(first)
    new = files.new_combat("Bridge at dusk", first)
    fighter = files.campaign.characters[0].block("2e-rewrite")
    new.apply(AddCombatant("ally-1", fighter, "ally"))
    files.record_change(new)
    # The run dies here: nothing saved, the journal is all there is.
    again = StoredCampaigns(Journal(tmp_path / "journal.jsonl"))
    offer = again.pending_recovery()
    assert offer is not None and offer.combat_id == "combat-2"
    restored = again.restore()
    assert [r.name for r in again.campaign.combats] == ["Ambush at Marrow Ford", "Bridge at dusk"]
    assert restored.to_json() == new.to_json()
    assert again.campaign.combats[0].session.to_json() == first.to_json()
    assert again.path == tmp_path / "ford.json"


def test_a_crash_after_switching_back_restores_the_first_combat_on_screen(
    tmp_path: Path,
) -> None:
    """Show the first combat again, change it: the journal brings back that one, on screen."""
    files = opened(tmp_path)
    first = files.campaign.combats[0].session
    new = files.new_combat("Combat 2", first)
    shown = files.show_combat("combat-1", new)
    assert shown is first
    first.apply(EndCombat())
    files.record_change(first)
    recovered = recover(tmp_path / "journal.jsonl")
    assert recovered.combat_id == "combat-1"
    assert recovered.campaign.combat("combat-1").session.state.ended
    assert [r.id for r in recovered.campaign.combats] == ["combat-1", "combat-2"]


def test_showing_an_unknown_combat_raises_and_changes_nothing(tmp_path: Path) -> None:
    """A stale id from the menu: KeyError, and the combat on screen stays."""
    files = opened(tmp_path)
    with pytest.raises(KeyError):
        files.show_combat("combat-9", files.campaign.combats[0].session)
    assert files.combat_id == "combat-1"
