"""The tick's damage dialog when a counterattack was resolved on the same tick."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

from battlewheel.engine.core.dice import SeededDice
from battlewheel.models.combat_model import CombatModel
from battlewheel.models.log_model import CombatLogModel
from battlewheel.views.rulesets.rewrite.attack_dialog_counter import CounterattackDialog
from battlewheel.views.rulesets.rewrite.turn_dialogs_damage import TickDamageDialog
from tests.desktop.d2_combatants import ejava_attacks, first_tick_model

Shown = Callable[[QWidget], QWidget]


def _hit_then_countered(shown: Shown) -> CombatModel:
    """Ejava hits the bandit (6 + Accuracy 2 = 8 vs parry 2); his counterattack misses.

    The bandit's 4 dice show 7 8 9 10: 4 successes (a mortal's 10 counts once) + Accuracy 2
    = 6 against Ejava's parry (4 + 4 + 1 + Essence 2) / 2 = 5.5, rounded up to 6: a miss.
    """
    model = ejava_attacks()
    counter = shown(CounterattackDialog(model, "bandit", "ejava", "Straight sword"))
    assert isinstance(counter, CounterattackDialog)
    counter.attack_dice.set_typed("7 8 9 10")
    counter.accept()
    assert model.state.tick.attacks[-1].counterattack
    return model


def test_a_failed_counterattack_does_not_block_the_tick(shown: Shown) -> None:
    """With the hit's damage typed, the tick applies: the bandit takes the 2 levels.

    Raw damage 6 excess + Strength 3 = 9 dice, sword 3 levels; soak 1 (Stamina 2 / 2)
    leaves 2 levels; nine 1s add none: 2 lethal, and Ejava takes nothing.
    """
    model = _hit_then_countered(shown)
    dialog = shown(TickDamageDialog(model))
    assert isinstance(dialog, TickDamageDialog)
    flurry, _counter = dialog.panels
    flurry.rolls["L"].set_typed("1 1 1 1 1 1 1 1 1")
    assert dialog.refusal() == ""
    assert dialog.apply_button.isEnabled()
    dialog.accept()
    assert dialog.result() == TickDamageDialog.DialogCode.Accepted
    assert model.state.combatants["bandit"].health.lethal == 2
    assert model.state.combatants["ejava"].health.damage == 0


def test_the_counterattack_panel_is_titled_as_a_counterattack(shown: Shown) -> None:
    """The bandit answered with a counterattack, not a flurry of his own."""
    model = _hit_then_countered(shown)
    dialog = shown(TickDamageDialog(model))
    assert isinstance(dialog, TickDamageDialog)
    assert dialog.panels[1].title() == "Bandit's counterattack → Tepet Ejava"


def test_a_lone_failed_attack_is_worded_in_the_singular(shown: Shown) -> None:
    """The counterattack's panel says its one attack Failed, not "All 1 attacks"."""
    model = _hit_then_countered(shown)
    dialog = shown(TickDamageDialog(model))
    assert isinstance(dialog, TickDamageDialog)
    texts = [label.text() for label in dialog.panels[1].findChildren(type(dialog.refusal_label))]
    assert "The attack Failed: no damage." in texts


def test_the_log_calls_a_killed_bandit_dead_not_incapacitated(shown: Shown) -> None:
    """Nine 10s on the 9 damage dice: 9 + 2 = 11 lethal fill the bandit's 9 boxes.

    His track is -0, -1 x2, -2 x2, -4, Incapacitated, then Dying x Stamina 2: all full.
    """
    model = ejava_attacks()
    log = CombatLogModel(model)
    dialog = shown(TickDamageDialog(model))
    assert isinstance(dialog, TickDamageDialog)
    dialog.panels[0].rolls["L"].set_typed("10 10 10 10 10 10 10 10 10")
    dialog.accept()
    assert model.state.combatants["bandit"].health.dead
    assert "Bandit takes 11 lethal from Tepet Ejava: now XXXXXXXXX (dead)." in log.details(
        len(log.sentences()) - 1
    )


def test_rolled_damage_faces_wrap_instead_of_running_off_the_side(shown: Shown) -> None:
    """Nine rolled faces and their levels stay inside the summary: no sideways scrolling."""
    model = ejava_attacks()
    dialog = shown(TickDamageDialog(model, face_source=SeededDice(3)))
    assert isinstance(dialog, TickDamageDialog)
    dialog.roll_all()
    QApplication.processEvents()
    scroll = dialog.findChild(QScrollArea)
    assert isinstance(scroll, QScrollArea)
    assert dialog.panels[0].rolls["L"].result_label.text().count(" ") >= 9
    assert scroll.horizontalScrollBar().maximum() == 0


def _exalt_with_lethal_on_the_track() -> CombatModel:
    """Ejava's sword hits a Dragon-Blooded bandit who already has 3 lethal: resilience 3."""
    from dataclasses import replace

    from battlewheel.engine.rulesets.rewrite.actions import SetHealth
    from battlewheel.engine.rulesets.rewrite.rules.traits import CharacterKind
    from tests.desktop.d2_combatants import bandit

    model = first_tick_model(replace(bandit(), kind=CharacterKind.DRAGON_BLOODED))
    assert model.push(SetHealth("bandit", "XXX......")) is None
    return ejava_attacks(model)


def test_resilience_arithmetic_shows_in_the_summary_and_the_log(shown: Shown) -> None:
    """Levels rolled minus the lethal already taken: "N - 3 resilience = M lethal"."""
    model = _exalt_with_lethal_on_the_track()
    log = CombatLogModel(model)
    dialog = shown(TickDamageDialog(model))
    assert isinstance(dialog, TickDamageDialog)
    (panel,) = dialog.panels
    row = panel.rolls["L"]
    levels = panel.item.pools.levels["L"]
    # Four levels in all: the rolled ones make up what the pool's automatic levels leave.
    rolled = max(4 - levels, 0)
    row.set_typed(" ".join(["7"] * rolled + ["1"] * (panel.item.pools.dice["L"] - rolled)))
    total = levels + rolled
    assert f"{total} \u2212 3 resilience = {total - 3} lethal" in panel.after_label.text()
    dialog.accept()
    texts = [log.index(r, 0).data() for r in range(log.rowCount())]
    assert any(f"{total} \u2212 3 resilience = {total - 3} lethal" in str(t) for t in texts), texts


def test_resilience_that_absorbs_everything_says_so(shown: Shown) -> None:
    """Three levels against resilience 3: nothing marked, and the log says why."""
    model = _exalt_with_lethal_on_the_track()
    dialog = shown(TickDamageDialog(model))
    assert isinstance(dialog, TickDamageDialog)
    (panel,) = dialog.panels
    levels = panel.item.pools.levels["L"]
    rolled = max(3 - levels, 0)
    panel.rolls["L"].set_typed(
        " ".join(["7"] * rolled + ["1"] * (panel.item.pools.dice["L"] - rolled))
    )
    assert "absorbed it all" in panel.after_label.text()
    dialog.accept()
    sentence = model.session.log[-1].sentence
    assert "no damage marked (Bandit 3 \u2212 3 resilience = 0 lethal" in sentence, sentence
