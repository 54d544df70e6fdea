"""Desktop tests: every user path (settings included) goes to a folder of the test's own,
and every dialog a test shows is kept alive until the test is over (``shown``)."""

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.app import _main_window
from battlewheel.storage.paths import HOME_VARIABLE
from battlewheel.views import file_menu
from battlewheel.views import settings as prefs
from battlewheel.views.character_editor import window as editor_window
from battlewheel.views.main_window import MainWindow


@pytest.fixture(autouse=True)
def battlewheel_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point BATTLEWHEEL_HOME at a fresh folder, so no test touches the user's files."""
    home = tmp_path / "home"
    monkeypatch.setenv(HOME_VARIABLE, str(home))
    yield home


@pytest.fixture(autouse=True)
def discard_on_teardown(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Windows left with changes are closed with Discard (a modal box would hang the run).

    Tests of the Save / Discard / Cancel box itself use ``unsaved_box`` to get it back.
    """
    asked: list[str] = []

    def discard(parent: QWidget, name: str, doing: str) -> QMessageBox.StandardButton:
        asked.append(name)
        return QMessageBox.StandardButton.Discard

    monkeypatch.setattr(file_menu, "ask_unsaved", discard)
    yield asked


@pytest.fixture
def unsaved_box(qtbot: QtBot, discard_on_teardown: list[str]) -> Iterator[None]:
    """The real Save / Discard / Cancel message box, for the tests that answer it.

    Torn down before ``qtbot`` closes the test's windows, so those get Discard again.
    """
    stand_in = file_menu.ask_unsaved
    file_menu.ask_unsaved = ORIGINAL_ASK
    yield
    file_menu.ask_unsaved = stand_in


ORIGINAL_ASK = file_menu.ask_unsaved


@pytest.fixture
def first_start(qtbot: QtBot, qapp: QApplication, tmp_path: Path) -> Iterator[MainWindow]:
    """The window of a first start (the demo campaign), shown; normal text size after."""
    built = _main_window(qapp, None, settings_file=tmp_path / "settings.ini")
    qtbot.addWidget(built)
    with qtbot.waitSignal(built.firstPainted):
        built.show()
    yield built
    prefs.TextScale(qapp).apply(False)

W = TypeVar("W", bound=QWidget)


@pytest.fixture
def shown(qtbot: QtBot) -> Iterator[Callable[[W], W]]:
    """Show widgets and keep them alive until the test is over, then delete them cleanly.

    A dialog the test no longer names would otherwise be collected by Python in the
    middle of a pyqtgraph paint event, which crashes the test run.
    """
    kept: list[QWidget] = []

    def hold(widget: W) -> W:
        qtbot.addWidget(widget)
        kept.append(widget)
        widget.show()
        return widget

    yield hold
    for widget in kept:
        widget.close()
        widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    kept.clear()


@pytest.fixture
def quiet_editor(monkeypatch: pytest.MonkeyPatch) -> None:
    """An editor left with typing when the test ends is thrown away without a question
    (it would hang)."""
    monkeypatch.setattr(editor_window, "ask_discard", lambda _parent: True)
