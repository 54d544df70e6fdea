"""Where the cards and boxes go on a page, in millimetres (no Qt).

Cards sit two to a row (one on a page too narrow for two), as tall as their boxes
and their reference lines need; rows fill the page top to bottom and a card never
straddles two pages. A reference line wider than its card wraps at spaces onto
indented lines below it, so no word a player needs is cut off.
"""

import math
import re
from collections.abc import Callable
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
# A wrapped line's continuation is indented, so it reads as part of the line above.
CONTINUATION = "    "
# Rough width of a character of the 7-point reference text, in millimetres, for a layout
# made without Qt's font metrics; wide enough for DejaVu Sans's capitals and digits.
ESTIMATED_CHAR_WIDTH = 1.55
# Kept free at a wrapped line's end: the printer's and the PDF's hinting of the same
# text differ by a fraction of a millimetre.
WRAP_SLACK = 0.6

Measure = Callable[[str], float]
"""The printed width of a reference line, in millimetres."""


def estimated_width(text: str) -> float:
    """A generous guess at a reference line's width when no font metrics are at hand."""
    return len(text) * ESTIMATED_CHAR_WIDTH


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
    # The card's reference lines as printed: each wrapped to the card's width.
    lines: tuple[str, ...] = ()


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


def wrap_line(text: str, width: float, measure: Measure = estimated_width) -> list[str]:
    """One reference line as the lines it takes on a card ``width`` mm wide.

    A run of two or more spaces parts the figures of a line ("Parry 3   Evasion 2"), so
    breaks fall there first, keeping each label with its figure; a phrase too long for
    a line of its own breaks at its single spaces (never at a no-break space), and a
    word wider than the card between its letters. The spaces at a break are dropped;
    continuation lines are indented.
    """
    lines: list[str] = []
    current = ""
    for piece in re.split(r"( {2,})", text):
        if not piece or piece.startswith(" "):
            current += piece  # a gap: dropped by rstrip() if the line breaks here
            continue
        if current.strip() and measure(current + piece) > width:
            lines.append(current.rstrip())
            current = CONTINUATION
        current = _add_words(current, piece, width, measure, lines)
    lines.append(current.rstrip())
    return lines


def _add_words(current: str, phrase: str, width: float, measure: Measure,
               lines: list[str]) -> str:
    """Add a phrase to the line being built, breaking at its single spaces where it
    does not fit; full lines go onto ``lines`` and the unfinished one is returned."""
    for token in re.findall(r"[^ ]+| +", phrase):
        if token.startswith(" "):
            current += token
            continue
        if current.strip() and measure(current + token) > width:
            lines.append(current.rstrip())
            current = CONTINUATION
        current += token
        while measure(current) > width and len(current.strip()) > 1:
            head, current = _split_word(current, width, measure)
            lines.append(head)
    return current


def _split_word(line: str, width: float, measure: Measure) -> tuple[str, str]:
    """The longest head of an over-wide line that fits, and the indented rest."""
    cut = len(line) - 1
    while cut > len(CONTINUATION) + 1 and measure(line[:cut]) > width:
        cut -= 1
    return line[:cut], CONTINUATION + line[cut:]


def wrapped_lines(card: SheetCard, width: float,
                  measure: Measure = estimated_width) -> tuple[str, ...]:
    """Every reference line of a card wrapped to the text width of a card ``width`` wide."""
    text_width = width - 2 * CARD_PADDING - WRAP_SLACK
    return tuple(part for line in card.reference for part in wrap_line(line, text_width, measure))


def card_height(card: SheetCard, width: float, measure: Measure = estimated_width) -> float:
    """Height of a card: header, each track's rows of boxes, then its wrapped reference lines."""
    per_row = boxes_per_row(width)
    rows = sum(math.ceil(count / per_row) or 1 for _, _, count in card.tracks())
    titles = sum(1 for title, _, _ in card.tracks() if title) * REFERENCE_LINE
    lines = len(wrapped_lines(card, width, measure))
    return (CARD_PADDING + HEADER_HEIGHT + rows * BOX_ROW_HEIGHT + titles
            + lines * REFERENCE_LINE + CARD_PADDING)


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
    cards: list[SheetCard], page_width: float, page_height: float,
    measure: Measure = estimated_width,
) -> list[list[PlacedCard]]:
    """Place the cards on as many pages as they need, in order; ``measure`` gives a
    reference line's printed width, to wrap the lines that do not fit."""
    width = card_width(page_width)
    columns = columns_for(page_width)
    pages: list[list[PlacedCard]] = [[]]
    y = MARGIN
    for start in range(0, len(cards), columns):
        row = cards[start:start + columns]
        height = max(card_height(card, width, measure) for card in row)
        if y + height > page_height - MARGIN and pages[-1]:
            pages.append([])
            y = MARGIN
        for column, card in enumerate(row):
            frame = Rect(MARGIN + column * (width + GUTTER), y, width, height)
            boxes, titles = box_frames(frame, card)
            lines = wrapped_lines(card, width, measure)
            pages[-1].append(PlacedCard(card, frame, boxes, titles, lines))
        y += height + GUTTER
    return pages if pages[0] else []
