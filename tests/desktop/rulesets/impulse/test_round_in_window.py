"""A whole round of the demo fight through the real window: menu keys, dialogs with typed
dice, the ring, a drag, a sheet box click, undo and a printed card."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.contract import TOP_LEFT, TOP_RIGHT, Table
from battlewheel.engine.rulesets.impulse import Move, SetEndurance
from battlewheel.engine.rulesets.impulse.menu import turn_actions
from battlewheel.models.combat_model import CombatModel
from battlewheel.printing.card import BLANK, card_from_contract
from battlewheel.printing.output import export_pdf
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.rulesets.impulse.attack_dialog import StrikeDialog
from battlewheel.views.rulesets.impulse.setup_dialogs import TieDialog
from battlewheel.views.rulesets.impulse.turn_actions import dialog_names
from battlewheel.views.rulesets.impulse.turn_dialogs_manoeuvre import ManoeuvreDialog
from battlewheel.views.rulesets.impulse.turn_dialogs_movement import MoveDialog
from battlewheel.views.sheets.sheet_dock import CharacterSheetDock
from tests.desktop.rulesets.impulse.fight import set_up_model, started_model, tied_model
from tests.desktop.showing import Shown

# The window's own keys (Edit, File, View, Help and the counter nudges).
WINDOW_KEYS = {
    "Ctrl+Z",
    "Ctrl+Y",
    "Ctrl+Shift+Z",
    "Ctrl+L",
    "F1",
    "Ctrl+S",
    "Ctrl+O",
    "Ctrl+N",
    "Ctrl+Shift+N",
    "Ctrl+P",
    "[",
    "]",
}


def _window(qtbot: QtBot, tmp_path: Path, shown: Shown, model: CombatModel) -> MainWindow:
    window = MainWindow(model, settings=prefs.open_settings(tmp_path / "settings.ini"))
    with qtbot.waitSignal(window.firstPainted):
        shown(window)
    return window


def _badge(window: MainWindow, counter_id: str, corner: str) -> str:
    counter = window.combat.wheel().counter(counter_id)
    badge = counter.badge(corner) if counter is not None else None
    return badge.text if badge is not None else ""


def _trigger(window: MainWindow, key: str) -> QWidget | None:
    window.actions_by_name[key].trigger()
    return window.turn.dialog


def test_every_dialog_the_engine_names_opens_and_no_key_clashes() -> None:
    """Set-up and fight menus, and the sheet's button, name only dialogs this package has."""
    set_up, started = set_up_model(), started_model()
    entries = [*turn_actions(set_up.state), *turn_actions(started.state)]
    named = {e.dialog for e in entries if e.dialog}
    sheet = started.session.ruleset.sheet(started.state, "jade")
    assert named | {sheet.edit_dialog} == set(dialog_names())
    keys = {e.shortcut for e in entries if e.shortcut}
    assert not keys & WINDOW_KEYS
    assert "end_combat" not in {e.key for e in entries}  # the window's own entry ends it


