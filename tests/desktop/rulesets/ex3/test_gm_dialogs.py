"""The GM's 3e dialogs and the rulings out of turn: range, conditions, terrain, the Break for
a self-Crash, escaping a hold at bay, a hold running out, rejoining after Go to Ground;
and a clash declared as a flurry. Each is reached from the Combat menu and records one
undo step.

The duels are small: A and B are Exalts with Dex 3, Str 3, Sta 2, Wits 2, Melee 3,
Dodge 2, Awareness 2 and a sword (withering pool 8, decisive 6, Defence 3).
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QWidget

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3.state import Combat
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets.ex3 import gm_dialogs as gm
from battlewheel.views.rulesets.ex3 import turn_dialogs as acts
from battlewheel.views.rulesets.ex3.attack_dialog_clash import ClashDialog
from battlewheel.views.rulesets.ex3.base import opposed_odds
from battlewheel.views.rulesets.ex3.turn_actions import GM_DIALOGS, open_dialog
from battlewheel.views.rulesets.ex3.turn_dialogs import MoveDialog
from tests.desktop.rulesets.ex3.fight import started, turn_of, typed
from tests.desktop.showing import Shown
from tests.engine.rulesets.ex3.helpers import fight, fighter, pass_to
from tests.engine.rulesets.ex3.helpers import typed as successes


def duel(a_jb: int = 5, b_jb: int = 4, *, close: bool = True, **a_traits: int) -> CombatSession:
    """A (ally) and B (enemy), started, at close range unless told otherwise."""
    return fight(("a", fighter("A", **a_traits), "ally", a_jb), ("b", fighter("B"), "enemy", b_jb),
                 close=close)


def state(model: CombatModel) -> Combat:
    """The model's 3e state, typed."""
    found: Combat = model.state
    return found


def menu(model: CombatModel) -> dict[str, str]:
    """Each Combat menu entry's reason to be idle ("" when it can be used)."""
    return {e.key: e.why_not for e in model.session.ruleset.turn_actions(model.state)}


def opened(model: CombatModel, key: str, shown: Shown, subject: str | None = None) -> QWidget:
    """The dialog the Combat menu entry ``key`` opens."""
    parent = shown(QWidget())  # kept by the fixture: the dialog lives as long as it
    dialog = open_dialog(parent, model, f"ex3.{key}", subject)
    assert dialog is not None
    return shown(dialog)


# -- the GM's edits --------------------------------------------------------------------------


def test_the_range_dialog_puts_a_pair_at_close_range(shown: Shown) -> None:
    """Zones: both in zone 0 at short range; GM: Range… puts A at close range of B."""
    model = CombatModel(duel(close=False))
    assert menu(model)["set_range"] == ""
    dialog = opened(model, "set_range", shown)
    assert isinstance(dialog, gm.RangeDialog)
    dialog.other.setCurrentIndex(dialog.other.findData("b"))
    assert dialog.now.text() == "Now: short range."
    dialog.band.setCurrentIndex(dialog.band.findData("close"))
    assert "at close range of B" in dialog.preview()
    dialog.accept()
    assert frozenset(("a", "b")) in state(model).close
    assert model.undo_stack.undoText().startswith("GM puts A at close range")


def test_the_range_dialog_moves_a_combatant_to_another_zone(shown: Shown) -> None:
    """A to zone 2: two zones from B, long range (003 §Positioning and Movement)."""
    model = CombatModel(duel(close=False))
    dialog = opened(model, "set_range", shown)
    assert isinstance(dialog, gm.RangeDialog)
    dialog.place.setCurrentIndex(dialog.place.findData("zone"))
    assert dialog.form.isRowVisible(dialog.zone) and not dialog.form.isRowVisible(dialog.band)
    dialog.zone.setValue(2)
    dialog.accept()
    assert state(model).combatants["a"].zone == 2
    assert dialog.result() == 1


def test_a_pair_cannot_be_put_at_medium_range_by_hand_under_zones(shown: Shown) -> None:
    """With zones only close and short are offered for a pair; farther comes from zones."""
    model = CombatModel(duel(close=False))
    dialog = opened(model, "set_range", shown)
    assert isinstance(dialog, gm.RangeDialog)
    assert [dialog.band.itemData(i) for i in range(dialog.band.count())] == ["close", "short"]


