"""Foundry VTT (Exalted 3rd Edition system) actor exports read into 3e blocks, field by field."""

from pathlib import Path

import pytest

from battlewheel.engine.rulesets.ex3.block import (
    Armour,
    Character,
    GroupTraits,
    QuickAttack,
    QuickPools,
    Weapon,
)
from battlewheel.storage.imports import ImportedCharacter, ImportRefused, import_file

FIXTURES = Path(__file__).parent / "fixtures"


def _one(name: str) -> ImportedCharacter:
    imported = import_file(FIXTURES / name)
    assert len(imported) == 1
    return imported[0]


def test_a_player_character_with_weapons_and_armour() -> None:
    """Attributes, combat Abilities, specialties, equipped weapons and armour, motes, health."""
    item = _one("foundry_pc.json")
    assert item.ruleset == "3e"
    assert item.block == Character(
        name="Harmonious Jade", kind="exalt", player_character=True,  # a Foundry character
        attributes={"strength": 3, "dexterity": 5, "stamina": 3, "charisma": 2,
                    "appearance": 3, "perception": 3, "intelligence": 2, "wits": 4},
        abilities={"archery": 2, "athletics": 3, "awareness": 3, "dodge": 4, "melee": 5,
                   "ride": 1, "war": 2},
        specialties={"melee": 1, "dodge": 1},
        weapons=(
            Weapon("Daiklave", ability="melee", accuracy=3, damage=12, defence=1, minimum=3),
            Weapon("Self bow", ability="archery", accuracy=4, damage=7, defence=0, minimum=1,
                   range="long", two_handed=True),
        ),
        armour=Armour("Chain shirt", soak=5, hardness=0, penalty=1),
        hardness=0, base_initiative=3, willpower=7, essence=2,
        health_levels=(0, 1, 1, 2, 2, 2, 4),
        personal_motes=13, peripheral_motes=33, committed_motes=5,
    )
    assert item.character.identity.side == "ally"
    sources = dict(item.sources)
    assert sources["attributes.strength"] == "system.attributes.strength.value"
    assert sources["willpower"] == "system.willpower.max"
    assert sources["weapon Daiklave.accuracy"] == "items[0].system.witheringaccuracy"
    assert sources["armour.soak"] == "items[3].system.soak"
    assert "weapon Club: not equipped" in item.not_used
    assert "Charm Excellent Strike: not part of a 3e block" in item.not_used
    assert "specialty Ledgers (bureaucracy): not a combat Ability" in item.not_used
    assert any(line.startswith("Ability bureaucracy 1") for line in item.not_used)


def test_an_npc_becomes_a_quick_character() -> None:
    """Each weapon's accuracy and damage are the whole attack pool and Damage."""
    item = _one("foundry_npc.json")
    assert item.block == Character(
        name="Bandit Chief", kind="mortal", willpower=6, essence=1,
        health_levels=(0, 1, 1, 2, 2, 4),
        quick=QuickPools(
            join_battle=6, movement=5, parry=3, evasion=2, soak=6, resolve=3, guile=2,
            attacks=(
                QuickAttack("Sabre", pool=9, damage=12, overwhelming=2),
                QuickAttack("Cudgel", pool=8, damage=10, overwhelming=1, damage_type="bashing"),
                QuickAttack("Javelin", pool=7, damage=11, overwhelming=1, range="medium"),
            )),
    )
    assert item.character.identity.side == "enemy"
    assert dict(item.sources)["quick.join_battle"] == "system.pools.joinbattle.value"
    assert "Intimacy Protect the band: not part of a 3e block" in item.not_used


def test_a_battle_group() -> None:
    """Size, Drill (0-2 in Foundry) and Might; the group's health levels give its members'."""
    item = _one("foundry_battlegroup.json")
    assert item.block.group == GroupTraits(size=3, drill="elite", might=1, average_health=7)
    assert item.block.quick == QuickPools(
        join_battle=5, movement=4, parry=3, evasion=2, soak=5, resolve=2, guile=1,
        attacks=(QuickAttack("Spear", pool=8, damage=11, overwhelming=1),))
    assert item.block.willpower == 5


