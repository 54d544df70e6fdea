"""Every dialog stays on the screen, its buttons in sight (a 1366x768 laptop included).

A dialog that grows once open (the set-up dialog given an ambusher, the Impulse
manoeuvre dialog once Seek Cover or Knockback adds its fields) would otherwise run off
the bottom of the screen from where it first opened. Each time a dialog is shown or
resized it is made no taller than the screen's free area and moved back inside it; its
own layout (a column that scrolls) takes up what no longer fits. Each dialog asks for
this itself (``keep_on_screen_while_open``), so no watch sits on every event of the
application.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect
from PySide6.QtWidgets import QApplication, QWidget


def screen_area(window: QWidget) -> QRect:
    """The free area of the screen the window is on (no task bar)."""
    screen = window.screen() or QApplication.primaryScreen()
    return screen.availableGeometry()


def keep_on_screen(window: QWidget) -> None:
    """Shrink ``window`` to the screen's height if it is taller, then move it inside."""
    area = screen_area(window)
    frame, inner = window.frameGeometry(), window.geometry()
    decoration = frame.height() - inner.height()
    if frame.height() > area.height():
        window.resize(inner.width(), max(area.height() - decoration, window.minimumHeight()))
        frame = window.frameGeometry()
    left = min(max(frame.left(), area.left()), area.right() - frame.width() + 1)
    top = min(max(frame.top(), area.top()), area.bottom() - frame.height() + 1)
    if (left, top) != (frame.left(), frame.top()):
        window.move(max(left, area.left()), max(top, area.top()))


class _OnScreen(QObject):
    """Watches one dialog being shown or resized."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Show, QEvent.Type.Resize) \
                and isinstance(watched, QWidget) and watched.isWindow() and watched.isVisible():
            keep_on_screen(watched)
        return False


def keep_on_screen_while_open(dialog: QWidget) -> None:
    """Keep ``dialog`` on the screen each time it is shown or grows (once per dialog)."""
    if dialog.findChild(_OnScreen) is None:
        dialog.installEventFilter(_OnScreen(dialog))
