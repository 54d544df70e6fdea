"""A whole round of the demo's 3e fight through the real window, with typed dice.

Start; Lady Ashkeel (tick 9) moves to the circle's zone; Swift Lark (6) shoots her;
Harmonious Jade (4) closes in and cuts at her; Brother Ember's counter is dragged to
tick 2 (Delay); the Guard's counter refuses a drag; a box of Jade's sheet is clicked
and taken back; Ember's delayed turn passes and round 2 begins. Then the printed cards.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.contract import BoxTrack, DropVerdict
from battlewheel.engine.rulesets.ex3 import wheel
from battlewheel.models.combat_model import CombatModel
from battlewheel.printing.output import export_pdf
from battlewheel.printing.sources import campaign_cards
from battlewheel.storage.campaign import Campaign, CombatRecord
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.rulesets.ex3.attack_dialog import AttackDialog
from battlewheel.views.rulesets.ex3.turn_dialogs import MoveDialog
from tests.desktop.rulesets.ex3.fight import initiative, standoff, state, typed
from tests.desktop.showing import Shown


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, shown: Shown) -> MainWindow:
    """The window on the demo fight, Join Battle rolled, not started; sheets built."""
    built = MainWindow(CombatModel(standoff()),
                       settings=prefs.open_settings(tmp_path / "settings.ini"))
    with qtbot.waitSignal(built.firstPainted):
        shown(built)
    qtbot.waitUntil(lambda: "jade" in built.sheet_docks)
    return built


def _open(window: MainWindow, key: str) -> QWidget:
    window.actions_by_name[key].trigger()
    dialog = window.turn.dialog
    assert dialog is not None, window.statusBar().currentMessage()
    return dialog


def _resolve(qtbot: QtBot, dialog: QWidget) -> None:
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(dialog, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


def _slot_of(window: MainWindow, cid: str) -> int | None:
    counter = window.combat.wheel().counter(cid)
    assert counter is not None
    return counter.slot


def test_counters_stand_on_the_initiative_ring(window: MainWindow) -> None:
    """The ring runs from 10 at the top down through the shaded Crash arc; counters sit at
    their Initiative, the battle group shows its Magnitude (rules/3e.md §5)."""
    track = window.combat.wheel()
    assert track.slots[0].label == "10" and track.slots[-1].label == "-5"
    assert all(s.shaded for s in track.slots if int(s.label) <= 0)
    assert track.slots[10 - 3].mark == "base"
    assert [track.slots[_slot_of(window, c) or 0].label
            for c in ("ashkeel", "lark", "jade")] == ["9", "6", "4"]
    guard = track.counter("guard")
    assert guard is not None and guard.badge("top_right") is not None
    assert guard.badge("top_right").text == "M9"  # type: ignore[union-attr]


def test_a_whole_round_with_typed_dice(qtbot: QtBot, window: MainWindow,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 1 worked by hand (003 §The Flow of Combat, §Resolution Steps, rules/3e.md §5)."""
    combat = window.combat
    window.actions_by_name["start"].trigger()
    assert (state(combat).actor, state(combat).tick) == ("ashkeel", 9)

    move = _open(window, "move")
    assert isinstance(move, MoveDialog)
    move.step.setCurrentIndex(move.step.findData("zone"))
    move.zone.setValue(0)
    _resolve(qtbot, move)
    window.actions_by_name["next_turn"].trigger()
    assert state(combat).actor == "lark"

    # Lark: 8 against Parry 6, 3 damage dice, 7 8 10 = 4: Ashkeel 9 -> 5, Lark 6 -> 11.
    attack = _open(window, "attack")
    assert isinstance(attack, AttackDialog)
    odds = window.odds_panel.odds()
    assert odds is not None and odds.dv == 6 and window.odds_dock.isVisible()
    typed(attack.attack_roll, "8")
    typed(attack.damage_roll, "7 8 10")
    _resolve(qtbot, attack)
    assert (initiative(combat, "ashkeel"), initiative(combat, "lark")) == (5, 11)
    assert _slot_of(window, "lark") == wheel.slot_of(state(combat), 11)
    lark = combat.wheel().counter("lark")
    assert lark is not None and not lark.done  # her turn is not over yet
    window.actions_by_name["next_turn"].trigger()
    lark = combat.wheel().counter("lark")
    assert lark is not None and lark.done  # dim once acted

    # Jade closes in, then 6 against Parry 6 - onslaught 1 = 5: threshold 1, Str 3 +
    # Daiklave 12 + 1 - soak 12 = 4 dice; 2 typed: Ashkeel 5 -> 3, Jade 4 -> 7.
    assert state(combat).actor == "jade"
    move = _open(window, "move")
    assert isinstance(move, MoveDialog)
    move.other.setCurrentIndex(move.other.findData("ashkeel"))
    _resolve(qtbot, move)
    attack = _open(window, "attack")
    assert isinstance(attack, AttackDialog)
    assert "→ Defence 5" in attack.preview()
    typed(attack.attack_roll, "6")
    assert attack.damage_roll.pool() == 4
    typed(attack.damage_roll, "2")
    _resolve(qtbot, attack)
    assert (initiative(combat, "ashkeel"), initiative(combat, "jade")) == (3, 7)
    window.actions_by_name["next_turn"].trigger()

    # Ember's counter dragged from tick 4 to tick 2: Delay, 2i, no question asked.
    assert state(combat).actor == "ember"
    two = wheel.slot_of(state(combat), 2)
    verdict = combat.drop_verdict("ember", two)
    assert verdict.allowed and verdict.cost == "Delay: -2i" and not verdict.confirm
    window.drop_counter("ember", two)
    assert initiative(combat, "ember") == 2 and state(combat).actor == "guard"

    # The Guard's counter will not move: a group's Initiative is fixed. Nothing changes.
    steps = combat.undo_stack.count()
    window.drop_counter("guard", two)
    message = window.statusBar().currentMessage()
    assert "a battle group's initiative never changes" in message.casefold()
    assert combat.undo_stack.count() == steps and _slot_of(window, "guard") == \
        wheel.slot_of(state(combat), 4)

    # Another counter dragged is a GM edit: asked first, showing that it costs nothing.
    asked: list[DropVerdict] = []
    monkeypatch.setattr(window, "_confirm_drop", lambda v: asked.append(v) or False)
    window.drop_counter("ashkeel", wheel.slot_of(state(combat), 8))
    assert asked[0].cost == "GM edit: no rule cost" and initiative(combat, "ashkeel") == 3

    # A click on Jade's first health box marks bashing; Ctrl+Z takes it back.
    dock = window.sheet_docks["jade"]
    dock.show()
    dock.raise_()
    track = dock.sheet.health
    qtbot.mouseClick(track, Qt.MouseButton.LeftButton,
                     pos=track.box_rect(0).center().toPoint())
    assert state(combat).combatants["jade"].health.marks.startswith("/")
    shown_track = dock.sheet.health.track()
    assert isinstance(shown_track, BoxTrack) and shown_track.marks.startswith("/")
    window.actions_by_name["undo"].trigger()
    assert state(combat).combatants["jade"].health.damage == 0

    # The Guard passes; Ember acts on tick 2; then round 2 begins with Lark at 11.
    window.actions_by_name["next_turn"].trigger()
    assert (state(combat).actor, state(combat).tick) == ("ember", 2)
    window.actions_by_name["next_turn"].trigger()
    assert (state(combat).round, state(combat).actor) == (2, "lark")

    # Undo walks back through the round: the last step was Ember's turn ending.
    window.actions_by_name["undo"].trigger()
    assert (state(combat).round, state(combat).actor) == (1, "ember")


