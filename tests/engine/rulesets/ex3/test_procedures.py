"""Hand-worked cases for each 3e procedure, each citing its section of seed 003.

Unless a case says otherwise both fighters are Exalts with Dexterity 3, Strength 3,
Stamina 2, Wits 2, Melee 3, Dodge 2, Awareness 2 and a sword (accuracy +2, damage +7):
Parry (3 + 3) / 2 = 3, Evasion (3 + 2) / 2 rounded up = 3, so Defence 3; soak 2;
withering pool 3 + 3 + 2 = 8, decisive pool 6; Join Battle successes + 3.
"""

from __future__ import annotations

import pytest

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3.block import Armour
from battlewheel.engine.rulesets.ex3.handlers.attack import damage_plan, plan_attack

from .helpers import decisive, fight, fighter, group, init, pass_to, typed, withering


def test_withering_hit_moves_initiative_from_target_to_attacker() -> None:
    """003 §Resolution Steps 8: 5 successes vs Defence 3 = threshold 2; damage 3 + 7 + 2 - 2 = 10
    dice; 4 successes: the target loses 4i (8 → 4), the attacker gains 5i (9 → 14)."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 5))
    action = withering("a", "b", 5, 4)
    plan = plan_attack(session.state, action)
    assert (plan.pool, plan.defence.value) == (8, 3)
    assert damage_plan(session.state, plan, action, 2).pool == 10
    session.apply(action)
    assert (init(session, "a"), init(session, "b")) == (14, 4)
    assert session.state.combatants["b"].onslaught == 1


def test_withering_damage_never_falls_below_the_weapons_minimum() -> None:
    """003 §Resolution Steps 8c: against soak 20 the pool is the minimum, 1 die."""
    tough = fighter("B", armour=Armour("Mountain plate", soak=18))
    session = fight(("a", fighter("A"), "ally", 6), ("b", tough, "enemy", 5))
    action = withering("a", "b", 3, 1)
    plan = plan_attack(session.state, action)
    assert damage_plan(session.state, plan, action, 0).pool == 1


def test_decisive_hit_against_hardness_at_or_above_initiative_rolls_no_dice() -> None:
    """003 §Resolution Steps 8c: Hardness 9 against Initiative 9 leaves 0 dice; resets to 3."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B", hardness=9), "enemy", 5))
    action = decisive("a", "b", 4, 0)
    plan = plan_attack(session.state, action)
    assert damage_plan(session.state, plan, action, 1).pool == 0
    session.apply(action)
    assert session.state.combatants["b"].health.damage == 0
    assert init(session, "a") == 3


def test_decisive_hit_below_hardness_deals_levels_and_resets() -> None:
    """003 §Resolution Steps 8c-e: Hardness 5 < Initiative 9: 9 dice; 3 successes, 3 lethal."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B", hardness=5), "enemy", 5))
    session.apply(decisive("a", "b", 4, 3))
    assert session.state.combatants["b"].health.marks.startswith("XXX.")
    assert init(session, "a") == 3


def test_a_decisive_miss_costs_two_or_three_initiative() -> None:
    """003 §Resolution Steps 7: 2 successes miss Defence 3; at 9i the miss costs 2i."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 5))
    session.apply(decisive("a", "b", 2, None))
    assert init(session, "a") == 7


def test_a_miss_with_a_damage_roll_is_refused() -> None:
    """003 §Resolution Steps: a missed attack has no damage roll; nothing changes."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 5))
    with pytest.raises(IllegalAction, match="003 §Resolution Steps"):
        session.apply(withering("a", "b", 1, 3))
    assert init(session, "b") == 8


def test_crash_gives_break_then_the_lockout_withholds_it() -> None:
    """003 §Crash: B at 3i takes 4 → -1, Crash; A gains 5 + 5 Break (9 → 19). B rises (2i) on
    its turn in round 1; in round 2 A crashes it again: no Break, as B left Crash last round."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 0))
    session.apply(withering("a", "b", 5, 4))
    b = session.state.combatants["b"]
    assert (b.initiative, b.in_crash, b.crashed_by) == (-1, True, "a")
    assert init(session, "a") == 19
    session.apply(a.NextTurn())
    session.apply(withering("b", "a", 5, 2))
    assert init(session, "b") == 2 and not session.state.combatants["b"].in_crash
    pass_to(session, "a")
    assert session.state.round == 2
    session.apply(withering("a", "b", 5, 3))
    assert init(session, "b") == -1
    assert init(session, "a") == 17 + 4  # X + 1, no Break


