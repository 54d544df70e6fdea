"""Opening a campaign replays only the combat the window shows; the others wait.

Every combat's log is still decoded and checked at open; the others are replayed when
first asked for (``CombatRecord.session``), equal to an eager replay, and a combat never
replayed is saved back exactly as it was read, whether or not its log would replay.
Replays are counted by a spy on ``CombatSession.replay``, never timed.
"""

import copy
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from battlewheel.engine.core.session import CombatSession, DecodedLog, ReplayError
from battlewheel.printing.sources import campaign_cards
from battlewheel.storage.campaign import (
    Campaign,
    campaign_bytes,
    load_campaign,
    save_campaign,
)
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.journal import Journal, recover
from battlewheel.storage.schema import dump_json
from tests.conformance import SYSTEMS, piece

BROKEN_SYSTEM = "2e-rewrite"  # its demo fight is the one made broken (ON_NOBODY)
IN_FILE = (BROKEN_SYSTEM, *(name for name in SYSTEMS if name != BROKEN_SYSTEM))
"""The rulesets of the campaign's combats, in order: one combat of each system found."""


def only(index: int) -> list[bool]:
    """Which combats are replayed when only the one at ``index`` is."""
    return [each == index % len(IN_FILE) for each in range(len(IN_FILE))]


# An action on a fighter who never joined: it decodes, but no replay accepts it.
ON_NOBODY = {"kind": "spend_willpower", "combatant": "ghost", "amount": 1}


def spy_on_replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on, every replay of a decoded log, by ruleset name."""
    seen: list[str] = []
    real = CombatSession.replay.__func__  # type: ignore[attr-defined]

    def spy(cls: type[CombatSession], log: DecodedLog) -> CombatSession:
        seen.append(log.ruleset.name)
        return real(cls, log)

    monkeypatch.setattr(CombatSession, "replay", classmethod(spy))
    return seen


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every replay of a decoded log, by ruleset name."""
    return spy_on_replays(monkeypatch)


def every_system() -> Campaign:
    """The demo's 2e fight first, then a fight of each other system found (its
    conformance file's ``fight``): a combat for each system."""
    demo = load_demo_campaign()
    first = tuple(r for r in demo.combats if r.ruleset_name() == BROKEN_SYSTEM)
    campaign = replace(demo, combats=first)
    for name in IN_FILE[1:]:
        campaign = campaign.with_combat(f"{name} fight", piece(name, "fight")(), name)
    return campaign


def saved(campaign: Campaign, folder: Path) -> Path:
    path = folder / "campaign.json"
    save_campaign(campaign, path)
    return path


def test_opening_replays_only_the_newest_combat(tmp_path: Path, replays: list[str]) -> None:
    """Four combats in the file: one replay at open (the newest); the others hold their log."""
    path = saved(every_system(), tmp_path)
    replays.clear()
    campaign = load_campaign(path)
    assert replays == [IN_FILE[-1]]
    assert [record.replayed for record in campaign.combats] == only(-1)


def test_a_caller_names_the_combat_replayed_at_open(tmp_path: Path, replays: list[str]) -> None:
    path = saved(every_system(), tmp_path)
    replays.clear()
    campaign = load_campaign(path, shown="combat-2")
    assert replays == [IN_FILE[1]]
    assert [record.replayed for record in campaign.combats] == only(1)


def test_the_window_slot_opens_with_one_replay(tmp_path: Path, replays: list[str]) -> None:
    """File > Open through the window's slot: the journal's base replays nothing more."""
    path = saved(every_system(), tmp_path)
    replays.clear()
    files = StoredCampaigns(Journal(tmp_path / "journal.jsonl"))
    session = files.load(path)
    assert replays == [IN_FILE[-1]]
    assert session is files.campaign.combats[-1].session


@pytest.mark.parametrize("index", [0, 1, 2])
def test_the_first_session_asked_for_replays_once_and_equals_an_eager_replay(
    tmp_path: Path, replays: list[str], index: int
) -> None:
    """Same log and same final state as replaying the stored log at once; the second ask is free."""
    path = saved(every_system(), tmp_path)
    document = json.loads(path.read_bytes())
    eager = CombatSession.from_json(document["combats"][index]["session"])
    record = load_campaign(path).combats[index]
    replays.clear()
    lazy = record.session
    assert record.session is lazy
    assert replays == [eager.ruleset.name]
    assert lazy.to_json() == eager.to_json()
    assert lazy.ruleset.final_state(lazy.state) == eager.ruleset.final_state(eager.state)


def test_saving_writes_the_combats_never_replayed_as_they_were_read(tmp_path: Path) -> None:
    """A log written by hand (keys in another order, defaults left out) comes back unchanged."""
    document = every_system().to_json()
    by_hand = document["combats"][1]["session"]
    reordered = {key: by_hand[key] for key in reversed(list(by_hand)) if key != "redo"}
    document["combats"][1]["session"] = reordered
    path = tmp_path / "by-hand.json"
    path.write_bytes(dump_json(document))
    written = json.loads(campaign_bytes(load_campaign(path)))
    for index in (0, 1, 2):
        assert dump_json(written["combats"][index]) == dump_json(document["combats"][index])
    # The eager form of the hand-written log differs: the test sees which one was saved.
    eager = CombatSession.from_json(reordered).to_json()
    assert dump_json(eager) != dump_json(reordered)


