"""Repeated rows of a form (weapons, attacks, specialties, health levels) as a small grid.

One line per row, one input per row field, a cross at the end that takes the row out; the
"Add" button below adds a row. From the keyboard: Tab goes cell to cell, Return on a
row's last cell goes to the next row's first cell, adding a row after the last one;
Ctrl+Delete takes out the row the cursor is in.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QToolButton, QWidget

from battlewheel.engine.core.block_form import FormRows
from battlewheel.views.character_editor.inputs import PROBLEM_STYLE, Input, make_input

RETURN_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class RowsEditor(QWidget):
    """Editable rows of one ``FormRows``."""

    edited = Signal()
    # Rows came or went: the window lays its Tab order out again.
    reshaped = Signal()

    def __init__(self, rows: FormRows, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows_form = rows
        self.lines: list[list[Input]] = []
        self.removers: list[QToolButton] = []
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.headings = [QLabel(f"<b>{cell.label}</b>", self) for cell in rows.fields]
        for heading, cell in zip(self.headings, rows.fields, strict=True):
            heading.setToolTip(cell.help)
            heading.setWordWrap(True)  # a long heading takes two lines, not the row's width
        self.add_button = QPushButton(f"Add {rows.label.lower()}", self)
        self.add_button.setAutoDefault(False)
        self.add_button.setAccessibleName(f"Add a row to {rows.label}")
        self.add_button.setToolTip(rows.help or f"Add a row to {rows.label}")
        self.add_button.clicked.connect(lambda: self.add_row(focus=True))
        remove = QShortcut(QKeySequence("Ctrl+Delete"), self)
        remove.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        remove.activated.connect(self._remove_current)
        self._place()

    # -- values -----------------------------------------------------------------------
    def value(self) -> list[dict[str, Any]]:
        """Each row as a dict of its field keys."""
        return [{cell.key: widget.value() for cell, widget in zip(self.rows_form.fields, line,
                                                                  strict=True)}
                for line in self.lines]

    def raw(self) -> list[dict[str, Any]]:
        """Each row as typed (for the draft)."""
        return [{cell.key: widget.raw() for cell, widget in zip(self.rows_form.fields, line,
                                                                strict=True)}
                for line in self.lines]

    def set_value(self, rows: list[dict[str, Any]], *, raw: bool = False) -> None:
        """Show these rows (from a block, a template or a draft)."""
        while self.lines:
            self._drop_line(len(self.lines) - 1)
        for row in rows:
            self._add_line(row, raw=raw)
        self._place()

    # -- rows -------------------------------------------------------------------------
    def add_row(self, *, focus: bool = False) -> bool:
        """Add a row at its defaults (refused at the form's most); focus its first cell."""
        if len(self.lines) >= self.rows_form.most:
            return False
        line = self._add_line(self.rows_form.blank_row())
        self._place()
        self.reshaped.emit()
        self.edited.emit()
        if focus and line:
            line[0].setFocus(Qt.FocusReason.TabFocusReason)
        return True

    def remove_row(self, index: int) -> None:
        """Take a row out (not below the form's least)."""
        if not 0 <= index < len(self.lines) or len(self.lines) <= self.rows_form.least:
            return
        self._drop_line(index)
        self._place()
        self.reshaped.emit()
        self.edited.emit()

    def focusables(self) -> list[QWidget]:
        """Every cell in reading order, then the Add button: the Tab order."""
        return [widget for line in self.lines for widget in line] + [self.add_button]

    def mark(self, problem: str | None) -> None:
        """Mark the whole set of rows (too few, too many) on its Add button."""
        self.add_button.setStyleSheet(PROBLEM_STYLE if problem else "")
        self.add_button.setToolTip(problem or self.rows_form.help)

    def cell(self, index: int, key: str) -> Input | None:
        """The input of one row's field."""
        keys = [cell.key for cell in self.rows_form.fields]
        if 0 <= index < len(self.lines) and key in keys:
            return self.lines[index][keys.index(key)]
        return None

    def _add_line(self, row: dict[str, Any], *, raw: bool = False) -> list[Input]:
        line: list[Input] = []
        for cell in self.rows_form.fields:
            widget = make_input(cell, self)
            value = row.get(cell.key, cell.default)
            if raw:
                widget.set_raw(value)
            else:
                widget.set_value(value)
            widget.edited.connect(self.edited)
            widget.installEventFilter(self)
            line.append(widget)
        remover = QToolButton(self)
        remover.setText("\N{MULTIPLICATION SIGN}")
        remover.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes field to field
        remover.setToolTip("Take this row out (Ctrl+Delete in the row)")
        remover.clicked.connect(lambda _=False, b=remover: self.remove_row(self.removers.index(b)))
        self.lines.append(line)
        self.removers.append(remover)
        return line

    def _drop_line(self, index: int) -> None:
        for widget in [*self.lines.pop(index), self.removers.pop(index)]:
            widget.hide()
            widget.deleteLater()

    def _place(self) -> None:
        while self.grid.count():
            self.grid.takeAt(0)
        for column, heading in enumerate(self.headings):
            self.grid.addWidget(heading, 0, column)
            heading.setVisible(bool(self.lines))
        for row, (line, remover) in enumerate(zip(self.lines, self.removers, strict=True), 1):
            for column, widget in enumerate(line):
                self.grid.addWidget(widget, row, column)
                widget.show()  # now, not when the layout gets round to it: it takes focus
            self.grid.addWidget(remover, row, len(line))
            remover.show()
            remover.setEnabled(len(self.lines) > self.rows_form.least)
        self.grid.addWidget(self.add_button, len(self.lines) + 1, 0, 1, len(self.headings) + 1,
                            Qt.AlignmentFlag.AlignLeft)
        # The room to spare goes to the right of the rows: cells stay beside their heading.
        self.grid.setColumnStretch(len(self.headings) + 1, 1)
        self.add_button.setEnabled(len(self.lines) < self.rows_form.most)

    def _remove_current(self) -> None:
        focused = self.focusWidget()
        for index, line in enumerate(self.lines):
            if focused in line:
                self.remove_row(index)
                if self.lines:
                    self.lines[min(index, len(self.lines) - 1)][0].setFocus()
                else:
                    self.add_button.setFocus()
                return

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Return on a row's last cell: on to the next row, adding one after the last."""
        if isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress \
                and event.key() in RETURN_KEYS \
                and event.modifiers() == Qt.KeyboardModifier.NoModifier:
            for index, line in enumerate(self.lines):
                if watched is line[-1]:
                    if index + 1 < len(self.lines):
                        self.lines[index + 1][0].setFocus(Qt.FocusReason.TabFocusReason)
                    else:
                        self.add_row(focus=True)
                    return True
        return super().eventFilter(watched, event)
