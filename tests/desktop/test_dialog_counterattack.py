"""Counterattacks from the window: who answers whom, then steps 1-8 in the attack dialog."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.models.combat_model import CombatModel
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.rulesets.rewrite.attack_dialog_counter import (
    CounterattackChooser,
    CounterattackDialog,
)
from tests.desktop.d2_combatants import ejava_attacks

Shown = Callable[[QWidget], QWidget]


def _ejava_strikes(successes: int) -> CombatModel:
    """Ejava's lone sword attack on the bandit: Accuracy 2 + ``successes`` against parry 2."""
    return ejava_attacks(attack=DiceEntry.of_successes(successes))


def _window(qtbot: QtBot, shown: Shown, model: CombatModel, home: Path) -> MainWindow:
    window = MainWindow(model, settings=prefs.open_settings(home / "settings.ini"))
    with qtbot.waitSignal(window.firstPainted):
        shown(window)
    return window


def test_the_counterattack_rolls_a_full_pool_and_has_no_step_nine(shown: Shown) -> None:
    """The bandit answers Ejava's hit: Dex 2 + Melee 2 = 4 dice, Accuracy 2 automatic.

    No flurry, so no multiple-action penalty; the ninth step says a counterattack has none.
    """
    model = _ejava_strikes(6)
    dialog = shown(CounterattackDialog(model, "bandit", "ejava", "Straight sword"))
    assert isinstance(dialog, CounterattackDialog)
    assert (
        dialog.windowTitle()
        == "Counterattack: Bandit counterattacks Tepet Ejava with Straight sword"
    )
    assert dialog.pool_label.text() == (
        "Dexterity + Ability 4 → 4 dice + automatic successes: accuracy 2"
    )
    dialog.attack_dice.set_typed("1 1 1 1")
    lines = dialog.steps().splitlines()
    assert lines[8] == "9. Counterattacks: none: a counterattack has no step 9"
    assert dialog.resolve_button.text() == "&Resolve counterattack"


def test_resolving_records_the_counterattack_as_one_undo_step(shown: Shown) -> None:
    """Resolve pushes one ResolveCounterattack; undo takes it away and the hit stays."""
    model = _ejava_strikes(6)
    dialog = shown(CounterattackDialog(model, "bandit", "ejava", "Straight sword"))
    assert isinstance(dialog, CounterattackDialog)
    dialog.attack_dice.set_typed("7 8 9 10")
    dialog.accept()
    assert dialog.result() == CounterattackDialog.DialogCode.Accepted
    first, counter = model.state.tick.attacks
    assert (counter.attacker, counter.defender, counter.counterattack) == ("bandit", "ejava", True)
    assert model.undo_stack.undoText().startswith("Bandit counterattacks Tepet Ejava")
    model.undo_stack.undo()
    assert model.state.tick.attacks == [first]


def test_the_chooser_offers_each_opening_and_the_answerers_ready_weapons(
    shown: Shown,
) -> None:
    """After Ejava's hit only the bandit may answer, with the sword or a brawl weapon."""
    model = _ejava_strikes(6)
    chooser = shown(CounterattackChooser(model.state))
    assert isinstance(chooser, CounterattackChooser)
    assert [chooser.opening.itemText(i) for i in range(chooser.opening.count())] == [
        "Bandit answers Tepet Ejava"
    ]
    weapons = [chooser.weapon.itemData(i) for i in range(chooser.weapon.count())]
    assert weapons[0] == "Straight sword" and "Punch" in weapons
    assert chooser.choice() == ("bandit", "ejava", "Straight sword")
    assert not chooser.only_one_choice()


def test_the_c_key_says_why_when_no_attack_reached_step_nine(
    qtbot: QtBot, tmp_path: Path, shown: Shown
) -> None:
    """A missed attack (0 + Accuracy 2 against parry 2) opens no counterattack."""
    window = _window(qtbot, shown, _ejava_strikes(0), tmp_path)
    action = window.actions_by_name["counterattack"]
    assert action.shortcut().toString() == "C"
    assert not action.isEnabled()  # greyed, the reason in its tooltip; the key says it
    assert "not now: No attack this tick has reached step 9" in action.toolTip()
    QTest.keyClick(window.wheel_view, Qt.Key.Key_C)
    assert window.turn.dialog is None
    assert window.statusBar().currentMessage().startswith("No attack this tick has reached step 9")
    assert window.notice.isVisible()


def test_the_c_key_leads_from_the_chooser_to_the_counterattack(
    qtbot: QtBot, tmp_path: Path, shown: Shown
) -> None:
    """C opens the chooser; accepting it opens the counterattack with the chosen weapon."""
    window = _window(qtbot, shown, _ejava_strikes(6), tmp_path)
    window.actions_by_name["counterattack"].trigger()
    chooser = window.turn.dialog
    assert isinstance(chooser, CounterattackChooser)
    chooser.weapon.setCurrentIndex(chooser.weapon.findData("Punch"))
    chooser.accept()
    dialog = window.turn.dialog
    assert isinstance(dialog, CounterattackDialog)
    assert dialog.weapon.name == "Punch"
    dialog.reject()


def _evading_the_counterattack(shown: Shown) -> CounterattackDialog:
    """The bandit counterattacks Ejava's hit; Ejava answers with Seven Shadows Evasion."""
    dialog = shown(CounterattackDialog(_ejava_strikes(6), "bandit", "ejava", "Straight sword"))
    assert isinstance(dialog, CounterattackDialog)
    defence = dialog.defence_form
    defence.extras.switch.setChecked(True)
    defence.perfect.setCurrentIndex(defence.perfect.findData("seven_shadows_evasion"))
    return dialog


def test_a_perfect_defence_is_named_in_the_steps_as_the_books_print_it(shown: Shown) -> None:
    """Ejava answers with Seven Shadows Evasion: step 2 names the charm, not its data key."""
    dialog = _evading_the_counterattack(shown)
    dialog.attack_dice.set_typed("7 8 9 10")
    lines = dialog.steps().splitlines()
    assert lines[1] == "2. Declare defence: Seven Shadows Evasion at step 2"


def test_the_odds_say_a_perfect_defence_stops_the_attack(shown: Shown) -> None:
    """With Seven Shadows Evasion chosen the odds title says the charts assume no defence."""
    dialog = _evading_the_counterattack(shown)
    odds = dialog.odds.odds()
    assert odds is not None
    assert odds.title.endswith(
        "(stopped by Seven Shadows Evasion before any roll: the odds are without it)"
    )
