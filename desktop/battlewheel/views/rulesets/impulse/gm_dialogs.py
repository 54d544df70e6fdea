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
        return self.action_sentences()


class RangeBandsDialog(ImpulseDialog):
    """Combat > Range bands… (Ctrl+Shift+B): one band between one fighter and several others.

    Issue 35: the bands were set only in a fighter's GM edits, one combo per pair (14
    actions to put an archer at medium range of four foes). Here the fighter is chosen
    (the selected counter, else the one acting), then the band, and the others it applies
    to are ticked (its foes, at first); Ctrl+Return sets every ticked pair as one undo step.
    """

    TITLE = "Range bands"
    RECORD_TEXT = "&Set the bands"

    def __init__(self, model: CombatModel, subject: str | None = None,
                 parent: QWidget | None = None) -> None:
        self.chosen_first = subject
        super().__init__(model, parent)
        self.headline.setText("One range band between a fighter and each fighter ticked "
                              "(logged, one Ctrl+Z undoes them all)")

    def build(self) -> None:
        state: ImpulseCombat = self.state
        form = QFormLayout()
        self.fighter = QComboBox(self.form_widget)
        self.fighter.setObjectName("rangeFighter")
        for cid in self._placeable():
            self.fighter.addItem(state.combatants[cid].name, cid)
        start = self.chosen_first if self.chosen_first in self._placeable() else state.acting_id()
        self.fighter.setCurrentIndex(max(0, self.fighter.findData(start)))
        form.addRow("&Fighter:", self.fighter)
        self.band = QComboBox(self.form_widget)
        self.band.setObjectName("rangeBand")
        self.band.addItems(list(BANDS[:EXTREME]))  # a band's first letter picks it
        self.band.setCurrentText("short")
        form.addRow("&Band:", self.band)
        self.form.addLayout(form)
        self.others_box = QGroupBox("To each of (Space ticks)", self.form_widget)
        self.others_form = QFormLayout(self.others_box)
        self.form.addWidget(self.others_box)
        self.ticks: dict[str, QCheckBox] = {}
        self._fill_others()
        self.fighter.currentIndexChanged.connect(self._fighter_changed)
        self.band.currentIndexChanged.connect(self.refresh)

    def first_field(self) -> QWidget | None:
        return self.band  # the fighter is usually the one selected: the band comes first

    def _placeable(self) -> list[str]:
        """Fighters on the field (not gone, not a reinforcement still in reserve)."""
        state: ImpulseCombat = self.state
        return [cid for cid, who in state.combatants.items()
                if not who.gone and not state.in_reserve(cid)]

    def subject(self) -> str:
        return str(self.fighter.currentData())

    def _fill_others(self) -> None:
        state: ImpulseCombat = self.state
        while self.others_form.rowCount():
            self.others_form.removeRow(0)
        self.ticks = {}
        subject = self.subject()
        side = state.combatants[subject].side if subject in state.combatants else ""
        for cid in self._placeable():
            if cid == subject:
                continue
            other = state.combatants[cid]
            now = BANDS[state.band(subject, cid)]
            tick = QCheckBox(f"{other.name} (now {now})", self.others_box)
            tick.setChecked(other.side != side)  # the foes, as a GM places an archer
            tick.toggled.connect(self.refresh)
            self.others_form.addRow(tick)
            self.ticks[cid] = tick

    def _fighter_changed(self) -> None:
        self._fill_others()
        self.refresh()

    def engine_actions(self) -> list[Action]:
        state: ImpulseCombat = self.state
        subject, band = self.subject(), self.band.currentText()
        ticked = [cid for cid, tick in self.ticks.items() if tick.isChecked()]
        if not ticked:
            raise Incomplete("Tick the fighters the band is to.")
        found: list[Action] = [a.SetRange(subject, cid, band) for cid in ticked
                               if BANDS[state.band(subject, cid)] != band]
        if not found:
            raise Incomplete(f"Every fighter ticked is at {band} range already.")
        return found

    def steps(self, after: Any | None) -> list[str]:
        return self.action_sentences()
