"""Flurries: the manoeuvre table, Speed, DV penalty, multiple-action penalties (000 §Manoeuvres)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite.rules.equipment import DamageType, Weapon
from battlewheel.engine.rulesets.rewrite.rules.flurry import (
    Manoeuvre,
    block_cover_bonus,
    block_movement_roll,
    dash_extra_yards,
    effective_rate,
    manoeuvre_table,
    multiple_action_penalties,
    plan_flurry,
)
from battlewheel.engine.rulesets.rewrite.rules.tables import weapon

from .helpers import SWORD

PUNCH = weapon("Punch")
KICK = weapon("Kick")
HEADBUTT = weapon("Headbutt")
CLINCH = weapon("Clinch")
GREAT_SWORD = Weapon(
    "Great sword",
    "melee",
    speed=6,
    accuracy=0,
    damage=5,
    damage_type=DamageType.LETHAL,
    rate=1,
    body_parts=("hand", "hand"),
)


def test_table_holds_the_nine_manoeuvres_with_the_seeds_speed_and_dv_penalty() -> None:
    """Each manoeuvre of 000 §Manoeuvres has its Speed, DV penalty and once-per-flurry mark."""
    table = manoeuvre_table()
    rows = {k: (m.speed, m.dv_penalty, m.once_per_flurry) for k, m in table.items()}
    assert rows == {
        "raise_alarm": (1, 0, False),
        "activate_charm": (None, None, True),
        "aim": (3, 1, True),
        "guard": (3, 0, True),
        "inactive": (5, None, True),
        "miscellaneous": (5, None, False),
        "attack": (None, 1, False),
        "dash": (3, 2, True),
        "block": (3, 0, True),
    }
    assert table["activate_charm"].default_speed == 6
    assert table["activate_charm"].default_dv_penalty == 1
    assert table["attack"].dice_action is True
    assert table["inactive"].must_be_alone


def test_flurry_speed_is_the_highest_and_dv_penalty_the_sum() -> None:
    """Sword (Speed 4, -1) + Aim (3, -1) + Dash (3, -2): Speed 4, DV penalty 4."""
    plan = plan_flurry([Manoeuvre("aim"), Manoeuvre.attack(SWORD), Manoeuvre("dash")])
    assert plan.speed == 4
    assert plan.dv_penalty == 4


def test_a_single_attack_takes_its_weapons_speed_and_no_multiple_action_penalty() -> None:
    """One Punch: Speed 5, DV -1, one dice action with no penalty."""
    plan = plan_flurry([Manoeuvre.attack(PUNCH)])
    assert (plan.speed, plan.dv_penalty, plan.dice_actions) == (5, 1, 1)
    assert plan.action_penalties == (0,)


def test_once_per_flurry_manoeuvre_twice_is_refused() -> None:
    """A second Aim in one flurry is refused citing 000 §Manoeuvres."""
    with pytest.raises(IllegalAction, match=r"000 §Manoeuvres.*Aim.*once"):
        plan_flurry([Manoeuvre("aim"), Manoeuvre("aim")])


def test_repeatable_manoeuvres_may_repeat() -> None:
    """Raise the Alarm twice is allowed: Speed 1, no DV penalty."""
    plan = plan_flurry([Manoeuvre("raise_alarm"), Manoeuvre("raise_alarm")])
    assert (plan.speed, plan.dv_penalty) == (1, 0)


def test_inactive_must_be_alone() -> None:
    """Inactive with anything else is refused."""
    with pytest.raises(IllegalAction, match="Inactive must be the only manoeuvre"):
        plan_flurry([Manoeuvre("inactive"), Manoeuvre("guard")])


def test_simple_charm_must_be_alone_and_defaults_to_speed_6_dv_1() -> None:
    """A Simple charm alone is Speed 6, DV -1; with company it is refused."""
    plan = plan_flurry([Manoeuvre("activate_charm")])
    assert (plan.speed, plan.dv_penalty) == (6, 1)
    with pytest.raises(IllegalAction, match="Simple charm must be the only"):
        plan_flurry([Manoeuvre("activate_charm"), Manoeuvre.attack(PUNCH)])


def test_simple_charm_with_its_own_speed_and_dv_penalty() -> None:
    """A Simple charm stated as (4, -2) uses those values."""
    plan = plan_flurry([Manoeuvre("activate_charm", speed=4, dv_penalty=2)])
    assert (plan.speed, plan.dv_penalty) == (4, 2)


def test_empty_flurry_and_unknown_manoeuvre_are_refused() -> None:
    """A flurry needs a manoeuvre from the table."""
    with pytest.raises(IllegalAction, match="at least one"):
        plan_flurry([])
    with pytest.raises(IllegalAction, match="unknown manoeuvre 'cartwheel'"):
        plan_flurry([Manoeuvre("cartwheel")])


def test_attack_without_weapon_is_refused() -> None:
    """An Attack names its weapon."""
    with pytest.raises(IllegalAction, match="needs a weapon"):
        plan_flurry([Manoeuvre("attack")])


def test_three_attacks_take_three_four_five() -> None:
    """Three attacks (three manoeuvres): first penalty 3, then 4, then 5."""
    flurry = [Manoeuvre.attack(PUNCH), Manoeuvre.attack(PUNCH), Manoeuvre.attack(KICK)]
    assert plan_flurry(flurry).action_penalties == (3, 4, 5)


def test_option_first_penalty_one_less_than_manoeuvres() -> None:
    """With the earlier paragraph's reading the same flurry takes 2, 3, 4."""
    flurry = [Manoeuvre.attack(PUNCH), Manoeuvre.attack(PUNCH), Manoeuvre.attack(KICK)]
    plan = plan_flurry(flurry, first_penalty="manoeuvre_count_minus_one")
    assert plan.action_penalties == (2, 3, 4)


