"""The words beside a dragged counter: what letting it go here would do, before the drop.

The window asks the ruleset for the verdict of the place under the counter (a slot, the
pocket) and the scene shows its cost, or its refusal in the warning colour, just above
the counter while it moves.
"""

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen

from battlewheel.views.wheel import palette
from battlewheel.views.wheel.geometry import COUNTER_SIZE
from battlewheel.views.wheel.painted_item import PaintedItem

_WIDEST = 260.0
_PAD = 5.0


class DropHintItem(PaintedItem):
    """A small label that rides above the dragged counter."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.allowed = True
        self.setZValue(60)
        self.setVisible(False)
        self._font = QFont()
        self._font.setPixelSize(14)
        self._box = QRectF()

    def show_text(self, text: str, *, allowed: bool) -> None:
        """Show ``text`` (a cost, or a refusal when not ``allowed``); empty hides it."""
        self.prepareGeometryChange()
        self.text, self.allowed = text, allowed
        metrics = QFontMetricsF(self._font)
        bound = metrics.boundingRect(QRectF(0, 0, _WIDEST, 200),
                                     int(Qt.TextFlag.TextWordWrap), text)
        width, height = bound.width() + 2 * _PAD, bound.height() + 2 * _PAD
        self._box = QRectF(-width / 2, -COUNTER_SIZE / 2 - 18 - height, width, height)
        self.setVisible(bool(text))
        self.update()

    def boundingRect(self) -> QRectF:
        """The label's box, above the counter's centre."""
        return self._box.adjusted(-1, -1, 1, 1)

    def draw(self, painter: QPainter) -> None:
        """A rounded box, pale for a cost and red for a refusal, with the words."""
        colour = palette.HINT_OK if self.allowed else palette.HINT_REFUSED
        painter.setPen(QPen(QColor(colour), 1.2))
        painter.setBrush(QBrush(QColor(palette.HINT_FILL)))
        painter.drawRoundedRect(self._box, 6, 6)
        painter.setFont(self._font)
        painter.setPen(QColor(colour))
        flags = int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
        painter.drawText(self._box.adjusted(_PAD, _PAD, -_PAD, -_PAD), flags, self.text)
