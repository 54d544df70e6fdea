"""Every kind of bad campaign file gets a clear message and changes nothing.

Each case opens the file through the File menu's slot while the demo campaign is
open, then checks the message, that the file's bytes are untouched and that the open
campaign (roster, combat log, file path) is exactly what it was.
"""

import copy
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.journal import Journal
from battlewheel.storage.schema import MAX_FILE_BYTES

Edit = Callable[[dict[str, Any]], object]


def demo_document() -> dict[str, Any]:
    return load_demo_campaign().to_json()


def edited(change: Edit) -> bytes:
    document = copy.deepcopy(demo_document())
    result = change(document)
    return json.dumps(document if result is None else result).encode("utf-8")


def set_in(path: list[Any], value: object) -> Edit:
    def change(document: dict[str, Any]) -> None:
        target: Any = document
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def drop(path: list[Any]) -> Edit:
    def change(document: dict[str, Any]) -> None:
        target: Any = document
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return change


# The demo's 2e fight, the one every edit below breaks, found by its system (the demo
# may hold any number of fights of other systems before or after it).
FIGHT = next(index for index, record in enumerate(load_demo_campaign().combats)
             if record.ruleset_name() == "2e-rewrite")


def add_action(action: dict[str, Any]) -> Edit:
    def change(document: dict[str, Any]) -> None:
        document["combats"][FIGHT]["session"]["actions"].append(action)
    return change


def BLOCK(index: int) -> list[object]:
    """The path to a roster character's 2e stat block."""
    return ["characters", index, "blocks", "2e-rewrite"]


CASES: dict[str, tuple[bytes, str]] = {
    "invalid JSON": (b'{"schema_version": 1, "characters": [', "not valid JSON: .* line 1"),
    "not UTF-8": (b'{"name": "\xff\xfe"}', "not UTF-8 text"),
    "NaN": (b'{"schema_version": 1, "notes": NaN}', "NaN is not a JSON number"),
    "an array": (b"[1, 2, 3]", "top level must be a JSON object, not an array"),
    "no schema_version": (edited(drop(["schema_version"])), "schema_version is missing"),
    "text schema_version": (edited(set_in(["schema_version"], "1")),
                            "schema_version must be a whole number from 1 to 3, not '1'"),
    "future schema_version": (edited(set_in(["schema_version"], 7)),
                              "schema_version 7 is newer than this program understands"),
    "other format": (edited(set_in(["format"], "spreadsheet")),
                     "format must be 'battlewheel-campaign'"),
    "missing characters": (edited(drop(["characters"])), "characters is missing"),
    "characters not a list": (edited(set_in(["characters"], {"a": 1})),
                              "characters must be an array, not an object"),
    "character not an object": (edited(set_in(["characters", 0], "Kestrel")),
                                r"characters\[0\] must be an object, not a string"),
    "character without a name": (
        edited(drop(["characters", 3, "identity", "name"])),
        r"characters\[3\]: identity.name must be present"),
    "absurd Stamina": (edited(set_in([*BLOCK(1), "attributes", "stamina"], 5000)),
                       r"characters\[1\] \('Sesus Amaranth'\): attributes.stamina "
                       r"must be a whole number 1-10, got 5000"),
    "negative Essence": (edited(set_in([*BLOCK(0), "essence"], -3)),
                         r"essence must be a whole number 1-10, got -3"),
    "Stamina as text": (edited(set_in([*BLOCK(2), "attributes", "stamina"], "three")),
                        r"attributes.stamina must be a whole number 1-10"),
    "duplicate names": (
        edited(set_in(["characters", 1, "identity", "name"], "kestrel of the burning road")),
                        "character name 'kestrel of the burning road' appears twice"),
    "weapon without ability": (edited(drop(["weapons", 0, "ability"])),
                               r"weapons\[0\] \('Dawn-edged daiklave'\): .*ability"),
    "absurd weapon speed": (edited(set_in(["weapons", 1, "speed"], 10**9)),
                            r"speed must be a whole number 1-20, got 1000000000"),
    "huge notes": (edited(set_in(["notes"], "x" * 1_000_001)),
                   "notes is 1000001 characters long; at most 1000000 allowed"),
    "combat without session": (
        edited(drop(["combats", FIGHT, "session"])),
        rf"combats\[{FIGHT}\] \('Ambush at Marrow Ford'\): session is missing"),
    "absurd segment count": (
        edited(set_in(["combats", FIGHT, "session", "options", "segment_count"], 10**6)),
        r"segment_count must be a whole number 2-60"),
    "absurdly long log": (
        edited(set_in(["combats", FIGHT, "session", "redo"], [{"kind": "next_tick"}] * 10_001)),
        r"log.redo: has 10001 entries; at most 10000 per combat allowed"),
    "unknown action": (edited(add_action({"kind": "summon_behemoth"})),
                       rf"combats\[{FIGHT}\].*summon_behemoth"),
    "flag as text": (edited(set_in(["weapons", 0, "adds_strength"], "no")),
                     r"weapons\[0\].*adds_strength must be true or false, not a string"),
    "null notes": (edited(set_in([*BLOCK(0), "notes"], None)),
                   r"characters\[0\].*notes must be text, not null"),
    "virtues as text": (edited(set_in([*BLOCK(0), "virtues"], "")),
                        r"characters\[0\].*virtues must be an object, not a string"),
    "tags as text": (edited(set_in(["weapons", 0, "tags"], "NP")),
                     r"weapons\[0\].*tags must be an array, not a string"),
    "override without a reason": (
        edited(set_in([*BLOCK(0), "overrides"], {"dodge_dv": {"value": 3, "reason": None}})),
        r"characters\[0\].*overrides.dodge_dv.reason must be text, not null"),
    "misspelt character field": (edited(set_in([*BLOCK(0), "virtue"], {})),
                                 r"characters\[0\].*virtue must be one of"),
    "misspelt campaign field": (edited(set_in(["note"], "")),
                                "note is not a field of a campaign"),
    "botch as text": (edited(add_action({"kind": "roll_join_battle", "combatant": "kestrel",
                                         "dice": {"successes": 0, "botch": "no"}})),
                      rf"combats\[{FIGHT}\].*botch must be true or false, got 'no'"),
    "action on nobody": (edited(add_action({"kind": "spend_willpower", "combatant": "ghost",
                                            "amount": 1})),
                         rf"combats\[{FIGHT}\].*entry 8"),
}


