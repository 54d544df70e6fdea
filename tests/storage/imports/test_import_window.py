"""The window side: preview, clash questions, one undo step, paste, export as Foundry."""

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.models.combat_model import CombatModel
from battlewheel.storage.campaign import save_campaign
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.storage.imports import import_file
from battlewheel.storage.journal import Journal
from battlewheel.views import import_preview as ui
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.roster_dock import RosterDock, install_roster_dock

FIXTURES = Path(__file__).parent / "fixtures"
SERGEANT = FIXTURES / "statblock_sergeant.txt"
ANATHEMA = FIXTURES / "anathema_raised.ecg"
NPC = FIXTURES / "foundry_npc.json"  # the demo roster has a Bandit Chief too


@pytest.fixture
def dock(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> RosterDock:
    """The demo campaign's roster dock in a main window; previews are accepted unseen."""
    files = StoredCampaigns(Journal(tmp_path / "journal.jsonl"))
    path = tmp_path / "demo.json"
    save_campaign(load_demo_campaign(), path)
    window = MainWindow(CombatModel(files.load(path)),
                        settings=prefs.open_settings(tmp_path / "s.ini"), files=files)
    qtbot.addWidget(window)
    roster = install_roster_dock(window)
    assert roster is not None
    ui.install_import_menu(window, roster)
    monkeypatch.setattr(ui.ImportPreviewDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    return roster


def _names(dock: RosterDock) -> list[str]:
    return [c.name for c in dock.files.campaign.characters]


def _answer(choice: str) -> ui.ClashAsker:
    return lambda parent, name: choice


def test_several_files_are_one_undo_step(dock: RosterDock) -> None:
    """Two files in; one Ctrl+Z takes both out; redo brings both back."""
    before = _names(dock)
    assert ui.import_from_files(dock, [SERGEANT, ANATHEMA])
    added = ["Veteran Sergeant", "Arden of the Seven Winds"]
    assert _names(dock) == before + added
    assert [c.name for c in dock.roster.characters][-2:] == added
    stack = dock.combat.campaign_stack
    assert stack.text(stack.index() - 1) == "Import 2 characters"
    stack.undo()
    assert _names(dock) == before
    stack.redo()
    assert _names(dock) == before + added


def test_cancelling_the_preview_changes_nothing(dock: RosterDock,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The preview's Cancel leaves the roster and the undo stack alone."""
    monkeypatch.setattr(ui.ImportPreviewDialog, "exec", lambda self: QDialog.DialogCode.Rejected)
    before, steps = _names(dock), dock.combat.campaign_stack.count()
    assert not ui.import_from_files(dock, [SERGEANT])
    assert (_names(dock), dock.combat.campaign_stack.count()) == (before, steps)


@pytest.mark.parametrize(("choice", "expected"), [
    (ui.RENAME, ["Bandit Chief", "Bandit Chief 2"]), (ui.REPLACE, ["Bandit Chief"]),
    (ui.CANCEL, ["Bandit Chief"]),
])
def test_a_name_on_the_roster_asks(dock: RosterDock, choice: str, expected: list[str]) -> None:
    """Keep both numbers the newcomer; replace swaps the 3e block; cancel imports nothing."""
    old_chief = dock.files.campaign.character("Bandit Chief")
    [item] = import_file(NPC)
    done = ui.preview_and_add(dock, [item], ask=_answer(choice))
    assert done == (choice != ui.CANCEL)
    assert [n for n in _names(dock) if n.startswith("Bandit Chief")] == expected
    chief = dock.files.campaign.character("Bandit Chief")
    if choice == ui.REPLACE:
        assert chief.block("3e") == item.block
        assert chief.identity == old_chief.identity
    else:
        assert chief == old_chief


def test_a_refused_file_imports_nothing(dock: RosterDock, monkeypatch: pytest.MonkeyPatch) -> None:
    """One bad file among good ones: the refusal names it and the roster is unchanged."""
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda parent, title, text: shown.append(text))
    before, steps = _names(dock), dock.combat.campaign_stack.count()
    assert not ui.import_from_files(dock, [SERGEANT, FIXTURES / "foundry_other_system.json"])
    assert shown[0].startswith("foundry_other_system.json: _stats.systemId")
    assert (_names(dock), dock.combat.campaign_stack.count()) == (before, steps)


def test_the_preview_shows_fields_sources_and_what_was_not_used(qtbot: QtBot) -> None:
    """Each block field with its value and where it came from; a line per unused thing."""
    [item] = import_file(FIXTURES / "foundry_pc.json")
    dialog = ui.ImportPreviewDialog([item], {"harmonious jade"})
    qtbot.addWidget(dialog)
    assert dialog.characters.item(0).text() == "Harmonious Jade  (name already on the roster)"
    rows = {dialog.fields.topLevelItem(i).text(0): dialog.fields.topLevelItem(i)
            for i in range(dialog.fields.topLevelItemCount())}
    strength = next(rows["attributes"].child(i) for i in range(rows["attributes"].childCount())
                    if rows["attributes"].child(i).text(0) == "strength")
    assert (strength.text(1), strength.text(2)) == ("3", "system.attributes.strength.value")
    daiklave = rows["weapons"].child(0)
    accuracy = next(daiklave.child(i) for i in range(daiklave.childCount())
                    if daiklave.child(i).text(0) == "accuracy")
    assert accuracy.text(2) == "items[0].system.witheringaccuracy"
    assert rows["mount"].text(2) == "(default)"
    assert rows["attributes"].text(2) == ""  # a group row names no source of its own
    unused = [dialog.not_used.item(i).text() for i in range(dialog.not_used.count())]
    assert unused == list(item.not_used)


def test_paste_a_stat_block(dock: RosterDock, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pasted text goes through the same preview and undo step; prose is refused."""
    assert ui.paste_statblock(dock, SERGEANT.read_text(encoding="utf-8"))
    assert dock.files.campaign.character("Veteran Sergeant").block("3e").quick.join_battle == 7
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    assert not ui.paste_statblock(dock, "Once upon a time.")
    assert shown and "this is not a 3e stat block" in shown[0]


def test_export_as_foundry_reads_back_the_same(dock: RosterDock, tmp_path: Path) -> None:
    """The selected character's 3e block, written as a Foundry actor, imports as itself."""
    names = [c.name for c in dock.roster.characters]
    dock.roster.setCurrentRow(names.index("Lady Ashkeel"))
    path = tmp_path / "ashkeel.json"
    assert ui.export_foundry(dock, path)
    [item] = import_file(path)
    assert item.block == dock.files.campaign.character("Lady Ashkeel").block("3e")


def test_the_roster_menu_offers_the_three(dock: RosterDock) -> None:
    """Roster > Import from another program, Paste stat block, Export as Foundry."""
    window = dock.parentWidget()
    assert isinstance(window, QWidget)
    menu = window.findChild(ui.QMenu, "rosterMenu")
    assert [a.objectName() for a in menu.actions()] == [
        "import_other", "paste_statblock", "export_foundry"]
