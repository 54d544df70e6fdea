"""The question a step asks before it goes on ("X has done nothing this turn. End the
turn?"): answered Yes by the key that asked it, Space, so the keyboard alone runs a
turn; any other key typed (a player's dice meant for a dialog that never opened)
answers No, so a burst of typing still passes no turn. "Don't ask again this fight"
stops that question for the rest of the fight shown.

Imported on first use (the first question), never at start-up.
"""

from __future__ import annotations

import weakref
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QCheckBox, QMessageBox, QWidget

YES, NO = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
NEVER_AGAIN = "&Don't ask again this fight"


class StepQuestion(QMessageBox):
    """Yes or No; Space (or Return) answers Yes, another character key No."""

    def __init__(self, title: str, text: str, parent: QWidget | None) -> None:
        super().__init__(QMessageBox.Icon.Question, title, text, YES | NO, parent)
        self.setDefaultButton(YES)
        self.setEscapeButton(NO)
        self.never_again = QCheckBox(NEVER_AGAIN, self)
        # Ticked by the mouse or Alt+D: with the focus it would swallow the Space.
        self.never_again.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setCheckBox(self.never_again)
        self.setInformativeText("Space: yes, end it. Any other key: no.")

    def focus_yes(self) -> None:
        button = self.button(YES)
        if button is not None:
            button.setFocus()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Space is Yes wherever the focus is; a typed character other than the buttons'
        own letters is No."""
        plain = not event.modifiers() & (Qt.KeyboardModifier.ControlModifier
                                         | Qt.KeyboardModifier.AltModifier)
        if event.key() == Qt.Key.Key_Space and plain:
            self.done(YES)
            return
        text = event.text()
        if plain and text.isprintable() and text and text.lower() not in ("y", "n"):
            self.done(NO)
            return
        super().keyPressEvent(event)


class AskedOnce:
    """The questions the GM said not to ask again, for one fight (its session)."""

    def __init__(self) -> None:
        self._session: weakref.ref[Any] | None = None
        self._keys: set[str] = set()

    def skipped(self, session: Any, key: str) -> bool:
        """Whether the question of the entry ``key`` is not to be asked in this fight."""
        return self._session is not None and self._session() is session and key in self._keys

    def remember(self, session: Any, key: str) -> None:
        if self._session is None or self._session() is not session:
            self._session, self._keys = weakref.ref(session), set()
        self._keys.add(key)
