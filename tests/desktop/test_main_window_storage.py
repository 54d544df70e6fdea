"""The window wired to storage as the program starts it: first start, recent, restore, roster."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDockWidget
from pytestqt.qtbot import QtBot

from battlewheel.app import _main_window, first_session
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.rulesets.rewrite.actions import RollJoinBattle
from battlewheel.models.combat_model import CombatModel
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.roster_dock import RosterDock

DEMO_NAME = "Demo: the Wyld Hunt at Marrow Ford"
# The demo has a fight in each system, so the title names the one on screen first.
DEMO_TITLE = f"Ambush at Marrow Ford — {DEMO_NAME}"
DEMO_FILE = Path(__file__).resolve().parents[2] / "resources" / "campaigns" / "demo.json"


def join(combatant: str = "kestrel", successes: int = 3) -> RollJoinBattle:
    """A Join Battle roll, a change the demo's combat (not yet begun) accepts."""
    return RollJoinBattle(combatant=combatant, dice=DiceEntry.of_successes(successes))


def start(qtbot: QtBot, qapp: QApplication, settings: Path,
          campaign: Path | None = None) -> MainWindow:
    """The window as ``battlewheel [CAMPAIGN]`` builds it."""
    built = _main_window(qapp, campaign, settings_file=settings)
    qtbot.addWidget(built)
    return built


@pytest.fixture
def window(qtbot: QtBot, qapp: QApplication, tmp_path: Path) -> Iterator[MainWindow]:
    """The window of a first start, with every user path in the test's home."""
    built = start(qtbot, qapp, tmp_path / "settings.ini")
    yield built
    prefs.TextScale(qapp).apply(False)


def _files(window: MainWindow) -> StoredCampaigns:
    assert isinstance(window.files, StoredCampaigns)
    return window.files


def _roster(window: MainWindow) -> RosterDock:
    dock = window.findChild(RosterDock)
    assert isinstance(dock, RosterDock)
    return dock


def test_file_actions_and_the_roster_dock_are_on(window: MainWindow) -> None:
    """With storage the File actions work and the campaign's roster is a dock."""
    for name in ("open", "save", "save_as", "open_demo"):
        assert window.actions_by_name[name].isEnabled(), name
    docks = {dock.objectName() for dock in window.findChildren(QDockWidget)}
    assert "rosterDock" in docks, docks


def test_the_bundled_style_sheet_styles_the_toolbar_only(
    window: MainWindow, qapp: QApplication
) -> None:
    """resources/styles/battlewheel.qss reaches the toolbar; the application has none."""
    assert "QToolButton" in window.toolbar.styleSheet()
    assert qapp.styleSheet() == ""


def test_the_first_start_opens_the_demo_campaign_with_its_roster(window: MainWindow) -> None:
    """No campaign and no recent file: the demo's roster and the 2e fight's eight fighters."""
    assert _roster(window).roster.count() == len(load_demo_campaign().characters) > 0
    assert len(window.combat.state.combatants) == 8
    assert len(window.combat.wheel().off_wheel()) == 8
    assert set(window.scene.counters) == set(window.combat.state.combatants)
    assert window.path is None
    assert window.windowTitle().startswith(DEMO_TITLE)
    assert not window.isWindowModified()


def test_the_demo_campaign_opens_from_the_file_menu(window: MainWindow) -> None:
    """File > Open the demo campaign shows its eight combatants waiting beside the wheel."""
    window.file_ops.save_to(window.files.default_folder() / "mine.json")  # type: ignore[union-attr]
    window.actions_by_name["open_demo"].trigger()
    assert len(window.combat.state.combatants) == 8
    assert window.path is None
    # Its log is its history (one step per entry), and that is what the file holds.
    assert window.combat.undo_stack.count() == len(window.combat.session.log)
    assert window.combat.undo_stack.isClean()


