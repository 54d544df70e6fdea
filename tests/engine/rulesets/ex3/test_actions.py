"""The other actions and gambits, costs and requirements (003 §Combat Actions, §Gambits)."""

from __future__ import annotations

import dataclasses

import pytest

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3.block import Weapon
from battlewheel.engine.rulesets.ex3.handlers.attack import plan_attack

from .helpers import fight, fighter, group, init, pass_to, typed, withering


def _duel():  # type: ignore[no-untyped-def]
    return fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 5))


def test_a_flurry_takes_three_dice_and_one_defence_and_needs_two_different_actions() -> None:
    """003 §Combat Actions: attack at 8 - 3 = 5 dice, A's Defence -1; a second attack is refused,
    a Ready Weapon is allowed."""
    session = _duel()
    attack = withering("a", "b", 2, None, flurry=True)
    assert plan_attack(session.state, attack).pool == 5
    session.apply(attack)
    assert session.state.combatants["a"].flurry_penalty
    with pytest.raises(IllegalAction, match="different Flurry action"):
        session.apply(withering("a", "b", 2, None))
    session.apply(a.ReadyWeapon("a", ready=("Sword",)))
    with pytest.raises(IllegalAction, match="Simple action"):
        session.apply(a.OtherAction("a"))


def test_a_second_simple_action_needs_the_flurry_declared_first() -> None:
    """003 §Combat Actions: one Simple action a turn unless the first was declared a flurry."""
    session = _duel()
    session.apply(withering("a", "b", 2, None))
    with pytest.raises(IllegalAction, match="used its Simple action"):
        session.apply(a.ReadyWeapon("a", ready=("Sword",)))


def test_aim_gives_three_dice_on_the_next_turns_attack() -> None:
    """003 §Aim: aiming at close range adds +3 to the next turn's attack (8 + 3 = 11)."""
    session = _duel()
    session.apply(a.Aim("a", "b", "Sword"))
    pass_to(session, "a")
    assert plan_attack(session.state, withering("a", "b", 2, None)).pool == 11


def test_ranged_attacks_at_medium_range_need_aim() -> None:
    """003 §Positioning and Movement: a bow at medium range needs Aim first."""
    bow = Weapon("Bow", ability="archery", accuracy=1, damage=7, range="long")
    session = fight(("a", fighter("A", weapons=(bow,), archery=3), "ally", 6),
                    ("b", fighter("B"), "enemy", 5), close=False)
    session.apply(a.SetRange("b", zone=1))
    shot = a.Attack("a", "b", "withering", "Bow", typed(2))
    with pytest.raises(IllegalAction, match="003 §Aim"):
        plan_attack(session.state, shot)
    session.apply(a.Aim("a", "b", "Bow"))
    pass_to(session, "a")
    assert plan_attack(session.state, shot).pool == 3 + 3 + 1  # no bonus after one turn at medium


def test_full_defense_costs_one_initiative_and_is_perilous() -> None:
    """003 §Full Defense: 9 → 8i, +2 Defence; refused in Crash (003 §Crash)."""
    session = _duel()
    session.apply(a.FullDefense("a"))
    assert init(session, "a") == 8 and session.state.combatants["a"].action_defence == 2
    crashed = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 0))
    crashed.apply(withering("a", "b", 5, 4))
    pass_to(crashed, "b")
    with pytest.raises(IllegalAction, match="003 §Crash"):
        crashed.apply(a.FullDefense("b"))


def test_disengage_costs_two_initiative_and_leaves_close_range_on_a_win() -> None:
    """003 §Disengage: 3 successes beat 1; 9 → 7i; no longer at close; Move then refused
    (one Movement action a turn)."""
    session = _duel()
    with pytest.raises(IllegalAction, match="003 §Move"):
        session.apply(a.Move("a", "zone", zone=1))
    session.apply(a.Disengage("a", typed(3), {"b": typed(1)}))
    assert init(session, "a") == 7
    assert frozenset(("a", "b")) not in session.state.close
    with pytest.raises(IllegalAction, match="Movement action"):
        session.apply(a.Move("a", "zone", zone=1))


