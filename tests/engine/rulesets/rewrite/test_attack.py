"""One attack in nine steps, each number worked by hand from 000 §Attack Resolution."""

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import DiceEntryError, IllegalAction
from battlewheel.engine.rulesets.rewrite.actions import ResolveAttack
from battlewheel.engine.rulesets.rewrite.block import Character
from battlewheel.engine.rulesets.rewrite.handlers.flurry import _with_gm_dice
from battlewheel.engine.rulesets.rewrite.rules import attack as rules
from battlewheel.engine.rulesets.rewrite.rules import derived
from battlewheel.engine.rulesets.rewrite.rules.attack import (
    AttackDeclaration,
    AttackDice,
    Attacker,
    DefenceDeclaration,
    Target,
    apply_static_defences,
    attack_pool,
    best_dv,
    natural_soak,
    resolve_attack,
    resolve_counterattack,
)
from battlewheel.engine.rulesets.rewrite.rules.equipment import Armour, DamageType, Weapon
from battlewheel.engine.rulesets.rewrite.rules.sheet_inputs import attacker_for, target_for
from battlewheel.engine.rulesets.rewrite.rules.tables import weapon
from battlewheel.engine.rulesets.rewrite.rules.traits import CharacterKind
from battlewheel.engine.rulesets.rewrite.sentences.narration import describe_steps
from tests.engine.counting import calls_of

from . import helpers

PUNCH = weapon("Punch")
KICK = weapon("Kick")
SWORD = replace(helpers.SWORD, overwhelming=2)
KNIFE = Weapon(
    "Knife",
    "melee",
    speed=4,
    accuracy=1,
    damage=1,
    damage_type=DamageType.LETHAL,
    rate=2,
    tags=frozenset({"P"}),
)
FANG = Weapon("Fang", "brawl", speed=5, accuracy=0, damage=1, damage_type=DamageType.AGGRAVATED)

BRAWLER = Attacker(dexterity=3, ability=2, strength=2)
PARRY_3 = DefenceDeclaration("parry: Punch", 3, "parry")
STAMINA_2 = Target(stamina=2)
FIVE = DiceEntry.of_faces((10, 8, 7, 3, 1))  # 4 successes: the 10 counts twice


def punch(**changes: object) -> AttackDeclaration:
    return AttackDeclaration(BRAWLER, PUNCH, **changes)  # type: ignore[arg-type]


def test_punch_dex_3_brawl_2_against_parry_3_and_stamina_2() -> None:
    """5 dice show 10, 8, 7, 3, 1 = 4 + Accuracy 1 = 5; DV 3 leaves excess 2.

    Raw damage: 2 + Strength 2 = 4 dice, 0 levels; bashing soak = Stamina 2 comes off
    the dice (no levels to take it), leaving 2 dice and 0 levels.
    """
    outcome = resolve_attack(punch(), PARRY_3, STAMINA_2, AttackDice(attack=FIVE))
    assert outcome.roll is not None and outcome.damage is not None
    assert (outcome.roll.dice, outcome.roll.rolled_successes) == (5, 4)
    assert dict(outcome.roll.automatic_successes) == {"accuracy": 1}
    assert outcome.roll.total_successes == 5
    assert outcome.defence is not None and outcome.defence.final_dv == 3
    assert (outcome.hit, outcome.excess, outcome.failed) == (True, 2, False)
    damage = outcome.damage
    assert (damage.raw_dice, damage.raw_levels, damage.strength_dice) == (4, 0, 2)
    assert (damage.soak, damage.soak_off_levels, damage.soak_off_dice) == (2, 0, 2)
    assert (outcome.dice, outcome.levels) == (2, 0)
    assert outcome.damage_type == "B"


