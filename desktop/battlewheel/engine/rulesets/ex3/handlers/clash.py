"""Clashes: two attacks on each other on one tick, resolved as opposed rolls (003 §Clashes)."""

from __future__ import annotations

import dataclasses

from battlewheel.engine.core.dice import roll
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.handlers import attack as atk
from battlewheel.engine.rulesets.ex3.handlers import flow
from battlewheel.engine.rulesets.ex3.handlers import initiative as ini
from battlewheel.engine.rulesets.ex3.rules import defence as d
from battlewheel.engine.rulesets.ex3.state import Combat

CLASHES = "003 §Clashes"


def as_attack(side: a.ClashSide, target: str) -> a.Attack:
    """One side of a clash as the attack it is."""
    return a.Attack(
        attacker=side.attacker, target=target, mode=side.mode, weapon=side.weapon,
        attack=side.attack, damage=side.damage, specialty=side.specialty,
        bonus_dice=side.bonus_dice, bonus_successes=side.bonus_successes,
        post_soak=side.post_soak, flurry=side.flurry, defence=d.CLASH)


def can_answer(state: Combat, actor: str, other: str) -> str:
    """Why ``other`` cannot clash with the actor now ("" if it can) (003 §Clashes)."""
    who = state.combatants.get(other)
    if who is None or who.out or actor not in state.combatants:
        return "that combatant is not in the fight"
    if not state.hostile(actor, other):
        return "only foes clash"
    if who.simple_spent:
        return (f"{who.name} has answered with its attack on this tick: only the first pair "
                "of attacks is a Clash, further attacks resolve normally")
    if who.acted or who.tick != state.tick:
        return f"{who.name} does not act on this tick"
    return ""


def declaring_order(state: Combat, first: str, second: str) -> tuple[str, str]:
    """Who declares effects first: the higher Join Battle rating, then Dexterity + Athletics
    (003 §Clashes; ruling jb_rating)."""
    # Both act on this tick: the tick in the order's key says nothing between them.
    keyed = sorted(((flow.order_key(state, state.combatants[cid], i)[1:], cid)
                    for i, cid in enumerate((first, second))))
    return keyed[0][1], keyed[1][1]


def plans(state: Combat, action: a.Clash) -> tuple[atk.AttackPlan, atk.AttackPlan]:
    """Both attacks planned: the actor's in turn, the answer out of turn (003 §Clashes)."""
    first, second = action.first, action.second
    if first.mode not in (a.WITHERING, a.DECISIVE) or second.mode not in (a.WITHERING, a.DECISIVE):
        raise IllegalAction(CLASHES, "clashes are withering or decisive attacks")
    why = can_answer(state, first.attacker, second.attacker)
    if why:
        raise IllegalAction(CLASHES, why)
    mine = atk.plan_attack(state, as_attack(first, second.attacker))
    theirs = atk.plan_attack(state, as_attack(second, first.attacker), own_turn=False)
    return mine, theirs


def clash(state: Combat, action: a.Clash) -> list[Event]:
    """Opposed attack rolls: the winner hits as if past Defence, the loser -2 (003 §Clashes)."""
    mine, theirs = plans(state, action)
    flow.use_simple(state, mine.attacker, "attack", flurry_keyword=True,
                    flurry=action.first.flurry)
    _spend_answer(state, action.second)
    results = [roll(p.pool, side.attack, double_tens=p.double_tens,
                    automatic_successes=side.bonus_successes)
               for p, side in ((mine, action.first), (theirs, action.second))]
    rolls = [result.successes for result in results]
    events = [Event("clash", mine.attacker, f"Clash: {rolls[0]} against {rolls[1]} successes.")]
    for plan, result in zip((mine, theirs), results, strict=True):
        events += atk.botch_note(state, plan.attacker, result)
    if rolls[0] == rolls[1]:
        return events + _tie(state, action, (mine, theirs))
    won = 0 if rolls[0] > rolls[1] else 1
    pair = ((mine, action.first), (theirs, action.second))
    winner, loser = pair[won], pair[1 - won]
    shifts = ini.shift_pending(state, winner[0].attacker, loser[0].attacker)
    _lose(state, loser[0], loser[1], events)
    threshold = abs(rolls[0] - rolls[1])
    _win(state, action, winner[0], winner[1], threshold, shifts, events)
    return events


def _spend_answer(state: Combat, side: a.ClashSide) -> None:
    """The answer spends its Simple action now; as a flurry's first action it costs -1
    Defence at once and leaves one more different Flurry action for its turn
    (003 §Clashes, §Combat Actions)."""
    other = state.combatants[side.attacker]
    if side.flurry and (other.id in state.grapples or state.grappled_by(other.id)):
        raise IllegalAction("003 §Grapple", "no flurries while grappling")
    state.put(other.replace(simple_spent=True, answer_flurry=side.flurry,
                            flurry_penalty=other.flurry_penalty or side.flurry))


def _tie(state: Combat, action: a.Clash,
         plans_: tuple[atk.AttackPlan, atk.AttackPlan]) -> list[Event]:
    """A tie: both miss as usual, or the two roll again (003 §Clashes; ruling clash_tie)."""
    if state.options.clash_tie == "reroll":
        raise IllegalAction(CLASHES, "the clash is tied: both roll again")
    events = [Event("clash_tie", text="The clash is tied: both attacks miss.")]
    for plan, side in zip(plans_, (action.first, action.second), strict=True):
        if side.damage is not None:
            raise IllegalAction(CLASHES, "a tied clash has no damage roll")
        target = state.combatants[plan.target]
        state.put(target.replace(onslaught=target.onslaught + r.ONSLAUGHT))
        if plan.mode == a.DECISIVE:
            atk.pay_decisive_miss(state, plan.attacker, events)
    return events


def _lose(state: Combat, plan: atk.AttackPlan, side: a.ClashSide, events: list[Event]) -> None:
    """The loser's attack ends; -2 Defence that does not stack (003 §Clashes)."""
    if side.damage is not None:
        raise IllegalAction(CLASHES, f"{state.name(plan.attacker)} lost the clash: no damage roll")
    loser = state.combatants[plan.attacker]
    state.put(loser.replace(clash_penalty=True))
    events.append(Event("clash_lost", loser.id, f"{loser.name} loses the clash: -2 Defence."))
    if plan.mode == a.DECISIVE and state.options.clash_loser_miss_penalty:
        atk.pay_decisive_miss(state, loser.id, events)


def _win(state: Combat, action: a.Clash, plan: atk.AttackPlan, side: a.ClashSide,
         threshold: int, shifts: bool, events: list[Event]) -> None:
    """The winner's damage: threshold dice and +3s withering, +1s decisive (003 §Clashes)."""
    attack = dataclasses.replace(as_attack(side, plan.target), shift_dice=action.shift_dice,
                                 rout=action.rout)
    damage = atk.damage_plan(state, plan, attack, threshold, clash=True)
    if side.damage is None:
        raise IllegalAction(CLASHES, f"the winner hits: give its damage roll ({damage.pool} dice)")
    got = roll(damage.pool, side.damage, double_tens=damage.double_tens,
               automatic_successes=damage.automatic).successes
    atk.apply_damage(state, plan, attack, got, damage, shifts, events)
    state.last_attacker[plan.target] = plan.attacker
