"""No work is lost on quit: Save / Discard / Cancel, the change mark, the crash journal."""

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from battlewheel.app import _main_window
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.paths import campaigns_dir, journal_path
from battlewheel.views.main_window import MainWindow
from tests.desktop.test_main_window_storage import DEMO_FILE, DEMO_NAME, DEMO_TITLE, join

Button = QMessageBox.StandardButton


@pytest.fixture
def window(first_start: MainWindow) -> MainWindow:
    """The window of a first start (the demo campaign), shown."""
    return first_start


def answer_box(button: Button, seen: list[str]) -> None:
    """Click ``button`` in the next modal message box, noting its text."""

    def click(tries: int = 200) -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            seen.append(f"{box.text()} {box.informativeText()}")
            box.button(button).click()
        elif tries:
            QTimer.singleShot(10, lambda: click(tries - 1))

    QTimer.singleShot(0, click)


def save_dialog_answers(monkeypatch: pytest.MonkeyPatch, path: Path | None) -> list[str]:
    """Make the Save As dialog answer ``path`` (None: cancelled); returns the suggestions."""
    suggested: list[str] = []

    def answer(*args: object, **kwargs: object) -> tuple[str, str]:
        suggested.append(str(args[2]))
        return (str(path) if path else "", "")

    monkeypatch.setattr(QFileDialog, "getSaveFileName", answer)
    return suggested


def _closes(window: MainWindow) -> bool:
    window.close()
    return not window.isVisible()


def test_a_change_marks_the_title_and_undo_clears_it(window: MainWindow) -> None:
    """The title names the campaign; a change sets the modified mark; undoing it clears it."""
    assert window.windowTitle() == f"{DEMO_TITLE}[*] — Battlewheel"
    window.combat.push(join())
    assert window.isWindowModified()
    window.combat.undo_stack.undo()
    assert not window.isWindowModified()


def test_closing_a_clean_window_asks_nothing(
    window: MainWindow, discard_on_teardown: list[str]
) -> None:
    """Nothing unsaved: the window closes at once and no question is asked."""
    assert _closes(window)
    assert discard_on_teardown == []


@pytest.mark.usefixtures("unsaved_box")
def test_cancel_keeps_the_window_open_and_the_journal(window: MainWindow) -> None:
    """Cancel in the box: the window stays, the change stays, the journal stays."""
    window.combat.push(join())
    seen: list[str] = []
    answer_box(Button.Cancel, seen)
    assert not _closes(window)
    assert seen and DEMO_NAME in seen[0] and "closing" in seen[0]
    assert len(window.combat.session.log) == 9
    assert journal_path().exists()
    window.combat.undo_stack.undo()  # leave clean, so the teardown asks nothing


@pytest.mark.usefixtures("unsaved_box")
def test_discard_closes_and_drops_the_journal(window: MainWindow) -> None:
    """Discard: the window closes and the next start offers no restore."""
    window.combat.push(join())
    answer_box(Button.Discard, [])
    assert _closes(window)
    assert StoredCampaigns().pending_recovery() is None


@pytest.mark.usefixtures("unsaved_box")
def test_saving_the_demo_asks_for_a_file_in_the_campaigns_folder(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Save on close: the demo has no file, so Save As suggests one in the user's folder."""
    target = campaigns_dir() / "ford.json"
    suggested = save_dialog_answers(monkeypatch, target)
    window.combat.push(join())
    answer_box(Button.Save, [])
    assert _closes(window)
    assert suggested == [str(campaigns_dir() / "Demo the Wyld Hunt at Marrow Ford.json")]
    assert len(StoredCampaigns().load(target).log) == 9
    assert StoredCampaigns().pending_recovery() is None


@pytest.mark.usefixtures("unsaved_box")
def test_cancelling_the_save_dialog_keeps_the_window_open(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Save, then Cancel in the file dialog: nothing is written and the window stays."""
    save_dialog_answers(monkeypatch, None)
    window.combat.push(join())
    answer_box(Button.Save, [])
    assert not _closes(window)
    assert journal_path().exists()
    window.combat.undo_stack.undo()


def test_the_bundled_demo_file_is_never_overwritten(
    qtbot: QtBot, qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``battlewheel resources/campaigns/demo.json``, then Ctrl+S: Save As, not the package."""
    before = DEMO_FILE.read_bytes()
    window = _main_window(qapp, DEMO_FILE, settings_file=tmp_path / "settings.ini")
    qtbot.addWidget(window)
    target = campaigns_dir() / "mine.json"
    suggested = save_dialog_answers(monkeypatch, target)
    window.combat.push(join())
    window.actions_by_name["save"].trigger()
    assert len(suggested) == 1 and suggested[0].startswith(str(campaigns_dir()))
    assert DEMO_FILE.read_bytes() == before
    assert window.path == target and not window.isWindowModified()


def test_a_roster_import_counts_as_unsaved(
    window: MainWindow, discard_on_teardown: list[str], monkeypatch: pytest.MonkeyPatch,
    battlewheel_home: Path,
) -> None:
    """Importing a character changes the campaign: the title is marked and close asks."""
    from battlewheel.storage.characters import export_character
    from battlewheel.views.roster_dock import RosterDock

    roster = window.findChild(RosterDock)
    assert isinstance(roster, RosterDock)
    exported = battlewheel_home / "kestrel.json"
    export_character(roster.roster.characters[0], exported)

    def pick(*args: object, **kwargs: object) -> tuple[str, str]:
        return (str(exported), "")

    monkeypatch.setattr(QFileDialog, "getOpenFileName", pick)
    # Kestrel is on the roster already: the import asks, and keeps both.
    from battlewheel.views import roster_edits

    monkeypatch.setattr(roster_edits, "ask_clash", lambda _parent, _name: roster_edits.KEEP_BOTH)
    roster.import_()
    assert window.isWindowModified()
    assert _closes(window)
    assert discard_on_teardown == [DEMO_NAME]


def test_opening_another_campaign_asks_first(
    window: MainWindow, discard_on_teardown: list[str]
) -> None:
    """File > Open the demo campaign with unsaved changes asks before dropping them."""
    window.combat.push(join())
    window.actions_by_name["open_demo"].trigger()
    assert discard_on_teardown == [DEMO_NAME]
    assert len(window.combat.session.log) == 8
