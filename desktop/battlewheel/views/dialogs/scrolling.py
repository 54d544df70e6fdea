"""Dialog columns that scroll instead of growing.

A dialog whose rows open on demand (charms, ambushers) must still fit a 1366x768
laptop screen, so such a column scrolls inside the dialog.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


def scroll_column(content: QWidget, parent: QWidget) -> QScrollArea:
    """``content`` in a frameless area that scrolls up and down, never sideways."""
    scroll = QScrollArea(parent)
    scroll.setWidget(content)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    # Wide enough for the content and a scroll bar, so nothing is cut at the side.
    bar = scroll.verticalScrollBar().sizeHint().width()
    scroll.setMinimumWidth(content.minimumSizeHint().width() + bar)
    return scroll
