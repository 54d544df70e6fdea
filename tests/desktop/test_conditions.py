"""Conditions at the table: the GM adds one through the window, sees its badge and sheet line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QToolButton
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.conditions import AddCondition, Condition
from battlewheel.engine.core.contract import SIDE_RIGHT
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite import (
    Advance,
    ApplyTickEffects,
    DeclaredManoeuvre,
    DeclareFlurry,
)
from battlewheel.models.combat_model import CombatModel
from battlewheel.views import settings as prefs
from battlewheel.views.condition_dialog import ConditionDialog, counter_menu
from battlewheel.views.main_window import MainWindow
from tests.desktop.started_combat import started_session
from tests.desktop.windows import painted_window
from tests.engine.rulesets.ex3.helpers import fight, fighter


@pytest.fixture
def window(qtbot: QtBot, qapp: QApplication, tmp_path: Path) -> Iterator[MainWindow]:
    """The started demo combat in the real window."""
    scale = prefs.TextScale(qapp)
    shown = painted_window(qtbot, CombatModel(started_session()), tmp_path / "settings.ini",
                           size=(1300, 850), text_scale=scale)
    yield shown
    scale.apply(False)


def _dialog_from_menu(window: MainWindow, qtbot: QtBot, cid: str) -> ConditionDialog:
    window.select_combatant(cid)
    window.actions_by_name["add_condition"].trigger()
    dialog = window.findChild(ConditionDialog)
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def _fill(dialog: ConditionDialog, words: str, dice: int, defence: int, ticks: int) -> None:
    dialog.text.setText(words)
    dialog.dice.setValue(dice)
    dialog.defence.setValue(defence)
    dialog.expiry.setCurrentIndex(dialog.expiry.findData("ticks"))
    dialog.count.setValue(ticks)


def _sheet_labels(window: MainWindow, cid: str) -> list[str]:
    box = window.sheet_docks[cid].sheet.section_box("Conditions")
    if box is None or not box.isVisibleTo(window):
        return []
    return [label.text() for label in box.findChildren(QLabel)]


def test_a_condition_added_through_the_combat_menu_shows_on_counter_sheet_and_log(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Combat > Add condition for the selected chief: a badge, a sheet line, a log sentence."""
    dialog = _dialog_from_menu(window, qtbot, "chief")
    assert dialog.who.currentData() == "chief"
    assert dialog.count.suffix() == " ticks"
    _fill(dialog, "Prone", 0, -1, 3)
    add = next(b for b in dialog.findChildren(QPushButton) if b.text() == "&Add")
    qtbot.mouseClick(add, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    badge = window.scene.counters["chief"].info.badge(SIDE_RIGHT)
    assert badge is not None and badge.text == "Pron"
    window.sheet_docks["chief"].raise_()
    qtbot.waitUntil(lambda: "<b>Prone</b>" in _sheet_labels(window, "chief"))
    assert "\u22121 defence; 3 ticks left" in _sheet_labels(window, "chief")
    assert window.combat.session.log[-1].sentence.startswith("GM puts \u201cProne\u201d on")
    window.actions_by_name["undo"].trigger()
    assert window.scene.counters["chief"].info.badge(SIDE_RIGHT) is None


def test_a_condition_without_words_is_refused_in_the_dialog_and_nothing_changes(
    window: MainWindow, qtbot: QtBot
) -> None:
    """The dialog stays open and says why; the undo stack is untouched."""
    dialog = _dialog_from_menu(window, qtbot, "chief")
    steps = window.combat.undo_stack.count()
    dialog.accept()
    assert dialog.isVisible()
    assert "few words" in dialog.message.text()
    assert window.combat.undo_stack.count() == steps


def test_the_sheet_removes_a_condition_and_undo_brings_it_back(
    window: MainWindow, qtbot: QtBot
) -> None:
    """The sheet line's cross pushes the removal as one undo step."""
    window.combat.push(AddCondition("chief", Condition("Blinded", dice=-2)))
    dock = window.sheet_docks["chief"]
    dock.raise_()
    qtbot.waitUntil(lambda: "<b>Blinded</b>" in _sheet_labels(window, "chief"))
    box = dock.sheet.section_box("Conditions")
    assert box is not None
    remove = box.findChild(QToolButton)
    assert remove is not None and remove.accessibleName() == "Remove Blinded"
    qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: _sheet_labels(window, "chief") == [])
    window.combat.undo_stack.undo()
    qtbot.waitUntil(lambda: "<b>Blinded</b>" in _sheet_labels(window, "chief"))


def test_the_counter_menu_offers_to_add_and_to_remove_each_condition(window: MainWindow) -> None:
    """Right-click on a counter: Add condition…, then one Remove entry per condition."""
    window.combat.push(AddCondition("chief", Condition("Blinded")))
    menu = counter_menu(window.combat, "chief", window)
    texts = [action.text() for action in menu.actions()]
    assert texts == ["Add cond&ition\u2026", "Remove \u201cBlinded\u201d"]
    menu.actions()[1].trigger()
    assert window.scene.counters["chief"].info.badge(SIDE_RIGHT) is None


def test_the_dialog_counts_rounds_in_a_round_based_system(qtbot: QtBot) -> None:
    """A 3e fight offers rounds, and the condition reaches the engine as rounds."""
    session: CombatSession = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 5))
    model = CombatModel(session)
    dialog = ConditionDialog(model, "b")
    qtbot.addWidget(dialog)
    dialog.text.setText("Winded")
    dialog.expiry.setCurrentIndex(dialog.expiry.findData("rounds"))
    dialog.count.setValue(2)
    dialog.accept()
    assert session.state.combatants["b"].conditions == (
        Condition("Winded", expiry="rounds", count=2),)


def _play_on(model: CombatModel) -> None:
    """Whoever acts guards, the tick's effects apply, the wheel moves on (2e)."""
    for cid in model.state.awaiting_flurry():
        model.push(DeclareFlurry(cid, (DeclaredManoeuvre("guard"),)))
    if model.state.phase == "effects":
        model.push(ApplyTickEffects())
    model.push(Advance())


def test_a_condition_ends_by_itself_in_the_log_and_ctrl_z_brings_it_back(
    window: MainWindow, qtbot: QtBot
) -> None:
    """A one-tick condition: the step past its tick says it ended, and the badge goes."""
    model = window.combat
    model.push(AddCondition("chief", Condition("Winded", expiry="ticks", count=1)))
    start = model.state.current_tick
    while model.state.current_tick == start:
        _play_on(model)
    assert window.scene.counters["chief"].info.badge(SIDE_RIGHT) is None
    assert "  \u201cWinded\u201d on Bandit Chief ends (its ticks have passed)." in \
        window.log_model.log_text().splitlines()
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.scene.counters["chief"].info.badge(SIDE_RIGHT) is not None
