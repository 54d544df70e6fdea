"""The wheel's side pocket: where held (or readied) actions wait for their trigger.

A dashed box in the lower right corner, clear of the ring, with the ruleset's caption
on top and each held counter's trigger written under it. The scene lays the held
counters out in it and asks it whether a counter was
let go inside; it lights up as a drop target while a counter is dragged over it.
"""

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen

from battlewheel.views.wheel import palette
from battlewheel.views.wheel.geometry import (
    POCKET_CAPTION,
    in_pocket,
    pocket_rect,
    trigger_box,
)
from battlewheel.views.wheel.painted_item import PaintedItem


class PocketItem(PaintedItem):
    """The pocket's box and caption; the counters in it are the scene's own items."""

    def __init__(self) -> None:
        super().__init__()
        self.caption = "held"
        self.triggers: tuple[str, ...] = ()
        self.lit = False
        self.setZValue(2)

    @property
    def held(self) -> int:
        """How many counters wait in the pocket."""
        return len(self.triggers)

    def set_state(self, caption: str, triggers: tuple[str, ...]) -> None:
        """Show a new caption and the held counters' triggers, one a row."""
        if len(triggers) != self.held:
            self.prepareGeometryChange()
        self.caption, self.triggers = caption, triggers
        self.setToolTip(
            f"{caption}<br>Drag the acting counter here to hold its action; drag a held "
            "counter back onto the ring when its trigger comes."
        )
        self.update()

    def set_lit(self, lit: bool) -> None:
        """Light the box while a counter dragged over it would be let go inside."""
        if lit != self.lit:
            self.lit = lit
            self.update()

    def contains_point(self, x: float, y: float) -> bool:
        """Whether a scene point is inside the pocket."""
        return self.isVisible() and in_pocket(x, y, self.held)

    def boundingRect(self) -> QRectF:
        """The box, sized for the counters in it."""
        return QRectF(*pocket_rect(self.held)).adjusted(-2, -2, 2, 2)

    def draw(self, painter: QPainter) -> None:
        """Draw the dashed box (lit when a drop would land in it) and its caption."""
        box = QRectF(*pocket_rect(self.held))
        pen = QPen(QColor(palette.RIM), 1.5, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(QBrush(QColor(palette.DROP_FILL if self.lit else palette.POCKET_FILL)))
        painter.drawRoundedRect(box, 10, 10)
        font = QFont(painter.font())
        font.setItalic(True)
        font.setPixelSize(12)
        painter.setFont(font)
        painter.setPen(QColor(palette.LABEL))
        head = QRectF(box.left() + 6, box.top() + 2, box.width() - 12, POCKET_CAPTION - 2)
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        painter.drawText(head, int(flags), _fitted(painter, self.caption, head))
        font.setItalic(False)
        font.setPixelSize(11)
        painter.setFont(font)
        for index, trigger in enumerate(self.triggers):
            rect = QRectF(*trigger_box(index))
            painter.drawText(rect, int(flags), _fitted(painter, trigger, rect))


def _fitted(painter: QPainter, text: str, rect: QRectF) -> str:
    # Two lines at most: a longer text is cut (the counter's tooltip has it whole).
    return painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight,
                                            int(rect.width() * 2 - 24))
