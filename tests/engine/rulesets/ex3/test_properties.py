"""Random walks of legal and illegal 3e actions keep the session's and the rules' invariants.

A refused action changes nothing; undo restores exactly and redo reapplies; replaying the
log rebuilds the state. The 3e invariants: a battle group's Initiative never moves,
Magnitude stays within 0 and its maximum, Crash bookkeeping is clear out of Crash, control
rounds are never negative, and no one takes two turns in a round.
"""

from __future__ import annotations

import copy
import dataclasses

from hypothesis import strategies as st

from battlewheel.engine.core.actions import ChangeRuling
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.handlers.attack import damage_plan, plan_attack
from battlewheel.engine.rulesets.ex3.options import Ex3Options
from battlewheel.engine.rulesets.ex3.state import Combat

from ..conditions import condition_action
from ..walking import apply_checked, random_walks
from .helpers import all_close, fighter, group, typed

IDS = ("a", "b", "c", "g")


def _session(data: st.DataObject) -> CombatSession:
    options = Ex3Options(
        self_crash_scope=data.draw(st.sampled_from(("any", "costs"))),
        shift_also_breaks=data.draw(st.booleans()),
        clash_tie=data.draw(st.sampled_from(("both_miss", "reroll"))),
        range_model=data.draw(st.sampled_from(("zones", "bands"))),
        jb_rating=data.draw(st.sampled_from(("pool", "result"))),
    )
    session = CombatSession.new(options, ruleset="3e")
    session.apply(a.AddCombatant("a", fighter("A"), "ally"))
    session.apply(a.AddCombatant("b", fighter("B", hardness=2), "enemy"))
    session.apply(a.AddCombatant("c", fighter("C", kind="mortal"), "ally", zone=1))
    session.apply(a.AddCombatant("g", group("Guards"), "enemy"))
    for cid in IDS:
        session.apply(a.RollJoinBattle(cid, typed(data.draw(st.integers(0, 3)))))
    all_close(session, ["a", "b", "g"])
    session.apply(a.StartCombat())
    return session


def _attack(data: st.DataObject, state: Combat) -> a.Action:
    attacker = state.actor or data.draw(st.sampled_from(IDS))
    foes = [f for f in IDS if f != attacker and state.combatants[f].side
            != state.combatants[attacker].side]
    at_foe = bool(foes) and data.draw(st.booleans())
    target = data.draw(st.sampled_from(foes if at_foe else list(IDS)))
    mode = data.draw(st.sampled_from(("withering", "withering", "decisive", "gambit")))
    gambit = data.draw(st.sampled_from(("grapple", "distract", "disarm", "engage", "unhorse")))
    action = a.Attack(attacker, target, mode, data.draw(st.sampled_from(("Sword", "Unarmed"))),
                      typed(data.draw(st.integers(0, 9))),
                      gambit=gambit if mode == "gambit" else "",
                      difficulty=3, ally="c" if attacker != "c" else "a", disarm_weapon="Sword",
                      control=typed(data.draw(st.integers(0, 5))), resist=typed(1),
                      shift_dice=typed(1), flurry=data.draw(st.booleans()))
    return _with_damage(data, state, action)


def _with_damage(data: st.DataObject, state: Combat, action: a.Attack) -> a.Action:
    """Mostly a damage roll the hit allows, so walks get past the first refusal."""
    try:
        plan = plan_attack(state, action)
    except IllegalAction:
        return action
    got = action.attack.successes or 0
    if got < plan.defence.value or data.draw(st.integers(0, 9)) == 0:
        return action
    pool = damage_plan(state, plan, action, got - plan.defence.value).pool
    rout = tuple(typed(data.draw(st.integers(0, 3))) for _ in range(data.draw(st.integers(0, 2))))
    return dataclasses.replace(action, damage=typed(data.draw(st.integers(0, pool))), rout=rout)


