"""Combat > End the combat asks only when the ending would be accepted."""

import pytest
from PySide6.QtWidgets import QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.session import CombatSession
from battlewheel.models.combat_model import CombatModel
from battlewheel.views import combats_menu


def test_an_unstarted_3e_fight_is_refused_before_any_question(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's refusal is said at once; no "End this combat?" to answer for nothing."""
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "exec",
                        lambda box: asked.append(box.text()) or QMessageBox.StandardButton.Yes)
    parent = QWidget()
    qtbot.addWidget(parent)
    combat = CombatModel(CombatSession.new(ruleset="3e"))
    refused: list[str] = []
    combat.refused.connect(refused.append)
    assert not combats_menu.end_combat(combat, parent, lambda _line: None)
    assert asked == [] and len(refused) == 1 and "not begun" in refused[0]
    assert not combat.session.log and combat.undo_stack.count() == 0
