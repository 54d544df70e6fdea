"""Long reference lines wrap onto the card's next lines: every word is printed, none cut."""

from pathlib import Path

import pytest

from battlewheel.engine.core.contract import Card, Table, Text, Value, Values
from battlewheel.printing import painter
from battlewheel.printing.card import SheetCard, card_from_contract
from battlewheel.printing.layout import (
    CONTINUATION,
    card_height,
    layout_pages,
    wrap_line,
    wrapped_lines,
)
from battlewheel.printing.output import export_pdf

LONG = ("Ward absorbs first; Damage Reduction turns lethal into non-lethal while Vigor "
        "lasts; at 0 Health the fighter is disabled and dies at the last negative box.")


def char_width(text: str) -> float:
    """A measure of 1 mm a character, so a line's width is its length."""
    return float(len(text))


def words(text: str) -> list[str]:
    return text.split()


def test_a_long_line_wraps_at_spaces_and_keeps_every_word() -> None:
    """Each printed piece fits the width, the pieces hold the line's words in order, and
    the continuation lines are indented."""
    pieces = wrap_line(LONG, 40.0, char_width)
    assert len(pieces) > 1
    assert all(len(piece) <= 40 for piece in pieces)
    assert [w for piece in pieces for w in words(piece)] == words(LONG)
    assert all(piece.startswith(CONTINUATION) for piece in pieces[1:])
    assert not any("\u2026" in piece for piece in pieces)


def test_a_line_that_fits_is_printed_as_it_is() -> None:
    """Short lines, their double spaces included, are left alone."""
    assert wrap_line("Soak B 6  L 3  A 2", 40.0, char_width) == ["Soak B 6  L 3  A 2"]


def test_a_word_wider_than_the_card_is_split_not_lost() -> None:
    """A single over-long word is cut between letters over several lines, all kept."""
    word = "x" * 50
    pieces = wrap_line(word, 20.0, char_width)
    assert all(len(piece) <= 20 for piece in pieces)
    assert "".join(piece.strip() for piece in pieces) == word


def test_a_label_stays_with_its_figure() -> None:
    """Figures parted by runs of spaces break there, so "Parry 3" never ends one line
    with "Parry" and starts the next with "3"; a no-break space holds too."""
    line = "Defence: Armour 3   Shield 1   Dodge 1   Parry 3   Def\u00a0+1"
    for width in range(18, len(line)):
        pieces = wrap_line(line, float(width), char_width)
        assert [w for piece in pieces for w in words(piece)] == words(line)
        for piece in pieces:
            assert not piece.rstrip().endswith(("Armour", "Shield", "Dodge", "Parry", "Def"))


def test_a_long_phrase_without_gaps_still_breaks_at_its_spaces() -> None:
    """A sentence (single spaces only) wraps word by word after the line's earlier
    figures."""
    pieces = wrap_line("Notes:   " + LONG, 50.0, char_width)
    assert len(pieces) > 2 and all(len(piece) <= 50 for piece in pieces)
    assert [w for piece in pieces for w in words(piece)] == words("Notes: " + LONG)


def test_card_grows_by_the_lines_its_wrapped_text_takes() -> None:
    """A card with one long line is taller than the same card with a short one, by
    exactly the extra wrapped lines."""
    short = SheetCard("A", "", ("1",), ".", ("Short line",))
    long = SheetCard("A", "", ("1",), ".", (LONG,))
    extra = len(wrapped_lines(long, 90.0)) - 1
    assert extra > 0
    assert card_height(long, 90.0) - card_height(short, 90.0) == pytest.approx(extra * 4.2)


def test_layout_places_the_wrapped_lines_of_a_contract_card() -> None:
    """A contract card's long text and table row reach the page whole: the placed card's
    lines hold every word of them."""
    card = Card("Edward", sections=(
        Values("Defence", (Value("Magical Resistance", 2), Value("DR physical", 1))),
        Text("Notes", LONG),
        Table("Attacks", ("Attack", "Pool", "Notes"), (("Longsword", "10", LONG),)),
    ), reminders=(LONG,))
    placed = layout_pages([card_from_contract(card)], 210.0, 297.0)[0][0]
    printed = " ".join(placed.lines)
    for word in set(words(LONG)):
        assert printed.count(word) >= 3 * LONG.count(word)
    assert "Magical Resistance 2" in printed


def test_the_painter_draws_every_word_and_no_ellipsis(
    qapp: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the painter actually draws into the PDF: the whole of a long reminder, in
    pieces that each fit the card (so Qt never shortens one with "…")."""
    drawn: list[str] = []
    real_text = painter._Page.text

    def spy(page: painter._Page, rect: painter.Rect, text: str, align: object) -> None:
        box = page.rect(rect)
        fitted = page.painter.fontMetrics().elidedText(
            text, painter.Qt.TextElideMode.ElideRight, int(box.width()))
        drawn.append(fitted)
        real_text(page, rect, text, align)  # type: ignore[arg-type]

    monkeypatch.setattr(painter._Page, "text", spy)
    card = Card("Edward", sections=(Text("Notes", LONG),), reminders=(LONG,))
    export_pdf([card_from_contract(card)], tmp_path / "long.pdf")
    text = " ".join(drawn)
    assert "\u2026" not in text
    for word in words(LONG):
        assert text.count(word) >= 2 * LONG.count(word)
