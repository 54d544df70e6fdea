"""Issue 35: every dialog fits a 1366x768 screen with its buttons in sight, even one that
grows once open (the set-up dialog given an ambusher, Impulse's manoeuvre dialog after
Seek Cover or Knockback), wherever it first opened."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QDialog, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.dice import SeededDice
from battlewheel.views.dialogs import on_screen
from battlewheel.views.rulesets.impulse.turn_dialogs_manoeuvre import ManoeuvreDialog
from battlewheel.views.rulesets.rewrite.setup_dialogs import CombatSetupDialog
from tests.conformance import SYSTEMS, piece
from tests.desktop.d2_combatants import bandit, ejava, model_with
from tests.desktop.rulesets.impulse.fight import started_model

LAPTOP = QRect(0, 0, 1366, 768)
Shown = Callable[[QDialog], QDialog]


@pytest.fixture(autouse=True)
def laptop(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screen is a 1366x768 laptop's (the test platform's is 800x800)."""
    monkeypatch.setattr(on_screen, "screen_area", lambda _window: LAPTOP)


def _in_sight(dialog: QDialog, qtbot: QtBot) -> None:
    qtbot.wait(20)  # a dialog widens and heightens for new rows on the next event
    frame = dialog.frameGeometry()
    assert LAPTOP.contains(frame), frame
    buttons = dialog.buttons  # type: ignore[attr-defined]
    corner = buttons.mapToGlobal(QPoint(buttons.width(), buttons.height()))
    assert buttons.isVisible() and LAPTOP.contains(corner), corner


def test_the_set_up_dialog_given_an_ambusher_keeps_start_in_sight(
        shown: Shown, qtbot: QtBot) -> None:
    """Opened at y=115 as the GM met it, then given an ambusher: it moves up (and
    scrolls) so that "Start the battle" stays on the screen."""
    model = model_with(("ejava", ejava(), "enemy"), ("bandit", bandit(), "ally"),
                       ("guard", bandit(), "ally"), ("thug", bandit(), "ally"))
    dialog = CombatSetupDialog(model, face_source=SeededDice(5))
    dialog.move(300, 115)
    shown(dialog)
    dialog.resize(dialog.width(), 699)
    dialog.add_ambusher("ejava")
    _in_sight(dialog, qtbot)
    dialog.resize(dialog.width(), 900)  # taller than the screen: held to it
    _in_sight(dialog, qtbot)
    assert dialog.frameGeometry().height() <= LAPTOP.height()


@pytest.mark.parametrize("effect", ["seek_cover", "knockback"])
def test_the_impulse_manoeuvre_dialog_keeps_its_fields_after_the_effect_grows_it(
        shown: Shown, qtbot: QtBot, effect: str) -> None:
    """After the stunt's effect adds its rows, every field is as tall as it needs and the
    buttons stay on the screen."""
    dialog = ManoeuvreDialog(started_model())
    dialog.move(300, 500)
    shown(dialog)
    dialog.stunt_form.choose(effect, "chief")
    _in_sight(dialog, qtbot)
    squeezed = [w for w in dialog.findChildren(QWidget)
                if w.isVisible() and w.objectName() != "qt_spinbox_lineedit"
                and 0 < w.height() < w.minimumSizeHint().height()]
    assert squeezed == []


def test_every_dialog_of_the_table_asks_to_stay_on_the_screen() -> None:
    """Each system's dialog bases (its conformance file's dialogs()) and the window's own
    dialogs keep themselves on the screen (a dialog added later from one of these bases
    does too)."""
    import inspect

    from battlewheel.views import condition_dialog, forecast_dialog, rulings_dialog
    from battlewheel.views.character_editor import window

    classes = (*(cls for system in SYSTEMS for cls in piece(system, "dialogs")()),
               forecast_dialog.ForecastDialog, condition_dialog.ConditionDialog,
               rulings_dialog.RulingsDialog, window.CharacterEditor)
    missing = [cls.__name__ for cls in classes
               if "keep_on_screen_while_open(self)" not in inspect.getsource(cls.__init__)]
    assert missing == []
