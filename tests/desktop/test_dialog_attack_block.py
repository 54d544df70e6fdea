"""The attack dialog against a blocked target: the roll to get past, the missile's cover."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.dice import DiceEntry, SeededDice
from battlewheel.engine.rulesets.rewrite.actions import (
    DeclaredManoeuvre,
    DeclareFlurry,
    GetPast,
    NextTick,
    ResolveAttack,
    RollJoinBattle,
    StartCombat,
)
from battlewheel.engine.rulesets.rewrite.rules import tables
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets.rewrite.attack_dialog import AttackDialog
from battlewheel.views.rulesets.rewrite.attack_dialog_block import RETARGET
from tests.desktop.d2_combatants import SWORD, bandit, ejava, model_with

Shown = Callable[[AttackDialog], AttackDialog]
BOW = tables.weapon("Short bow")  # Accuracy +1, 2L, no Strength


def _blocked(shown: Shown, weapon: str = "Straight sword", *guards: str) -> AttackDialog:
    """Ejava (Dex 4, movement 4) attacks the bandit; each guard (Dex 2) Blocks for him.

    Ejava and the guards act on tick 1 (Join Battle 3); the bandit waits for tick 3.
    """
    people = [("ejava", replace(ejava(), weapons=(SWORD, BOW)), "enemy"),
              ("bandit", bandit(), "ally")]
    people += [(cid, replace(bandit(), name=cid.title()), "ally") for cid in guards or ("guard",)]
    model = model_with(*people)
    for cid, _character, _side in people:
        count = 1 if cid == "bandit" else 3
        assert model.push(RollJoinBattle(cid, DiceEntry.of_successes(count))) is None
    for action in (StartCombat(), NextTick()):
        assert model.push(action) is None
    guarding = DeclaredManoeuvre("block", target="bandit")
    for cid in guards or ("guard",):
        assert model.push(DeclareFlurry(cid, (guarding,))) is None
    attack = DeclaredManoeuvre("attack", weapon, "bandit")
    assert model.push(DeclareFlurry("ejava", (attack,))) is None
    return shown(AttackDialog(model, "ejava", 0, face_source=SeededDice(3)))


def _model(dialog: AttackDialog) -> CombatModel:
    return dialog.model


def test_a_close_attack_on_a_blocked_target_shows_the_roll_to_get_past(shown: Shown) -> None:
    """Ejava's movement 4 gives 4 dice; the guard's movement 2 ÷ 2 = 1 is an external
    penalty, so 2 successes are needed. Until it is rolled the attack cannot resolve.

    Chance of 2+ successes on 4 dice (7-9 one, 10 two): 1 - 0.6^4 - 4 * 0.3 * 0.6^3
    = 1 - 0.1296 - 0.2592 = 61%.
    """
    dialog = _blocked(shown)
    form = dialog.block_form
    assert form is not None and form.isVisibleTo(dialog)
    assert form.title() == "Before the attack roll: get past the Blocker"
    assert form.plan_label.text().splitlines() == [
        "Tepet Ejava's movement 4 → 4 dice",
        "Guard's movement 2 ÷ 2: external penalty 1",
        "2 successes to get past (61% chance)",
    ]
    assert form.dice.pool() == 4
    assert not form.blocker.isVisibleTo(dialog)  # a single Blocker needs no choice
    odds = dialog.odds.odds()
    assert odds is not None
    assert odds.title.endswith("(once past the Blocker: 61% to get past)")
    dialog.attack_dice.set_typed("5")
    assert dialog.refusal().startswith("Guard blocks for Bandit: Tepet Ejava must "
                                       "first roll 4 dice")
    assert "000 §Block" in dialog.refusal_label.toolTip()
    assert not dialog.resolve_button.isEnabled()


def test_the_dialog_opens_in_the_movement_roll(qtbot: QtBot, shown: Shown) -> None:
    """The keyboard starts where the attack starts: in the roll to get past."""
    dialog = _blocked(shown)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    assert dialog.block_form is not None
    assert QApplication.focusWidget() is dialog.block_form.dice.typed


def test_getting_past_lets_the_attack_reach_the_target(shown: Shown) -> None:
    """Faces 7 8 2 3: 2 successes - 1 = 1 left: past; the sword then hits the bandit."""
    dialog = _blocked(shown)
    assert dialog.block_form is not None
    dialog.block_form.dice.set_typed("7 8 2 3")
    odds = dialog.odds.odds()
    assert odds is not None and "Blocker" not in odds.title  # past it: the odds stand alone
    dialog.attack_dice.set_typed("6")
    lines = dialog.steps().splitlines()
    assert lines[2] == ("Before the roll, get past the Blocker: "
                        "Tepet Ejava gets past Guard's Block "
                        "(2 successes, less 1 for Guard's movement).")
    assert lines[3].startswith("3. Attack roll:")
    dialog.accept()
    (done,) = _model(dialog).state.tick.attacks
    assert (done.defender, done.outcome.hit) == ("bandit", True)


def test_failing_to_get_past_aborts_the_attack_without_its_roll(shown: Shown) -> None:
    """Faces 7 2 2 3: 1 success - 1 = 0: aborted; no attack roll is needed, and the
    attack is recorded as Failed at the Block."""
    dialog = _blocked(shown)
    assert dialog.block_form is not None
    dialog.block_form.dice.set_typed("7 2 2 3")
    assert dialog.block_form.result_label.text() == (
        "Tepet Ejava fails to get past Guard's Block "
        "(1 success, less 1 for Guard's movement); the attack is aborted."
    )
    assert dialog.steps().splitlines()[3] == (
        "3. Attack roll: could not get past Guard's Block: "
        "the attack is aborted before its roll and has Failed"
    )
    assert dialog.resolve_button.isEnabled()
    dialog.accept()
    (done,) = _model(dialog).state.tick.attacks
    assert (done.defender, done.outcome.failure) == ("bandit", "blocked")


def test_a_failed_roll_can_turn_the_attack_on_the_blocker(shown: Shown) -> None:
    """With "attack the Blocker instead", a failed roll makes the guard the defender:
    the defence form offers his DVs and the sword strikes him."""
    dialog = _blocked(shown)
    form = dialog.block_form
    assert form is not None
    form.on_failure.setCurrentIndex(form.on_failure.findData(RETARGET))
    form.dice.set_typed("7 2 2 3")
    assert dialog.defence_form.title() == "2. Guard declares the defence"
    dialog.attack_dice.set_typed("6")
    dialog.accept()
    (done,) = _model(dialog).state.tick.attacks
    assert done.defender == "guard" and done.outcome.hit
    action = _model(dialog).session.log[-1].action
    assert isinstance(action, ResolveAttack) and action.block == GetPast(
        roll=DiceEntry.of_faces((7, 2, 2, 3)), blocker="guard", retarget=True
    )


def test_confined_space_and_knockback_change_the_pool(shown: Shown) -> None:
    """Confined space 2 and 1 yard of the attacker's knockback: 4 - 2 - 1 = 1 die; the
    guard knocked back 3 yards gives 3 back: 4 dice. A flier's movement does not count:
    no penalty, 1 success needed: 1 - 0.6^4 = 87%."""
    dialog = _blocked(shown)
    form = dialog.block_form
    assert form is not None
    assert not form.confined.isVisibleTo(dialog)  # folded away until asked for
    form.extras.switch.setChecked(True)
    assert form.confined.isVisibleTo(dialog)
    form.confined.setValue(2)
    form.attacker_knockback.setValue(1)
    assert form.dice.pool() == 1
    assert form.plan_label.text().startswith(
        "Tepet Ejava's movement 4 -2 confined space -1 knocked back → 1 die"
    )
    form.blocker_knockback.setValue(3)
    assert form.dice.pool() == 4
    form.movement_inapplicable.setChecked(True)
    assert form.plan_label.text().splitlines()[1:] == [
        "Guard's movement does not count: no external penalty",
        "1 success to get past (87% chance)",
    ]


def test_with_two_blockers_the_gm_chooses_whom_to_get_past(shown: Shown) -> None:
    """Guards Aro and Bel both Block: the Blocker row shows; choosing Bel names him."""
    dialog = _blocked(shown, "Straight sword", "aro", "bel")
    form = dialog.block_form
    assert form is not None and form.blocker.isVisibleTo(dialog)
    form.blocker.setCurrentIndex(form.blocker.findData("bel"))
    form.dice.set_typed("7 2 2 3")
    assert form.result_label.text().startswith("Tepet Ejava fails to get past Bel's Block")
    assert dialog.action().block.blocker == "bel"


def test_a_missile_meets_the_cover_in_its_dv_and_rolls_nothing_to_get_past(
    shown: Shown,
) -> None:
    """Against the bow the bandit's best DV is Dodge (Dex 2 + Dodge 1) ÷ 2 = 1 (a mortal
    rounds down); the guard's Block adds +1 cover: DV 2, and no movement roll."""
    dialog = _blocked(shown, "Short bow")
    form = dialog.block_form
    assert form is not None and form.title() == "A Block covers the target"
    assert not form.dice.isVisibleTo(dialog)
    dialog.defence_form.dv.setCurrentIndex(dialog.defence_form.dv.findData("dodge"))
    assert dialog.defence_form.meets.text() == "Meets DV 2: Dodge 1, +1 cover from a Block"
    odds = dialog.odds.odds()
    assert odds is not None and odds.dv == 2
    assert dialog.action().block == GetPast()


def test_a_shot_only_the_cover_stopped_strikes_the_blocker_the_gm_names(shown: Shown) -> None:
    """Two Blockers; the GM names Bel. 2 successes + Accuracy 1 = 3 against the parry
    2 + cover 1 = 3 misses the bandit, but beats DV 2 without the cover: Bel is struck."""
    dialog = _blocked(shown, "Short bow", "aro", "bel")
    form = dialog.block_form
    assert form is not None and form.blocker.isVisibleTo(dialog)
    assert dialog.defence_form.meets.text() == (
        "Meets DV 3: Parry (Straight sword) 2, +1 cover from a Block"
    )
    form.blocker.setCurrentIndex(form.blocker.findData("bel"))
    assert dialog.action().block == GetPast(blocker="bel")
    dialog.attack_dice.set_typed("2")
    dialog.accept()
    (done,) = _model(dialog).state.tick.attacks
    assert (done.defender, done.outcome.excess) == ("bel", 1)
