"""Anathema files as real ones are shaped: sub-traits, 1st edition, no RuleSet, players.

Each fixture is a small hand-written file with one shape that real Anathema files have.
"""

from pytestqt.qtbot import QtBot

from battlewheel.storage.imports import ImportedCharacter, import_bytes


def _ecg(abilities: str, *, ruleset: str | None = "SecondEdition", player: str = "") -> bytes:
    rules = f'<Rules><RuleSet name="{ruleset}"/></Rules>' if ruleset else ""
    who = f"<Player><![CDATA[{player}]]></Player>" if player else ""
    return f"""<?xml version="1.0" encoding="ISO-8859-1"?>
<ExaltedCharacter repositoryId="Tam">
  <Description><CharacterName><![CDATA[Tam]]></CharacterName>{who}</Description>
  <Statistics experienced="true">{rules}
    <CharacterType>Solar</CharacterType>
    <Essence creationValue="2" experiencedValue="3"/>
    <Willpower creationValue="6"/>
    <Attributes><Physical><Strength creationValue="3"/><Dexterity creationValue="4"/>
      <Stamina creationValue="2"/></Physical></Attributes>
    <Abilities>{abilities}</Abilities>
  </Statistics>
</ExaltedCharacter>""".encode("latin-1")


def _one(raw: bytes) -> ImportedCharacter:
    [item] = import_bytes(raw, "tam.ecg")
    return item


CRAFT = """<Craft>
  <subTrait creationValue="1"><traitName><![CDATA[Air]]></traitName></subTrait>
  <subTrait creationValue="2" experiencedValue="4"><traitName>Fire</traitName></subTrait>
</Craft><Melee creationValue="3"/>"""


def test_an_ability_with_sub_traits_is_read_at_its_highest_and_says_so() -> None:
    item = _one(_ecg(CRAFT))
    assert item.block.abilities["craft"] == 4
    assert item.block.abilities["melee"] == 3
    assert item.block.essence == 3  # experienced over creation
    assert "subTrait[2] (Fire)@experiencedValue" in item.source_of(("abilities", "craft"))
    assert any("Craft has Air 1, Fire 4" in line and "Fire 4" in line
               for line in item.not_used)


def test_an_ability_with_its_own_value_and_sub_traits_takes_the_highest_of_all() -> None:
    raw = _ecg('<Craft creationValue="0" experiencedValue="1"><subTrait creationValue="2">'
               "<traitName>Air</traitName></subTrait></Craft>")
    assert _one(raw).block.abilities["craft"] == 2


FIRST = """<Brawl creationValue="5"/><MartialArts creationValue="0"/>
<Endurance creationValue="3"/><Resistance creationValue="1"/>"""


def test_a_first_edition_file_names_its_edition_and_keeps_the_higher_of_two() -> None:
    """Brawl 5 then Martial Arts 0: the later no longer overwrites the earlier."""
    item = _one(_ecg(FIRST, ruleset="PowerCombat"))
    assert item.edition.startswith("Exalted 1st edition (RuleSet PowerCombat)")
    assert item.block.abilities["brawl"] == 5
    assert item.block.abilities["resistance"] == 3
    assert item.source_of(("abilities", "brawl")) == "Statistics/Abilities/Brawl@creationValue"
    said = [line for line in item.not_used if line.startswith("converted")]
    assert "converted: Brawl 5 and MartialArts 0 are one Ability here (Brawl); the " \
           "higher, 5, is kept" in said
    assert any("Endurance 3 is read as Resistance" in line for line in said)
    assert item.preview_json()["edition"] == item.edition


def test_core_rules_is_first_edition_too_and_the_later_higher_wins() -> None:
    item = _one(_ecg('<Brawl creationValue="1"/><MartialArts creationValue="4"/>',
                     ruleset="CoreRules"))
    assert item.edition.startswith("Exalted 1st edition (RuleSet CoreRules)")
    assert item.block.abilities["brawl"] == 4
    assert item.source_of(("abilities", "brawl")).startswith("Statistics/Abilities/MartialArts")


def test_a_file_without_a_ruleset_gets_a_word() -> None:
    first = _one(_ecg(FIRST, ruleset=None))
    assert first.edition.startswith("Exalted 1st edition (no RuleSet named")
    second = _one(_ecg('<Melee creationValue="2"/>', ruleset=None))
    assert second.edition == "no RuleSet named; read as Exalted 2nd edition"
    assert _one(_ecg("")).edition == "Exalted 2nd edition (RuleSet SecondEdition)"


def test_an_imported_character_is_a_player_character_only_if_the_file_names_a_player() -> None:
    """Issue 35: an Anathema character joins as an enemy unless the file says a player's."""
    npc = _one(_ecg(""))
    assert npc.block.player is False
    assert npc.character.identity.side == "enemy"
    pc = _one(_ecg("", player="Sandra"))
    assert pc.block.player is True
    assert pc.character.identity.side == "ally"
    assert pc.source_of(("player",)) == "Description/Player"


def test_the_preview_names_the_edition_first_and_lists_what_was_converted_first(
        qtbot: QtBot) -> None:
    from battlewheel.views import import_preview as ui

    item = _one(_ecg(FIRST + CRAFT, ruleset="CoreRules"))
    dialog = ui.ImportPreviewDialog([item], set())
    qtbot.addWidget(dialog)
    assert dialog.heading.text().startswith("<b>Edition: Exalted 1st edition (RuleSet "
                                            "CoreRules)")
    shown = [dialog.not_used.item(i).text() for i in range(dialog.not_used.count())]
    converted = [line for line in shown if line.startswith("converted")]
    assert len(converted) >= 3
    assert shown[:len(converted)] == converted
    rows = {dialog.fields.topLevelItem(i).text(0): dialog.fields.topLevelItem(i)
            for i in range(dialog.fields.topLevelItemCount())}
    brawl = next(rows["abilities"].child(i) for i in range(rows["abilities"].childCount())
                 if rows["abilities"].child(i).text(0) == "brawl")
    assert (brawl.text(1), brawl.text(2)) == ("5", "Statistics/Abilities/Brawl@creationValue")
