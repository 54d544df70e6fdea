"""Reading a printed card as the painter lays it out (``card_from_contract``): its
reference lines (a no-break space read as a space) and its box tracks (the players' card
tests of each system, tests/engine/rulesets/*/test_player_card.py)."""

from battlewheel.printing.card import SheetCard


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
