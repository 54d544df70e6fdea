"""Entries that cannot be used now are greyed, the reason in their tooltip (the contract's
``TurnAction.why_not``), and come back when they can; a greyed entry's key still says why."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as ex3
from battlewheel.engine.rulesets.ex3 import demo_fight as ex3_fight
from battlewheel.models.combat_model import CombatModel
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from tests.desktop.rulesets.impulse.fight import unrolled_model


def _window(qtbot: QtBot, tmp_path: Path, model: CombatModel) -> MainWindow:
    window = MainWindow(model, settings=prefs.open_settings(tmp_path / "s.ini"))
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.firstPainted):
        window.show()
    return window


def test_begin_round_1_is_greyed_until_everyone_has_rolled(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path, unrolled_model())
    begin = window.actions_by_name["start"]
    assert not begin.isEnabled()
    assert "not now: every combatant on the field needs all their order values" \
        in begin.toolTip()
    assert window.actions_by_name["roll_order"].isEnabled()
    assert window.combat_menu.toolTipsVisible()


def test_3e_menu_greys_what_waits_and_opens_it_once_the_battle_begins(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _window(qtbot, tmp_path, CombatModel(ex3_fight()))
    attack, start = window.actions_by_name["attack"], window.actions_by_name["start"]
    assert not attack.isEnabled() and "the battle has not begun" in attack.toolTip()
    assert start.isEnabled()
    assert window.combat.push(ex3.StartCombat()) is None
    assert attack.isEnabled() and "not now" not in attack.toolTip()
    assert not start.isEnabled() and "the battle has begun" in start.toolTip()
    steps = len(window.combat.session.log)
    QTest.keyClick(window.wheel_view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert "the battle has begun" in window.notice.text() and window.notice.isVisible()
    assert len(window.combat.session.log) == steps


def test_start_the_battle_is_greyed_with_nobody_joined(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path, CombatModel(CombatSession.new(ruleset="3e")))
    start = window.actions_by_name["start"]
    assert not start.isEnabled() and "two combatants must roll Join Battle" in start.toolTip()
