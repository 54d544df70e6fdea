"""The turn's smaller dialogs: an action slot spent or granted, a readied action, its trigger.

002 §Types of Actions gives a turn one Fast, one Move and one Standard action plus Free
ones; a Full action takes Standard and Move (or all three, by ruling). A Readied action
waits in the wheel's pocket with its trigger until the GM says the trigger happened.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget

from battlewheel.engine.core.actions import Action
from battlewheel.engine.rulesets.poolward import actions as a
from battlewheel.engine.rulesets.poolward.handlers.rounds import missing_slots, slots_left
from battlewheel.engine.rulesets.poolward.state import SLOTS, TURN_SLOTS, Fight
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets.poolward.base import PoolWardDialog

TAKE, GAIN = "take", "gain"


def slots_text(state: Fight, cid: str) -> str:
    """The turn's Fast, Move and Standard actions left."""
    who = state.fighters[cid]
    left = [f"{slot} {max(slots_left(who, slot), 0)}" for slot in TURN_SLOTS]
    return "Left this turn: " + ", ".join(left)


class UseActionDialog(PoolWardDialog):
    """The actor spends an action slot (what for, in words), or a power grants one more."""

    def __init__(self, model: CombatModel, actor: str, parent: QWidget | None = None) -> None:
        state: Fight = model.state
        super().__init__(model, f"{state.name(actor)} takes an action", parent)
        self.actor = actor
        self.mode = QComboBox(self)
        self.mode.addItem("takes an action", TAKE)
        self.mode.addItem("gains one more from a power", GAIN)
        self.slot = QComboBox(self)
        self._fill_slots(state)
        self.what = QLineEdit(self)
        self.what.setPlaceholderText("what is done: draws a potion, moves to the door…")
        self.form.addRow("&Mode:", self.mode)
        self.form.addRow("&Action:", self.slot)
        self.form.addRow("&What (or the power):", self.what)
        self.mode.currentIndexChanged.connect(self._mode_changed)
        self.slot.currentIndexChanged.connect(self.update_preview)
        self.what.textChanged.connect(self.update_preview)
        self.finish()

    def _fill_slots(self, state: Fight) -> None:
        who = state.fighters[self.actor]
        self.slot.clear()
        slots = SLOTS if self.mode.currentData() == TAKE else TURN_SLOTS
        for slot in slots:
            spent = self.mode.currentData() == TAKE and missing_slots(who, slot, state.options)
            self.slot.addItem(f"{slot} (used)" if spent else slot, slot)

    def _mode_changed(self) -> None:
        self._fill_slots(self.state)
        self.update_preview()

    def engine_actions(self) -> Sequence[Action] | None:
        slot, words = str(self.slot.currentData()), self.what.text().strip()
        if self.mode.currentData() == GAIN:
            return [a.GrantAction(self.actor, slot, words)]
        return [a.UseAction(self.actor, slot, words)]

    def preview(self, before: Fight, after: Fight) -> str:
        return f"{before.name(self.actor)}: {slots_text(before, self.actor)} → " \
               f"{slots_text(after, self.actor).removeprefix('Left this turn: ')}"


class ReadyActionDialog(PoolWardDialog):
    """The actor holds its action for a trigger; the counter waits in the wheel's pocket."""

    def __init__(self, model: CombatModel, actor: str, parent: QWidget | None = None) -> None:
        state: Fight = model.state
        super().__init__(model, f"{state.name(actor)} readies an action", parent)
        self.actor = actor
        self.trigger = QLineEdit(self)
        self.trigger.setPlaceholderText("e.g. shoots the first one through the door")
        self.form.addRow("&Trigger and action:", self.trigger)
        self.trigger.textChanged.connect(self.update_preview)
        self.finish()
        self.trigger.setFocus()

    def engine_actions(self) -> Sequence[Action] | None:
        text = self.trigger.text().strip()
        return [a.ReadyAction(self.actor, text)] if text else None

    def missing(self) -> str:
        return "Say what the action waits for and what it does."

    def preview(self, before: Fight, after: Fight) -> str:
        actor = after.actor()
        then = f"{after.name(actor)} acts next" if actor else "the round is over"
        return f"{before.name(self.actor)} waits in the pocket; {then}."


class TriggerReadiedDialog(PoolWardDialog):
    """A readied action's trigger happens: that fighter acts now, then the round goes on."""

    def __init__(self, model: CombatModel, parent: QWidget | None = None) -> None:
        super().__init__(model, "A readied action is triggered", parent)
        state = self.state
        self.who = QComboBox(self)
        for cid, trigger in state.readied.items():
            self.who.addItem(f"{state.name(cid)}: {trigger}", cid)
        self.form.addRow("&Who:", self.who)
        self.who.currentIndexChanged.connect(self.update_preview)
        self.finish()

    def engine_actions(self) -> Sequence[Action] | None:
        cid = self.who.currentData()
        return None if cid is None else [a.TriggerReadied(str(cid))]

    def missing(self) -> str:
        return "Nobody holds a readied action."

    def preview(self, before: Fight, after: Fight) -> str:
        cid = str(self.who.currentData())
        return f"{before.name(cid)} acts now; Next turn hands the round back."
