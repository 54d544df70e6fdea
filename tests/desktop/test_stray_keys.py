"""Keys meant for a dialog that never opened: a burst of typing must not change the fight.

At the table a GM pressed D for an Impulse fighter with too little Impulse (refused, a
status-bar line only), then typed the player's dice "8 8 8 1 2": every space ended a turn.
A refused key now says so over the wheel, and Space asks before ending a turn in which
the actor has done nothing, with No as the answer a stray Space gives.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from battlewheel.engine.rulesets.impulse import actions as impulse
from battlewheel.engine.rulesets.impulse import demo_fight as impulse_fight
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.main_window import MainWindow
from tests.desktop.windows import painted_window

KEYS = {" ": Qt.Key.Key_Space, "8": Qt.Key.Key_8, "1": Qt.Key.Key_1, "2": Qt.Key.Key_2}


def _window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return painted_window(qtbot, CombatModel(impulse_fight()), tmp_path / "s.ini")


def type_into_focus(qtbot: QtBot, window: MainWindow, text: str) -> None:
    """Type as a person does: each key goes wherever the keyboard focus is then."""
    for char in text:
        qtbot.wait(5)
        target = QApplication.focusWidget() or window.wheel_view
        qtbot.keyClick(target, KEYS[char])


def test_a_refused_key_then_typed_dice_change_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    combat = window.combat
    assert combat.push(impulse.StartCombat()) is None
    actor = combat.session.ruleset.acting(combat.state)[0]
    impulse_now = combat.state.combatants[actor].impulse
    assert combat.push(impulse.AdjustImpulse(actor, -impulse_now)) is None
    steps, round_now = len(combat.session.log), combat.state.round
    window.activateWindow()
    qtbot.waitUntil(window.wheel_view.hasFocus)
    qtbot.keyClick(window.wheel_view, Qt.Key.Key_D)
    assert window.turn.dialog is None
    assert window.notice.isVisible() and "Impulse" in window.notice.text()
    type_into_focus(qtbot, window, "8 8 8 1 2 8 8 ")
    assert len(combat.session.log) == steps
    assert combat.state.round == round_now
    assert combat.session.ruleset.acting(combat.state)[0] == actor


def _idle_turn_asked(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, int, QMessageBox]:
    """The Impulse fight begun and the step key pressed on its first, idle turn: the
    window, its log's length then, and the question it asks."""
    window = _window(qtbot, tmp_path)
    assert window.combat.push(impulse.StartCombat()) is None
    steps = len(window.combat.session.log)
    window.actions_by_name["next_step"].trigger()
    box = window.turn.dialog
    assert isinstance(box, QMessageBox)
    return window, steps, box


def test_space_on_an_idle_turn_asks_and_space_again_answers(qtbot: QtBot,
                                                           tmp_path: Path) -> None:
    """Space asks; the same key answers Yes (issue 35), whatever has the focus in it."""
    window, steps, box = _idle_turn_asked(qtbot, tmp_path)
    combat = window.combat
    assert "has done nothing this turn" in box.text()
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.Yes)
    qtbot.keyClick(box, Qt.Key.Key_Space)
    assert len(combat.session.log) == steps + 1  # Yes: the turn ends
    # The End turn key itself is the GM's explicit choice: no question.
    assert combat.push(impulse.AdjustImpulse(
        combat.session.ruleset.acting(combat.state)[0], 1)) is None
    window.turn.trigger("end_turn")
    assert window.turn.dialog is None
    assert len(combat.session.log) == steps + 3


def test_after_any_dialog_closes_the_window_has_the_keys(qtbot: QtBot, tmp_path: Path) -> None:
    """Add condition, then a question box of the window's: once each closes, the
    window is active and a key reaches it, with no click (both left no window active)."""
    window = _window(qtbot, tmp_path)
    qtbot.waitUntil(window.wheel_view.hasFocus)
    dialog = window.add_condition("jade")
    qtbot.waitUntil(dialog.isActiveWindow)
    dialog.reject()
    qtbot.waitUntil(window.isActiveWindow)
    assert QApplication.focusWidget() is not None
    box = QMessageBox(QMessageBox.Icon.Question, "Move the counter?", "Go ahead?",
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, window)
    box.open()
    qtbot.waitUntil(box.isActiveWindow)
    box.done(QMessageBox.StandardButton.Yes)
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Space)
    assert window.combat.state.started  # Space reached the window: Begin round 1


def test_dont_ask_again_this_fight_ends_idle_turns_at_once(qtbot: QtBot,
                                                           tmp_path: Path) -> None:
    """Ticked with the first Yes, the question is not asked again in this fight: the next
    idle turn ends on one Space; a digit typed at the question answers No."""
    window, steps, box = _idle_turn_asked(qtbot, tmp_path)
    combat = window.combat
    qtbot.keyClick(box, Qt.Key.Key_8)
    assert window.turn.dialog is None and len(combat.session.log) == steps  # No
    window.actions_by_name["next_step"].trigger()
    box = window.turn.dialog
    assert isinstance(box, QMessageBox) and box.checkBox() is not None
    box.checkBox().setChecked(True)
    qtbot.keyClick(box, Qt.Key.Key_Space)
    assert len(combat.session.log) == steps + 1
    window.actions_by_name["next_step"].trigger()
    assert window.turn.dialog is None  # not asked again
    assert len(combat.session.log) == steps + 2
