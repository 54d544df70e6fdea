"""Cards from a campaign: reference figures worked by hand, marks from the combat."""

from pathlib import Path

import pytest

from battlewheel.engine.rulesets.rewrite.actions import SetHealth
from battlewheel.engine.rulesets.rewrite.block import Character, DamageType, Weapon
from battlewheel.engine.rulesets.rewrite.rules import tables
from battlewheel.printing.command import print_command
from battlewheel.printing.sources import campaign_cards, character_card
from battlewheel.storage.campaign import save_campaign
from battlewheel.storage.demo_campaign import load_demo_campaign


def swordswoman() -> Character:
    blade = Weapon(name="Blade", ability="melee", speed=5, accuracy=3, damage=6,
                   damage_type=DamageType.LETHAL, defence=2, rate=3)
    return Character(
        name="Test Solar", kind="Solar", essence=2,
        attributes={"dexterity": 5, "stamina": 3}, abilities={"melee": 5, "dodge": 3},
        weapons=(blade,), armour=tables.armour("Buff jacket"), extra_health_levels=(1, 2, 2),
    )


def test_reference_lines_show_soak_dodge_and_parry_worked_by_hand() -> None:
    """Stamina 3 + a 3B/2L/2A jacket: soak 6B 3L 2A; Dodge (5+3)/2+2 = 6; Parry (5+5+2+2)/2 = 7."""
    card = character_card(swordswoman())
    soak_line, defence_line, wound = card.reference
    assert soak_line.startswith("Soak B 6  L 3  A 2")
    assert defence_line == "Dodge DV 6     Parry DV 7 (Blade)"
    assert wound.startswith("Wound penalty now: none")
    assert card.subtitle == "Solar \u00b7 Essence 2 \u00b7 Stamina 3 \u00b7 3 extra levels"
    assert len(card.labels) == 7 + 3 + 3


def test_fighters_show_their_marks_and_others_an_empty_track() -> None:
    """A wounded combatant's card carries the combat's marks; the rest are empty."""
    demo = load_demo_campaign()
    demo.combats[-1].session.apply(SetHealth("oda", "XX/" + "." * 7))
    cards = {card.name: card for card in campaign_cards(demo)}
    assert cards["Captain Oda Vesk"].marks == "XX/......."
    assert cards["Captain Oda Vesk"].reference[-1].startswith("Wound penalty now: \u22121")
    assert set(cards["Sister Lumen"].marks) == {"."}
    assert len(cards) == len(demo.characters)


def test_blank_cards_drop_every_mark() -> None:
    """With blank, even a wounded fighter's card is empty."""
    demo = load_demo_campaign()
    demo.combats[-1].session.apply(SetHealth("oda", "XX/" + "." * 7))
    assert all(set(card.marks) == {"."} for card in campaign_cards(demo, blank=True))


def test_print_command_writes_the_newest_combats_players_once_each(
    qapp: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The whole demo campaign (four combats, 22 cards before): by default the newest
    combat's two player characters, one Letter page; --everyone its eight fighters;
    --combat 3 the Pool & Ward fight's one player."""
    campaign = tmp_path / "demo.json"
    save_campaign(load_demo_campaign(), campaign)
    output = tmp_path / "sheets.pdf"
    assert print_command(campaign, output, blank=False, page="Letter") == 0
    assert output.read_bytes().startswith(b"%PDF")
    assert "2 card(s) of 'Ambush at Marrow Ford' on 1 Letter page(s)" \
        in capsys.readouterr().out
    assert print_command(campaign, output, everyone=True) == 0
    assert "8 card(s)" in capsys.readouterr().out
    assert print_command(campaign, output, combat="3") == 0
    assert "1 card(s) of 'Edward at the Crossroads (Pool & Ward)'" in capsys.readouterr().out


def test_print_command_refuses_a_bad_campaign_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A broken campaign gives exit code 2, the reason on stderr, and no PDF."""
    campaign = tmp_path / "broken.json"
    campaign.write_text('{"schema_version": 99}', encoding="utf-8")
    output = tmp_path / "sheets.pdf"
    assert print_command(campaign, output, blank=True, page="A4") == 2
    assert "newer than this program understands" in capsys.readouterr().err
    assert not output.exists()
