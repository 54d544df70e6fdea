"""Campaign format 3 (a character's current condition, a campaign's carries): every
earlier file opens with everyone fresh and is written back byte for byte until the GM
carries or rests; a damaged condition is refused at open, naming character and field."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from battlewheel.storage import carry
from battlewheel.storage.campaign import campaign_bytes, load_campaign, save_campaign
from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.schema import MIGRATIONS, PLAIN_VERSION, SCHEMA_VERSION
from tests.storage.carry_fights import campaign_with_fight

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
V2_FILES = sorted((FIXTURES / "v2").glob("*.json"))
V1_FILES = [FIXTURES / "v1" / "demo-campaign.json", FIXTURES / "v1" / "fight-in-progress.json"]


def _combat_ids(path: Path) -> list[str | None]:
    combats = json.loads(path.read_text(encoding="utf-8"))["combats"]
    return [None, *(c["id"] for c in combats)]


@pytest.mark.parametrize("path", V2_FILES, ids=lambda p: p.stem)
def test_every_version_2_file_opens_fresh_and_saves_back_byte_for_byte(
        path: Path, tmp_path: Path) -> None:
    """Whichever combat the window shows (each system's rulings and log read then)."""
    assert json.loads(path.read_text(encoding="utf-8"))["schema_version"] == 2
    for shown in _combat_ids(path):
        campaign = load_campaign(path, shown=shown)
        assert all(c.conditions == () for c in campaign.characters)
        assert campaign.carries == ()
        for record in campaign.combats:  # replaying every log changes nothing either
            record.session  # noqa: B018
        copy = tmp_path / path.name
        save_campaign(campaign, copy)
        assert copy.read_bytes() == path.read_bytes(), shown


@pytest.mark.parametrize("path", V1_FILES, ids=lambda p: p.stem)
def test_a_version_1_file_is_written_as_version_2_and_then_stays(path: Path,
                                                                 tmp_path: Path) -> None:
    """A v1 file becomes v2 as before format 3, and that saves back byte for byte."""
    copy = tmp_path / path.name
    shutil.copy(path, copy)
    save_campaign(load_campaign(copy), copy)
    first = copy.read_bytes()
    assert json.loads(first)["schema_version"] == PLAIN_VERSION
    save_campaign(load_campaign(copy), copy)
    assert copy.read_bytes() == first


def test_a_carried_campaign_is_format_3_and_reopens_byte_for_byte(tmp_path: Path) -> None:
    campaign, fight = campaign_with_fight()
    path = tmp_path / "carried.json"
    save_campaign(carry.carried(campaign, fight, at="t"), path)
    document = json.loads(path.read_bytes())
    assert document["schema_version"] == SCHEMA_VERSION == 3
    assert document["carries"][0]["combat"] == fight
    save_campaign(load_campaign(path), path)
    assert campaign_bytes(load_campaign(path)) == path.read_bytes()


def test_version_2_has_its_step_to_3() -> None:
    assert set(range(1, SCHEMA_VERSION)) <= set(MIGRATIONS)
    assert MIGRATIONS[2]({"schema_version": 2, "x": 1}) == {"schema_version": 3, "x": 1}


def _carried_document(tmp_path: Path) -> dict[str, object]:
    campaign, fight = campaign_with_fight()
    path = tmp_path / "c.json"
    save_campaign(carry.carried(campaign, fight, at="t"), path)
    return json.loads(path.read_bytes())  # type: ignore[no-any-return]


@pytest.mark.parametrize(("where", "value", "named"), [
    ("lasting", {"health_lost": "four"}, "conditions.pool-and-ward.lasting.health_lost"),
    ("lasting", {"wounds": 1}, "conditions.pool-and-ward.lasting"),
    ("from", {"health": 3}, "conditions.pool-and-ward.from.health"),
    ("colour", 1, "conditions.pool-and-ward.colour"),
])
def test_a_damaged_condition_is_refused_at_open_naming_character_and_field(
        tmp_path: Path, where: str, value: object, named: str) -> None:
    document = _carried_document(tmp_path)
    characters = document["characters"]
    assert isinstance(characters, list)
    index, mar = next((i, c) for i, c in enumerate(characters) if c["identity"]["name"] == "Mar")
    mar["conditions"]["pool-and-ward"][where] = value
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    before = bad.read_bytes()
    with pytest.raises(CampaignFileError) as raised:
        load_campaign(bad)
    assert f"characters[{index}] ('Mar')" in str(raised.value)
    assert named in str(raised.value)
    assert bad.read_bytes() == before


def test_a_damaged_carry_record_is_refused_naming_it(tmp_path: Path) -> None:
    document = _carried_document(tmp_path)
    document["carries"][0]["characters"][0]["before"] = {"lasting": {"dead": "yes"}}  # type: ignore[index]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CampaignFileError, match=r"carries\[0\].*before\.lasting\.dead"):
        load_campaign(bad)


def test_a_character_file_is_version_3_only_when_it_holds_a_condition(tmp_path: Path) -> None:
    from battlewheel.storage.characters import export_character, import_character

    campaign, fight = campaign_with_fight()
    carried = carry.carried(campaign, fight, at="t")
    for character, version in ((campaign.character("Mar"), 2), (carried.character("Mar"), 3)):
        path = tmp_path / f"mar-{version}.json"
        export_character(character, path)
        assert json.loads(path.read_bytes())["schema_version"] == version
        assert import_character(path) == character
