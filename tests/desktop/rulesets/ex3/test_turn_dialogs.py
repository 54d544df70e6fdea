"""The other 3e dialogs: clash, Join Battle, Delay, movement, stealth, commands."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import demo
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets.ex3 import turn_dialogs as acts
from battlewheel.views.rulesets.ex3 import turn_dialogs_groups as cmds
from battlewheel.views.rulesets.ex3 import turn_dialogs_stealth as hide
from battlewheel.views.rulesets.ex3.attack_dialog_clash import ClashDialog
from battlewheel.views.rulesets.ex3.setup_dialogs import JoinBattleDialog
from battlewheel.views.rulesets.ex3.turn_actions import GM_DIALOGS, TURN_DIALOGS, open_dialog
from tests.desktop.rulesets.ex3.fight import (
    ASHKEEL_COMES_CLOSE,
    initiative,
    started,
    state,
    turn_of,
    typed,
)
from tests.desktop.showing import Shown


def test_a_clash_is_won_by_the_higher_roll_worked_by_hand(shown: Shown) -> None:
    """003 §Clashes: Jade (12 dice) and the Guard (Dex 3 + Melee 3 + accuracy 3 + Size 2 +
    Might 1 = 12) on tick 4. 6 against 4: Jade wins by 2; her damage is Str 3 + 12 + 2 -
    soak 10 (Sta 3 + lamellar 5 + Size 2) = 7 dice +3 successes; 2 typed make 5: Magnitude
    9 → 4, Jade 4 + 6 = 10i; the Guard takes -2 Defence."""
    model = started(a.SetRange("guard", "jade", "close"))
    turn_of(model, "jade")
    dialog = shown(ClashDialog(model, "jade"))
    assert dialog.foe.currentData() == "guard"
    assert (dialog.mine.attack.pool(), dialog.theirs.attack.pool()) == (12, 12)
    odds = dialog.odds
    assert odds is not None and 0 < odds.hit_chance < 1
    typed(dialog.mine.attack, "6")
    typed(dialog.theirs.attack, "4")
    assert not dialog.theirs.damage.isVisible() and dialog.mine.damage.pool() == 7
    assert "Opposed rolls: 6 against 4: Harmonious Jade wins by 2" in dialog.preview()
    typed(dialog.mine.damage, "2")
    dialog.accept()
    guard = state(model).combatants["guard"]
    assert (guard.magnitude, guard.clash_penalty, initiative(model, "jade")) == (4, True, 10)


def test_a_tied_clash_has_no_damage_roll(shown: Shown) -> None:
    """A tie: both attacks miss as usual (ruling clash_tie, default), no damage rows."""
    model = started(a.SetRange("guard", "jade", "close"))
    turn_of(model, "jade")
    dialog = shown(ClashDialog(model, "jade"))
    typed(dialog.mine.attack, "5")
    typed(dialog.theirs.attack, "5")
    assert not dialog.mine.damage.isVisible() and not dialog.theirs.damage.isVisible()
    assert "5 each, a tie: both miss as usual" in dialog.preview()
    assert dialog.apply_button.isEnabled()


def test_join_battle_records_every_roll_as_one_undo_step(shown: Shown) -> None:
    """Wits 3 + Awareness 3 = 6 dice for Jade; 2 successes + 3 = 5i (003 §The Flow of Combat)."""
    session = CombatSession.new(ruleset="3e")
    session.apply(a.AddCombatant("jade", demo.circle()[0], "ally"))
    session.apply(a.AddCombatant("ashkeel", demo.villain(), "enemy"))
    model = CombatModel(session)
    dialog = shown(JoinBattleDialog(model))
    assert (dialog.rows["jade"].pool(), dialog.rows["ashkeel"].pool()) == (6, 8)
    typed(dialog.rows["jade"], "2")
    typed(dialog.rows["ashkeel"], "10 10 7 1 1 1 1 1")
    dialog.accept()
    assert (initiative(model, "jade"), initiative(model, "ashkeel")) == (5, 8)
    model.undo_stack.undo()
    assert (initiative(model, "jade"), initiative(model, "ashkeel")) == (None, None)


def test_delay_costs_two_initiative(shown: Shown) -> None:
    """Ashkeel waits from tick 9 to tick 5: 9 - 2 = 7i, and Lark acts next on tick 6."""
    model = started()
    dialog = shown(acts.DelayDialog(model, "ashkeel"))
    dialog.tick.setValue(5)
    dialog.accept()
    assert initiative(model, "ashkeel") == 7
    assert (state(model).actor, state(model).tick) == ("lark", 6)


def test_move_then_the_foes_are_at_short_range(shown: Shown) -> None:
    """One Move to the adjacent zone: medium range becomes short (003 §Move)."""
    model = started()
    dialog = shown(acts.MoveDialog(model, "ashkeel"))
    assert "Foes now: Harmonious Jade medium" in dialog.preview()
    dialog.step.setCurrentIndex(dialog.step.findData("zone"))
    dialog.zone.setValue(0)
    dialog.accept()
    assert state(model).combatants["ashkeel"].zone == 0


def test_take_cover_shows_the_chance_against_the_difficulty(shown: Shown) -> None:
    """Dex 4 + Dodge 3 = 7 dice against difficulty 2; the dock's chance is P(2 or more)."""
    model = started(*ASHKEEL_COMES_CLOSE)
    dialog = shown(acts.TakeCoverDialog(model, "lark"))
    dialog.difficulty.setValue(2)
    assert dialog.roll.pool() == 7
    odds = dialog.odds
    assert odds is not None and odds.dv == 2
    assert odds.hit_chance == pytest.approx(sum(odds.successes[2:]))
    typed(dialog.roll, "3")
    dialog.accept()
    assert state(model).combatants["lark"].cover == 1


