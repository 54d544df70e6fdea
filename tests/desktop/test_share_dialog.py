"""View > Share with the table: the dialog, the share it runs and when it stops."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.error import URLError
from urllib.request import urlopen

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlewheel.engine.rulesets.rewrite.actions import MoveCounter
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.main_window import MainWindow
from tests.desktop.started_combat import started_session
from tests.desktop.windows import painted_window


def _fetch(url: str) -> bytes:
    with urlopen(url, timeout=5) as answer:
        return bytes(answer.read())


@pytest.fixture
def sharing(qtbot: QtBot, tmp_path: Path):  # type: ignore[no-untyped-def]
    """The window on the started fight, its share running on loopback; stopped after."""
    window = painted_window(qtbot, CombatModel(started_session()), tmp_path / "s.ini")
    window.actions_by_name["share_with_table"].trigger()
    dialog = window._share_dialog  # type: ignore[attr-defined]
    dialog.where.setCurrentIndex(dialog.where.findData("127.0.0.1"))
    dialog.port.setValue(0)
    dialog.start_button.click()
    assert dialog.control.running, dialog.message.text()
    yield window, dialog
    dialog.control.stop()


def test_nothing_listens_until_start_and_the_dialog_offers_loopback(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = painted_window(qtbot, CombatModel(started_session()), tmp_path / "s.ini")
    window.actions_by_name["share_with_table"].trigger()
    dialog = window._share_dialog  # type: ignore[attr-defined]
    assert not dialog.control.running and dialog.address.text() == ""
    assert dialog.where.findData("127.0.0.1") >= 0
    assert "0.0.0.0" not in [dialog.where.itemData(n) for n in range(dialog.where.count())]


def test_the_address_its_qr_code_and_the_fight_with_hidden_names(
        sharing: tuple[MainWindow, object]) -> None:
    _window, dialog = sharing
    url = dialog.address.text()  # type: ignore[attr-defined]
    assert url.startswith("http://127.0.0.1:") and len(url.rsplit("/", 2)[1]) >= 22
    assert not dialog.qr.pixmap().isNull()  # type: ignore[attr-defined]
    state = json.loads(_fetch(url + "state.json"))
    assert state["heading"] == "Tick 1"
    assert [e["name"] for e in state["enemies"]][:2] == ["Enemy 1", "Enemy 2"]
    assert "Bandit" not in _fetch(url + "wheel.svg").decode()


def test_an_action_in_the_window_reaches_the_page(
        qtbot: QtBot, sharing: tuple[MainWindow, object]) -> None:
    window, dialog = sharing
    url = dialog.address.text()  # type: ignore[attr-defined]
    before = _fetch(url + "wheel.svg")
    window.combat.push(MoveCounter(combatant="lotus", segment=3))
    qtbot.waitUntil(lambda: _fetch(url + "wheel.svg") != before, timeout=3000)


def test_revealing_a_name_on_the_player_screen_reveals_it_on_the_page(
        qtbot: QtBot, sharing: tuple[MainWindow, object]) -> None:
    window, dialog = sharing
    url = dialog.address.text()  # type: ignore[attr-defined]
    window.actions_by_name["player_screen"].trigger()
    window.player_screen.names_menu.aboutToShow.emit()
    next(a for a in window.player_screen.names_menu.actions()
         if a.text() == "Show Bandit 2").trigger()
    qtbot.waitUntil(lambda: b"Bandit 2" in _fetch(url + "state.json"), timeout=3000)
    assert b"Bandit 1" not in _fetch(url + "state.json")


def test_stop_a_new_link_and_a_new_campaign_end_the_old_address(
        qtbot: QtBot, sharing: tuple[MainWindow, object]) -> None:
    window, dialog = sharing
    old = dialog.address.text()  # type: ignore[attr-defined]
    dialog.new_link_button.click()  # type: ignore[attr-defined]
    new = dialog.address.text()  # type: ignore[attr-defined]
    assert new != old and _fetch(new)
    with pytest.raises(URLError):  # HTTPError 404 is a URLError
        _fetch(old)
    window.show_session(started_session(), None)  # another campaign on screen
    assert not dialog.control.running  # type: ignore[attr-defined]
    with pytest.raises(URLError):
        _fetch(new)
    assert dialog.address.text() == ""  # type: ignore[attr-defined]
    dialog.start_button.click()  # type: ignore[attr-defined]
    assert dialog.control.running  # type: ignore[attr-defined]
    QApplication.instance().aboutToQuit.emit()  # type: ignore[union-attr]
    assert not dialog.control.running  # type: ignore[attr-defined]
