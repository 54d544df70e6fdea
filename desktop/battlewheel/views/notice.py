"""A refusal shown over the wheel, where the GM is looking, not only in the status bar.

A key pressed at the wrong moment (D with too little Impulse) must be seen at once:
a player's dice typed next would otherwise go to the window's other keys. The notice
sits at the top of the wheel for a few seconds and never takes the keyboard.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel, QWidget

NOTICE_MS = 6_000
MARGIN = 12


class WheelNotice(QLabel):
    """A banner over the top of a widget that hides itself after a while."""

    def __init__(self, host: QWidget) -> None:
        super().__init__(host)
        self.setObjectName("wheelNotice")
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setStyleSheet(
            "QLabel#wheelNotice { background: #fdecea; color: #8c1d18; border: 2px solid "
            "#b3261e; border-radius: 6px; padding: 8px; font-weight: bold; }"
        )
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.hide()

    def say(self, text: str) -> None:
        """Show ``text`` across the top of the host for a few seconds."""
        self.setText(text)
        host = self.parentWidget()
        width = max(200, host.width() - 2 * MARGIN) if host is not None else 400
        self.setFixedWidth(width)
        self.adjustSize()
        self.move(MARGIN, MARGIN)
        self.raise_()
        self.show()
        self._timer.start(NOTICE_MS)
