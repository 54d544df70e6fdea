"""Paint laid-out player cards with QPainter onto a PDF writer or a printer.

Everything is drawn as vectors and real text (lines for the marks, text for names and
labels), so a PDF stays sharp at any zoom and its text can be selected and searched.
"""

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPagedPaintDevice,
    QPaintDevice,
    QPainter,
    QPen,
)

from battlewheel import APP_NAME
from battlewheel.printing.card import BLANK, printed_label
from battlewheel.printing.layout import (
    CARD_PADDING,
    HEADER_HEIGHT,
    LABEL_HEIGHT,
    MARGIN,
    REFERENCE_LINE,
    Measure,
    PlacedCard,
    Rect,
)

INK = QColor("#000000")
STROKES = "/X*"  # the ordered health track's marks, drawn as strokes
SHADE = QColor(120, 120, 120)
FAINT = QColor("#707070")
FONT_FAMILY = "DejaVu Sans"
LEGEND = "Marks:  / bashing    X lethal    \u2731 aggravated"
# The 2e track's strokes, as a card that names no marks of its own (a blank sheet) reads them.
STROKE_NAMES = {"/": "bashing", "X": "lethal", "*": "aggravated"}
STROKE_SYMBOLS = {"/": "/", "X": "X", "*": "\u2731"}
REFERENCE_POINTS = 7.0
PAGE_NUMBER_WIDTH = 40.0


class _Page:
    """A QPainter whose coordinates are millimetres from the page corner."""

    def __init__(self, painter: QPainter, dots_per_mm: float) -> None:
        self.painter = painter
        self.scale = dots_per_mm

    def rect(self, r: Rect) -> QRectF:
        s = self.scale
        return QRectF(r.x * s, r.y * s, r.width * s, r.height * s)

    def point(self, x: float, y: float) -> QPointF:
        return QPointF(x * self.scale, y * self.scale)

    def pen(self, width_mm: float, color: QColor = INK) -> QPen:
        pen = QPen(color, width_mm * self.scale)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        return pen

    def font(self, points: float, *, bold: bool = False) -> None:
        font = QFont(FONT_FAMILY)
        font.setPointSizeF(points)
        font.setBold(bold)
        self.painter.setFont(font)

    def text(self, r: Rect, text: str, align: Qt.AlignmentFlag) -> None:
        """Draw text in a box, shortened with an ellipsis rather than cut or overflowing.

        Reference lines come wrapped to fit (``layout.wrap_line``), so only a name or a
        box label too long for its place is ever shortened.
        """
        box = self.rect(r)
        fitted = self.painter.fontMetrics().elidedText(
            text, Qt.TextElideMode.ElideRight, int(box.width())
        )
        self.painter.drawText(box, int(align), fitted)


def text_measure(device: QPaintDevice) -> Measure:
    """The printed width, in millimetres, of a reference line on this device, for the
    layout to wrap lines by (the same font and size ``paint_reference`` draws with)."""
    font = QFont(FONT_FAMILY)
    font.setPointSizeF(REFERENCE_POINTS)
    metrics = QFontMetricsF(font, device)
    dots_per_mm = device.logicalDpiX() / 25.4

    def width(text: str) -> float:
        return metrics.horizontalAdvance(text) / dots_per_mm

    return width


def paint_pages(device: QPagedPaintDevice, pages: list[list[PlacedCard]],
                paper: tuple[float, float]) -> None:
    """Paint every page; the device's origin must be the top-left corner of the paper.

    ``paper`` is the paper's width and height in millimetres.
    """
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("the printer or PDF file could not be opened for painting")
    try:
        page = _Page(painter, device.logicalDpiX() / 25.4)
        for number, cards in enumerate(pages):
            if number:
                device.newPage()
            for placed in cards:
                paint_card(page, placed)
            paint_footer(page, *paper, number + 1, len(pages), _legend(cards))
    finally:
        painter.end()


