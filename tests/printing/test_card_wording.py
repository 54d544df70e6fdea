"""Printed card wording (issue 24): the Impulse stunt lines read as sentences, and only a
player character's card carries the player's defeat."""

from __future__ import annotations

from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.rulesets.impulse.demo import foes, heroes
from battlewheel.printing.card import card_from_contract
from tests.printing.card_text import line_starting, text_of

IMPULSE = get_ruleset("impulse")


def test_the_stunt_lines_read_as_sentences() -> None:
    """001 §Stunting Maneuvers: "Knockback: Beat DV · then the target moves one band", never
    "Does target moves one band" or "Does hazard on the field"."""
    card = card_from_contract(IMPULSE.block_card(heroes()[0]))
    text = text_of(card)
    assert "Does " not in text
    assert "then the target moves one band" in line_starting(card, "Knockback:")
    assert "then the scenery becomes a hazard" in line_starting(card, "Smash Scenery:")


def test_an_npc_card_prints_no_players_defeat() -> None:
    """001 §Player Character Defeat: Limit is a player's; the Bandit Chief's card leaves it
    out, Jade's keeps it."""
    chief = card_from_contract(IMPULSE.block_card(foes()[0]))
    assert "Limit" not in text_of(chief)
    assert "gain 1 Limit" in text_of(card_from_contract(IMPULSE.block_card(heroes()[0])))