def test_the_flurry_takes_three_dice_off_the_roll(shown: Shown) -> None:
    """Declared as the first of a flurry, Take Cover rolls 7 - 3 = 4 dice (003 §Flurries)."""
    model = started(*ASHKEEL_COMES_CLOSE)
    dialog = shown(acts.TakeCoverDialog(model, "lark"))
    dialog.flurry.setChecked(True)
    assert dialog.roll.pool() == 4


def test_establish_surprise_needs_every_aware_foes_roll(shown: Shown) -> None:
    """Dex 4 + Stealth 4 - 3 in combat = 5 dice, against each foe's Wits + Awareness."""
    model = started(*ASHKEEL_COMES_CLOSE)
    dialog = shown(hide.EstablishSurpriseDialog(model, "lark"))
    assert dialog.roll.pool() == 5 and set(dialog.opposed) == {"ashkeel", "guard"}
    assert (dialog.opposed["ashkeel"].pool(), dialog.opposed["guard"].pool()) == (8, 4)
    typed(dialog.roll, "4")
    typed(dialog.opposed["ashkeel"], "2")
    assert dialog.refusal() == "Enter the opposing rolls of: Ashen Guard."
    typed(dialog.opposed["guard"], "5")  # 5 successes from 4 mortal dice: impossible
    assert "the Guard" not in dialog.refusal() and not dialog.apply_button.isEnabled()
    typed(dialog.opposed["guard"], "4")  # a tie is not beaten: the Guard still sees her
    dialog.accept()
    assert state(model).concealed == {("lark", "ashkeel")}


def test_an_order_uses_the_elite_drill(shown: Shown) -> None:
    """Ashkeel orders her Elite guard: Charisma 4 + War 4 + 2 = 10 dice, difficulty 1."""
    model = started()
    dialog = shown(cmds.OrderDialog(model, "ashkeel"))
    assert dialog.group.currentData() == "guard" and dialog.roll.pool() == 10
    typed(dialog.roll, "3")
    dialog.accept()
    assert state(model).combatants["guard"].order_bonus == 3


def test_rally_is_refused_while_the_group_holds(shown: Shown) -> None:
    """003 §Rally: only a group that failed its rout check can be rallied."""
    model = started()
    dialog = shown(cmds.RallyDialog(model, "ashkeel"))
    typed(dialog.roll, "5")
    assert dialog.refusal() == "Not allowed: 003 §Rally: Ashen Guard has not failed a rout check"
    assert not dialog.apply_button.isEnabled()


@pytest.mark.parametrize("key", sorted(TURN_DIALOGS))
def test_every_menu_dialog_opens_for_the_actor(key: str, shown: Shown) -> None:
    """Each ``ex3.<key>`` the engine's menu names opens a dialog about the acting fighter."""
    model = started(*ASHKEEL_COMES_CLOSE)
    parent = shown(QWidget())  # kept by the fixture: the dialog lives as long as it
    dialog = open_dialog(parent, model, f"ex3.{key}", None)
    assert dialog is not None
    shown(dialog)
    assert dialog.windowTitle().endswith("Swift Lark")


def test_every_dialog_the_engine_names_has_an_opener() -> None:
    """The engine's menu (before and during the fight) names only dialogs this package has."""
    names = {entry.dialog for entry in started().session.ruleset.turn_actions(started().state)}
    names |= {e.dialog for e in demo.demo_fight().ruleset.turn_actions(demo.demo_fight().state)}
    keys = {name.removeprefix("ex3.") for name in names if name}
    assert keys <= {*TURN_DIALOGS, *GM_DIALOGS, "join_battle"}


def test_the_clash_damage_row_keeps_the_focus_while_faces_are_typed(
        qtbot: QtBot, shown: Shown) -> None:
    """Each keystroke refreshes the pools; the winner's damage row stays shown and focused,
    so '9 8 4 3 2 1' typed key by key arrives whole (it used to stop at '9')."""
    model = started(a.SetRange("guard", "jade", "close"))
    turn_of(model, "jade")
    dialog = shown(ClashDialog(model, "jade"))
    typed(dialog.mine.attack, "6")
    typed(dialog.theirs.attack, "4")
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    row = dialog.mine.damage
    row.focus_entry()
    for key in "9 8 4 3 2 1":
        focused = QApplication.focusWidget()
        assert focused is row.typed
        qtbot.keyClicks(focused, key)
    assert row.typed.text() == "9 8 4 3 2 1"
