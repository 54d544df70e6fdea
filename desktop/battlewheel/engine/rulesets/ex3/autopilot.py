"""3rd edition's autopilot for the encounter forecast (engine/core/forecast.py).

How it plays (003 §The Flow of Combat, §Resolution Steps, §Crash, §Move, §Aim):

- before the fight everyone rolls Join Battle, then round 1 begins;
- on its turn a fighter makes a withering attack until its Initiative is worth a
  decisive one (balanced 7, aggressive 4, cautious 10, and always more than the target's
  Hardness), or at once against a foe in Crash (whose Initiative cannot answer);
- the target: balanced, the foe with the lowest Defence against the attack; aggressive,
  the most hurt foe; cautious, the foe with most Initiative (the next big threat);
- out of reach, a fighter with a ranged weapon aims; one with close weapons moves to its
  target's zone, then closes in;
- battle groups pick their target the same way but make only withering attacks (on a
  crashed foe they hurt its health), their attacks and damage under the engine's battle
  group rules (Size and Might, every foe at close range struck, rout checks rolled when
  the rules ask) (003 §Battle Groups);
- Shift and rout rolls are made when the attack calls for them; then the turn ends.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Mapping
from functools import lru_cache

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.dice import DiceEntry, roll
from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.core.forecast import with_rolls
from battlewheel.engine.core.outcome import Outcome, last_side_standing
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.handlers import attack as atk
from battlewheel.engine.rulesets.ex3.handlers.initiative import join_pool
from battlewheel.engine.rulesets.ex3.rules import defence as d
from battlewheel.engine.rulesets.ex3.state import Combat, Combatant

DECISIVE_AT = {"aggressive": 4, "balanced": 7, "cautious": 10}
MOST_ROUT_ROLLS = 3


def outcome(state: Combat) -> Outcome:
    """Over when one side has nobody left in the fight (incapacitated, dead, dissolved or
    gone), or the GM ended it."""
    sides = {cid: who.side for cid, who in state.combatants.items()}
    standing = [cid for cid, who in state.combatants.items() if not who.out]
    return last_side_standing(sides, standing, state.round, state.ended)


def end_values(state: Combat) -> dict[str, dict[str, float]]:
    """Initiative and health levels lost (Magnitude for a battle group) at the end."""
    found: dict[str, dict[str, float]] = {}
    for cid, who in state.combatants.items():
        values: dict[str, float] = {"Initiative": who.initiative or 0,
                                    "Health levels lost": who.health.damage}
        if who.is_group:
            values["Magnitude"] = who.magnitude
        found[cid] = values
    return found


def candidates(state: Combat, rng: random.Random,
               tactics: Mapping[str, str]) -> Iterator[Action]:
    """What the autopilot does now, best first."""
    if state.ended:
        return
    if not state.started:
        for cid, who in state.combatants.items():
            if not who.joined and not who.out:
                yield a.RollJoinBattle(cid, DiceEntry.rolled_by(rng, join_pool(who)))
        yield a.StartCombat()
        return
    actor = state.actor
    if actor is None or state.turn is None or state.turn.simple:
        yield a.NextTurn()
        return
    who = state.combatants[actor]
    stance = tactics.get(who.side, "balanced")
    foes = _foes(state, who, stance)
    for foe in foes:
        yield from _attacks(state, who, foe, stance, rng)
    if foes:
        yield from _close_in(state, who, foes[0])
    yield a.NextTurn()


def _foes(state: Combat, who: Combatant, stance: str) -> list[Combatant]:
    foes = [f for f in state.combatants.values()
            if f.side != who.side and not f.out and f.joined]
    if stance == "aggressive":
        return sorted(foes, key=lambda f: (-f.health.damage, f.initiative or 0))
    if stance == "cautious":
        return sorted(foes, key=lambda f: -(f.initiative or 0))
    return sorted(foes, key=lambda f: (f.derived.parry + f.derived.evasion, f.health.share_left))


def _mode(who: Combatant, foe: Combatant, stance: str) -> str:
    """Withering or decisive (003 §Resolution Steps); a battle group only ever makes
    withering attacks, which hurt a crashed foe's health (003 §Battle Groups)."""
    if who.is_group:
        return a.WITHERING
    initiative = who.initiative or 0
    if initiative > foe.derived.hardness and (
            foe.in_crash or initiative >= DECISIVE_AT.get(stance, 7)):
        return a.DECISIVE
    return a.WITHERING