def test_a_roll_that_does_not_beat_the_dv_misses_and_fails() -> None:
    """6, 5, 4, 3, 2 = 0 + Accuracy 1 against DV 3: a miss, which has Failed."""
    dice = AttackDice(attack=DiceEntry.of_faces((6, 5, 4, 3, 2)))
    outcome = resolve_attack(punch(), PARRY_3, STAMINA_2, dice)
    assert (outcome.hit, outcome.failed, outcome.failure) == (False, True, "missed")
    assert outcome.damage is None and (outcome.dice, outcome.levels) == (0, 0)


def test_successes_equal_to_dv_miss() -> None:
    """2 rolled + Accuracy 1 = 3 against DV 3: the excess must be above 0 to hit."""
    dice = AttackDice(attack=DiceEntry.of_faces((8, 7, 3, 2, 1)))
    assert not resolve_attack(punch(), PARRY_3, STAMINA_2, dice).hit


def test_pool_takes_multiple_action_wound_and_off_hand_penalties() -> None:
    """Dex 3 + Brawl 2 = 5, third attack of a flurry (-5), wound -1, off hand -1: 5 - 7 < 0."""
    base, dice, modifiers = attack_pool(
        AttackDeclaration(
            Attacker(3, 2, 2, wound_penalty=1), PUNCH, multiple_action_penalty=5, off_hand=True
        )
    )
    assert (base, dice) == (5, -2)
    assert modifiers["internal penalty"] == 1
    assert modifiers["multiple-action penalty"] == 5


def test_essence_floor_of_an_exalt_stops_ordinary_penalties_not_w() -> None:
    """Pool 5, Essence 3, stunt die, wound -1, darkness -4: 2 dice (the 004 worked example)."""
    attacker = Attacker(
        dexterity=3, ability=2, strength=2, essence=3, wound_penalty=1, bonus_dice=1, penalty_dice=4
    )
    assert attack_pool(AttackDeclaration(attacker, PUNCH))[1] == 2


def test_a_pool_of_nothing_with_no_automatic_success_fails_outright() -> None:
    """Kick (Accuracy 0) with Dex 1, no Brawl, unskilled -2: no dice, no successes, a miss."""
    attacker = Attacker(dexterity=1, ability=0, strength=1, penalty_dice=2)
    declaration = AttackDeclaration(attacker, KICK)
    defence = DefenceDeclaration("dodge", 0)
    outcome = resolve_attack(declaration, defence, STAMINA_2, AttackDice())
    assert outcome.roll is not None and outcome.roll.automatic_failure
    assert outcome.roll.total_successes == 0
    assert not outcome.hit


def test_accuracy_alone_can_hit_with_no_dice() -> None:
    """A punch whose pool fell to 0 still carries Accuracy 1, which beats DV 0."""
    declaration = punch(multiple_action_penalty=6)
    outcome = resolve_attack(declaration, DefenceDeclaration("dodge", 0), STAMINA_2, AttackDice())
    assert outcome.roll is not None and outcome.roll.dice == -1
    assert (outcome.hit, outcome.excess) == (True, 1)


def test_stunt_willpower_and_charm_successes_are_automatic() -> None:
    """Accuracy 1 + stunt 2 + Willpower 1 + 2nd Excellency 2 = 6 automatic successes."""
    declaration = punch(stunt_successes=2, willpower=True, charm_successes=2)
    dice = AttackDice(attack=DiceEntry.of_successes(0))
    outcome = resolve_attack(declaration, PARRY_3, STAMINA_2, dice)
    assert outcome.roll is not None
    assert sum(outcome.roll.automatic_successes.values()) == 6
    assert outcome.excess == 3


def test_external_penalty_comes_off_the_successes() -> None:
    """5 successes less an external penalty of 2 leaves 3: no hit against DV 3."""
    outcome = resolve_attack(punch(external_penalty=2), PARRY_3, STAMINA_2, AttackDice(FIVE))
    assert outcome.roll is not None and outcome.roll.total_successes == 3
    assert not outcome.hit


