"""Anathema (Exalted 2nd edition) character files read into 2e blocks, field by field."""

from pathlib import Path

import pytest

from battlewheel.engine.rulesets.rewrite.block import Character, CharacterKind
from battlewheel.engine.rulesets.rewrite.rules import tables
from battlewheel.storage.imports import ImportRefused, import_file

FIXTURES = Path(__file__).parent / "fixtures"


def test_a_character_with_experience_raises_specialties_and_ox_body() -> None:
    """``experiencedValue`` wins; specialties per Ability; Ox-Body picks times purchases."""
    [item] = import_file(FIXTURES / "anathema_raised.ecg")
    block = item.block
    assert item.ruleset == "2e-rewrite"
    expected = Character(
        name="Arden of the Seven Winds", kind=CharacterKind.SOLAR,
        attributes={"strength": 2, "dexterity": 5, "stamina": 3, "charisma": 2,
                    "manipulation": 3, "appearance": 2, "perception": 4, "intelligence": 2,
                    "wits": 3},
        abilities={"archery": 3, "brawl": 2, "melee": 3, "integrity": 1, "resistance": 3,
                   "survival": 2, "investigation": 1, "lore": 1, "athletics": 3,
                   "awareness": 3, "dodge": 4, "larceny": 2, "stealth": 4, "linguistics": 1,
                   "socialize": 1},
        specialties={"archery": {"Ambush": 2}, "melee": {"Knives": 1}, "dodge": {"Rolling": 1}},
        essence=3, willpower=7,
        virtues={"compassion": 2, "conviction": 3, "temperance": 3, "valor": 3},
        weapons=(tables.weapon("Long bow"), tables.weapon("Knife"), block.weapons[2]),
        armour=tables.armour("Chain shirt"),
        # -1x2 bought once, -1-2x2 bought once with experience, -0 not bought.
        extra_health_levels=(1, 1, 1, 2, 2),
        notes="Quiet, watchful, owes the Guild.\n\nMet the circle at Nexus.",
    )
    assert block == expected
    assert block.weapons[2].name == "Grand Goremaul"
    assert (block.weapons[2].accuracy, block.weapons[2].damage) == (0, 0)
    sources = dict(item.sources)
    assert sources["essence"] == "Statistics/Essence@experiencedValue"
    assert sources["attributes.strength"] == "Statistics/Attributes/Physical/Strength@creationValue"
    assert sources["abilities.brawl"] == "Statistics/Abilities/MartialArts@creationValue"
    assert sources["specialties.archery.Ambush"].endswith("Specialty[1]@experiencedValue")
    assert "Solar.Ox-BodyTechnique" in sources["extra_health_levels"]
    assert any(line.startswith("equipment Grand Goremaul: not in this program's 2e weapon")
               for line in item.not_used)
    for line in ("Charm Solar.WiseArrow: Charms are not part of a 2e block",
                 "Background Resources: backgrounds are not part of a 2e block",
                 "Intimacies: social traits and notes are not part of a 2e block"):
        assert line in item.not_used


def _ecg(tmp_path: Path, statistics: str, name: str = "x.ecg") -> Path:
    path = tmp_path / name
    path.write_text('<?xml version="1.0"?><ExaltedCharacter><Description><CharacterName>'
                    f"Ana</CharacterName></Description><Statistics>{statistics}</Statistics>"
                    "</ExaltedCharacter>", encoding="utf-8")
    return path


def test_a_trait_out_of_range_is_refused_naming_the_element(tmp_path: Path) -> None:
    """Strength 11 names the element and attribute it was read from."""
    path = _ecg(tmp_path, '<Attributes><Physical><Strength creationValue="3" '
                'experiencedValue="11"/></Physical></Attributes>')
    with pytest.raises(ImportRefused) as refused:
        import_file(path)
    assert str(refused.value).startswith(
        "x.ecg: Statistics/Attributes/Physical/Strength@experiencedValue")
    assert "1-10" in str(refused.value)


def test_a_value_that_is_no_number_is_refused(tmp_path: Path) -> None:
    """creationValue must be a whole number."""
    path = _ecg(tmp_path, '<Essence creationValue="two"/>')
    with pytest.raises(ImportRefused, match=r"Statistics/Essence@creationValue: must be a whole"):
        import_file(path)


def test_an_ox_body_bought_past_reason_is_refused(tmp_path: Path) -> None:
    """A purchase count no character has is a damaged file, refused before levels are made."""
    path = _ecg(tmp_path, '<Charms><CharmGroup name="Resistance" type="Solar"><Charm '
                'name="Solar.Ox-BodyTechnique"><Special><Categories><Category.-1x2 '
                'creationValue="99999"/></Categories></Special></Charm></CharmGroup></Charms>')
    with pytest.raises(ImportRefused, match=r"Category.-1x2: must be bought 0-10 times"):
        import_file(path)
