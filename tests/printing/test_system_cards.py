"""Each system's printed card holds every item of its rules page's §6 "Player card".

The cards are read as the painter lays them out (``card_from_contract``): the box tracks
with their labels and marks, and the reference lines, a no-break space read as a space.
The figures are worked by hand from the demo stat blocks.
"""

from dataclasses import replace

from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.rulesets.ex3.demo import demo_fight as ex3_fight
from battlewheel.engine.rulesets.ex3.demo import guard, villain
from battlewheel.engine.rulesets.impulse.demo import demo_fight as impulse_fight
from battlewheel.engine.rulesets.impulse.demo import heroes
from battlewheel.engine.rulesets.poolward.actions import AdjustRound, SetTrack
from battlewheel.engine.rulesets.poolward.demo import demo_fight as poolward_fight
from battlewheel.engine.rulesets.poolward.demo import edward
from battlewheel.printing.card import SheetCard, card_from_contract

EX3 = get_ruleset("3e")
IMPULSE = get_ruleset("impulse")
POOLWARD = get_ruleset("pool-and-ward")


def text_of(card: SheetCard) -> str:
    return "\n".join(card.reference).replace("\u00a0", " ")


def line_starting(card: SheetCard, start: str) -> str:
    return next(line for line in text_of(card).splitlines() if line.startswith(start))


def track(card: SheetCard, title: str) -> tuple[tuple[str, ...], str]:
    """The labels and marks of one of a card's box tracks, by its title."""
    for name, first, count in card.tracks():
        if name == title:
            return card.labels[first:first + count], card.marks[first:first + count]
    raise AssertionError(f"no track {title!r} among {[t for t, _, _ in card.tracks()]}")


# -- 3e (rules/3e.md §6) ----------------------------------------------------------------------


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
    # The reminder strip: every line after the status line (a Wounds line joined it).
    strip_text = " ".join(card.reference[card.reference.index(status) + 1:])
    for item in ("Withering: Str + weapon damage + threshold - soak", "Decisive: roll your i",
                 "Delay -2i", "onslaught -1", "flurry -3 rolls / -1 Def", "Break +5i",
                 "miss -2i (-3i at 11+)"):
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


# -- Impulse (rules/impulse.md §6) ---------------------------------------------------------------


def test_impulse_card_holds_every_item_of_section_six() -> None:
    """Harmonious Jade (Initiative 4, Endurance 12, DV 4, Evasion 3, Soak 2, Resolve 3,
    Guile 2; a medium Daiklave with Strength 3 + Melee 4 = 7, Base Damage 2 + 1 = 3;
    light armour +0/+0)."""
    jade = heroes()[0]
    card = card_from_contract(IMPULSE.block_card(jade))
    order = line_starting(card, "Order:")
    assert "Initiative 4" in order and "Order value ____" in order
    assert "____" in line_starting(card, "Impulse:")
    assert len(card.labels) == 12
    defences = line_starting(card, "Defences:")
    for item in ("DV 4", "Evasion 3", "Soak 2", "Resolve 3", "Guile 2"):
        assert item in defences
    weapon = line_starting(card, "Daiklave:")
    for item in ("Attribute Strength", "Accuracy pool 7", "Base Damage 3"):
        assert item in weapon
    assert "Soak +0" in line_starting(card, "light:")
    text = text_of(card)
    assert "Stunt effects (+2 dice):" in text
    for effect, beat in (("Knockback", "DV"), ("Intimidate", "Resolve"), ("Stun", "Soak"),
                         ("Disarm", "Soak"), ("Restrain", "Evasion"), ("Maim", "DV"),
                         ("Humiliate", "Guile"), ("Terrorize", "Resolve"),
                         ("Smash Scenery", "scenery"), ("Seek Cover", "scenery"),
                         ("Counter Cover", "scenery"), ("Defend Other", "none")):
        assert f"Beat {beat}" in line_starting(card, f"{effect}:")
    statuses = text.split("Statuses:")[1]
    for word in ("Stunned", "Disarmed", "Restrained", "Dashed last round", "Cover",
                 "Wound Drawbacks"):
        assert word in statuses
    for item in ("at least 2 Impulse", "miss \u22122", "Hold 2", "Dash 2", "Disengage 2",
                 "+1 order value = 1 Impulse", "gain 1 Limit"):
        assert item in text


def test_impulse_fighter_card_shows_its_impulse_and_order() -> None:
    """In the demo fight a fighter's card holds its order value and Impulse in hand."""
    session = impulse_fight()
    who = session.state.combatants["jade"]
    card = card_from_contract(IMPULSE.card(session.state, "jade"))
    assert f"Order value {who.orders[0]}" in line_starting(card, "Order:")
    assert f"Impulse (tally) {who.impulse}" in line_starting(card, "Impulse:")


# -- Pool & Ward (rules/pool-and-ward.md §6) ------------------------------------------------------


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
