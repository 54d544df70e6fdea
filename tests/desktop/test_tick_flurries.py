"""The tick's flurries in one dialog, the attack dialog going on, unseen targets greyed."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QComboBox, QWidget

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.rulesets.rewrite.actions import (
    Concealment,
    DeclareConcealment,
    DeclaredManoeuvre,
    DeclareFlurry,
    NextTick,
    RollAmbush,
    RollJoinBattle,
    StartCombat,
)
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets.rewrite.attack_dialog import AttackDialog
from battlewheel.views.rulesets.rewrite.turn_dialogs import FlurryBuilderDialog
from battlewheel.views.rulesets.rewrite.turn_dialogs_tick import TickFlurriesDialog
from tests.desktop.d2_combatants import bandit, ejava, model_with

Shown = Callable[[QWidget], QWidget]


def _two_acting() -> CombatModel:
    """Ejava and a guard (both Join Battle 3) against a bandit (1): both act on tick 1."""
    model = model_with(("ejava", ejava(), "ally"), ("guard", bandit(), "ally"),
                       ("bandit", bandit(), "enemy"))
    for action in (RollJoinBattle("ejava", DiceEntry.of_successes(3)),
                   RollJoinBattle("guard", DiceEntry.of_successes(3)),
                   RollJoinBattle("bandit", DiceEntry.of_successes(1)),
                   StartCombat(), NextTick()):
        assert model.push(action) is None
    return model


def test_one_row_per_actor_each_starting_as_one_attack_on_the_first_enemy(shown: Shown) -> None:
    """Two rows (Ejava, the guard), each "Attack Bandit with Straight sword", Speed 5."""
    model = _two_acting()
    dialog = shown(TickFlurriesDialog(model))
    assert isinstance(dialog, TickFlurriesDialog)
    assert [row.combatant_id for row in dialog.rows] == ["ejava", "guard"]
    for row in dialog.rows:
        assert row.declared() == (
            DeclaredManoeuvre("attack", weapon="Straight sword", target="bandit"),)
        assert row.cost.text() == "Speed 5 (acts on tick 6), DV -1"
    assert dialog.declare_button.isEnabled()


def test_declare_all_is_one_undo_step_and_a_row_can_guard(shown: Shown) -> None:
    """The guard guards instead: both flurries declared; one Ctrl+Z takes both back."""
    model = _two_acting()
    dialog = shown(TickFlurriesDialog(model))
    assert isinstance(dialog, TickFlurriesDialog)
    guard_row = dialog.rows[1]
    guard_row.kind.setCurrentIndex(guard_row.kind.findData("guard"))
    assert not guard_row.target.isEnabled()
    assert guard_row.cost.text() == "Speed 3 (acts on tick 4), no DV penalty"
    before = model.undo_stack.count()
    dialog.accept()
    assert set(model.state.tick.flurries) == {"ejava", "guard"}
    assert [m.kind for m in model.state.tick.flurries["guard"].declared] == ["guard"]
    assert model.undo_stack.count() == before + 1
    model.undo_stack.undo()
    assert model.state.tick.flurries == {}


def test_a_refused_row_says_why_in_its_own_place_and_declare_waits(shown: Shown) -> None:
    """A flurry of three sword attacks (Rate 2) from More…: the row turns red, Declare off."""
    model = _two_acting()
    dialog = shown(TickFlurriesDialog(model))
    assert isinstance(dialog, TickFlurriesDialog)
    row = dialog.rows[0]
    sword = DeclaredManoeuvre("attack", weapon="Straight sword", target="bandit")
    row.use_built((sword, sword, sword), magical=False)
    dialog._update()
    assert "rate" in row.cost.text().lower()
    assert row.cost.toolTip().startswith("Why: the rule is 000")
    assert not dialog.declare_button.isEnabled()


def test_more_opens_the_builder_and_its_flurry_comes_back_to_the_row(shown: Shown) -> None:
    """More… starts the builder from the row's attack; a second attack added there comes
    back as the row's flurry, with both attacks in words; nothing is declared yet."""
    model = _two_acting()
    dialog = shown(TickFlurriesDialog(model))
    assert isinstance(dialog, TickFlurriesDialog)
    builder = dialog.open_builder(dialog.rows[0])
    assert isinstance(builder, FlurryBuilderDialog) and len(builder.declared) == 1
    builder.add_attack()
    builder.accept()
    assert model.state.tick.flurries == {}
    assert len(dialog.rows[0].declared()) == 2
    assert dialog.rows[0].cost.text().startswith(
        "Attack Bandit with Straight sword; Attack Bandit with Straight sword.")