def test_manoeuvres_without_dice_count_but_take_no_penalty() -> None:
    """Attack, Guard, Attack: the attacks take 3 and 4; Guard rolls nothing."""
    flurry = [Manoeuvre.attack(SWORD), Manoeuvre("guard"), Manoeuvre.attack(SWORD)]
    assert plan_flurry(flurry).action_penalties == (3, None, 4)


def test_only_one_dice_action_means_no_penalty() -> None:
    """Aim then one attack: the single dice action takes no penalty."""
    plan = plan_flurry([Manoeuvre("aim"), Manoeuvre.attack(SWORD)])
    assert plan.action_penalties == (None, 0)


def test_magical_flurry_takes_no_multiple_action_penalty() -> None:
    """A magical flurry of three sword attacks has no penalties."""
    plan = plan_flurry([Manoeuvre.attack(SWORD)] * 3, magical=True, essence=3)
    assert plan.action_penalties == (0, 0, 0)


def test_miscellaneous_dice_action_counts_as_a_dice_action() -> None:
    """An attack plus a Miscellaneous action that rolls: penalties 2 and 3."""
    flurry = [Manoeuvre.attack(SWORD), Manoeuvre("miscellaneous", dice_action=True)]
    plan = plan_flurry(flurry)
    assert plan.action_penalties == (2, 3)
    assert plan.speed == 5


def test_unknown_first_penalty_option_is_refused() -> None:
    """The option takes one of its two named values."""
    with pytest.raises(ValueError, match="first_penalty must be one of"):
        multiple_action_penalties([Manoeuvre.attack(PUNCH)], first_penalty="half")


def test_weapon_rate_limits_attacks() -> None:
    """A Rate 2 sword attacks twice in a flurry; a third attack is refused."""
    plan_flurry([Manoeuvre.attack(SWORD)] * 2)
    with pytest.raises(IllegalAction, match="Sword has Rate 2; 3 attacks"):
        plan_flurry([Manoeuvre.attack(SWORD)] * 3)


def test_magical_flurry_doubles_triples_or_ignores_rate() -> None:
    """Rate 2: 4 at Essence 2, 6 at Essence 5, no limit at Essence 7 (000 §Magical Flurries)."""
    assert effective_rate(2, magical=True, essence=2) == 4
    assert effective_rate(2, magical=True, essence=5) == 6
    assert effective_rate(2, magical=True, essence=7) is None
    assert effective_rate(2) == 2
    plan_flurry([Manoeuvre.attack(SWORD)] * 4, magical=True, essence=4)
    with pytest.raises(IllegalAction, match="000 §Magical Flurries"):
        plan_flurry([Manoeuvre.attack(SWORD)] * 5, magical=True, essence=4)
    plan_flurry([Manoeuvre.attack(SWORD)] * 9, magical=True, essence=7)


def test_two_punches_two_kicks_and_a_headbutt_fit_one_body() -> None:
    """An average human may punch twice, kick twice and headbutt once (000 §Brawl Weapons)."""
    flurry = [Manoeuvre.attack(w) for w in (PUNCH, PUNCH, KICK, KICK, HEADBUTT)]
    plan = plan_flurry(flurry)
    assert plan.action_penalties == (5, 6, 7, 8, 9)


def test_a_third_punch_needs_a_third_hand() -> None:
    """Three Punches at Rate 1 need three hands; two are available."""
    with pytest.raises(IllegalAction, match=r"000 §Brawl Weapons.*3 x Punch.*hand"):
        plan_flurry([Manoeuvre.attack(PUNCH)] * 3)


def test_magical_flurry_lets_each_hand_punch_more_often() -> None:
    """At Essence 2 a magical flurry gives Punch Rate 2: four punches with two hands."""
    plan = plan_flurry([Manoeuvre.attack(PUNCH)] * 4, magical=True, essence=2)
    assert plan.weapon_uses[0].body_parts == ("hand", "hand")