def test_the_old_data_shape() -> None:
    """Before Foundry 10 an export kept its fields under ``data``; numbers may be text."""
    item = _one("foundry_old_data.json")
    assert item.block == Character(
        name="Ragara Tirnis", kind="mortal", player_character=True,
        attributes={"strength": 2, "dexterity": 3, "stamina": 2, "charisma": 3,
                    "manipulation": 3, "appearance": 2, "perception": 2, "intelligence": 3,
                    "wits": 3},
        abilities={"melee": 3, "dodge": 2, "awareness": 1},
        weapons=(Weapon("Slashing sword", ability="melee", accuracy=2, damage=9, defence=1,
                        minimum=1),),
        armour=Armour("Buff jacket", soak=3),
        willpower=5, essence=1, health_levels=(0, 1, 1, 2, 2, 4),
    )
    assert dict(item.sources)["attributes.wits"] == "data.attributes.wits.value"
    assert any(line.startswith("Ability socialize 4") for line in item.not_used)


def test_another_foundry_system_is_refused_by_name(tmp_path: Path) -> None:
    """A D&D 5e actor names its system; it is refused, naming the field that says so."""
    with pytest.raises(ImportRefused) as refused:
        import_file(FIXTURES / "foundry_other_system.json")
    assert refused.value.field == "_stats.systemId"
    assert "foundry_other_system.json" in str(refused.value)
    assert "dnd5e" in str(refused.value)


def test_an_unnamed_system_without_exalted_fields_is_refused(tmp_path: Path) -> None:
    """With no system id, an actor lacking the Exalted health levels is not taken as one."""
    path = tmp_path / "pf2e.json"
    path.write_text('{"name": "Goblin", "type": "npc", "system": {"hp": {"value": 6}}}')
    with pytest.raises(ImportRefused, match=r"pf2e.json: system.health.levels: missing"):
        import_file(path)


def test_a_trait_out_of_range_is_refused_naming_the_file_field(tmp_path: Path) -> None:
    """Strength 12 is refused with the field's place in the file and the block's range."""
    text = (FIXTURES / "foundry_pc.json").read_text().replace(
        '"strength": {"value": 3}', '"strength": {"value": 12}')
    path = tmp_path / "strong.json"
    path.write_text(text)
    with pytest.raises(ImportRefused) as refused:
        import_file(path)
    message = str(refused.value)
    assert message.startswith("strong.json: system.attributes.strength.value")
    assert "1-10" in message and "12" in message


def test_a_weapon_figure_that_is_no_number_is_refused(tmp_path: Path) -> None:
    """Text where a number belongs names the item's field."""
    text = (FIXTURES / "foundry_npc.json").read_text().replace(
        '"witheringaccuracy": 9', '"witheringaccuracy": "nine"')
    path = tmp_path / "npc.json"
    path.write_text(text)
    with pytest.raises(ImportRefused, match=r"items\[0\]\.system\.witheringaccuracy: must be a "
                       "whole number"):
        import_file(path)


def test_an_exalt_type_that_is_no_word_reads_as_mortal(tmp_path: Path) -> None:
    """``details.exalt`` as an object (found by the fuzz test) is no Exalt type, not a crash."""
    text = (FIXTURES / "foundry_pc.json").read_text().replace(
        '"exalt": "solar"', '"exalt": {"value": "solar"}')
    path = tmp_path / "odd.json"
    path.write_text(text)
    [item] = import_file(path)
    assert item.block.kind == "mortal"


@pytest.mark.parametrize("odd", ['"3\u00b2"', '"\u0663"', '"3.5"', "3.5", "true", '"1e3"'])
def test_numbers_foundry_never_writes_are_refused(tmp_path: Path, odd: str) -> None:
    """Only whole numbers, as numbers or plain digits, count: "3²" is no 3 or 9."""
    text = (FIXTURES / "foundry_pc.json").read_text().replace(
        '"wits": {"value": 4}', f'"wits": {{"value": {odd}}}')
    path = tmp_path / "odd.json"
    path.write_text(text)
    with pytest.raises(ImportRefused, match=r"system\.attributes\.wits\.value: must be a whole"):
        import_file(path)


def test_a_weapon_rolled_with_another_attribute_says_so(tmp_path: Path) -> None:
    """The block's attacks roll Dexterity; a Strength weapon is kept, with a line saying so."""
    text = (FIXTURES / "foundry_pc.json").read_text().replace(
        '"attribute": "dexterity"', '"attribute": "strength"', 1)
    path = tmp_path / "brute.json"
    path.write_text(text)
    [item] = import_file(path)
    assert item.block.weapon("Daiklave") is not None
    assert ("weapon Daiklave: attacks with strength in Foundry; this program's attacks roll "
            "Dexterity") in item.not_used
