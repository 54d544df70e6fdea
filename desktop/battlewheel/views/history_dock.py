"""The History dock: every step of the undo stack, and a click to look back at one.

The list mirrors the combat's undo stack: the first line is the combat as it was
opened, then one line per step, the current step in bold and undone ones greyed, as
Qt's own undo view draws them. Unlike Qt's view, a click does not move the stack: it
asks ``views.rewind`` to preview that moment (``stepChosen``), and the GM then chooses
"Rewind to here" or "Back to now" on the banner over the wheel.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QDockWidget, QListView, QWidget

from battlewheel.models.combat_model import CombatModel

OPENED = "As the combat was opened"
_UNDONE = QColor("#8a8a8a")

_Index = QModelIndex | QPersistentModelIndex


class HistoryModel(QAbstractListModel):
    """Rows: the opening, then each command of the undo stack by its text."""

    def __init__(self, combat: CombatModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.stack = combat.undo_stack
        # What the list last showed: one step pushed fires three of the stack's signals,
        # and the list is read again only for the first (tests count the reads).
        self._shown = self._looks()
        self.reads = 0
        for signal in self._signals():
            signal.connect(self._reread)
        # The stack clears itself as it is deleted: stop listening before that.
        combat.destroyed.connect(self._detach)

    def _signals(self) -> tuple[Any, ...]:
        # A new step moves the index; a drag merged into the last step changes its text.
        stack = self.stack
        return stack.indexChanged, stack.undoTextChanged, stack.redoTextChanged

    def _detach(self) -> None:
        for signal in self._signals():
            signal.disconnect(self._reread)

    def _looks(self) -> tuple[int, int, str, str]:
        stack = self.stack
        return stack.count(), stack.index(), stack.undoText(), stack.redoText()

    def _reread(self) -> None:
        looks = self._looks()
        if looks == self._shown:
            return
        self._shown = looks
        self.reads += 1
        self.beginResetModel()
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        """One row for the opening, one per step."""
        return 0 if parent.isValid() else self.stack.count() + 1

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The step's text; the current step bold, undone steps grey."""
        row = index.row()
        if role == Qt.ItemDataRole.DisplayRole:
            return OPENED if row == 0 else self.stack.text(row - 1)
        if role == Qt.ItemDataRole.FontRole and row == self.stack.index():
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and row > self.stack.index():
            return QBrush(_UNDONE)
        if role == Qt.ItemDataRole.ToolTipRole:
            return "Click to look at the fight as it stood after this step"
        return None


class HistoryDock(QDockWidget):
    """The History dock; ``stepChosen(row)`` when the GM clicks a line (0: the opening)."""

    stepChosen = Signal(int)

    def __init__(self, combat: CombatModel, parent: QWidget | None = None) -> None:
        super().__init__("History", parent)
        self.setObjectName("historyDock")
        self.history = HistoryModel(combat, self)
        self.view = QListView(self)
        self.view.setObjectName("historyView")
        self.view.setModel(self.history)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.clicked.connect(lambda index: self.stepChosen.emit(index.row()))
        self.view.activated.connect(lambda index: self.stepChosen.emit(index.row()))
        self.history.modelReset.connect(self.show_step)
        self.setWidget(self.view)
        self.show_step()

    def show_step(self, row: int | None = None) -> None:
        """Select the row shown (the current step unless a preview says otherwise)."""
        chosen = self.history.stack.index() if row is None else row
        index = self.history.index(chosen, 0)
        self.view.setCurrentIndex(index)
        self.view.scrollTo(index)
