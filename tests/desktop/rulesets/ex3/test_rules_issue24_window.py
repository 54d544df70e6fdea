"""3e rules of issue 24 through the real window: a late joiner rolls Join Battle mid-fight;
a battle group's attack preview."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import demo, wheel
from battlewheel.models.combat_model import CombatModel
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.rulesets.ex3.attack_dialog import AttackDialog
from battlewheel.views.rulesets.ex3.setup_dialogs import JoinBattleDialog
from tests.desktop.rulesets.ex3.fight import initiative, standoff, started, state, turn_of, typed
from tests.desktop.showing import Shown


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, shown: Shown) -> MainWindow:
    """The window on the demo fight, started: Lady Ashkeel acts on tick 9."""
    session = standoff()
    session.apply(a.StartCombat())
    built = MainWindow(CombatModel(session),
                       settings=prefs.open_settings(tmp_path / "settings.ini"))
    with qtbot.waitSignal(built.firstPainted):
        shown(built)
    return built


def test_a_late_joiner_rolls_join_battle_with_ctrl_j_and_acts_when_its_tick_comes(
        qtbot: QtBot, window: MainWindow) -> None:
    """003 §The Flow of Combat: a fourth Solar added on tick 9 rolls Wits 3 + Awareness 3
    unopposed from Ctrl+J; 2 typed successes + 3 = 5i, so he acts this round after Lark (6)
    and before Jade (4); his counter stands at 5 on the ring."""
    combat = window.combat
    newcomer = demo._solar("Late Dawn", demo.DAIKLAVE, melee=4)
    assert combat.push(a.AddCombatant("dawn", newcomer, "ally")) is None
    entry = window.actions_by_name["join_battle"]
    assert entry.isEnabled(), entry.toolTip()
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    dialog = window.turn.dialog
    assert isinstance(dialog, JoinBattleDialog), window.statusBar().currentMessage()
    assert list(dialog.rows) == ["dawn"] and dialog.rows["dawn"].pool() == 6
    typed(dialog.rows["dawn"], "2")
    dialog.accept()
    assert initiative(combat, "dawn") == 5
    counter = combat.wheel().counter("dawn")
    assert counter is not None and counter.slot == wheel.slot_of(state(combat), 5)
    turn_of(combat, "lark")
    assert combat.push(a.NextTurn()) is None
    assert state(combat).actor == "dawn"


def test_a_battle_groups_attack_preview_keeps_its_initiative(shown: Shown) -> None:
    """003 §Battle Groups: the Guard's withering hit on Jade takes 3i from her; the preview
    says the group's Initiative stays, not "attacker +4i (X + 1)"."""
    model = started(a.SetRange("guard", "jade", "close"))
    turn_of(model, "guard")
    dialog = shown(AttackDialog(model, "guard"))
    dialog.target.setCurrentIndex(dialog.target.findData("jade"))
    typed(dialog.attack_roll, "8")
    typed(dialog.damage_roll, "3")
    lines = dialog.preview().splitlines()
    assert "   Roll: 3: target \u22123i, the group's Initiative stays" in lines
    assert not any("X + 1" in line for line in lines)
