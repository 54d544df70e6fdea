"""The character editor on Impulse's own form (the editor's tests for every system:
tests/desktop/test_character_editor.py)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.desktop.editing import open_editor as _editor

pytestmark = pytest.mark.usefixtures("quiet_editor")


def test_the_previews_numbers_stay_in_sight_beside_a_wide_table(qtbot: QtBot) -> None:
    """In a 1200 px editor, Impulse's preview keeps its defences within the preview's width
    (the weapons table beside them may scroll sideways)."""
    editor = _editor(qtbot, system="impulse")
    editor.resize(1200, 700)
    page = editor.current_page()
    assert page is not None
    qtbot.waitUntil(lambda: page.preview.section_box("Defences (current)") is not None)
    QApplication.processEvents()
    box = page.preview.section_box("Defences (current)")
    assert box is not None
    viewport = page.preview.parentWidget()  # the scroll area's viewport
    assert viewport is not None and box.width() <= viewport.width()
