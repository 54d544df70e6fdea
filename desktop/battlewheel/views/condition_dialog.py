"""Combat > Add condition: the GM lays a condition on any combatant, as one undo step.

A condition is a few words ("Prone", "Blinded by sand"), an optional dice modifier to
the combatant's attack pools and defence modifier to the defence attacks on it meet,
and how long it lasts: until removed, a number of the system's units (2e ticks,
rounds elsewhere), or until the end of the combatant's next action. The dialog reads
the ruleset's interface only (its unit of time and its combatants), so every system
gets the same dialog; the engine checks the condition and ends it when its time is up.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core.conditions import (
    COUNT_RANGE,
    MODIFIER_RANGE,
    NEXT_ACTION,
    NO_EXPIRY,
    TEXT_LONGEST,
    AddCondition,
    Condition,
)
from battlewheel.engine.core.contract import ConditionsSection
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.buttons import ok_cancel
from battlewheel.views.menu_text import menu_text
from battlewheel.views.refusals import show_on
from battlewheel.views.theme import tint


def _modifier_box(parent: QWidget, what: str) -> QSpinBox:
    box = QSpinBox(parent)
    box.setRange(*MODIFIER_RANGE)
    box.setSpecialValueText("none")  # 0 reads "none", not a modifier of zero
    box.setToolTip(f"Added to {what}; negative for a penalty")
    return box


class ConditionDialog(QDialog):
    """Words, modifiers and expiry for one combatant's new condition."""

    def __init__(self, model: CombatModel, combatant_id: str | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from battlewheel.views.dialogs.on_screen import keep_on_screen_while_open

        keep_on_screen_while_open(self)  # issue 35: a 1366x768 screen, buttons in sight
        self.model = model
        self.unit = model.session.ruleset.condition_unit
        self.setWindowTitle("Add a condition")
        self.who = QComboBox(self)
        for cid in model.combatant_ids():
            self.who.addItem(model.name(cid), cid)
        if combatant_id is not None and self.who.findData(combatant_id) >= 0:
            self.who.setCurrentIndex(self.who.findData(combatant_id))
        self.text = QLineEdit(self)
        self.text.setMaxLength(TEXT_LONGEST)
        self.text.setPlaceholderText("Prone, Blinded by sand, Inspired…")
        self.dice = _modifier_box(self, "this combatant's attack pools (dice)")
        self.defence = _modifier_box(self, "the defence attacks on this combatant meet")
        self.expiry = QComboBox(self)
        for label, key in (("until removed", NO_EXPIRY),
                           (f"for a number of {self.unit}", self.unit),
                           ("until the end of their next action", NEXT_ACTION)):
            self.expiry.addItem(label, key)
        self.count = QSpinBox(self)
        self.count.setRange(*COUNT_RANGE)
        self.count.setSuffix(f" {self.unit}")
        self.expiry.currentIndexChanged.connect(self._expiry_changed)
        self.message = QLabel(self)
        self.message.setObjectName("conditionMessage")
        self.message.setWordWrap(True)
        tint(self.message, "refusal")
        # Room for the message is kept from the start, so no row moves when one appears.
        self.message.setMinimumHeight(self.fontMetrics().lineSpacing() * 2)
        self._lay_out()
        self._expiry_changed()
        self.text.setFocus()

    def _lay_out(self) -> None:
        form = QFormLayout()
        form.addRow("&Combatant:", self.who)
        form.addRow("&Words:", self.text)
        form.addRow("&Dice modifier:", self.dice)
        form.addRow("D&efence modifier:", self.defence)
        form.addRow("&Lasts:", self.expiry)
        form.addRow("&How long:", self.count)
        buttons, _ok = ok_cancel(self, "&Add")
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.who.setEnabled(self.who.count() > 1)

    def _expiry_changed(self) -> None:
        self.count.setEnabled(self.expiry.currentData() == self.unit)

    def condition(self) -> Condition:
        """The condition as the fields stand."""
        expiry = str(self.expiry.currentData())
        return Condition(self.text.text().strip(), dice=self.dice.value(),
                         defence=self.defence.value(), expiry=expiry,
                         count=self.count.value() if expiry == self.unit else 0)

    def action(self) -> AddCondition | None:
        """The action the dialog would push (None when there is nobody to choose)."""
        cid = self.who.currentData()
        return None if cid is None else AddCondition(str(cid), self.condition())

    def accept(self) -> None:
        """Push the condition as one undo step; a refusal is said here and nothing changes."""
        action = self.action()
        if action is None:
            show_on(self.message, "There is nobody in this fight to lay a condition on.")
            return
        refusal = self.model.session.refusal(action)
        if refusal is None:
            refusal = self.model.push(action)
        show_on(self.message, refusal)
        if refusal is None:
            super().accept()


def open_condition_dialog(model: CombatModel, combatant_id: str | None,
                          parent: QWidget) -> ConditionDialog:
    """Open the dialog (window-modal, deleted when closed) for one combatant or the first."""
    dialog = ConditionDialog(model, combatant_id, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog


def counter_menu(model: CombatModel, combatant_id: str, parent: QWidget) -> QMenu:
    """A counter's right-click menu: add a condition, or remove one it wears."""
    menu = QMenu(parent)
    menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    menu.addAction("Add cond&ition\u2026",
                   lambda: open_condition_dialog(model, combatant_id, parent))
    sheet = model.session.ruleset.sheet(model.state, combatant_id)
    for section in sheet.sections:
        if isinstance(section, ConditionsSection):
            for line in section.lines:
                remove = menu.addAction(f"Remove \u201c{menu_text(line.text)}\u201d")
                remove.triggered.connect(partial(model.push, line.remove))
    return menu