def _attacks(state: Combat, who: Combatant, foe: Combatant, stance: str,
             rng: random.Random) -> Iterator[Action]:
    """An attack on ``foe`` with each weapon that reaches, rolled as the dialog rolls it."""
    mode = _mode(who, foe, stance)
    for weapon in who.block.all_weapons:
        declared = _declared(who.id, foe.id, mode, weapon.name)
        try:
            plan = atk.plan_attack(state, declared)
        except RulesError:
            continue
        rolled = DiceEntry.rolled_by(rng, plan.pool)
        successes = roll(plan.pool, rolled, double_tens=plan.double_tens).successes
        damage = _damage(state, plan, declared, successes, rng)
        others = tuple(a.AlsoHit(other, _damage_on(state, declared, other, successes, rng))
                       for other in atk.reached_by(state, declared))
        attack = with_rolls(declared, attack=rolled, damage=damage, others=others)
        yield attack
        yield from _with_extra_rolls(state, attack, rng)


@lru_cache(maxsize=4096)
def _declared(attacker: str, target: str, mode: str, weapon: str) -> a.Attack:
    """The attack before its rolls (kept: every action made is checked whole, which costs
    more than planning the attack)."""
    return a.Attack(attacker, target, mode, weapon, DiceEntry.of_successes(0))


def _damage(state: Combat, plan: atk.AttackPlan, attack: a.Attack, successes: int,
            rng: random.Random) -> DiceEntry | None:
    """The damage roll of a hit (None for a miss), as many dice as the plan says."""
    excess = successes - plan.defence.value
    if excess < 0:
        return None
    try:
        return DiceEntry.rolled_by(rng, atk.damage_plan(state, plan, attack, excess).pool)
    except RulesError:
        return None


def _damage_on(state: Combat, attack: a.Attack, foe: str, successes: int,
               rng: random.Random) -> DiceEntry | None:
    """A battle group's damage roll on another foe its attack reaches (003 §Battle Groups)."""
    variant = _declared(attack.attacker, foe, attack.mode, attack.weapon)
    try:
        plan = atk.plan_attack(state, variant)
    except RulesError:
        return None
    return _damage(state, plan, variant, successes, rng)


def _with_extra_rolls(state: Combat, attack: a.Attack,
                      rng: random.Random) -> Iterator[Action]:
    """The same attack with the Shift's Join Battle roll and rout rolls, for when the
    rules call for them (tried only if the attack without them was refused)."""
    attacker = state.combatants[attack.attacker]
    target = state.combatants[attack.target]
    shift = DiceEntry.rolled_by(rng, join_pool(attacker))
    routs: tuple[DiceEntry, ...] = ()
    if target.is_group:
        pool = r.rout_pool(target.block, state.options.rout_drill_dice)
        routs = tuple(DiceEntry.rolled_by(rng, pool) for _ in range(MOST_ROUT_ROLLS))
    for shift_dice in (None, shift):
        for count in range(len(routs) + 1):
            if shift_dice is None and count == 0:
                continue
            yield dataclasses.replace(attack, shift_dice=shift_dice, rout=routs[:count])


def _close_in(state: Combat, who: Combatant, foe: Combatant) -> Iterator[Action]:
    """Out of reach: aim a ranged weapon, or go to the foe's zone and close in."""
    for weapon in who.block.all_weapons:
        if not weapon.close:
            yield a.Aim(who.id, foe.id, weapon.name)
    assert state.turn is not None
    if state.turn.movement or d.foes_at_close(state, who.id):
        return
    where = d.band(state, who.id, foe.id)
    if where == "short":
        yield a.Move(who.id, "close", other=foe.id)
    elif state.options.range_model == "bands":
        yield a.Move(who.id, "toward", other=foe.id)
    else:
        step = 1 if foe.zone > who.zone else -1
        yield a.Move(who.id, "zone", zone=who.zone + step)