def test_establish_surprise_then_a_surprise_attack_at_minus_two_and_an_ambush_at_zero() -> None:
    """003 §Attacks From Stealth: concealed from B, A's attack meets Defence 3 - 2 = 1; in round
    1 against a lower Initiative it is an ambush: Defence 0."""
    session = fight(("a", fighter("A", stealth=3), "ally", 6), ("b", fighter("B"), "enemy", 5),
                    ("c", fighter("C"), "enemy", 7))
    pass_to(session, "a")
    session.apply(a.EstablishSurprise("a", typed(3), {"b": typed(1), "c": typed(0)}))
    assert {("a", "b"), ("a", "c")} <= session.state.concealed
    assert plan_attack(session.state, withering("a", "b", 1, None)).defence.value == 0
    session.apply(a.SetInitiative("b", 12))
    assert plan_attack(session.state, withering("a", "b", 1, None)).defence.value == 1


def test_go_to_ground_takes_three_won_turns_and_rejoining_is_minus_ten() -> None:
    """003 §Go to Ground: rolls at -3, -4, -5 all won; then gone; back at -10i."""
    session = fight(("a", fighter("A", stealth=5), "ally", 6), ("b", fighter("B"), "enemy", 5),
                    close=False)
    session.apply(a.SetCondition("a", "concealed", 1, "b"))
    for turn in range(3):
        session.apply(a.GoToGround("a", typed(2), {"b": typed(1)}))
        assert session.state.combatants["a"].ground_turns == turn + 1
        if turn < 2:
            pass_to(session, "a")
    assert session.state.combatants["a"].gone
    session.apply(a.Rejoin("a"))
    assert init(session, "a") == -10


def test_go_to_ground_needs_turns_in_a_row() -> None:
    """003 §Go to Ground: a turn spent otherwise starts the count again."""
    session = fight(("a", fighter("A", stealth=5), "ally", 6), ("b", fighter("B"), "enemy", 5),
                    close=False)
    session.apply(a.SetCondition("a", "concealed", 1, "b"))
    session.apply(a.GoToGround("a", typed(2), {"b": typed(1)}))
    pass_to(session, "a")
    assert session.state.combatants["a"].ground_turns == 1
    pass_to(session, "a")
    assert session.state.combatants["a"].ground_turns == 0


def test_take_cover_raises_defence_and_total_cover_stops_attacks() -> None:
    """003 §Take Cover: light cover +1; total cover cannot be targeted."""
    session = _duel()
    session.apply(a.TakeCover("a", typed(2), difficulty=2, cover=1))
    pass_to(session, "b")
    assert plan_attack(session.state, withering("b", "a", 1, None)).defence.value == 4
    session.apply(a.SetCondition("a", "cover", 3))
    with pytest.raises(IllegalAction, match="total cover"):
        plan_attack(session.state, withering("b", "a", 1, None))


def test_rising_from_prone_with_a_foe_close_needs_two_successes() -> None:
    """003 §Rise From Prone: prone: Parry -1, Evasion -2, attacks -3; one success stays down."""
    session = _duel()
    session.apply(a.SetCondition("a", "prone", 1))
    assert plan_attack(session.state, withering("a", "b", 1, None)).pool == 5
    with pytest.raises(IllegalAction, match="roll"):
        session.apply(a.RiseFromProne("a"))
    session.apply(a.RiseFromProne("a", typed(1), flurry=True))
    assert session.state.combatants["a"].prone
    pass_to(session, "a")
    session.apply(a.RiseFromProne("a", typed(2)))
    assert not session.state.combatants["a"].prone


def test_withdraw_needs_every_foe_at_medium_range_and_costs_ten_initiative() -> None:
    """003 §Withdraw: refused at close range; from zone 2 with the foe in 0 it costs 10i a roll."""
    session = _duel()
    with pytest.raises(IllegalAction, match="medium range"):
        session.apply(a.Withdraw("a", typed(2)))
    session.apply(a.SetRange("a", zone=2))
    session.apply(a.SetInitiative("a", 20))
    session.apply(a.Withdraw("a", typed(4)))
    a_now = session.state.combatants["a"]
    assert (a_now.initiative, a_now.withdraw_progress, a_now.zone) == (10, 4, 3)


def test_order_adds_its_successes_to_the_groups_next_turn() -> None:
    """003 §Order: 2 successes: the group's withering pool 2 + 2 + 2 + Size 2 + 2 = 10."""
    session = fight(("c", fighter("C", charisma=3, war=3), "enemy", 6),
                    ("g", group("G"), "enemy", 1), ("a", fighter("A"), "ally", 0))
    session.apply(a.Order("c", "g", "charisma", typed(2)))
    pass_to(session, "g")
    plan = plan_attack(session.state, a.Attack("g", "a", "withering", "Sword", typed(0)))
    assert plan.pool == 10 and ("Order", 2) in plan.pool_parts