def test_a_later_start_reopens_the_most_recent_campaign(
    qtbot: QtBot, qapp: QApplication, tmp_path: Path, battlewheel_home: Path
) -> None:
    """A campaign saved in one run is the one the next run opens, with its change."""
    first = start(qtbot, qapp, tmp_path / "settings.ini")
    first.combat.push(join())
    target = battlewheel_home / "ford.json"
    assert first.file_ops.save_to(target)
    first.close()
    second = start(qtbot, qapp, tmp_path / "settings.ini")
    assert second.path == target
    assert len(second.combat.session.log) == 9  # the demo's eight additions and the roll
    assert second.windowTitle().startswith(f"{DEMO_TITLE} (ford.json)")


def test_a_recent_campaign_that_no_longer_loads_is_reported_and_the_demo_opens(
    battlewheel_home: Path,
) -> None:
    """A broken most recent file: a message naming it, then the demo campaign."""
    broken = battlewheel_home / "broken.json"
    files = StoredCampaigns()
    files.save(files.open_demo(), broken)
    files.remember(broken)
    files.close()
    broken.write_text("{not json", encoding="utf-8")
    said: list[str] = []
    first = first_session(StoredCampaigns(), ask=lambda text: True, warn=said.append)
    assert len(said) == 1 and "broken.json" in said[0]
    assert first.path is None
    assert len(first.session.state.combatants) == 8


def test_a_campaign_named_on_the_command_line_opens(
    qtbot: QtBot, qapp: QApplication, tmp_path: Path, battlewheel_home: Path
) -> None:
    """``battlewheel CAMPAIGN`` opens that campaign rather than the most recent one."""
    other = battlewheel_home / "other.json"
    files = StoredCampaigns()
    files.save(files.open_demo(), other)
    files.remember(other)
    files.close()
    window = start(qtbot, qapp, tmp_path / "settings.ini", DEMO_FILE)
    assert window.path == DEMO_FILE
    assert len(window.combat.state.combatants) == 8
    assert window.windowTitle().startswith(f"{DEMO_TITLE} (demo.json)")


def test_a_crashed_run_is_offered_back_and_restored_as_unsaved(
    qtbot: QtBot, qapp: QApplication, tmp_path: Path
) -> None:
    """A roll journaled before a crash comes back when the GM answers yes, marked unsaved."""
    crashed = start(qtbot, qapp, tmp_path / "settings.ini")
    crashed.combat.push(join())
    questions: list[str] = []

    def yes(text: str) -> bool:
        questions.append(text)
        return True

    restored = first_session(StoredCampaigns(), ask=yes, warn=lambda text: None)
    assert len(questions) == 1
    assert restored.restored
    assert len(restored.session.log) == 9


def test_declining_the_restore_starts_the_demo_and_forgets_the_journal(
    window: MainWindow,
) -> None:
    """Answering no starts the demo afresh, and the next start asks nothing."""
    window.combat.push(join())
    first = first_session(StoredCampaigns(), ask=lambda text: False, warn=lambda text: None)
    assert len(first.session.log) == 8
    assert first.path is None
    assert StoredCampaigns().pending_recovery() is None


def test_saving_names_the_file_in_the_title_and_marks_it_clean(
    window: MainWindow, battlewheel_home: Path
) -> None:
    """Save As writes the campaign; the title shows its file without the change mark."""
    window.combat.push(join())
    assert window.isWindowModified()
    target = battlewheel_home / "ford.json"
    assert window.file_ops.save_to(target)
    assert not window.isWindowModified()
    assert window.windowTitle().startswith(f"{DEMO_TITLE} (ford.json)")
    assert len(StoredCampaigns().load(target).log) == 9


