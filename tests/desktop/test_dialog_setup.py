"""The combat set-up dialog: ambush, Join Battle typed or rolled, preview, one undo step."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.dice import DiceEntry, SeededDice
from battlewheel.engine.rulesets.rewrite.actions import (
    Concealment,
    DeclareConcealment,
    RaiseAlarm,
    RollAmbush,
    RollJoinBattle,
    StartCombat,
)
from battlewheel.engine.rulesets.rewrite.state import TOTALLY
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets.rewrite.setup_dialogs import CombatSetupDialog
from tests.desktop.d2_combatants import bandit, ejava, model_with

Shown = Callable[[CombatSetupDialog], CombatSetupDialog]


def _dialog(shown: Shown) -> tuple[CombatModel, CombatSetupDialog]:
    model = model_with(("ejava", ejava(), "enemy"), ("bandit", bandit(), "ally"),
                       ("guard", bandit(), "ally"))
    return model, shown(CombatSetupDialog(model, face_source=SeededDice(5)))


def test_typed_join_battle_previews_the_wheel_before_anything_changes(shown: Shown) -> None:
    """Ejava 3, Bandit 1, guard botches: Reaction Count 3, ticks 1, 3 and 7 (offset 6).

    On the seven-segment wheel tick 7 is segment 0, one lap past the waiting counter.
    """
    model, dialog = _dialog(shown)
    dialog.join_rows["ejava"].set_typed("3")
    dialog.join_rows["bandit"].set_typed("1")
    dialog.join_rows["guard"].set_typed("botch")
    assert dialog.preview_label.text().splitlines() == [
        "Reaction Count 3.",
        "Tick 1 (First Actors): Tepet Ejava",
        "Tick 3: Bandit",
        "Tick 7: Bandit",
    ]
    placed = {c.id: c.slot for c in dialog.preview_scene.wheel.counters}
    assert placed == {"ejava": 1, "bandit": 3, "guard": 0}
    assert not model.state.started
    assert model.undo_stack.count() == 0


def test_a_fresh_dialog_shows_no_red_problem_while_rolls_are_still_to_come(
    shown: Shown,
) -> None:
    """Opened before anyone rolled: the preview names who is to roll, no red refusal text;
    Start is off and its tooltip gives the engine's reason."""
    _model, dialog = _dialog(shown)
    assert dialog.preview_label.text().startswith("Still to roll Join Battle: Tepet Ejava")
    assert dialog.problem_label.text() == ""
    assert not dialog.start_button.isEnabled()
    assert dialog.problem().startswith("000 §Roll Join Battle")
    assert dialog.start_button.toolTip() == dialog.problem()


def test_join_battle_rows_line_up_whatever_the_names(shown: Shown) -> None:
    """Tepet Ejava's row and the Bandits' rows have their Roll buttons and fields in one
    column, though the names differ in length."""
    _model, dialog = _dialog(shown)
    rows = list(dialog.join_rows.values())
    assert len({row.roll_button.x() for row in rows}) == 1
    assert len({row.typed.x() for row in rows}) == 1


def test_start_pushes_the_whole_set_up_as_one_undo_step(qtbot: QtBot, shown: Shown) -> None:
    """Start places the counters; a single undo takes the rolls and the start back."""
    model, dialog = _dialog(shown)
    for cid, text in (("ejava", "3"), ("bandit", "1"), ("guard", "2")):
        dialog.join_rows[cid].set_typed(text)
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == CombatSetupDialog.DialogCode.Accepted
    assert model.state.started
    assert {c.id: c.next_tick for c in model.state.combatants.values()} == {
        "ejava": 1, "bandit": 3, "guard": 2,
    }
    assert model.undo_stack.count() == 1
    model.undo_stack.undo()
    assert not model.state.started
    assert all(c.join_battle is None for c in model.state.combatants.values())


