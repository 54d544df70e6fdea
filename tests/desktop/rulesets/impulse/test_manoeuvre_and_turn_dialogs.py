"""The manoeuvre, Hold, firing a hold, Change Initiative and a villain's escape."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from battlewheel.engine.core.contract import Odds
from battlewheel.engine.rulesets.impulse import EndTurn
from battlewheel.engine.rulesets.impulse.odds import manoeuvre_odds
from battlewheel.views.rulesets.impulse.odds import manoeuvre_odds as manoeuvre_chart
from battlewheel.views.rulesets.impulse.turn_dialogs import (
    ChangeInitiativeDialog,
    FireHoldDialog,
    HoldDialog,
    VillainEscapesDialog,
)
from battlewheel.views.rulesets.impulse.turn_dialogs_manoeuvre import ManoeuvreDialog
from tests.desktop.rulesets.impulse.fight import started_model
from tests.desktop.showing import Shown


def test_a_stunted_intimidate_gains_impulse_and_takes_the_chiefs(shown: Shown) -> None:
    """Dexterity 4 + Athletics 2 + stunt 2 = 8 dice; 4 successes beat the Chief's Resolve 3.

    Jade's Impulse 4 -> 8 (every success, 001 §Maneuvers); the Chief's 3 -> 0 (Intimidate
    -3, never below the floor 0, 001 §Stunting Maneuvers).
    """
    model = started_model()
    dialog = shown(ManoeuvreDialog(model))
    dialog.stunt_form.choose("intimidate", "chief")
    assert dialog.steps_text().splitlines() == [
        "Pool: Dexterity 4 + Athletics 2, stunt +2 = 8 dice",
        "Intimidate on Bandit Chief: needs more than 3 successes",
    ]
    assert dialog.odds == manoeuvre_odds_for(8, 3)
    dialog.dice.set_typed("4")
    assert dialog.steps_text().splitlines()[2:] == [
        "Roll: 4 successes: Impulse 4 \u2192 8 (every success is Impulse)",
        "Effect: lands: Bandit Chief's Impulse 3 \u2192 0",
    ]
    dialog.accept()
    assert model.state.combatants["jade"].impulse == 8
    assert model.state.combatants["chief"].impulse == 0
    model.undo_stack.undo()
    assert model.state.combatants["jade"].impulse == 4
    assert model.state.combatants["chief"].impulse == 3


def manoeuvre_odds_for(dice: int, difficulty: int) -> Odds:
    """The dock's chart for Jade's manoeuvre, checked against the engine's chance."""
    found = manoeuvre_chart("Manoeuvre: Harmonious Jade, Impulse gained", dice, difficulty, "above")
    assert found.hit_chance == manoeuvre_odds(dice, difficulty).chance_effect
    return found


def test_counter_cover_on_someone_without_cover_is_refused_before_the_roll(shown: Shown) -> None:
    """Nothing to counter: the engine's reason shows at once and Record stays off."""
    model = started_model()
    dialog = shown(ManoeuvreDialog(model))
    dialog.stunt_form.choose("counter_cover", "chief")
    assert dialog.refusal().endswith("Bandit Chief has no cover to counter")
    assert not dialog.record_button.isEnabled()


def test_hold_costs_two_now_and_firing_it_gives_jade_the_turn(shown: Shown) -> None:
    """Hold: Impulse 4 -> 2 and the turn passes; firing it interrupts the Chief's turn."""
    model = started_model()
    hold = shown(HoldDialog(model))
    assert hold.refusal() == "Name the trigger the held action waits for."
    hold.trigger.setText("the Chief raises his axe")
    assert hold.steps_text().splitlines()[0] == "Cost: 2 Impulse now: 4 \u2192 2"
    hold.accept()
    state = model.state
    assert state.combatants["jade"].impulse == 2 and state.acting_key == "chief"
    fire = shown(FireHoldDialog(model))
    assert fire.steps_text().splitlines()[0] == "Waiting for: the Chief raises his axe"
    fire.after.setChecked(True)
    fire.accept()
    assert model.state.acting_key == "jade" and model.state.paused is not None


def test_an_untriggered_hold_is_refunded_at_the_round_end(shown: Shown) -> None:
    """Nobody fires it: 2 Impulse back when round 2 begins (001 §Holding Action)."""
    model = started_model()
    hold = shown(HoldDialog(model))
    hold.trigger.setText("reinforcements arrive")
    hold.accept()
    while model.state.round == 1:
        assert model.push(EndTurn()) is None
    assert model.state.combatants["jade"].impulse == 4
    assert model.state.combatants["jade"].hold is None


def test_change_initiative_costs_one_per_point_from_next_round(shown: Shown) -> None:
    """10 -> 12 costs 2 Impulse; the order stays 10 this round (001 §Change Initiative)."""
    model = started_model()
    dialog = shown(ChangeInitiativeDialog(model))
    dialog.value.setValue(12)
    assert dialog.steps_text().splitlines() == [
        "Order 10 \u2192 12: 2 Impulse (4 \u2192 2)",
        "Takes effect from round 2; this round Harmonious Jade keeps its place.",
    ]
    dialog.accept()
    jade = model.state.combatants["jade"]
    assert (jade.impulse, jade.orders, jade.next_orders) == (2, (10,), (12,))
    dialog = shown(ChangeInitiativeDialog(model))
    dialog.value.setValue(13)
    assert "already used this Free action" in dialog.refusal()


def test_raising_the_order_beyond_the_impulse_in_hand_is_refused(shown: Shown) -> None:
    """10 -> 15 would cost 5 of Jade's 4 Impulse."""
    model = started_model()
    dialog = shown(ChangeInitiativeDialog(model))
    dialog.value.setValue(15)
    assert dialog.refusal().endswith(
        "raising the order by 5 needs 5 Impulse; Harmonious Jade has 4"
    )
    assert not dialog.record_button.isEnabled()


def test_a_villain_escaping_gives_each_player_a_strife_point(shown: Shown) -> None:
    """The Chief flees: Jade and Reed gain a Strife Point (001 §Recurring Antagonist Defeat)."""
    model = started_model()
    dialog = shown(VillainEscapesDialog(model))
    dialog.villain.setCurrentIndex(dialog.villain.findData("chief"))
    dialog.accept()
    state = model.state
    assert state.combatants["chief"].fled
    assert (state.combatants["jade"].strife, state.combatants["reed"].strife) == (1, 1)


def test_the_change_initiative_box_has_the_keys_when_the_dialog_opens(
    shown: Shown, qtbot: QtBot
) -> None:
    """The new value is typed at once: the box has the focus, its text selected."""
    dialog = shown(ChangeInitiativeDialog(started_model()))
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    assert dialog.value.hasFocus()
    qtbot.keyClicks(dialog.focusWidget(), "12")
    assert dialog.value.value() == 12