def _other(data: st.DataObject, state: Combat) -> a.Action:
    cid = state.actor or data.draw(st.sampled_from(IDS))
    other = data.draw(st.sampled_from(IDS))
    roll = typed(data.draw(st.integers(0, 4)))
    choices: list[a.Action] = [
        a.NextTurn(), a.NextTurn(), a.NextTurn(),
        a.Delay(cid, data.draw(st.integers(-6, 10))),
        a.FullDefense(cid, flurry=data.draw(st.booleans())),
        a.ReadyWeapon(cid, unready=("Sword",), flurry=data.draw(st.booleans())),
        a.OtherAction(cid, flurry=data.draw(st.booleans())),
        a.Aim(cid, other, "Sword"),
        a.DefendOther(cid, other),
        a.Move(cid, data.draw(st.sampled_from(a.MOVE_STEPS)), other, data.draw(st.integers(-1, 2))),
        a.Disengage(cid, roll, {other: typed(1)}),
        a.Rush(cid, other, roll, typed(1)),
        a.TakeCover(cid, roll, 2, data.draw(st.integers(1, 3))),
        a.RiseFromProne(cid, None),
        a.Withdraw(cid, roll),
        a.GrappleMove(cid, data.draw(st.sampled_from(a.GRAPPLE_MOVES))),
        a.Order(cid, "g", "charisma", roll),
        a.RallyForNumbers(cid, "g", "charisma", roll),
        a.Rally(cid, "g", "appearance", roll),
        a.SetInitiative(other, data.draw(st.integers(-8, 15))),
        a.CycleHealthBox(other, data.draw(st.integers(0, 12))),
        a.SetMagnitude(other, data.draw(st.integers(-1, 10))),
        a.AwardBreak(other, cid),
        a.GrantExtraAction(cid, "a Charm"),
        a.SetCondition(other, data.draw(st.sampled_from(("prone", "cover", "concealed"))),
                       data.draw(st.integers(0, 3)), cid),
        a.Clash(a.ClashSide(cid, "withering", "Sword", roll, typed(2),
                            flurry=data.draw(st.booleans())),
                a.ClashSide(other, "withering", "Sword", typed(1),
                            flurry=data.draw(st.booleans()))),
        a.Move(cid, "zone", zone=data.draw(st.integers(-1, 2)),
               through_group=data.draw(st.sampled_from(("g", other)))),
        a.MarkRough(data.draw(st.integers(0, 2)), data.draw(st.booleans())),
        a.SetRange(cid, other, data.draw(st.sampled_from(("close", "short", "medium")))),
        a.EndHold(cid, other, roll, typed(1)),
        a.Rejoin(cid),
        a.Attack(cid, other, "withering", "Sword", typed(0), hold_at_bay=True),
        a.Attack(cid, other, "decisive", "Sword", roll, typed(1), escape=True),
        ChangeRuling("defence_choice", data.draw(st.sampled_from(("best", "declared")))),
        condition_action(data, other, "rounds",
                         state.combatants[other].conditions if other in state.combatants else ()),
    ]
    return data.draw(st.sampled_from(choices))


def _check_invariants(state: Combat) -> None:
    for who in state.combatants.values():
        if who.is_group:
            assert who.initiative == who.join_result
            assert 0 <= who.magnitude <= r.magnitude_max(who.block, who.size)
        if not who.in_crash:
            assert who.crashed_by == "" and who.crash_turns == 0
    assert all(grip.rounds >= 0 for grip in state.grapples.values())
    if state.turn is not None:
        assert not state.combatants[state.turn.actor].acted


def _step(session: CombatSession, action: a.Action) -> None:
    # deep copies: a snapshot that shared containers with the state would hide leaks
    apply_checked(session, action, lambda walked: _check_invariants(walked.state),
                  snapshot=copy.deepcopy)


@random_walks(25)
def test_random_walks_keep_the_invariants_and_replay(data: st.DataObject) -> None:
    """Up to 40 random actions, legal or not; then the log replays to the same state."""
    session = _session(data)
    for _ in range(data.draw(st.integers(1, 40))):
        state = session.state
        fresh = state.turn is not None and not state.turn.simple
        maker = _attack if fresh and data.draw(st.integers(0, 3)) else _other
        _step(session, maker(data, state))
    replayed = CombatSession.from_json(session.to_json())
    assert replayed.state == session.state
    assert [e.sentence for e in replayed.log] == [e.sentence for e in session.log]
