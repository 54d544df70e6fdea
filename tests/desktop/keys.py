"""Keys pressed into the real window and counted, as the keystroke tests count a GM's
(tests/desktop/test_keystrokes.py and each system's own test_keystrokes.py): one a key
press, one a typed character; no mouse click."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.session import CombatSession
from battlewheel.models.combat_model import CombatModel
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow

NONE = Qt.KeyboardModifier.NoModifier


class Keys:
    """Presses keys into the real widgets and counts them."""

    def __init__(self, qtbot: QtBot, window: MainWindow) -> None:
        self.qtbot, self.window, self.count = qtbot, window, 0

    def press(self, widget: QWidget, key: Qt.Key, modifiers: Qt.KeyboardModifier = NONE) -> None:
        widget.activateWindow()
        self.qtbot.waitUntil(widget.isActiveWindow)
        self.qtbot.keyClick(widget, key, modifiers)
        self.count += 1

    def on_window(self, key: Qt.Key, modifiers: Qt.KeyboardModifier = NONE) -> None:
        self.press(self.window.wheel_view, key, modifiers)


class FocusKeys(Keys):
    """Keys sent wherever the keyboard focus is, as a person types: no widget is named."""

    def focused(self, key: Qt.Key, modifiers: Qt.KeyboardModifier = NONE) -> None:
        # The open dialog has the keys, else the window: a person types into what is in front.
        front = QApplication.activeModalWidget() or self.window
        self.press(front, key, modifiers, to_focus=True)

    def press(self, widget: QWidget, key: Qt.Key, modifiers: Qt.KeyboardModifier = NONE,
              *, to_focus: bool = False) -> None:
        widget.activateWindow()
        self.qtbot.waitUntil(widget.isActiveWindow)
        target = QApplication.focusWidget() if to_focus else widget
        self.qtbot.keyClick(target or widget, key, modifiers)
        self.count += 1

    def sequence(self, text: str) -> None:
        sequence = QKeySequence(text)[0]
        self.focused(sequence.key(), sequence.keyboardModifiers())

    def play(self, steps: list[tuple[str, str]]) -> None:
        """Each step: ("entry", key of the Combat menu entry, pressed by its own shortcut),
        ("type", characters typed wherever the focus is), ("key", a key name), ("yes",
        answer a question)."""
        for kind, what in steps:
            if kind == "entry":
                self.sequence(self.window.turn.actions[what].shortcut().toString())
            elif kind == "type":
                for char in what:
                    self.sequence("Space" if char == " " else char)
            elif kind == "key":
                self.sequence(what)
            else:  # a question: Y answers it (QMessageBox clicks its button a moment later)
                self.sequence("Y")
            if kind == "yes":
                self.qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)


def type_here(keys: FocusKeys, text: str) -> None:
    """Characters typed one by one wherever the focus is then, each counted."""
    for char in text:
        keys.sequence("Space" if char == " " else char)


def window_on(qtbot: QtBot, settings: Path, session: CombatSession | CombatModel) -> MainWindow:
    """The GM's window on ``session`` (its settings in the file ``settings``), painted."""
    model = session if isinstance(session, CombatModel) else CombatModel(session)
    window = MainWindow(model, settings=prefs.open_settings(settings))
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.firstPainted):
        window.show()
    return window


def open_dialog(qtbot: QtBot, window: MainWindow) -> QWidget:
    """The turn's dialog, once it is up."""
    qtbot.waitUntil(lambda: window.turn.dialog is not None and window.turn.dialog.isVisible())
    dialog = window.turn.dialog
    assert dialog is not None
    return dialog
