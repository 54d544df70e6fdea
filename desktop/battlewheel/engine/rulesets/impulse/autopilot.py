"""The Impulse homebrew's autopilot for the encounter forecast (engine/core/forecast.py).

How it plays (001 §Turn Order, §Maneuvers, §Decisive Strike, §Move):

- before the fight each fighter rolls its order dice, then round 1 begins;
- on its turn a fighter strikes when its Impulse is worth it (at least 4; 2, the least
  a strike needs, when aggressive; 6 when cautious) and a foe is in reach of a weapon,
  else it manoeuvres (its best Attribute + Ability pool of Dexterity + Athletics,
  Wits + Awareness, Cunning + Stealth) to build Impulse;
- a fighter with only melee weapons and no foe at melee range first moves one band
  toward the nearest foe;
- the target: balanced, the foe with the lowest DV; aggressive, the foe with least
  Endurance; cautious, the foe with the most Impulse (the next to strike);
- then the turn ends.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.core.outcome import Outcome, last_side_standing
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse.block import UNARMED
from battlewheel.engine.rulesets.impulse.handlers.common import in_melee_with_foe
from battlewheel.engine.rulesets.impulse.handlers.strikes import (
    DECISIVE,
    manoeuvre_pool,
    resolve_strike,
)
from battlewheel.engine.rulesets.impulse.rules import MELEE, STRIKE_MINIMUM
from battlewheel.engine.rulesets.impulse.state import Fighter, ImpulseCombat

STRIKE_AT = {"aggressive": STRIKE_MINIMUM, "balanced": 4, "cautious": 6}
MANOEUVRES = (("dexterity", "athletics"), ("wits", "awareness"), ("cunning", "stealth"))


def outcome(state: ImpulseCombat) -> Outcome:
    """Over when one side has nobody left standing (001 §Endurance) or the GM ended it."""
    sides = {cid: who.side for cid, who in state.combatants.items()}
    standing = [cid for cid, who in state.combatants.items()
                if not (who.defeated or who.gone)]
    return last_side_standing(sides, standing, state.round, state.ended)


def end_values(state: ImpulseCombat) -> dict[str, dict[str, float]]:
    """Endurance and Impulse at the end."""
    return {cid: {"Endurance": who.endurance, "Impulse": who.impulse}
            for cid, who in state.combatants.items()}


def candidates(state: ImpulseCombat, rng: random.Random,
               tactics: Mapping[str, str]) -> Iterator[Action]:
    """What the autopilot does now, best first."""
    if state.ended:
        return
    if not state.started:
        for cid, who in state.combatants.items():
            if not who.orders:
                wanted = who.character.actions \
                    if state.options.extra_npc_actions == "own_roll" else 1
                yield a.RollOrder(cid, DiceEntry.rolled_by(rng, wanted))
        yield from _settled_ties(state, rng)
        yield a.StartCombat()
        return
    actor = state.acting_id()
    if actor is None or state.simple_done:
        yield a.EndTurn()
        return
    who = state.combatants[actor]
    stance = tactics.get(who.side, "balanced")
    foes = _foes(state, who, stance)
    if who.impulse >= STRIKE_AT.get(stance, 4):
        for foe in foes:
            yield from _strikes(state, who, foe, rng)
    if not who.moved and not in_melee_with_foe(state, actor) and foes \
            and not any(w.ranged for w in who.character.weapons):
        nearest = min(foes, key=lambda f: state.band(actor, f.id))
        if state.band(actor, nearest.id) > MELEE:
            yield a.Move(actor, (nearest.id,), "toward")
    attribute, ability = max(MANOEUVRES, key=lambda pair: who.character.pool(*pair))
    dice = manoeuvre_pool(who, attribute, ability, False)
    yield a.Manoeuvre(actor, attribute, ability, DiceEntry.rolled_by(rng, dice))
    yield a.EndTurn()


def _settled_ties(state: ImpulseCombat, rng: random.Random) -> Iterator[Action]:
    """Tied counters the GM has not settled, in an order drawn at random: the coin of
    001 §Turn Order (left alone, the first to join would always go first)."""
    if any(not who.orders for who in state.combatants.values()):
        return  # rolls still to come: no tie is known yet
    groups: dict[tuple[bool, int, int], list[tuple[str, str]]] = {}
    for entry in state.order():
        if entry.key not in state.tie_breaks:
            initiative = state.combatants[entry.cid].character.initiative
            groups.setdefault((entry.trailing, entry.value, initiative), []).append(
                (entry.key, entry.cid))
    for tied in groups.values():
        if len({cid for _, cid in tied}) > 1:  # one fighter's own counters: no matter
            keys = [key for key, _ in tied]
            rng.shuffle(keys)
            yield a.SettleTie(tuple(keys))
            return


def _foes(state: ImpulseCombat, who: Fighter, stance: str) -> list[Fighter]:
    foes = [f for f in state.combatants.values()
            if f.side != who.side and state.can_act(f.id)]
    if stance == "aggressive":
        return sorted(foes, key=lambda f: (f.endurance, f.dv))
    if stance == "cautious":
        return sorted(foes, key=lambda f: (-f.impulse, f.dv))
    return sorted(foes, key=lambda f: (f.dv, f.endurance))


def _strikes(state: ImpulseCombat, who: Fighter, foe: Fighter,
             rng: random.Random) -> Iterator[Action]:
    """A Decisive Strike on ``foe`` with each weapon that reaches, dice rolled as the dialog
    rolls them: accuracy first, damage only on a hit."""
    for weapon in who.character.weapons or (UNARMED,):
        try:
            pool = resolve_strike(state, who.id, (foe.id,), weapon.name,
                                  DiceEntry.of_successes(0), None, False, DECISIVE)[0].pool
        except RulesError:
            continue
        accuracy = DiceEntry.rolled_by(rng, pool)
        yield a.DecisiveStrike(who.id, foe.id, weapon.name, accuracy,
                               _damage(state, who, foe, weapon.name, accuracy, rng))


def _damage(state: ImpulseCombat, who: Fighter, foe: Fighter, weapon: str,
            accuracy: DiceEntry, rng: random.Random) -> DiceEntry | None:
    try:
        resolve_strike(state, who.id, (foe.id,), weapon, accuracy, None, False, DECISIVE)
        return None  # a miss rolls no damage
    except RulesError:
        pass
    try:
        dice = resolve_strike(state, who.id, (foe.id,), weapon, accuracy,
                              DiceEntry.of_successes(0), False, DECISIVE)[0].damage_pool
    except RulesError:
        return None
    return DiceEntry.rolled_by(rng, dice)
