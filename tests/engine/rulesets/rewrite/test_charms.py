"""Charm caps, Excellency costs, perfect defences and Blade of the Battle Maiden (000 §Charms)."""

import pytest

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite.rules.charms import (
    adamant_skin_cost,
    cap_units,
    charm_data,
    check_attack_charms,
    check_die_cap,
    check_dv_cap,
    dv_overrun_limit,
    fateful_dv_bonus,
    fateful_excellency,
    first_excellency,
    perfect_defence_cost,
    second_excellency,
    third_excellency,
    third_excellency_dv_bonus,
)
from battlewheel.engine.rulesets.rewrite.rules.traits import CharacterKind

SOLAR = CharacterKind.SOLAR
DB = CharacterKind.DRAGON_BLOODED
SIDEREAL = CharacterKind.SIDEREAL


def test_charm_table_holds_the_seeds_costs() -> None:
    """The JSON costs match 000: SSE 6 m, HGD 8 m, Adamant Skin 8 m, 3rd Excellency 4 / 3 m."""
    data = charm_data()
    defences = data["perfect_defences"]
    assert defences["seven_shadows_evasion"]["motes"] == 6
    assert defences["heavenly_guardian_defense"]["motes"] == 8
    assert defences["adamant_skin_technique"]["motes"] == 8
    third = data["excellencies"]["third"]
    assert (third["motes"], third["motes_dragon_blooded"]) == (4, 3)


def test_automatic_successes_count_two_dice_or_one_for_sidereals() -> None:
    """3 dice and 2 successes: 7 against a Solar's cap, 5 against a Sidereal's."""
    assert cap_units(3, 2, kind=SOLAR) == 7
    assert cap_units(3, 2, kind=SIDEREAL) == 5


def test_die_cap_refuses_too_many_charm_dice() -> None:
    """Solar Dex 3 + Melee 2 = cap 5: 3 dice and 1 success fit (5), 2 successes do not (7)."""
    assert check_die_cap(5, dice=3, successes=1, kind=SOLAR) == 5
    with pytest.raises(IllegalAction, match=r"000 §Die Caps.*the die cap is 5"):
        check_die_cap(5, dice=3, successes=2, kind=SOLAR)


def test_dv_cap_refuses_too_many_points() -> None:
    """A DV cap of 4 allows 4 charm points, not 5."""
    check_dv_cap(4, 4)
    with pytest.raises(IllegalAction, match="DV cap is 4"):
        check_dv_cap(4, 5)


def test_first_excellency_costs_a_mote_a_die() -> None:
    """4 dice for a Solar: 4 m, 4 dice against the cap."""
    cost = first_excellency(4, kind=SOLAR, cap=5)
    assert (cost.motes, cost.willpower, cost.cap_units, cost.over_cap_units) == (4, 0, 4, 0)


def test_first_excellency_dragon_blooded_pay_a_mote_per_two_dice() -> None:
    """Dragon-Blooded: 4 dice cost 2 m, 3 dice cost 2 m (a mote buys two)."""
    assert first_excellency(4, kind=DB, cap=5).motes == 2
    assert first_excellency(3, kind=DB, cap=5).motes == 2


def test_first_excellency_past_the_die_cap_is_refused_on_a_pool() -> None:
    """Cap 5 with 3 already used: 3 more dice on a roll are refused."""
    with pytest.raises(IllegalAction, match="000 §Die Caps"):
        first_excellency(3, kind=SOLAR, cap=5, cap_used=3)


def test_first_excellency_may_overrun_the_dv_cap_at_double_cost() -> None:
    """DV cap 6, 5 used, 3 dice: 1 within (1 m) and 2 past at 2 m each = 5 m."""
    cost = first_excellency(3, kind=SOLAR, cap=6, cap_used=5, on_dv=True)
    assert (cost.motes, cost.over_cap_units) == (5, 2)


