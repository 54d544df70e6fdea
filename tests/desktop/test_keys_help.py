"""Help > Keyboard shortcuts lists the keys the menus answer to, read off the actions."""

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMenuBar
from pytestqt.qtbot import QtBot

from battlewheel.models.combat_model import CombatModel
from battlewheel.views import settings as prefs
from battlewheel.views.keys_help import ShortcutsDialog, menu_actions, shortcut_rows
from battlewheel.views.main_window import MainWindow
from tests.desktop.started_combat import started_session
from tests.desktop.windows import painted_window


def test_rows_come_from_shortcuts_menu_order_and_skip_actions_without_keys(
    qtbot: QtBot,
) -> None:
    """File's Save (Ctrl+S) before Combat's Next tick (N); an action without keys is left out."""
    bar = QMenuBar()
    qtbot.addWidget(bar)
    file_menu = bar.addMenu("&File")
    save = file_menu.addAction("&Save")
    save.setShortcut(QKeySequence("Ctrl+S"))
    save.setStatusTip("Write the campaign")
    file_menu.addSeparator()
    file_menu.addMenu("Open &recent").addAction("campaign.json")  # no keys
    combat = bar.addMenu("&Combat")
    step = combat.addAction("&Next tick")
    step.setShortcuts([QKeySequence("N"), QKeySequence("Ctrl+N")])
    rows = shortcut_rows(menu_actions(bar))
    assert [(r.keys, r.name, r.tip) for r in rows] == [
        ("Ctrl+S", "Save", "Write the campaign"),
        ("N, Ctrl+N", "Next tick", ""),
    ]


def test_f1_opens_the_list_with_the_turn_keys(qtbot: QtBot, tmp_path: Path) -> None:
    """In the window, F1 lists Next tick (N), Declare flurry (D), Undo and itself."""
    window = painted_window(qtbot, CombatModel(started_session()), tmp_path / "s.ini", size=None)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window.wheel_view, Qt.Key.Key_F1)
    dialog = window.findChild(ShortcutsDialog)
    assert dialog is not None and dialog.isVisible()
    table = dialog.table
    rows = range(table.rowCount())
    listed = {table.item(row, 1).text(): table.item(row, 0).text() for row in rows}
    assert listed["Next tick"] == "N"
    assert listed["Declare flurry"] == "D"
    assert listed["Keyboard shortcuts"] == "F1"
    assert listed["Undo"] == QKeySequence(QKeySequence.StandardKey.Undo).toString(
        QKeySequence.SequenceFormat.NativeText
    )
    dialog.reject()


def test_every_description_shows_whole_in_a_narrow_list(qtbot: QtBot, tmp_path: Path) -> None:
    """At 500 px wide the long descriptions wrap: each row is as tall as its wrapped text."""
    from PySide6.QtCore import QRect

    window = MainWindow(
        CombatModel(started_session()), settings=prefs.open_settings(tmp_path / "s.ini")
    )
    qtbot.addWidget(window)
    dialog = ShortcutsDialog(shortcut_rows(menu_actions(window.menuBar())), window)
    qtbot.addWidget(dialog)
    dialog.resize(500, 560)
    dialog.show()
    qtbot.waitExposed(dialog)
    table = dialog.table
    width = table.columnWidth(2)
    metrics = table.fontMetrics()
    longest = max(range(table.rowCount()), key=lambda row: len(table.item(row, 2).text()))
    assert metrics.horizontalAdvance(table.item(longest, 2).text()) > width  # it must wrap
    for row in range(table.rowCount()):
        text = table.item(row, 2).text()
        needed = metrics.boundingRect(QRect(0, 0, width - 4, 10_000),
                                      Qt.TextFlag.TextWordWrap, text).height()
        assert table.rowHeight(row) >= needed, text