def test_crashed_by_a_foe_and_crashing_it_back_is_a_shift() -> None:
    """003 §Crash: A (5i) crashes B (3 → -1) and Breaks to 15. B crashes A back with 15 damage:
    B gains 16 (→ 15) and Shifts: max(15, base 3) + Join Battle 2 + 3 = 20, no Break; its turn
    starts over and may only attack A."""
    people = (("a", fighter("A"), "ally", 2), ("b", fighter("B"), "enemy", 0),
              ("c", fighter("C"), "ally", 1))
    session = fight(*people)
    session.apply(withering("a", "b", 5, 4))
    assert (init(session, "a"), init(session, "b")) == (15, -1)
    pass_to(session, "b")
    without_roll = withering("b", "a", 16, 15)
    with pytest.raises(IllegalAction, match="Shifts: give its Join Battle roll"):
        session.apply(without_roll)
    session.apply(withering("b", "a", 16, 15, shift_dice=typed(2)))
    assert init(session, "a") == 0 and session.state.combatants["a"].in_crash
    assert init(session, "b") == 20
    turn = session.state.turn
    assert turn is not None and turn.actor == "b" and turn.simple == () and turn.shift_target == "a"
    with pytest.raises(IllegalAction, match="003 §Crash"):
        session.apply(withering("b", "c", 5, 1))


def test_crashing_yourself_costs_five_more_and_cannot_shift() -> None:
    """003 §Crash: at 1i a Delay (2i) crashes A itself: 1 - 2 - 5 = -6."""
    session = fight(("a", fighter("A"), "ally", 0), ("b", fighter("B"), "enemy", 0))
    session.apply(a.SetInitiative("a", 1))
    session.apply(a.Delay("a", -2))
    a_now = session.state.combatants["a"]
    assert (a_now.initiative, a_now.crashed_by) == (-6, "self")


