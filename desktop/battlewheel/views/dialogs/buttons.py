"""OK and Cancel under a dialog, OK named for what it does, and its key.

Every dialog that records a step ends the same way: Cancel, and an OK renamed for the
step ("&Record strike", "&Declare all") whose tooltip gives the key that presses it
from anywhere in the dialog (Ctrl+Return), so the GM's hands stay on the keyboard.
"""

from __future__ import annotations

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPushButton, QWidget

Standard = QDialogButtonBox.StandardButton


def ok_cancel(dialog: QDialog, text: str = "", *, tip: str = "", shortcut: str = "",
              shortcut_on: QWidget | None = None) -> tuple[QDialogButtonBox, QPushButton]:
    """The dialog's OK and Cancel; OK reads ``text`` and ``shortcut`` presses it.

    ``shortcut_on``: the widget the key belongs to, when not the dialog (a page that
    is replaced whole, its key with it).
    """
    buttons = QDialogButtonBox(Standard.Ok | Standard.Cancel, dialog)
    ok = buttons.button(Standard.Ok)
    if text:
        ok.setText(text)
    if tip:
        ok.setToolTip(f"{tip} ({shortcut})" if shortcut else tip)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    if shortcut:
        QShortcut(QKeySequence(shortcut), shortcut_on or dialog, dialog.accept)
    return buttons, ok
