"""A combatant's counter: a coloured token with initials and corner badges.

Allies are round and cool-coloured, enemies square and warm-coloured, so the two sides
differ in shape as well as colour (readable for colour-blind GMs and in print).
Badges: top-left the DV penalty, top-right the lap marker, bottom-left the wound
penalty, bottom-right the state (? surprised, z unconscious, ! critical, † dead).
"""

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlewheel.models.wheel_info import ALLY, CounterInfo
from battlewheel.views.wheel import palette
from battlewheel.views.wheel.geometry import COUNTER_SIZE

_HALF = COUNTER_SIZE / 2
_BADGE_H = 15.0


def badge_texts(info: CounterInfo) -> dict[str, tuple[str, str]]:
    """The badges a counter wears, by corner: corner → (text, colour)."""
    badges: dict[str, tuple[str, str]] = {}
    if info.dead:  # penalties mean nothing any more; only the cross and the dagger
        return {"bottom_right": ("†", palette.BADGE_STATE)}
    if info.dv_penalty:
        badges["top_left"] = (f"DV{-abs(info.dv_penalty)}", palette.BADGE_DV)
    if info.laps_ahead > 0:
        badges["top_right"] = (f"+{info.laps_ahead} lap", palette.BADGE_LAP)
    if info.wound_penalty:
        badges["bottom_left"] = (f"W{-abs(info.wound_penalty)}", palette.BADGE_WOUND)
    state = _state_glyphs(info)
    if state:
        badges["bottom_right"] = (state, palette.BADGE_STATE)
    return badges


def _state_glyphs(info: CounterInfo) -> str:
    if info.dead:
        return "†"
    glyphs = ""
    if info.surprise:
        glyphs += "?"
    if info.unconscious:
        glyphs += "z"
    if info.critical:
        glyphs += "!"
    return glyphs


def tooltip_for(info: CounterInfo) -> str:
    """The counter's tooltip: name, side, next tick and every condition spelled out."""
    lines = [f"<b>{info.name}</b> ({info.side})"]
    if info.next_tick is not None:
        lines.append(f"next action: tick {info.next_tick}")
    if info.laps_ahead:
        lines.append(f"{info.laps_ahead} lap(s) ahead of the wheel")
    if info.dv_penalty:
        lines.append(f"DV penalty -{abs(info.dv_penalty)}")
    if info.wound_penalty:
        lines.append(f"wound penalty -{abs(info.wound_penalty)}")
    lines.extend(info.states())
    if info.acting:
        lines.append("acting this tick")
    return "<br>".join(lines)


class CounterItem(QGraphicsItem):
    """One counter; the scene moves it, this item only draws itself."""

    def __init__(self, info: CounterInfo) -> None:
        super().__init__()
        self.info = info
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setZValue(10)
        # Each tick repaints the whole wheel; a counter redraws from a cached pixmap
        # unless its own look changed (set_info and selection call update()).
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.set_info(info)

    @property
    def counter_id(self) -> str:
        """The combatant this counter stands for."""
        return self.info.id

    def set_info(self, info: CounterInfo) -> None:
        """Show a new snapshot of the combatant."""
        self.info = info
        self.setToolTip(tooltip_for(info))
        self.update()

    def boundingRect(self) -> QRectF:
        """The token plus the badges hanging over its corners."""
        reach = _HALF + 12
        return QRectF(-reach - 6, -reach, 2 * reach + 12, 2 * reach)

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

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        """Draw the token, its initials, its outline state and its badges."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._paint_body(painter)
        if self.info.dead:
            self._paint_cross(painter)
        self._paint_initials(painter)
        for corner, (text, colour) in badge_texts(self.info).items():
            self._paint_badge(painter, corner, text, colour)

    def _paint_body(self, painter: QPainter) -> None:
        fill = palette.counter_colour(self.info.side, self.info.colour_index)
        if self.info.dead:
            fill = QColor(palette.DEAD_FILL)
        outline = QPen(QColor("#ffffff"), 2.5)
        if self.info.acting:
            outline = QPen(QColor(palette.ACTING_OUTLINE), 5)
        if self.isSelected():
            outline = QPen(QColor(palette.SELECTED_OUTLINE), 5)
        painter.setPen(QPen(QColor("#202020"), 1))
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
        painter.setPen(QColor("#ffffff"))
        rect = QRectF(-_HALF, -_HALF, COUNTER_SIZE, COUNTER_SIZE)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.info.initials)

    def _paint_cross(self, painter: QPainter) -> None:
        painter.setPen(QPen(QColor(40, 40, 40, 140), 3))
        d = _HALF * 0.62
        painter.drawLine(int(-d), int(-d), int(d), int(d))
        painter.drawLine(int(-d), int(d), int(d), int(-d))

    def _paint_badge(self, painter: QPainter, corner: str, text: str, colour: str) -> None:
        font = QFont(painter.font())
        font.setBold(True)
        font.setPixelSize(11)
        painter.setFont(font)
        width = max(_BADGE_H, painter.fontMetrics().horizontalAdvance(text) + 8)
        left = corner.endswith("left")
        top = corner.startswith("top")
        x = -_HALF - 8 if left else _HALF + 8 - width
        y = -_HALF - 6 if top else _HALF + 6 - _BADGE_H
        rect = QRectF(x, y, width, _BADGE_H)
        painter.setPen(QPen(QColor("#ffffff"), 1.2))
        painter.setBrush(QBrush(QColor(colour)))
        painter.drawRoundedRect(rect, _BADGE_H / 2, _BADGE_H / 2)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
