"""One system's stat block in the editor: the form its ruleset declares, and its live numbers.

The form is built from ``Ruleset.block_schema()`` alone: groups in reading order, a
number typed in a line, a choice in a combo box, a flag in a check box, repeated rows in
a small grid. After each edit the page checks every field by its own bounds
(``block_form.problems``), then asks the ruleset for the whole block
(``block_from_form``, whose ``TraitValueError`` names the field the block's own check
refused) and draws ``block_preview`` beside the form with the sheet's own widget; while
the block is not whole the preview says why. A new block starts from one of the
ruleset's templates.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core.block_form import (
    BlockTemplate,
    FormField,
    FormRows,
    problems,
)
from battlewheel.engine.core.contract import SheetView
from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.ruleset import Ruleset
from battlewheel.views.character_editor.inputs import Input, make_input, wheel_only_when_focused
from battlewheel.views.character_editor.rows import RETURN_KEYS, RowsEditor
from battlewheel.views.sheets.sheet_widget import SheetWidget
from battlewheel.views.theme import tint

_ROW_KEY = re.compile(r"^(?P<rows>.+?)(?:\[(?P<a>\d+)\]|\.(?P<b>\d+))(?:\.(?P<cell>.*))?$")
PREVIEW_WIDTH = 300
NAME_KEY = "name"  # a block's own name field: shown once, as the character's Name


class BlockPage(QWidget):
    """The form and preview of one ruleset's block for one character."""

    edited = Signal()
    reshaped = Signal()
    # A template was chosen: the side its block joins on (the window may follow it).
    templateChosen = Signal(str)

    def __init__(self, ruleset: Ruleset, block: Any | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ruleset, self.schema = ruleset, ruleset.block_schema()
        # The character's current condition in this system (None: fresh), set by the
        # editor for a roster character before the preview is next shown.
        self.lasting: Any | None = None
        self.templates: tuple[BlockTemplate, ...] = ruleset.block_templates()
        self.new = block is None
        self.base: Any = block if block is not None else self.templates[0].block
        self.inputs: dict[str, Input] = {}
        self.row_editors: dict[str, RowsEditor] = {}
        self.block: Any | None = None  # the whole block, once the form describes one
        self.sentences: list[str] = []  # why it is not whole yet
        self._loading = False
        self._shown: dict[str, Any] = {}  # the values after the last edit, for what follows
        self.template = self._template_picker()
        self.presets = self.schema.presets() if self.schema.presets is not None else ()
        self.table_picker = self._table_picker() if self.presets else None
        form = self._form()
        self.preview = SheetWidget(self)
        self.preview.setObjectName("blockPreview")
        self.preview.buttons.hide()  # no conditions or overrides on a block not yet fighting
        self.why_not = QLabel(self)
        self.why_not.setObjectName("blockProblems")
        self.why_not.setWordWrap(True)
        tint(self.why_not, "refusal")
        self._lay_out(form)
        self.fill(ruleset.block_form(self.base))

    # -- building ---------------------------------------------------------------------
    def _template_picker(self) -> QComboBox:
        picker = QComboBox(self)
        picker.setObjectName("templatePicker")
        picker.setAccessibleName(f"{self.ruleset.title} template")
        for template in self.templates:
            picker.addItem(template.label, template.key)
            picker.setItemData(picker.count() - 1, template.description,
                               Qt.ItemDataRole.ToolTipRole)
        picker.setToolTip("Start from one of the system's templates, then type what differs")
        wheel_only_when_focused(picker)
        picker.activated.connect(self.choose_template)
        picker.setVisible(self.new)
        return picker

    def _table_picker(self) -> QComboBox:
        """The program's own tables (2e's weapons and armour): a pick adds it to the form."""
        picker = QComboBox(self)
        picker.setObjectName("tablePicker")
        picker.setAccessibleName(f"{self.ruleset.title} weapon and armour tables")
        picker.addItem("Add a weapon or armour from the program's tables\u2026", -1)
        for index, preset in enumerate(self.presets):
            picker.addItem(preset.label, index)
        picker.setToolTip("A weapon joins the weapons (with its minimums); an armour "
                          "replaces the one worn. Then type what differs.")
        picker.activated.connect(self.add_preset)
        return picker

    def add_preset(self, row: int) -> None:
        """Put the picked table entry into the form (the picker's first line picks nothing)."""
        assert self.table_picker is not None
        index = self.table_picker.itemData(row)
        if not isinstance(index, int) or not 0 <= index < len(self.presets):
            return
        self.fill(self.presets[index].apply(self.values()))
        self.table_picker.setCurrentIndex(0)
        self._edited()

    def _form(self) -> QWidget:
        body = QWidget(self)
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 0, 0)
        for group in self.schema.groups:
            box = QGroupBox(group.title, body)
            box.setToolTip(group.help)
            grid = QGridLayout(box)
            columns = max(1, group.columns)
            self._fill_group(grid, group.items, columns, box)
            # The spare width goes to an empty last column: the fields stay packed at the
            # left, in sight, however wide a group of rows (2e's weapons) makes the form.
            grid.setColumnStretch(columns * 2, 1)
            column.addWidget(box)
        if not self.schema.groups:
            column.addWidget(QLabel(f"{self.ruleset.title} declares no form for its stat "
                                    "block yet: the block keeps its values.", body))
        column.addStretch(1)
        return body

    def _fill_group(self, grid: QGridLayout, items: tuple[FormField | FormRows, ...],
                    columns: int, box: QWidget) -> None:
        row = place = 0
        for item in items:
            if isinstance(item, FormRows):
                row += 1 if place else 0
                place = 0
                title = QLabel(item.label, box)
                title.setToolTip(item.help)
                editor = RowsEditor(item, box)
                editor.edited.connect(self._edited)
                editor.reshaped.connect(self.reshaped)
                self.row_editors[item.key] = editor
                grid.addWidget(title, row, 0, 1, columns * 2)
                grid.addWidget(editor, row + 1, 0, 1, columns * 2)
                row += 2
                continue
            if item.key == NAME_KEY:  # the identity's Name above is the block's name
                continue
            label = QLabel(item.label, box)
            label.setToolTip(item.help)
            widget = make_input(item, box)
            label.setBuddy(widget)
            widget.edited.connect(self._edited)
            widget.installEventFilter(self)
            self.inputs[item.key] = widget
            grid.addWidget(label, row, place * 2)
            grid.addWidget(widget, row, place * 2 + 1, Qt.AlignmentFlag.AlignLeft)
            place += 1
            if place == columns:
                row, place = row + 1, 0

    def _lay_out(self, form: QWidget) -> None:
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(form)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        left = QVBoxLayout()
        pick = QFormLayout()
        if self.new:
            pick.addRow("Start from", self.template)
        if self.table_picker is not None:
            pick.addRow("From the tables", self.table_picker)
        left.addLayout(pick)
        left.addWidget(scroll, 1)
        right = QVBoxLayout()
        title = QLabel("<b>What the sheet will show</b>", self)
        right.addWidget(title)
        preview_scroll = QScrollArea(self)
        preview_scroll.setWidgetResizable(True)
        preview_scroll.setWidget(self.preview)
        preview_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        preview_scroll.setMinimumWidth(PREVIEW_WIDTH)
        preview_scroll.viewport().installEventFilter(self)
        self.preview_scroll = preview_scroll
        right.addWidget(preview_scroll, 1)
        right.addWidget(self.why_not)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 2)  # the form's columns of numbers need the room
        layout.addLayout(right, 1)

    # -- values -----------------------------------------------------------------------
    def fill(self, values: dict[str, Any], *, raw: bool = False) -> None:
        """Show form values (a block's, a template's, or a draft's as typed)."""
        self._loading = True
        try:
            for key, widget in self.inputs.items():
                if key in values:
                    if raw:
                        widget.set_raw(values[key])
                    else:
                        widget.set_value(values[key])
            for key, editor in self.row_editors.items():
                editor.set_value(list(values.get(key, [])), raw=raw)
        finally:
            self._loading = False
        self._shown = self.values()
        self.reshaped.emit()

    def values(self) -> dict[str, Any]:
        """What the form holds, by field key (a number that does not parse as its text)."""
        found: dict[str, Any] = {key: widget.value() for key, widget in self.inputs.items()}
        found.update({key: editor.value() for key, editor in self.row_editors.items()})
        return found

    def raw(self) -> dict[str, Any]:
        """What was typed, as typed (for the draft)."""
        found: dict[str, Any] = {key: widget.raw() for key, widget in self.inputs.items()}
        found.update({key: editor.raw() for key, editor in self.row_editors.items()})
        return found

    def choose_template(self, index: int) -> None:
        """Start again from a template: its block's values fill the form."""
        if not 0 <= index < len(self.templates):
            return
        template = self.templates[index]
        self.base = template.block
        self.fill(self.ruleset.block_form(template.block))
        self.templateChosen.emit(self.ruleset.block_side(template.block))
        self._edited()

    def template_key(self) -> str:
        """The template the page started from ("" for an existing block)."""
        return str(self.template.currentData() or "") if self.new else ""

    def set_template_key(self, key: str) -> None:
        """Pick a template by key without filling the form (a draft brings its own values)."""
        index = self.template.findData(key)
        if index >= 0:
            self.template.setCurrentIndex(index)
            self.base = self.templates[index].block

    def focusables(self) -> list[QWidget]:
        """The page's inputs in reading order: the Tab order."""
        found: list[QWidget] = [self.template] if self.new else []
        for item in self.schema.items():
            if isinstance(item, FormRows):
                found.extend(self.row_editors[item.key].focusables())
            elif item.key in self.inputs:
                found.append(self.inputs[item.key])
        return found

    def first_input(self) -> QWidget | None:
        """Where the cursor goes when the page is shown."""
        found = self.focusables()
        return found[0] if found else None

    # -- checking ---------------------------------------------------------------------
    def check(self, name: str, kind: str, side: str) -> Any | None:
        """Check the form whole; mark each problem; draw the preview. The block, or None."""
        for widget in self.inputs.values():
            widget.mark(None)
        for editor in self.row_editors.values():
            editor.mark(None)
            for line in editor.lines:
                for cell in line:
                    cell.mark(None)
        values = self.values()
        self.block = None
        found = problems(self.schema, values) or self._block_problem(values, name)
        for key, sentence in found.items():
            self._mark(key, sentence)
        self.sentences = list(found.values())
        self._show_preview(name, kind, side)
        return self.block

    def _block_problem(self, values: dict[str, Any], name: str) -> dict[str, str]:
        base = self.ruleset.named_block(self.base, name or self.ruleset.block_name(self.base))
        try:
            block = self.ruleset.block_from_form(values, base)
            self.block = self.ruleset.named_block(block, name) if name else block
        except TraitValueError as error:
            self.block = None
            return {error.field: self._sentence(error)}
        except ValueError as error:
            self.block = None
            return {"": str(error)}
        return {}

    def _sentence(self, error: TraitValueError) -> str:
        widget = self._widget_for(error.field)
        rows = self.row_editors.get(error.field)
        label = (widget.field.label if widget is not None
                 else rows.rows_form.label if rows is not None else error.field)
        got = "" if error.value is None else f" (it is {error.value!r})"
        return f"{label} must be {error.allowed}{got}."

    def _widget_for(self, key: str) -> Input | None:
        if key in self.inputs:
            return self.inputs[key]
        match = _ROW_KEY.match(key)
        if match and match["rows"] in self.row_editors:
            index = int(match["a"] or match["b"])
            return self.row_editors[match["rows"]].cell(index, match["cell"] or "")
        return None

    def _mark(self, key: str, sentence: str) -> None:
        widget = self._widget_for(key)
        if widget is not None:
            widget.mark(sentence)
        elif key in self.row_editors:
            self.row_editors[key].mark(sentence)
        else:  # a key the form does not show: the nearest row set or field by prefix
            for rows_key, editor in self.row_editors.items():
                if key.startswith(rows_key):
                    editor.mark(sentence)

    def first_problem(self) -> QWidget | None:
        """The first marked input in reading order (Save puts the cursor there)."""
        for widget in self.focusables():
            if getattr(widget, "problem", ""):
                return widget
        return None

    def _show_preview(self, name: str, kind: str, side: str) -> None:
        if self.block is None:
            self.why_not.setText("Not whole yet: " + " ".join(self.sentences))
            self.preview.setEnabled(False)
            return
        self.why_not.setText("")
        self.preview.setEnabled(True)
        sections = tuple(self.ruleset.block_preview(self.block)) + self._condition()
        self.preview.show_info(SheetView("preview", name or "(no name yet)", kind, side,
                                         sections=sections))
        for widget in self.preview.findChildren(QWidget):  # Tab stays in the form
            widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._keep_preview_in_sight()

    def _condition(self) -> tuple[Any, ...]:
        """The character's current condition on the edited block (issue 33; none fresh)."""
        if self.lasting is None:
            return ()
        from battlewheel.printing.sources import condition_sections

        return condition_sections(self.ruleset.name, self.block, self.lasting)

    def _keep_preview_in_sight(self) -> None:
        # A wide weapons table scrolls sideways; the numbers of the narrower sections
        # (defences, pools) stay in sight, as on a sheet in larger text.
        self.preview.keep_within(self.preview_scroll.viewport().width())

    def _edited(self) -> None:
        if not self._loading:
            self._follow_edit()
            self.edited.emit()

    def _follow_edit(self) -> None:
        """What the ruleset says follows the edit (a renamed weapon's minimums, an
        attack's Stat for its new Kind) is put in the rows' cells, nothing else touched:
        the cell being typed in keeps its focus and cursor."""
        now = self.values()
        follow = self.schema.follow
        wanted = follow(self._shown, now) if follow is not None else now
        self._loading = True
        try:
            for key, editor in self.row_editors.items():
                rows = wanted.get(key)
                if rows == now.get(key) or not isinstance(rows, list):
                    continue
                for index, row in enumerate(rows):
                    for cell_key, value in row.items():
                        cell = editor.cell(index, cell_key)
                        if cell is not None and cell.value() != value:
                            cell.set_value(value)
        finally:
            self._loading = False
        self._shown = self.values()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Return in a field moves on to the next, as Tab does."""
        if event.type() == QEvent.Type.Resize and watched is self.preview_scroll.viewport():
            self._keep_preview_in_sight()
            return False
        if isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress \
                and event.key() in RETURN_KEYS \
                and event.modifiers() == Qt.KeyboardModifier.NoModifier \
                and isinstance(watched, QWidget):
            watched.focusNextChild()
            return True
        return False
