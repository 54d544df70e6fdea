"""Edward Sumner against two cutthroats and their archer, under both readings of flat-footed,
and the Dodge bookkeeping around it (002 §Attack Roll Dice Pools, §Defense Terminology)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward import (
    Attack,
    NextTurn,
    PoolWardOptions,
    StatBlock,
    preview_attack,
)
from battlewheel.engine.rulesets.poolward.demo import archer, cutthroat, edward

from .helpers import fight, person, typed

C1 = Attack("c1", "edward", "Dagger")
C2 = Attack("c2", "edward", "Dagger")
SHOT = Attack("archer", "edward", "Longbow", steady_shot=True)


def _edward_fight(options: PoolWardOptions | None = None,
                  who: StatBlock | None = None) -> CombatSession:
    return fight(("c1", cutthroat(1), "enemy"), ("c2", cutthroat(2), "enemy"),
                 ("archer", archer(), "enemy"), ("edward", who or edward(), "ally"),
                 options=options)


def _pools(options: PoolWardOptions | None = None, who: StatBlock | None = None) -> list[int]:
    """The three attackers' pools in turn, each attack missing (0 successes)."""
    session = _edward_fight(options, who)
    pools = []
    for attack in (C1, C2, SHOT):
        pools.append(preview_attack(session.state, attack).pool)
        session.apply(replace(attack, dice=typed(0)))
        session.apply(NextTurn())
    return pools


def test_the_seed_example_keeps_the_shield_two_three_five() -> None:
    """With flat_footed_drops_shield off (the example's reading): 2, 3, then 5 for Steady Shot."""
    assert _pools(PoolWardOptions(flat_footed_drops_shield=False)) == [2, 3, 5]


def test_the_definition_drops_shield_and_its_apr_five_and_seven() -> None:
    """Default (the definition): once Dodge is gone Edward loses shield and APR: 2, 5, 7."""
    assert _pools() == [2, 5, 7]


def test_the_pool_steps_name_each_defence_term_as_the_example_does() -> None:
    """Cutthroat 1: 7 raw, armour 3 with AP 1 cut to 0, shield 1, Dodge 1: 2 dice."""
    session = _edward_fight()
    steps = preview_attack(session.state, C1).steps
    assert [(s.label, s.change, s.total) for s in steps[3:]] == [
        ("armour 3, AP 1 → 0 after APR", -3, 4),
        ("shield", -1, 3),
        ("dodge 1", -1, 2),
    ]


def test_the_round_starting_over_restores_edwards_dodge() -> None:
    """After Edward's turn the round starts over and Cutthroat 1 meets 5 defence again."""
    session = _edward_fight()
    for attack in (C1, C2, SHOT):
        session.apply(replace(attack, dice=typed(0)))
        session.apply(NextTurn())
    assert session.state.fighters["edward"].flat_footed
    session.apply(NextTurn())
    assert session.state.round == 2
    assert session.state.fighters["edward"].dodge_losses == 0
    assert preview_attack(session.state, C1).pool == 2


def test_parry_spends_a_use_instead_of_losing_dodge() -> None:
    """Parry 1: the first melee attack of the round costs a Parry use, so Dodge holds."""
    session = _edward_fight(who=replace(edward(), parry=1))
    session.apply(replace(C1, dice=typed(0)))
    session.apply(NextTurn())
    who = session.state.fighters["edward"]
    assert (who.parry_used, who.dodge_losses, who.flat_footed) == (1, 0, False)
    assert preview_attack(session.state, C2).pool == 2


def test_ranged_and_thrown_attacks_cost_no_dodge() -> None:
    """Only melee physical attacks reduce Dodge (002 §Attack Roll Dice Pools)."""
    session = fight(("archer", archer(), "enemy"), ("edward", edward(), "ally"))
    session.apply(Attack("archer", "edward", "Longbow", dice=typed(0)))
    assert session.state.fighters["edward"].dodge_losses == 0