def test_first_excellency_dice_enter_the_pool() -> None:
    """Three charm dice make a pool of 8, so 8 faces are needed."""
    declaration = punch(charm_dice=3)
    faces = DiceEntry.of_faces((7, 7, 7, 1, 1, 1, 1, 1))
    outcome = resolve_attack(declaration, PARRY_3, STAMINA_2, AttackDice(faces))
    assert outcome.roll is not None and outcome.roll.dice == 8
    assert outcome.roll.total_successes == 4


def test_faces_that_do_not_fit_the_pool_are_refused() -> None:
    """Four faces for a pool of five dice is a dice-entry error; nothing is resolved."""
    with pytest.raises(DiceEntryError, match="4 faces given for a pool of 5"):
        resolve_attack(punch(), PARRY_3, STAMINA_2, AttackDice(DiceEntry.of_faces((7, 7, 7, 7))))
    with pytest.raises(DiceEntryError, match="needs its faces"):
        resolve_attack(punch(), PARRY_3, STAMINA_2, AttackDice())


def test_third_excellency_rerolls_and_keeps_the_better() -> None:
    """First roll 1-5 (0 successes), reroll 7, 7, 8, 2, 2 (3): the reroll is kept."""
    dice = AttackDice(
        DiceEntry.of_faces((1, 2, 3, 4, 5)), reroll=DiceEntry.of_faces((7, 7, 8, 2, 2))
    )
    outcome = resolve_attack(punch(reroll=True), PARRY_3, STAMINA_2, dice)
    assert outcome.roll is not None
    assert outcome.roll.kept_reroll and outcome.roll.rolled_successes == 3
    assert not outcome.roll.botch


def test_third_excellency_keeps_the_first_roll_when_better() -> None:
    """First roll 4 successes, reroll 1: the first stands."""
    dice = AttackDice(FIVE, reroll=DiceEntry.of_faces((7, 1, 1, 1, 1)))
    outcome = resolve_attack(punch(reroll=True), PARRY_3, STAMINA_2, dice)
    assert outcome.roll is not None
    assert not outcome.roll.kept_reroll and outcome.roll.rolled_successes == 4


def test_fateful_excellency_lowers_the_target_number() -> None:
    """Target number 5: faces 5, 6, 2, 3, 4 give 2 successes."""
    dice = AttackDice(DiceEntry.of_faces((5, 6, 2, 3, 4)))
    outcome = resolve_attack(punch(target_number=5), PARRY_3, STAMINA_2, dice)
    assert outcome.roll is not None and outcome.roll.rolled_successes == 2


def test_fateful_excellency_can_make_every_die_a_success() -> None:
    """All five dice succeed without a roll: 5 + Accuracy 1 = 6."""
    outcome = resolve_attack(punch(all_dice_succeed=True), PARRY_3, STAMINA_2, AttackDice())
    assert outcome.roll is not None and outcome.roll.first is None
    assert outcome.roll.total_successes == 6


def test_defence_modifiers_in_order() -> None:
    """DV 4, flurry penalty 1, stunt +2, virtue dice 1 success = 6; onslaught 2, surprise 1 -> 3."""
    defence = DefenceDeclaration(
        "dodge", 4, "dodge", dv_penalty=1, stunt_bonus=2, virtue_dice=2, onslaught=2, surprise=1
    )
    dice = AttackDice(FIVE, virtue=DiceEntry.of_faces((7, 2)))
    outcome = resolve_attack(punch(), defence, STAMINA_2, dice)
    step = outcome.defence
    assert step is not None
    assert (step.ordinary_dv, step.final_dv) == (6, 3)
    assert outcome.excess == 2


def test_inapplicable_dv_is_zero_before_charm_bonuses() -> None:
    """Dodge 4 (+2 stunt) made inapplicable drops to 0, then a charm's +2 makes 2."""
    defence = DefenceDeclaration("dodge", 4, "dodge", stunt_bonus=2, charm_dv_bonus=2)
    declaration = punch(inapplicable_dvs=frozenset({"dodge"}))
    outcome = resolve_attack(declaration, defence, STAMINA_2, AttackDice(FIVE))
    assert outcome.defence is not None
    assert outcome.defence.inapplicable and outcome.defence.final_dv == 2
    assert outcome.excess == 3


