"""The crash journal: one line per change, restore after an interrupted run, or discard."""

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite.actions import RegainWillpower, SetHealth, SpendWillpower
from battlewheel.storage.campaign import Campaign
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.storage.journal import Journal, discard, pending_recovery, recover


@pytest.fixture
def demo() -> Campaign:
    return load_demo_campaign()


def started(tmp_path: Path, demo: Campaign) -> tuple[Journal, Path]:
    path = tmp_path / "journal.jsonl"
    journal = Journal(path)
    journal.begin(demo, demo.combats[-1].id, tmp_path / "demo.json")
    return journal, path


def test_nothing_is_written_until_the_combat_changes(tmp_path: Path, demo: Campaign) -> None:
    """Opening a campaign leaves no journal, so a clean quit offers no restore."""
    journal, path = started(tmp_path, demo)
    assert journal.sync(demo.combats[-1].session) == 0
    assert not path.exists()
    assert pending_recovery(path) is None


def test_each_action_becomes_one_line_after_the_base(tmp_path: Path, demo: Campaign) -> None:
    """Two applied actions give the header line plus two 'apply' lines."""
    journal, path = started(tmp_path, demo)
    session = demo.combats[-1].session
    session.apply(SpendWillpower("kestrel", 1))
    assert journal.sync(session) == 1
    session.apply(SetHealth("oda", "XX/" + "." * 7))
    assert journal.sync(session) == 1
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3
    assert json.loads(lines[2]) == {"op": "apply", "action": {
        "kind": "set_health", "combatant": "oda", "marks": "XX/......."}}


def test_recover_rebuilds_the_combat_after_apply_and_undo(tmp_path: Path, demo: Campaign) -> None:
    """Apply, apply, undo: the restored combat has the first action only, as the session."""
    journal, path = started(tmp_path, demo)
    session = demo.combats[-1].session
    session.apply(SpendWillpower("kestrel", 2))
    journal.sync(session)
    session.apply(SetHealth("oda", "XX/" + "." * 7))
    journal.sync(session)
    session.undo()
    journal.sync(session)
    offer = pending_recovery(path)
    assert offer is not None and offer.changes == 3
    assert offer.campaign_path == tmp_path / "demo.json"
    restored = recover(path)
    again = restored.campaign.combat(demo.combats[-1].id).session
    assert again.to_json()["actions"] == session.to_json()["actions"]
    assert again.state.combatants["kestrel"].willpower == \
        session.state.combatants["kestrel"].willpower
    assert restored.campaign.characters == demo.characters


def test_a_torn_last_line_is_ignored(tmp_path: Path, demo: Campaign) -> None:
    """A line cut short by the crash is dropped; the whole lines before it count."""
    journal, path = started(tmp_path, demo)
    session = demo.combats[-1].session
    joined = len(session.log)
    session.apply(SpendWillpower("kestrel", 1))
    journal.sync(session)
    with open(path, "ab") as handle:
        handle.write(b'{"op": "apply", "action": {"kind": "spend_wi')
    offer = pending_recovery(path)
    assert offer is not None and offer.changes == 1
    assert len(recover(path).campaign.combats[-1].session.log) == joined + 1


def test_end_and_discard_remove_the_journal(tmp_path: Path, demo: Campaign) -> None:
    """After a save (end) or a refused offer (discard) nothing is offered again."""
    journal, path = started(tmp_path, demo)
    session = demo.combats[-1].session
    session.apply(SpendWillpower("kestrel", 1))
    journal.sync(session)
    journal.end()
    assert pending_recovery(path) is None
    journal.begin(demo, demo.combats[-1].id, None)
    session.apply(SpendWillpower("kestrel", 1))
    journal.sync(session)
    assert pending_recovery(path) is not None
    discard(path)
    assert pending_recovery(path) is None


def test_an_unreadable_journal_is_set_aside_not_offered(tmp_path: Path) -> None:
    """A journal whose first line is garbage is renamed .unreadable and not offered."""
    path = tmp_path / "journal.jsonl"
    path.write_bytes(b"not json\n")
    assert pending_recovery(path) is None
    assert not path.exists()
    assert (tmp_path / "journal.unreadable").exists()


def test_a_new_run_never_deletes_the_journal_of_a_crashed_one(
    tmp_path: Path, demo: Campaign
) -> None:
    """Opening a campaign before the restore offer leaves the old journal in place."""
    journal, path = started(tmp_path, demo)
    session = demo.combats[-1].session
    session.apply(SpendWillpower("kestrel", 1))
    journal.sync(session)
    left_behind = path.read_bytes()
    next_run = Journal(path)
    next_run.begin(load_demo_campaign(), "combat-1", None)
    next_run.end()
    assert path.read_bytes() == left_behind
    fresh = load_demo_campaign()
    next_run.begin(fresh, "combat-1", None)
    fresh.combats[-1].session.apply(SpendWillpower("kestrel", 2))
    next_run.sync(fresh.combats[-1].session)
    assert (tmp_path / "journal.previous.jsonl").read_bytes() == left_behind


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(["spend", "regain", "hurt", "undo", "redo"]), max_size=25))
def test_recover_matches_the_session_after_any_apply_undo_redo_sequence(
    tmp_path_factory: pytest.TempPathFactory, steps: list[str]
) -> None:
    """Whatever the GM does, the restored log equals the session's applied log."""
    demo = load_demo_campaign()
    folder = tmp_path_factory.mktemp("journal")
    journal, path = started(folder, demo)
    session = demo.combats[-1].session
    for step in steps:
        apply_step(session, step)
        journal.sync(session)
    restored = recover(path) if path.exists() else None
    expected = session.to_json()["actions"]
    if restored is None:
        assert expected == load_demo_campaign().combats[-1].session.to_json()["actions"]
    else:
        assert restored.campaign.combats[-1].session.to_json()["actions"] == expected


def apply_step(session: CombatSession, step: str) -> None:
    if step not in ("undo", "redo") and not {"kestrel", "oda"} <= set(session.state.combatants):
        return  # undone back before the fighters joined: nobody to spend or hurt
    kestrel = session.state.combatants["kestrel"]
    if step == "undo" and session.can_undo:
        session.undo()
    elif step == "redo" and session.can_redo:
        session.redo()
    elif step == "spend" and kestrel.willpower > 0:
        session.apply(SpendWillpower("kestrel", 1))
    elif step == "regain" and kestrel.willpower < kestrel.character.willpower:
        session.apply(RegainWillpower("kestrel", 1))
    elif step == "hurt":
        track = session.state.combatants["oda"].health
        session.apply(SetHealth("oda", track.mark(lethal=1).marks))
