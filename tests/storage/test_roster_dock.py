"""The roster dock: the campaign's characters, dragged or added into the combat."""

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDropEvent
from pytestqt.qtbot import QtBot

from battlewheel.models.combat_model import CombatModel
from battlewheel.storage.campaign import save_campaign
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.storage.journal import Journal
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.roster_dock import (
    RosterDock,
    RosterDropTarget,
    character_from_mime,
    install_roster_dock,
    new_combatant_id,
)


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """A main window on the demo campaign, opened through storage, with the roster dock."""
    files = StoredCampaigns(Journal(tmp_path / "journal.jsonl"))
    path = tmp_path / "demo.json"
    save_campaign(load_demo_campaign(), path)
    combat = CombatModel(files.load(path))
    shown = MainWindow(combat, settings=prefs.open_settings(tmp_path / "s.ini"), files=files)
    qtbot.addWidget(shown)
    return shown


def dock_of(window: MainWindow) -> RosterDock:
    dock = install_roster_dock(window)
    assert dock is not None
    return dock


def test_dock_lists_the_campaign_roster(window: MainWindow) -> None:
    """Every roster character of the open campaign is listed, in order."""
    dock = dock_of(window)
    names = [c.name for c in dock.roster.characters]
    assert names == [c.name for c in load_demo_campaign().characters]
    assert dock.roster.count() == len(names) > 0


def test_adding_pushes_one_undoable_add_combatant(window: MainWindow) -> None:
    """Sister Lumen joins on the side the GM picks (enemy here, though she is an ally);
    one undo takes her out again."""
    dock = dock_of(window)
    dock.roster.setCurrentRow(3)
    dock.side.setCurrentIndex(dock.side.findData("enemy"))
    before = len(window.combat.combatant_ids())
    dock.add_selected()
    joined = window.combat.combatant("sister-lumen")
    assert joined is not None and joined.side == "enemy"
    assert len(window.combat.combatant_ids()) == before + 1
    window.combat.undo_stack.undo()
    assert window.combat.combatant("sister-lumen") is None


def test_a_second_copy_gets_its_own_id() -> None:
    """Ids come from the name and stay unique in the combat."""
    assert new_combatant_id("Hunt spearman 1", set()) == "hunt-spearman-1"
    assert new_combatant_id("Hunt spearman 1", {"hunt-spearman-1"}) == "hunt-spearman-1-2"


def test_a_drag_carries_the_character(window: MainWindow) -> None:
    """The list's drag data rebuilds the same character; other drags carry none."""
    dock = dock_of(window)
    data = dock.roster.mimeData([dock.roster.item(1)])
    assert character_from_mime(data) == load_demo_campaign().characters[1]
    plain = QMimeData()
    plain.setText("Sesus Amaranth")
    assert character_from_mime(plain) is None


def test_dropping_on_the_wheel_adds_the_character(window: MainWindow) -> None:
    """The wheel's drop filter turns a roster drop into an AddCombatant; other drops pass.

    Qt delivers drop events only inside a real drag, so the filter gets the event directly.
    """
    dock = dock_of(window)
    viewport = window.wheel_view.viewport()
    target = next(c for c in viewport.children() if isinstance(c, RosterDropTarget))
    assert viewport.acceptDrops()

    def drop(data: QMimeData) -> bool:
        event = QDropEvent(QPointF(QPoint(50, 50)), Qt.DropAction.CopyAction, data,
                           Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
        return target.eventFilter(viewport, event)

    plain = QMimeData()
    plain.setText("Sister Lumen")
    assert not drop(plain)
    assert window.combat.combatant("sister-lumen") is None
    assert drop(dock.roster.mimeData([dock.roster.item(3)]))
    joined = window.combat.combatant("sister-lumen")
    assert joined is not None and joined.side == "ally"  # her own side: no pick was made


def test_a_character_without_a_block_for_the_system_is_offered_one(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a Pool & Ward fight, Sister Lumen (a 2e block only) is offered a Pool & Ward
    block: yes opens the editor on that system, and once it is saved the roster has the
    block and she joins; no leaves everything as it was."""
    from PySide6.QtWidgets import QMessageBox

    from battlewheel.engine.core.session import CombatSession

    window.show_session(CombatSession.new(ruleset="pool-and-ward"), None)
    dock = dock_of(window)
    lumen = dock.roster.characters[3]
    assert lumen.block("pool-and-ward") is None
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args, **kwargs: QMessageBox.StandardButton.No)
    assert not dock.add(lumen)
    assert window.combat.combatant_ids() == []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args, **kwargs: QMessageBox.StandardButton.Yes)
    assert not dock.add(lumen)  # not yet: the editor is open on the new block
    assert dock.editor is not None and dock.editor.current_page() is not None
    assert dock.editor.current_page().ruleset.name == "pool-and-ward"
    assert dock.editor.save()
    assert window.combat.name(window.combat.combatant_ids()[0]) == "Sister Lumen"
    rostered = dock.files.campaign.character("Sister Lumen")
    assert rostered.rulesets() == ("2e-rewrite", "pool-and-ward")