def test_onslaught_and_surprise_cannot_push_dv_below_zero() -> None:
    """DV 2 with onslaught 3 and surprise 2 is 0, not -3."""
    defence = DefenceDeclaration("dodge", 2, onslaught=3, surprise=2)
    outcome = resolve_attack(punch(), defence, STAMINA_2, AttackDice(FIVE))
    assert outcome.defence is not None and outcome.defence.final_dv == 0
    assert outcome.excess == 5


def test_best_dv_suggests_the_highest_applicable() -> None:
    """Dodge 4 beats Parry 3, unless dodge is inapplicable."""
    dvs = {"dodge": 4, "parry: Punch": 3}
    assert best_dv(dvs) == "dodge"
    assert best_dv(dvs, frozenset({"dodge"})) == "parry: Punch"
    with pytest.raises(IllegalAction, match="no DV"):
        best_dv({})


def test_raw_damage_adds_strength_and_weapon_levels() -> None:
    """Sword (3L), Strength 3, excess 2: 5 dice and 3 levels; Stamina 3 soaks 1 level."""
    declaration = AttackDeclaration(Attacker(3, 3, 3), SWORD)
    step = apply_static_defences(declaration, Target(stamina=3), 2)
    assert (step.raw_dice, step.raw_levels) == (5, 3)
    assert (step.natural_soak, step.dice, step.levels) == (1, 5, 2)


def test_option_divides_levels_by_three() -> None:
    """With the option, Sword 3 + 2 charm levels = 5 levels become 5 // 3 = 1."""
    declaration = AttackDeclaration(Attacker(3, 3, 3), SWORD, charm_levels=2)
    assert apply_static_defences(declaration, Target(stamina=0), 1).raw_levels == 5
    step = apply_static_defences(declaration, Target(stamina=0), 1, divided_by_three=True)
    assert step.raw_levels == 1


def test_damage_below_hardness_fails() -> None:
    """Excess 1 + Strength 2 = 3 dice against hardness 4: Failed; against 3 it passes."""
    dice = AttackDice(DiceEntry.of_faces((7, 7, 7, 1, 1)))  # 3 + 1 = 4 vs DV 3
    outcome = resolve_attack(punch(), PARRY_3, Target(stamina=2, hardness=4), dice)
    assert (outcome.hit, outcome.failed, outcome.failure) == (True, True, "hardness")
    passed = resolve_attack(punch(), PARRY_3, Target(stamina=2, hardness=3), dice)
    assert not passed.failed


def test_soak_comes_off_levels_first_then_dice() -> None:
    """Knife (1L, Piercing) vs Stamina 3 and armour 4L: soak 1 + 4/2 = 3; 1 level, then 2 dice."""
    declaration = AttackDeclaration(Attacker(3, 3, 2), KNIFE)
    step = apply_static_defences(declaration, Target(stamina=3, armour_lethal=4), 3)
    assert (step.natural_soak, step.armour_soak, step.armour_counted, step.soak) == (1, 4, 2, 3)
    assert (step.soak_off_levels, step.soak_off_dice) == (1, 2)
    assert (step.dice, step.levels) == (3, 0)


def test_natural_soak_by_damage_type() -> None:
    """Stamina 5: bashing 5, lethal 2 (down), aggravated 0."""
    assert [natural_soak(5, kind) for kind in "BLA"] == [5, 2, 0]


def test_aggravated_takes_armour_but_no_natural_soak() -> None:
    """Fang (1A), excess 2 + Strength 2: Stamina 4 gives nothing, armour 2A takes the level."""
    declaration = AttackDeclaration(Attacker(3, 3, 2), FANG)
    step = apply_static_defences(declaration, Target(stamina=4, armour_aggravated=2), 2)
    assert (step.natural_soak, step.soak, step.levels, step.dice) == (0, 2, 0, 3)


