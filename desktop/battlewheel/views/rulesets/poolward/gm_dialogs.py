"""Healing, Backlash, recovery and the GM's conditions: each shows the tracks before → after.

002 §Magical/Lethal Healing: 1 Health a point, 2 Vigor a point once Health is full,
never Backlash. §Health and Vigor Recovery: a night's sleep gives 1 Health (2 with a
Medicine success), rest 1 Vigor per 15 minutes, both out of combat; Sorcerous Backlash
is kept apart and heals only naturally. The conditions (caught unaware, stabilised)
are the GM's marks, opened from a sheet's button.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox, QWidget

from battlewheel.engine.core.actions import Action
from battlewheel.engine.rulesets.poolward import actions as a
from battlewheel.engine.rulesets.poolward.state import DEAD, Fight
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.dice_entry import FaceSource
from battlewheel.views.rulesets.poolward.base import PoolWardDialog, change_line, fighter_combo
from battlewheel.views.rulesets.poolward.base_dice import dice_entry, set_pool

MOST_POINTS = 100
SLEEP, REST = "sleep", "rest"


def _points(parent: QWidget, low: int = 1, value: int = 1) -> QSpinBox:
    spin = QSpinBox(parent)
    spin.setRange(low, MOST_POINTS)
    spin.setValue(value)
    return spin


class _OneFighterDialog(PoolWardDialog):
    """A dialog about one fighter, chosen at the top (the sheet's or selected one first)."""

    def __init__(self, model: CombatModel, title: str, subject: str | None,
                 parent: QWidget | None) -> None:
        super().__init__(model, title, parent)
        self.who = fighter_combo(self.state, self, subject)
        self.form.addRow("&Who:", self.who)
        self.who.currentIndexChanged.connect(self.update_preview)

    def subject(self) -> str:
        return str(self.who.currentData())

    def preview(self, before: Fight, after: Fight) -> str:
        return change_line(before, after, self.subject())


def wounded_ally(state: Fight, healer: str | None) -> str | None:
    """Whom lethal healing is for by default: ``healer`` if wounded, else the most hurt
    living ally of theirs (a healer is most often someone else's), else ``healer``."""
    who = state.fighters.get(healer or "")
    if who is None or _hurt(state, who.id) > 0:
        return healer
    allies = [cid for cid, f in state.fighters.items() if cid != who.id
              and f.side == who.side and f.condition != DEAD and _hurt(state, cid) > 0]
    return max(allies, key=lambda cid: _hurt(state, cid), default=healer)


def _hurt(state: Fight, cid: str) -> int:
    """Health and Vigor the fighter lacks (what lethal healing gives back, 002)."""
    who = state.fighters[cid]
    return (who.block.health_max - who.health) + (who.block.vigor_max - who.vigor)


class HealDialog(_OneFighterDialog):
    """Lethal (magical) healing of some points."""

    def __init__(self, model: CombatModel, subject: str | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(model, "Lethal healing", wounded_ally(model.state, subject), parent)
        self.points = _points(self)
        self.points.setToolTip("1 Health a point; once Health is full, 2 Vigor a point")
        self.form.addRow("&Points:", self.points)
        self.points.valueChanged.connect(self.update_preview)
        self.finish()

    def engine_actions(self) -> Sequence[Action] | None:
        return [a.Heal(self.subject(), self.points.value())]


class BacklashDialog(_OneFighterDialog):
    """Sorcerous Backlash on the caster: kept apart, healed only naturally."""

    def __init__(self, model: CombatModel, subject: str | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(model, "Sorcerous Backlash", subject, parent)
        self.amount = _points(self)
        self.lethal = QCheckBox("lethal Backlash", self)
        self.form.addRow("&Amount:", self.amount)
        self.form.addRow("", self.lethal)
        self.amount.valueChanged.connect(self.update_preview)
        self.lethal.toggled.connect(self.update_preview)
        self.finish()

    def engine_actions(self) -> Sequence[Action] | None:
        return [a.Backlash(self.subject(), self.amount.value(), self.lethal.isChecked())]


class RecoveryDialog(_OneFighterDialog):
    """Out of combat: a night's sleep (with the Medicine roll if tended) or a rest."""

    def __init__(self, model: CombatModel, subject: str | None = None,
                 parent: QWidget | None = None, *, face_source: FaceSource | None = None) -> None:
        super().__init__(model, "Sleep and rest", subject, parent)
        self.kind = QComboBox(self)
        self.kind.addItem("a night's sleep (+1 Health, +2 with Medicine)", SLEEP)
        self.kind.addItem("rest (+1 Vigor per 15 minutes)", REST)
        self.tended = QCheckBox("tended: someone rolls Medicine", self)
        self.medicine_pool = _points(self, 0, 0)
        self.medicine_pool.setSuffix(" dice")
        self.medicine = dice_entry("Medicine roll", self.state.options, self,
                                   face_source=face_source, compact=True)
        self.quarters = _points(self, 1, 4)
        self.quarters.setSuffix(" of 15 minutes")
        for label, widget in (("&Recovery:", self.kind), ("", self.tended),
                              ("Medicine &pool:", self.medicine_pool), ("", self.medicine),
                              ("Rest &length:", self.quarters)):
            self.form.addRow(label, widget)
        self._connect()
        self._sync()
        self.finish()

    def _connect(self) -> None:
        self.kind.currentIndexChanged.connect(self._sync)
        self.tended.toggled.connect(self._sync)
        self.medicine_pool.valueChanged.connect(self._sync)
        self.medicine.entryChanged.connect(self.update_preview)
        self.quarters.valueChanged.connect(self.update_preview)

    def _sync(self) -> None:
        sleeping = self.kind.currentData() == SLEEP
        self.tended.setEnabled(sleeping)
        tended = sleeping and self.tended.isChecked()
        self.medicine_pool.setEnabled(tended)
        self.medicine.setEnabled(tended)
        set_pool(self.medicine, self.medicine_pool.value(), self.state.options)
        self.quarters.setEnabled(not sleeping)
        self.update_preview()

    def engine_actions(self) -> Sequence[Action] | None:
        cid = self.subject()
        if self.kind.currentData() == REST:
            return [a.Rest(cid, self.quarters.value())]
        if not self.tended.isChecked():
            return [a.Sleep(cid)]
        pool = self.medicine_pool.value()
        entry = self.medicine.entry()
        if pool > 0 and entry is None:
            return None
        return [a.Sleep(cid, entry if pool > 0 else None, pool)]

    def missing(self) -> str:
        return self.medicine.error() or "Roll Medicine, or type its successes."


class ConditionsDialog(_OneFighterDialog):
    """The GM's marks: caught unaware (flat-footed) and stabilised (bleeding stopped)."""

    def __init__(self, model: CombatModel, subject: str | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(model, "Conditions", subject, parent)
        self.flat_footed = QCheckBox("flat-footed: caught unaware (no Dodge)", self)
        self.stable = QCheckBox("stabilised: bleeding stopped", self)
        self.form.addRow("", self.flat_footed)
        self.form.addRow("", self.stable)
        self.who.currentIndexChanged.connect(self._load)
        for box in (self.flat_footed, self.stable):
            box.toggled.connect(self.update_preview)
        self._load()
        self.finish()

    def _load(self) -> None:
        who = self.state.fighters[self.subject()]
        for box, on in ((self.flat_footed, who.gm_flat_footed), (self.stable, who.stable)):
            box.blockSignals(True)
            box.setChecked(on)
            box.blockSignals(False)
        self.update_preview()

    def engine_actions(self) -> Sequence[Action] | None:
        who = self.state.fighters[self.subject()]
        changes = [a.SetCondition(who.id, name, box.isChecked())
                   for name, box, was in (("flat_footed", self.flat_footed, who.gm_flat_footed),
                                          ("stable", self.stable, who.stable))
                   if box.isChecked() != was]
        return changes or None

    def missing(self) -> str:
        return "Tick or clear a condition."

    def preview(self, before: Fight, after: Fight) -> str:
        who = after.fighters[self.subject()]
        words = [word for word, on in (("flat-footed", who.flat_footed),
                                       ("stabilised", who.stable)) if on]
        return f"{who.name}: " + (", ".join(words) if words else "no conditions")