def test_the_attack_dialog_goes_on_to_the_next_attack_without_closing(shown: Shown) -> None:
    """Two declared attacks: after the first is resolved the same window shows the guard's."""
    model = _two_acting()
    for who in ("ejava", "guard"):
        sword = DeclaredManoeuvre("attack", weapon="Straight sword", target="bandit")
        assert model.push(DeclareFlurry(who, (sword,))) is None
    dialog = shown(AttackDialog(model, "ejava", 0))
    assert isinstance(dialog, AttackDialog)
    dialog.attack_dice.set_typed("1")
    dialog.accept()
    assert dialog.isVisible() and dialog.result() == 0
    assert dialog.attacker_id == "guard"
    assert dialog.windowTitle().startswith("Attack: Bandit attacks Bandit")
    dialog.attack_dice.set_typed("1")
    dialog.accept()
    assert model.state.pending_attacks() == ()
    assert not dialog.isVisible()


def _ambushed() -> CombatModel:
    """Ejava hides from the bandit and ambushes; a guard on her side is seen by all."""
    model = model_with(("ejava", ejava(), "enemy"), ("guard", bandit(), "enemy"),
                       ("bandit", bandit(), "ally"))
    for action in (DeclareConcealment("ejava", (Concealment("bandit"),)),
                   RollAmbush("ejava", DiceEntry.of_successes(5))):
        assert model.push(action) is None
    return model


def test_a_target_the_attacker_has_not_noticed_is_greyed_with_the_reason(shown: Shown) -> None:
    """The bandit has not noticed Ejava: her entry is greyed, says why; the guard is chosen."""
    model = _ambushed()
    assert not model.state.is_aware("bandit", "ejava")
    builder = shown(FlurryBuilderDialog(model, "bandit"))
    assert isinstance(builder, FlurryBuilderDialog)
    combo: QComboBox = builder.target
    items = combo.model()
    assert isinstance(items, QStandardItemModel)
    ejava_item = items.item(combo.findData("ejava"))
    assert not ejava_item.isEnabled()
    assert "has not noticed Tepet Ejava" in ejava_item.toolTip()
    assert combo.currentData() == "guard"
    assert items.item(combo.findData("guard")).isEnabled()


def test_rows_and_more_start_on_a_standing_foe_not_a_corpse(shown: Shown) -> None:
    """The first bandit is dead: each row and the builder from More… open on the second
    (they opened on the corpse, and Ctrl+Return attacked it); the corpse stays listed."""
    from battlewheel.engine.rulesets.rewrite.actions import SetHealth
    model = model_with(("ejava", ejava(), "ally"), ("guard", bandit(), "ally"),
                       ("bandit", bandit(), "enemy"), ("second", bandit(), "enemy"))
    for action in (RollJoinBattle("ejava", DiceEntry.of_successes(3)),
                   RollJoinBattle("guard", DiceEntry.of_successes(3)),
                   RollJoinBattle("bandit", DiceEntry.of_successes(1)),
                   RollJoinBattle("second", DiceEntry.of_successes(1)),
                   StartCombat(), NextTick()):
        assert model.push(action) is None
    marks = "X" * len(model.state.combatants["bandit"].health.marks)
    assert model.push(SetHealth("bandit", marks)) is None
    assert model.state.combatants["bandit"].health.dead
    dialog = shown(TickFlurriesDialog(model))
    assert isinstance(dialog, TickFlurriesDialog)
    for row in dialog.rows:
        assert row.target.currentData() == "second"
        assert row.target.findData("bandit") >= 0
    builder = shown(FlurryBuilderDialog(model, "ejava"))
    assert isinstance(builder, FlurryBuilderDialog)
    assert builder.target.currentData() == "second"
