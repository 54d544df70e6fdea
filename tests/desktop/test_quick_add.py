"""Quick add: several numbered copies of a roster character as one undo step, any system."""

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.core.system import EDITOR
from battlewheel.engine.rulesets import declared
from battlewheel.models.combat_model import CombatModel
from battlewheel.storage.campaign import save_campaign
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.storage.journal import Journal
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.quick_add import copy_names, stem
from battlewheel.views.roster_dock import RosterDock, install_roster_dock

SPEARMAN_ROW = 5  # "Hunt spearman 1" in the demo roster
TALLOW_ROW = 4  # "Tallow the Fence", who has a block of one system only (2e)
# Every system with a form whose block Tallow lacks: quick add offers a fresh one first.
OFFERING = [name for name, (_package, system) in declared().items() if system.can(EDITOR)
            and load_demo_campaign().characters[TALLOW_ROW].block(name) is None]


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """A main window on the demo campaign (a 2e fight), opened through storage."""
    files = StoredCampaigns(Journal(tmp_path / "journal.jsonl"))
    path = tmp_path / "demo.json"
    save_campaign(load_demo_campaign(), path)
    shown = MainWindow(CombatModel(files.load(path)),
                       settings=prefs.open_settings(tmp_path / "s.ini"), files=files)
    qtbot.addWidget(shown)
    return shown


def _dock(window: MainWindow) -> RosterDock:
    dock = install_roster_dock(window)
    assert dock is not None
    return dock


def _names(window: MainWindow) -> list[str]:
    combat = window.combat
    return [combat.session.ruleset.sheet(combat.state, cid).name for cid in combat.combatant_ids()]


def _add(dock: RosterDock, row: int, copies: int) -> None:
    dock.roster.setCurrentRow(row)
    dock.copies.setValue(copies)
    dock.add_selected()


def test_copies_are_numbered_from_the_stem_after_those_already_fighting() -> None:
    """A roster name ending in a number is numbered from its stem; numbers go on."""
    assert stem("Hunt spearman 1") == "Hunt spearman"
    assert stem("Tallow the Fence") == "Tallow the Fence"
    assert copy_names("Hunt spearman 1", 3, []) == [f"Hunt spearman {n}" for n in (1, 2, 3)]
    fighting = ["Hunt spearman 1", "Hunt spearman 4", "Hunt spearmanship 9", "Tallow"]
    assert copy_names("Hunt spearman", 2, fighting) == ["Hunt spearman 5", "Hunt spearman 6"]


def test_four_spearmen_join_as_one_undo_step(window: MainWindow) -> None:
    """4 x Hunt spearman in a new 2e fight: Hunt spearman 1-4, one History line, one Ctrl+Z."""
    window.show_session(CombatSession.new(), None)
    dock = _dock(window)
    _add(dock, SPEARMAN_ROW, 4)
    assert _names(window) == [f"Hunt spearman {n}" for n in (1, 2, 3, 4)]
    stack = window.combat.undo_stack
    assert stack.count() == 1
    assert stack.text(0) == "Add 4 \u00d7 Hunt spearman"
    assert dock.copies.value() == 1
    stack.undo()
    assert _names(window) == []


def test_more_copies_go_on_from_the_last_number(window: MainWindow) -> None:
    """The demo fight has Hunt spearman 1-4: two more are 5 and 6, with ids of their own."""
    dock = _dock(window)
    assert [f"Hunt spearman {n}" for n in (1, 2, 3, 4)] == [
        name for name in _names(window) if name.startswith("Hunt")]
    _add(dock, SPEARMAN_ROW, 2)
    assert _names(window)[-2:] == ["Hunt spearman 5", "Hunt spearman 6"]
    ids = window.combat.combatant_ids()
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("system", OFFERING)
def test_quick_add_works_in_every_system(
    window: MainWindow, system: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In another system's fight, three numbered copies join through its join action."""
    window.show_session(CombatSession.new(ruleset=system), None)
    dock = _dock(window)
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args, **kwargs: QMessageBox.StandardButton.Yes)
    _add(dock, TALLOW_ROW, 3)  # offered a fresh block of the system first
    assert dock.editor is not None and dock.editor.save()  # saved, the copies join
    assert _names(window) == ["Tallow the Fence 1", "Tallow the Fence 2", "Tallow the Fence 3"]
    # The roster's new block is the campaign's step, the copies the fight's; one Undo
    # takes back the copies (the later step), the next the block.
    assert window.combat.campaign_stack.count() == 1
    assert window.combat.undo_stack.count() == 1
    window.actions_by_name["undo"].trigger()
    assert _names(window) == []
    assert window.combat.campaign_stack.canUndo()
    window.actions_by_name["undo"].trigger()
    assert not window.combat.campaign_stack.canUndo()
