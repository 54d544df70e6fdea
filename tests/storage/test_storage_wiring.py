"""Storage in the main window: journal on change, restore offer, print menu, blank sheets."""

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from battlewheel.engine.combat.actions import SpendWillpower
from battlewheel.models.combat_model import CombatModel
from battlewheel.storage.campaign import load_demo_campaign, save_campaign
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.journal import Journal
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.roster_dock import RosterDock
from battlewheel.views.storage_wiring import BlankSheetDialog, offer_recovery, wire_storage


def make_window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    files = StoredCampaigns(Journal(tmp_path / "journal.jsonl"))
    path = tmp_path / "demo.json"
    if not path.exists():
        save_campaign(load_demo_campaign(), path)
    window = MainWindow(CombatModel(files.load(path)),
                        settings=prefs.open_settings(tmp_path / "s.ini"), files=files)
    qtbot.addWidget(window)
    window.path = path
    assert wire_storage(window)
    return window


def test_wiring_adds_roster_dock_and_print_actions(qtbot: QtBot, tmp_path: Path) -> None:
    """The roster dock is docked and File offers print, PDF export and blank sheets."""
    window = make_window(qtbot, tmp_path)
    assert window.findChild(RosterDock) is not None
    for name in ("print_tracks", "export_tracks", "blank_sheets"):
        assert name in window.actions_by_name
    assert window.actions_by_name["print_tracks"].shortcut().toString() == "Ctrl+P"


def test_each_change_is_journaled_and_restored_after_a_crash(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pushed action reaches the journal; the next window offers it back and restores it."""
    first = make_window(qtbot, tmp_path)
    first.combat.push(SpendWillpower("kestrel", 2))
    assert (tmp_path / "journal.jsonl").exists()
    second = make_window(qtbot, tmp_path)  # the first run "crashed": no close
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args: QMessageBox.StandardButton.Yes)
    assert offer_recovery(second)
    kestrel = second.combat.combatant("kestrel")
    assert kestrel is not None and kestrel.willpower == kestrel.character.willpower - 2
    assert second.path == tmp_path / "demo.json"


def test_declining_the_offer_discards_the_journal(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Answering No forgets the unsaved work; it is not offered again."""
    first = make_window(qtbot, tmp_path)
    first.combat.push(SpendWillpower("kestrel", 1))
    second = make_window(qtbot, tmp_path)
    monkeypatch.setattr(QMessageBox, "question", lambda *args: QMessageBox.StandardButton.No)
    assert not offer_recovery(second)
    assert not (tmp_path / "journal.jsonl").exists()


def test_closing_with_unsaved_changes_keeps_the_journal(qtbot: QtBot, tmp_path: Path) -> None:
    """Unsaved work survives a close for the next start; saved work leaves no journal."""
    window = make_window(qtbot, tmp_path)
    window.combat.push(SpendWillpower("kestrel", 1))
    window.close()
    assert (tmp_path / "journal.jsonl").exists()
    window = make_window(qtbot, tmp_path)
    window.combat.push(SpendWillpower("kestrel", 1))
    window.save_campaign()
    window.close()
    assert not (tmp_path / "journal.jsonl").exists()


def test_export_writes_the_campaign_cards_to_pdf(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """File > Export health tracks writes the chosen PDF."""
    window = make_window(qtbot, tmp_path)
    target = tmp_path / "tracks.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    window.actions_by_name["export_tracks"].trigger()
    assert target.read_bytes().startswith(b"%PDF")


def test_blank_sheet_dialog_builds_the_chosen_cards(qtbot: QtBot) -> None:
    """Stamina 3 with one extra -1 level, four copies: four 11-box empty cards."""
    dialog = BlankSheetDialog()
    qtbot.addWidget(dialog)
    dialog.stamina.setValue(3)
    dialog.extra[1].setValue(1)
    dialog.copies.setValue(4)
    cards = dialog.cards()
    assert len(cards) == 4
    assert cards[0].labels.count("-1") == 3 and len(cards[0].labels) == 11
    assert set(cards[0].marks) == {"."}
