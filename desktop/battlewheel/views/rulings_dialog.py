"""Combat > Rulings: every ruling of the combat's system, its meaning, default and value.

Each row is one option of the ruleset (``OptionSpec``): the GM reads what it decides
and its default, and changes the current value in place. A change is one
``ChangeRuling`` action on the undo stack, logged like any other step, so Ctrl+Z takes
it back; a value the ruleset refuses is said in the dialog and changes nothing.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core.actions import ChangeRuling
from battlewheel.engine.core.options import OptionSpec, OptionValue
from battlewheel.models.combat_model import CombatModel


def shown(value: OptionValue) -> str:
    """A ruling's value in words: on/off for a switch, the choice with spaces."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value).replace("_", " ")


class RulingsDialog(QDialog):
    """The rulings of the combat on screen, each editable as one undoable step."""

    def __init__(self, combat: CombatModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from battlewheel.views.dialogs.on_screen import keep_on_screen_while_open

        keep_on_screen_while_open(self)  # issue 35: a 1366x768 screen, buttons in sight
        self.combat = combat
        ruleset = combat.session.ruleset
        self.setWindowTitle(f"Rulings — {ruleset.title}")
        self.editors: dict[str, QWidget] = {}
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.message.setObjectName("rulingsMessage")
        intro = QLabel(
            f"How this combat reads the places {ruleset.title} leaves open. A change applies "
            "from now on, is written in the combat log, and Ctrl+Z takes it back.", self)
        intro.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self._table(), 1)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        combat.changed.connect(self._show_values)
        self._show_values()
        # Wide enough for a description on two or three lines; short enough for 1366x768.
        self.resize(self.fontMetrics().averageCharWidth() * 120, 560)

    def _table(self) -> QScrollArea:
        body = QWidget(self)
        grid = QGridLayout(body)
        for column, title in enumerate(("Ruling", "What it decides", "Default", "This combat")):
            grid.addWidget(QLabel(f"<b>{title}</b>", body), 0, column)
        for row, spec in enumerate(self.specs(), start=1):
            grid.addWidget(QLabel(spec.label, body), row, 0)
            words = QLabel(spec.description, body)
            words.setWordWrap(True)
            grid.addWidget(words, row, 1)
            grid.addWidget(QLabel(shown(spec.default), body), row, 2)
            editor = self._editor(spec, body)
            # The editors stay narrow so the description gets the room to read in.
            editor.setMaximumWidth(self.fontMetrics().averageCharWidth() * 24)
            editor.setAccessibleName(spec.label)
            editor.setObjectName(f"ruling:{spec.name}")
            self.editors[spec.name] = editor
            grid.addWidget(editor, row, 3)
        grid.setColumnStretch(1, 1)
        grid.setRowStretch(grid.rowCount(), 1)  # rows packed at the top, room below
        grid.setHorizontalSpacing(self.fontMetrics().averageCharWidth() * 2)
        scroll = QScrollArea(self)
        scroll.setWidget(body)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        return scroll

    def specs(self) -> tuple[OptionSpec, ...]:
        """The combat's rulings, in the ruleset's order."""
        return type(self.combat.state.options).specs()

    def _editor(self, spec: OptionSpec, parent: QWidget) -> QWidget:
        if spec.kind == "switch":
            box = QCheckBox(parent)
            box.toggled.connect(lambda on, name=spec.name: self.change(name, on))
            return box
        if spec.kind == "choice":
            combo = QComboBox(parent)
            for choice in spec.choices:
                combo.addItem(shown(choice), choice)
            combo.activated.connect(
                lambda index, name=spec.name, c=combo: self.change(name, c.itemData(index)))
            return combo
        spin = QSpinBox(parent)
        low, high = spec.bounds or (0, 999)
        spin.setRange(low, high)
        spin.editingFinished.connect(lambda name=spec.name, s=spin: self.change(name, s.value()))
        return spin

    def _show_values(self) -> None:
        options = self.combat.state.options
        for name, editor in self.editors.items():
            value = getattr(options, name)
            editor.blockSignals(True)
            if isinstance(editor, QCheckBox):
                editor.setChecked(bool(value))
            elif isinstance(editor, QComboBox):
                editor.setCurrentIndex(max(0, editor.findData(value)))
            elif isinstance(editor, QSpinBox):
                editor.setValue(int(value))
            editor.blockSignals(False)

    def change(self, name: str, value: OptionValue) -> None:
        """Push one ruling change (nothing when the value is already the combat's)."""
        if getattr(self.combat.state.options, name) == value:
            return
        refusal = self.combat.push(ChangeRuling(name=name, value=value))
        if refusal is None:
            self.message.setText(f"{name.replace('_', ' ')} is now {shown(value)}.")
        else:
            self.message.setText(f"Not changed: {refusal.reason}")
            self._show_values()