def test_dv_overrun_stops_at_half_the_cap() -> None:
    """DV cap 6 allows 3 past it; 4 past it is refused."""
    assert dv_overrun_limit(6) == 3
    first_excellency(3, kind=SOLAR, cap=6, cap_used=6, on_dv=True)
    with pytest.raises(IllegalAction, match=r"000 §Excellencies.*at most 3"):
        first_excellency(4, kind=SOLAR, cap=6, cap_used=6, on_dv=True)


def test_overrun_loses_the_dragon_blooded_discount() -> None:
    """Dragon-Blooded DV cap 4, 3 used, 3 dice: 1 within (1 m), 2 past at 2 m each (4 m)."""
    cost = first_excellency(3, kind=DB, cap=4, cap_used=3, on_dv=True)
    assert (cost.over_cap_units, cost.motes) == (2, 1 + 4)


def test_second_excellency_two_motes_a_success_two_dice_each() -> None:
    """2 successes: 4 m, 4 dice against the cap; 3 on a pool with cap 5 are refused."""
    cost = second_excellency(2, kind=SOLAR, cap=5)
    assert (cost.motes, cost.cap_units) == (4, 4)
    with pytest.raises(IllegalAction, match="000 §Die Caps"):
        second_excellency(3, kind=SOLAR, cap=5)


def test_second_excellency_overrun_on_a_dv() -> None:
    """DV cap 5: 3 successes = 2 within (4 m) + 1 straddling the cap at double (4 m) = 8 m."""
    cost = second_excellency(3, kind=SOLAR, cap=5, on_dv=True)
    assert (cost.motes, cost.cap_units, cost.over_cap_units) == (8, 6, 1)


def test_third_excellency_costs_four_or_three_and_counts_the_ability() -> None:
    """Melee 3: Solar 4 m, Dragon-Blooded 3 m, 3 dice against the cap."""
    assert (
        third_excellency(3, kind=SOLAR, cap=6).motes,
        third_excellency(3, kind=DB, cap=6).motes,
    ) == (4, 3)
    assert third_excellency(3, kind=SOLAR, cap=6).cap_units == 3


def test_third_excellency_past_the_cap() -> None:
    """Refused on a pool; on a DV it doubles to 8 m unless the cap is already exceeded."""
    with pytest.raises(IllegalAction, match="000 §Die Caps"):
        third_excellency(3, kind=SOLAR, cap=5, cap_used=3)
    cost = third_excellency(3, kind=DB, cap=5, cap_used=3, on_dv=True)
    assert (cost.motes, cost.over_cap_units) == (8, 1)
    with pytest.raises(IllegalAction, match="already exceeded"):
        third_excellency(3, kind=SOLAR, cap=5, cap_used=6, on_dv=True)


def test_third_excellency_on_a_dv_triples_the_ability() -> None:
    """Solar Dex 3 + Dodge 3: (3 + 3) / 2 = 3 becomes (3 + 9) / 2 = 6, a bonus of 3."""
    assert third_excellency_dv_bonus(3, 6, round_up=True) == 3
    assert third_excellency_dv_bonus(2, 5, round_up=False) == 2  # 5/2=2 -> 9/2=4


def test_fateful_excellency_is_sidereal_only() -> None:
    """A Solar cannot use the Fateful Excellency."""
    with pytest.raises(IllegalAction, match="Sidereals"):
        fateful_excellency(kind=SOLAR, target_reduction=1)


def test_fateful_excellency_costs() -> None:
    """-2 to the target number: 2 m; every die a success or a DV without halving: 4 m + 1 wp."""
    assert fateful_excellency(kind=SIDEREAL, target_reduction=2).motes == 2
    all_dice = fateful_excellency(kind=SIDEREAL, all_successes=True)
    assert (all_dice.motes, all_dice.willpower) == (4, 1)
    on_dv = fateful_excellency(kind=SIDEREAL, dv_without_halving=True)
    assert (on_dv.motes, on_dv.willpower, on_dv.cap_units) == (4, 1, 0)