def test_three_turns_ended_in_crash_reset_to_base_at_the_next() -> None:
    """003 §Crash: B ends three turns in Crash; its fourth turn begins at base Initiative 3."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 0))
    session.apply(withering("a", "b", 5, 4))
    for _ in range(3):
        pass_to(session, "b")
        session.apply(a.NextTurn())
    assert session.state.combatants["b"].crash_turns == 3
    pass_to(session, "b")
    assert init(session, "b") == 3
    assert not session.state.combatants["b"].in_crash


def test_a_clash_is_won_by_the_higher_roll_with_three_extra_successes() -> None:
    """003 §Clashes: both at 8i. A rolls 5, B 3: A wins by 2, damage 3 + 7 + 2 - 2 = 10 dice,
    4 successes + 3 = 7: B 8 → 1, A 8 → 16. B takes -2 Defence and no onslaught, and its
    answering attack was its Simple action."""
    session = fight(("a", fighter("A"), "ally", 5), ("b", fighter("B"), "enemy", 5))
    first = a.ClashSide("a", "withering", "Sword", typed(5), typed(4))
    second = a.ClashSide("b", "withering", "Sword", typed(3))
    session.apply(a.Clash(first, second))
    b = session.state.combatants["b"]
    assert (init(session, "a"), b.initiative) == (16, 1)
    assert b.clash_penalty and b.onslaught == 0
    pass_to(session, "b")
    with pytest.raises(IllegalAction, match="Simple action"):
        session.apply(withering("b", "a", 5, 1))


def test_a_tied_clash_misses_both_ways() -> None:
    """003 §Clashes, ruling clash_tie 'both_miss': each takes onslaught, a decisive pays 2i."""
    session = fight(("a", fighter("A"), "ally", 5), ("b", fighter("B"), "enemy", 5))
    first = a.ClashSide("a", "decisive", "Sword", typed(3))
    second = a.ClashSide("b", "withering", "Sword", typed(3))
    session.apply(a.Clash(first, second))
    assert init(session, "a") == 6
    assert session.state.combatants["b"].onslaught == 1


def test_a_rout_carries_damage_over_then_a_failed_check_dissolves_the_group() -> None:
    """003 §Battle Groups: Size 2 group, Magnitude 7 + 2 = 9, Defence 2 + 1 = 3, soak 2 + 2 = 4.
    11 damage: rout check at difficulty 1 passes, Size 1, Magnitude 8 - 2 = 6; A gains 12 + 5
    Break. Next round 8 damage: 6 - 8, check at 1 + 1 = 2 fails; the group breaks at its turn."""
    session = fight(("a", fighter("A"), "ally", 6), ("g", group("Guards"), "enemy", 0))
    attack = withering("a", "g", 7, 11)
    assert plan_attack(session.state, attack).defence.value == 3
    with pytest.raises(IllegalAction, match=r"003 §Battle Groups.*rout check"):
        session.apply(attack)
    session.apply(withering("a", "g", 7, 11, rout=(typed(2),)))
    g = session.state.combatants["g"]
    assert (g.size, g.magnitude, g.size_lost) == (1, 6, 1)
    assert init(session, "a") == 9 + 12 + 5
    pass_to(session, "a")
    session.apply(withering("a", "g", 7, 8, rout=(typed(1),)))
    g = session.state.combatants["g"]
    assert g.rout_failed and g.magnitude == 0 and not g.dissolved
    before = init(session, "a")
    pass_to(session, "a")
    g = session.state.combatants["g"]
    assert g.dissolved
    assert init(session, "a") == before + 5


def test_perfect_morale_passes_without_dice_but_still_loses_size() -> None:
    """003 §Battle Groups: +3 Magnitude (12), and a rout check it cannot fail."""
    session = fight(("a", fighter("A"), "ally", 6),
                    ("g", group("Zealots", perfect_morale=True), "enemy", 0))
    assert session.state.combatants["g"].magnitude == 12
    session.apply(withering("a", "g", 7, 13))
    g = session.state.combatants["g"]
    assert (g.size, g.magnitude) == (1, 11 - 1)


def test_grapple_control_rounds_tick_down_until_the_target_escapes() -> None:
    """003 §Grapple: Unarmed gambit 5 dice, 4 vs Defence 3 hits; 3 of 9 Initiative dice meet
    difficulty 2; control 4 vs 1 = 3 rounds; A pays 3i. B attacks A (-1: 2 rounds). A's next
    turn (-1: 1), the one after (-1: 0); at B's next turn it escapes."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 5))
    session.apply(a.Attack("a", "b", "gambit", "Unarmed", typed(4), typed(3), gambit="grapple",
                           control=typed(4), resist=typed(1)))
    assert session.state.grapples["a"].rounds == 3 and init(session, "a") == 6
    pass_to(session, "b")
    session.apply(withering("b", "a", 0, None))
    assert session.state.grapples["a"].rounds == 2
    pass_to(session, "a")
    assert session.state.grapples["a"].rounds == 1
    session.apply(a.GrappleMove("a", "maintain"))
    pass_to(session, "b")
    pass_to(session, "a")
    assert session.state.grapples["a"].rounds == 0
    session.apply(a.GrappleMove("a", "maintain"))
    pass_to(session, "b")
    assert "a" not in session.state.grapples


def test_a_grappled_target_cannot_move_and_attacks_at_minus_one() -> None:
    """003 §Grapple: the target's withering pool 8 - 1 = 7; Move is refused."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 5))
    session.apply(a.Attack("a", "b", "gambit", "Unarmed", typed(4), typed(3), gambit="grapple",
                           control=typed(4), resist=typed(1)))
    pass_to(session, "b")
    assert plan_attack(session.state, withering("b", "a", 0, None)).pool == 7
    with pytest.raises(IllegalAction, match="003 §Grapple"):
        session.apply(a.Move("b", "leave", "a"))


def test_a_grappler_damaged_loses_a_round_and_crashing_frees_the_target() -> None:
    """003 §Grapple: a withering hit on the grappler costs it an extra round (attacked and
    damaged: 3 → 1); once it Crashes the target breaks free at once."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 5))
    session.apply(a.Attack("a", "b", "gambit", "Unarmed", typed(4), typed(3), gambit="grapple",
                           control=typed(4), resist=typed(1)))
    pass_to(session, "b")
    session.apply(a.Attack("b", "a", "withering", "Sword", typed(3), typed(2)))
    assert session.state.grapples["a"].rounds == 1
    session.apply(a.SetInitiative("b", 30))
    pass_to(session, "a")
    session.apply(a.SetInitiative("a", 1))
    pass_to(session, "b")
    session.apply(a.Attack("b", "a", "withering", "Sword", typed(5), typed(4)))
    assert session.state.combatants["a"].in_crash
    assert "a" not in session.state.grapples
