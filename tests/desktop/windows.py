"""The real window on a combat, shown and painted once, as the desktop tests open it."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from battlewheel.models.combat_model import CombatModel
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow

LAPTOP = (1366, 740)  # a 1366x768 screen less the panel


def painted_window(qtbot: QtBot, model: CombatModel, settings_file: Path, *,
                   size: tuple[int, int] | None = LAPTOP,
                   text_scale: prefs.TextScale | None = None) -> MainWindow:
    """The window on ``model`` at ``size`` (None: its own first size), after its first paint."""
    window = MainWindow(model, settings=prefs.open_settings(settings_file), text_scale=text_scale)
    qtbot.addWidget(window)
    if size is not None:
        window.resize(*size)
    with qtbot.waitSignal(window.firstPainted):
        window.show()
    return window