def test_fateful_excellency_refuses_two_uses_at_once_or_target_below_two() -> None:
    """One effect per use; the target number cannot go below 2."""
    with pytest.raises(IllegalAction, match="one thing"):
        fateful_excellency(kind=SIDEREAL, target_reduction=1, all_successes=True)
    with pytest.raises(IllegalAction, match="at most 5"):
        fateful_excellency(kind=SIDEREAL, target_reduction=6)


def test_seven_shadows_and_heavenly_guardian_costs() -> None:
    """SSE 6 m; HGD 8 m; +1 wp where the DV is inapplicable, unless paid this action."""
    assert (
        perfect_defence_cost("seven_shadows_evasion").motes,
        perfect_defence_cost("seven_shadows_evasion").willpower,
    ) == (6, 0)
    hgd = perfect_defence_cost("heavenly_guardian_defense", dv_applicable=False)
    assert (hgd.motes, hgd.willpower) == (8, 1)
    again = perfect_defence_cost(
        "heavenly_guardian_defense", dv_applicable=False, surcharge_paid=True
    )
    assert again.willpower == 0


def test_perfect_defences_refuse_unexpected_attacks_and_unknown_names() -> None:
    """No perfect defence against an unexpected attack; an unknown name is refused."""
    with pytest.raises(IllegalAction, match="unexpected"):
        perfect_defence_cost("seven_shadows_evasion", unexpected=True)
    with pytest.raises(IllegalAction, match="unknown perfect defence"):
        perfect_defence_cost("iron_skin")


def test_adamant_skin_costs_and_surcharge() -> None:
    """8 m; +1 wp against aggravated or unsoakable, once per action; never vs unexpected."""
    assert (adamant_skin_cost().motes, adamant_skin_cost().willpower) == (8, 0)
    assert adamant_skin_cost(aggravated=True).willpower == 1
    assert adamant_skin_cost(unsoakable=True, surcharge_paid=True).willpower == 0
    with pytest.raises(IllegalAction, match="Adamant Skin Technique cannot answer"):
        adamant_skin_cost(unexpected=True)


def test_blade_of_the_battle_maiden_rules() -> None:
    """Brawl only; not with the Third or Fateful Excellency; unused it checks nothing."""
    check_attack_charms(ability="brawl", battle_maiden=True, third_excellency=False, fateful=False)
    check_attack_charms(ability="melee", battle_maiden=False, third_excellency=True, fateful=True)
    with pytest.raises(IllegalAction, match="000 §Supernatural Martial Arts"):
        check_attack_charms(
            ability="melee", battle_maiden=True, third_excellency=False, fateful=False
        )
    with pytest.raises(IllegalAction, match="Fateful"):
        check_attack_charms(
            ability="brawl", battle_maiden=True, third_excellency=False, fateful=True
        )


def test_excellency_amount_must_be_positive() -> None:
    """Buying 0 dice is refused."""
    with pytest.raises(IllegalAction, match="dice bought must be 1 or more"):
        first_excellency(0, kind=SOLAR, cap=5)


def test_perfect_defence_surcharge_follows_the_charms_own_dv() -> None:
    """An attack that makes dodge inapplicable: SSE costs 1 wp more, HGD does not."""
    sse = perfect_defence_cost("seven_shadows_evasion", inapplicable_dvs={"dodge"})
    hgd = perfect_defence_cost("heavenly_guardian_defense", inapplicable_dvs={"dodge"})
    assert (sse.willpower, hgd.willpower) == (1, 0)


def test_fateful_dv_drops_the_halving() -> None:
    """Sidereal Dex 4 + Dodge 3 = 7: halved up it is 4; unhalved 7, a bonus of 3."""
    assert fateful_dv_bonus(7, round_up=True) == 3
