"""The turn's dialogs: an action slot, a readied action and its trigger, the rolled order."""

from __future__ import annotations

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward import AddCombatant, PoolWardOptions, demo_fight
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets.poolward.setup_dialogs import RollOrderDialog
from battlewheel.views.rulesets.poolward.turn_dialogs import (
    GAIN,
    ReadyActionDialog,
    TriggerReadiedDialog,
    UseActionDialog,
)
from tests.desktop.showing import Shown

from .conftest import started_model


def rolled_demo() -> CombatSession:
    """The demo fight's four under the ruling that rolls the order each round."""
    session = CombatSession.new(PoolWardOptions(turn_order="roll_each_round"),
                                ruleset="pool-and-ward")
    for entry in demo_fight().log:
        if isinstance(entry.action, AddCombatant):
            session.apply(entry.action)
    return session



def test_taking_a_move_action_marks_the_slot_and_a_second_is_refused(shown: Shown) -> None:
    """The preview gives the slots left; the second move of the turn says why not."""
    model = started_model()
    dialog = shown(UseActionDialog(model, "cutthroat1"))
    dialog.slot.setCurrentIndex(dialog.slot.findData("move"))
    dialog.what.setText("steps round the table")
    assert dialog.preview_label.text() == (
        "Cutthroat 1: Left this turn: fast 1, move 1, standard 1 → fast 1, move 0, standard 1")
    dialog.accept()
    assert model.state.fighters["cutthroat1"].used == ("move",)
    again = shown(UseActionDialog(model, "cutthroat1"))
    assert again.slot.itemText(again.slot.findData("move")) == "move (used)"
    again.slot.setCurrentIndex(again.slot.findData("move"))
    assert "already used the move action" in again.refusal()
    assert not again.apply_button.isEnabled()


def test_a_power_grants_one_more_standard_action(shown: Shown) -> None:
    """Gain mode pushes GrantAction with the power's name."""
    model = started_model()
    dialog = shown(UseActionDialog(model, "cutthroat1"))
    dialog.mode.setCurrentIndex(dialog.mode.findData(GAIN))
    dialog.slot.setCurrentIndex(dialog.slot.findData("standard"))
    dialog.what.setText("Alacrity")
    dialog.accept()
    assert model.state.fighters["cutthroat1"].extra == ("standard",)
    assert "Alacrity" in model.session.log[-1].sentence


def test_a_readied_action_waits_in_the_pocket_until_triggered(shown: Shown) -> None:
    """No trigger, no Apply; with one the counter goes to the pocket and the next fighter
    acts; the trigger dialog lets the readied fighter act at once."""
    model = started_model()
    ready = shown(ReadyActionDialog(model, "cutthroat1"))
    assert not ready.apply_button.isEnabled()
    ready.trigger.setText("stabs whoever opens the door")
    assert ready.preview_label.text() == (
        "Cutthroat 1 waits in the pocket; Cutthroat 2 acts next.")
    ready.accept()
    counter = model.wheel().counter("cutthroat1")
    assert counter is not None and counter.pocket == "stabs whoever opens the door"
    assert counter.slot is None
    trigger = shown(TriggerReadiedDialog(model))
    assert trigger.who.currentText() == "Cutthroat 1: stabs whoever opens the door"
    trigger.accept()
    assert model.state.actor() == "cutthroat1" and model.state.interrupting == "cutthroat1"


def test_the_rolled_order_is_one_undo_step_and_shows_the_order_to_come(shown: Shown) -> None:
    """Under the rolled ruling every fighter's roll is one RollOrder; most successes first."""
    model = CombatModel(rolled_demo())
    dialog = shown(RollOrderDialog(model))
    assert [row.cid for row in dialog.rows] == ["edward", "cutthroat1", "cutthroat2", "archer"]
    assert dialog.row("edward").pool.value() == 3  # Dexterity offered
    for cid, typed in (("cutthroat1", "0"), ("cutthroat2", "1"), ("archer", "2"),
                       ("edward", "3")):
        dialog.row(cid).dice.set_typed(typed)
    assert dialog.preview_label.text() == (
        "Order for the first round: Edward Sumner 3, Archer 2, Cutthroat 2 1, Cutthroat 1 0")
    dialog.accept()
    assert model.undo_stack.count() == 1
    assert model.state.order_rolls == {"cutthroat1": 0, "cutthroat2": 1, "archer": 2,
                                       "edward": 3}
    model.undo_stack.undo()
    assert model.state.order_rolls == {}