def test_clinch_takes_torso_and_two_limbs() -> None:
    """Clinch with two punches leaves the feet as limbs; adding a kick is one limb too many."""
    plan_flurry([Manoeuvre.attack(CLINCH), Manoeuvre.attack(PUNCH), Manoeuvre.attack(PUNCH)])
    with pytest.raises(IllegalAction, match="needs 2 free limbs; 1 are free"):
        plan_flurry([Manoeuvre.attack(w) for w in (CLINCH, PUNCH, PUNCH, KICK)])
    with pytest.raises(IllegalAction, match="torso"):
        plan_flurry([Manoeuvre.attack(CLINCH), Manoeuvre.attack(CLINCH)])


def test_held_weapon_occupies_its_hands() -> None:
    """A two-handed great sword leaves no hand to punch with."""
    with pytest.raises(IllegalAction, match="hand"):
        plan_flurry([Manoeuvre.attack(GREAT_SWORD), Manoeuvre.attack(PUNCH)])
    plan_flurry([Manoeuvre.attack(GREAT_SWORD), Manoeuvre.attack(KICK)])


def test_off_hand_attack_takes_one_more_internal_penalty() -> None:
    """Sword then off-hand punch: 2 and 3 from the flurry, plus 1 for the off hand."""
    plan = plan_flurry([Manoeuvre.attack(SWORD), Manoeuvre.attack(PUNCH, off_hand=True)])
    assert plan.off_hand_penalties == (0, 1)
    assert [plan.internal_penalty(i) for i in range(2)] == [2, 4]


def test_dash_adds_six_yards_a_tick() -> None:
    """Dash raises movement by 6 yards per tick (000 §Dash)."""
    assert dash_extra_yards() == 6
    assert plan_flurry([Manoeuvre("dash")]).extra_yards_per_tick == 6
    assert plan_flurry([Manoeuvre("guard")]).extra_yards_per_tick == 0


def test_block_cover_bonus_is_one_or_two_with_a_tower_shield() -> None:
    """Block gives +1 cover against missiles, +2 with a tower shield (000 §Block)."""
    assert block_cover_bonus() == 1
    assert block_cover_bonus(tower_shield=True) == 2
    assert plan_flurry([Manoeuvre("block")], tower_shield=True).block_cover_bonus == 2
    assert plan_flurry([Manoeuvre("guard")]).block_cover_bonus == 0


def test_block_movement_roll_pool_and_penalty() -> None:
    """Attacker moves 6 yards, Blocker 5: 6 dice, external penalty 5 / 2 = 2."""
    check = block_movement_roll(6, 5)
    assert (check.pool, check.external_penalty) == (6, 2)
    assert check.passes(3) and not check.passes(2)


def test_block_movement_roll_modifiers() -> None:
    """Confined -2, attacker knocked back 1, blocker knocked back 3: 6 - 2 - 1 + 3 = 6 dice."""
    check = block_movement_roll(6, 5, confined_space=2, attacker_knockback=1, blocker_knockback=3)
    assert check.pool == 6
    flier = block_movement_roll(6, 5, blocker_movement_applicable=False)
    assert flier.external_penalty == 0


def test_block_movement_roll_refuses_confined_space_past_ten() -> None:
    """Confined space runs from 1 to 10."""
    with pytest.raises(IllegalAction, match="confined_space must be 0-10"):
        block_movement_roll(6, 5, confined_space=11)


SIMPLE_KINDS = st.sampled_from(["raise_alarm", "miscellaneous", "attack"])


@given(st.lists(SIMPLE_KINDS, min_size=1, max_size=8))
def test_penalties_climb_by_one_from_the_manoeuvre_count(kinds: list[str]) -> None:
    """Dice actions take n, n+1, ... where n is the number of manoeuvres, when two or more roll."""
    flurry = [Manoeuvre.attack(SWORD) if k == "attack" else Manoeuvre(k) for k in kinds]
    penalties = [p for p in multiple_action_penalties(flurry) if p is not None]
    if len(penalties) <= 1:
        assert penalties in ([], [0])
    else:
        assert penalties == list(range(len(kinds), len(kinds) + len(penalties)))


def test_a_weapon_in_each_hand_has_its_own_rate() -> None:
    """A knife in each hand: two attacks with each (Rate 2) fit; a fifth is refused."""
    knife = weapon("Knife")
    main, off = Manoeuvre.attack(knife), Manoeuvre.attack(knife, off_hand=True)
    plan = plan_flurry([main, main, off, off])
    assert sorted(use.attacks for use in plan.weapon_uses) == [2, 2]
    with pytest.raises(IllegalAction, match="Knife has Rate 2; 3 attacks"):
        plan_flurry([main, main, main, off])
