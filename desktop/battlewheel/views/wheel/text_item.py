"""Words on the wheel drawn by Qt itself: a label centred on a point.

The ring's tick labels and the tray's caption are Qt's own text items, so a repaint of
the wheel runs no Python for them; only a change of words or type lays them out again.
"""

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem

from battlewheel.views.wheel import palette


class CentredText(QGraphicsSimpleTextItem):
    """A line of words in the label colour, its middle on ``centre``."""

    def __init__(self, centre: QPointF, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.centre = centre
        self.setBrush(QColor(palette.LABEL))

    def set_words(self, text: str, font: QFont) -> None:
        """Show ``text`` in ``font``, centred again (nothing happens if both are the same)."""
        if text == self.text() and font == self.font():
            return
        self.setText(text)
        self.setFont(font)
        self.recentre(self.centre)

    def recentre(self, centre: QPointF) -> None:
        """Put the words' middle on ``centre``."""
        self.centre = centre
        self.setPos(centre - self.boundingRect().center())
