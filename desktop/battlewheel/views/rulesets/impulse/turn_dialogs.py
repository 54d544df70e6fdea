"""The turn's smaller steps: Hold, firing a hold, Change Initiative, a villain's escape.

Each says its cost and what changes before anything does (001 §Holding Action,
§Change Initiative, §Recurring Antagonist Defeat).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QWidget,
)

from battlewheel.engine.core.actions import Action
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse.rules import HOLD_COST, change_cost
from battlewheel.engine.rulesets.impulse.state import Fighter, ImpulseCombat
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets.impulse.base import ImpulseDialog, Incomplete
from battlewheel.views.rulesets.impulse.base_fields import fighter_combo

ORDER_MOST = 99


class HoldDialog(ImpulseDialog):
    """Spend 2 Impulse now and wait for a trigger named in words (001 §Holding Action)."""

    TITLE = "Hold action"
    RECORD_TEXT = "&Hold"

    def __init__(self, model: CombatModel, parent: QWidget | None = None) -> None:
        self.actor_id = str(model.state.acting_id())
        super().__init__(model, parent)
        self.headline.setText(f"<b>{self.state.name(self.actor_id)}</b> holds their action")
        self.trigger.setFocus()

    def build(self) -> None:
        self.trigger = QLineEdit(self.form_widget)
        self.trigger.setPlaceholderText("e.g. the archer looses an arrow")
        self.trigger.textChanged.connect(self.refresh)
        form = QFormLayout()
        form.addRow("&Trigger:", self.trigger)
        self.form.addLayout(form)

    def engine_actions(self) -> list[Action]:
        if not self.trigger.text().strip():
            raise Incomplete("Name the trigger the held action waits for.")
        return [a.HoldAction(self.actor_id, self.trigger.text().strip())]

    def steps(self, after: Any | None) -> list[str]:
        impulse = self.state.combatants[self.actor_id].impulse
        return [
            f"Cost: {HOLD_COST} Impulse now: {impulse} \u2192 {impulse - HOLD_COST}",
            "The counter waits in the pocket; Fire a held action (Shift+H) when the trigger "
            "comes, before or after it.",
            f"If the trigger never comes this round: {HOLD_COST} Impulse back and no action.",
        ]


class FireHoldDialog(ImpulseDialog):
    """The trigger came: the held counter acts now, before or after it."""

    TITLE = "Fire a held action"
    RECORD_TEXT = "&Act now"

    def build(self) -> None:
        state: ImpulseCombat = self.state
        holders = [cid for cid, f in state.combatants.items()
                   if f.hold is not None and not f.hold.after_turn]
        self.holder = fighter_combo(self.form_widget, state, holders)
        # The holder's choice (001 §Holding Action): before the trigger, acting now; after
        # it, once the turn it comes in ends; or now, the trigger already entered.
        self.before = QRadioButton("&before the trigger", self.form_widget)
        self.after_turn = QRadioButton("after it, when this &turn ends", self.form_widget)
        self.after = QRadioButton("&after it (already entered)", self.form_widget)
        self.before.setChecked(True)
        timing = QButtonGroup(self)
        row = QHBoxLayout()
        for button in (self.before, self.after_turn, self.after):
            timing.addButton(button)
            row.addWidget(button)
            button.toggled.connect(self.refresh)
        form = QFormLayout()
        form.addRow("&Who:", self.holder)
        form.addRow("Acts:", row)
        self.form.addLayout(form)
        self.holder.currentIndexChanged.connect(self.refresh)

    def engine_actions(self) -> list[Action]:
        if not self.holder.count():
            raise Incomplete("Nobody is holding an action.")
        timing = ("before" if self.before.isChecked()
                  else "after_turn" if self.after_turn.isChecked() else "after")
        return [a.FireHold(str(self.holder.currentData()), timing)]

    def steps(self, after: Any | None) -> list[str]:
        if not self.holder.count():
            return []
        who: Fighter = self.state.combatants[str(self.holder.currentData())]
        trigger = who.hold.trigger if who.hold else ""
        if self.after_turn.isChecked():
            then = ("The held counter takes its turn as soon as the turn in progress ends; "
                    "then the order goes on.")
        else:
            then = ("The held counter takes its turn now; ending it hands play back to the "
                    "turn it interrupted.")
        return [
            f"Waiting for: {trigger}",
            "No cost now (the 2 Impulse were paid when the action was held).",
            then,
        ]


class ChangeInitiativeDialog(ImpulseDialog):
    """A new order value from next round: +1 per Impulse, lowering free (001 §Change Initiative)."""

    TITLE = "Change Initiative"
    RECORD_TEXT = "&Change"

    def build(self) -> None:
        state: ImpulseCombat = self.state
        self.counter = QComboBox(self.form_widget)
        for cid in self._changers():
            who = state.combatants[cid]
            for index, value in enumerate(who.next_orders):
                label = who.name if index == 0 else f"{who.name} (action {index + 1})"
                self.counter.addItem(f"{label}: order {value}", (cid, index))
        self.value = QSpinBox(self.form_widget)
        self.value.setRange(0, ORDER_MOST)
        form = QFormLayout()
        form.addRow("&Counter:", self.counter)
        form.addRow("New order &value:", self.value)
        self.form.addLayout(form)
        self._follow_counter()
        self.counter.currentIndexChanged.connect(self._follow_counter)
        self.value.valueChanged.connect(self.refresh)
        self.value.selectAll()

    def first_field(self) -> QWidget:
        """The new value is what the GM came to type: the box has the keys at once."""
        return self.value

    def _changers(self) -> list[str]:
        """The acting fighter; anyone still in the fight under the ruling "any time"."""
        state: ImpulseCombat = self.state
        acting = state.acting_id()
        if state.options.change_init_timing == "any_time":
            return [cid for cid in state.combatants if state.can_act(cid)]
        return [acting] if acting else []

    def _follow_counter(self) -> None:
        self.value.blockSignals(True)
        self.value.setValue(self.old_value() + 1)
        self.value.blockSignals(False)
        self.refresh()

    def chosen(self) -> tuple[str, int]:
        cid, index = self.counter.currentData()
        return str(cid), int(index)

    def old_value(self) -> int:
        if not self.counter.count():
            return 0
        cid, index = self.chosen()
        return int(self.state.combatants[cid].next_orders[index])

    def engine_actions(self) -> list[Action]:
        if not self.counter.count():
            raise Incomplete("Nobody can change their order now.")
        cid, index = self.chosen()
        return [a.ChangeInitiative(cid, self.value.value(), index)]

    def steps(self, after: Any | None) -> list[str]:
        if not self.counter.count():
            return []
        cid, index = self.chosen()
        who: Fighter = self.state.combatants[cid]
        old, new = self.old_value(), self.value.value()
        cost = change_cost(old, new)
        paid = f"{cost} Impulse ({who.impulse} \u2192 {who.impulse - cost})" if cost else "free"
        key_name = who.name if index == 0 else f"{who.name}'s action {index + 1}"
        return [
            f"Order {old} \u2192 {new}: {paid}",
            f"Takes effect from round {self.state.round + 1}; "
            f"this round {key_name} keeps its place.",
        ]


class VillainEscapesDialog(ImpulseDialog):
    """A recurring villain gets away; each player gains a Strife Point."""

    TITLE = "Villain escapes"
    RECORD_TEXT = "&Escapes"

    def build(self) -> None:
        state: ImpulseCombat = self.state
        villains = [cid for cid, f in state.combatants.items() if not f.player and not f.gone]
        self.villain = fighter_combo(self.form_widget, state, villains)
        self.villain.currentIndexChanged.connect(self.refresh)
        form = QFormLayout()
        form.addRow("&Villain:", self.villain)
        self.form.addLayout(form)

    def engine_actions(self) -> list[Action]:
        if not self.villain.count():
            raise Incomplete("There is no villain left in the fight.")
        return [a.VillainEscapes(str(self.villain.currentData()))]

    def steps(self, after: Any | None) -> list[str]:
        state: ImpulseCombat = self.state
        players = [f for f in state.combatants.values() if f.player and not f.gone]
        return [f"{p.name}: Strife Points {p.strife} \u2192 {p.strife + 1}" for p in players]