def test_a_saved_file_is_listed_under_open_recent(
    window: MainWindow, battlewheel_home: Path
) -> None:
    """After Save As, File > Open recent lists the file, and choosing it opens it."""
    target = battlewheel_home / "ford.json"
    window.file_ops.save_to(target)
    window.file_ops.fill_recent()
    entries = window.file_ops.recent_menu.actions()
    assert [a.text() for a in entries] == ["ford.json"]
    window.actions_by_name["open_demo"].trigger()
    entries[0].trigger()
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
        "PySide6.QtWidgets.QMessageBox.warning",
        lambda parent, title, text: warnings.append(text),
    )
    before = window.combat.session.to_json()
    window.open_path(broken)
    assert warnings and "broken.json" in warnings[0]
    assert window.combat.session.to_json() == before


def test_sheet_dock_places_survive_a_restart(
    qtbot: QtBot, qapp: QApplication, tmp_path: Path
) -> None:
    """A character sheet moved to the left dock area is there again in the next window."""
    left = Qt.DockWidgetArea.LeftDockWidgetArea
    first = start(qtbot, qapp, tmp_path / "settings.ini")
    with qtbot.waitSignal(first.firstPainted):
        first.show()
    first.addDockWidget(left, first.sheet_docks["oda"])
    first.close()
    second = start(qtbot, qapp, tmp_path / "settings.ini")
    with qtbot.waitSignal(second.firstPainted):
        second.show()
    assert second.dockWidgetArea(second.sheet_docks["oda"]) == left
    assert second.dockWidgetArea(second.sheet_docks["kestrel"]) != left


def test_ctrl_z_reaches_back_into_the_last_sitting(
    qtbot: QtBot, qapp: QApplication, tmp_path: Path, battlewheel_home: Path
) -> None:
    """Two rolls saved, one undone before saving: the next run can undo the kept roll,
    redo the undone one, and History names both by their log sentences."""
    first = start(qtbot, qapp, tmp_path / "settings.ini")
    first.combat.push(join())
    first.combat.push(join("tallow", 2))
    first.combat.undo_stack.undo()
    kept = first.combat.session.log[-1].sentence
    target = battlewheel_home / "ford.json"
    assert first.file_ops.save_to(target)
    first.close()
    second = start(qtbot, qapp, tmp_path / "settings.ini")
    stack = second.combat.undo_stack
    assert stack.count() == 10 and stack.index() == 9  # eight additions, two rolls
    assert stack.isClean() and not second.isWindowModified()
    assert stack.command(8).text() == kept
    assert stack.canRedo()
    second.actions_by_name["undo"].trigger()
    assert len(second.combat.session.log) == 8
    assert second.statusBar().currentMessage() == f"Undone: {kept}"
    stack.redo()
    stack.redo()
    assert len(second.combat.session.log) == 10


def test_ctrl_z_works_after_a_crash_is_restored(
    qtbot: QtBot, qapp: QApplication, tmp_path: Path
) -> None:
    """The journaled roll comes back as an undoable step (app.py builds the window's model
    of the restored session with its history, as here)."""
    crashed = start(qtbot, qapp, tmp_path / "settings.ini")
    crashed.combat.push(join())
    sentence = crashed.combat.session.log[-1].sentence
    restored = first_session(StoredCampaigns(), ask=lambda text: True, warn=lambda text: None)
    assert restored.restored

    model = CombatModel(restored.session, history=True)
    assert model.undo_stack.count() == 9
    assert model.undo_stack.command(8).text() == sentence
    model.undo_stack.undo()
    assert len(model.session.log) == 8


def test_file_open_starts_in_the_folder_of_the_campaign_on_screen(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Saved under table/: File > Open's dialog starts in table/, not the data folder."""
    from PySide6.QtWidgets import QFileDialog

    folder = tmp_path / "table"
    folder.mkdir()
    assert window.file_ops.save_to(folder / "night.json")
    asked: list[str] = []

    def fake_dialog(_parent: object, _title: str, start_in: str, _filter: str) -> tuple[str, str]:
        asked.append(start_in)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(fake_dialog))
    window.actions_by_name["open"].trigger()
    assert asked == [str(folder)]
    assert Path(asked[0]) != _files(window).default_folder()
