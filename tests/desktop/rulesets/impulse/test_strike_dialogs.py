"""Decisive and Flurry Strikes through their dialogs, worked by hand from 001."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication

from battlewheel.engine.core.dice import SeededDice
from battlewheel.engine.rulesets.impulse.odds import decisive_odds
from battlewheel.views.rulesets.impulse.attack_dialog import FlurryDialog, StrikeDialog
from tests.desktop.rulesets.impulse.fight import in_melee, started_model
from tests.desktop.showing import Shown


def _strike(shown: Shown, *foes: str) -> tuple[object, StrikeDialog]:
    model = started_model(*in_melee(*foes))
    dialog = shown(StrikeDialog(model, face_source=SeededDice(3)))
    return model, dialog


def test_a_decisive_hit_shows_each_number_worked_by_hand(shown: Shown) -> None:
    """Jade's daiklave on the Chief (001 §Decisive Strike).

    Strength 3 + Melee 4 + medium Accuracy 0 = 7 dice against DV 3; 7 8 9 10 1 2 3 is
    5 successes: a hit, threshold 2. Damage pool: Impulse 4 + Base Damage (2 typed, +1
    medium) 3 + threshold 2 = 9 dice; 4 successes: the Chief goes 14 -> 10, Jade's
    Impulse 4 -> 0 (ruling impulse_after_hit "zero").
    """
    model, dialog = _strike(shown, "chief")
    assert dialog.steps_text().splitlines() == [
        "1. Accuracy pool: Strength 3 + Melee 4 + medium Accuracy +0 = 7 dice",
        "2. To beat: DV 3 (Bandit Chief DV 3 at melee)",
    ]
    assert not dialog.record_button.isEnabled()
    dialog.accuracy_dice.set_typed("7 8 9 10 1 2 3")
    assert dialog.refusal() == "A hit: roll the damage, or type what the player rolled."
    assert dialog.damage_dice.isEnabled() and dialog.damage_dice.pool() == 9
    dialog.damage_dice.set_typed("4")
    assert dialog.steps_text().splitlines()[2:] == [
        "3. Accuracy: 5 successes against DV 3: a hit, threshold 2",
        "4. Damage pool: Impulse 4 + Base Damage 3 (typed 2, medium class) + threshold 2 = 9 dice",
        "5. Damage roll: 4 successes (10s count twice)",
        "6. Bandit Chief loses 4 Endurance: 14 \u2192 10",
        "7. Impulse afterwards: 4 \u2192 0 (ruling impulse_after_hit: zero)",
    ]
    dialog.accept()
    assert model.state.combatants["chief"].endurance == 10
    assert model.state.combatants["jade"].impulse == 0
    model.undo_stack.undo()
    assert model.state.combatants["chief"].endurance == 14
    assert model.state.combatants["jade"].impulse == 4


def test_the_odds_before_the_roll_are_the_engines_for_this_strike(shown: Shown) -> None:
    """7 dice against DV 3 with 4 Impulse and Base Damage 3: the dock's chart and chance."""
    _model, dialog = _strike(shown, "chief")
    odds = dialog.odds
    assert odds is not None and odds.dv == 3 and odds.damage_label == "Endurance"
    expected = decisive_odds(7, 3, 4, 3)
    assert odds.hit_chance == expected.hit.chance_to_hit
    assert odds.levels == expected.endurance_loss
    assert 0.2 < odds.hit_chance < 0.8


def test_a_miss_costs_two_impulse_and_rolls_no_damage(shown: Shown) -> None:
    """2 successes do not beat DV 3: Jade loses 2 Impulse (001 §Decisive Strike)."""
    model, dialog = _strike(shown, "chief")
    dialog.accuracy_dice.set_typed("2")
    assert not dialog.damage_dice.isEnabled()
    assert dialog.steps_text().splitlines()[2:] == [
        "3. Accuracy: 2 successes against DV 3: a miss",
        "4. A miss costs 2 Impulse: 4 \u2192 2",
    ]
    assert dialog.record_button.isEnabled()
    dialog.accept()
    assert model.state.combatants["jade"].impulse == 2
    assert model.state.combatants["chief"].endurance == 14


def test_a_target_out_of_reach_is_refused_before_any_roll(shown: Shown) -> None:
    """The Chief is at short and the daiklave strikes at melee only (001 §Attack Ranges)."""
    model = started_model()
    before = len(model.session.log)
    dialog = shown(StrikeDialog(model))
    assert dialog.refusal() == (
        "Not allowed: 001 §Attack Ranges: Daiklave strikes only at melee range"
    )
    dialog.accuracy_dice.set_typed("5")
    dialog.accept()
    assert dialog.isVisible() and len(model.session.log) == before


