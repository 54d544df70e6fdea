"""The File menu's storage slot: open, save, recent files, journal and restore."""

from pathlib import Path

import pytest

from battlewheel.engine.rulesets.rewrite.actions import SpendWillpower
from battlewheel.storage.campaign import load_campaign, save_campaign
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.journal import Journal
from battlewheel.storage.paths import campaigns_dir


def demo_file(tmp_path: Path) -> Path:
    path = tmp_path / "demo.json"
    save_campaign(load_demo_campaign(), path)
    return path


def test_save_keeps_roster_and_other_parts_of_the_campaign(tmp_path: Path) -> None:
    """Saving the combat on screen writes the whole campaign around it."""
    files = StoredCampaigns(Journal(tmp_path / "j.jsonl"))
    session = files.load(demo_file(tmp_path))
    session.apply(SpendWillpower("kestrel", 3))
    files.save(session, tmp_path / "saved.json")
    saved = load_campaign(tmp_path / "saved.json")
    assert saved.characters == load_demo_campaign().characters
    assert len(saved.combats[-1].session.log) == len(session.log)


def test_a_bad_file_leaves_the_open_campaign_as_it_was(tmp_path: Path) -> None:
    """Opening a broken file raises and keeps the campaign, path and combat."""
    files = StoredCampaigns(Journal(tmp_path / "j.jsonl"))
    good = demo_file(tmp_path)
    files.load(good)
    before = (files.campaign, files.path, files.combat_id)
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(CampaignFileError, match="not valid JSON"):
        files.load(bad)
    assert (files.campaign, files.path, files.combat_id) == before


def test_a_killed_run_is_restored_by_the_next_one(tmp_path: Path) -> None:
    """Changes journaled by one run come back in the next, tied to the same file."""
    journal_path = tmp_path / "j.jsonl"
    first = StoredCampaigns(Journal(journal_path))
    path = demo_file(tmp_path)
    session = first.load(path)
    session.apply(SpendWillpower("kestrel", 3))
    first.record_change(session)
    # No close(): the process "dies" here.
    second = StoredCampaigns(Journal(journal_path))
    offer = second.pending_recovery()
    assert offer is not None and offer.changes == 1 and "demo.json" in offer.describe()
    restored = second.restore()
    assert restored.to_json()["actions"] == session.to_json()["actions"]
    assert second.path == path
    assert second.pending_recovery() is not None  # still safe until saved


def test_close_means_no_restore_offer(tmp_path: Path) -> None:
    """A deliberate close removes the journal."""
    files = StoredCampaigns(Journal(tmp_path / "j.jsonl"))
    session = files.load(demo_file(tmp_path))
    session.apply(SpendWillpower("kestrel", 1))
    files.record_change(session)
    files.close()
    assert StoredCampaigns(Journal(tmp_path / "j.jsonl")).pending_recovery() is None


def test_recent_files_put_newest_first_and_default_folder_is_campaigns(tmp_path: Path) -> None:
    """Remembered files come back newest first, once each; dialogs start in campaigns/."""
    files = StoredCampaigns(Journal(tmp_path / "j.jsonl"))
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    for path in (first, second):
        path.write_text("{}", encoding="utf-8")
    files.remember(first)
    files.remember(second)
    files.remember(first)
    assert files.recent() == [first.resolve(), second.resolve()]
    assert files.default_folder() == campaigns_dir()


def test_a_session_made_by_the_window_is_journaled_whole(tmp_path: Path) -> None:
    """The window's own combat (no file yet) is adopted and restorable after a crash."""
    files = StoredCampaigns(Journal(tmp_path / "j.jsonl"))
    session = load_demo_campaign().combats[-1].session
    session.apply(SpendWillpower("kestrel", 1))
    files.record_change(session)
    restored = StoredCampaigns(Journal(tmp_path / "j.jsonl")).restore()
    assert restored.to_json()["actions"] == session.to_json()["actions"]


def test_no_folder_is_created_until_something_is_written(battlewheel_home: Path) -> None:
    """Building the storage slot (as a smoke test does) leaves the user's folders alone."""
    StoredCampaigns()
    assert not battlewheel_home.exists()


def test_a_restore_quit_unsaved_is_offered_as_unsaved_work_not_zero_changes(
        tmp_path: Path) -> None:
    """Restored work left unsaved comes back next time, and the offer says so."""
    journal_path = tmp_path / "j.jsonl"
    first = StoredCampaigns(Journal(journal_path))
    session = first.load(demo_file(tmp_path))
    session.apply(SpendWillpower("kestrel", 3))
    first.record_change(session)
    second = StoredCampaigns(Journal(journal_path))
    second.restore()  # the GM takes the work back, then quits without saving
    offer = StoredCampaigns(Journal(journal_path)).pending_recovery()
    assert offer is not None and offer.changes == 0 and offer.unsaved_base
    assert "Unsaved work" in offer.describe() and "demo.json" in offer.describe()
