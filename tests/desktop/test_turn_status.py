"""The status bar after a tick step says what the engine applied, in the engine's words."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.combat.actions_attack import (
    DeclaredManoeuvre,
    DeclareFlurry,
    Defence,
    ResolveAttack,
)
from battlewheel.engine.combat.state import PHASE_DONE
from battlewheel.engine.dice import DiceEntry
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from tests.desktop.d2_combatants import first_tick_model, shown

__all__ = ["shown"]

Shown = Callable[[QWidget], QWidget]


def test_apply_effects_after_a_miss_shows_the_engines_sentence(
    qtbot: QtBot, tmp_path: Path, shown: Shown
) -> None:
    """After Ejava's miss (no success, Accuracy 2 against parry 2) Apply effects applies at
    once and the status bar reads the engine's sentence for tick 1's effects."""
    model = first_tick_model()
    sword = DeclaredManoeuvre("attack", "Straight sword", "bandit")
    assert model.push(DeclareFlurry("ejava", (sword,))) is None
    miss = DiceEntry.of_faces((1, 2, 3, 4, 5, 6, 2, 3))
    attack = ResolveAttack("ejava", 0, attack=miss, defence=Defence("parry:Straight sword"))
    assert model.push(attack) is None
    window = MainWindow(model, settings=prefs.open_settings(tmp_path / "settings.ini"))
    with qtbot.waitSignal(window.firstPainted):
        shown(window)
    window.actions_by_name["apply"].trigger()
    assert model.state.phase == PHASE_DONE
    sentence = model.session.log[-1].sentence
    assert sentence.startswith("Tick 1's effects")
    assert window.statusBar().currentMessage() == sentence