def test_open_then_save_gives_the_same_bytes(tmp_path: Path) -> None:
    path = saved(every_system(), tmp_path)
    before = path.read_bytes()
    again = tmp_path / "again.json"
    save_campaign(load_campaign(path), again)
    assert again.read_bytes() == before


def broken_document() -> dict[str, Any]:
    """Four combats; the first (the 2e demo) ends with an action on nobody."""
    document = every_system().to_json()
    document["combats"][0]["session"]["actions"].append(ON_NOBODY)
    return document


def test_a_broken_other_combat_opens_and_is_refused_when_asked_for(tmp_path: Path) -> None:
    """Its log decodes, so the file opens; asking for its session names the entry, each time."""
    document = broken_document()
    path = tmp_path / "broken.json"
    path.write_bytes(dump_json(document))
    record = load_campaign(path).combats[0]
    for _ in range(2):
        with pytest.raises(ReplayError, match="entry 8: spend_willpower refused"):
            _ = record.session
    assert not record.replayed
    assert record.session_if_replayable() is None


def test_a_broken_combat_stays_in_the_saved_file_exactly(tmp_path: Path) -> None:
    document = broken_document()
    path = tmp_path / "broken.json"
    path.write_bytes(dump_json(document))
    campaign = load_campaign(path)
    with pytest.raises(ReplayError):
        _ = campaign.combats[0].session
    again = tmp_path / "again.json"
    save_campaign(campaign, again)
    assert json.loads(again.read_bytes())["combats"][0] == document["combats"][0]


def test_a_broken_combat_shown_at_open_still_refuses_the_file(tmp_path: Path) -> None:
    """Named as the one to show, it is replayed at open: the message names combat and entry."""
    path = tmp_path / "broken.json"
    path.write_bytes(dump_json(broken_document()))
    with pytest.raises(CampaignFileError,
                       match=r"combats\[0\] \('Ambush at Marrow Ford'\): entry 8"):
        load_campaign(path, shown="combat-1")


def test_a_malformed_action_in_another_combat_is_found_when_it_is_first_asked_for(
    tmp_path: Path,
) -> None:
    """Entries are decoded on first use: the file opens, the combat is refused by name each
    time it is asked for, and saving writes it back exactly; its header stays checked at
    open (a malformed one still refuses the file)."""
    document = every_system().to_json()
    document["combats"][0]["session"]["actions"].append({"kind": "summon_behemoth"})
    path = tmp_path / "malformed.json"
    path.write_bytes(dump_json(document))
    campaign = load_campaign(path)
    for _ in range(2):
        with pytest.raises(ReplayError, match="summon_behemoth"):
            _ = campaign.combats[0].session
    again = tmp_path / "again.json"
    save_campaign(campaign, again)
    assert json.loads(again.read_bytes())["combats"][0] == document["combats"][0]
    document["combats"][0]["session"]["version"] = 99
    path.write_bytes(dump_json(document))
    with pytest.raises(CampaignFileError, match=r"combats\[0\].*version"):
        load_campaign(path)


def test_showing_a_broken_combat_changes_nothing(tmp_path: Path) -> None:
    """The window's slot raises and keeps the campaign, the combat shown and the journal."""
    path = tmp_path / "broken.json"
    path.write_bytes(dump_json(broken_document()))
    files = StoredCampaigns(Journal(tmp_path / "journal.jsonl"))
    shown = files.load(path)
    before = (files.campaign, files.combat_id, files.path)
    with pytest.raises(ReplayError):
        files.show_combat("combat-1", shown)
    assert (files.campaign, files.combat_id, files.path) == before
    assert files.campaign.combats[-1].session is shown
    assert not (tmp_path / "journal.jsonl").exists()


def test_recovery_replays_the_journaled_combat_only(tmp_path: Path, replays: list[str]) -> None:
    """After a crash the restore replays the combat that was open; the others wait."""
    path = saved(every_system(), tmp_path)
    files = StoredCampaigns(Journal(tmp_path / "journal.jsonl"))
    shown = files.show_combat("combat-3", files.load(path))
    ending = shown.ruleset.end_action()
    assert ending is not None
    shown.apply(ending)
    files.record_change(shown)
    replays.clear()
    restored = recover(tmp_path / "journal.jsonl")
    assert restored.combat_id == "combat-3"
    assert [r.replayed for r in restored.campaign.combats] == only(2)
    assert restored.campaign.combats[2].session.to_json() == shown.to_json()
    original = json.loads(path.read_bytes())["combats"]
    assert restored.campaign.to_json()["combats"][0] == original[0]


def test_printing_replays_every_combat_and_skips_a_broken_one(tmp_path: Path) -> None:
    """Cards need each fight's state; a log that does not replay gives no cards of its own."""
    document = broken_document()
    path = tmp_path / "broken.json"
    path.write_bytes(dump_json(document))
    titles = [card.name for card in campaign_cards(load_campaign(path))]
    good = copy.deepcopy(document)
    good["combats"][0]["session"]["actions"].pop()
    (tmp_path / "good.json").write_bytes(dump_json(good))
    every = [card.name for card in campaign_cards(load_campaign(tmp_path / "good.json"))]
    assert set(titles) <= set(every)
    assert titles  # the roster and the other fights still print
