"""The side pocket through the real window (rules/impulse.md §5): the acting counter
dragged in holds its action (its cost shown, the trigger asked, one undo step); a held
counter dragged out beside the acting slot fires; a refused drop springs back, saying why."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from battlewheel.engine.rulesets.impulse.actions import EndTurn
from battlewheel.views.main_window import MainWindow
from tests.desktop.pocket_drags import (
    answer_trigger,
    drag_to,
    hold_over,
    let_go,
    move_on,
    pocket_point,
    slot_point,
)
from tests.desktop.rulesets.impulse.fight import started_model
from tests.desktop.windows import painted_window


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """The demo fight in round 1 (Jade acting, 4 Impulse), at laptop size."""
    return painted_window(qtbot, started_model(), tmp_path / "s.ini")


def test_the_acting_counter_dragged_into_the_pocket_holds_for_the_trigger_typed(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Jade into the pocket: the dialog shows 2 Impulse (2 left) and asks the trigger; she
    waits in the pocket with it, the Chief acts; one Ctrl+Z takes it all back."""
    asked = answer_trigger(monkeypatch, "the Chief draws his blade")
    model = window.combat
    steps = model.undo_stack.count()
    assert window.scene.pocket.isVisible()
    drag_to(window, "jade", pocket_point(window))
    assert len(asked) == 1 and "2 Impulse now (2 left)" in asked[0][1]
    jade = model.state.combatants["jade"]
    assert jade.hold is not None and jade.hold.trigger == "the Chief draws his blade"
    assert jade.impulse == 2 and model.state.acting_key == "chief"
    held = model.wheel().counter("jade")
    assert held is not None and held.slot is None and held.pocket == "the Chief draws his blade"
    assert window.scene.pocket.contains_point(*_xy(window, "jade"))
    assert window.scene.pocket.triggers == ("the Chief draws his blade",)
    assert model.undo_stack.count() == steps + 1
    window.actions_by_name["undo"].trigger()
    jade = model.state.combatants["jade"]
    assert jade.hold is None and jade.impulse == 4 and model.state.acting_key == "jade"


def test_cancelling_the_trigger_dialog_holds_nothing(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The GM asked for the trigger thinks better of it: nothing changes, Jade is back."""
    asked = answer_trigger(monkeypatch, "", ok=False)
    start = window.scene.counters["jade"].pos()
    steps = window.combat.undo_stack.count()
    drag_to(window, "jade", pocket_point(window))
    assert len(asked) == 1 and window.combat.state.combatants["jade"].hold is None
    assert window.combat.undo_stack.count() == steps
    assert window.scene.counters["jade"].pos() == start


def test_a_counter_not_acting_dropped_in_the_pocket_springs_back_saying_why(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reed is not acting: no trigger asked, nothing changes, the status bar says why and
    Reed stands on his slot again."""
    asked = answer_trigger(monkeypatch, "never asked")
    start = window.scene.counters["reed"].pos()
    steps = window.combat.undo_stack.count()
    drag_to(window, "reed", pocket_point(window))
    assert asked == []
    message = window.statusBar().currentMessage()
    assert message.startswith("Not allowed: Only the acting counter can hold its action")
    assert "Harmonious Jade acts now" in message
    assert window.combat.undo_stack.count() == steps
    assert window.scene.counters["reed"].pos() == start


def test_a_held_counter_dragged_out_beside_the_acting_slot_fires(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Jade holds; the Chief acts on slot 1. Jade dragged onto slot 3 is refused (too far);
    onto slot 2, the next, she acts after the trigger: the Chief's turn goes on, and when it
    ends Jade acts (001 §Holding Action)."""
    answer_trigger(monkeypatch, "the Chief draws his blade")
    model = window.combat
    drag_to(window, "jade", pocket_point(window))
    assert model.wheel().cursor == 1
    drag_to(window, "jade", slot_point(window, 3))
    assert "beside the acting one" in window.statusBar().currentMessage()
    assert model.state.combatants["jade"].hold is not None
    assert window.scene.pocket.contains_point(*_xy(window, "jade"))
    drag_to(window, "jade", slot_point(window, 2))
    hold = model.state.combatants["jade"].hold
    assert hold is not None and hold.after_turn
    assert model.state.acting_id() == "chief" and model.state.paused is None
    assert model.session.log[-1].sentence.startswith("Harmonious Jade's trigger comes; "
                                                     "they act after it, once this turn ends.")
    assert window.statusBar().currentMessage() == (
        "Harmonious Jade acts after the trigger, once this turn ends.")
    assert model.push(EndTurn()) is None
    assert model.state.acting_key == "jade"


def _xy(window: MainWindow, counter_id: str) -> tuple[float, float]:
    pos = window.scene.counters[counter_id].pos()
    return pos.x(), pos.y()


def test_a_dragged_counter_shows_the_cost_or_the_refusal_before_it_is_let_go(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Jade held over the pocket reads the Hold's cost; over a later slot, a free order
    change; Reed over the pocket reads why not, in the warning colour; let go, it clears."""
    answer_trigger(monkeypatch, "", ok=False)
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *_args: QMessageBox.StandardButton.No)
    hint, steps = window.scene.hint, window.combat.undo_stack.count()
    hold_over(window, "jade", pocket_point(window))
    assert hint.isVisible() and hint.allowed
    assert hint.text.startswith("Hold: 2 Impulse now (2 left)")
    move_on(window, slot_point(window, 3))
    assert hint.text == "free: order 10 \u2192 6 from next round" and hint.allowed
    let_go(window, slot_point(window, 3))
    assert not hint.isVisible()
    hold_over(window, "reed", pocket_point(window))
    assert not hint.allowed and hint.text.startswith("Not allowed: Only the acting counter")
    let_go(window, pocket_point(window))
    assert not hint.isVisible() and window.combat.undo_stack.count() == steps
