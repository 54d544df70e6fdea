"""The Impulse printed card holds every item of its rules page's §6 "Player card"
(rules/impulse.md).

The cards are read as the painter lays them out (``card_from_contract``): the box tracks
with their labels and marks, and the reference lines, a no-break space read as a space.
The figures are worked by hand from the demo stat blocks.
"""

from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.rulesets.impulse.demo import demo_fight as impulse_fight
from battlewheel.engine.rulesets.impulse.demo import heroes
from battlewheel.printing.card import card_from_contract
from tests.printing.card_text import line_starting, text_of

IMPULSE = get_ruleset("impulse")


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
