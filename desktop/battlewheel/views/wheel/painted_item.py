"""The wheel's items drawn by hand share one way in: antialiased, then their own strokes."""

from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget


class PaintedItem(QGraphicsItem):
    """An item with its own ``boundingRect`` and ``draw``; Qt's ``paint`` calls ``draw``
    with smooth edges (the option and widget are never needed by the wheel's items)."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        """Smooth edges, then the item's own drawing."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.draw(painter)

    def draw(self, painter: QPainter) -> None:
        """Draw the item in its own coordinates."""
        raise NotImplementedError
