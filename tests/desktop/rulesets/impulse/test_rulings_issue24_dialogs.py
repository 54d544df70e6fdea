"""Impulse dialogs for the rulings of issue 24: a manoeuvre aimed at a foe, the stunt tick,
moving toward a group, the Attribute of an unarmed or medium strike."""

from __future__ import annotations

from battlewheel.engine.core.dice import DiceEntry, SeededDice
from battlewheel.engine.rulesets.impulse import SetRange
from battlewheel.engine.rulesets.impulse.handlers.movement import group_of
from battlewheel.engine.rulesets.impulse.rules import MELEE, SHORT
from battlewheel.views.rulesets.impulse.attack_dialog import StrikeDialog
from battlewheel.views.rulesets.impulse.turn_dialogs_manoeuvre import ManoeuvreDialog
from battlewheel.views.rulesets.impulse.turn_dialogs_movement import MoveDialog
from tests.desktop.rulesets.impulse.fight import in_melee, started_model
from tests.desktop.showing import Shown


def test_a_manoeuvre_aimed_at_the_chief_says_it_hits_and_logs_it(shown: Shown) -> None:
    """001 §Maneuvers: Jade's Dexterity 4 + Athletics 2 = 6 dice at the Chief (DV 3); 4
    successes beat it: a hit, his Endurance untouched, and the log says so."""
    model = started_model()
    dialog = shown(ManoeuvreDialog(model))
    assert dialog.aimed_at() == ""  # not an attack unless the GM says so
    dialog.target.setCurrentIndex(dialog.target.findData("chief"))
    dialog.dice.set_typed("4")
    chief = model.state.combatants["chief"]
    assert f"Against Bandit Chief's DV {chief.dv}: a hit" in dialog.steps_text()
    dialog.accept()
    assert model.state.combatants["chief"].endurance == chief.endurance
    assert "The manoeuvre hits Bandit Chief" in " ".join(
        e.text for e in model.session.log[-1].events)


def test_unticking_stunted_takes_the_two_dice_off_even_with_an_effect(shown: Shown) -> None:
    """001 §Stunting Maneuvers: choosing Intimidate ticks Stunted (8 dice); unticked, the
    effect stays chosen and the pool is Dexterity 4 + Athletics 2 = 6."""
    model = started_model()
    dialog = shown(ManoeuvreDialog(model))
    dialog.stunt_form.choose("intimidate", "chief")
    assert dialog.stunted.isChecked() and dialog.pool() == 8
    dialog.stunted.setChecked(False)
    assert dialog.stunt_form.chosen() == "intimidate" and dialog.pool() == 6
    assert dialog.steps_text().splitlines()[0] == "Pool: Dexterity 4 + Athletics 2 = 6 dice"


def test_moving_toward_a_fighter_in_a_group_moves_toward_all_of_it(shown: Shown) -> None:
    """001 §Range Bands: the Chief and the Archer stand at melee, a group; Jade ticks the
    Chief and the Archer is ticked with him: Jade goes short -> melee with the Chief and
    medium -> short with the Archer. Reed, not in the group, stays unticked."""
    model = started_model(SetRange("chief", "archer", "melee"))
    assert group_of(model.state, "chief", "jade") == ("chief", "archer")
    dialog = shown(MoveDialog(model))
    dialog.picks["chief"].setChecked(True)
    assert dialog.targets() == ("chief", "archer")
    dialog.accept()
    state = model.state
    assert (state.band("jade", "chief"), state.band("jade", "archer")) == (MELEE, SHORT)


def test_the_strike_dialog_lets_an_unarmed_or_medium_strike_use_either_attribute(
        shown: Shown) -> None:
    """001 §Weapons and Armor: Jade's Daiklave (medium) is listed with Strength 3: 7 dice;
    picked with Dexterity 4, 8 dice, recorded on the strike. Her fists start on her better
    Attribute, Dexterity."""
    model = started_model(*in_melee("chief"))
    dialog = shown(StrikeDialog(model, face_source=SeededDice(3)))
    assert dialog.attribute.currentData() == "strength"
    assert dialog.accuracy() is not None and dialog.accuracy().pool == 7  # type: ignore[union-attr]
    dialog.attribute.setCurrentIndex(dialog.attribute.findData("dexterity"))
    assert dialog.steps_text().splitlines()[0] == (
        "1. Accuracy pool: Dexterity 4 + Melee 4 + medium Accuracy +0 = 8 dice")
    assert dialog.strike(DiceEntry.of_successes(0), None).attribute == "dexterity"  # type: ignore[attr-defined]
    dialog.weapon.setCurrentIndex(dialog.weapon.findData("Unarmed"))
    assert dialog.attribute.currentData() == "dexterity"