def test_an_ambush_beating_the_sdv_leaves_the_others_totally_surprised(shown: Shown) -> None:
    """Bandit SDV = (Per 1 + Awareness 1 + Essence 1) / 2 down = 1; 5 successes beat it.

    Both bandits see no foe, so they are Totally Surprised: their Join Battle rows are
    disabled and only Ejava goes on the wheel.
    """
    model, dialog = _dialog(shown)
    panel = dialog.add_ambusher("ejava")
    panel.dice.set_typed("5")
    assert not dialog.join_rows["bandit"].isEnabled()
    assert not dialog.join_rows["guard"].isEnabled()
    dialog.join_rows["ejava"].set_typed("2")
    assert dialog.start_button.isEnabled()
    dialog.accept()
    state = model.state
    assert state.combatants["bandit"].surprise == TOTALLY
    assert state.margin_of_surprise("bandit", "ejava") == 4
    assert state.combatants["ejava"].next_tick == 1
    assert state.combatants["bandit"].next_tick is None


def test_missing_or_nonsense_rolls_keep_start_disabled(shown: Shown) -> None:
    """A nonsense entry shows its message; the preview names who still has to roll."""
    model, dialog = _dialog(shown)
    dialog.join_rows["ejava"].set_typed("3")
    dialog.join_rows["bandit"].set_typed("three")
    assert dialog.join_rows["bandit"].error().startswith("'three' is not a whole number")
    assert not dialog.start_button.isEnabled()
    assert dialog.preview_label.text() == "Still to roll Join Battle: Bandit, Bandit"
    assert dialog.problem().startswith("000 §Roll Join Battle")
    dialog.accept()
    assert not model.state.started and model.undo_stack.count() == 0


