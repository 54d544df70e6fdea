"""The window's step keys never press a sheet button that merely has the focus (issue 35):
after GM override… the button kept the focus and Space reopened it instead of the next step."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication
from pytestqt.qtbot import QtBot

from battlewheel.engine.rulesets.impulse import demo_fight as impulse_fight
from battlewheel.models.combat_model import CombatModel
from tests.desktop.windows import painted_window


def test_no_sheet_button_takes_the_focus_and_space_stays_the_next_step(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Clicking GM override… (its dialog cancelled) leaves the focus where it was, no
    sheet button can be tabbed to, and Space then begins round 1 with no dialog."""
    window = painted_window(qtbot, CombatModel(impulse_fight()), tmp_path / "s.ini")
    qtbot.waitUntil(lambda: bool(window.sheet_docks))
    dock = next(iter(window.sheet_docks.values()))
    dock.show()
    dock.raise_()
    sheet = dock.sheet
    buttons = sheet.findChildren(QAbstractButton)
    assert sheet.override_button in buttons and sheet.condition_button in buttons
    assert all(b.focusPolicy() == Qt.FocusPolicy.NoFocus for b in buttons)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.wheel_view.setFocus()
    qtbot.mouseClick(sheet.override_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is not None)
    assert not sheet.override_button.hasFocus()
    modal = QApplication.activeModalWidget()
    assert modal is not None
    modal.close()
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(QApplication.focusWidget() or window.wheel_view, Qt.Key.Key_Space)
    assert window.combat.state.started
    assert QApplication.activeModalWidget() is None
