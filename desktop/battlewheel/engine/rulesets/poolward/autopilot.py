"""Pool & Ward's autopilot for the encounter forecast (engine/core/forecast.py).

How it plays (002 §Types of Actions, §Attack Roll Dice Pools):

- before the fight: each fighter rolls the order when the ruling wants it (Dexterity
  dice), then the fight starts; between rounds the next turn begins the round; fighters
  whose rolls tie are placed at random, as the GM would place them at the table (left
  alone, the first to join would always go first);
- on its turn a fighter attacks, readies or delays, by the situation (002 §Types of
  Actions: Readied and Delayed actions):
  - it attacks with the weapon that rolls most dice against the foe it picks: a
    balanced fighter the foe its best pool hurts most (of those, the most hurt, then the
    biggest threat), an aggressive one the foe with least Health left (finish them), a
    cautious one the foe whose own attack rolls most dice (the biggest threat);
  - a missile or spell attacker (not aggressive) whose target still has Dodge that a
    melee blow would wear down (no Parry use left to take it) delays until just after
    a melee ally who has yet to act this round (the archer waits for the blades);
  - a fighter whose every attack would roll no dice (cautious: two or fewer) while a
    melee ally has yet to act readies an action for "a foe's guard drops", and acts the
    moment one of its attacks would roll more (an aggressive fighter never waits);
- the seed's defence is passive (Armour, Shield, Dodge and Parry uses count by
  themselves), so there is no block to choose;
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
from battlewheel.engine.rulesets.poolward.block import MELEE
from battlewheel.engine.rulesets.poolward.handlers.attack import preview_attack
from battlewheel.engine.rulesets.poolward.handlers.rounds import (
    missing_rolls,
    missing_slots,
    rolled_order,
)
from battlewheel.engine.rulesets.poolward.options import ORDER_EACH_ROUND, ORDER_GM
from battlewheel.engine.rulesets.poolward.rules.rolls import die_of
from battlewheel.engine.rulesets.poolward.state import DEAD, STANDARD, UP, Fight, Fighter

ORDER_STAT = "dexterity"
READY_TRIGGER = "a foe's guard drops"
# A cautious fighter waits while its best pool is this or less.
CAUTIOUS_WAIT = 2


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
        yield from _placed_ties(state, rng)
        yield a.StartFight() if not state.started else a.NextTurn()
        return
    actor = state.actor()
    if actor is None:
        yield a.NextTurn()
        return
    yield from _triggers(state, tactics)
    who = state.fighters[actor]
    stance = tactics.get(who.side, "balanced")
    if not missing_slots(who, STANDARD, state.options):
        if state.interrupting is None:
            yield from _waits(state, who, stance)
        yield from _attacks(state, who, stance, rng)
    yield a.NextTurn()


def _order_rolls(state: Fight, rng: random.Random) -> Iterator[Action]:
    ruling = state.options.turn_order
    if ruling == ORDER_GM or (state.started and ruling != ORDER_EACH_ROUND):
        return
    for cid in missing_rolls(state):
        pool = max(1, state.fighters[cid].block.stats.get(ORDER_STAT, 1))
        yield a.RollOrder(cid, pool, _faces(state, pool, rng))


def _placed_ties(state: Fight, rng: random.Random) -> Iterator[Action]:
    """The order with tied rolls placed at random, once every roll is in (ruling
    ``turn_order``: ties as the GM places them).

    The placing is drawn from a source seeded by the playout's own (not drawn from it), so
    a fight without ties plays the same dice, and asking again before the round starts
    places them the same way: the order set once is not set again.
    """
    ruling = state.options.turn_order
    if ruling == ORDER_GM or (state.started and ruling != ORDER_EACH_ROUND) \
            or missing_rolls(state):
        return
    rolls = state.order_rolls
    groups: dict[int, list[str]] = {}
    for cid in state.fighters:  # joining order: the same groups however the order stands
        if cid in rolls:
            groups.setdefault(rolls[cid], []).append(cid)
    tied = [group for group in groups.values() if len(group) > 1]
    if not tied:
        return
    coin = random.Random(f"ties {rng.getstate()}")
    taken = rolled_order(state.order, rolls)
    wanted = list(taken)
    for group in tied:
        places = [index for index, cid in enumerate(taken) if cid in group]
        coin.shuffle(group)
        for index, cid in zip(places, group, strict=True):
            wanted[index] = cid
    if wanted != taken:
        yield a.SetOrder(tuple(wanted))


def _faces(state: Fight, dice: int, rng: random.Random) -> DiceEntry:
    """A roll of ``dice`` dice of the ruling's die, as the Roll button makes it."""
    return DiceEntry.rolled_by(rng, dice, sides=die_of(state.options)[0])


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


def _triggers(state: Fight, tactics: Mapping[str, str]) -> Iterator[Action]:
    """A readied fighter acts as soon as one of its attacks would roll enough dice."""
    if state.interrupting is not None:
        return
    for cid in state.readied:
        who = state.fighters[cid]
        if who.can_act and _best_pool(state, who) > _wait_below(tactics.get(who.side, "")):
            yield a.TriggerReadied(cid)


def _waits(state: Fight, who: Fighter, stance: str) -> Iterator[Action]:
    """Delay behind a melee ally, or ready for a foe's guard to drop (see the docstring)."""
    if stance == "aggressive":
        return
    helper = _melee_ally_to_come(state, who)
    if helper is None:
        return
    if not _wears_dodge(who) and any(_dodge_to_wear(foe) for foe in _foes(state, who)):
        yield a.DelayTurn(who.id, state.position(helper))
    if _best_pool(state, who) <= _wait_below(stance):
        yield a.ReadyAction(who.id, READY_TRIGGER)


def _wait_below(stance: str) -> int:
    """The pool at or below which a fighter waits for a better moment."""
    return CAUTIOUS_WAIT if stance == "cautious" else 0


def _melee_ally_to_come(state: Fight, who: Fighter) -> str | None:
    """The first ally after ``who`` in the round's order, still to act, who fights in melee."""
    after = state.order[state.position(who.id) + 1:]
    return next((cid for cid in after
                 if (ally := state.fighters[cid]).side == who.side and ally.can_act
                 and cid not in state.done and cid not in state.readied and _wears_dodge(ally)),
                None)


def _wears_dodge(who: Fighter) -> bool:
    """Whether one of its attacks is a melee one, which wears a target's Dodge down."""
    return any(profile.kind == MELEE for profile in who.block.attacks)


def _dodge_to_wear(foe: Fighter) -> bool:
    """A melee blow would take a point of this foe's Dodge (no Parry use left to spend)."""
    return foe.can_act and foe.dodge_now > 0 and foe.parry_left == 0


def _best_pool(state: Fight, who: Fighter) -> int:
    """The most dice any of its attacks would roll against any foe now."""
    pools = [_pool(state, who, foe, profile.name)
             for foe in _foes(state, who) for profile in who.block.attacks]
    return max((pool for pool in pools if pool is not None), default=0)


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
    return (pool, -foe.health, _threat(state, foe, who))


def _threat(state: Fight, foe: Fighter, me: Fighter) -> int:
    found = [_pool(state, foe, me, profile.name) for profile in foe.block.attacks]
    return max((pool for pool in found if pool is not None), default=0)