def test_ignore_dodge_helps_only_its_own_attack() -> None:
    """Ignore Dodge 2 takes Edward's Dodge 2 from that attack only; the next attacker meets
    Dodge 2 less the one loss, and Edward is not flat-footed."""
    session = _edward_fight(who=replace(edward(), dodge=2))
    assert preview_attack(session.state, replace(C1, ignore_dodge=2)).pool == 3
    session.apply(replace(C1, ignore_dodge=2, dice=typed(0)))
    session.apply(NextTurn())
    assert not session.state.fighters["edward"].flat_footed
    assert preview_attack(session.state, C2).pool == 2


@pytest.mark.parametrize(("ruling", "kept"), [("own_turn", 1), ("round_start", 0)])
def test_dodge_reset_at_own_turn_keeps_losses_across_the_round_marker(
    ruling: str, kept: int
) -> None:
    """Ruling dodge_reset own_turn: a loss taken after Edward's turn lasts into the next round
    until his own turn begins; by default it is gone as the round starts over."""
    session = fight(("c1", cutthroat(1), "enemy"), ("edward", edward(), "ally"),
                    ("c2", cutthroat(2), "enemy"), options=PoolWardOptions(dodge_reset=ruling))
    session.apply(NextTurn())
    session.apply(NextTurn())
    session.apply(Attack("c2", "edward", "Dagger", dice=typed(0)))
    session.apply(NextTurn())
    assert session.state.round == 2
    assert session.state.fighters["edward"].dodge_losses == kept
    session.apply(NextTurn())
    assert session.state.actor() == "edward"
    assert session.state.fighters["edward"].dodge_losses == 0


def test_a_round_start_reset_clears_losses_before_the_defender_acts() -> None:
    """Default dodge_reset: losses from the end of a round are gone as the next begins."""
    session = fight(("edward", edward(), "ally"), ("c1", cutthroat(1), "enemy"))
    session.apply(NextTurn())
    session.apply(replace(Attack("c1", "edward", "Dagger"), dice=typed(0)))
    assert session.state.fighters["edward"].dodge_losses == 1
    session.apply(NextTurn())
    assert session.state.fighters["edward"].dodge_losses == 0


@pytest.mark.parametrize(("ruling", "flat"), [("first_attack", True), ("never", False)])
def test_a_target_without_dodge_is_flat_footed_after_its_first_melee_attack(
    ruling: str, flat: bool
) -> None:
    """Ruling zero_dodge_flat_footed: a Dodge-0 guard loses its shield after one attack."""
    guard = person("Guard", shield=2, dodge=0)
    session = fight(("a", person("A"), "ally"), ("b", person("B"), "ally"),
                    ("g", guard, "enemy"), options=PoolWardOptions(zero_dodge_flat_footed=ruling))
    session.apply(Attack("a", "g", "Sword", dice=typed(0)))
    session.apply(NextTurn())
    assert session.state.fighters["g"].flat_footed is flat
    assert preview_attack(session.state, Attack("b", "g", "Sword")).pool == (9 if flat else 7)


def test_dodge_losses_from_hits_only_under_that_ruling() -> None:
    """Ruling dodge_loss_scope hits_only: a miss costs no Dodge; a hit does."""
    options = PoolWardOptions(dodge_loss_scope="hits_only")
    session = fight(("a", person("A"), "ally"), ("b", person("B"), "ally"),
                    ("t", person("T", dodge=2), "enemy"), options=options)
    session.apply(Attack("a", "t", "Sword", dice=typed(0)))
    assert session.state.fighters["t"].dodge_losses == 0
    session.apply(NextTurn())
    session.apply(Attack("b", "t", "Sword", dice=typed(1)))
    assert session.state.fighters["t"].dodge_losses == 1


def test_steady_shot_is_a_full_action_of_a_ranged_attack() -> None:
    """The example power takes the Standard and Move actions; a sword cannot use it."""
    session = fight(("archer", archer(), "enemy"), ("edward", edward(), "ally"))
    session.apply(replace(SHOT, dice=typed(0)))
    assert set(session.state.fighters["archer"].used) == {"standard", "move"}
    session.apply(NextTurn())
    refusal = session.refusal(Attack("edward", "archer", "Longsword", steady_shot=True))
    assert refusal is not None and "ranged power" in str(refusal)
