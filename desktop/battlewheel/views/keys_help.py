"""Help > Keyboard shortcuts: every key the window answers to, read off its actions.

The list is built from the actions themselves (their menu text, shortcut and status
tip), so it can never disagree with the menus; a GM at the table learns the keys once
and then runs a fight without the mouse.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QMenu,
    QMenuBar,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)


@dataclass(frozen=True)
class ShortcutRow:
    """One line of the list: the keys, what the action is called, what it does."""

    keys: str
    name: str
    tip: str


def menu_actions(bar: QMenuBar) -> list[QAction]:
    """Every action of the menus, menu by menu, sub-menus in place (File first)."""
    found: list[QAction] = []
    pending = list(bar.actions())
    while pending:
        action = pending.pop(0)
        menu = action.menu()
        if isinstance(menu, QMenu):
            pending[:0] = menu.actions()  # a menu's own items come before the next menu
        elif not action.isSeparator():
            found.append(action)
    return found


def shortcut_rows(actions: Iterable[QAction]) -> list[ShortcutRow]:
    """The actions that have keys, in the order given, each listed once."""
    rows: list[ShortcutRow] = []
    seen: set[str] = set()
    for action in actions:
        keys = ", ".join(
            sequence.toString(QKeySequence.SequenceFormat.NativeText)
            for sequence in action.shortcuts()
        )
        # iconText: the undo and redo actions keep "Undo" there, while their text
        # names the step they would take back.
        name = action.iconText().replace("&", "").rstrip("…").strip()
        if not keys or name in seen:
            continue
        seen.add(name)
        rows.append(ShortcutRow(keys, name, _what_it_does(action, name, keys)))
    return rows


def _what_it_does(action: QAction, name: str, keys: str) -> str:
    # The status tip says it best; else the tooltip, without the keys the window adds
    # to it and unless it only repeats the name (Qt's default tooltip is the text).
    if action.statusTip():
        return action.statusTip()
    tip = action.toolTip().removesuffix(f" ({keys})").strip()
    return "" if tip.replace("&", "").rstrip("…") == name else tip


class ShortcutsDialog(QDialog):
    """A read-only table of the window's keyboard shortcuts."""

    def __init__(self, rows: list[ShortcutRow], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        self.table = QTableWidget(len(rows), 3, self)
        self.table.setObjectName("shortcutsTable")
        self.table.setHorizontalHeaderLabels(["Keys", "Action", "What it does"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        for row, line in enumerate(rows):
            for column, text in enumerate((line.keys, line.name, line.tip)):
                self.table.setItem(row, column, QTableWidgetItem(text))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        # A description longer than its column wraps onto more lines instead of being
        # cut with "…": the list is where a GM reads what each key does in full.
        self.table.setWordWrap(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.table.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.Close).setFocus()
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(860, 560)