def test_the_condition_dialog_sets_prone_and_the_defence_falls(shown: Shown) -> None:
    """Prone: -1 Parry, -2 Evasion (003 §Damage and Conditions); set by the GM, undoable."""
    model = CombatModel(duel())
    dialog = opened(model, "set_condition", shown, "b")
    assert isinstance(dialog, gm.ConditionDialog)
    assert dialog.who_box.currentData() == "b"
    assert not dialog.form.isRowVisible(dialog.other)
    dialog.accept()
    assert state(model).combatants["b"].prone
    model.undo_stack.undo()
    assert not state(model).combatants["b"].prone


def test_the_condition_dialog_hides_a_combatant_from_one_foe(shown: Shown) -> None:
    """Concealed from…: the pair (A hidden from B) is recorded, so A's next attack surprises."""
    model = CombatModel(duel())
    dialog = opened(model, "set_condition", shown, "a")
    assert isinstance(dialog, gm.ConditionDialog)
    dialog.condition.setCurrentIndex(dialog.condition.findData("concealed"))
    assert dialog.form.isRowVisible(dialog.other)
    dialog.other.setCurrentIndex(dialog.other.findData("b"))
    dialog.accept()
    assert ("a", "b") in state(model).concealed


def test_a_refused_condition_says_why_and_changes_nothing(shown: Shown) -> None:
    """A has no mount: the dialog names 003 §Mounted Combat and will not apply."""
    model = CombatModel(duel())
    dialog = opened(model, "set_condition", shown, "a")
    assert isinstance(dialog, gm.ConditionDialog)
    dialog.condition.setCurrentIndex(dialog.condition.findData("mounted"))
    assert "has no mount" in dialog.refusal() and not dialog.apply_button.isEnabled()
    dialog.accept()
    assert not state(model).combatants["a"].mounted


def test_the_terrain_dialog_marks_a_zone_rough_and_clears_it(shown: Shown) -> None:
    """Zone 1 becomes difficult terrain, then open ground again, each one undo step."""
    model = CombatModel(duel())
    dialog = opened(model, "mark_rough", shown)
    assert isinstance(dialog, gm.TerrainDialog)
    dialog.zone.setValue(1)
    dialog.accept()
    assert state(model).rough_zones == frozenset({1})
    again = opened(model, "mark_rough", shown)
    assert isinstance(again, gm.TerrainDialog)
    again.zone.setValue(1)
    again.ground.setCurrentIndex(again.ground.findData("open"))
    again.accept()
    assert state(model).rough_zones == frozenset()


# -- the Break for a self-Crash (003 §Crash; 3e reading §4) ----------------------------------


def self_crashed() -> CombatModel:
    """A (3i) waits to tick 1 (2i: 1i), then misses a decisive attack (2i): -1, its own Crash,
    5i more: -6. B attacked nobody; the Break is the GM's to give."""
    session = duel(a_jb=0, b_jb=5)
    session.apply(a.NextTurn())
    session.apply(a.Delay("a", 1))
    session.apply(a.Attack("a", "b", "decisive", "Sword", successes(0)))
    return CombatModel(session)


def test_award_break_is_idle_until_someone_crashes_itself() -> None:
    """The entry says why it waits, then opens once A is in its own Crash."""
    model = CombatModel(duel())
    assert menu(model)["award_break"].startswith("nobody is in a Crash of their own making")
    assert menu(self_crashed())["award_break"] == ""


def test_award_break_gives_the_foe_five_initiative(shown: Shown) -> None:
    """B (8i) takes the Break: +5 = 13i; A's Crash keeps no Break to give."""
    model = self_crashed()
    assert state(model).combatants["a"].initiative == -6
    dialog = opened(model, "award_break", shown)
    assert isinstance(dialog, gm.AwardBreakDialog)
    assert (dialog.crashed.currentData(), dialog.to.currentData()) == ("a", "b")
    dialog.accept()
    assert state(model).combatants["b"].initiative == 13
    assert menu(model)["award_break"] != ""


# -- a hold at bay (003 §Attacks From Stealth) -----------------------------------------------


def held() -> CombatModel:
    """A (8i), hidden from B (7i), ambushes in round 1 and holds B at bay for 1 round."""
    session = duel(a_jb=5, b_jb=4)
    session.apply(a.SetCondition("a", "concealed", 1, "b"))
    session.apply(a.Attack("a", "b", "withering", "Sword", successes(0), hold_at_bay=True))
    return CombatModel(session)


