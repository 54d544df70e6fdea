"""The attack dialog's inputs: target, weapon or spell, and the GM's situational calls.

Only the inputs that can matter for the chosen attack are open: cover against ranged
(and, by ruling, thrown) attacks, Steady Shot for a bow, the defence terms a spell
meets (002 §Attack Roll Dice Pools, §Defense Terminology).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QSpinBox,
    QWidget,
)

from battlewheel.engine.rulesets.poolward import actions as a
from battlewheel.engine.rulesets.poolward.block import RANGED, AttackProfile
from battlewheel.engine.rulesets.poolward.handlers.attack import takes_cover
from battlewheel.engine.rulesets.poolward.rules.pool import (
    COVER_DICE,
    FULL_COVER,
    NO_COVER,
    PHYSICAL,
)
from battlewheel.engine.rulesets.poolward.state import DEAD, FULL, STANDARD, UP, Fight

COVER_WORDS = {**{level: f"{level} (-{dice})" if dice else "none"
                  for level, dice in COVER_DICE.items()},
               FULL_COVER: "full (cannot be attacked directly)"}


def targets_for(state: Fight, attacker: str) -> list[str]:
    """Everyone the attacker could strike: standing foes first (the default is the first
    of them), then downed foes, then the attacker's own side."""
    side = state.fighters[attacker].side
    others = [cid for cid in state.order if cid != attacker
              and state.fighters[cid].condition != DEAD]
    return sorted(others, key=lambda cid: (state.fighters[cid].side == side,
                                           state.fighters[cid].condition != UP))


class AttackInputs(QWidget):
    """The form rows of one attack; ``changed`` whenever any of them changes."""

    changed = Signal()

    def __init__(self, state: Fight, attacker: str, form: QFormLayout,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.attacker = attacker
        self._profiles = state.fighters[attacker].block.attacks
        self._options = state.options
        self._build(state)
        self._rows(form)
        self._connect()
        self._sync_kind()

    def _build(self, state: Fight) -> None:
        self.target = QComboBox(self)
        for cid in targets_for(state, self.attacker):
            self.target.addItem(state.name(cid), cid)
        self.weapon = QComboBox(self)
        for profile in self._profiles:
            self.weapon.addItem(f"{profile.name} ({profile.kind})", profile.name)
        self.slot = QComboBox(self)
        self.slot.addItem("standard action", STANDARD)
        self.slot.addItem("full action", FULL)
        self.extra = _spin(self, -20, 20, "Situational dice the GM adds or takes away")
        self.ignore_dodge = _spin(self, 0, 20, "Dodge this attack ignores (a power, an angle)")
        self.steady_shot = QCheckBox("Steady Shot (full action, ignores 3 Dodge)", self)
        self.shield_facing = QCheckBox("the target's shield faces this attack", self)
        self.shield_facing.setChecked(True)
        self.cover = QComboBox(self)
        for level, words in COVER_WORDS.items():
            self.cover.addItem(words, level)
        self.meets = {term: QCheckBox(term, self) for term in PHYSICAL}
        for box in self.meets.values():
            box.setChecked(True)
        self.mortal = QCheckBox("Mortal: the source is inimical to the target (damage x2)", self)

    def _rows(self, form: QFormLayout) -> None:
        form.addRow("&Target:", self.target)
        form.addRow("&Weapon or spell:", self.weapon)
        form.addRow("Takes a:", self.slot)
        form.addRow("Situational &dice:", self.extra)
        form.addRow("&Ignore Dodge:", self.ignore_dodge)
        form.addRow("", self.steady_shot)
        form.addRow("", self.shield_facing)
        form.addRow("&Cover:", self.cover)
        meets = QWidget(self)
        line = QHBoxLayout(meets)
        line.setContentsMargins(0, 0, 0, 0)
        for box in self.meets.values():
            line.addWidget(box)
        line.addStretch(1)
        meets.setToolTip("The defence terms a spell must get past (the GM rules which)")
        self.meets_row = meets
        form.addRow("Meets:", meets)
        form.addRow("", self.mortal)

    def _connect(self) -> None:
        for combo in (self.target, self.weapon, self.slot, self.cover):
            combo.currentIndexChanged.connect(self.changed)
        self.weapon.currentIndexChanged.connect(self._sync_kind)
        for spin in (self.extra, self.ignore_dodge):
            spin.valueChanged.connect(self.changed)
        for box in (self.steady_shot, self.shield_facing, self.mortal, *self.meets.values()):
            box.toggled.connect(self.changed)

    def _sync_kind(self) -> None:
        """Open only what the chosen attack can use; reset what it cannot."""
        profile = self.profile()
        ranged = profile is not None and profile.kind == RANGED
        covered = profile is not None and takes_cover(profile, self._options)
        spell = profile is not None and profile.is_spell
        self.steady_shot.setEnabled(ranged)
        if not ranged:
            self.steady_shot.setChecked(False)
        self.cover.setEnabled(covered)
        if not covered:
            self.cover.setCurrentIndex(self.cover.findData(NO_COVER))
        self.meets_row.setEnabled(spell)
        if not spell:
            for box in self.meets.values():
                box.setChecked(True)

    # -- reading ---------------------------------------------------------------------
    def profile(self) -> AttackProfile | None:
        """The weapon or spell chosen (None when the sheet has none)."""
        name = self.weapon.currentData()
        return next((p for p in self._profiles if p.name == name), None)

    def target_id(self) -> str | None:
        data = self.target.currentData()
        return str(data) if data is not None else None

    def action(self) -> a.Attack | None:
        """The attack as filled in, without its roll (None: no target or no weapon)."""
        target, profile = self.target_id(), self.profile()
        if target is None or profile is None:
            return None
        return a.Attack(
            attacker=self.attacker, target=target, attack=profile.name,
            slot=str(self.slot.currentData()), extra_dice=self.extra.value(),
            ignore_dodge=self.ignore_dodge.value(), steady_shot=self.steady_shot.isChecked(),
            shield_facing=self.shield_facing.isChecked(), cover=str(self.cover.currentData()),
            meets=tuple(term for term, box in self.meets.items() if box.isChecked()),
            mortal=self.mortal.isChecked(),
        )


def _spin(parent: QWidget, low: int, high: int, tip: str) -> QSpinBox:
    spin = QSpinBox(parent)
    spin.setRange(low, high)
    spin.setToolTip(tip)
    return spin
