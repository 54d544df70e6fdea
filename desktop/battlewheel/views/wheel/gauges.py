"""Gauges a ruleset may hang on a counter: rings round it, bars under it, columns of
pips to its left and lamps to its right (contract ``Ring``, ``Bar``, ``Pips``, ``Lamp``).

Plain painting in the counter's own coordinates (its centre at the origin), so the
counter item only says where its token ends. Pool & Ward uses all four (Ward, Health
and Vigor, Dodge and Parry, the F/M/S slots); the other systems none.
"""

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen

from battlewheel.engine.core.contract import Bar, Counter, Lamp, Pips, Ring
from battlewheel.views.wheel import palette
from battlewheel.views.wheel.geometry import COUNTER_SIZE

_HALF = COUNTER_SIZE / 2
RING_WIDTH = 4.0
RING_GAP = 5.0
BAR_HEIGHT = 5.0
BAR_GAP = 1.5
BAR_WIDTH = COUNTER_SIZE - 4
PIP_PITCH = 7.5
PIP_COLUMN = 10.0
PIP_RADIUS = 3.0
MOST_PIPS = 6  # a column longer than the token would hit the corner badges: a number then
LAMP_HEIGHT = 13.0
LAMP_WIDTH = 12.0
LAMP_LEFT = _HALF + 9  # clear of a top-right badge's edge
LETTER_PX = 10  # the type of the lamps' and pips' letters


def ring_radius(counter: Counter, index: int) -> float:
    """The radius of ring ``index``: outside the meter's arc when the counter has one."""
    first = _HALF + (4 + RING_GAP if counter.meter is not None else 5)
    return first + index * RING_GAP


def below(counter: Counter) -> float:
    """How far under the token's edge the bars reach (0 without bars)."""
    return 6 + len(counter.bars) * (BAR_HEIGHT + BAR_GAP) if counter.bars else 0.0


def reach(counter: Counter) -> float:
    """How far from the centre the rings and side columns reach."""
    rings = ring_radius(counter, len(counter.rings) - 1) + RING_WIDTH if counter.rings else 0
    pips = _pip_x(len(counter.pips) - 1) - PIP_RADIUS if counter.pips else 0
    return max(rings, -pips, lamps_right() if counter.lamps else 0)


def lamps_right() -> float:
    """Where the column of lamps ends on the right."""
    return LAMP_LEFT + LAMP_WIDTH


def paint_all(painter: QPainter, counter: Counter) -> None:
    """Every gauge the counter carries."""
    for index, ring in enumerate(counter.rings):
        paint_ring(painter, ring, ring_radius(counter, index))
    for index, bar in enumerate(counter.bars):
        paint_bar(painter, bar, _HALF + 6 + index * (BAR_HEIGHT + BAR_GAP))
    for index, pips in enumerate(counter.pips):
        paint_pips(painter, pips, _pip_x(index))
    if counter.lamps:
        paint_lamps(painter, counter.lamps)


def paint_ring(painter: QPainter, ring: Ring, radius: float) -> None:
    """A faint full circle (the maximum) and the share left over it, from the top."""
    rect = QRectF(-radius, -radius, 2 * radius, 2 * radius)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    colour = QColor(palette.RING_TONES.get(ring.tone, palette.METER))
    faint = QColor(colour)
    faint.setAlpha(55)
    painter.setPen(QPen(faint, RING_WIDTH))
    painter.drawEllipse(rect)
    pen = QPen(colour, RING_WIDTH)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setPen(pen)
    painter.drawArc(rect, 90 * 16, round(-360 * 16 * max(0.0, min(1.0, ring.fraction))))


def paint_bar(painter: QPainter, bar: Bar, top: float) -> None:
    """A bar's trough and its filled share; red from the left when ``negative``."""
    trough = QRectF(-BAR_WIDTH / 2, top, BAR_WIDTH, BAR_HEIGHT)
    painter.setPen(QPen(QColor(palette.BAR_EDGE), 0.6))
    painter.setBrush(QBrush(QColor(palette.BAR_TROUGH)))
    painter.drawRect(trough)
    tone = palette.BAR_TONES.get(bar.tone, palette.PIP_FILL)
    colour = palette.BAR_NEGATIVE if bar.negative else tone
    share = max(0.0, min(1.0, bar.fraction))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(QColor(colour)))
    painter.drawRect(QRectF(trough.left(), top, BAR_WIDTH * share, BAR_HEIGHT))


def _pip_x(index: int) -> float:
    return -(_HALF + 11 + index * PIP_COLUMN)


def paint_pips(painter: QPainter, pips: Pips, x: float) -> None:
    """A column of dots, filled for what is left, hollow for what is spent; its letter
    above. Past six a number stands in for the dots."""
    _letter(painter, pips.label, QRectF(x - 6, -_HALF - 5, 12, 12))
    if pips.total > MOST_PIPS:
        _letter(painter, str(pips.left), QRectF(x - 7, -7, 14, 14), bold=True)
        return
    top = -(pips.total - 1) * PIP_PITCH / 2
    for index in range(pips.total):
        filled = index < pips.left
        painter.setPen(QPen(QColor(palette.PIP_FILL), 1.1))
        painter.setBrush(QBrush(QColor(palette.PIP_FILL)) if filled else Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QPointF(x, top + index * PIP_PITCH), PIP_RADIUS, PIP_RADIUS)


def paint_lamps(painter: QPainter, lamps: tuple[Lamp, ...]) -> None:
    """A column of letters to the right of the token, lit ones on amber."""
    x = LAMP_LEFT
    top = -len(lamps) * LAMP_HEIGHT / 2
    for index, lamp in enumerate(lamps):
        rect = QRectF(x, top + index * LAMP_HEIGHT, LAMP_WIDTH, LAMP_HEIGHT - 1)
        painter.setPen(QPen(QColor(palette.COUNTER_INK), 0.8))
        painter.setBrush(QBrush(QColor(palette.LAMP_LIT if lamp.lit else palette.LAMP_DARK)))
        painter.drawRoundedRect(rect, 2, 2)
        _letter(painter, lamp.text, rect, bold=lamp.lit,
                ink=palette.LAMP_INK if lamp.lit else palette.LABEL)


def letter_font(base: QFont, *, bold: bool = False) -> QFont:
    """The type of the lamps' and pips' letters, ``LETTER_PX`` high."""
    font = QFont(base)
    font.setPixelSize(LETTER_PX)
    font.setBold(bold)
    return font


def _letter(painter: QPainter, text: str, rect: QRectF, *, bold: bool = False,
            ink: str = "") -> None:
    painter.setFont(letter_font(painter.font(), bold=bold))
    painter.setPen(QColor(ink or palette.LABEL))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
