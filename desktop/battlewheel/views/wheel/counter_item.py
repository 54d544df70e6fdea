"""A combatant's counter: a coloured token with initials and corner badges.

Allies are round and cool-coloured, enemies square and warm-coloured, so the two sides
differ in shape as well as colour (readable for colour-blind GMs and in print).
The badges in its corners are the ruleset's (the 2e wheel: DV penalty, lap marker,
wound penalty, state); a counter that has acted is drawn faded, one that is down grey.
"""

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyleOptionGraphicsItem, QWidget

from battlewheel.engine.core.contract import ALLY, SIDE_RIGHT, Counter
from battlewheel.views.wheel import gauges, palette
from battlewheel.views.wheel.geometry import COUNTER_SIZE

_HALF = COUNTER_SIZE / 2
BADGE_PX = 12  # the badges' bold type, in the counter's own units
_BADGE_H = 16.0
_POCKET_TEXT_H = 14.0
_SIDE_BADGE_W = 52.0  # the widest condition badge ("Pron+2" in bold 12 px)
# The smallest type a counter on the wheel may show on screen, in pixels (at normal text
# size): the scene draws counters larger, room allowing, until their smallest type is
# this large, so badges and lamps stay readable on a laptop's small wheel.
READABLE_PX = 9.0


def smallest_type(info: Counter) -> float:
    """The smallest type the counter draws, in its own units: its gauges' letters if it
    has any, else its badges' (a counter with neither needs no help to be read)."""
    if info.lamps or info.pips:
        return gauges.LETTER_PX
    return BADGE_PX if info.badges else 0.0


def badge_font(base: QFont, boost: float = 1.0) -> QFont:
    """The badges' type: bold, ``BADGE_PX`` high (times ``boost``)."""
    font = QFont(base)
    font.setBold(True)
    font.setPixelSize(round(BADGE_PX * boost))
    return font


def badge_texts(info: Counter) -> dict[str, tuple[str, str]]:
    """The badges a counter wears, by corner: corner → (text, colour)."""
    return {
        badge.corner: (badge.text, palette.BADGE_TONES.get(badge.tone, palette.BADGE_INFO))
        for badge in info.badges
    }


def tooltip_for(info: Counter) -> str:
    """The counter's tooltip: name, side, the ruleset's details and every state spelled out."""
    lines = [f"<b>{info.name}</b> ({info.side})", *info.details, *info.states]
    if info.pocket:
        lines.append(f"holding: {info.pocket}")
    if info.acting:
        lines.append("acting now")
    elif info.done:
        lines.append("has acted")
    return "<br>".join(lines)


