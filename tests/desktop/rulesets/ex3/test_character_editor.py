"""The character editor on Exalted 3e's own form (the editor's tests for every system:
tests/desktop/test_character_editor.py)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from battlewheel.views.character_editor.window import CharacterEditor
from tests.desktop.editing import show_editor as _show

pytestmark = pytest.mark.usefixtures("quiet_editor")


def test_two_3e_weapons_of_one_name_are_refused_in_a_persons_words(qtbot: QtBot) -> None:
    """Issue 35: "weapons must be distinct names, not 'Unarmed' (it is ['Sword', 'Sword'])"
    read like a program's; the editor now names the list and the name used twice."""
    editor = CharacterEditor(None, ["3e"], lambda c, _o: True)
    _show(qtbot, editor)
    page = editor.current_page()
    assert page is not None
    rows = page.row_editors["weapons"]
    sword = {"name": "Sword", "accuracy": 2, "damage": 9}
    rows.set_value([sword, sword])
    rows.edited.emit()
    editor.check()
    assert "Weapons must be named differently: more than one is called 'Sword'." in \
        page.why_not.text()
    assert "[" not in page.why_not.text()
    rows.set_value([{**sword, "name": "Unarmed"}])
    editor.check()
    assert "Weapons must be named other than 'Unarmed'" in page.why_not.text()
