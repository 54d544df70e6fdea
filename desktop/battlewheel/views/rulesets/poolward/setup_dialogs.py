"""Rolling the order (ruling ``turn_order``: rolled each round or once): one row a fighter.

Seed 002 leaves the turn order open; under the rolled rulings each fighter rolls a pool
the GM chooses (Dexterity is offered) and the most successes go first, ties as they
stand (the GM drags counters to break them). Every roll entered is one ``RollOrder``;
Apply records them all as one undo step.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QHBoxLayout, QSpinBox, QWidget

from battlewheel.engine.core.actions import Action
from battlewheel.engine.rulesets.poolward import actions as a
from battlewheel.engine.rulesets.poolward.handlers.rounds import rolled_order
from battlewheel.engine.rulesets.poolward.state import Fight
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget, FaceSource, align_titles
from battlewheel.views.rulesets.poolward.base import PoolWardDialog
from battlewheel.views.rulesets.poolward.base_dice import dice_entry, set_pool

MOST_DICE = 60


class OrderRow(QWidget):
    """One fighter's pool and roll."""

    def __init__(self, state: Fight, cid: str, parent: QWidget, *,
                 face_source: FaceSource | None) -> None:
        super().__init__(parent)
        self.cid = cid
        self.pool = QSpinBox(self)
        self.pool.setRange(0, MOST_DICE)
        self.pool.setValue(state.fighters[cid].block.stat("dexterity"))
        self.pool.setToolTip("The pool the GM chose (Dexterity offered)")
        self.pool.setSuffix(" dice")
        self.dice: DiceEntryWidget = dice_entry(state.name(cid), state.options, self,
                                                face_source=face_source, compact=True)
        line = QHBoxLayout(self)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self.pool)
        line.addWidget(self.dice, 1)
        self.pool.valueChanged.connect(lambda dice: set_pool(self.dice, dice, state.options))
        set_pool(self.dice, self.pool.value(), state.options)

    def action(self) -> a.RollOrder | None:
        entry = self.dice.entry()
        return None if entry is None else a.RollOrder(self.cid, self.pool.value(), entry)


class RollOrderDialog(PoolWardDialog):
    """Everyone able to act rolls for the order; the order that follows is shown."""

    def __init__(self, model: CombatModel, parent: QWidget | None = None, *,
                 face_source: FaceSource | None = None) -> None:
        super().__init__(model, "Roll the order", parent)
        state = self.state
        able = [cid for cid in state.order if state.fighters[cid].can_act]
        self.rows = [OrderRow(state, cid, self.form_box, face_source=face_source)
                     for cid in able]
        for row in self.rows:
            self.form.addRow(row)
            row.dice.entryChanged.connect(self.update_preview)
            row.pool.valueChanged.connect(self.update_preview)
        align_titles([row.dice for row in self.rows])
        self.finish()
        self.resize(self.fontMetrics().averageCharWidth() * 110, self.sizeHint().height())

    def row(self, cid: str) -> OrderRow:
        return next(row for row in self.rows if row.cid == cid)

    def engine_actions(self) -> Sequence[Action] | None:
        rolls = [action for row in self.rows if (action := row.action()) is not None]
        return rolls or None

    def missing(self) -> str:
        return "Roll, or type each fighter's successes (Ctrl+R rolls the next row without a roll)."

    def preview(self, before: Fight, after: Fight) -> str:
        order = rolled_order(after.order, after.order_rolls)
        rolls = after.order_rolls
        named = [f"{after.name(cid)} {rolls[cid]}" if cid in rolls else
                 f"{after.name(cid)} (no roll)" for cid in order]
        when = "next round" if before.started else "the first round"
        return f"Order for {when}: " + ", ".join(named)
