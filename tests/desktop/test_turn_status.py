"""The status bar after a tick step says what the engine applied, in the engine's words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.rulesets.rewrite.block import CharacterKind
from battlewheel.engine.rulesets.rewrite.state import PHASE_DONE
from battlewheel.models.combat_model import CombatModel
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.rulesets.rewrite.turn_dialogs_damage import TickDamageDialog
from tests.desktop.d2_combatants import bandit, ejava_attacks, first_tick_model

Shown = Callable[[QWidget], QWidget]


def _window(qtbot: QtBot, tmp_path: Path, shown: Shown, model: CombatModel) -> MainWindow:
    window = MainWindow(model, settings=prefs.open_settings(tmp_path / "settings.ini"))
    with qtbot.waitSignal(window.firstPainted):
        shown(window)
    return window


def test_apply_effects_after_a_miss_shows_the_engines_sentence(
    qtbot: QtBot, tmp_path: Path, shown: Shown
) -> None:
    """After Ejava's miss (no success, Accuracy 2 against parry 2) Apply effects applies at
    once and the status bar reads the engine's sentence for tick 1's effects."""
    model = ejava_attacks(attack=DiceEntry.of_faces((1, 2, 3, 4, 5, 6, 2, 3)))
    window = _window(qtbot, tmp_path, shown, model)
    window.actions_by_name["apply"].trigger()
    assert model.state.phase == PHASE_DONE
    sentence = model.session.log[-1].sentence
    assert sentence.startswith("Tick 1's effects")
    assert window.statusBar().currentMessage() == sentence


def test_apply_effects_through_the_damage_summary_shows_the_engines_sentence(
    qtbot: QtBot, tmp_path: Path, shown: Shown
) -> None:
    """After Ejava's hit, the damage summary's Apply leaves the engine's sentence for tick 1's
    effects (damage marked on the bandit) in the status bar."""
    model = ejava_attacks()
    window = _window(qtbot, tmp_path, shown, model)
    window.actions_by_name["apply"].trigger()
    dialog = window.turn.dialog
    assert isinstance(dialog, TickDamageDialog)
    dialog.panels[0].rolls["L"].set_typed("3")
    dialog.accept()
    assert model.state.phase == PHASE_DONE
    sentence = model.session.log[-1].sentence
    assert sentence == "Tick 1's effects: damage marked on Bandit, counters moved."
    assert window.statusBar().currentMessage() == sentence


def _first_tick_with_an_extra() -> CombatModel:
    """Ejava (Join Battle 3) against a bandit who is an extra (1): tick 1, Ejava acting."""
    return first_tick_model(replace(bandit(), kind=CharacterKind.EXTRA))


def test_an_extras_damage_is_reported_as_marked_though_nothing_was_rolled(
    qtbot: QtBot, tmp_path: Path, shown: Shown
) -> None:
    """Ejava hits the extra: his dice become levels, so Ctrl+Return applies at once.

    The bar said "no damage rolls applied" while the extra's track filled; it names him.
    """
    model = ejava_attacks(_first_tick_with_an_extra())
    window = _window(qtbot, tmp_path, shown, model)
    window.actions_by_name["apply"].trigger()
    assert window.turn.dialog is None
    assert model.state.combatants["bandit"].health.damage > 0
    assert window.statusBar().currentMessage() == (
        "Tick 1's effects: damage marked on Bandit, counters moved."
    )
