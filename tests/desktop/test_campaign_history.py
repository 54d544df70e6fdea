"""Issue 33 (undo you can find) and issue 35 (sides, several at once): the roster's steps
are the campaign's history, kept when another combat is shown, while each combat keeps its
own; Ctrl/Shift+click picks several characters for one Add; the side picked for one Add is
not the next fight's."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.session import CombatSession
from battlewheel.storage.campaign import save_campaign
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.views.combats_menu import CombatsMenu, install_combats_menu
from battlewheel.views.main_window import MainWindow
from battlewheel.views.roster_dock import RosterDock
from tests.desktop.windows import roster_dock_of, stored_demo_window

KESTREL, SESUS, TALLOW = 0, 1, 4  # rows of the demo roster


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """The demo campaign opened through storage (a 2e fight, empty)."""
    return stored_demo_window(qtbot, tmp_path)


@pytest.fixture
def dock(window: MainWindow) -> RosterDock:
    return roster_dock_of(window)


@pytest.fixture
def combats(window: MainWindow) -> CombatsMenu:
    made = install_combats_menu(window)
    assert made is not None
    return made


def _names(dock: RosterDock) -> list[str]:
    return [c.name for c in dock.files.campaign.characters]


def _fighters(window: MainWindow) -> list[str]:
    return [window.combat.name(cid) for cid in window.combat.combatant_ids()]


def _pick(dock: RosterDock, row: int) -> None:
    dock.roster.setCurrentRow(row, QItemSelectionModel.SelectionFlag.ClearAndSelect)


def _undo(window: MainWindow) -> None:
    window.actions_by_name["undo"].trigger()


def test_a_roster_step_survives_showing_another_combat(
        window: MainWindow, dock: RosterDock, combats: CombatsMenu) -> None:
    """A duplicate made during Combat A is still Ctrl+Z's after Combat B is shown; B's own
    steps come first, then the roster's; A keeps its own history when shown again."""
    first = window.files.shown_combat()
    assert first is not None
    fighting = _fighters(window)
    _pick(dock, TALLOW)
    dock.add_selected()  # a step of the first fight
    before = _names(dock)
    _pick(dock, TALLOW)
    dock.duplicate_selected()  # a roster step (the copy goes after Tallow)
    assert len(_names(dock)) == len(before) + 1
    assert combats.new_combat("Second fight")
    assert window.combat.undo_stack.count() == 0  # the new combat's history is its own
    undo = window.actions_by_name["undo"]
    tallow = before[TALLOW]
    assert undo.isEnabled() and undo.text() == f"&Undo Duplicate {tallow} as {tallow} 2"
    _pick(dock, SESUS)
    dock.add_selected()  # Sesus joins the second fight: the latest step
    assert _fighters(window) == [before[SESUS]]
    _undo(window)
    assert _fighters(window) == [] and len(_names(dock)) == len(before) + 1
    _undo(window)  # now the roster's step, though made while the first fight was shown
    assert _names(dock) == before
    assert not undo.isEnabled()
    window.actions_by_name["redo"].trigger()  # the roster step was taken back last
    assert len(_names(dock)) == len(before) + 1 and _fighters(window) == []
    combats.show(first.id)
    assert _fighters(window)[:-1] == fighting
    _undo(window)  # the roster step again: it was redone last
    assert _names(dock) == before
    _undo(window)  # then the first fight's own step
    assert _fighters(window) == fighting


def test_another_campaign_starts_a_roster_history_of_its_own(
        window: MainWindow, dock: RosterDock, tmp_path: Path) -> None:
    """A roster step of one campaign is never undone into another one opened after it."""
    _pick(dock, KESTREL)
    dock.duplicate_selected()
    assert window.combat.campaign_stack.count() == 1
    other = tmp_path / "other.json"
    save_campaign(load_demo_campaign(), other)
    window.file_ops._open(other)
    assert window.combat.campaign_stack.count() == 0
    assert "Duplicate" not in window.actions_by_name["undo"].text()  # the fight's own step


def test_ctrl_and_shift_click_pick_several_characters_for_one_add(
        qtbot: QtBot, window: MainWindow, dock: RosterDock) -> None:
    """Click Kestrel, Shift+click Sesus, Ctrl+click Tallow: one Add brings the three, as
    one undo step."""
    window.show_session(CombatSession.new(ruleset="2e-rewrite"), None)
    roster = dock.roster

    def click(row: int, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
        rect = roster.visualItemRect(roster.item(row))
        qtbot.mouseClick(roster.viewport(), Qt.MouseButton.LeftButton, modifier, rect.center())

    click(KESTREL)
    click(SESUS, Qt.KeyboardModifier.ShiftModifier)
    click(TALLOW, Qt.KeyboardModifier.ControlModifier)
    names = _names(dock)
    picked = [names[KESTREL], names[SESUS], names[TALLOW]]
    assert [c.name for c in roster.chosen_characters()] == picked
    assert dock.add_selected()
    assert _fighters(window) == picked
    assert window.combat.undo_stack.count() == 1
    _undo(window)
    assert _fighters(window) == []


def test_several_picked_with_one_missing_a_block_add_no_one(
        window: MainWindow, dock: RosterDock) -> None:
    """A pick where one character has no stat block for the fight's system adds nobody and
    names them."""
    window.show_session(CombatSession.new(ruleset="pool-and-ward"), None)
    refused: list[str] = []
    window.combat.refused.connect(refused.append)
    roster = dock.roster
    for row in (KESTREL, SESUS):
        roster.selectionModel().select(roster.model().index(row, 0),
                                       QItemSelectionModel.SelectionFlag.Select)
    assert not dock.add_selected()
    assert _fighters(window) == [] and _names(dock)[KESTREL] in refused[-1]


def test_the_side_picked_for_one_add_is_not_the_next_fights(
        window: MainWindow, dock: RosterDock, combats: CombatsMenu) -> None:
    """issue 35: "joins as enemy" chosen for one Add goes back to the character's own side
    when another fight is shown."""
    dock.side.setCurrentIndex(dock.side.findData("enemy"))
    assert combats.new_combat("Second fight")
    assert dock.side.currentData() == ""
