"""A whole round of the demo fight through the real window: the ring, the Combat menu, typed
dice, a drag, a sheet's box, undo, and Edward's printed card."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from battlewheel.engine.rulesets.poolward import demo_fight
from battlewheel.models.combat_model import CombatModel
from battlewheel.printing.card import card_from_contract
from battlewheel.printing.output import export_pdf
from battlewheel.views.main_window import MainWindow
from battlewheel.views.rulesets.poolward.attack_dialog import AttackDialog
from tests.desktop.pocket_drags import drag_to, slot_point
from tests.desktop.windows import painted_window


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """The demo fight, set up and not started, in the real window at laptop size."""
    return painted_window(qtbot, CombatModel(demo_fight()), tmp_path / "settings.ini")


def _drag(window: MainWindow, combatant_id: str, place: int) -> None:
    """Drag a counter with the mouse and let go over slot ``place`` of the ring."""
    drag_to(window, combatant_id, slot_point(window, place))


def _attack(window: MainWindow, typed: str, target: str | None = None) -> AttackDialog:
    """Combat > Attack for the actor, the roll typed, resolved with Ctrl+Return."""
    window.actions_by_name["attack"].trigger()
    dialog = window.turn.dialog
    assert isinstance(dialog, AttackDialog)
    if target is not None:
        dialog.inputs.target.setCurrentIndex(dialog.inputs.target.findData(target))
    assert window.odds_panel.odds() == dialog.odds()  # the odds dock shows this attack
    dialog.dice.set_typed(typed)
    dialog.accept()
    assert dialog.result() == AttackDialog.DialogCode.Accepted, dialog.refusal()
    return dialog


def _badges(window: MainWindow, cid: str) -> list[str]:
    counter = window.combat.wheel().counter(cid)
    assert counter is not None
    return [badge.text for badge in counter.badges]


def test_the_demo_round_through_the_window(qtbot: QtBot, window: MainWindow,
                                           tmp_path: Path) -> None:
    """Cutthroat 1 hits Edward for 2 (DR to Vigor, Bleed fires), the archer delays past
    Edward by a drag, Cutthroat 2 misses a flat-footed Edward, Edward fells Cutthroat 2,
    a click on Edward's sheet gives back a Health box, the archer ends the round; undo
    takes the round's start back; Edward's card prints."""
    model = window.combat
    track = model.wheel()
    assert [c.slot for c in track.counters] == [0, 1, 2, 3] and track.slots[0].mark == "round 1"
    window.actions_by_name["start_fight"].trigger()
    assert model.wheel().cursor == 0 and model.wheel().hub == "round 1\nCutthroat\n1"

    _attack(window, "2")
    edward = model.wheel().counter("edward")
    assert edward is not None
    assert [(b.label, b.tip) for b in edward.bars] == [
        ("H", "Health 4 / 5 (dies at -5)"), ("V", "Vigor 3 / 4")]
    assert [(p.label, p.left, p.total) for p in edward.pips] == [("D", 0, 1)]
    window.actions_by_name["next_turn"].trigger()

    _drag(window, "archer", 3)
    assert model.state.order == ["cutthroat1", "cutthroat2", "edward", "archer"]
    assert model.session.log[-1].sentence.startswith("Archer")
    _drag(window, "cutthroat1", 3)  # already acted: refused, says why
    assert "has already acted this round" in window.statusBar().currentMessage()
    assert model.state.order == ["cutthroat1", "cutthroat2", "edward", "archer"]

    _attack(window, "0")
    assert "FF" in _badges(window, "edward")
    window.actions_by_name["next_turn"].trigger()
    assert model.state.actor() == "edward"
    _attack(window, "3", target="cutthroat2")
    assert model.state.fighters["cutthroat2"].condition == "disabled"

    sheet = window.sheet_docks["edward"].sheet
    health = sheet.health
    qtbot.mouseClick(health, Qt.MouseButton.LeftButton,
                     pos=health.box_rect(0).center().toPoint())
    assert model.state.fighters["edward"].health == 5

    window.actions_by_name["next_turn"].trigger()
    assert model.state.actor() == "archer"
    window.actions_by_name["next_turn"].trigger()
    assert model.state.round == 2 and model.wheel().hub == "round 2\nCutthroat\n1"
    assert model.state.fighters["edward"].dodge_now == 1  # Dodge back as the round starts

    window.actions_by_name["undo"].trigger()
    assert model.state.round == 1 and model.state.actor() == "archer"

    card = card_from_contract(model.session.ruleset.card(model.state, "edward"))
    # Health, then negative Health, Vigor and the round's Dodge losses, each a track.
    assert card.name == "Edward Sumner" and card.marks[:5] == "....."
    assert [title for title, _ in card.segments][:2] == ["Negative Health", "Vigor"]
    assert any(line.startswith("Defence: Armour 3") for line in card.reference)
    target = tmp_path / "edward.pdf"
    assert export_pdf([card], target) == 1
    assert target.read_bytes().startswith(b"%PDF")
