"""One tick segment of the wheel: a ring sector labelled with the tick it stands for."""

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsPolygonItem

from battlewheel.views.wheel import palette
from battlewheel.views.wheel.geometry import (
    INNER_RADIUS,
    OUTER_RADIUS,
    label_point,
    point_at,
    segment_span,
)
from battlewheel.views.wheel.text_item import CentredText


def sector_path(segment: int, count: int) -> QPainterPath:
    """The ring sector of one segment, in scene coordinates."""
    start, sweep = segment_span(segment, count)
    outer = QRectF(-OUTER_RADIUS, -OUTER_RADIUS, 2 * OUTER_RADIUS, 2 * OUTER_RADIUS)
    inner = QRectF(-INNER_RADIUS, -INNER_RADIUS, 2 * INNER_RADIUS, 2 * INNER_RADIUS)
    # Qt measures arcs counter-clockwise from three o'clock; ours run clockwise from twelve.
    qt_start = 90.0 - start
    path = QPainterPath()
    path.arcMoveTo(outer, qt_start)
    path.arcTo(outer, qt_start, -sweep)
    path.arcTo(inner, qt_start - sweep, sweep)
    path.closeSubpath()
    return path


class TickLabelItem(CentredText):
    """The tick a segment stands for, written outside the rim (bold on the active one)."""

    def __init__(self, segment: int, count: int, parent: QGraphicsItem) -> None:
        start, sweep = segment_span(segment, count)
        super().__init__(QPointF(*label_point(start + sweep / 2)), parent)
        self.bold = False
        self.text_scale = 1.0

    def set_text_scale(self, factor: float) -> None:
        """Grow or shrink the label (the larger-text mode)."""
        if factor != self.text_scale:
            self.text_scale = factor
            self.set_words(self.text(), self.text_font())

    def set_text(self, text: str, *, bold: bool) -> None:
        """Show a new label."""
        self.bold = bold
        self.set_words(text, self.text_font())

    def text_font(self, base: QFont | None = None) -> QFont:
        """The type the label is written in (in scene units), from ``base``'s family."""
        font = QFont(base) if base is not None else QFont()
        font.setPointSizeF((15 if self.bold else 13) * self.text_scale)
        font.setBold(self.bold)
        return font


class SegmentItem(QGraphicsPathItem):
    """A segment: shaded when active (the tick counter sits on it) or a drop target.

    Qt's own path item draws the sector and its rim, and a polygon item the tick
    counter's pointer, so a repaint of the wheel calls no Python for the segments (their
    bounds and drawing were asked of Python many times a step).
    """

    def __init__(self, segment: int, count: int) -> None:
        super().__init__(sector_path(segment, count))
        self.segment = segment
        self.count = count
        self.text = ""
        self.shaded = False
        self.active = False
        self.drop_target = False
        self.setPen(QPen(QColor(palette.RIM), 2))
        self.setZValue(0)
        # The sector only changes look when it becomes (in)active or a drop target, so
        # it is drawn from a cached pixmap while the labels and counters change.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.pointer = _tick_pointer(segment, count, self)
        self.label = TickLabelItem(segment, count, self)
        self.label.set_text("", bold=False)
        self._show_fill()

    def set_state(self, text: str, *, active: bool, shaded: bool = False) -> None:
        """Show a new label, whether the cursor is here, and whether the slot is shaded."""
        if active != self.active or shaded != self.shaded:
            self.active = active
            self.shaded = shaded
            self._show_fill()
        self.text = text
        self.label.set_text(text, bold=active)

    def set_drop_target(self, on: bool) -> None:
        """Light the segment while a dragged counter hovers over it."""
        if on != self.drop_target:
            self.drop_target = on
            self._show_fill()

    def restyle(self) -> None:
        """Take the colours of the theme now shown (the cached picture is redrawn)."""
        self.setPen(QPen(QColor(palette.RIM), 2))
        self.pointer.setPen(QPen(QColor(palette.RIM), 1.5))
        self.pointer.setBrush(QBrush(QColor(palette.ACTING_OUTLINE)))
        self.label.setBrush(QColor(palette.LABEL))
        self._show_fill()

    def _show_fill(self) -> None:
        self.setBrush(QBrush(self._fill()))
        self.pointer.setVisible(self.active)

    def _fill(self) -> QColor:
        if self.drop_target:
            return QColor(palette.DROP_FILL)
        if self.active:
            return QColor(palette.ACTIVE_FILL)
        if self.shaded:
            return QColor(palette.SHADED_FILL)
        return QColor(palette.SEGMENT_FILL[self.segment % 2])


def _tick_pointer(segment: int, count: int, parent: QGraphicsItem) -> QGraphicsPolygonItem:
    """The tick counter: a pointer on the rim of the segment, aimed inwards (shown while
    the segment is the active one)."""
    start, sweep = segment_span(segment, count)
    middle = start + sweep / 2
    tip = QPointF(*point_at(OUTER_RADIUS - 4, middle))
    left = QPointF(*point_at(OUTER_RADIUS + 14, middle - 3.2))
    right = QPointF(*point_at(OUTER_RADIUS + 14, middle + 3.2))
    pointer = QGraphicsPolygonItem(QPolygonF([tip, left, right]), parent)
    pointer.setPen(QPen(QColor(palette.RIM), 1.5))
    pointer.setBrush(QBrush(QColor(palette.ACTING_OUTLINE)))
    pointer.setVisible(False)
    return pointer
