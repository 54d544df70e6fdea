"""The flurry builder shows Speed, DV penalty and dice penalties live and explains refusals."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.rulesets.rewrite.actions import (
    NextTick,
    RollJoinBattle,
    SetHealth,
    StartCombat,
)
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets.rewrite.turn_dialogs import FlurryBuilderDialog
from tests.desktop.d2_combatants import bandit, ejava, first_tick_model, model_with

Shown = Callable[[FlurryBuilderDialog], FlurryBuilderDialog]


def _dialog(shown: Shown) -> tuple[CombatModel, FlurryBuilderDialog]:
    model = first_tick_model()
    return model, shown(FlurryBuilderDialog(model, "ejava"))


def _rows(dialog: FlurryBuilderDialog) -> list[str]:
    return [dialog.list.item(i).text() for i in range(dialog.list.count())]


def _add_dash(dialog: FlurryBuilderDialog) -> None:
    dialog.kind.setCurrentIndex(dialog.kind.findData("dash"))
    dialog.add_other()


def test_one_attack_takes_the_weapons_speed_and_no_dice_penalty(shown: Shown) -> None:
    """A lone sword attack: Speed 5, DV -1, and a single dice action takes no penalty."""
    _model, dialog = _dialog(shown)
    dialog.add_attack()
    assert _rows(dialog) == [
        "1. Attack Bandit with Straight sword  —  Speed 5, DV -1, no dice penalty"
    ]
    assert dialog.summary.text() == "Speed 5 (next action tick 6), DV -1"
    assert dialog.declare_button.isEnabled()


def test_two_attacks_and_a_dash_cost_three_then_four_dice(shown: Shown) -> None:
    """Three manoeuvres, two dice actions: the first takes -3, the next -4; DV -1-1-2 = -4."""
    _model, dialog = _dialog(shown)
    dialog.add_attack()
    dialog.add_attack()
    _add_dash(dialog)
    assert _rows(dialog) == [
        "1. Attack Bandit with Straight sword  —  Speed 5, DV -1, -3 dice",
        "2. Attack Bandit with Straight sword  —  Speed 5, DV -1, -4 dice",
        "3. Dash  —  Speed 3, DV -2",
    ]
    assert dialog.summary.text() == "Speed 5 (next action tick 6), DV -4, +6 yards per tick"


def test_a_magical_flurry_drops_the_multiple_action_penalties(shown: Shown) -> None:
    """Ticking Magical flurry turns both attacks' penalties to 0."""
    _model, dialog = _dialog(shown)
    dialog.add_attack()
    dialog.add_attack()
    dialog.magical.setChecked(True)
    assert [row.endswith("no dice penalty") for row in _rows(dialog)] == [True, True]


def test_a_third_sword_attack_is_refused_with_the_rule(shown: Shown) -> None:
    """The straight sword has Rate 2: a third attack shows the refusal and blocks Declare."""
    model, dialog = _dialog(shown)
    for _ in range(3):
        dialog.add_attack()
    assert dialog.refusal() == "Straight sword has Rate 2; 3 attacks declared"
    assert "000 §Attack Resolution" in dialog.refusal_label.toolTip()
    assert not dialog.declare_button.isEnabled()
    dialog.accept()
    assert model.undo_stack.count() == 4


def test_a_repeated_once_per_flurry_manoeuvre_is_refused(shown: Shown) -> None:
    """Dash is once per flurry: a second Dash is explained and cannot be declared."""
    _model, dialog = _dialog(shown)
    _add_dash(dialog)
    _add_dash(dialog)
    assert dialog.refusal() == "Dash may be taken only once per flurry"
    assert "000 §Manoeuvres" in dialog.refusal_label.toolTip()
    dialog.list.setCurrentRow(1)
    dialog.remove_selected()
    assert dialog.refusal() == ""