def test_attack_that_ignores_natural_soak() -> None:
    """Unsoakable by natural soak: Stamina 4 against bashing counts 0."""
    declaration = punch(ignores_natural_soak=True)
    assert apply_static_defences(declaration, Target(stamina=4), 1).soak == 0


def test_a_zero_dice_zero_level_hit_has_not_failed() -> None:
    """Excess 1 + Strength 1 = 2 dice, Stamina 2 soaks both: 0 and 0, yet not Failed."""
    declaration = AttackDeclaration(Attacker(3, 2, 1), PUNCH)
    dice = AttackDice(DiceEntry.of_faces((7, 7, 7, 1, 1)))
    outcome = resolve_attack(declaration, PARRY_3, STAMINA_2, dice)
    assert (outcome.hit, outcome.failed, outcome.dice, outcome.levels) == (True, False, 0, 0)


def test_post_soak_charm_dice_and_levels_are_added_after_soak() -> None:
    """2 post-soak dice and 1 post-soak level land on top of the punch's 2 dice."""
    outcome = resolve_attack(
        punch(post_soak_dice=2, post_soak_levels=1), PARRY_3, STAMINA_2, AttackDice(FIVE)
    )
    assert (outcome.dice, outcome.levels) == (4, 1)


def test_perfect_defence_ends_the_attack_before_any_roll() -> None:
    """Seven Shadows Evasion at step 2: no roll, a miss that has Failed."""
    defence = DefenceDeclaration("dodge", 3, perfect_defence="seven_shadows_evasion")
    outcome = resolve_attack(punch(), defence, STAMINA_2, AttackDice())
    assert outcome.roll is None
    assert (outcome.failed, outcome.failure) == (True, "perfect defence")


def test_a_perfect_defence_note_names_the_charm_as_printed() -> None:
    """Heavenly Guardian Defense's step-2 note reads as its name, American spelling kept."""
    defence = DefenceDeclaration("parry", 3, perfect_defence="heavenly_guardian_defense")
    outcome = resolve_attack(punch(), defence, STAMINA_2, AttackDice())
    assert outcome.notes == ("Heavenly Guardian Defense at step 2",)


def test_perfect_defences_cannot_answer_unexpected_attacks() -> None:
    """An unexpected attack cannot be met by Seven Shadows Evasion or Adamant Skin."""
    declaration = punch(unexpected=True)
    defence = DefenceDeclaration("dodge", 3, perfect_defence="seven_shadows_evasion")
    with pytest.raises(IllegalAction, match=r"000 §Perfect Defences.*unexpected"):
        resolve_attack(declaration, defence, STAMINA_2, AttackDice(FIVE))
    skin = DefenceDeclaration("dodge", 3, adamant_skin=True)
    with pytest.raises(IllegalAction, match="Adamant Skin"):
        resolve_attack(declaration, skin, STAMINA_2, AttackDice(FIVE))


def test_adamant_skin_makes_a_hit_count_as_not_beating_hardness() -> None:
    """A hit for 2 dice under Adamant Skin has Failed."""
    defence = DefenceDeclaration("parry: Punch", 3, "parry", adamant_skin=True)
    outcome = resolve_attack(punch(), defence, STAMINA_2, AttackDice(FIVE))
    assert (outcome.hit, outcome.failed, outcome.failure) == (True, True, "adamant skin")
    assert (outcome.dice, outcome.levels) == (0, 0)


