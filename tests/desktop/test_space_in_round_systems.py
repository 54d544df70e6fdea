"""Space in the round-based systems: the Next step button names what it does, and it does it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse import demo_fight as impulse_fight
from battlewheel.engine.rulesets.poolward import demo_fight as poolward_fight
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.main_window import MainWindow
from tests.desktop.windows import painted_window


def shown(qtbot: QtBot, tmp_path: Path, fight: Callable[[], CombatSession]) -> MainWindow:
    return painted_window(qtbot, CombatModel(fight()), tmp_path / "s.ini")


def space(qtbot: QtBot, window: MainWindow) -> None:
    window.wheel_view.activateWindow()
    qtbot.waitUntil(window.wheel_view.isActiveWindow)
    qtbot.keyClick(window.wheel_view, Qt.Key.Key_Space)


def answer_question(qtbot: QtBot, window: MainWindow, key: Qt.Key) -> None:
    """Answer the question the next step asked with one key."""
    qtbot.waitUntil(lambda: isinstance(window.turn.dialog, QMessageBox)
                    and window.turn.dialog.isVisible())
    box = window.turn.dialog
    assert box is not None
    box.activateWindow()
    qtbot.waitUntil(box.isActiveWindow)
    qtbot.keyClick(box, key)
    qtbot.waitUntil(lambda: window.turn.dialog is None)


@pytest.mark.parametrize(("fight", "start", "then", "actors"), [
    (impulse_fight, "Begin round 1", "End turn", ["jade", "chief", "reed"]),
    (poolward_fight, "Start the fight", "Next turn", ["cutthroat1", "cutthroat2", "archer"]),
])
def test_space_starts_the_fight_then_passes_each_turn(
    qtbot: QtBot, tmp_path: Path, fight: Callable[[], CombatSession], start: str, then: str,
    actors: list[str],
) -> None:
    """Not started: Space starts it; then each Space ends the acting turn, one undo step each."""
    window = shown(qtbot, tmp_path, fight)
    button = window.actions_by_name["next_step"]
    assert button.isEnabled() and start in button.text()
    seen = []
    for turn, _ in enumerate(actors):
        space(qtbot, window)
        if turn:  # the actor did nothing: Space asks first, Y says end it anyway
            answer_question(qtbot, window, Qt.Key.Key_Y)
        assert then in button.text()
        session = window.combat.session
        seen.append(session.ruleset.acting(session.state)[0])
    assert seen == actors
    steps = len(window.combat.session.log)
    window.combat.undo_stack.undo()
    assert len(window.combat.session.log) == steps - 1
