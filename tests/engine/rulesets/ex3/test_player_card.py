"""The 3e printed card holds every item of its rules page's §6 "Player card" (rules/3e.md).

The cards are read as the painter lays them out (``card_from_contract``): the box tracks
with their labels and marks, and the reference lines, a no-break space read as a space.
The figures are worked by hand from the demo stat blocks.
"""

from dataclasses import replace

from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.rulesets.ex3.demo import demo_fight as ex3_fight
from battlewheel.engine.rulesets.ex3.demo import guard, villain
from battlewheel.printing.card import card_from_contract
from tests.printing.card_text import line_starting

EX3 = get_ruleset("3e")


def test_3e_player_card_holds_every_item_of_section_six() -> None:
    """Lady Ashkeel (Dex 5, Melee 5, Wits 4, Awareness 4, Dodge 3, Stamina 4; soulsteel
    plate 8 soak, Hardness 4, mobility -2; Grimscythe acc +2, dmg 14, min 2, Def +1):
    JB 4 + 4 = 8 dice; Parry (5 + 5) / 2 + 1 = 6, Evasion (5 + 3) / 2 - 2 = 2;
    withering 5 + 5 + 2 = 12, decisive 10; soak 4 + 8 = 12."""
    card = card_from_contract(EX3.block_card(villain()))
    assert "Join Battle 8 dice" in line_starting(card, "Initiative:")
    assert "Base 3" in line_starting(card, "Initiative:")
    strip = line_starting(card, "i:")
    assert "Crash \u25a1" in strip and strip.count("\u25cb") == 3
    defence = line_starting(card, "Defence:")
    for item in ("Parry 6", "Evasion 2", "Soak 12", "Hardness 4"):
        assert item in defence
    assert "Parry 5/7/8" in line_starting(card, "Prone / light / heavy cover")
    weapon = line_starting(card, "Grimscythe:")
    for item in ("withering 12", "decisive 10", "+14 L", "min 2", "Def +1"):
        assert item in weapon
    assert card.labels[:7] == ("-0", "-1", "-1", "-2", "-2", "-4", "Incap")
    status = line_starting(card, "Status:")
    for word in ("prone", "cover", "aim", "grapple", "concealed", "mount"):
        assert word in status
    strip_text = " ".join(card.reference[-6:])  # the reminder strip closes the card
    for item in ("Withering: Str + weapon damage + threshold - soak", "Decisive: roll your i",
                 "Delay -2i", "onslaught -1", "flurry -3 rolls / -1 Def", "Break +5i",
                 "miss -2i (-3i at 11+)", "Wounds: the penalty comes off rolls and off Parry"):
        assert item in strip_text


def test_3e_battle_group_card_has_size_drill_might_magnitude_and_rout_tally() -> None:
    """The Ashen Guard (Size 2, elite, Might 1): Magnitude 7 + 2 = 9 boxes; the rout
    tally has five boxes, one ticked once the group has lost a Size."""
    card = card_from_contract(EX3.block_card(guard()))
    group = line_starting(card, "Battle group:")
    for item in ("Size 2", "Drill elite", "Might 1"):
        assert item in group
    assert len(card.labels) == 9 and card.marks == "#" * 9
    assert line_starting(card, "Rout tally:").count("\u25a1") == 5
    state = ex3_fight().state.clone()
    state.combatants["guard"] = replace(state.combatants["guard"], size_lost=1)
    fought = card_from_contract(EX3.card(state, "guard"))
    tally = line_starting(fought, "Rout tally:")
    assert tally.count("\u2612") == 1 and tally.count("\u25a1") == 4


def test_3e_fighter_card_carries_its_health_marks() -> None:
    """A wounded Solar's printed card shows the fight's marks; blank empties them."""
    state = ex3_fight().state.clone()
    jade = state.combatants["jade"]
    state.combatants["jade"] = replace(jade, health=jade.health.mark(lethal=2))
    card = card_from_contract(EX3.card(state, "jade"))
    assert card.marks.startswith("XX.")
    assert set(card.blanked().marks) == {"."}