def test_rally_for_numbers_restores_half_the_successes_once_per_size() -> None:
    """003 §Rally for Numbers: Magnitude 4 + 5 ÷ 2 = 6; a second use is refused."""
    session = fight(("c", fighter("C", charisma=3, war=3), "enemy", 6),
                    ("g", group("G"), "enemy", 1), ("a", fighter("A"), "ally", 0))
    session.apply(a.SetMagnitude("g", 4))
    session.apply(a.RallyForNumbers("c", "g", "charisma", typed(5)))
    assert session.state.combatants["g"].magnitude == 6
    pass_to(session, "c")
    with pytest.raises(IllegalAction, match="already used"):
        session.apply(a.RallyForNumbers("c", "g", "charisma", typed(5)))


def test_rally_recovers_a_group_that_failed_its_rout_check() -> None:
    """003 §Rally: against the failed check's difficulty 1, 2 successes: Size 1, Magnitude 8."""
    session = fight(("a", fighter("A"), "ally", 6), ("c", fighter("C", charisma=3), "enemy", 5),
                    ("g", group("G"), "enemy", 0))
    session.apply(withering("a", "g", 7, 10, rout=(typed(0),)))
    assert session.state.combatants["g"].rout_failed
    pass_to(session, "c")
    session.apply(a.Rally("c", "g", "charisma", typed(2)))
    g = session.state.combatants["g"]
    assert (g.rout_failed, g.size, g.magnitude) == (False, 1, 8)


def test_a_battle_group_deals_health_damage_to_a_crashed_foe() -> None:
    """003 §Battle Groups: no Initiative from groups; against a crashed foe, levels instead."""
    session = fight(("g", group("G"), "enemy", 3), ("a", fighter("A"), "ally", 0))
    session.apply(a.SetInitiative("a", -2))
    session.apply(a.Attack("g", "a", "withering", "Sword", typed(5), typed(2)))
    assert session.state.combatants["a"].health.lethal == 2
    assert init(session, "g") == 3 + 3  # Join Battle 3 + 3, unchanged


def test_battle_groups_make_no_decisive_attacks() -> None:
    """003 §Battle Groups: a decisive attack by a group is refused."""
    session = fight(("g", group("G"), "enemy", 3), ("a", fighter("A"), "ally", 0))
    with pytest.raises(IllegalAction, match="003 §Battle Groups"):
        session.apply(a.Attack("g", "a", "decisive", "Sword", typed(5), typed(2)))


def test_disarm_unhorse_and_distract() -> None:
    """003 §Disarm, §Unhorse, §Distract: the sword leaves B's hands; a rider falls prone with one
    bashing level; an ally gains the 4i paid and loses it by not attacking the foe."""
    rider = dataclasses.replace(fighter("B"), mount="horse")
    session = fight(("a", fighter("A"), "ally", 6), ("b", rider, "enemy", 5),
                    ("c", fighter("C"), "ally", 4))
    session.apply(a.Attack("a", "b", "gambit", "Sword", typed(4), typed(3), gambit="disarm",
                           disarm_weapon="Sword"))
    assert session.state.combatants["b"].ready == () and init(session, "a") == 9 - 4
    pass_to(session, "a")
    session.apply(a.Attack("a", "b", "gambit", "Sword", typed(4), typed(4), gambit="unhorse"))
    b = session.state.combatants["b"]
    assert (b.mounted, b.prone, b.health.bashing) == (False, True, 1)
    pass_to(session, "a")
    session.apply(a.SetInitiative("a", 10))  # the unhorsing (5i) crashed A
    before = init(session, "c")
    session.apply(a.Attack("a", "b", "gambit", "Sword", typed(4), typed(3), gambit="distract",
                           difficulty=3, ally="c"))
    assert init(session, "c") == before + 4
    pass_to(session, "c")
    session.apply(a.NextTurn())
    assert init(session, "c") == before


def test_savage_strikes_a_grappled_target_at_defence_zero() -> None:
    """003 §Grapple: after the grapple, Savage's withering attack meets Defence 0."""
    session = _duel()
    session.apply(a.Attack("a", "b", "gambit", "Unarmed", typed(4), typed(3), gambit="grapple",
                           control=typed(4), resist=typed(1)))
    savage = a.Attack("a", "b", "withering", "Unarmed", typed(0), typed(1), grapple="savage")
    assert plan_attack(session.state, savage).defence.value == 0
    session.apply(savage)
    with pytest.raises(IllegalAction, match="no manoeuvre left"):
        session.apply(dataclasses.replace(savage, grapple="throw"))


