"""Dialog columns that scroll instead of growing, and fields the scroll wheel passes over.

A dialog whose rows open on demand (charms, ambushers) must still fit a 1366x768
laptop screen, so such a column scrolls. A spin box or drop-down list under the
pointer would otherwise take the wheel for itself and change its value while the GM
only meant to scroll: unless it has the keyboard focus, the wheel goes to the column.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QFrame,
    QScrollArea,
    QWidget,
)

WHEEL_FIELDS = (QComboBox, QAbstractSpinBox)


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
    guard_wheel(scroll)
    return scroll


class _WheelGuard(QObject):
    """Sends the wheel on to the scroll area when the field under it has no focus."""

    def __init__(self, scroll: QScrollArea) -> None:
        super().__init__(scroll)
        self._scroll = scroll

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Scroll the area instead of changing an unfocused field's value."""
        wheel = event.type() == QEvent.Type.Wheel
        if wheel and isinstance(watched, QWidget) and not watched.hasFocus():
            QApplication.sendEvent(self._scroll.verticalScrollBar(), event)
            return True
        return False


def guard_wheel(scroll: QScrollArea) -> None:
    """Let the wheel scroll ``scroll`` over every spin box and drop-down list in it.

    Call it again after adding rows: fields already guarded are not guarded twice.
    """
    guard = scroll.findChild(_WheelGuard)
    if guard is None:
        guard = _WheelGuard(scroll)
    content = scroll.widget()
    if content is None:
        return
    for field in content.findChildren(QWidget):
        if isinstance(field, WHEEL_FIELDS) and not field.property("wheelGuarded"):
            field.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            field.installEventFilter(guard)
            field.setProperty("wheelGuarded", True)