def test_a_round_of_the_demo_fight_in_the_window(
    qtbot: QtBot, tmp_path: Path, shown: Shown, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tie, begin, Jade moves and manoeuvres, the Chief pays to act earlier next round and
    strikes Jade, a box click on the Archer's Endurance, the round ends, undo."""
    model = tied_model()
    window = _window(qtbot, tmp_path, shown, model)
    tie = _trigger(window, "settle_tie")
    assert isinstance(tie, TieDialog)
    tie.accept()
    assert window.actions_by_name["start"].isEnabled()
    window.actions_by_name["start"].trigger()
    ring = window.combat.wheel()
    assert [c.id for c in sorted(ring.counters, key=lambda c: c.slot or 0)] == [
        "jade",
        "chief",
        "reed",
        "archer",
        "chief#2",
    ]
    assert [s.label for s in ring.slots] == ["10", "10", "8", "7", "5"]
    assert ring.hub == "round\n1" and ring.cursor == 0
    jade = ring.counter("jade")
    assert jade is not None and jade.acting and jade.meter == 1.0
    assert _badge(window, "jade", TOP_LEFT) == "4"
    assert (
        window.tick_label.text()
        == "Round 1 \u00b7 Harmonious Jade, 4 Impulse \u00b7 a Simple action"
    )

    move = _trigger(window, "move")
    assert isinstance(move, MoveDialog)
    move.picks["chief"].setChecked(True)
    move.accept()
    manoeuvre = _trigger(window, "manoeuvre")
    assert isinstance(manoeuvre, ManoeuvreDialog)
    odds = window.odds_panel.odds()
    assert odds is not None and odds.title.startswith("Manoeuvre")
    manoeuvre.dice.set_typed("3")
    manoeuvre.accept()
    assert model.state.combatants["jade"].impulse == 7
    assert window.turn.dialog is None or not window.turn.dialog.isVisible()
    window.actions_by_name["end_turn"].trigger()
    assert model.state.acting_key == "chief"

    asked: list[str] = []

    def yes(_parent: QWidget, _title: str, text: str) -> QMessageBox.StandardButton:
        asked.append(text)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", yes)
    window.drop_counter("chief", 0)  # earlier than Jade's 10: order 11 from next round
    assert asked == ["1 Impulse: order 10 \u2192 11 from next round\n\nGo ahead?"]
    assert _badge(window, "chief", TOP_RIGHT) == "\u219211"
    assert model.state.combatants["chief"].impulse == 2

    strike = _trigger(window, "decisive")
    assert isinstance(strike, StrikeDialog)
    strike.target.setCurrentIndex(strike.target.findData("jade"))
    # Str 4 + Melee 3 + heavy -1 = 6 dice; 6 successes vs DV 4: threshold 2;
    # pool 2 Impulse + Base Damage 4 (2 + heavy 2) + 2 = 8 dice; 3 successes.
    strike.accuracy_dice.set_typed("6")
    assert strike.damage_dice.pool() == 8
    strike.damage_dice.set_typed("3")
    strike.accept()
    assert model.state.combatants["jade"].endurance == 9
    jade_sheet = window.sheet_docks["jade"]
    assert isinstance(jade_sheet, CharacterSheetDock)
    jade_sheet.refresh()
    info = jade_sheet.sheet.info()
    track = info.track("endurance") if info is not None else None
    assert track is not None and track.summary == "9 / 12"

    archer_sheet = window.sheet_docks["archer"]
    archer_sheet.sheet.boxClickRequested.emit("endurance", 2)
    assert model.state.combatants["archer"].endurance == 4
    for _ in range(3):  # the Chief, Reed, the Archer; the Chief's second action next
        window.actions_by_name["end_turn"].trigger()
    assert model.state.acting_key == "chief#2"
    window.actions_by_name["end_turn"].trigger()
    assert model.state.round == 2
    ring = window.combat.wheel()
    assert ring.hub == "round\n2" and ring.slots[0].label == "11"
    chief = ring.counter("chief")
    assert chief is not None and chief.slot == 0

    stack = model.undo_stack
    stack.undo()
    assert model.state.round == 1 and model.state.acting_key == "chief#2"
    while model.state.combatants["jade"].endurance != 12:
        stack.undo()
    assert model.state.combatants["chief"].impulse == 2  # the strike went, the change stays
    stack.undo()
    assert model.state.combatants["chief"].next_orders == (10, 5)


def test_the_printed_card_of_a_fighter_in_the_fight(tmp_path: Path) -> None:
    """Jade's card of §6 with the fight's marks (3 Endurance lost), as the window prints it."""
    model = started_model(SetEndurance("jade", 9))
    card = model.session.ruleset.card(model.state, "jade")
    sheet = card_from_contract(card)
    assert sheet.name == "Harmonious Jade" and sheet.marks == "XXX" + BLANK * 9
    assert any("Decisive Strike: at least 2 Impulse" in line for line in sheet.reference)
    target = tmp_path / "jade.pdf"
    assert export_pdf([sheet], target) == 1
    data = target.read_bytes()
    assert data.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page\b", data)) == 1


def test_the_sheet_button_opens_the_gm_hand(qtbot: QtBot, shown: Shown) -> None:
    """The sheet's GM button opens the Impulse GM edits for that fighter."""
    model = started_model()
    dock = shown(CharacterSheetDock(model, "reed"))
    dialog = dock.open_override()
    assert dialog is not None and dialog.windowTitle() == "GM edits"
    dialog.close()


def test_a_move_redraws_the_sheet_of_the_one_moved_toward(shown: Shown) -> None:
    """The Chief's sheet shows Jade at melee after her Move, though only Jade's record moved."""
    model = started_model()
    dock = shown(CharacterSheetDock(model, "chief"))
    assert _range_to(dock, "Harmonious Jade") == "short"
    assert model.push(Move("jade", ("chief",))) is None
    assert _range_to(dock, "Harmonious Jade") == "melee"


def _range_to(dock: CharacterSheetDock, name: str) -> str:
    info = dock.sheet.info()
    assert info is not None
    (ranges,) = [s for s in info.sections if isinstance(s, Table) and s.title == "Ranges"]
    return dict(ranges.rows)[name]