def test_blade_of_the_battle_maiden_is_for_brawl_only_and_not_with_third_excellency() -> None:
    """The charm on a sword, or with a reroll, is refused (000 §Supernatural Martial Arts)."""
    with pytest.raises(IllegalAction, match="Brawl attacks"):
        resolve_attack(
            AttackDeclaration(BRAWLER, SWORD, battle_maiden=True),
            PARRY_3,
            STAMINA_2,
            AttackDice(FIVE),
        )
    with pytest.raises(IllegalAction, match="Third Excellency"):
        resolve_attack(punch(battle_maiden=True, reroll=True), PARRY_3, STAMINA_2, AttackDice(FIVE))
    with pytest.raises(IllegalAction, match="Fateful Excellency"):
        resolve_attack(
            punch(battle_maiden=True, target_number=6), PARRY_3, STAMINA_2, AttackDice(FIVE)
        )
    assert resolve_attack(punch(battle_maiden=True), PARRY_3, STAMINA_2, AttackDice(FIVE)).hit


def test_counterattack_is_marked_and_resolved_like_an_attack() -> None:
    """A counterattack runs steps 1-8 with the same numbers."""
    outcome = resolve_counterattack(punch(), PARRY_3, STAMINA_2, AttackDice(FIVE))
    assert outcome.counterattack and (outcome.dice, outcome.levels) == (2, 0)


def test_outcome_serialises_every_step() -> None:
    """The outcome's JSON names the steps and their numbers."""
    data = resolve_attack(punch(), PARRY_3, STAMINA_2, AttackDice(FIVE)).to_json()
    assert data["excess"] == 2
    assert data["roll"]["first"]["faces"] == [10, 8, 7, 3, 1]
    assert data["damage"]["soak_off_dice"] == 2


def test_attacker_and_target_from_character_sheets() -> None:
    """A mortal with Dex 3, Brawl 0 loses 2 dice; a Solar in a buff jacket soaks 3 + 3 bashing."""
    mortal = Character("Guard", attributes={"dexterity": 3, "strength": 2})
    attacker = attacker_for(mortal, PUNCH, wound_penalty=1)
    assert (attacker.dexterity, attacker.ability, attacker.penalty_dice) == (3, 0, 2)
    assert not attacker.double_tens
    jacket = Armour(
        "Jacket",
        soak={DamageType.BASHING: 3, DamageType.LETHAL: 2},
        hardness={DamageType.LETHAL: 1},
    )
    solar = Character(
        "Sun", CharacterKind.SOLAR, attributes={"stamina": 3}, essence=2, armour=jacket
    )
    target = target_for(solar, DamageType.LETHAL)
    assert (target.stamina, target.armour_bashing, target.armour_lethal) == (3, 3, 2)
    assert target.hardness == 1 and target.soak_override is None


def test_target_takes_a_gm_soak_override() -> None:
    """A GM override of lethal soak replaces the computed soak."""
    hero = Character("Hero", CharacterKind.SOLAR, attributes={"stamina": 2}).with_override(
        "soak:lethal", 6, "blessing"
    )
    target = target_for(hero, DamageType.LETHAL)
    declaration = AttackDeclaration(BRAWLER, SWORD)
    assert apply_static_defences(declaration, target, 2).soak == 6


@given(
    excess=st.integers(1, 15),
    strength=st.integers(1, 10),
    damage=st.integers(0, 10),
    stamina=st.integers(1, 10),
    armour=st.integers(0, 15),
    kind=st.sampled_from("BLA"),
    piercing=st.booleans(),
)
def test_soak_never_makes_damage_negative_and_removes_at_most_the_soak(
    excess: int,
    strength: int,
    damage: int,
    stamina: int,
    armour: int,
    kind: str,
    piercing: bool,
) -> None:
    """Post-soak dice and levels stay at 0 or more, and together fall by min(soak, raw)."""
    weapon = Weapon(
        "W",
        "melee",
        speed=5,
        accuracy=0,
        damage=damage,
        damage_type=DamageType(kind),
        tags=frozenset({"P"}) if piercing else frozenset(),
    )
    declaration = AttackDeclaration(Attacker(3, 3, strength), weapon)
    target = Target(
        stamina=stamina, armour_bashing=armour, armour_lethal=armour, armour_aggravated=armour
    )
    step = apply_static_defences(declaration, target, excess)
    assert step.dice >= 0 and step.levels >= 0
    raw = step.raw_dice + step.raw_levels
    assert step.dice + step.levels == raw - min(step.soak, raw)
    assert step.levels == max(0, step.raw_levels - step.soak)


