"""Card layout on the page: two columns, whole cards, page breaks (no Qt needed)."""

import pytest

from battlewheel.engine.core.health import HealthTrack
from battlewheel.printing.card import SheetCard, blank_player_card
from battlewheel.printing.layout import (
    MARGIN,
    box_frames,
    boxes_per_row,
    card_height,
    card_width,
    columns_for,
    layout_pages,
    page_size_mm,
)


def card(stamina: int) -> SheetCard:
    return blank_player_card(stamina)


def test_a4_holds_two_cards_of_90_mm_side_by_side() -> None:
    """210 mm minus two 12 mm margins and a 6 mm gutter leaves 2 x 90 mm."""
    assert columns_for(210.0) == 2
    assert card_width(210.0) == pytest.approx(90.0)


def test_a_stamina_3_track_fits_one_row_of_boxes() -> None:
    """Ten boxes (-0, 2x-1, 2x-2, -4, Incap, 3 Dying) fit across a 90 mm card."""
    assert boxes_per_row(90.0) == 10
    placed = layout_pages([card(3)], 210.0, 297.0)[0][0]
    frames, titles = box_frames(placed.frame, placed.card)
    assert len(frames) == 10 and titles == ()
    assert len({frame.y for frame in frames}) == 1


def test_each_further_track_starts_its_own_row_under_its_title() -> None:
    """A card with Health (3 boxes) then Vigor (2): Vigor's boxes sit on a lower row,
    its title between the two, and the card is taller than with Health alone."""
    health = SheetCard("Edward", "", ("1", "2", "3"), "...")
    both = SheetCard("Edward", "", ("1", "2", "3", "1", "2"), ".....", segments=(("Vigor", 2),))
    placed = layout_pages([both], 210.0, 297.0)[0][0]
    frames, titles = box_frames(placed.frame, both)
    assert [title for title, _ in titles] == ["Vigor"]
    assert frames[3].y > frames[0].y and frames[3].x == frames[0].x
    assert titles[0][1].y < frames[3].y
    assert card_height(both, 90.0) > card_height(health, 90.0)


def test_a_stamina_5_track_wraps_to_a_second_row() -> None:
    """Twelve boxes need two rows, so the card grows by one row of boxes."""
    assert card_height(card(5), 90.0) > card_height(card(3), 90.0)


@pytest.mark.parametrize("page", ["A4", "Letter"])
def test_cards_never_cross_the_bottom_margin_and_keep_their_order(page: str) -> None:
    """Every card lies inside the margins, and reading order is preserved across pages."""
    width, height = page_size_mm(page)
    cards = [SheetCard(f"C{i}", "", ("-0",), ".") for i in range(7)] + [card(5)] * 12
    pages = layout_pages(cards, width, height)
    assert len(pages) > 1
    placed = [item for sheet in pages for item in sheet]
    assert [item.card for item in placed] == cards
    for item in placed:
        assert item.frame.y >= MARGIN
        assert item.frame.y + item.frame.height <= height - MARGIN
        assert item.frame.x + item.frame.width <= width - MARGIN + 1e-9


def test_unknown_page_size_names_the_choices() -> None:
    """A page size other than A4 or Letter is refused with the allowed names."""
    with pytest.raises(ValueError, match=r"page: 'A5' is not one of \['A4', 'Letter'\]"):
        page_size_mm("A5")


def test_no_cards_lay_out_to_no_pages() -> None:
    """An empty selection produces no pages rather than a blank one."""
    assert layout_pages([], 210.0, 297.0) == []


def test_track_lengths_match_between_card_and_engine_track() -> None:
    """A card has one box per box of the engine's track, extra levels included."""
    assert len(blank_player_card(4, (1, 2)).labels) == HealthTrack.standard(4, (1, 2)).size
