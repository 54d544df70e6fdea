"""Printing from the main window: File > Print, Export to PDF and Blank player sheets."""

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QFileDialog
from pytestqt.qtbot import QtBot

from battlewheel.engine.rulesets.rewrite.actions import SetHealth
from battlewheel.models.combat_model import CombatModel
from battlewheel.printing.card import SheetCard
from battlewheel.printing.choose import CardChoiceDialog
from battlewheel.storage.campaign import load_demo_campaign, save_campaign
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.journal import Journal
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.storage_wiring import BlankSheetDialog, add_print_actions


@pytest.fixture(autouse=True)
def choose_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    """The card chooser is accepted as it opens (every card ticked, A4 or Letter)."""
    monkeypatch.setattr(CardChoiceDialog, "exec", lambda self: QDialog.DialogCode.Accepted)


def make_window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    files = StoredCampaigns(Journal(tmp_path / "journal.jsonl"))
    path = tmp_path / "demo.json"
    if not path.exists():
        save_campaign(load_demo_campaign(), path)
    window = MainWindow(CombatModel(files.load(path)),
                        settings=prefs.open_settings(tmp_path / "s.ini"), files=files)
    qtbot.addWidget(window)
    window.path = path
    assert add_print_actions(window)
    return window


def test_file_menu_gains_print_export_and_blank_sheets(qtbot: QtBot, tmp_path: Path) -> None:
    """Print (Ctrl+P), PDF export and blank sheets sit in the File menu before Quit."""
    window = make_window(qtbot, tmp_path)
    actions = window.file_menu.actions()
    quit_at = actions.index(window.actions_by_name["quit"])
    for name in ("print_tracks", "export_tracks", "blank_sheets"):
        assert actions.index(window.actions_by_name[name]) < quit_at
    assert window.actions_by_name["print_tracks"].shortcut().toString() == "Ctrl+P"


def test_no_print_actions_without_campaign_storage(qtbot: QtBot, tmp_path: Path) -> None:
    """A window without storage (the smoke test's) gets no print actions."""
    window = MainWindow(CombatModel(load_demo_campaign().combats[0].session),
                        settings=prefs.open_settings(tmp_path / "s.ini"))
    qtbot.addWidget(window)
    assert not add_print_actions(window)
    assert "print_tracks" not in window.actions_by_name


def test_print_cards_carry_the_marks_of_the_combat_on_screen(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a hand-set wound the exported cards are built from the live combat."""
    window = make_window(qtbot, tmp_path)
    window.combat.push(SetHealth("oda", "XX/" + "." * 7))
    seen: list[list[SheetCard]] = []
    monkeypatch.setattr("battlewheel.printing.output.export_pdf",
                        lambda cards, path, page: seen.append(cards) or 1)
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *args: (str(tmp_path / "t.pdf"), ""))
    window.actions_by_name["export_tracks"].trigger()
    oda = next(card for card in seen[0] if card.name == "Captain Oda Vesk")
    assert oda.marks == "XX/......."


def test_export_writes_the_campaign_cards_to_pdf(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """File > Export player cards writes the chosen PDF."""
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