def test_die_cap_is_enforced_on_the_attack_roll() -> None:
    """Cap 5: 3 charm dice and 1 success (5) pass; 2 successes (7) are refused, naming the cap."""
    attacker = Attacker(3, 2, 2, kind=CharacterKind.SOLAR, die_cap=5)
    ok = AttackDeclaration(attacker, PUNCH, charm_dice=3, charm_successes=1)
    faces = DiceEntry.of_faces((1,) * 8)
    assert resolve_attack(ok, PARRY_3, STAMINA_2, AttackDice(faces)).roll is not None
    too_many = AttackDeclaration(attacker, PUNCH, charm_dice=3, charm_successes=2)
    with pytest.raises(IllegalAction, match=r"000 §Die Caps.*die cap is 5"):
        resolve_attack(too_many, PARRY_3, STAMINA_2, AttackDice(faces))


def test_third_excellency_counts_the_ability_against_the_die_cap() -> None:
    """Brawl 2 reroll plus 4 charm dice is 6 against a cap of 5: refused."""
    attacker = Attacker(3, 2, 2, kind=CharacterKind.SOLAR, die_cap=5)
    declaration = AttackDeclaration(attacker, PUNCH, charm_dice=4, reroll=True)
    with pytest.raises(IllegalAction, match="000 §Die Caps"):
        resolve_attack(declaration, PARRY_3, STAMINA_2, AttackDice(FIVE))


def test_dv_cap_allows_the_overrun_and_no_more() -> None:
    """DV cap 4: charm points up to 4 + 2 = 6 pass, 7 are refused."""
    fine = DefenceDeclaration("dodge", 3, charm_dv_bonus=6, dv_cap=4)
    assert resolve_attack(punch(), fine, STAMINA_2, AttackDice(FIVE)).defence is not None
    over = DefenceDeclaration("dodge", 3, charm_dv_bonus=7, dv_cap=4)
    with pytest.raises(IllegalAction, match="the DV cap is 4"):
        resolve_attack(punch(), over, STAMINA_2, AttackDice(FIVE))


def test_mortal_sheet_has_a_die_cap_of_zero() -> None:
    """A mortal built from a sheet cannot add charm dice."""
    mortal = Character("Guard", attributes={"dexterity": 3})
    declaration = AttackDeclaration(attacker_for(mortal, PUNCH), PUNCH, charm_dice=1)
    with pytest.raises(IllegalAction, match="die cap is 0"):
        resolve_attack(declaration, PARRY_3, STAMINA_2, AttackDice(FIVE))


def test_steps_in_words_for_the_dialog() -> None:
    """The Punch case reads as steps 1-5, 7 and 8 with its numbers."""
    lines = describe_steps(resolve_attack(punch(), PARRY_3, STAMINA_2, AttackDice(FIVE)))
    assert [n for n, _, _ in lines] == [1, 2, 3, 4, 5, 7, 8]
    text = dict((n, t) for n, _, t in lines)
    assert "4 successes + automatic (accuracy 1) = 5" in text[3]
    assert "excess 2: a hit" in text[5]
    assert "= 4 dice" in text[7]
    assert "2 dice and 0 levels" in text[8]


def test_steps_of_a_perfect_defence_stop_at_step_five() -> None:
    """Seven Shadows Evasion: steps 1, 2 and a Failed miss."""
    defence = DefenceDeclaration("dodge", 3, perfect_defence="seven_shadows_evasion")
    lines = describe_steps(resolve_attack(punch(), defence, STAMINA_2, AttackDice()))
    assert [n for n, _, _ in lines] == [1, 2, 5]
    assert "Failed" in lines[-1][2]


