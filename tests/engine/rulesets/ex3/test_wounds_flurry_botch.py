"""Wounds on Defence, flurried clashes and botches, as rules/3e.md rules them.

Fighters as in ``test_procedures``: Parry 3, Evasion 3, withering pool 8, decisive 6.
The 2e track's boxes for Stamina 2 are -0, -1, -1, -2, -2, -4, Incap, Dying, Dying.
"""

from __future__ import annotations

import pytest

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import sheet
from battlewheel.engine.rulesets.ex3.handlers.attack import plan_attack
from battlewheel.engine.rulesets.ex3.handlers.clash import declaring_order, plans

from .helpers import fight, fighter, group, init, pass_to, state_of, typed, withering


def wounded(levels: int) -> CombatSession:
    """A started duel, B with ``levels`` bashing boxes marked by the GM."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 5))
    for index in range(levels):
        session.apply(a.CycleHealthBox("b", index))
    return session


# -- wounds on Defence (3e reading §4 health_track; RULES.md wound_penalty_on_dv) -------------


def test_a_wound_penalty_lowers_parry_and_evasion_alike() -> None:
    """Four boxes marked: -2. Parry 3 and Evasion 3 both drop to 1; Defence 3 - 2 = 1."""
    session = wounded(4)
    plan = plan_attack(session.state, withering("a", "b", 0, None))
    assert plan.defence.modifiers == (("wound", -2),)
    assert (plan.defence.base, plan.defence.value) == (3, 1)
    assert state_of(session).combatants["b"].derived.defence_mod == -2


def test_wounds_never_take_defence_below_zero() -> None:
    """Six boxes: -4 against Defence 3: Defence 0, not -1."""
    session = wounded(6)
    plan = plan_attack(session.state, withering("a", "b", 0, None))
    assert dict(plan.defence.modifiers) == {"wound": -4}
    assert plan.defence.value == 0


def test_an_unhurt_fighter_has_no_wound_modifier() -> None:
    """No boxes marked: no wound line among the modifiers, Defence 3."""
    session = wounded(0)
    plan = plan_attack(session.state, withering("a", "b", 0, None))
    assert plan.defence.modifiers == () and plan.defence.value == 3


def test_the_sheet_shows_defences_less_the_wound_penalty() -> None:
    """Two boxes: -1. The sheet's Parry and Evasion read 2, and a wound row says -1."""
    session = wounded(2)
    who = state_of(session).combatants["b"]
    values = {v.key: v for v in sheet.defences(who.block, session.state.options, who).values}
    assert (values["parry"].value, values["evasion"].value) == (2, 2)
    assert values["wound_defence"].value == -1 and "wound" in values["parry"].note
    view = session.ruleset.sheet(session.state, "b")
    weapons = next(s for s in view.sections if getattr(s, "title", "") == "Weapons")
    assert weapons.rows[0][:3] == ("Sword", "7", "5")  # 8 and 6 dice, less 1
    assert weapons.footer == "Pools less the wound penalty -1."


# -- clashes and flurries (003 §Clashes, §Combat Actions) -------------------------------------


def test_a_flurried_clash_attack_rolls_three_fewer_dice_and_costs_a_defence() -> None:
    """A declares its clash attack as a flurry: 8 - 3 = 5 dice, B's answer keeps 8; A has -1
    Defence to its next turn and one more different Flurry action this turn."""
    session = fight(("a", fighter("A"), "ally", 5), ("b", fighter("B"), "enemy", 5))
    first = a.ClashSide("a", "withering", "Sword", typed(4), typed(2), flurry=True)
    second = a.ClashSide("b", "withering", "Sword", typed(3))
    mine, theirs = plans(session.state, a.Clash(first, second))
    assert (mine.pool, theirs.pool) == (5, 8)
    session.apply(a.Clash(first, second))
    attacker = state_of(session).combatants["a"]
    assert attacker.flurry_penalty
    assert state_of(session).turn is not None and state_of(session).turn.flurry
    session.apply(a.ReadyWeapon("a", (), ("Sword",)))  # the flurry's second, different action
    with pytest.raises(IllegalAction, match="Simple action"):
        session.apply(a.OtherAction("a", "a third action"))


def test_a_clash_as_the_flurrys_second_action_takes_the_penalty() -> None:
    """A readies as a flurry, then clashes: its attack is 8 - 3 = 5 dice; the answer is not
    touched by A's flurry (8 dice)."""
    session = fight(("a", fighter("A"), "ally", 5), ("b", fighter("B"), "enemy", 5))
    session.apply(a.ReadyWeapon("a", ("Sword",), (), flurry=True))
    first = a.ClashSide("a", "withering", "Sword", typed(2))
    second = a.ClashSide("b", "withering", "Sword", typed(3), typed(1))
    mine, theirs = plans(session.state, a.Clash(first, second))
    assert (mine.pool, theirs.pool) == (5, 8)


def test_an_answer_declared_as_a_flurry_keeps_one_more_action_for_its_turn() -> None:
    """B answers as a flurry: 5 dice and -1 Defence at once; on its turn that tick the -1 stays
    and it may take one more, different Flurry action (not a second attack)."""
    session = fight(("a", fighter("A"), "ally", 5), ("b", fighter("B"), "enemy", 5))
    first = a.ClashSide("a", "withering", "Sword", typed(6), typed(1))
    second = a.ClashSide("b", "withering", "Sword", typed(2), flurry=True)
    assert plans(session.state, a.Clash(first, second))[1].pool == 5
    session.apply(a.Clash(first, second))
    assert state_of(session).combatants["b"].flurry_penalty
    pass_to(session, "b")
    b = state_of(session).combatants["b"]
    assert b.flurry_penalty and not b.answer_flurry
    with pytest.raises(IllegalAction, match="different Flurry action"):
        session.apply(withering("b", "a", 3, 1))
    session.apply(a.ReadyWeapon("b", (), ("Sword",)))


