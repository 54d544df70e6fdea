"""Where the cards and boxes go on a page, in millimetres (no Qt).

Cards sit two to a row (one on a page too narrow for two), as tall as their boxes
need; rows fill the page top to bottom and a card never straddles two pages.
"""

import math
from dataclasses import dataclass

from battlewheel.printing.card import SheetCard

PAGE_SIZES_MM = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
MARGIN = 12.0
GUTTER = 6.0
CARD_PADDING = 4.0
HEADER_HEIGHT = 12.0
BOX = 7.0
BOX_PITCH = 8.0
LABEL_HEIGHT = 4.0
BOX_ROW_HEIGHT = LABEL_HEIGHT + BOX + 2.0
REFERENCE_LINE = 4.2
MIN_CARD_WIDTH = 80.0


@dataclass(frozen=True)
class Rect:
    """A rectangle in millimetres from the page's top-left corner."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class PlacedCard:
    """A card with its frame and the frame of each of its boxes."""

    card: SheetCard
    frame: Rect
    boxes: tuple[Rect, ...]
    # Each further track's title and where it is written, above its first row.
    titles: tuple[tuple[str, Rect], ...] = ()


def page_size_mm(page: str) -> tuple[float, float]:
    """Width and height of a named page size; ValueError names the choices."""
    try:
        return PAGE_SIZES_MM[page]
    except KeyError:
        raise ValueError(f"page: {page!r} is not one of {sorted(PAGE_SIZES_MM)}") from None


def columns_for(page_width: float) -> int:
    """How many cards fit side by side."""
    usable = page_width - 2 * MARGIN
    return max(1, min(2, math.floor((usable + GUTTER) / (MIN_CARD_WIDTH + GUTTER))))


def card_width(page_width: float) -> float:
    """The width of every card on a page of this width."""
    columns = columns_for(page_width)
    return (page_width - 2 * MARGIN - GUTTER * (columns - 1)) / columns


def boxes_per_row(width: float) -> int:
    """How many boxes fit across a card of this width."""
    return max(1, math.floor((width - 2 * CARD_PADDING - BOX) / BOX_PITCH) + 1)


def card_height(card: SheetCard, width: float) -> float:
    """Height of a card: header, each track's rows of boxes, then its reference lines."""
    per_row = boxes_per_row(width)
    rows = sum(math.ceil(count / per_row) or 1 for _, _, count in card.tracks())
    titles = len(card.segments) * REFERENCE_LINE
    return (CARD_PADDING + HEADER_HEIGHT + rows * BOX_ROW_HEIGHT + titles
            + len(card.reference) * REFERENCE_LINE + CARD_PADDING)


def box_frames(
    frame: Rect, card: SheetCard
) -> tuple[tuple[Rect, ...], tuple[tuple[str, Rect], ...]]:
    """The boxes of a card, left to right and row by row, each track on rows of its own
    (under its title after the first), below the header; and the titles' places."""
    per_row = boxes_per_row(frame.width)
    left = frame.x + CARD_PADDING
    y = frame.y + CARD_PADDING + HEADER_HEIGHT
    boxes: list[Rect] = []
    titles: list[tuple[str, Rect]] = []
    for title, _, count in card.tracks():
        if title:
            titles.append((title, Rect(left, y, frame.width - 2 * CARD_PADDING, REFERENCE_LINE)))
            y += REFERENCE_LINE
        top = y + LABEL_HEIGHT
        boxes.extend(Rect(left + (i % per_row) * BOX_PITCH, top + (i // per_row) * BOX_ROW_HEIGHT,
                          BOX, BOX) for i in range(count))
        y += (math.ceil(count / per_row) or 1) * BOX_ROW_HEIGHT
    return tuple(boxes), tuple(titles)


def layout_pages(
    cards: list[SheetCard], page_width: float, page_height: float
) -> list[list[PlacedCard]]:
    """Place the cards on as many pages as they need, in order."""
    width = card_width(page_width)
    columns = columns_for(page_width)
    pages: list[list[PlacedCard]] = [[]]
    y = MARGIN
    for start in range(0, len(cards), columns):
        row = cards[start:start + columns]
        height = max(card_height(card, width) for card in row)
        if y + height > page_height - MARGIN and pages[-1]:
            pages.append([])
            y = MARGIN
        for column, card in enumerate(row):
            frame = Rect(MARGIN + column * (width + GUTTER), y, width, height)
            boxes, titles = box_frames(frame, card)
            pages[-1].append(PlacedCard(card, frame, boxes, titles))
        y += height + GUTTER
    return pages if pages[0] else []