def test_first_excellency_dice_on_a_dv_add_two_points_a_success() -> None:
    """Dodge 2 with 3 First Excellency dice showing 8, 7, 1: 2 successes, +4 DV, final 6."""
    defence = DefenceDeclaration("dodge", 2, charm_dice=3, charm_points_per_success=2)
    dice = AttackDice(FIVE, charm_defence=DiceEntry.of_faces((8, 7, 1)))
    outcome = resolve_attack(punch(), defence, STAMINA_2, dice)
    assert outcome.defence is not None
    assert (outcome.defence.charm_successes, outcome.defence.charm_points) == (2, 4)
    assert outcome.defence.final_dv == 6 and not outcome.hit


def test_negative_traits_and_static_values_are_refused() -> None:
    """A negative Dexterity or soak is refused naming the field."""
    with pytest.raises(IllegalAction, match=r"000 §Attack Roll: dexterity must be 0 or more"):
        Attacker(dexterity=-1, ability=2, strength=2)
    with pytest.raises(IllegalAction, match="armour_lethal must be 0 or more"):
        Target(stamina=2, armour_lethal=-3)


@given(
    faces=st.lists(st.integers(1, 10), min_size=5, max_size=5),
    dv=st.integers(0, 10),
    onslaught=st.integers(0, 4),
    hardness=st.integers(0, 8),
    stamina=st.integers(1, 6),
)
def test_hit_exactly_when_successes_beat_the_final_dv(
    faces: list[int], dv: int, onslaught: int, hardness: int, stamina: int
) -> None:
    """Any roll: a hit iff successes - final DV > 0; damage is never negative."""
    defence = DefenceDeclaration("dodge", dv, onslaught=onslaught)
    target = Target(stamina=stamina, hardness=hardness)
    outcome = resolve_attack(punch(), defence, target, AttackDice(DiceEntry.of_faces(faces)))
    assert outcome.roll is not None and outcome.defence is not None
    margin = outcome.roll.total_successes - outcome.defence.final_dv
    assert outcome.hit == (margin > 0)
    assert outcome.excess == max(margin, 0)
    assert outcome.dice >= 0 and outcome.levels >= 0
    assert outcome.failed == (not outcome.hit or outcome.failure == "hardness")


def test_a_roll_of_no_dice_is_made_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Most attacks have no reroll, virtue or charm dice: each of those empty rolls is the
    one already made (three rolls built and checked an attack before), and still needs
    no entry; a real pool still does."""
    first = rules.roll_entry(0, None, target=6)
    rolled = calls_of(monkeypatch, rules, "roll")
    assert rules.roll_entry(-2, None, target=6) is first and rolled == []
    assert (first.dice, first.rolled_successes, first.botch, first.target) == (0, 0, False, 6)
    with pytest.raises(DiceEntryError):
        rules.roll_entry(1, None)


def test_a_sheets_attack_traits_and_defences_are_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every attack reads the attacker's traits and the target's soak off their sheets:
    read once a character (kept by its identity; a fight's clones share it), and anew
    for another wound penalty."""
    character = helpers.person("Kept", attributes={"dexterity": 3, "stamina": 2})
    capped = calls_of(monkeypatch, derived, "die_cap")
    soaked = calls_of(monkeypatch, derived, "soak")
    first = [attacker_for(character, PUNCH, wound_penalty=1),
             target_for(character, DamageType.LETHAL)]
    again = [attacker_for(character, PUNCH, wound_penalty=1),
             target_for(character, DamageType.LETHAL)]
    assert again == first and (len(capped), len(soaked)) == (1, 1)
    assert attacker_for(character, PUNCH, wound_penalty=2).wound_penalty == 2
    assert len(capped) == 2
    # No bonus or penalty dice from the GM: the traits as read, not a copy of them.
    plain = ResolveAttack("a", 0)
    assert _with_gm_dice(first[0], plain) is first[0]
    assert _with_gm_dice(first[0], replace(plain, bonus_dice=1)).bonus_dice == 1