def test_an_answer_without_a_flurry_leaves_nothing_for_its_turn() -> None:
    """B answers plainly: its Defence keeps no flurry penalty and its turn has no action left."""
    session = fight(("a", fighter("A"), "ally", 5), ("b", fighter("B"), "enemy", 5))
    session.apply(a.Clash(a.ClashSide("a", "withering", "Sword", typed(6), typed(1)),
                          a.ClashSide("b", "withering", "Sword", typed(2))))
    pass_to(session, "b")
    assert not state_of(session).combatants["b"].flurry_penalty
    with pytest.raises(IllegalAction, match="Simple action"):
        session.apply(a.ReadyWeapon("b", (), ("Sword",)))


# -- botches (rules/3e.md §4: botches are GM input) -------------------------------------------


def test_a_botched_attack_is_named_and_otherwise_a_plain_miss() -> None:
    """Faces 1 2 3 4 5 6 2 3: no successes and a 1. The log names the botch for the GM; the
    engine does what any 0-success withering roll does: a miss, onslaught, nothing more."""
    botched = a.Attack("a", "b", "withering", "Sword", DiceEntry.of_faces((1, 2, 3, 4, 5, 6, 2, 3)))
    plain = a.Attack("a", "b", "withering", "Sword", DiceEntry.of_faces((2, 2, 3, 4, 5, 6, 2, 3)))
    outcomes = []
    for action in (botched, plain):
        session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 5))
        events = session.apply(action)
        outcomes.append(([e.kind for e in events], init(session, "a"), init(session, "b"),
                         session.state.combatants["b"].onslaught))
    assert "botch" in outcomes[0][0] and "botch" not in outcomes[1][0]
    assert outcomes[0][1:] == outcomes[1][1:] == (9, 8, 1)


def test_a_typed_botch_on_a_decisive_attack_costs_only_the_miss() -> None:
    """Typed 0 successes marked a botch: a decisive miss at 9i costs 2i, as any miss does."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 5))
    events = session.apply(a.Attack("a", "b", "decisive", "Sword",
                                    DiceEntry.of_successes(0, botch=True)))
    assert "botch" in [e.kind for e in events]
    assert init(session, "a") == 7


def test_a_botch_in_a_clash_is_named_and_simply_loses() -> None:
    """B's answer botches (faces, no 7+, a 1): it loses the clash like any lower roll."""
    session = fight(("a", fighter("A"), "ally", 5), ("b", fighter("B"), "enemy", 5))
    first = a.ClashSide("a", "decisive", "Sword", typed(2), typed(1))
    second = a.ClashSide("b", "withering", "Sword", DiceEntry.of_faces((1, 1, 2, 3, 4, 5, 6, 6)))
    events = session.apply(a.Clash(first, second))
    botches = [e for e in events if e.kind == "botch"]
    assert [e.combatant for e in botches] == ["b"]
    assert state_of(session).combatants["b"].clash_penalty


# -- through a battle group's ranks (003 §Interacting with Battle Groups) ---------------------


def test_crossing_a_battle_groups_ranks_is_difficult_ground_and_costs_1i_a_round() -> None:
    """A (8i) moves from zone 0 to zone 1 through the group's ranks: half-way and 7i in
    round 1, across and 6i in round 2; a plain move of the same kind costs nothing."""
    session = fight(("a", fighter("A"), "ally", 5), ("g", group("G"), "enemy", 1), close=False)
    session.apply(a.Move("a", "zone", zone=1, through_group="g"))
    assert (state_of(session).combatants["a"].zone, init(session, "a")) == (0, 7)
    assert state_of(session).combatants["a"].crossing == 1
    pass_to(session, "a")
    session.apply(a.Move("a", "zone", zone=1, through_group="g"))
    assert (state_of(session).combatants["a"].zone, init(session, "a")) == (1, 6)
    pass_to(session, "a")
    session.apply(a.Move("a", "zone", zone=2))
    assert (state_of(session).combatants["a"].zone, init(session, "a")) == (2, 6)


def test_only_a_fighter_goes_through_a_groups_ranks() -> None:
    """Naming a fighter as the group, or a group doing the crossing, is refused."""
    session = fight(("a", fighter("A"), "ally", 5), ("b", fighter("B"), "enemy", 4),
                    ("g", group("G"), "enemy", 3), close=False)
    with pytest.raises(IllegalAction, match="name a battle group"):
        session.apply(a.Move("a", "zone", zone=1, through_group="b"))
    pass_to(session, "g")
    with pytest.raises(IllegalAction, match="only a fighter"):
        session.apply(a.Move("g", "zone", zone=1, through_group="g"))


def test_the_higher_join_battle_rating_declares_a_clashs_effects_first() -> None:
    """003 §Clashes: B's Wits 4 + Awareness 2 = 6 beats A's 2 + 2 = 4: B declares first,
    whichever of the two started the clash."""
    session = fight(("a", fighter("A"), "ally", 5), ("b", fighter("B", wits=4), "enemy", 3))
    assert declaring_order(session.state, "a", "b") == ("b", "a")
    assert declaring_order(session.state, "b", "a") == ("b", "a")