def test_roll_for_everyone_fills_only_the_empty_rows(qtbot: QtBot, shown: Shown) -> None:
    """Ctrl+Shift+R rolls the untyped rows from the dice source and keeps the typed one."""
    _model, dialog = _dialog(shown)
    dialog.join_rows["ejava"].set_typed("4")
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(dialog, Qt.Key.Key_R,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    source = SeededDice(5)
    typed = dialog.join_rows["ejava"].entry()
    assert typed is not None and typed.successes == 4
    for cid in ("bandit", "guard"):
        entry = dialog.join_rows[cid].entry()
        assert entry is not None and entry.faces == source.faces(3)
    assert dialog.start_button.isEnabled()


def test_after_the_start_the_dialog_rolls_a_late_join_battle(shown: Shown) -> None:
    """The bandit, ambushed, hears the alarm on tick 0: Reaction Count 3, he rolls 1.

    Two successes short of the count he lands one segment past the next: tick 0 + 1 + 2
    = tick 3 (000 §Reassess Surprise). Nobody else is offered a roll.
    """
    model = model_with(("ejava", ejava(), "enemy"), ("bandit", bandit(), "ally"))
    for action in (
        DeclareConcealment("ejava", (Concealment("bandit"),)),
        RollAmbush("ejava", DiceEntry.of_successes(5)),
        RollJoinBattle("ejava", DiceEntry.of_successes(3)),
        StartCombat(),
        RaiseAlarm(),
    ):
        assert model.push(action) is None
    dialog = shown(CombatSetupDialog(model))
    assert dialog.windowTitle() == "Late Join Battle"
    assert list(dialog.join_rows) == ["bandit"]
    assert not dialog.start_button.isEnabled()
    dialog.join_rows["bandit"].set_typed("1")
    assert dialog.preview_label.text() == "Bandit: tick 3"
    before = model.undo_stack.count()
    dialog.accept()
    assert model.state.combatants["bandit"].next_tick == 3
    assert model.undo_stack.count() == before + 1


def _wheel_down(widget: QWidget) -> None:
    """One notch of the mouse wheel, downwards, over the middle of ``widget``."""
    middle = QPointF(widget.width() / 2, widget.height() / 2)
    event = QWheelEvent(middle, QPointF(widget.mapToGlobal(middle.toPoint())), QPoint(0, 0),
                        QPoint(0, -120), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def test_scrolling_over_a_situation_list_scrolls_instead_of_changing_it(shown: Shown) -> None:
    """The wheel over an unfocused "in cover" list scrolls the dialog; the SDV stays +0."""
    _model, dialog = _dialog(shown)
    panel = dialog.add_ambusher("ejava")
    situation = next(iter(panel.rows.values())).situation
    chosen = situation.currentText()
    _wheel_down(situation)
    assert situation.currentText() == chosen
    dialog.activateWindow()
    situation.setFocus()
    QApplication.processEvents()
    assert situation.hasFocus()
    _wheel_down(situation)  # focused on purpose, the wheel does pick another entry
    assert situation.currentText() != chosen


def test_join_battle_log_lines_give_successes_and_say_typed_or_rolled(
    qtbot: QtBot, shown: Shown
) -> None:
    """Ejava's faces typed, the bandit's count typed, the guard's dice rolled: each log
    line counts the successes and says how the dice came."""
    model, dialog = _dialog(shown)
    dialog.join_rows["ejava"].set_typed("7 8 2 1 9")
    dialog.join_rows["bandit"].set_typed("2")
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(dialog, Qt.Key.Key_R,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    guard = dialog.join_rows["guard"].entry()
    assert guard is not None and guard.faces is not None and guard.rolled
    assert dialog.join_rows["ejava"].error() == ""
    dialog.accept()
    lines = [entry.sentence for entry in model.session.log if "Join Battle" in entry.sentence]
    rolled_faces = " ".join(str(face) for face in guard.faces)
    rolled = sum(face >= 7 for face in guard.faces)  # a mortal's 10 counts once
    assert lines == [
        "Tepet Ejava rolls Join Battle: 3 successes (faces typed: 7 8 2 1 9).",
        "Bandit rolls Join Battle: 2 successes typed.",
        f"Bandit rolls Join Battle: {rolled} success{'' if rolled == 1 else 'es'} "
        f"(rolled by the program: {rolled_faces}).",
    ]


def test_the_ambush_shows_who_noticed_the_ambusher_before_the_start(shown: Shown) -> None:
    """Ejava hides from both bandits: a roll of 0 is noticed by both; a roll of 5 is not,
    and each row says by how much, before anything is pushed."""
    model, dialog = _dialog(shown)
    panel = dialog.add_ambusher("ejava")
    assert [row.outcome.text() for row in panel.rows.values()] == ["", ""]  # not rolled
    panel.dice.set_typed("0")
    assert [row.outcome.text() for row in panel.rows.values()] == ["noticed them"] * 2
    panel.dice.set_typed("5")
    for target, row in panel.rows.items():
        assert row.outcome.text().startswith("not noticed: "), target
        assert row.outcome.text().endswith(")")
    assert model.undo_stack.count() == 0


def _demo_roster_dialog(shown: Shown) -> CombatSetupDialog:
    """The set-up of the started combat's ten fighters, before anyone has rolled."""
    from battlewheel.engine.rulesets.rewrite.actions import AddCombatant
    from tests.desktop.started_combat import character_of, started_roster

    model = model_with()
    for entry in started_roster()["combatants"]:
        assert model.push(AddCombatant(entry["id"], character_of(entry), entry["side"])) is None
    return shown(CombatSetupDialog(model, face_source=SeededDice(5)))


def test_the_set_up_of_ten_fighters_fits_a_laptop_screen_without_scrolling(
    qtbot: QtBot, shown: Shown
) -> None:
    """At its opening size the dialog fits 1366x768 (a title bar spared), nothing scrolls,
    and the whole wheel preview is inside the window."""
    dialog = _demo_roster_dialog(shown)
    qtbot.waitExposed(dialog)
    assert len(dialog.join_rows) == 10
    assert dialog.width() <= 1366 and dialog.height() <= 768 - 40
    assert dialog._scroll.verticalScrollBar().maximum() == 0
    wheel = dialog.preview_wheel
    corner = wheel.mapTo(dialog, QPoint(wheel.width(), wheel.height()))
    assert corner.x() <= dialog.width() and corner.y() <= dialog.height()


def test_a_roll_typed_wrong_moves_no_row_and_says_whose_it_is(
    qtbot: QtBot, shown: Shown
) -> None:
    """"three" in the second row: every row keeps its place; the red line names the row."""
    dialog = _demo_roster_dialog(shown)
    qtbot.waitExposed(dialog)
    rows = list(dialog.join_rows.values())
    before = [row.mapTo(dialog, QPoint(0, 0)).y() for row in rows]
    buttons = dialog.buttons.mapTo(dialog, QPoint(0, 0)).y()
    rows[1].set_typed("three")
    qtbot.wait(50)  # let the layouts settle
    assert [row.mapTo(dialog, QPoint(0, 0)).y() for row in rows] == before
    assert dialog.buttons.mapTo(dialog, QPoint(0, 0)).y() == buttons
    assert dialog.problem_label.text().startswith("Ivory Hawk's Join Battle: 'three'")
