"""Pool & Ward's autopilot for the encounter forecast (engine/core/forecast.py).

How it plays (002 §Types of Actions, §Attack Roll Dice Pools):

- before the fight: each fighter rolls the order when the ruling wants it (Dexterity
  dice), then the fight starts; between rounds the next turn begins the round;
- on its turn a fighter attacks with the weapon that rolls most dice against the foe it
  picks, then ends its turn. A balanced fighter picks the foe its best pool hurts most,
  an aggressive one the foe with least Health left (finish them), a cautious one the
  foe whose own attack rolls most dice (the biggest threat);
- the seed's defence is passive (Dodge, Parry uses, Ward), so there is nothing to block
  with and no trigger to ready for: every turn is an attack or, with no foe in reach,
  just the end of the turn;
- a disabled foe is struck only when nobody on that side is still up.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.core.outcome import Outcome, last_side_standing
from battlewheel.engine.rulesets.poolward import actions as a
from battlewheel.engine.rulesets.poolward.handlers.attack import preview_attack
from battlewheel.engine.rulesets.poolward.handlers.rounds import missing_rolls, missing_slots
from battlewheel.engine.rulesets.poolward.options import ORDER_EACH_ROUND, ORDER_GM
from battlewheel.engine.rulesets.poolward.rules.rolls import die_of
from battlewheel.engine.rulesets.poolward.state import DEAD, STANDARD, UP, Fight, Fighter

ORDER_STAT = "dexterity"


def outcome(state: Fight) -> Outcome:
    """Over when at most one side has a fighter up (002 §Damage Tracking: disabled and dead
    fighters cannot act), or when the GM ended it."""
    sides = {cid: who.side for cid, who in state.fighters.items()}
    standing = [cid for cid, who in state.fighters.items() if who.condition == UP]
    return last_side_standing(sides, standing, state.round, state.ended)


def end_values(state: Fight) -> dict[str, dict[str, float]]:
    """Health, Vigor and Ward at the end."""
    return {cid: {"Health": who.health, "Vigor": who.vigor, "Ward": who.ward}
            for cid, who in state.fighters.items()}


def candidates(state: Fight, rng: random.Random,
               tactics: Mapping[str, str]) -> Iterator[Action]:
    """What the autopilot does now, best first."""
    if state.ended:
        return
    if not state.started or state.round_over:
        yield from _order_rolls(state, rng)
        yield a.StartFight() if not state.started else a.NextTurn()
        return
    actor = state.actor()
    if actor is None:
        yield a.NextTurn()
        return
    who = state.fighters[actor]
    stance = tactics.get(who.side, "balanced")
    if not missing_slots(who, STANDARD, state.options):
        yield from _attacks(state, who, stance, rng)
    yield a.NextTurn()


def _order_rolls(state: Fight, rng: random.Random) -> Iterator[Action]:
    ruling = state.options.turn_order
    if ruling == ORDER_GM or (state.started and ruling != ORDER_EACH_ROUND):
        return
    for cid in missing_rolls(state):
        pool = max(1, state.fighters[cid].block.stats.get(ORDER_STAT, 1))
        yield a.RollOrder(cid, pool, _faces(state, pool, rng))


def _faces(state: Fight, dice: int, rng: random.Random) -> DiceEntry:
    """A roll of ``dice`` dice of the ruling's die, as the Roll button makes it."""
    sides = die_of(state.options)[0]
    return DiceEntry.of_faces([rng.randint(1, sides) for _ in range(dice)], sides=sides,
                              rolled=True)


def _roll(state: Fight, dice: int, rng: random.Random) -> DiceEntry | None:
    """An attack's roll; a pool of 0 or less is not rolled (002 §Attack Roll Dice Pools)."""
    return _faces(state, dice, rng) if dice > 0 else None


def _attacks(state: Fight, who: Fighter, stance: str, rng: random.Random) -> Iterator[Action]:
    """The attack on the chosen foe with the best weapon, then on the others."""
    options = []
    for foe in _foes(state, who):
        pools = [(pool, profile.name) for profile in who.block.attacks
                 if (pool := _pool(state, who, foe, profile.name)) is not None]
        if pools:
            pool, name = max(pools)
            options.append((_priority(state, who, foe, pool, stance), foe.id, name, pool))
    for _, foe_id, name, pool in sorted(options, key=lambda o: o[0], reverse=True):
        yield a.Attack(who.id, foe_id, name, _roll(state, pool, rng))


def _foes(state: Fight, who: Fighter) -> list[Fighter]:
    foes = [f for f in state.fighters.values() if f.side != who.side and f.condition != DEAD]
    up = [f for f in foes if f.condition == UP]
    return up or foes


def _pool(state: Fight, who: Fighter, foe: Fighter, attack: str) -> int | None:
    try:
        return preview_attack(state, a.Attack(who.id, foe.id, attack)).pool
    except RulesError:
        return None


def _priority(state: Fight, who: Fighter, foe: Fighter, pool: int,
              stance: str) -> tuple[float, ...]:
    if stance == "aggressive":
        return (-foe.health, pool)
    if stance == "cautious":
        return (_threat(state, foe, who), pool)
    return (pool, -foe.health)


def _threat(state: Fight, foe: Fighter, me: Fighter) -> int:
    found = [_pool(state, foe, me, profile.name) for profile in foe.block.attacks]
    return max((pool for pool in found if pool is not None), default=0)
