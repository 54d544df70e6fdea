"""The 3e attack dialog: every step's figures, typed dice, refusals first, one undo step."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3.options import Ex3Options
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets.ex3.attack_dialog import AttackDialog
from tests.desktop.rulesets.ex3.fight import (
    ASHKEEL_COMES_CLOSE,
    initiative,
    started,
    turn_of,
    typed,
)
from tests.desktop.showing import Shown
from tests.engine.rulesets.ex3.helpers import fight, fighter


def _lark_on_ashkeel(shown: Shown) -> tuple[CombatModel, AttackDialog]:
    """Ashkeel came to zone 0 (short range); Swift Lark's turn, Powerbow at the ready."""
    model = started(*ASHKEEL_COMES_CLOSE)
    assert model.state.actor == "lark"
    dialog = shown(AttackDialog(model, "lark"))
    assert dialog.target.currentData() == "ashkeel"
    return model, dialog


def _line(dialog: AttackDialog, start: str) -> str:
    return next(line for line in dialog.preview().splitlines() if line.startswith(start))


def test_defence_and_pool_are_shown_before_any_roll(shown: Shown) -> None:
    """003 §Defending Against Attacks: Ashkeel's Parry (Dex 5 + Melee 5) ÷ 2 + Grimscythe 1
    = 6 beats her Evasion (Dex 5 + Dodge 3) ÷ 2 - armour 2 = 2; Lark's withering pool is
    Dex 4 + Archery 5 + accuracy 1 = 10 dice. Nothing can be resolved yet."""
    _model, dialog = _lark_on_ashkeel(shown)
    assert _line(dialog, "4.") == ("4. Defence of Lady Ashkeel: Parry 6, Evasion 2 → parry 6"
                                   " → Defence 6")
    assert _line(dialog, "5.") == ("5. Attack: Dexterity 4 + Archery 5 + accuracy 1 = 10 dice"
                                   " (10s count twice) against Defence 6")
    assert _line(dialog, "8.") == "8. Damage: only on a hit"
    assert not dialog.apply_button.isEnabled()
    assert dialog.refusal().startswith("Enter the attack roll")


def test_the_odds_count_a_tie_with_defence_as_a_hit(shown: Shown) -> None:
    """003 §Resolution Steps 5: successes equal to Defence hit, so the chance shown is the
    sum of the bars from 6 up; the Initiative damage spread is a distribution."""
    _model, dialog = _lark_on_ashkeel(shown)
    odds = dialog.odds
    assert odds is not None
    assert odds.dv == 6 and odds.damage_label == "Initiative damage"
    assert len(odds.successes) == 21  # 10 dice, 10s doubled: 0..20 successes
    assert odds.hit_chance == pytest.approx(sum(odds.successes[6:]))
    assert sum(odds.levels) == pytest.approx(1.0)


def test_typed_dice_walk_the_withering_steps_worked_by_hand(shown: Shown) -> None:
    """8 successes against Defence 6: threshold 2. Damage Str 3 + Powerbow 10 + 2 - soak 12
    (Sta 4 + soulsteel 8) = 3 dice; 7 8 10 is 4 successes (a 10 counts twice for an Exalt):
    Ashkeel 9 - 4 = 5i, Lark 6 + 5 = 11i (003 §Resolution Steps 8)."""
    _model, dialog = _lark_on_ashkeel(shown)
    typed(dialog.attack_roll, "8")
    assert "8 successes against 6: a hit, threshold 2" in dialog.preview()
    assert dialog.damage_roll.pool() == 3
    typed(dialog.damage_roll, "7 8 10")
    lines = dialog.preview().splitlines()
    numbered = [line.split(".")[0] for line in lines if line[:1].isdigit()]
    assert numbered == ["1", "2-3", "4", "5", "6", "7", "8", "9"]
    assert "   Roll: 4: target \u22124i, attacker +5i (X + 1)" in lines
    assert any("Swift Lark 6i → 11i, Lady Ashkeel 9i → 5i" in line for line in lines)
    assert dialog.apply_button.isEnabled()