def test_escaping_a_hold_meets_a_reflexive_decisive_ambush(shown: Shown) -> None:
    """B tries to escape on its turn: A strikes reflexively, decisive at Defence 0, its 8i
    against Hardness 0: 8 dice, +5 successes; 1 typed = 6 levels. A resets to base 3i."""
    model = held()
    pass_to(model.session, "b")
    assert menu(model)["escape"] == ""
    dialog = opened(model, "escape", shown)
    assert isinstance(dialog, gm.EscapeDialog)
    assert (dialog.actor, dialog.target.currentData()) == ("a", "b")
    assert dialog.mode.currentData() == a.DECISIVE and not dialog.mode.isEnabled()
    assert "escape from hold: Defence 0" in dialog.preview()
    typed(dialog.attack_roll, "1")
    assert dialog.damage_roll.pool() == 8
    assert "against Hardness 0" in dialog.preview()
    typed(dialog.damage_roll, "1")
    dialog.accept()
    b = state(model).combatants["b"]
    assert b.health.damage == 6 and not b.held_by
    assert state(model).combatants["a"].initiative == 3
    assert state(model).actor == "b"  # B's turn goes on: A's strike was reflexive


def test_the_hold_runs_out_and_both_roll_join_battle(shown: Shown) -> None:
    """In round 2 the hold is over: A rolls Join Battle (4 dice), B 2 fewer (2 dice);
    A's 2 beat B's 1, so A may ambush at once."""
    model = held()
    assert menu(model)["end_hold"] == "no hold at bay has run its course"
    for _ in range(3):
        model.push(a.NextTurn())
    assert state(model).round == 2 and menu(model)["end_hold"] == ""
    dialog = opened(model, "end_hold", shown)
    assert isinstance(dialog, gm.EndHoldDialog)
    assert (dialog.holder_roll.pool(), dialog.target_roll.pool()) == (4, 2)
    assert dialog.odds is not None and dialog.odds.hit_chance == pytest.approx(
        opposed_odds("t", (4, True), [(2, True)]).hit_chance)
    typed(dialog.holder_roll, "2")
    typed(dialog.target_roll, "1")
    dialog.accept()
    b = state(model).combatants["b"]
    assert (b.held_by, b.exposed_to) == ("", "a")


# -- Go to Ground and back (003 §Go to Ground) ------------------------------------------------


def test_rejoining_after_going_to_ground_sets_minus_ten(shown: Shown) -> None:
    """Three won concealment turns and A is gone; Rejoin… brings it back at -10i."""
    session = duel(stealth=5, dexterity=5)
    session.apply(a.SetCondition("a", "concealed", 1, "b"))
    for turn in range(3):
        if turn:
            pass_to(session, "a")
        session.apply(a.GoToGround("a", successes(3), {"b": successes(0)}))
    model = CombatModel(session)
    assert menu(model)["rejoin"] == ""
    dialog = opened(model, "rejoin", shown)
    assert isinstance(dialog, gm.RejoinDialog)
    dialog.accept()
    assert state(model).combatants["a"].initiative == -10
    assert menu(model)["rejoin"] == "nobody has gone to ground"


# -- a clash as a flurry (003 §Clashes, §Combat Actions) -------------------------------------


def test_the_clash_dialog_declares_a_flurry_for_either_side(shown: Shown) -> None:
    """Both at 8i: A's flurried attack rolls 8 - 3 = 5 dice, B's flurried answer 5 too; A wins
    4 to 2 and both keep -1 Defence to their next turns."""
    model = CombatModel(duel(a_jb=5, b_jb=5))
    dialog = shown(ClashDialog(model, "a"))
    assert (dialog.mine.attack.pool(), dialog.theirs.attack.pool()) == (8, 8)
    # Equal Join Battle ratings and Dexterity + Athletics: A, added first, declares first.
    assert "Effects are declared in turn, A first, then B" in dialog.preview()
    dialog.mine.flurry.setChecked(True)
    dialog.theirs.flurry.setChecked(True)
    assert (dialog.mine.attack.pool(), dialog.theirs.attack.pool()) == (5, 5)
    assert "flurry 3" in dialog.preview()
    typed(dialog.mine.attack, "4")
    typed(dialog.theirs.attack, "2")
    typed(dialog.mine.damage, "1")
    dialog.accept()
    a_now, b_now = state(model).combatants["a"], state(model).combatants["b"]
    assert a_now.flurry_penalty and b_now.flurry_penalty and b_now.answer_flurry


