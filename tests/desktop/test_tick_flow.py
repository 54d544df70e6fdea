"""A whole tick through the real dialogs: flurry, attack with typed dice, damage, undo."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.rulesets.rewrite.state import PHASE_DECLARE, PHASE_DONE, PHASE_EFFECTS
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.rulesets.rewrite.attack_dialog import AttackDialog
from battlewheel.views.rulesets.rewrite.turn_dialogs import FlurryBuilderDialog
from battlewheel.views.rulesets.rewrite.turn_dialogs_damage import TickDamageDialog
from battlewheel.views.sheets.sheet_dock import CharacterSheetDock
from tests.desktop.d2_combatants import ejava_attacks, first_tick_model

Shown = Callable[[QWidget], QWidget]


def _press(qtbot: QtBot, dialog: QWidget, key: Qt.Key, modifiers: Qt.KeyboardModifier) -> None:
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(dialog, key, modifiers)


def test_a_whole_tick_with_typed_dice_marks_the_worked_damage(qtbot: QtBot, shown: Shown) -> None:
    """Ejava's lone sword attack on the bandit, worked by hand from 000.

    Attack 7 7 10 3 2 1 8 9: 6 successes + Accuracy 2 = 8 against parry 2 (excess 6).
    Damage 6 + Strength 3 = 9 dice, 3 levels; lethal soak 1 leaves 9 dice, 2 levels.
    Damage roll 7 7 7 1 1 1 8 9 10: 6 levels; 8 lethal in all fill the bandit's 8 first
    boxes (Incap and one Dying box): critical. Ejava takes DV -1 and acts again on tick 6.
    """
    model = first_tick_model()
    ctrl = Qt.KeyboardModifier.ControlModifier
    bandit_sheet = shown(CharacterSheetDock(model, "bandit"))
    assert isinstance(bandit_sheet, CharacterSheetDock)

    flurry = shown(FlurryBuilderDialog(model, "ejava"))
    _press(qtbot, flurry, Qt.Key.Key_T, ctrl)
    _press(qtbot, flurry, Qt.Key.Key_Return, ctrl)
    assert model.state.phase != PHASE_DECLARE

    attack = shown(AttackDialog(model, "ejava", 0))
    assert isinstance(attack, AttackDialog)
    attack.attack_dice.set_typed("7 7 10 3 2 1 8 9")
    _press(qtbot, attack, Qt.Key.Key_Return, ctrl)
    assert model.state.phase == PHASE_EFFECTS

    damage = shown(TickDamageDialog(model))
    assert isinstance(damage, TickDamageDialog)
    (panel,) = damage.panels
    panel.rolls["L"].set_typed("7 7 7 1 1 1 8 9 10")
    assert panel.after_label.text() == "Wound penalty -4 · critical (dying)"
    assert damage.effects_label.text() == "Tepet Ejava: DV -1, next action on tick 6"
    _press(qtbot, damage, Qt.Key.Key_Return, ctrl)

    state = model.state
    assert state.phase == PHASE_DONE
    assert state.combatants["bandit"].health.marks == "XXXXXXXX."
    assert (state.combatants["ejava"].next_tick, state.combatants["ejava"].dv_penalty) == (6, 1)
    track = bandit_sheet.sheet.health.track()
    assert track is not None and track.marks == "XXXXXXXX."

    for _ in range(3):
        model.undo_stack.undo()
    assert model.state.tick.flurries == {}
    assert model.state.combatants["bandit"].health.marks == "........."
    track = bandit_sheet.sheet.health.track()
    assert track is not None and track.marks == "........."


def test_apply_in_the_window_opens_the_damage_summary_when_damage_is_to_roll(
    qtbot: QtBot, tmp_path: Path, shown: Shown
) -> None:
    """Apply after a hit opens the tick's damage summary instead of marking blind.

    6 successes + Accuracy 2 against parry 2: 9 dice and 2 levels after soak; 3 levels
    typed for the roll make 5 lethal on the bandit.
    """
    model = ejava_attacks()
    window = MainWindow(model, settings=prefs.open_settings(tmp_path / "settings.ini"))
    with qtbot.waitSignal(window.firstPainted):
        shown(window)
    window.actions_by_name["apply"].trigger()
    dialog = window.turn.dialog
    assert isinstance(dialog, TickDamageDialog)
    assert [panel.item.target for panel in dialog.panels] == ["bandit"]
    assert model.state.phase == PHASE_EFFECTS
    dialog.panels[0].rolls["L"].set_typed("3")
    dialog.accept()
    assert model.state.phase == PHASE_DONE
    assert model.state.combatants["bandit"].health.marks == "XXXXX...."