def test_resolve_records_one_undo_step(qtbot: QtBot, shown: Shown) -> None:
    """Ctrl+Return records the attack; one undo gives both their Initiative back."""
    model, dialog = _lark_on_ashkeel(shown)
    typed(dialog.attack_roll, "8")
    typed(dialog.damage_roll, "7 8 10")
    steps_before = model.undo_stack.count()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(dialog, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert dialog.result() == AttackDialog.DialogCode.Accepted
    assert (initiative(model, "ashkeel"), initiative(model, "lark")) == (5, 11)
    assert model.undo_stack.count() == steps_before + 1
    model.undo_stack.undo()
    assert (initiative(model, "ashkeel"), initiative(model, "lark")) == (9, 6)


def test_a_refused_attack_says_why_and_changes_nothing(shown: Shown) -> None:
    """Round 1, tick 9: the foes stand a zone away, out of the Grimscythe's reach
    (003 §Resolving Attacks); Resolve stays grey and pressing it does nothing."""
    model = started()
    dialog = shown(AttackDialog(model, "ashkeel"))
    assert dialog.refusal() == ("Not allowed: 003 §Resolving Attacks: Grimscythe cannot reach "
                                "Harmonious Jade at medium range")
    assert not dialog.apply_button.isEnabled()
    dialog.accept()
    assert dialog.result() != AttackDialog.DialogCode.Accepted
    assert model.undo_stack.count() == 0 and model.state.combatants["jade"].initiative == 4


def test_a_decisive_hit_meets_hardness(shown: Shown) -> None:
    """003 §Resolution Steps 8: Jade's 4i is no more than Ashkeel's Hardness 4, so the
    damage roll has 0 dice; the hit still resets Jade to her base Initiative 3."""
    model = started(*ASHKEEL_COMES_CLOSE)
    turn_of(model, "jade")
    assert model.push(a.Move("jade", "close", other="ashkeel")) is None
    dialog = shown(AttackDialog(model, "jade"))
    dialog.mode.setCurrentIndex(dialog.mode.findData(a.DECISIVE))
    assert _line(dialog, "5.").startswith("5. Attack: Dexterity 4 + Melee 5 = 9 dice")
    assert _line(dialog, "7.") == "7. Miss: a miss costs 2i (2i, 3i at Initiative 11+)"
    typed(dialog.attack_roll, "7")
    assert _line(dialog, "8.") == ("8. Damage: Initiative 4 against Hardness 4 (Hardness stops "
                                   "it: 0 dice) → 0 dice (10s once); then Initiative resets to "
                                   "base 3")
    assert dialog.damage_roll.pool() == 0
    typed(dialog.damage_roll, "0")
    assert "  · Lady Ashkeel takes no damage." in dialog.preview().splitlines()
    dialog.accept()
    assert initiative(model, "jade") == 3
    assert model.state.combatants["ashkeel"].health.damage == 0


def test_a_gambit_shows_its_difficulty_and_the_chance_to_complete_it(shown: Shown) -> None:
    """Disarm is difficulty 3 and costs 4i (003 §Gambits); the odds dock spreads the
    Initiative roll's successes against that difficulty."""
    model = started(*ASHKEEL_COMES_CLOSE)
    turn_of(model, "jade")
    assert model.push(a.Move("jade", "close", other="ashkeel")) is None
    dialog = shown(AttackDialog(model, "jade"))
    dialog.mode.setCurrentIndex(dialog.mode.findData(a.GAMBIT))
    assert dialog.gambit.currentData() == "disarm"
    assert dialog.disarm_weapon.currentData() == "Grimscythe"
    odds = dialog.odds
    assert odds is not None and odds.damage_label == "gambit successes (difficulty 3)"
    assert len(odds.levels) == 5  # Jade's 4 Initiative dice, 10s counted once
    typed(dialog.attack_roll, "8")
    typed(dialog.damage_roll, "3")
    assert "8. Damage: Initiative 4 → 4 dice (10s once) against difficulty 3; costs 4i" \
        in dialog.preview()
    # Paying 4i of 4 is a Crash of her own making: 5i more (003 §Crash), said beforehand.
    assert "Harmonious Jade is in Crash at -5i, 5 more for crashing itself." in dialog.preview()
    dialog.accept()
    assert model.state.combatants["ashkeel"].ready == ()
    assert initiative(model, "jade") == -5


def test_a_battle_group_strikes_every_foe_at_close_range(shown: Shown) -> None:
    """003 §Battle Groups: the Guard (Size 2, Might 1) close to Jade and Ember reaches both,
    one roll for all, a damage roll each: Str 3 + Spear 8 + Size 2 + Might 1 + threshold 2
    - soak 8 = 8 dice, 10s once. Groups gain no Initiative."""
    model = started(a.SetRange("guard", "jade", "close"), a.SetRange("ember", "guard", "close"))
    turn_of(model, "guard")
    dialog = shown(AttackDialog(model, "guard"))
    dialog.target.setCurrentIndex(dialog.target.findData("jade"))
    typed(dialog.attack_roll, "8")
    assert dialog.other_rows["ember"].isVisible() and not dialog.other_rows["lark"].isVisible()
    assert (dialog.damage_roll.pool(), dialog.other_rows["ember"].pool()) == (8, 8)
    typed(dialog.damage_roll, "3")
    typed(dialog.other_rows["ember"], "3")
    dialog.accept()
    assert (initiative(model, "jade"), initiative(model, "ember")) == (1, 1)


def test_a_wounded_target_defends_worse_in_the_steps_and_the_odds(shown: Shown) -> None:
    """3e reading §4 health_track: wounds are internal penalties and lower Defence. Ashkeel
    with four boxes marked (-2): Parry 6 less 2 = Defence 4 in step 4, and the odds dock
    measures Lark's 10 dice against 4, a better chance than against 6."""
    model, before = _lark_on_ashkeel(shown)
    unhurt = before.odds
    for index in range(4):
        assert model.push(a.CycleHealthBox("ashkeel", index)) is None
    dialog = shown(AttackDialog(model, "lark"))
    assert _line(dialog, "4.") == ("4. Defence of Lady Ashkeel: Parry 6, Evasion 2 → parry 6"
                                   ", wound \u22122 → Defence 4")
    odds = dialog.odds
    assert odds is not None and unhurt is not None
    assert odds.dv == 4 and odds.hit_chance > unhurt.hit_chance


def test_a_spread_out_battle_group_attacks_without_its_size(shown: Shown) -> None:
    """003 §Battle Groups: spread over 10 yards or more, the Guard's Size 2 leaves its pool:
    Dex 3 + Melee 3 + accuracy 3 + Size 2 + Might 1 = 12 dice, spread out 10. A fighter's
    dialog offers no such choice."""
    model = started(a.SetRange("guard", "jade", "close"))
    turn_of(model, "guard")
    dialog = shown(AttackDialog(model, "guard"))
    dialog.target.setCurrentIndex(dialog.target.findData("jade"))
    assert dialog.spread.isVisible() and dialog.attack_roll.pool() == 12
    dialog.spread.setChecked(True)
    assert dialog.attack_roll.pool() == 10 and "Size" not in _line(dialog, "5.")
    fighter = shown(AttackDialog(started(*ASHKEEL_COMES_CLOSE), "lark"))
    assert not fighter.spread.isVisible()


def _small_fight(*people: tuple[str, str, int], **options: str) -> CombatModel:
    """Exalts of the engine tests' helpers, all at close range, started."""
    session = fight(*((cid, fighter(cid.upper()), side, jb) for cid, side, jb in people),
                    options=Ex3Options(**options))  # type: ignore[arg-type]
    return CombatModel(session)


def test_past_a_defenders_parry_the_attacker_picks_whom_to_strike(shown: Shown) -> None:
    """003 §Defend Other: C (9i) defends A; B (8i) attacks A. The dialog asks whom to strike
    once past C's Parry; choosing A records at_ward, and a plain target has no such row."""
    model = _small_fight(("c", "ally", 6), ("b", "enemy", 5), ("a", "ally", 1))
    assert model.push(a.DefendOther("c", "a")) is None
    assert model.push(a.NextTurn()) is None
    dialog = shown(AttackDialog(model, "b"))
    dialog.target.setCurrentIndex(dialog.target.findData("a"))
    assert dialog.form.isRowVisible(dialog.past_ward)
    assert "C defends A: Parry 3 first" in dialog.preview()
    dialog.past_ward.setCurrentIndex(dialog.past_ward.findData("target"))
    assert dialog.declaration().at_ward
    dialog.target.setCurrentIndex(dialog.target.findData("c"))
    assert not dialog.form.isRowVisible(dialog.past_ward) and not dialog.declaration().at_ward


def test_a_magical_area_attack_is_offered_against_battle_groups_only(shown: Shown) -> None:
    """003 §Battle Groups: a magical area attack adds 1 to the rout check's difficulty; the
    choice shows for the Guard, not for Lady Ashkeel."""
    model = started(a.SetRange("guard", "jade", "close"), a.SetRange("ashkeel", "jade", "close"))
    turn_of(model, "jade")
    dialog = shown(AttackDialog(model, "jade"))
    dialog.target.setCurrentIndex(dialog.target.findData("guard"))
    assert dialog.magical_area.isVisible()
    dialog.magical_area.setChecked(True)
    assert dialog.declaration().magical_area
    dialog.target.setCurrentIndex(dialog.target.findData("ashkeel"))
    assert not dialog.magical_area.isVisible() and not dialog.declaration().magical_area


def test_under_the_gm_grapple_ruling_the_target_resists_with_the_gms_pool(shown: Shown) -> None:
    """Ruling grapple_defender_pool 'gm': the resisting roll's pool is what the GM enters (7),
    not Strength + Brawl (3 + 2 = 5)."""
    model = _small_fight(("a", "ally", 5), ("b", "enemy", 4), grapple_defender_pool="gm")
    dialog = shown(AttackDialog(model, "a"))
    dialog.mode.setCurrentIndex(dialog.mode.findData(a.GAMBIT))
    dialog.gambit.setCurrentIndex(dialog.gambit.findData("grapple"))
    assert dialog.form.isRowVisible(dialog.resist_pool)
    dialog.resist_pool.setValue(7)
    assert dialog.resist.pool() == 7 and dialog.declaration().resist_pool == 7
    plain = shown(AttackDialog(_small_fight(("a", "ally", 5), ("b", "enemy", 4)), "a"))
    plain.mode.setCurrentIndex(plain.mode.findData(a.GAMBIT))
    plain.gambit.setCurrentIndex(plain.gambit.findData("grapple"))
    assert not plain.form.isRowVisible(plain.resist_pool) and plain.resist.pool() == 5
