"""The Pool & Ward printed card holds every item of its rules page's §6 "Player card"
(rules/pool-and-ward.md).

The cards are read as the painter lays them out (``card_from_contract``): the box tracks
with their labels and marks, and the reference lines, a no-break space read as a space.
The figures are worked by hand from the demo stat blocks.
"""

from dataclasses import replace

from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.rulesets.poolward.actions import AdjustRound, SetTrack
from battlewheel.engine.rulesets.poolward.demo import demo_fight as poolward_fight
from battlewheel.engine.rulesets.poolward.demo import edward
from battlewheel.printing.card import card_from_contract
from tests.printing.card_text import line_starting, text_of, track

POOLWARD = get_ruleset("pool-and-ward")


def test_pool_and_ward_card_holds_every_item_of_section_six() -> None:
    """Edward with Parry 2 and Ward 2: Health 4 + 1 = 5 and 5 negative boxes, the last a
    skull; Vigor 4; Ward 2; one Dodge-loss box and two Parry ticks; Longsword 3 + Str 4 +
    Melee Weapons 5 = 12 dice, AP 0, melee."""
    card = card_from_contract(POOLWARD.block_card(replace(edward(), parry=2, ward=2)))
    stats = text_of(card).split("Stats:")[1].split("Skills:")[0]
    for item in ("Strength 4", "Dexterity 3", "Constitution 4", "Intelligence 3",
                 "Willpower 4"):
        assert item in stats
    assert "Melee Weapons 5" in line_starting(card, "Skills:")
    attack = line_starting(card, "Longsword:")
    for item in ("Kind melee", "Pool 12", "AP 0"):
        assert item in attack
    defence = " ".join(text_of(card).split("Defence:")[1].split("\n")[:3])
    for item in ("Armour 3", "Shield 1", "Dodge 1", "Parry 2", "APR 1", "DR physical 1",
                 "DR magical 0", "Ward 2", "Resistance 0", "Magical Resistance 0"):
        assert item in defence
    positive, _ = track(card, "Health")
    negative, _ = track(card, "Negative Health")
    assert positive == ("5", "4", "3", "2", "1")
    assert len(negative) == len(positive) and negative[-1].endswith("\u2620")
    assert len(track(card, "Vigor")[0]) == 4
    assert len(track(card, "Ward")[0]) == 2
    assert len(track(card, "Dodge lost this round")[0]) == 1
    assert len(track(card, "Parry uses this round")[0]) == 2
    status = line_starting(card, "Status:")
    for word in ("flat-footed", "disabled", "bleeding", "cover"):
        assert word in status
    assert "Backlash:" in text_of(card)
    assert any("night's sleep" in line for line in card.reference)
    assert any("Lethal healing" in line for line in card.reference)


def test_pool_and_ward_fighter_card_marks_the_fight() -> None:
    """Edward at 1 Health after a melee attack cost him his Dodge: four Health boxes and
    the Dodge-loss box are marked."""
    session = poolward_fight()
    session.apply(SetTrack("edward", "health", 1))
    session.apply(AdjustRound("edward", "dodge_losses", 1))
    card = card_from_contract(POOLWARD.card(session.state, "edward"))
    assert track(card, "Health")[1] == "XXXX."
    assert track(card, "Dodge lost this round")[1] == "x"
