"""The GM override dialog: set a derived value by hand, with the reason the sheet shows.

Overrides are the GM's rulings over the computed values (a blessed blade's parry, a
charm's soak). The dialog only builds the ``SetOverride`` action; the sheet dock
pushes it through the undo stack, and the engine refuses an override without a reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.rulesets.rewrite.actions import SetOverride
from battlewheel.engine.rulesets.rewrite.block import (
    DamageType,
    dodge_dv,
    hardness,
    parry_dv,
    soak,
)
from battlewheel.engine.rulesets.rewrite.block import surprise_detection_value as sheet_sdv
from battlewheel.engine.rulesets.rewrite.rules import values
from battlewheel.engine.rulesets.rewrite.state import Combatant
from battlewheel.views.dialogs.buttons import ok_cancel


@dataclass(frozen=True)
class OverrideChoice:
    """One value the GM may override: its key, how the sheet names it, what it is now."""

    key: str
    label: str
    current: int
    reason: str | None = None

    @property
    def overridden(self) -> bool:
        return self.reason is not None


def _sheet_choice(who: Combatant, key: str, label: str, value: int) -> OverrideChoice:
    found = who.character.overrides.get(key)
    return OverrideChoice(key, label, value, None if found is None else found.reason)


def _fight_choice(who: Combatant, key: str, label: str, value: int) -> OverrideChoice:
    found = who.override(key)
    return OverrideChoice(key, label, value, None if found is None else found.reason)


def override_choices(who: Combatant) -> list[OverrideChoice]:
    """Every value of this combatant the GM may override, with its value now."""
    character = who.character
    choices = [_sheet_choice(who, "dodge_dv", "Dodge DV", dodge_dv(character).value)]
    for weapon in character.weapons:
        if weapon.can_parry:
            value = parry_dv(character, weapon).value
            choices.append(_sheet_choice(who, f"parry_dv:{weapon.name}",
                                         f"Parry ({weapon.name})", value))
    for kind in DamageType:
        choices.append(_sheet_choice(who, f"soak:{kind.word}", f"Soak ({kind.word})",
                                     soak(character, kind).value))
    for kind in DamageType:
        choices.append(_sheet_choice(who, f"hardness:{kind.word}", f"Hardness ({kind.word})",
                                     hardness(character, kind).value))
    choices.append(_sheet_choice(who, "surprise_detection_value", "SDV",
                                 sheet_sdv(character).value))
    choices += [
        _fight_choice(who, "movement", "Movement (yards per tick)", values.movement(who)),
        _fight_choice(who, "willpower_rating", "Willpower rating", values.willpower_rating(who)),
        _fight_choice(who, "personal_motes_pool", "Personal motes pool",
                      values.mote_pool_size(who, "personal")),
        _fight_choice(who, "peripheral_motes_pool", "Peripheral motes pool",
                      values.mote_pool_size(who, "peripheral")),
    ]
    return choices


class OverrideDialog(QDialog):
    """Choose a value, give the number and the reason; or clear an override."""

    def __init__(self, who: Combatant, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from battlewheel.views.dialogs.on_screen import keep_on_screen_while_open

        keep_on_screen_while_open(self)  # issue 35: a 1366x768 screen, buttons in sight
        self.setWindowTitle(f"GM override: {who.name}")
        self.combatant_id = who.id
        self.choices = override_choices(who)
        self._clear = False
        self.field = QComboBox(self)
        for choice in self.choices:
            mark = "  (overridden)" if choice.overridden else ""
            self.field.addItem(f"{choice.label}: {choice.current}{mark}", choice.key)
        self.value = QSpinBox(self)
        self.value.setRange(0, 999)
        self.reason = QLineEdit(self)
        self.reason.setPlaceholderText("why, e.g. 'blessed blade' (shown on the sheet)")
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        buttons, _ok = ok_cancel(self, "&Set override")
        self.clear_button = QPushButton("&Clear override", self)
        buttons.addButton(self.clear_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.clear_button.clicked.connect(self._clear_chosen)
        form = QFormLayout()
        form.addRow("&Value:", self.field)
        form.addRow("&New value:", self.value)
        form.addRow("&Reason:", self.reason)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addWidget(buttons)
        self.field.currentIndexChanged.connect(self._chosen_changed)
        self._chosen_changed()

    def chosen(self) -> OverrideChoice:
        return self.choices[max(self.field.currentIndex(), 0)]

    def choose(self, key: str) -> None:
        """Select the value with ``key`` (used when the sheet asks for one directly)."""
        index = self.field.findData(key)
        if index >= 0:
            self.field.setCurrentIndex(index)

    def _chosen_changed(self) -> None:
        choice = self.chosen()
        self.value.setValue(choice.current)
        self.reason.setText(choice.reason or "")
        self.clear_button.setEnabled(choice.overridden)
        self.note.setText(f"Now {choice.current}" + (f", set by the GM: {choice.reason}"
                                                      if choice.overridden else ", as computed"))

    def _clear_chosen(self) -> None:
        self._clear = True
        self.accept()

    def action(self) -> SetOverride:
        """The override as chosen (value None clears it)."""
        choice = self.chosen()
        if self._clear:
            return SetOverride(self.combatant_id, choice.key, None)
        return SetOverride(self.combatant_id, choice.key, self.value.value(),
                           self.reason.text().strip())
