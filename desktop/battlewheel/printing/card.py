"""What one printed card shows, as plain data (no Qt).

A card is built from a ruleset's contract ``Card`` (its box tracks with their marks or
blank, its other sections and reminders as reference lines), or from a Stamina and
extra levels alone for a blank 2e player sheet; the painter only reads it.
"""

from dataclasses import dataclass

from battlewheel.engine.core.contract import (
    BoxTrack,
    Card,
    Glyph,
    PoolsSection,
    Table,
    Text,
    Values,
)
from battlewheel.engine.core.health import HealthTrack

BLANK = "."
MARKS = {".": "empty", "/": "bashing", "X": "lethal", "*": "aggravated"}


@dataclass(frozen=True)
class SheetCard:
    """One character's card: name, labelled boxes with marks, and reference figures."""

    name: str
    subtitle: str
    labels: tuple[str, ...]
    marks: str
    reference: tuple[str, ...] = ()
    # What the card's marks mean, for the page's key: a stroke mark (/ X *) keeps its
    # strokes but takes the ruleset's word (Pool & Ward's X is Health lost); any other
    # mark prints as a shaded box.
    glyphs: tuple[Glyph, ...] = ()
    # Further box tracks after the first, as (title, box count): each starts a new row
    # under its title; ``labels`` and ``marks`` hold every track's boxes in order.
    segments: tuple[tuple[str, int], ...] = ()
    # The first track's title, printed only on a card of several tracks (a lone track
    # is the card's own, as the 2e health track is).
    first_title: str = ""

    def __post_init__(self) -> None:
        if len(self.labels) != len(self.marks):
            raise ValueError(
                f"marks: {len(self.marks)} marks for {len(self.labels)} boxes; "
                "each box needs exactly one mark"
            )
        known = set(MARKS) | {glyph.mark for glyph in self.glyphs}
        unknown = set(self.marks) - known
        if unknown:
            raise ValueError(f"marks: {sorted(unknown)} not among {sorted(known)}")

    def blanked(self) -> "SheetCard":
        """The same card with every box empty, for a fresh sheet."""
        return SheetCard(self.name, self.subtitle, self.labels, BLANK * len(self.labels),
                         self.reference, self.glyphs, self.segments, self.first_title)

    def tracks(self) -> list[tuple[str, int, int]]:
        """Each track's title, first box and box count (the first's title may be empty)."""
        following = sum(count for _, count in self.segments)
        found = [(self.first_title, 0, len(self.labels) - following)]
        start = found[0][2]
        for title, count in self.segments:
            found.append((title, start, count))
            start += count
        return found


def card_from_contract(card: Card, *, blank: bool = False) -> SheetCard:
    """A ruleset's printed card as the painter lays it out: its first box track as the
    boxes, its other sections and reminders as reference lines; ``blank`` empties the
    boxes and takes the card's blank reminders."""
    tracks = [s for s in card.sections if isinstance(s, BoxTrack)]
    labels = tuple(label for track in tracks for label in track.labels)
    marks = "".join(BLANK if m == t.blank else m for t in tracks for m in t.marks)
    glyphs = tuple({g.mark: g for t in tracks for g in t.legend if g.mark != BLANK}.values())
    lines = [line for section in card.sections for line in _lines(section)]
    reminders = card.reminders
    if blank:
        marks = BLANK * len(marks)
        reminders = card.blank_reminders if card.blank_reminders is not None else reminders
    segments = tuple((track.title, len(track.labels)) for track in tracks[1:])
    first_title = tracks[0].title if segments else ""
    return SheetCard(card.title, card.subtitle, labels, marks, (*lines, *reminders), glyphs,
                     segments, first_title)


def _lines(section: object) -> list[str]:
    """A section other than a box track as reference lines under the boxes."""
    if isinstance(section, Values):
        pairs = "   ".join(f"{v.label} {v.text}" for v in section.values)
        return [f"{section.title}: {pairs}"] if section.values else []
    if isinstance(section, Text):
        return [f"{section.title}: {section.text}"] if section.text else []
    if isinstance(section, PoolsSection):
        pools = "   ".join(f"{p.label} {p.text}" for p in section.pools)
        return [f"{section.title}: {pools}"] if section.pools else []
    if isinstance(section, Table):
        return _table_lines(section)
    return []


def _table_lines(table: Table) -> list[str]:
    """A table as its title, one line per row (each cell after its column's name), and
    its footer: a row's first cell leads the line."""
    # Two spaces part the cells (where a long row wraps); one space keeps the dot with
    # the cell before it.
    rows = [f"{row[0]}: " + " \u00b7  ".join(
        f"{head} {cell}" for head, cell in zip(table.columns[1:], row[1:], strict=False))
        for row in table.rows]
    title = [f"{table.title}:"] if table.title and rows else []
    footer = [table.footer] if table.footer else []
    return [*title, *rows, *footer]


def printed_label(label: str) -> str:
    """A track label as printed: a real minus sign and the full word for Incapacitated."""
    if label.lower().startswith("incap"):
        return "Incap."
    if label.startswith("-"):
        return "\u2212" + label[1:]
    return label


WOUND_RULE = "deepest marked box above Incap."


def wound_line(track: HealthTrack | None) -> str:
    """The reference line for wound penalties, with the current one when marks are shown."""
    if track is None:
        return f"Wound penalty: {WOUND_RULE}"
    now = "none" if track.wound_penalty == 0 else f"\u2212{track.wound_penalty}"
    return f"Wound penalty now: {now}  ({WOUND_RULE})"


def track_card(
    name: str, subtitle: str, track: HealthTrack, reference: tuple[str, ...] = (),
    *, blank: bool = False,
) -> SheetCard:
    """A card for a track, with its current marks unless ``blank``."""
    marks = BLANK * track.size if blank else track.marks
    lines = (*reference, wound_line(None if blank else track))
    return SheetCard(name, subtitle, track.labels, marks, lines)


def blank_player_card(stamina: int, extra_levels: tuple[int, ...] = ()) -> SheetCard:
    """A nameless card with an empty track for a Stamina and extra levels, to hand out."""
    track = HealthTrack.standard(stamina, extra_levels)
    extras = ", ".join(f"\u2212{level}" for level in extra_levels)
    subtitle = f"Stamina {stamina}" + (f" \u00b7 extra levels {extras}" if extras else "")
    reference = (
        "Soak   B ____   L ____   A ____      Hardness ____",
        "Dodge DV ____      Parry DV ____ / ____",
    )
    return track_card("", subtitle, track, reference, blank=True)