def paint_card(page: _Page, placed: PlacedCard) -> None:
    """One card: frame, name and subtitle, labelled boxes with marks, reference lines."""
    painter, frame, card = page.painter, placed.frame, placed.card
    painter.setPen(page.pen(0.35))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(page.rect(frame), 2 * page.scale, 2 * page.scale)
    inner = frame.width - 2 * CARD_PADDING
    left, top = frame.x + CARD_PADDING, frame.y + CARD_PADDING
    page.font(11, bold=True)
    page.text(Rect(left, top, inner, 6.0), card.name or "Name: ____________________",
              Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    page.font(7.5)
    painter.setPen(page.pen(0.2, FAINT))
    page.text(Rect(left, top + 6.0, inner, 4.5), card.subtitle,
              Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    for label, mark, box in zip(card.labels, card.marks, placed.boxes, strict=True):
        paint_box(page, box, printed_label(label), mark)
    page.font(7, bold=True)
    painter.setPen(page.pen(0.2))
    for title, where in placed.titles:
        page.text(where, title, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    paint_reference(page, placed)


def _legend(cards: list[PlacedCard]) -> str:
    """The key to the marks on this page, in each card's own words: its strokes by their
    symbol, marked or not (a Pool & Ward card's X is Health lost, not lethal), and each
    other mark it shows as a shaded box."""
    entries: list[str] = []
    for placed in cards:
        card = placed.card
        names = {**STROKE_NAMES, **{g.mark: g.name for g in card.glyphs}}
        named = {g.mark for g in card.glyphs}
        wanted = (named & set(STROKES) if named else set(STROKES)) | set(card.marks)
        for mark, name in names.items():
            entry = f"{STROKE_SYMBOLS[mark]} {name}" if mark in STROKES else f"shaded {name}"
            if mark in wanted and entry not in entries:
                entries.append(entry)
    return "Marks:  " + "    ".join(entries) if entries else ""


def paint_footer(page: _Page, width: float, height: float, number: int, total: int,
                 legend: str = LEGEND) -> None:
    """The key to the marks and the page number, once per page in the bottom margin."""
    page.font(7)
    page.painter.setPen(page.pen(0.2, FAINT))
    row = Rect(MARGIN, height - MARGIN + 3.0, width - 2 * MARGIN, 5.0)
    # The key stops short of the page number on the right.
    key = Rect(row.x, row.y, row.width - PAGE_NUMBER_WIDTH, row.height)
    page.text(key, legend, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    page.text(row, f"{APP_NAME} \u00b7 page {number} of {total}",
              Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


def paint_box(page: _Page, box: Rect, label: str, mark: str) -> None:
    """A box with its label above and its mark drawn as strokes."""
    painter = page.painter
    page.font(5.5)
    painter.setPen(page.pen(0.2))
    label_area = Rect(box.x - 0.6, box.y - LABEL_HEIGHT, box.width + 1.2, LABEL_HEIGHT)
    page.text(label_area, label, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom)
    painter.setPen(page.pen(0.3))
    painter.drawRect(page.rect(box))
    if mark in STROKES:
        paint_mark(page, box, mark)
    elif mark != BLANK:  # another system's mark (Ward, a negative box): a shaded box
        page.painter.fillRect(page.rect(box).adjusted(2, 2, -2, -2), SHADE)


def paint_mark(page: _Page, box: Rect, mark: str) -> None:
    """Bashing one stroke, lethal a cross, aggravated a cross with a bar (an asterisk)."""
    inset = 1.2
    x0, y0 = box.x + inset, box.y + inset
    x1, y1 = box.x + box.width - inset, box.y + box.height - inset
    lines = [QLineF(page.point(x0, y1), page.point(x1, y0))]
    if mark in "X*":
        lines.append(QLineF(page.point(x0, y0), page.point(x1, y1)))
    if mark == "*":
        middle = box.x + box.width / 2
        lines.append(QLineF(page.point(middle, y0 - 0.3), page.point(middle, y1 + 0.3)))
    page.painter.setPen(page.pen(0.5))
    page.painter.drawLines(lines)


def paint_reference(page: _Page, placed: PlacedCard) -> None:
    """Soak, defences and wound penalties under the boxes, as the layout wrapped them."""
    frame = placed.frame
    last_box = placed.boxes[-1] if placed.boxes else Rect(frame.x, frame.y + HEADER_HEIGHT,
                                                          0, 0)
    y = last_box.y + last_box.height + 2.0
    page.font(REFERENCE_POINTS)
    page.painter.setPen(page.pen(0.2))
    for line in placed.lines:
        page.text(Rect(frame.x + CARD_PADDING, y, frame.width - 2 * CARD_PADDING,
                       REFERENCE_LINE), line,
                  Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        y += REFERENCE_LINE
