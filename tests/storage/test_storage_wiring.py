"""Printing from the main window: File > Print, Export to PDF and Blank player sheets."""

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFileDialog
from pytestqt.qtbot import QtBot

from battlewheel.engine.rulesets.rewrite.actions import SetHealth
from battlewheel.models.combat_model import CombatModel
from battlewheel.printing.card import SheetCard
from battlewheel.printing.choose import CardChoiceDialog
from battlewheel.storage.campaign import save_campaign
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.storage.journal import Journal
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.storage_wiring import BlankSheetDialog, add_print_actions


@pytest.fixture(autouse=True)
def choose_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    """The card chooser is accepted with every card ticked (A4 or Letter)."""
    def accept(dialog: CardChoiceDialog) -> QDialog.DialogCode:
        dialog.check_all(Qt.CheckState.Checked)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(CardChoiceDialog, "exec", accept)


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


def test_the_chooser_opens_on_the_shown_fights_players_and_names_each_system(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 35: Export lists the shown 2e fight first, its player characters alone
    ticked, with its marks; every line names its system, none twice (Harmonious Jade's 3e
    and Impulse blocks are two lines, each named); one damaged Pool & Ward block is named
    and left out while the rest print; the save dialog starts beside the campaign file."""
    import json

    from battlewheel.bundled import resource
    from battlewheel.engine.core.ruleset import get_ruleset, ruleset_names
    from battlewheel.storage.schema import dump_json
    from battlewheel.views import storage_wiring

    document = json.loads(resource("campaigns", "demo.json").read_bytes())
    edward = next(c for c in document["characters"] if "pool-and-ward" in c["blocks"])
    edward["blocks"]["pool-and-ward"]["name"] = 12
    (tmp_path / "demo.json").write_bytes(dump_json(document))
    window = make_window(qtbot, tmp_path)
    assert window.combat.push(SetHealth("tallow", "XX/" + "." * 6)) is None
    opened: list[tuple[list[str], list[str], str]] = []

    def look(dialog: CardChoiceDialog) -> QDialog.DialogCode:
        items = [dialog.list.item(row) for row in range(dialog.list.count())]
        opened.append(([i.text() for i in items],
                       [i.text() for i in items if i.checkState() == Qt.CheckState.Checked],
                       dialog.note.text()))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(CardChoiceDialog, "exec", look)
    folders: list[str] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda _w, _t, where, _f: folders.append(where) or ("", ""))
    seen: list[list[SheetCard]] = []
    real_export = storage_wiring._export
    monkeypatch.setattr(storage_wiring, "_export",
                        lambda w, cards, page, folder: seen.append(cards) or real_export(
                            w, cards, page, folder))
    window.actions_by_name["export_tracks"].trigger()
    lines, ticked, note = opened[0]
    session = window.combat.session
    players = [session.state.name(cid) for cid in session.ruleset.combatants(session.state)
               if session.ruleset.vitality(session.state, cid).player]
    assert [line.split("  \u00b7  ")[0] for line in ticked] == players
    titles = {get_ruleset(name).title for name in ruleset_names()}
    assert all(line.split("  \u00b7  ")[1] in titles for line in lines)
    assert len(set(lines)) == len(lines)
    jade = [line.split("  \u00b7  ")[1] for line in lines if line.startswith("Harmonious Jade")]
    assert len(jade) == 2 and len(set(jade)) == 2
    assert "Edward Sumner (Pool & Ward)" in note
    assert not any(line.startswith("Edward Sumner") for line in lines)
    tallow = next(card for card in seen[0] if card.name == "Tallow the Fence")
    assert tallow.marks.startswith("XX/.")
    assert folders == [str(tmp_path / "player-cards.pdf")]
