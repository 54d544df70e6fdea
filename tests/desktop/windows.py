"""The real window on a combat, shown and painted once, as the desktop tests open it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from battlewheel.models.combat_model import CombatModel
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow

if TYPE_CHECKING:
    from battlewheel.views.roster_dock import RosterDock

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


def stored_demo_window(qtbot: QtBot, folder: Path, *, session: object | None = None,
                       combats_menu: bool = False) -> MainWindow:
    """The window on the demo campaign saved in ``folder`` and opened through storage.

    ``session``: the combat shown (default: the campaign's own, as a start opens it);
    ``combats_menu``: with the Combat menu installed, as ``app.wire_storage`` does.
    """
    from battlewheel.storage.campaign import save_campaign
    from battlewheel.storage.campaign_files import StoredCampaigns
    from battlewheel.storage.demo_campaign import load_demo_campaign
    from battlewheel.storage.journal import Journal
    from battlewheel.views.combats_menu import install_combats_menu

    files = StoredCampaigns(Journal(folder / "journal.jsonl"))
    path = folder / "demo.json"
    save_campaign(load_demo_campaign(), path)
    opened = files.load(path)
    window = MainWindow(CombatModel(session if session is not None else opened, history=True),
                        settings=prefs.open_settings(folder / "s.ini"), files=files)
    window.campaign_name = lambda: files.campaign.name  # as app.wire_storage does
    qtbot.addWidget(window)
    if combats_menu:
        window.combats_menu = install_combats_menu(window)
    return window


def roster_dock_of(window: MainWindow) -> RosterDock:
    """The roster dock installed on ``window`` (a campaign window has one)."""
    from battlewheel.views.roster_dock import install_roster_dock

    made = install_roster_dock(window)
    assert made is not None
    return made


def answered_dialogs(monkeypatch: pytest.MonkeyPatch, cls: type[QDialog],
                     then: Callable[[Any], object]) -> list[Any]:
    """Every ``cls`` dialog opened from now on, handed to ``then`` and accepted at once
    instead of waiting for a person (``exec``)."""
    seen: list[Any] = []

    def exec_(self: QDialog) -> int:
        seen.append(self)
        then(self)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(cls, "exec", exec_)
    return seen
