"""Roster changes and new campaigns in the campaign slot: journaled, and refused whole."""

from pathlib import Path

import pytest

from battlewheel.storage.campaign import save_campaign
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.storage.journal import Journal


def _loaded(tmp_path: Path) -> tuple[StoredCampaigns, Path]:
    journal = tmp_path / "j.jsonl"
    files = StoredCampaigns(Journal(journal))
    path = tmp_path / "demo.json"
    save_campaign(load_demo_campaign(), path)
    files.load(path)
    return files, journal


def test_a_roster_change_is_journaled_so_a_crash_keeps_it(tmp_path: Path) -> None:
    """A roster without Sesus, then put back as it was: each state is what a restore brings."""
    files, journal = _loaded(tmp_path)
    full = files.campaign.characters
    files.set_characters(tuple(c for c in full if c.name != "Sesus Amaranth"))
    restored = StoredCampaigns(Journal(journal))
    restored.restore()
    assert [c.name for c in restored.campaign.characters] == \
        [c.name for c in full if c.name != "Sesus Amaranth"]
    files.set_characters(full)  # an undo
    again = StoredCampaigns(Journal(journal))
    again.restore()
    assert again.campaign.characters == full


def test_a_new_campaign_has_its_name_an_empty_roster_and_one_empty_combat(
        tmp_path: Path) -> None:
    """New campaign: no characters, one combat of the system asked for, no file yet."""
    files, _ = _loaded(tmp_path)
    session = files.new_campaign("  Next week  ", "impulse")
    assert files.campaign.name == "Next week" and files.campaign.characters == ()
    assert files.path is None and len(files.campaign.combats) == 1
    assert session.ruleset.name == "impulse" and not session.log


@pytest.mark.parametrize("name", ["", "   ", "x" * 201])
def test_a_new_campaign_needs_a_name(tmp_path: Path, name: str) -> None:
    """A blank or overlong name is refused, naming the limits, and the campaign stays."""
    files, _ = _loaded(tmp_path)
    before = files.campaign
    with pytest.raises(ValueError, match="campaign name must be 1 to 200 characters"):
        files.new_campaign(name)
    assert files.campaign is before
