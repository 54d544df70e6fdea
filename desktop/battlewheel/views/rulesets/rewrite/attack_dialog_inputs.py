"""Steps 1 and 2 of an attack as forms: what the attacker and the defender declare.

Each form reads back the engine's values (``AttackCharms``, ``Defence``) that the
``ResolveAttack`` action carries (000 §Declaration of Attack, §Declaration of Defence).
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.rulesets.rewrite.actions import AttackCharms, Defence
from battlewheel.engine.rulesets.rewrite.rules.attack import best_dv
from battlewheel.engine.rulesets.rewrite.rules.charms import PERFECT_DEFENCES

PERFECT_NAMES = {
    "seven_shadows_evasion": "Seven Shadows Evasion",
    "heavenly_guardian_defense": "Heavenly Guardian Defense",
}


def _spin(parent: QWidget, high: int, tip: str) -> QSpinBox:
    spin = QSpinBox(parent)
    spin.setRange(0, high)
    spin.setToolTip(tip)
    return spin


def _reward_choice(parent: QWidget) -> QComboBox:
    combo = QComboBox(parent)
    combo.addItem("motes (2 per die)", "motes")
    combo.addItem("1 Willpower (2-3 die stunts)", "willpower")
    combo.setToolTip("What the stunt earns, granted when the DV refreshes (004 §Stunts)")
    return combo


def dv_label(name: str) -> str:
    """``dodge`` → ``Dodge``; ``parry:Straight sword`` → ``Parry (Straight sword)``."""
    kind, _, weapon = name.partition(":")
    return "Dodge" if kind == "dodge" else f"Parry ({weapon})"


class Extras(QWidget):
    """A tick box that shows further rows only when ticked: charms are the rare case."""

    toggled = Signal(bool)

    def __init__(self, title: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.switch = QCheckBox(title, self)
        self._body = QWidget(self)
        self._form = QFormLayout(self._body)
        self._form.setContentsMargins(self.fontMetrics().averageCharWidth() * 3, 0, 0, 0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.switch)
        layout.addWidget(self._body)
        self._body.setVisible(False)
        self.switch.toggled.connect(self._body.setVisible)
        self.switch.toggled.connect(self.toggled)

    def add_row(self, label: str | QWidget, field: QWidget | None = None) -> None:
        if isinstance(label, QWidget):
            self._form.addRow(label)
        elif field is not None:
            self._form.addRow(label, field)


class AttackForm(QGroupBox):
    """Step 1: stunt, Willpower, specialty, Excellencies and other attack charms."""

    changed = Signal()

    def __init__(self, specialties: Mapping[str, int], parent: QWidget | None = None) -> None:
        super().__init__("1. The attacker declares", parent)
        self.stunt = _spin(self, 3, "Stunt rating 0-3: its dice are rolled with the attack")
        self.reward = _reward_choice(self)
        self.willpower = QCheckBox("Spend 1 &Willpower (+1 automatic success)", self)
        self.specialty = QComboBox(self)
        self.specialty.addItem("none", None)
        for name, dots in specialties.items():
            self.specialty.addItem(f"{name} (+{dots})", name)
        self.charm_dice = _spin(self, 30, "First Excellency: dice bought with motes")
        self.charm_successes = _spin(self, 30, "Second Excellency: automatic successes")
        self.reroll = QCheckBox("Third Excellency: reroll and keep the better", self)
        self.charm_levels = _spin(self, 30, "Extra damage levels from charms")
        self.external = _spin(self, 30, "External penalty taken off the successes")
        self.no_dodge = QCheckBox("Dodge is inapplicable", self)
        self.no_parry = QCheckBox("Parry is inapplicable", self)
        self.unexpected = QCheckBox("Unexpected attack", self)
        form = QFormLayout(self)
        form.addRow("&Stunt:", self.stunt)
        form.addRow("Stunt reward:", self.reward)
        form.addRow(self.willpower)
        form.addRow("Speciali&ty:", self.specialty)
        form.addRow("External penalty:", self.external)
        self.extras = Extras("&Charms and special rules", self)
        self.extras.add_row("Charm dice:", self.charm_dice)
        self.extras.add_row("Charm successes:", self.charm_successes)
        self.extras.add_row(self.reroll)
        self.extras.add_row("Charm levels:", self.charm_levels)
        for box in (self.no_dodge, self.no_parry, self.unexpected):
            self.extras.add_row(box)
        form.addRow(self.extras)
        for spin in (self.stunt, self.charm_dice, self.charm_successes, self.charm_levels,
                     self.external):
            spin.valueChanged.connect(self.changed)
        for check in (self.willpower, self.reroll, self.no_dodge, self.no_parry, self.unexpected):
            check.toggled.connect(self.changed)
        self.specialty.currentIndexChanged.connect(self.changed)
        self.reward.currentIndexChanged.connect(self.changed)

    def inapplicable(self) -> tuple[str, ...]:
        """The DV kinds this attack makes inapplicable."""
        pairs = (("dodge", self.no_dodge), ("parry", self.no_parry))
        return tuple(kind for kind, box in pairs if box.isChecked())

    def charms(self) -> AttackCharms:
        """The attack's charms as the action carries them."""
        return AttackCharms(
            charm_dice=self.charm_dice.value(),
            charm_successes=self.charm_successes.value(),
            reroll=self.reroll.isChecked(),
            charm_levels=self.charm_levels.value(),
            inapplicable_dvs=self.inapplicable(),
            unexpected=self.unexpected.isChecked(),
        )

    def chosen_specialty(self) -> str | None:
        value = self.specialty.currentData()
        return None if value is None else str(value)