def test_defend_other_puts_the_defenders_parry_first() -> None:
    """003 §Defend Other: 2 successes do not beat C's Parry 3: the attack on A fails."""
    session = fight(("c", fighter("C"), "ally", 7), ("b", fighter("B"), "enemy", 6),
                    ("a", fighter("A"), "ally", 0))
    session.apply(a.DefendOther("c", "a"))
    pass_to(session, "b")
    session.apply(withering("b", "a", 2, None))
    assert init(session, "a") == 3


def test_delay_only_before_acting_and_only_later() -> None:
    """003 §The Flow of Combat: not after an action, not to an earlier tick."""
    session = _duel()
    with pytest.raises(IllegalAction, match="later than 9"):
        session.apply(a.Delay("a", 10))
    session.apply(a.FullDefense("a"))
    with pytest.raises(IllegalAction, match="before acting"):
        session.apply(a.Delay("a", 2))


def test_a_late_joiner_waits_for_its_tick_and_may_win_join_battle() -> None:
    """003 §The Flow of Combat: joining at 2 + 3 = 5i during tick 9 it acts this round; at 10i
    it waits for the next round and tops every foe."""
    session = _duel()
    session.apply(a.AddCombatant("c", fighter("C"), "ally"))
    session.apply(a.RollJoinBattle("c", typed(2)))
    assert not session.state.combatants["c"].acted
    session.apply(a.AddCombatant("d", fighter("D"), "ally"))
    session.apply(a.RollJoinBattle("d", typed(7)))
    assert session.state.combatants["d"].acted
    assert "D tops every foe's Initiative." in [e.text for e in session.log[-1].events]


def test_holding_at_bay_instead_of_striking() -> None:
    """003 §Attacks From Stealth: an ambusher at 9i holds B (8i) for 1 round; no dice rolled."""
    session = _duel()
    session.apply(a.SetCondition("a", "concealed", 1, "b"))
    session.apply(a.Attack("a", "b", "decisive", "Sword", typed(0), hold_at_bay=True))
    b = session.state.combatants["b"]
    assert (b.held_by, b.held_until_round) == ("a", 2)
    ending = a.EndHold("a", "b", typed(3), typed(1))
    with pytest.raises(IllegalAction, match="until round 2"):
        session.apply(ending)
    pass_to(session, "a")
    session.apply(ending)
    assert plan_attack(session.state, withering("a", "b", 1, None)).defence.zeroed


def test_a_held_target_that_escapes_meets_a_reflexive_ambush() -> None:
    """003 §Attacks From Stealth: the escape attack is decisive at Defence 0, Hardness 0, +5s."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B", hardness=10), "enemy", 5))
    session.apply(a.SetCondition("a", "concealed", 1, "b"))
    session.apply(a.Attack("a", "b", "decisive", "Sword", typed(0), hold_at_bay=True))
    pass_to(session, "b")
    escape = a.Attack("a", "b", "decisive", "Sword", typed(0), typed(0), escape=True)
    assert plan_attack(session.state, escape, own_turn=False).defence.value == 0
    session.apply(escape)
    assert session.state.combatants["b"].health.lethal == 5
    assert session.state.combatants["b"].held_by == ""


def test_a_battle_groups_attack_reaches_every_foe_at_close_range() -> None:
    """003 §Battle Groups: one attack roll against A and C, each with its own damage roll;
    leaving C out is refused."""
    session = fight(("g", group("G"), "enemy", 3), ("a", fighter("A"), "ally", 0),
                    ("c", fighter("C"), "ally", 0))
    alone = a.Attack("g", "a", "withering", "Sword", typed(5), typed(2))
    with pytest.raises(IllegalAction, match="reaches C"):
        session.apply(alone)
    session.apply(dataclasses.replace(alone, others=(a.AlsoHit("c", typed(1)),)))
    assert (init(session, "a"), init(session, "c")) == (1, 2)
    assert init(session, "g") == 6  # a group gains nothing


def test_a_group_walks_away_from_foes_two_sizes_smaller() -> None:
    """003 §Battle Groups: a Size 2 group leaves an individual (Size 0) without Disengaging;
    a Size 1 group cannot."""
    for size, free in ((2, True), (1, False)):
        session = fight(("g", group("G", size=size), "enemy", 3), ("a", fighter("A"), "ally", 0))
        step = a.Move("g", "leave", "a")
        if free:
            session.apply(step)
            assert frozenset(("g", "a")) not in session.state.close
        else:
            with pytest.raises(IllegalAction, match="Disengage"):
                session.apply(step)
