"""The pool: base + stat + skill + modifiers, less Armour, Shield, Dodge and cover (002 §Attack
Roll Dice Pools, §Defense Terminology)."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.poolward import (
    Attack,
    AttackProfile,
    PoolWardOptions,
    StatBlock,
    preview_attack,
)
from battlewheel.engine.rulesets.poolward.block import MELEE, RANGED, SORCERER, THROWN
from battlewheel.engine.rulesets.poolward.rules.pool import (
    Approach,
    Guard,
    attack_pool,
    net_armour_piercing,
    percent_dice,
    pierced_armour,
    raw_pool,
)

from .helpers import city_guard, fight, mar, person, typed

DEFAULT = PoolWardOptions()
VEX = StatBlock("Vex", stats={"dexterity": 5, "constitution": 3}, skills={"1H Piercing": 5},
                attacks=(AttackProfile("Dagger", MELEE, 6, stat="dexterity", skill="1H Piercing",
                                       percent=50),))


def test_mar_against_the_city_guard_rolls_ten_less_three_for_seven() -> None:
    """Mar 3 + 4 + longsword 3 = 10; leather 1 + shield 1 + Dodge 1 = 3; 7 dice (002 §Attack
    Roll Dice Pools, the Mar example)."""
    session = fight(("mar", mar(), "ally"), ("guard", city_guard(), "enemy"))
    preview = preview_attack(session.state, Attack("mar", "guard", "Longsword"))
    assert preview.raw.total == 10
    assert preview.terms.total == 3
    assert preview.pool == 7
    assert [step.total for step in preview.steps] == [3, 6, 10, 9, 8, 7]


def test_vex_sneak_attack_adds_half_of_base_stat_and_skill() -> None:
    """6 + 5 + 5 = 16, +50 % = 8 more: 24 dice (002 §Attack Roll Dice Pools, Vex)."""
    assert raw_pool(VEX, VEX.attacks[0], DEFAULT).total == 24


def test_the_percent_share_rounds_down_and_skips_flat_modifiers_by_default() -> None:
    """A 50 % style on 7 core dice adds 3; flat dice count only under percent_base final_pool."""
    assert percent_dice(7, 4, 50, "base_stat_skill") == 3
    assert percent_dice(7, 4, 50, "final_pool") == 5


@pytest.mark.parametrize(
    ("profile", "stats", "skill", "dice"),
    [
        (AttackProfile("Dagger", THROWN, 4), {"dexterity": 8}, ("Thrown Weapons", 4), 16),
        (AttackProfile("Composite Longbow", RANGED, 6), {"dexterity": 4}, ("Ranged Weapons", 5),
         15),
        (AttackProfile("Energy Blast", SORCERER, 1), {"willpower": 4}, ("Sorcery", 5), 10),
    ],
)
def test_the_seed_pools_of_yunone_whisper_and_malatar(
    profile: AttackProfile, stats: dict[str, int], skill: tuple[str, int], dice: int
) -> None:
    """Yúnónë 4 + 8 + 4 = 16, Whisper 6 + 4 + 5 = 15, Malatar 1 + 4 + 5 = 10 (002 §Attack
    Roll Dice Pools)."""
    block = StatBlock("Caster", stats={**stats, "constitution": 2}, skills=dict([skill]),
                      attacks=(profile,))
    assert raw_pool(block, profile, DEFAULT).total == dice


def test_armour_piercing_is_cut_by_apr_and_never_below_zero() -> None:
    """Net AP = max(0, AP - APR); armour = max(0, armour - net AP) (002 §Attack Roll Dice Pools)."""
    assert net_armour_piercing(1, 1) == 0
    assert net_armour_piercing(2, 1) == 1
    assert net_armour_piercing(1, 3) == 0
    assert pierced_armour(3, 5) == 0


def _guard(**changes: int | bool) -> Guard:
    values: dict[str, int | bool] = {"armour": 2, "armour_spell": 0, "shield": 1,
                                     "shield_apr": 0, "apr": 0, "dodge": 2, "dodge_losses": 0,
                                     "flat_footed": False}
    values.update(changes)
    return Guard(**values)  # type: ignore[arg-type]


def test_cover_takes_two_four_or_six_dice_from_a_ranged_attack() -> None:
    """Light -2, moderate -4, heavy -6 (002 §Defense Terminology, cover)."""
    raw = raw_pool(VEX, VEX.attacks[0], DEFAULT)
    for cover, dice in (("none", 0), ("light", 2), ("moderate", 4), ("heavy", 6)):
        preview = attack_pool(raw, _guard(), Approach(cover=cover, takes_cover=True), DEFAULT)
        assert preview.pool == 24 - 5 - dice


def test_cover_off_successes_leaves_the_pool_and_takes_successes_after() -> None:
    """Ruling cover_as_dice off: the pool keeps its dice, heavy cover takes 6 successes."""
    options = PoolWardOptions(cover_as_dice=False)
    raw = raw_pool(VEX, VEX.attacks[0], options)
    preview = attack_pool(raw, _guard(), Approach(cover="heavy", takes_cover=True), options)
    assert (preview.pool, preview.cover_successes) == (19, 6)


def test_full_cover_cannot_be_attacked_directly() -> None:
    """A target in full cover is out of sight (002 §Defense Terminology, cover)."""
    session = fight(("a", person("A", attacks=(AttackProfile("Bow", RANGED, 2),)), "ally"),
                    ("b", person("B"), "enemy"))
    with pytest.raises(IllegalAction, match="full cover"):
        session.apply(Attack("a", "b", "Bow", cover="full"))


def test_cover_is_refused_for_a_melee_attack_and_for_thrown_when_the_ruling_says() -> None:
    """Cover counts against ranged attacks; thrown ones by thrown_is_ranged (default yes)."""
    knife = AttackProfile("Knife", THROWN, 2)
    thrower = person("A", attacks=(knife, AttackProfile("Sword", MELEE, 3)))
    session = fight(("a", thrower, "ally"), ("b", person("B"), "enemy"))
    with pytest.raises(IllegalAction, match="only against ranged"):
        session.apply(Attack("a", "b", "Sword", cover="light"))
    assert session.refusal(Attack("a", "b", "Knife", cover="light", dice=None)) is not None
    options = PoolWardOptions(thrown_is_ranged=False)
    session = fight(("a", thrower, "ally"), ("b", person("B"), "enemy"), options=options)
    with pytest.raises(IllegalAction, match="only against ranged"):
        session.apply(Attack("a", "b", "Knife", cover="light"))


def test_armour_stacking_adds_a_spell_or_keeps_the_higher() -> None:
    """Worn 2 and an armour spell 3: 5 by default, 3 under armour_stacking highest."""
    raw = raw_pool(VEX, VEX.attacks[0], DEFAULT)
    guard = _guard(armour_spell=3, shield=0, dodge=0)
    assert attack_pool(raw, guard, Approach(), DEFAULT).pool == 24 - 5
    highest = PoolWardOptions(armour_stacking="highest")
    assert attack_pool(raw, guard, Approach(), highest).pool == 24 - 3


def test_a_spell_meets_only_the_defence_terms_the_gm_picks() -> None:
    """A spell meeting only Armour ignores Shield and Dodge (rules/pool-and-ward.md §3)."""
    raw = raw_pool(VEX, VEX.attacks[0], DEFAULT)
    assert attack_pool(raw, _guard(), Approach(meets=("armour",)), DEFAULT).pool == 22
    assert attack_pool(raw, _guard(), Approach(meets=()), DEFAULT).pool == 24


def test_a_shield_not_facing_the_attack_adds_nothing() -> None:
    """The shield guards one direction (002 §Defense Terminology)."""
    raw = raw_pool(VEX, VEX.attacks[0], DEFAULT)
    assert attack_pool(raw, _guard(), Approach(shield_facing=False), DEFAULT).pool == 20


def test_a_pool_of_zero_or_less_is_not_rolled_and_needs_no_dice() -> None:
    """Pool ≤ 0: no roll, no damage (rules/pool-and-ward.md §2); dice given for it are refused."""
    tank = person("Tank", armour=9, shield=3, dodge=3)
    session = fight(("a", person("A"), "ally"), ("t", tank, "enemy"))
    with pytest.raises(IllegalAction, match="not rolled"):
        session.apply(Attack("a", "t", "Sword", dice=typed(3)))
    session.apply(Attack("a", "t", "Sword"))
    assert session.state.fighters["t"].health == tank.health_max
    assert "no roll, no damage" in session.log[-1].sentence

