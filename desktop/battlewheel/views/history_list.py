"""The History dock's list: every step of the undo stack as one of Qt's own items.

Built once the window has painted, or when first used (see ``views.history_dock``).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QAbstractItemView, QListView, QWidget

from battlewheel.models.combat_model import CombatModel
from battlewheel.models.items import READ_ONLY
from battlewheel.views.theme import WINDOW

OPENED = "As the combat was opened"  # the first line, before any step


class HistoryModel(QStandardItemModel):
    """Rows: the opening, then each command of the undo stack by its text.

    The rows are Qt's own items, so the list paints without calling Python; a step
    writes only the lines it changed (a new step at the end, the lines whose current or
    undone look moved), never the whole list (``lines_written`` counts them).
    """

    # The list changed (after the lines are written): the dock selects the current step.
    shown = Signal()

    def __init__(self, combat: CombatModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.stack = combat.undo_stack
        # What the list last showed: one step pushed fires three of the stack's signals,
        # and the list is read again only for the first (tests count the reads).
        self._shown = self._looks()
        self.reads = 0
        self.lines_written = 0
        self.appendRow(_line(OPENED))
        self._write(0, self.stack.count())
        self._style(range(self.rowCount()))
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
        (_, old_index, *_), (count, index, *_) = self._shown, looks
        self._shown = looks
        self.reads += 1
        # A command's text changes only if it is new (pushed past the index, replacing
        # the undone ones) or the last done one took a merged drag: the lines from the
        # step before the lower index on may differ, none before.
        first = max(0, min(old_index, index) - 1)
        self._write(first, count)
        # Between the old and the new index the lines change look; new lines get theirs.
        self._style(range(min(old_index, index), count + 1))
        self.shown.emit()

    def _write(self, first: int, count: int) -> None:
        """The lines of the stack's commands ``first`` on, to ``count`` commands in all."""
        lines = count + 1
        if self.rowCount() > lines:
            self.removeRows(lines, self.rowCount() - lines)
        for position in range(first, count):
            text, row = self.stack.text(position), position + 1
            if row >= self.rowCount():
                self.appendRow(_line(text))
                self.lines_written += 1
            elif (item := self.item(row)) is not None and item.text() != text:
                item.setText(text)
                self.lines_written += 1

    def _style(self, rows: range) -> None:
        """The current step bold, undone steps grey, the others plain."""
        index = self.stack.index()
        for row in rows:
            item = self.item(row)
            if item is None:
                continue
            bold = row == index
            if item.font().bold() != bold:
                font = item.font()
                font.setBold(bold)
                item.setFont(font)
            undone = row > index
            if (item.data(Qt.ItemDataRole.ForegroundRole) is not None) != undone:
                item.setData(_undone_brush() if undone else None,
                             Qt.ItemDataRole.ForegroundRole)


def _line(text: str) -> QStandardItem:
    item = QStandardItem(text)
    item.setFlags(READ_ONLY | Qt.ItemFlag.ItemNeverHasChildren)
    item.setToolTip("Click to look at the fight as it stood after this step")
    return item


def history_view(model: HistoryModel, parent: QWidget) -> QListView:
    """The list that shows ``model``: one line chosen at a time, never edited."""
    view = QListView(parent)
    view.setObjectName("historyView")
    view.setModel(model)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    # Every line is one line high: selecting the current step then lays out no rows
    # (a long fight's list would otherwise be measured line by line on every step).
    view.setUniformItemSizes(True)
    return view


def _undone_brush() -> QBrush:
    """Undone steps in the theme's quiet grey (still 4.5:1 on the list's ground)."""
    return QBrush(QColor(WINDOW["placeholder"]))

