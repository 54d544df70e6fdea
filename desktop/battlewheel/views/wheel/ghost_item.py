"""A counter's ghost: a faint dashed copy on the slot it will stand beside next round.

Impulse's Change Initiative takes effect from the next round (rules/impulse.md §5); the
ghost shows the GM where the paid-for place will be, while the counter itself stays
where it acts this round.
"""

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

from battlewheel.engine.core.contract import ALLY, Counter
from battlewheel.views.wheel import palette
from battlewheel.views.wheel.geometry import COUNTER_SIZE
from battlewheel.views.wheel.painted_item import PaintedItem

_SIZE = COUNTER_SIZE * 0.8
_HALF = _SIZE / 2


class GhostItem(PaintedItem):
    """The faint copy; it takes no clicks, so the counters under it stay reachable."""

    def __init__(self, info: Counter) -> None:
        super().__init__()
        self.info = info
        self.setZValue(5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setToolTip(f"{info.name}: {info.ghost_label}")

    def set_info(self, info: Counter) -> None:
        """Show a new snapshot of the counter whose ghost this is."""
        self.info = info
        self.setToolTip(f"{info.name}: {info.ghost_label}")
        self.update()

    def boundingRect(self) -> QRectF:
        """The faint token and its line of words under it."""
        return QRectF(-_HALF - 30, -_HALF - 2, _SIZE + 60, _SIZE + 20)

    def draw(self, painter: QPainter) -> None:
        """A dashed outline in the counter's colour, its initials faint, the words under."""
        colour = palette.counter_colour(self.info.side, self.info.colour_index)
        path = QPainterPath()
        rect = QRectF(-_HALF, -_HALF, _SIZE, _SIZE)
        if self.info.side == ALLY:
            path.addEllipse(rect)
        else:
            path.addRoundedRect(rect, 6, 6)
        faint = QColor(colour)
        faint.setAlpha(45)
        painter.setBrush(faint)
        painter.setPen(QPen(colour, 2, Qt.PenStyle.DashLine))
        painter.drawPath(path)
        font = QFont(painter.font())
        font.setBold(True)
        font.setPixelSize(13)
        painter.setFont(font)
        painter.setPen(QColor(palette.LABEL))  # the hue is too faint to read on the paper
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.info.initials)
        font.setBold(False)
        font.setPixelSize(10)
        painter.setFont(font)
        painter.setPen(QColor(palette.LABEL))
        words = QRectF(-_HALF - 30, _HALF + 2, _SIZE + 60, 14)
        painter.drawText(words, Qt.AlignmentFlag.AlignCenter, self.info.ghost_label)
