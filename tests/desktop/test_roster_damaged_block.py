"""A damaged stat block of a system not on screen: the campaign opens, and the roster
marks the character in plain words when the block is first used; nothing changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from battlewheel.bundled import resource
from battlewheel.engine.core.session import CombatSession
from battlewheel.models.combat_model import CombatModel
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.journal import Journal
from battlewheel.storage.schema import dump_json
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.roster_dock import DAMAGED_MARK, RosterDock, install_roster_dock
from battlewheel.views.storage_wiring import add_print_actions

SYSTEM = "pool-and-ward"


@pytest.fixture
def damaged_file(tmp_path: Path) -> tuple[Path, str]:
    """The demo campaign (on its 2e fight) with one Pool & Ward block's name a number."""
    document = json.loads(resource("campaigns", "demo.json").read_bytes())
    character = next(c for c in document["characters"] if SYSTEM in c["blocks"])
    character["blocks"][SYSTEM]["name"] = 12
    path = tmp_path / "damaged.json"
    path.write_bytes(dump_json(document))
    return path, character["identity"]["name"]


@pytest.fixture
def dock(qtbot: QtBot, tmp_path: Path, damaged_file: tuple[Path, str]) -> RosterDock:
    files = StoredCampaigns(Journal(tmp_path / "journal.jsonl"))
    files.load(damaged_file[0])
    window = MainWindow(CombatModel(CombatSession.new(ruleset="2e-rewrite")),
                        settings=prefs.open_settings(tmp_path / "s.ini"), files=files)
    qtbot.addWidget(window)
    made = install_roster_dock(window)
    assert made is not None
    return made


def _row(dock: RosterDock, name: str) -> int:
    return [c.name for c in dock.roster.characters].index(name)


def test_the_damaged_block_is_marked_when_first_used(
    dock: RosterDock, damaged_file: tuple[Path, str]
) -> None:
    path, name = damaged_file
    before = path.read_bytes()
    row = _row(dock, name)
    assert DAMAGED_MARK not in dock.roster.item(row).text()  # not read yet: not known
    dock.roster.setCurrentRow(row)
    assert dock.edit_selected() is None  # the editor does not open on a damaged block
    item = dock.roster.item(_row(dock, name))
    assert DAMAGED_MARK in item.text()
    assert "Pool & Ward stat block cannot be read" in item.toolTip()
    assert "blocks.pool-and-ward.name" in item.toolTip()
    status = dock.window().statusBar().currentMessage()  # type: ignore[attr-defined]
    assert status.startswith(f"{name}: The Pool & Ward stat block cannot be read")
    assert path.read_bytes() == before


def test_a_copy_of_the_character_is_refused_the_same_way(
    dock: RosterDock, damaged_file: tuple[Path, str]
) -> None:
    _, name = damaged_file
    count = len(dock.files.campaign.characters)
    dock.roster.setCurrentRow(_row(dock, name))
    dock.duplicate_selected()
    assert len(dock.files.campaign.characters) == count
    assert DAMAGED_MARK in dock.roster.item(_row(dock, name)).text()


def test_printing_the_campaign_says_which_block_cannot_be_read(
    dock: RosterDock, damaged_file: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Print player cards (issue 35): the damaged block is named above the chooser and
    left out; every other character is offered; the file is as it was."""
    from PySide6.QtWidgets import QDialog

    from battlewheel.printing.choose import CardChoiceDialog

    path, name = damaged_file
    before = path.read_bytes()
    window = dock.window()
    assert isinstance(window, MainWindow)
    assert add_print_actions(window)
    seen: list[tuple[str, list[str]]] = []

    def look(dialog: CardChoiceDialog) -> QDialog.DialogCode:
        seen.append((dialog.note.text(), [dialog.list.item(r).text()
                                          for r in range(dialog.list.count())]))
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(CardChoiceDialog, "exec", look)
    window.actions_by_name["print_tracks"].trigger()
    note, lines = seen[0]
    assert f"{name} (Pool & Ward)" in note and "name must be" in note
    assert not any(line.startswith(name) for line in lines)
    others = [c.name for c in dock.files.campaign.characters if c.name != name]
    assert all(any(line.startswith(other) for line in lines) for other in others)
    assert path.read_bytes() == before
