"""The key to the marks at the foot of each page speaks each system's words."""

from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.rulesets.ex3.demo import guard
from battlewheel.engine.rulesets.poolward.actions import SetTrack
from battlewheel.engine.rulesets.poolward.demo import demo_fight
from battlewheel.printing.card import card_from_contract, track_card
from battlewheel.printing.layout import layout_pages
from battlewheel.printing.painter import _legend


def legend_of(*cards: object) -> str:
    return _legend(layout_pages(list(cards), 210.0, 297.0)[0])  # type: ignore[arg-type]


def test_pool_and_ward_marks_are_keyed_in_its_own_words() -> None:
    """Edward with Health and Vigor lost: X is 'Health lost' and / 'Vigor lost', never
    the 2e 'lethal' and 'bashing'."""
    session = demo_fight()
    session.apply(SetTrack("edward", "health", 3))
    session.apply(SetTrack("edward", "vigor", 3))
    card = card_from_contract(get_ruleset("pool-and-ward").card(session.state, "edward"))
    legend = legend_of(card)
    assert "X Health lost" in legend and "/ Vigor lost" in legend
    assert "lethal" not in legend and "bashing" not in legend


def test_a_2e_card_keeps_the_health_strokes() -> None:
    """A 2e card (no words of its own for its marks) keys / X and the asterisk as bashing,
    lethal and aggravated, marked or blank."""
    marked = track_card("Jade", "Solar", HealthTrack.standard(2).mark(bashing=1, lethal=1))
    assert legend_of(marked) == "Marks:  / bashing    X lethal    \u2731 aggravated"
    assert legend_of(marked.blanked()) == legend_of(marked)


def test_a_page_of_blank_magnitude_boxes_needs_no_stroke_key() -> None:
    """A blank battle-group card has only Magnitude boxes: no bashing or lethal key."""
    card = card_from_contract(get_ruleset("3e").block_card(guard()), blank=True)
    assert "lethal" not in legend_of(card)
