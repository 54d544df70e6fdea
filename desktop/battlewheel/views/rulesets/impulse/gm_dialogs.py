"""The GM's hand on one fighter, from the sheet's button: cover, statuses, ranges, death.

Everything changed here is one undo step of logged GM edits: a situational defence set
or countered (001 §Situational Defenses, §Cover), a status ended early, the range band
to each other fighter (001 §Range Bands), and a fallen character's death, which only the
player (or the GM for an NPC) chooses (001 §Death and Dying).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QGroupBox, QLabel, QWidget

from battlewheel.engine.core.actions import Action
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse.rules import BANDS, COVER_LEVELS, EXTREME
from battlewheel.engine.rulesets.impulse.sheet import expiry
from battlewheel.engine.rulesets.impulse.state import Fighter, ImpulseCombat
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets.impulse.base import ImpulseDialog, Incomplete
from battlewheel.views.rulesets.impulse.base_fields import words


class GmEditDialog(ImpulseDialog):
    """Cover, statuses, ranges and death for the fighter ``subject``."""

    TITLE = "GM edits"
    RECORD_TEXT = "&Apply"

    def __init__(self, model: CombatModel, subject: str, parent: QWidget | None = None) -> None:
        self.subject = subject
        super().__init__(model, parent)
        self.headline.setText(f"<b>{self.who().name}</b>: the GM's hand (logged, Ctrl+Z undoes)")

    def who(self) -> Fighter:
        fighter: Fighter = self.state.combatants[self.subject]
        return fighter

    def build(self) -> None:
        who = self.who()
        form = QFormLayout()
        self.cover = QComboBox(self.form_widget)
        self.cover.addItems(list(COVER_LEVELS))
        self.cover.setCurrentText(who.cover)
        self.cover.currentIndexChanged.connect(self.refresh)
        form.addRow("&Cover:", self.cover)
        self.dies = QCheckBox("dies (the player's choice)", self.form_widget)
        self.dies.setEnabled(who.defeated and not who.gone)
        self.dies.toggled.connect(self.refresh)
        form.addRow("Fallen:", self.dies)
        self.form.addLayout(form)
        self._build_statuses(who)
        self._build_ranges()

    def _build_statuses(self, who: Fighter) -> None:
        box = QGroupBox("End a status early", self.form_widget)
        column = QFormLayout(box)
        self.clears: dict[str, QCheckBox] = {}
        for status in who.statuses:
            if status.name in self.clears:
                continue
            clear = QCheckBox(f"{words(status.name)} (ends {expiry(self.state, status)})", box)
            clear.toggled.connect(self.refresh)
            column.addRow(clear)
            self.clears[status.name] = clear
        if not self.clears:
            column.addRow(QLabel("no statuses", box))
        self.form.addWidget(box)

    def _build_ranges(self) -> None:
        state: ImpulseCombat = self.state
        box = QGroupBox("Range bands", self.form_widget)
        form = QFormLayout(box)
        self.bands: dict[str, QComboBox] = {}
        for cid, other in state.combatants.items():
            if cid == self.subject or other.gone:
                continue
            band = QComboBox(box)
            band.addItems(list(BANDS[:EXTREME]))
            now = state.band(self.subject, cid)
            if now == EXTREME:
                band.addItem(BANDS[EXTREME])
                band.setEnabled(False)  # a reinforcement in reserve: the engine brings it in
            band.setCurrentText(BANDS[now])
            band.currentIndexChanged.connect(self.refresh)
            form.addRow(f"{other.name}:", band)
            self.bands[cid] = band
        self.form.addWidget(box)

    def engine_actions(self) -> list[Action]:
        state: ImpulseCombat = self.state
        who = self.who()
        found: list[Action] = []
        if self.cover.currentText() != who.cover:
            found.append(a.SetCover(self.subject, self.cover.currentText()))
        found += [a.ClearStatus(self.subject, n) for n, c in self.clears.items() if c.isChecked()]
        for cid, band in self.bands.items():
            if band.isEnabled() and band.currentText() != BANDS[state.band(self.subject, cid)]:
                found.append(a.SetRange(self.subject, cid, band.currentText()))
        if self.dies.isChecked():
            found.append(a.ChooseDeath(self.subject))
        if not found:
            raise Incomplete("Change something to apply.")
        return found

    def steps(self, after: Any | None) -> list[str]:
        try:
            found = self.engine_actions()
        except Incomplete:
            return []
        names = self.model.session.ruleset.names(self.state)
        return [action.sentence(names) for action in found]
