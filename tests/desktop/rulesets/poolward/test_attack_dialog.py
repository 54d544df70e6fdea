"""The attack dialog: the pool less each defence term, the odds, the roll, the damage."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.dice import SeededDice
from battlewheel.engine.rulesets.poolward import NextTurn, UseAction
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets.poolward.attack_dialog import NEED_ROLL, AttackDialog
from tests.desktop.showing import Shown

from .conftest import started_model


def _dialog(shown: Shown, model: CombatModel, attacker: str) -> AttackDialog:
    return shown(AttackDialog(model, attacker, face_source=SeededDice(3)))


def test_the_pool_shrinks_term_by_term_as_the_edward_example(shown: Shown) -> None:
    """Cutthroat 1: 1 + Strength 3 + skill 3 = 7; armour 3 (AP 1 cut to 0 by the shield's
    APR), shield 1, Dodge 1: 2 dice, and nothing can be resolved before the roll."""
    dialog = _dialog(shown, started_model(), "cutthroat1")
    assert dialog.steps().splitlines() == [
        "base 1 = 1",
        "stat: +3 = 4",
        "skill: +3 = 7",
        "armour 3, AP 1 → 0 after APR: -3 = 4",
        "shield: -1 = 3",
        "dodge 1: -1 = 2",
        "7 dice - 5 defence = 2",
    ]
    assert not dialog.apply_button.isEnabled()
    assert dialog.refusal() == NEED_ROLL


def test_the_odds_before_the_roll_are_exact(shown: Shown) -> None:
    """2 dice at 7+ (0.4 each): 0, 1, 2 successes at 36%, 48%, 16%; a hit deals 1 or 2
    at 75% and 25%."""
    dialog = _dialog(shown, started_model(), "cutthroat1")
    odds = dialog.odds()
    assert odds is not None
    assert odds.successes == pytest.approx((0.36, 0.48, 0.16))
    assert odds.hit_chance == pytest.approx(0.64)
    assert odds.levels == pytest.approx((0.0, 0.75, 0.25))
    assert odds.dv == 0
    assert "Damage: 0: 36%, 1: 48%, 2: 16%" in dialog.odds_label.text()


def test_typed_successes_show_where_the_damage_goes_and_apply_as_one_undo(
        shown: Shown) -> None:
    """2 successes on Edward: DR 1 (his plate) turns 1 to Vigor, 1 reaches Health; the
    dagger's Bleed fires on lethal damage; Edward loses his Dodge; one undo takes it back."""
    model = started_model()
    dialog = _dialog(shown, model, "cutthroat1")
    dialog.dice.set_typed("2")
    assert dialog.damage().splitlines() == [
        "Roll: 2 successes → 2 damage",
        "DR turns 1 lethal into non-lethal",
        "Vigor takes 1, Health takes 1",
        "Fires: Bleed 1",
        "Edward Sumner loses 1 Dodge this round",
        "Edward Sumner: Health 5/5, Vigor 4/4 → Health 4/5, Vigor 3/4",
    ]
    assert dialog.apply_button.isEnabled()
    dialog.accept()
    assert dialog.result() == AttackDialog.DialogCode.Accepted
    edward = model.state.fighters["edward"]
    assert (edward.health, edward.vigor, edward.dodge_losses) == (4, 3, 1)
    assert model.undo_stack.count() == 1
    model.undo_stack.undo()
    edward = model.state.fighters["edward"]
    assert (edward.health, edward.vigor, edward.dodge_losses) == (5, 4, 0)


def test_mortal_damage_doubles_three_to_six_and_kills_the_cutthroat(shown: Shown) -> None:
    """Edward's longsword: 3 + 4 + 5 = 12 less armour 1 and Dodge 1 = 10 dice; 3 successes,
    Mortal, double to 6: Cutthroat 1 (Health 3, no DR) falls to -3, dead."""
    model = started_model()
    for _ in range(3):
        assert model.push(NextTurn()) is None
    dialog = _dialog(shown, model, "edward")
    assert dialog.steps().splitlines()[-1] == "12 dice - 2 defence = 10"
    dialog.inputs.mortal.setChecked(True)
    dialog.dice.set_typed("3")
    lines = dialog.damage().splitlines()
    assert lines[:3] == ["Roll: 3 successes → 3 damage", "Mortal: 3 doubles to 6 before Ward",
                         "Vigor takes 0, Health takes 6"]
    assert lines[-1].endswith("→ Health -3/3, Vigor 3/3 (dead)")
    dialog.accept()
    assert model.state.fighters["cutthroat1"].condition == "dead"


def test_a_refused_attack_says_why_before_anything_changes(shown: Shown) -> None:
    """The archer moved this turn: Steady Shot (a full action) is refused in plain words
    and Resolve stays greyed; the fight is untouched."""
    model = started_model()
    for _ in range(2):
        assert model.push(NextTurn()) is None
    assert model.push(UseAction("archer", "move")) is None
    steps_before = model.undo_stack.count()
    dialog = _dialog(shown, model, "archer")
    dialog.inputs.steady_shot.setChecked(True)
    assert dialog.steps().splitlines()[-1] == "8 dice - 3 defence = 5"
    dialog.dice.set_typed("1")
    assert "Archer has already used the move action this turn" in dialog.refusal()
    assert not dialog.apply_button.isEnabled()
    dialog.accept()
    assert model.undo_stack.count() == steps_before
    assert model.state.fighters["edward"].health == 5


def test_full_cover_and_impossible_rolls_are_refused(shown: Shown) -> None:
    """A target in full cover has no pool; 3 successes typed for 2 dice are not taken."""
    model = started_model()
    for _ in range(2):
        assert model.push(NextTurn()) is None
    dialog = _dialog(shown, model, "archer")
    dialog.inputs.cover.setCurrentIndex(dialog.inputs.cover.findData("full"))
    assert "cannot be attacked directly" in dialog.steps()
    assert not dialog.dice.isVisible() and not dialog.apply_button.isEnabled()
    melee = _dialog(shown, started_model(), "cutthroat1")
    assert not melee.inputs.cover.isEnabled()  # cover counts only against ranged attacks
    melee.dice.set_typed("3")
    assert melee.dice.entry() is None and melee.refusal() == melee.dice.error() != ""
    assert not melee.apply_button.isEnabled()


def test_rolled_dice_are_stored_as_faces(shown: Shown) -> None:
    """Roll for me draws 2 faces and the action stores them for replay."""
    model = started_model()
    dialog = _dialog(shown, model, "cutthroat1")
    dialog.dice.roll_now()
    action = dialog.action()
    assert action is not None and action.dice is not None
    faces = action.dice.faces
    assert faces is not None and len(faces) == 2
    dialog.accept()
    assert model.session.log[-1].action == action