def test_the_move_dialog_goes_through_a_battle_groups_ranks(shown: Shown) -> None:
    """Demo fight, Jade's turn: the Guard is offered as ranks to push through; the preview
    says it costs 1i and the move only gets half-way (003 §Interacting with Battle Groups)."""
    model = started()
    turn_of(model, "jade")
    dialog = shown(MoveDialog(model, "jade"))
    dialog.step.setCurrentIndex(dialog.step.findData("zone"))
    assert dialog.form.isRowVisible(dialog.crowd)
    dialog.crowd.setCurrentIndex(dialog.crowd.findData("guard"))
    assert "pushes through Ashen Guard: -1i" in dialog.preview()
    assert "half-way" in dialog.preview()
    dialog.accept()
    assert state(model).combatants["jade"].initiative == 3


def test_the_gm_takes_someone_out_of_the_fight_and_undo_brings_them_back(shown: Shown) -> None:
    """GM: Take someone out… removes B with its close-range pair; Ctrl+Z restores both."""
    model = CombatModel(duel())
    dialog = opened(model, "remove", shown, "b")
    assert isinstance(dialog, gm.RemoveDialog)
    assert "B leaves the fight." in dialog.preview()
    dialog.accept()
    assert "b" not in state(model).combatants and not state(model).close
    model.undo_stack.undo()
    assert "b" in state(model).combatants and frozenset(("a", "b")) in state(model).close


@pytest.mark.parametrize("key", sorted(GM_DIALOGS))
def test_every_gm_dialog_opens_even_with_nothing_to_rule_on(key: str, shown: Shown) -> None:
    """Each GM entry's dialog opens on a fight with nobody held, crashed or gone; where it has
    nothing to act on it says so and keeps Apply grey rather than fail."""
    model = CombatModel(duel())
    idle = menu(model)[key]
    dialog = open_dialog(shown(QWidget()), model, f"ex3.{key}", None)
    if dialog is None:  # only the escape, with no captive to strike at
        assert (key, idle) == ("escape", "nobody is held at bay")
        return
    shown(dialog)
    assert isinstance(dialog, gm.GmDialog)
    if idle:
        assert not dialog.apply_button.isEnabled() and dialog.refusal()


# -- odds for the opposed rolls (the odds dock before each roll) -----------------------------


def test_opposed_odds_worked_by_hand() -> None:
    """One die each, 10s once: a win needs 1 against 0, 0.4 x 0.6 = 0.24. 10s twice: 1 against 0
    (0.3 x 0.6) or 2 against 0-1 (0.1 x 0.9) = 0.27. Against two such foes the 1 must beat
    both: 0.3 x 0.36 + 0.1 x 0.81 = 0.189."""
    assert opposed_odds("t", (1, False), [(1, False)]).hit_chance == pytest.approx(0.24)
    assert opposed_odds("t", (1, True), [(1, True)]).hit_chance == pytest.approx(0.27)
    assert opposed_odds("t", (1, True), [(1, True), (1, True)]).hit_chance == \
        pytest.approx(0.189)


def test_rush_disengage_and_withdraw_show_their_odds(shown: Shown) -> None:
    """A (Dex 3 + Athletics 1 = 4 dice) rushes B (4 dice): the dock gets the chance to win;
    Disengage (Dex 3 + Dodge 2 = 5) against B's 4; Withdraw's rolls count at difficulty 1."""
    model = CombatModel(duel(close=False))
    rush = shown(acts.RushDialog(model, "a"))
    assert rush.odds is not None and (rush.roll.pool(), rush.opposed.pool()) == (4, 4)
    assert rush.odds.hit_chance == pytest.approx(
        opposed_odds("t", (4, True), [(4, True)]).hit_chance)
    close = CombatModel(duel())
    disengage = shown(acts.DisengageDialog(close, "a"))
    assert disengage.odds is not None and disengage.odds.hit_chance == pytest.approx(
        opposed_odds("t", (5, True), [(4, True)]).hit_chance)
    withdraw = shown(acts.WithdrawDialog(model, "a"))
    assert withdraw.odds is not None and withdraw.odds.dv == 1
    assert withdraw.odds.hit_chance == pytest.approx(1 - 0.6 ** 4)