def test_the_keyboard_adds_reorders_and_declares(qtbot: QtBot, shown: Shown) -> None:
    """Ctrl+T adds an attack, Alt+Up moves the Dash first, Ctrl+Return declares: one undo step."""
    model, dialog = _dialog(shown)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    _add_dash(dialog)
    qtbot.keyClick(dialog, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(dialog, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert [row.split("  —")[0] for row in _rows(dialog)] == [
        "1. Attack Bandit with Straight sword",
        "2. Dash",
    ]
    qtbot.keyClick(dialog, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert dialog.result() == FlurryBuilderDialog.DialogCode.Accepted
    flurry = model.state.tick.flurries["ejava"]
    assert flurry.plan.speed == 5 and flurry.plan.dv_penalty == 3
    before = model.undo_stack.count()
    model.undo_stack.undo()
    assert "ejava" not in model.state.tick.flurries
    assert model.undo_stack.index() == before - 1


def _block_dialog(shown: Shown) -> tuple[CombatModel, FlurryBuilderDialog]:
    """Ejava (acting, tick 1) with her ally Tamsin, facing the bandit; Block chosen."""
    model = model_with(("ejava", ejava(), "enemy"), ("bandit", bandit(), "ally"),
                       ("tamsin", replace(bandit(), name="Tamsin"), "enemy"))
    for cid, count in (("ejava", 3), ("bandit", 1), ("tamsin", 1)):
        assert model.push(RollJoinBattle(cid, DiceEntry.of_successes(count))) is None
    assert model.push(StartCombat()) is None
    assert model.push(NextTick()) is None
    dialog = shown(FlurryBuilderDialog(model, "ejava"))
    dialog.kind.setCurrentIndex(dialog.kind.findData("block"))
    return model, dialog


def _choices(combo: QComboBox) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


def test_a_block_asks_whom_it_guards_own_side_first(shown: Shown) -> None:
    """Choosing Block shows the guarding row: Tamsin (her side), the bandit, then a place."""
    _model, dialog = _block_dialog(shown)
    assert dialog.other_form.isRowVisible(dialog.guarded)
    assert dialog.other_form.isRowVisible(dialog.tower_shield)
    assert _choices(dialog.guarded) == [
        "Tamsin", "Bandit", "an item or place (say which in the note)"
    ]
    dialog.kind.setCurrentIndex(dialog.kind.findData("dash"))
    assert not dialog.other_form.isRowVisible(dialog.guarded)
    assert not dialog.other_form.isRowVisible(dialog.tower_shield)


def test_a_block_with_a_tower_shield_guards_tamsin_with_cover_two(shown: Shown) -> None:
    """Block is Speed 3, DV -0; a tower shield makes its cover +2; declaring records the ward."""
    model, dialog = _block_dialog(shown)
    dialog.tower_shield.setChecked(True)
    dialog.add_other()
    assert _rows(dialog) == [
        "1. Block — guarding Tamsin (tower shield)  —  "
        "Speed 3, no DV penalty, +2 cover against missiles"
    ]
    dialog.accept()
    ejava_now = model.state.combatants["ejava"]
    assert (ejava_now.blocking, ejava_now.block_cover) == ("tamsin", 2)


def test_a_block_of_a_place_is_named_by_the_note(shown: Shown) -> None:
    """Guarding "the gate" (no combatant): the row names the gate, cover +1, no ward recorded."""
    model, dialog = _block_dialog(shown)
    dialog.guarded.setCurrentIndex(dialog.guarded.count() - 1)
    dialog.note.setText("the gate")
    dialog.add_other()
    assert _rows(dialog) == [
        "1. Block — guarding the gate  —  Speed 3, no DV penalty, +1 cover against missiles"
    ]
    dialog.accept()
    (declared,) = model.state.tick.flurries["ejava"].declared
    assert (declared.kind, declared.target, declared.label) == ("block", None, "the gate")
    assert model.state.combatants["ejava"].blocking is None


def test_the_dialog_names_whose_flurry_and_which_tick(shown: Shown) -> None:
    """Several actors declare in turn: the heading says this one is Ejava's, on tick 1."""
    _model, dialog = _dialog(shown)
    heading = dialog.findChild(QLabel, "flurryHeading")
    assert isinstance(heading, QLabel)
    assert heading.text() == "<b>Tepet Ejava's flurry on tick 1</b>"


def test_a_dead_target_is_marked_dead_in_the_target_list(shown: Shown) -> None:
    """The bandit's nine boxes all hold lethal: the list says so before anyone wastes a blow."""
    model = first_tick_model()
    assert model.push(SetHealth("bandit", "XXXXXXXXX")) is None
    dialog = shown(FlurryBuilderDialog(model, "ejava"))
    assert dialog.target.itemText(dialog.target.findData("bandit")) == "Bandit (dead)"


def test_dash_writes_its_dv_penalty_the_same_in_the_form_and_the_list(shown: Shown) -> None:
    """Dash's penalty reads "DV -2" in the manoeuvre form and in the flurry's list."""
    _model, dialog = _dialog(shown)
    _add_dash(dialog)
    assert dialog.dv_penalty.text() == "DV -2"
    assert _rows(dialog)[-1].endswith("DV -2")
