"""A label or button whose words change every step, held at the widest they have needed.

A widget whose size hint changes asks its parents to lay out again, and in the main
window that is the status bar or the toolbar and then the whole window with its docks,
on every step. Held at a fixed size (the widest its words have needed in this font), a
new text that fits is only repainted: Qt tells no parent about a fixed-size widget.
"""

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

_ANY = 16777215  # Qt's largest widget size (QWIDGETSIZE_MAX): no maximum


class HeldWidth(QObject):
    """Keeps ``widget`` at the widest size its texts have needed since its font was set."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.widget = widget
        self._font = ""  # the font the held width was measured in
        self._width = 0  # the widest its words have needed in that font
        widget.installEventFilter(self)
        self.fit()

    def fit(self) -> None:
        """Widen (never narrow) to the widget's words; a new font measures afresh."""
        hint = self.widget.sizeHint()
        font = self.widget.font().key()
        if font != self._font:
            self._font, self._width = font, 0
        self._width = max(self._width, hint.width())
        held = (self._width, hint.height())
        if self.widget.minimumSize().toTuple() != held or \
                self.widget.maximumSize().toTuple() != held:
            self.widget.setFixedSize(*held)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A new font (larger text) is measured once the widget has taken it."""
        if watched is self.widget and event.type() in (
            QEvent.Type.FontChange, QEvent.Type.StyleChange
        ):
            # Let go first: a label held at a fixed size keeps its old font's size hint.
            self._font = ""
            self.widget.setMinimumSize(0, 0)
            self.widget.setMaximumSize(_ANY, _ANY)
            QTimer.singleShot(0, self, self.fit)
        return False
