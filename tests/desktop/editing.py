"""The character editor opened and typed into as a GM does (the editor's tests, in
tests/desktop/ and in each system's own desktop folder; the fixture quiet_editor,
in tests/desktop/conftest.py, keeps an editor left open from asking)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.storage.roster import RosterCharacter
from battlewheel.views.character_editor.window import CharacterEditor
from tests.desktop.editor_ruleset import NAME


def show_editor(qtbot: QtBot, editor: CharacterEditor) -> CharacterEditor:
    qtbot.addWidget(editor)
    editor.show()
    editor.activateWindow()
    qtbot.waitUntil(editor.isActiveWindow)
    return editor


def open_editor(qtbot: QtBot, character: RosterCharacter | None = None, system: str = NAME,
                saved: list[RosterCharacter] | None = None) -> CharacterEditor:
    """An editor of ``system`` (the test arena unless told), shown; a save lands in ``saved``."""
    kept = saved if saved is not None else []
    editor = CharacterEditor(character, [system], lambda c, _o: kept.append(c) or True)
    return show_editor(qtbot, editor)


def type_into(qtbot: QtBot, widget: QWidget, text: str) -> None:
    """Focus ``widget`` and type ``text`` over what it holds."""
    widget.setFocus()
    qtbot.waitUntil(widget.hasFocus)
    QApplication.processEvents()  # a field selects itself on entry (not when already in it)
    if isinstance(widget, QLineEdit):
        widget.selectAll()
    qtbot.keyClicks(widget, text)