def test_a_stunted_disarm_is_weighed_against_the_damage(shown: Shown) -> None:
    """Stunted: 9 dice; Disarm needs more than the Chief's Soak 4 (3 typed, +1 medium armour).

    6 successes: threshold 3, damage pool 4 + 3 + 3 = 10; 5 damage successes beat Soak 4.
    """
    model, dialog = _strike(shown, "chief")
    dialog.stunt_form.choose("disarm")
    assert dialog.stunted.isChecked()
    assert dialog.accuracy_dice.pool() == 9
    dialog.accuracy_dice.set_typed("6")
    dialog.damage_dice.set_typed("5")
    assert dialog.steps_text().splitlines()[-1] == (
        "8. Disarm on Bandit Chief: 5 damage successes against 4: lands"
    )
    dialog.accept()
    assert model.state.combatants["chief"].has("disarmed")


def _flurry(shown: Shown) -> tuple[object, FlurryDialog]:
    model = started_model(*in_melee("chief", "archer"))
    dialog = shown(FlurryDialog(model))
    return model, dialog


def test_a_flurry_faces_the_highest_dv_and_the_gm_splits_the_damage(shown: Shown) -> None:
    """Chief (DV 3) and Archer (DV 2): one roll against 3 (001 §Flurry Strikes).

    5 successes: threshold 2, pool 4 + 3 + 2 = 9; 5 damage, first split evenly 3 / 2,
    then the GM gives the Archer 4 and the Chief 1.
    """
    model, dialog = _flurry(shown)
    assert dialog.steps_text().splitlines()[1] == (
        "2. To beat: the highest DV 3 (Bandit Chief DV 3 at melee, Bandit Archer DV 2 at melee)"
    )
    dialog.accuracy_dice.set_typed("5")
    dialog.damage_dice.set_typed("5")
    assert dialog.split() == (3, 2)
    dialog.shares["chief"].setValue(1)
    assert dialog.refusal() == (
        "Not allowed: 001 §Flurry Strikes: the split must place all 5 damage, not 3"
    )
    assert not dialog.record_button.isEnabled()
    dialog.shares["archer"].setValue(4)
    assert dialog.split_label.text() == "placed 5 of 5"
    assert dialog.steps_text().splitlines()[5:7] == [
        "6. Bandit Chief takes 1: Endurance 14 \u2192 13",
        "6. Bandit Archer takes 4: Endurance 7 \u2192 3",
    ]
    dialog.accept()
    state = model.state
    assert (state.combatants["chief"].endurance, state.combatants["archer"].endurance) == (13, 3)


def test_a_flurry_needs_two_targets(shown: Shown) -> None:
    """One target ticked is not a flurry: the dialog says so and records nothing."""
    _model, dialog = _flurry(shown)
    dialog.picks["archer"].setChecked(False)
    assert dialog.refusal() == (
        "Not allowed: 001 §Flurry Strikes: a Flurry Strike names two or more different targets"
    )
    assert not dialog.record_button.isEnabled()


def test_choosing_a_stunt_effect_moves_neither_the_damage_roll_nor_the_buttons(
    shown: Shown, qtbot: object
) -> None:
    """At a laptop's size the Decisive Strike's form keeps the room its stunt effect
    could need, so picking an effect (which brings its rows) leaves the damage roll and
    the Record button where they were (the damage field slid out of sight)."""
    _model, dialog = _strike(shown, "chief")
    dialog.resize(dialog.width(), 700)
    dialog.accuracy_dice.set_typed("7 8 9 10 1 2 3")

    def places() -> tuple[object, object]:
        QApplication.processEvents()
        return (dialog.damage_dice.mapTo(dialog, QPoint(0, 0)),
                dialog.record_button.mapTo(dialog, QPoint(0, 0)))

    before = places()
    for index in range(dialog.stunt_form.effect.count()):
        dialog.stunt_form.effect.setCurrentIndex(index)
        assert places() == before, dialog.stunt_form.effect.currentText()
    # The stunt's +2 dice leave the typed seven faces short: the dialog's line says so.
    dialog.stunt_form.effect.setCurrentIndex(0)
    assert dialog.is_stunted() and dialog.refusal().startswith("Accuracy roll: ")
