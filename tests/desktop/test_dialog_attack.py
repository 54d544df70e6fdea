"""The attack dialog: the nine steps in order, typed or rolled dice, odds before rolling."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.dice import DiceEntry, SeededDice
from battlewheel.engine.rulesets.rewrite.actions import DeclaredManoeuvre, DeclareFlurry
from battlewheel.engine.rulesets.rewrite.state import PHASE_EFFECTS
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets.rewrite.attack_dialog import AttackDialog
from tests.desktop.d2_combatants import SWORD_AT_BANDIT, first_tick_model

Shown = Callable[[AttackDialog], AttackDialog]


def _dialog(shown: Shown, attacks: int = 1) -> tuple[CombatModel, AttackDialog]:
    model = first_tick_model()
    assert model.push(DeclareFlurry("ejava", (SWORD_AT_BANDIT,) * attacks)) is None
    dialog = shown(AttackDialog(model, "ejava", 0, face_source=SeededDice(8)))
    return model, dialog


def test_the_pool_and_the_best_dv_are_shown_before_any_roll(shown: Shown) -> None:
    """Dex 4 + Melee 4 = 8 dice, Accuracy 2; the bandit's best DV is the sword parry.

    Bandit (mortal, rounds down): parry (Dex 2 + Melee 2 + Defence 1) / 2 = 2, dodge
    (Dex 2 + Dodge 1) / 2 = 1.
    """
    _model, dialog = _dialog(shown)
    assert dialog.pool_label.text() == (
        "Dexterity + Ability 8 → 8 dice + automatic successes: accuracy 2"
    )
    assert dialog.defence_form.chosen_dv() == "parry:Straight sword"
    assert "★ best" in dialog.defence_form.dv.currentText()
    assert dialog.steps() == "Enter the rolls to see the steps."
    assert not dialog.resolve_button.isEnabled()
    odds = dialog.odds.odds()
    assert odds is not None and odds.dv == 2


def test_typed_faces_walk_the_steps_worked_by_hand(shown: Shown) -> None:
    """All nine steps in order; 7 7 10 3 2 1 8 9 is 6 successes, +2 Accuracy = 8 vs DV 2.

    Excess 6; raw damage 6 + Strength 3 = 9 dice and 3 levels; lethal soak Stamina 2 / 2 = 1
    comes off the levels: 9 dice and 2 levels.
    """
    _model, dialog = _dialog(shown)
    dialog.attack_dice.set_typed("7 7 10 3 2 1 8 9")
    lines = dialog.steps().splitlines()
    assert [line.split(".")[0] for line in lines] == [str(n) for n in range(1, 10)]
    assert lines[2] == "3. Attack roll: 8 dice of 8: 6 successes + automatic (accuracy 2) = 8"
    assert lines[4].endswith("final DV 2; 8 vs DV: excess 6: a hit")
    assert lines[6].startswith("7. Raw damage: 6 excess + 3 Strength + 0 charm = 9 dice")
    assert lines[7].endswith("9 dice and 2 levels")
    assert dialog.resolve_button.isEnabled()


def test_resolving_records_the_attack_as_one_undo_step(qtbot: QtBot, shown: Shown) -> None:
    """Ctrl+Return resolves; the tick moves to its effects; one undo takes it back."""
    model, dialog = _dialog(shown)
    dialog.attack_dice.set_typed("6")
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(dialog, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert dialog.result() == AttackDialog.DialogCode.Accepted
    assert model.state.phase == PHASE_EFFECTS
    (done,) = model.state.tick.attacks
    assert done.outcome.excess == 6
    model.undo_stack.undo()
    assert model.state.tick.attacks == []


def test_rolling_for_me_stores_the_seeded_faces_in_the_action(qtbot: QtBot, shown: Shown) -> None:
    """Roll draws 8 faces from the dice source; the action carries exactly those faces."""
    _model, dialog = _dialog(shown)
    qtbot.mouseClick(dialog.attack_dice.roll_button, Qt.MouseButton.LeftButton)
    assert dialog.action().attack == DiceEntry.of_faces(SeededDice(8).faces(8), rolled=True)
    assert dialog.steps().startswith("1. Declare attack: Straight sword (L)")


def test_a_nonsense_roll_shows_its_message_and_cannot_be_resolved(shown: Shown) -> None:
    """Three faces for an 8-die pool: the message shows and Resolve stays off."""
    model, dialog = _dialog(shown)
    dialog.attack_dice.set_typed("7 7 3")
    assert dialog.attack_dice.error() == "3 faces given for a pool of 8 dice"
    assert not dialog.resolve_button.isEnabled()
    dialog.accept()
    assert model.state.tick.attacks == []


def test_choosing_another_dv_updates_the_odds(shown: Shown) -> None:
    """Switching to Dodge 1 lowers the DV in the odds panel from 2 to 1."""
    _model, dialog = _dialog(shown)
    before = dialog.odds.odds()
    dialog.defence_form.dv.setCurrentIndex(dialog.defence_form.dv.findData("dodge"))
    after = dialog.odds.odds()
    assert before is not None and after is not None
    assert (before.dv, after.dv) == (2, 1)
    assert after.hit_chance > before.hit_chance


def test_the_second_attack_of_a_flurry_carries_its_penalty_and_onslaught(shown: Shown) -> None:
    """Two sword attacks: the first takes -2 dice (two manoeuvres), so 6 of 8 dice.

    The second takes -3 (5 dice) and meets the parry 2 less 1 onslaught: DV 1.
    """
    model, dialog = _dialog(shown, attacks=2)
    assert dialog.attack_dice.pool() == 6
    dialog.attack_dice.set_typed("0")
    dialog.accept()
    second = shown(AttackDialog(model, "ejava", 1))
    assert second.attack_dice.pool() == 5
    odds = second.odds.odds()
    assert odds is not None and odds.dv == 1


def test_the_keyboard_alone_types_the_roll_and_resolves(qtbot: QtBot, shown: Shown) -> None:
    """The dialog opens in the roll's field: type 5, press Ctrl+Return, the attack is done."""
    model, dialog = _dialog(shown)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    focused = QApplication.focusWidget()
    assert focused is dialog.attack_dice.typed
    qtbot.keyClicks(focused, "5")
    qtbot.keyClick(focused, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    (done,) = model.state.tick.attacks
    assert done.outcome.roll is not None and done.outcome.roll.total_successes == 7


def test_the_dv_met_is_explained_before_rolling(shown: Shown) -> None:
    """The second attack on the bandit meets parry 2 less 1 onslaught.

    A 2-die stunt counts one category less for a mortal (004 §Stunts): +1 to the DV.
    """
    model, dialog = _dialog(shown, attacks=2)
    dialog.attack_dice.set_typed("0")
    dialog.accept()
    second = shown(AttackDialog(model, "ejava", 1))
    assert second.defence_form.meets.text() == "Meets DV 1: Parry (Straight sword) 2, -1 onslaught"
    second.defence_form.stunt.setValue(2)
    assert second.defence_form.meets.text() == (
        "Meets DV 2: Parry (Straight sword) 2, +1 stunt, -1 onslaught"
    )


def test_charm_dice_for_a_mortal_defender_are_refused_with_the_cap(shown: Shown) -> None:
    """The bandit is a mortal: his DV cap is 0, so three charm dice adding 2 are refused.

    The engine's reason (000 §Die Caps) shows under the dialog and Resolve stays off.
    """
    model, dialog = _dialog(shown)
    dialog.defence_form.extras.switch.setChecked(True)
    dialog.defence_form.charm_dice.setValue(3)
    assert dialog.charm_dice.isVisibleTo(dialog) and dialog.charm_dice.pool() == 3
    dialog.attack_dice.set_typed("5")
    dialog.charm_dice.set_typed("7 8 1")
    assert dialog.refusal().startswith("Charms add 3 to the DV; the DV cap is 0")
    assert "000 §Die Caps" in dialog.refusal_label.toolTip()
    assert not dialog.resolve_button.isEnabled()
    dialog.accept()
    assert model.state.tick.attacks == []


def test_a_stunt_rolls_its_dice_and_earns_its_reward_in_the_same_undo_step(
    shown: Shown,
) -> None:
    """A 2-die stunt: its dice (7 and 3, one success) join the attack's automatic
    successes; Ejava earns 1 Willpower, kept until her DV refreshes; one undo takes
    back both the attack and the reward."""
    model, dialog = _dialog(shown)
    dialog.attack_form.stunt.setValue(2)
    dialog.attack_form.reward.setCurrentIndex(dialog.attack_form.reward.findData("willpower"))
    assert dialog.stunt_dice.isVisibleTo(dialog) and dialog.stunt_dice.pool() == 2
    dialog.stunt_dice.set_typed("7 3")
    dialog.attack_dice.set_typed("4")
    assert dialog.steps().splitlines()[2].endswith("= 7")
    before = model.undo_stack.count()
    dialog.accept()
    assert model.undo_stack.count() == before + 1
    reward = model.state.combatants["ejava"].stunt_reward
    assert reward is not None and reward.willpower == 1
    model.undo_stack.undo()
    assert model.state.tick.attacks == []
    assert model.state.combatants["ejava"].stunt_reward != reward


def test_opening_both_charm_groups_does_not_make_the_dialog_taller(shown: Shown) -> None:
    """The charm rows scroll in their column: Resolve stays on a 768-pixel-high screen."""
    _model, dialog = _dialog(shown)
    QApplication.processEvents()
    before = dialog.height()
    dialog.attack_form.extras.switch.setChecked(True)
    dialog.defence_form.extras.switch.setChecked(True)
    QApplication.processEvents()
    assert dialog.height() == before
    assert dialog.declared_scroll.verticalScrollBar().maximum() > 0


def test_the_wheel_over_an_unfocused_stunt_box_leaves_the_stunt_alone(shown: Shown) -> None:
    """Scrolling up over the stunt box scrolls the column: no stunt die appears unasked."""
    _model, dialog = _dialog(shown)
    stunt = dialog.attack_form.stunt
    middle = QPointF(stunt.width() / 2, stunt.height() / 2)
    up = QWheelEvent(middle, QPointF(stunt.mapToGlobal(middle.toPoint())), QPoint(0, 0),
                     QPoint(0, 120), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                     Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(stunt, up)
    assert stunt.value() == 0


def test_the_soak_step_shows_piercing_halving_armour_and_the_hardness_check(
    shown: Shown,
) -> None:
    """A Piercing sword on a bandit in 4L/2 hardness armour: step 8 shows raw 9 + 3 = 12
    against Hardness 2, then soak 1 natural + armour 4 halved by Piercing = 2: soak 3."""
    from dataclasses import replace

    from battlewheel.engine.rulesets.rewrite.actions import NextTick, RollJoinBattle, StartCombat
    from battlewheel.engine.rulesets.rewrite.block import Armour, DamageType
    from tests.desktop.d2_combatants import SWORD, bandit, ejava, model_with

    armoured = bandit().with_armour(Armour("Chain", soak={DamageType.LETHAL: 4},
                                           hardness={DamageType.LETHAL: 2}))
    piercing = replace(SWORD, name="Piercing sword", tags=frozenset({"P"}))
    model = model_with(("ejava", ejava().with_weapons([piercing]), "enemy"),
                       ("bandit", armoured, "ally"))
    for action in (RollJoinBattle("ejava", DiceEntry.of_successes(3)),
                   RollJoinBattle("bandit", DiceEntry.of_successes(1)), StartCombat(), NextTick()):
        assert model.push(action) is None
    attack = DeclaredManoeuvre("attack", weapon="Piercing sword", target="bandit")
    assert model.push(DeclareFlurry("ejava", (attack,))) is None
    dialog = shown(AttackDialog(model, "ejava", 0))
    assert isinstance(dialog, AttackDialog)
    dialog.attack_dice.set_typed("7 7 10 3 2 1 8 9")
    step8 = dialog.steps().splitlines()[7]
    assert "raw 9 + 3 = 12 vs Hardness 2: beats it" in step8
    assert "soak 3 = natural 1 + armour 4 halved by Piercing = 2" in step8


def test_a_fists_parry_against_a_blade_is_offered_only_stunted(shown: Shown) -> None:
    """000 §Weapons tag N: an unarmed brawler's Punch parry is not offered against the
    sword's lethal damage until the defender's stunt is ticked (RULES.md step 5)."""
    from dataclasses import replace

    from tests.desktop.d2_combatants import bandit
    brawler = replace(bandit(), weapons=(), abilities={"brawl": 4, "dodge": 1})
    model = first_tick_model(brawler)
    assert model.push(DeclareFlurry("ejava", (SWORD_AT_BANDIT,))) is None
    dialog = shown(AttackDialog(model, "ejava", 0, face_source=SeededDice(8)))
    form = dialog.defence_form
    offered = {form.dv.itemData(i) for i in range(form.dv.count())}
    assert "parry:Punch" not in offered and form.chosen_dv() == "dodge"
    form.stunt.setValue(2)
    offered = {form.dv.itemData(i) for i in range(form.dv.count())}
    assert "parry:Punch" in offered


def test_the_next_attack_of_a_flurry_keeps_its_stunt_and_specialty(shown: Shown) -> None:
    """000 §Attack Resolution: the stunt is rolled once, with the first attack; the second
    page shows it fixed (its 2 successes counted, no roll asked) and keeps the specialty."""
    from dataclasses import replace

    from battlewheel.engine.core.dice import DiceEntry
    from battlewheel.engine.rulesets.rewrite.actions import (
        NextTick,
        RollJoinBattle,
        StartCombat,
    )
    from tests.desktop.d2_combatants import bandit, ejava, model_with
    swords = replace(ejava(), specialties={"melee": {"Swords": 2}})
    model = model_with(("ejava", swords, "enemy"), ("bandit", bandit(), "ally"))
    for action in (RollJoinBattle("ejava", DiceEntry.of_successes(3)),
                   RollJoinBattle("bandit", DiceEntry.of_successes(1)), StartCombat(), NextTick()):
        assert model.push(action) is None
    assert model.push(DeclareFlurry("ejava", (SWORD_AT_BANDIT,) * 2)) is None
    dialog = shown(AttackDialog(model, "ejava", 0, face_source=SeededDice(8)))
    form = dialog.attack_form
    form.stunt.setValue(2)
    form.specialty.setCurrentIndex(form.specialty.findData("Swords"))
    dialog.stunt_dice.set_typed("8 9")
    dialog.attack_dice.set_typed("1 " * dialog.attack_dice.pool())
    dialog.accept()
    assert dialog.refusal() == ""
    assert dialog.index == 1 and dialog.carried is not None
    form = dialog.attack_form
    assert (form.stunt.value(), form.stunt.isEnabled()) == (2, False)
    assert form.chosen_specialty() == "Swords"
    assert not dialog.stunt_dice.isVisibleTo(dialog)
    assert dialog.declaration().stunt_successes == 2
    dialog.attack_dice.set_typed("2 " * dialog.attack_dice.pool())
    dialog.accept()
    assert dialog.refusal() == ""
    second = model.state.tick.attacks[1].outcome.roll
    assert second.automatic_successes["stunt"] == 2
