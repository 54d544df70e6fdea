"""What a card says: labels, marks, reference lines, blank sheets."""

import pytest

from battlewheel.engine.core.health import HealthTrack
from battlewheel.printing.card import SheetCard, blank_player_card, printed_label, track_card


def test_blank_player_sheet_for_stamina_3_with_ox_body_levels() -> None:
    """Stamina 3 with extra -1 and -2 levels: 8 levels, Incap and 3 Dying, all empty."""
    sheet = blank_player_card(3, (1, 2))
    assert sheet.labels == ("-0", "-1", "-1", "-1", "-2", "-2", "-2", "-4",
                            "Incap", "Dying", "Dying", "Dying")
    assert sheet.marks == "." * 12
    assert sheet.name == ""
    assert sheet.subtitle == "Stamina 3 \u00b7 extra levels \u22121, \u22122"
    assert any(line.startswith("Soak") for line in sheet.reference)


def test_track_card_shows_current_marks_and_wound_penalty() -> None:
    """Two lethal and one bashing fill -0, -1, -1: the penalty now is -1."""
    track = HealthTrack.standard(2).mark(bashing=1, lethal=2)
    shown = track_card("Jade", "Solar", track)
    assert shown.marks == "XX/......"
    assert shown.reference[-1].startswith("Wound penalty now: \u22121")


def test_blank_option_empties_the_marks_and_drops_the_current_penalty() -> None:
    """A blank card of a wounded character has empty boxes and no 'Now' figure."""
    track = HealthTrack.standard(2).mark(lethal=4)
    shown = track_card("Jade", "Solar", track, blank=True)
    assert shown.marks == "." * 9
    assert "now" not in shown.reference[-1]


def test_card_refuses_marks_that_do_not_match_boxes() -> None:
    """A card needs one known mark per labelled box."""
    with pytest.raises(ValueError, match="marks: 1 marks for 2 boxes"):
        SheetCard("A", "", ("-0", "-1"), ".")
    with pytest.raises(ValueError, match="marks:"):
        SheetCard("A", "", ("-0",), "?")


@pytest.mark.parametrize(
    ("label", "printed"), [("-0", "\u22120"), ("-4", "\u22124"), ("Incap", "Incap."),
                           ("Dying", "Dying")],
)
def test_labels_print_with_a_real_minus_sign(label: str, printed: str) -> None:
    """Penalties print with U+2212 and Incapacitated abbreviated with a full stop."""
    assert printed_label(label) == printed
