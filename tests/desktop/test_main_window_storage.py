"""The window wired to storage as the program starts it: files, journal, restore, roster."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDockWidget
from pytestqt.qtbot import QtBot

from battlewheel.app import _main_window, first_session
from battlewheel.engine.combat.actions import MoveCounter
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, qapp: QApplication, tmp_path: Path) -> Iterator[MainWindow]:
    """The window as ``battlewheel`` builds it, with every user path in the test's home."""
    built = _main_window(qapp, None, settings_file=tmp_path / "settings.ini")
    qtbot.addWidget(built)
    yield built
    prefs.TextScale(qapp).apply(False)


def _files(window: MainWindow) -> StoredCampaigns:
    assert isinstance(window.files, StoredCampaigns)
    return window.files


def test_file_actions_and_the_roster_dock_are_on(window: MainWindow) -> None:
    """With storage the File actions work and the campaign's roster is a dock."""
    for name in ("open", "save", "save_as", "open_demo"):
        assert window.actions_by_name[name].isEnabled(), name
    docks = {dock.objectName() for dock in window.findChildren(QDockWidget)}
    assert any("roster" in name.lower() for name in docks), docks


def test_the_bundled_style_sheet_styles_the_toolbar_only(
    window: MainWindow, qapp: QApplication
) -> None:
    """resources/styles/battlewheel.qss reaches the toolbar; the application has none."""
    assert "QToolButton" in window.toolbar.styleSheet()
    assert qapp.styleSheet() == ""


def test_the_demo_campaign_opens_from_the_file_menu(window: MainWindow) -> None:
    """File > Open the demo campaign shows its eight combatants waiting beside the wheel."""
    window.actions_by_name["open_demo"].trigger()
    assert len(window.combat.state.combatants) == 8
    assert len(window.combat.wheel().off_wheel()) == 8
    assert set(window.scene.counters) == set(window.combat.state.combatants)
    assert window.combat.undo_stack.count() == 0


def test_a_crashed_run_is_offered_back_and_restored(
    window: MainWindow, battlewheel_home: Path
) -> None:
    """A move journaled before a crash comes back when the GM answers yes."""
    window.combat.push(MoveCounter(combatant="bandit1", segment=6))
    questions: list[str] = []

    def yes(text: str) -> bool:
        questions.append(text)
        return True

    session, _ = first_session(StoredCampaigns(), ask=yes)
    assert len(questions) == 1
    assert session.state.combatants["bandit1"].next_tick == 6


def test_declining_the_restore_starts_the_demo_and_forgets_the_journal(
    window: MainWindow,
) -> None:
    """Answering no starts the demo afresh, and the next start asks nothing."""
    window.combat.push(MoveCounter(combatant="bandit1", segment=6))
    session, path = first_session(StoredCampaigns(), ask=lambda text: False)
    assert session.state.combatants["bandit1"].next_tick == 4
    assert path is None
    assert StoredCampaigns().pending_recovery() is None


def test_saving_names_the_file_in_the_title_and_marks_it_clean(
    window: MainWindow, battlewheel_home: Path
) -> None:
    """Save As writes the campaign; the title shows its name without the change mark."""
    window.combat.push(MoveCounter(combatant="bandit1", segment=6))
    assert window.windowTitle().startswith("Demo combat *")
    target = battlewheel_home / "ford.json"
    window.file_ops.save_to(target)
    assert target.exists()
    assert window.windowTitle().startswith("ford — ")
    reopened = StoredCampaigns().load(target)
    assert reopened.state.combatants["bandit1"].next_tick == 6


def test_a_saved_file_is_listed_under_open_recent(
    window: MainWindow, battlewheel_home: Path
) -> None:
    """After Save As, File > Open recent lists the file, and choosing it opens it."""
    target = battlewheel_home / "ford.json"
    window.file_ops.save_to(target)
    window.file_ops.fill_recent()
    entries = window.file_ops.recent_menu.actions()
    assert [a.text() for a in entries] == ["ford.json"]
    window.combat.push(MoveCounter(combatant="bandit1", segment=6))
    entries[0].trigger()
    assert window.combat.state.combatants["bandit1"].next_tick == 4
    assert window.path == target


def test_a_bad_campaign_file_is_refused_and_the_combat_stays(
    window: MainWindow, battlewheel_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening a broken file warns and leaves the combat on screen as it was."""
    broken = battlewheel_home / "broken.json"
    broken.parent.mkdir(parents=True, exist_ok=True)
    broken.write_text("{not json", encoding="utf-8")
    warnings: list[str] = []
    monkeypatch.setattr(
        "battlewheel.views.main_window.QMessageBox.warning",
        lambda parent, title, text: warnings.append(text),
    )
    before = window.combat.session.to_json()
    window.open_path(broken)
    assert warnings and "broken.json" in warnings[0]
    assert window.combat.session.to_json() == before


def test_a_campaign_named_on_the_command_line_opens(
    qtbot: QtBot, qapp: QApplication, tmp_path: Path
) -> None:
    """``battlewheel CAMPAIGN`` opens that campaign's combat and names it in the title."""
    demo = Path(__file__).resolve().parents[2] / "resources" / "campaigns" / "demo.json"
    window = _main_window(qapp, demo, settings_file=tmp_path / "settings.ini")
    qtbot.addWidget(window)
    assert window.path == demo
    assert len(window.combat.state.combatants) == 8
    assert window.windowTitle().startswith("demo — ")


def test_sheet_dock_places_survive_a_restart(
    qtbot: QtBot, qapp: QApplication, tmp_path: Path
) -> None:
    """A character sheet moved to the left dock area is there again in the next window."""
    left = Qt.DockWidgetArea.LeftDockWidgetArea
    first = _main_window(qapp, None, settings_file=tmp_path / "settings.ini")
    qtbot.addWidget(first)
    with qtbot.waitSignal(first.firstPainted):
        first.show()
    first.addDockWidget(left, first.sheet_docks["chief"])
    first.close()
    second = _main_window(qapp, None, settings_file=tmp_path / "settings.ini")
    qtbot.addWidget(second)
    with qtbot.waitSignal(second.firstPainted):
        second.show()
    assert second.dockWidgetArea(second.sheet_docks["chief"]) == left
    assert second.dockWidgetArea(second.sheet_docks["lotus"]) != left