def test_printed_cards_of_the_fight(window: MainWindow, tmp_path: Path) -> None:
    """rules/3e.md §6 through the shared printing: a player card with Join Battle, base
    Initiative, the Crash strip and the health boxes; the group's card with Magnitude."""
    record = CombatRecord("c1", "Ashen Ford", window.combat.session)
    cards = {card.name: card for card in campaign_cards(Campaign("Demo", combats=(record,)))}
    jade = cards["Harmonious Jade"]
    assert any(line.startswith("Initiative: Join Battle 6 dice + 3") for line in jade.reference)
    assert any("Crash" in line for line in jade.reference)
    # 3e's track: six levels and Incapacitated, all empty, no Dying boxes.
    assert jade.marks == "." * 7 and jade.labels[-1] == "Incap" and "Dying" not in jade.labels
    # (No-break spaces hold each figure to its word when a line wraps: read as spaces.)
    assert "Daiklave: withering 12 / decisive 9 dice, +12 L, min 1, Def +1, close" in [
        line.replace("\u00a0", " ") for line in jade.reference]
    guard = cards["Ashen Guard"]
    assert guard.marks == "#" * 9
    # Dex 3 + Melee 3 + Size 2 + Might 1 = 9, + accuracy 3 withering (003 §Battle Groups).
    assert "Spear: withering 12 / decisive 9 dice, +8 L, min 1, Def +1, close" in [
        line.replace("\u00a0", " ") for line in guard.reference]
    target = tmp_path / "cards.pdf"
    pages = export_pdf(list(cards.values()), target)
    data = target.read_bytes()
    assert pages == len(re.findall(rb"/Type\s*/Page\b", data)) and b"/Font" in data


def test_space_starts_the_fight_and_passes_the_turns(qtbot: QtBot, window: MainWindow) -> None:
    """Keyboard first: the Next step button names what Space does: start the battle, then
    each next turn (003 §The Flow of Combat); N passes the turn too."""
    button = window.actions_by_name["next_step"]
    assert button.isEnabled() and "Start the battle" in button.text()

    def press(key: Qt.Key) -> None:
        window.wheel_view.activateWindow()
        qtbot.waitUntil(window.wheel_view.isActiveWindow)
        qtbot.keyClick(window.wheel_view, key)

    press(Qt.Key.Key_Space)
    assert (state(window.combat).actor, state(window.combat).tick) == ("ashkeel", 9)
    assert "Next turn" in button.text()
    press(Qt.Key.Key_Space)  # Ashkeel has done nothing: asked first, Y ends the turn
    qtbot.waitUntil(lambda: window.turn.dialog is not None and window.turn.dialog.isVisible())
    question = window.turn.dialog
    assert isinstance(question, QMessageBox) and "has done nothing" in question.text()
    question.activateWindow()
    qtbot.waitUntil(question.isActiveWindow)
    qtbot.keyClick(question, Qt.Key.Key_Y)
    qtbot.waitUntil(lambda: window.turn.dialog is None)
    assert state(window.combat).actor == "lark"
    press(Qt.Key.Key_N)
    assert state(window.combat).actor == "jade"