class CounterItem(QGraphicsRectItem):
    """One counter; the scene moves it, this item only draws itself.

    Its reach is the rectangle of Qt's own rectangle item (no pen, no fill), so Qt
    reads its bounds without asking Python (dozens of times a step); Python draws it
    only when its look changes (see the cache below).
    """

    def __init__(self, info: Counter) -> None:
        super().__init__()
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.info = info
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setZValue(10)
        # Each tick repaints the whole wheel; a counter redraws from a cached pixmap
        # unless its own look changed (set_info and selection call update()).
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        # A held counter in the tray writes its trigger under itself; in the wheel's
        # pocket the pocket writes it (the scene says which).
        self.trigger_shown = True
        # How much larger than usual the badges are drawn: a counter squeezed small in a
        # crowded segment keeps its badges as readable as the scene wants (see the scene).
        self.badge_boost = 1.0
        # Qt asks for the bounding rectangle many times a paint: worked out on change.
        self._bounds = self._bounding(info)
        self.setRect(self._bounds)
        # How many times the counter was given a new look (tests count them per action).
        self.changes = 0
        self.set_info(info)

    @property
    def counter_id(self) -> str:
        """The combatant this counter stands for."""
        return self.info.id

    def set_info(self, info: Counter) -> None:
        """Show a new snapshot of the combatant."""
        self.changes += 1
        bounds = self._bounding(info)
        if bounds != self._bounds:  # a trigger, a gauge or a side badge comes or goes
            self._bounds = bounds
            self.setRect(bounds)  # (Qt is told before the new bounds count)
        self.info = info
        self.setToolTip(tooltip_for(info))
        self.update()

    def set_trigger_shown(self, shown: bool) -> None:
        """Whether this counter writes its held action's trigger under itself."""
        if shown != self.trigger_shown:
            self.trigger_shown = shown
            self._reshape()

    def set_badge_boost(self, boost: float) -> None:
        """Draw the badges ``boost`` times their usual size."""
        if boost != self.badge_boost:
            self.badge_boost = boost
            self._reshape()

    def _reshape(self) -> None:
        # Its reach changed with what it draws (setRect tells Qt before it counts).
        self._bounds = self._bounding(self.info)
        self.setRect(self._bounds)
        self.update()

    def badge_size(self) -> float:
        """The badges' height, in the counter's own units."""
        return _BADGE_H * self.badge_boost

    def _extent(self, info: Counter) -> tuple[float, float]:
        # How far the item reaches sideways and down: badges, gauges, a trigger's line.
        side = max(_HALF + 18, gauges.reach(info) + 2)
        down = max(_HALF + 12, _HALF + gauges.below(info))
        if info.pocket and self.trigger_shown:
            return side + _POCKET_TEXT_H, down + _POCKET_TEXT_H + 2
        return side, down

    def _bounding(self, info: Counter) -> QRectF:
        side, down = self._extent(info)
        top = _HALF + 12
        rect = QRectF(-side, -top, 2 * side, top + down)
        high = self.badge_size()
        rect = rect.united(QRectF(-_HALF - 10, -_HALF - 8, COUNTER_SIZE + 20, high + 4))
        rect = rect.united(QRectF(-_HALF - 10, _HALF + 4 - high, COUNTER_SIZE + 20, high + 4))
        if info.badge(SIDE_RIGHT) is not None:
            wide = _SIDE_BADGE_W * self.badge_boost
            left = _badge_origin(SIDE_RIGHT, wide, high, bool(info.lamps))[0]
            rect = rect.united(QRectF(left - 2, -high, wide + 4, 2 * high))
        return rect

    def shape(self) -> QPainterPath:
        """Clicks land on the token itself."""
        return self._body()

    def _body(self) -> QPainterPath:
        path = QPainterPath()
        rect = QRectF(-_HALF, -_HALF, COUNTER_SIZE, COUNTER_SIZE)
        if self.info.side == ALLY:
            path.addEllipse(rect)
        else:
            path.addRoundedRect(rect.adjusted(2, 2, -2, -2), 7, 7)
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        """Smooth edges, then the counter (Qt caches the result until its look changes)."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.draw(painter)

    def draw(self, painter: QPainter) -> None:
        """Draw the token, its initials, its outline state and its badges: the token plus
        the badges hanging over its corners and its right side, its gauges (and a held
        action's trigger), all inside ``rect()``."""
        if self.info.done:  # acted this round: faded, the badges stay readable
            painter.setOpacity(0.45)
        self._paint_body(painter)
        if self.info.down:
            self._paint_cross(painter)
        self._paint_initials(painter)
        painter.setOpacity(1.0)
        if self.info.meter is not None:
            self._paint_meter(painter, self.info.meter)
        gauges.paint_all(painter, self.info)
        for corner, (text, colour) in badge_texts(self.info).items():
            self._paint_badge(painter, corner, text, colour)
        if self.info.pocket and self.trigger_shown:
            self._paint_trigger(painter, self.info.pocket)

    def _paint_trigger(self, painter: QPainter, trigger: str) -> None:
        # A held action's trigger under its counter in the pocket, so the GM reads at a
        # glance what each held counter waits for (the tooltip has it whole).
        font = QFont(painter.font())
        font.setPixelSize(11)
        painter.setFont(font)
        painter.setPen(QColor(palette.LABEL))
        width = 2 * (_HALF + 18 + _POCKET_TEXT_H)
        top = _HALF + max(12, gauges.below(self.info) + 1)
        rect = QRectF(-width / 2, top, width, _POCKET_TEXT_H)
        shown = painter.fontMetrics().elidedText(trigger, Qt.TextElideMode.ElideRight, int(width))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, shown)

    def _paint_body(self, painter: QPainter) -> None:
        fill = palette.counter_colour(self.info.side, self.info.colour_index)
        if self.info.down:
            fill = QColor(palette.DEAD_FILL)
        outline = QPen(QColor(palette.COUNTER_INK), 2.5)
        if self.info.acting:
            outline = QPen(QColor(palette.ACTING_OUTLINE), 5)
        if self.isSelected():
            outline = QPen(QColor(palette.SELECTED_OUTLINE), 5)
        painter.setPen(QPen(QColor(palette.COUNTER_EDGE), 1))
        painter.setBrush(QBrush(fill))
        painter.drawPath(self._body())
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(outline)
        inset = QPainterPath(self._body())
        painter.drawPath(inset)

    def _paint_initials(self, painter: QPainter) -> None:
        font = QFont(painter.font())
        font.setBold(True)
        font.setPixelSize(17 if len(self.info.initials) <= 2 else 14)
        painter.setFont(font)
        painter.setPen(QColor(palette.COUNTER_INK))
        rect = QRectF(-_HALF, -_HALF, COUNTER_SIZE, COUNTER_SIZE)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.info.initials)

    def _paint_meter(self, painter: QPainter, fraction: float) -> None:
        # What is left of a resource (Endurance, Health) as an arc round the token,
        # full circle when untouched, clockwise from the top.
        rect = QRectF(-_HALF - 4, -_HALF - 4, COUNTER_SIZE + 8, COUNTER_SIZE + 8)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(0, 0, 0, 50), 3))
        painter.drawEllipse(rect)
        pen = QPen(QColor(palette.METER), 3)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(pen)
        span = round(-360 * 16 * max(0.0, min(1.0, fraction)))
        painter.drawArc(rect, 90 * 16, span)

    def _paint_cross(self, painter: QPainter) -> None:
        painter.setPen(QPen(QColor(40, 40, 40, 140), 3))
        d = _HALF * 0.62
        painter.drawLine(int(-d), int(-d), int(d), int(d))
        painter.drawLine(int(-d), int(d), int(d), int(-d))

    def _paint_badge(self, painter: QPainter, corner: str, text: str, colour: str) -> None:
        painter.setFont(badge_font(painter.font(), self.badge_boost))
        high = self.badge_size()
        width = max(high, painter.fontMetrics().horizontalAdvance(text) + 8 * self.badge_boost)
        rect = QRectF(*_badge_origin(corner, width, high, bool(self.info.lamps)), width, high)
        painter.setPen(QPen(QColor(palette.BADGE_INK), 1.2))
        painter.setBrush(QBrush(QColor(colour)))
        painter.drawRoundedRect(rect, high / 2, high / 2)
        painter.setPen(QColor(palette.BADGE_INK))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def _badge_origin(corner: str, width: float, high: float, lamps: bool) -> tuple[float, float]:
    """Where a badge's rectangle starts: hanging over its corner, or halfway down the
    right-hand edge (the GM's conditions, clear of the ruleset's four corners, and right
    of the lamps when the counter has them, which it would cover)."""
    if corner == SIDE_RIGHT:  # over the rim, so the initials stay readable
        return (gauges.lamps_right() + 2 if lamps else _HALF - 8), -high / 2
    x = -_HALF - 8 if corner.endswith("left") else _HALF + 8 - width
    y = -_HALF - 6 if corner.startswith("top") else _HALF + 6 - high
    return x, y