class DefenceForm(QGroupBox):
    """Step 2: the DV chosen (the best one suggested), stunt, virtue dice and charms."""

    changed = Signal()

    def __init__(self, dvs: Mapping[str, int], parent: QWidget | None = None) -> None:
        super().__init__("2. The defender declares", parent)
        self._dvs = dict(dvs)
        self.dv = QComboBox(self)
        self.stunt = _spin(self, 3, "Defender's stunt rating: added straight to the DV")
        self.reward = _reward_choice(self)
        self.virtue_dice = _spin(self, 10, "Dice from channelling a Virtue; successes add to DV")
        self.charm_bonus = _spin(self, 30, "DV bought from charms (Excellencies)")
        self.charm_dice = _spin(self, 30, "Dice from defensive charms; successes add to DV")
        self.perfect = QComboBox(self)
        self.perfect.addItem("none", None)
        for name in PERFECT_DEFENCES:
            self.perfect.addItem(PERFECT_NAMES.get(name, name), name)
        self.adamant = QCheckBox("Adamant Skin at step 8", self)
        self.meets = QLabel(self)
        self.meets.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow("&DV:", self.dv)
        form.addRow(self.meets)
        form.addRow("Stunt:", self.stunt)
        form.addRow("Stunt reward:", self.reward)
        form.addRow("&Virtue dice:", self.virtue_dice)
        self.extras = Extras("C&harms", self)
        self.extras.add_row("Charm DV:", self.charm_bonus)
        self.extras.add_row("Charm dice:", self.charm_dice)
        self.extras.add_row("&Perfect defence:", self.perfect)
        self.extras.add_row(self.adamant)
        form.addRow(self.extras)
        self.suggest(())
        self.dv.currentIndexChanged.connect(self.changed)
        for spin in (self.stunt, self.virtue_dice, self.charm_bonus, self.charm_dice):
            spin.valueChanged.connect(self.changed)
        self.perfect.currentIndexChanged.connect(self.changed)
        self.reward.currentIndexChanged.connect(self.changed)
        self.adamant.toggled.connect(self.changed)

    def suggest(self, inapplicable: tuple[str, ...]) -> str:
        """Relist the DVs with the best marked and chosen (000 §Apply Defences)."""
        best = best_dv(self._dvs, frozenset(inapplicable))
        self.dv.blockSignals(True)
        self.dv.clear()
        for name, value in self._dvs.items():
            shown = 0 if name.partition(":")[0] in inapplicable else value
            mark = "  ★ best" if name == best else ""
            self.dv.addItem(f"{dv_label(name)} {shown}{mark}", name)
        self.dv.setCurrentIndex(self.dv.findData(best))
        self.dv.blockSignals(False)
        return best

    def set_dvs(self, dvs: Mapping[str, int], inapplicable: tuple[str, ...]) -> None:
        """Offer another defender's DVs (an attack turned on a Blocker, 000 §Block)."""
        if dict(dvs) == self._dvs:
            return
        self._dvs = dict(dvs)
        self.suggest(inapplicable)
        self.changed.emit()

    def chosen_dv(self) -> str:
        return str(self.dv.currentData())

    def defence(self) -> Defence:
        """The defence as the action carries it."""
        perfect = self.perfect.currentData()
        return Defence(
            dv=self.chosen_dv(),
            stunt=self.stunt.value(),
            virtue_dice=self.virtue_dice.value(),
            charm_dice=self.charm_dice.value(),
            charm_dv_bonus=self.charm_bonus.value(),
            perfect_defence=None if perfect is None else str(perfect),
            adamant_skin=self.adamant.isChecked(),
        )
