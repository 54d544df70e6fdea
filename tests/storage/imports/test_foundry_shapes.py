"""Foundry actors as real ones are: Willpower's permanent rating, "38/43" pools, and an
export that writes each kind as Foundry's data model holds it. Fixtures are made here."""

import json
from dataclasses import replace
from io import StringIO
from pathlib import Path
from typing import Any

import pytest

from battlewheel.cli import main
from battlewheel.engine.rulesets.ex3.block import Character, QuickAttack, QuickPools
from battlewheel.storage.campaign import Campaign, save_campaign
from battlewheel.storage.imports import ImportedCharacter, foundry_export, import_bytes
from battlewheel.storage.imports.export_command import export_command
from battlewheel.storage.roster import RosterCharacter


def _actor(*, willpower: dict[str, Any], peripheral: dict[str, Any] | None = None,
           kind: str = "npc", exalt: str = "") -> bytes:
    system: dict[str, Any] = {
        "creaturetype": "exalt", "essence": {"value": 2},
        "willpower": willpower,
        "motes": {"personal": {"value": 10, "max": 10, "committed": 0},
                  "peripheral": peripheral or {"value": 0, "max": 0, "committed": 0}},
        "health": {"levels": {"zero": {"value": 1}, "one": {"value": 2},
                              "two": {"value": 2}, "four": {"value": 1}}},
    }
    if exalt:
        system["details"] = {"exalt": exalt}
    return json.dumps({"name": "Sela", "type": kind, "system": system, "items": []}).encode()


def _one(raw: bytes) -> ImportedCharacter:
    [item] = import_bytes(raw, "sela.json")
    return item


@pytest.mark.parametrize("willpower, rating, source", [
    ({"value": 5, "max": 7}, 7, "system.willpower.max"),
    ({"value": 5, "total": 8, "max": 8}, 8, "system.willpower.total"),
    ({"value": 4}, 4, "system.willpower.value"),
])
def test_willpower_is_the_permanent_rating_not_what_is_left(willpower: dict[str, int],
                                                            rating: int, source: str) -> None:
    item = _one(_actor(willpower=willpower))
    assert item.block.willpower == rating
    assert item.source_of(("willpower",)) == source


def test_a_pool_written_38_of_43_is_read_as_43() -> None:
    item = _one(_actor(willpower={"value": 5, "max": 5},
                       peripheral={"value": 38, "max": "38/43", "committed": 5}))
    assert item.block.peripheral_motes == 43
    assert item.block.committed_motes == 5
    assert any("'38/43' is read as a pool of 43" in line for line in item.not_used)


def test_foundrys_own_importer_running_38_and_43_together_is_read_as_43() -> None:
    """Foundry-Ex3's text importer turns "Peripheral Motes: 38/43" into max 3843."""
    item = _one(_actor(willpower={"value": 5, "max": 5},
                       peripheral={"value": 38, "max": 3843, "committed": 5}))
    assert item.block.peripheral_motes == 43
    assert any("'38/43' run together" in line for line in item.not_used)


def test_a_foundry_lunar_keeps_its_kind_on_the_roster_and_back() -> None:
    item = _one(_actor(willpower={"value": 5, "max": 5}, kind="character", exalt="lunar"))
    assert item.character.identity.kind == "Lunar"
    assert item.block.player_character is True
    assert item.character.identity.side == "ally"
    exported = foundry_export(item.block, item.character.identity.kind)
    assert exported["system"]["details"]["exalt"] == "lunar"


@pytest.mark.parametrize("block, words, exalt", [
    (Character(name="Ash", kind="exalt"), "Dragon-Blooded", "dragonblooded"),
    (Character(name="Ash", kind="exalt"), "Sidereal", "sidereal"),
    (Character(name="Ash", kind="exalt"), "", "other"),
    (Character(name="Ash", kind="heroic"), "Solar", "other"),
    (Character(name="Ash", kind="mortal"), "", "other"),
])
def test_export_writes_the_true_kind_never_a_solar_by_default(block: Character, words: str,
                                                              exalt: str) -> None:
    exported = foundry_export(block, words)
    assert exported["system"]["details"]["exalt"] == exalt
    [back] = import_bytes(json.dumps(exported).encode(), "ash.json")
    assert back.block == block


def test_a_quick_characters_attacks_are_exported_with_an_ability() -> None:
    block = Character(name="Reaver", kind="mortal", quick=QuickPools(attacks=(
        QuickAttack("Axe", pool=7, damage=12), QuickAttack("Unarmed", pool=6, damage=7),
        QuickAttack("Javelin", pool=8, damage=12, range="short"))))
    items = foundry_export(block)["items"]
    assert [i["system"]["ability"] for i in items] == ["melee", "brawl", "archery"]
    [back] = import_bytes(json.dumps(foundry_export(block)).encode(), "reaver.json")
    assert back.block == block


@pytest.mark.parametrize("player", [True, False])
def test_the_player_character_flag_survives_export_and_import(player: bool) -> None:
    for quick in (None, QuickPools()):
        block = Character(name="Tam", kind="exalt", quick=quick, player_character=player)
        [back] = import_bytes(json.dumps(foundry_export(block)).encode(), "tam.json")
        assert back.block.player_character is player
        assert back.character.identity.side == ("ally" if player else "enemy")


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    """A campaign with a Lunar (3e) and a 2e-only character."""
    lunar = RosterCharacter.of_block("3e", Character(name="Sela", kind="exalt",
                                                     player_character=True, willpower=7))
    lunar = replace(lunar, identity=replace(lunar.identity, kind="Lunar"))
    path = tmp_path / "moons.bwc"
    save_campaign(Campaign(name="Moons", characters=(lunar,)), path)
    return path


def test_export_command_writes_the_foundry_actor(campaign: Path, tmp_path: Path) -> None:
    output = tmp_path / "sela.json"
    code = main(["export", str(campaign), "--character", "sela", "--to", "foundry",
                 "--output", str(output)])
    assert code == 0
    actor = json.loads(output.read_text(encoding="utf-8"))
    assert actor["system"]["details"]["exalt"] == "lunar"
    [back] = import_bytes(output.read_bytes(), "sela.json")
    assert back.block.willpower == 7
    assert back.block.player_character is True


def test_export_command_refuses_a_name_the_roster_lacks(campaign: Path, tmp_path: Path) -> None:
    err = StringIO()
    code = export_command(campaign, "Nobody", tmp_path / "x.json", out=StringIO(), err=err)
    assert code == 4
    assert "no character called 'Nobody'" in err.getvalue()
    assert not (tmp_path / "x.json").exists()