@pytest.fixture
def open_files(tmp_path: Path) -> StoredCampaigns:
    files = StoredCampaigns(Journal(tmp_path / "journal.jsonl"))
    good = tmp_path / "good.json"
    good.write_text(json.dumps(demo_document()), encoding="utf-8")
    files.load(good)
    return files


def snapshot(files: StoredCampaigns) -> tuple[object, ...]:
    campaign = files.campaign
    return (campaign.characters, campaign.weapons, campaign.name, campaign.notes,
            [(r.id, r.name, r.session.to_json()) for r in campaign.combats],
            files.path, files.combat_id)


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_file_is_named_and_changes_nothing(
    tmp_path: Path, open_files: StoredCampaigns, case: str
) -> None:
    """The message names the problem; the file and the open campaign stay as they were."""
    data, message = CASES[case]
    bad = tmp_path / "bad.json"
    bad.write_bytes(data)
    before = snapshot(open_files)
    with pytest.raises(CampaignFileError, match=message) as raised:
        open_files.load(bad)
    assert str(raised.value).startswith("bad.json: ")
    assert isinstance(raised.value, ValueError)
    assert bad.read_bytes() == data
    assert snapshot(open_files) == before
    assert sorted(os.listdir(tmp_path)) == ["bad.json", "good.json"]


def test_file_above_the_size_limit_is_refused_unread(
    tmp_path: Path, open_files: StoredCampaigns, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sparse file one byte over 64 MiB is refused by its size; no byte is read."""
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)
    before = snapshot(open_files)

    def no_reading(self: Path) -> bytes:
        raise AssertionError("the file was read")

    monkeypatch.setattr(Path, "read_bytes", no_reading)
    with pytest.raises(CampaignFileError, match="limited to 64 MiB"):
        open_files.load(huge)
    monkeypatch.undo()
    assert huge.stat().st_size == MAX_FILE_BYTES + 1
    assert snapshot(open_files) == before


def test_an_unterminated_string_is_reported_without_a_doubled_word(
    tmp_path: Path, open_files: StoredCampaigns
) -> None:
    """Python says "Unterminated string starting at"; the message must not read "at at"."""
    bad = tmp_path / "cut.json"
    bad.write_bytes(b'{"schema_version": 2,\n "name": "cut off')
    with pytest.raises(CampaignFileError) as raised:
        open_files.load(bad)
    message = str(raised.value)
    assert "Unterminated string starting at line 2" in message, message
    assert " at at " not in message


def test_a_missing_file_is_named(tmp_path: Path, open_files: StoredCampaigns) -> None:
    """Opening a file that is not there says so."""
    with pytest.raises(CampaignFileError, match=r"nowhere\.json: the file does not exist"):
        open_files.load(tmp_path / "nowhere.json")


def test_loading_never_evaluates_code_from_the_file(
    tmp_path: Path, open_files: StoredCampaigns
) -> None:
    """Python in a name or a note stays text: it is stored, never run."""
    marker = tmp_path / "ran"
    payload = f"__import__('pathlib').Path({str(marker)!r}).touch()"
    good = tmp_path / "payload.json"
    good.write_bytes(edited(set_in(["notes"], payload)))
    loaded = open_files.load(good)
    assert open_files.campaign.notes == payload
    assert loaded is open_files.campaign.combats[-1].session
    assert not marker.exists()
