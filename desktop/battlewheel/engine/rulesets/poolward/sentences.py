"""The combat log's sentences for Pool & Ward, and what ``battlewheel replay`` prints.

An action alone knows ids and numbers; the log names people, gives the pool's working
and where the damage went, read from the states before and after the action (``after``
is None when the action was refused: then the action's own plain sentence).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from battlewheel.engine.core.actions import Action
from battlewheel.engine.rulesets.poolward import actions as a
from battlewheel.engine.rulesets.poolward.handlers.attack import AttackOutcome, resolve_attack
from battlewheel.engine.rulesets.poolward.state import DEAD, DISABLED, Fight, Fighter

Sentence = Callable[[Fight, Any, Fight], str]


def describe(before: Fight, action: Action, after: Fight | None) -> str:
    """The log sentence of ``action`` taken in ``before`` and leading to ``after``."""
    write = _WITH_AFTER.get(type(action))
    if after is not None and write is not None:
        return write(before, action, after)
    return action.sentence(before.name)


def _attack(before: Fight, action: a.Attack, after: Fight) -> str:
    outcome = resolve_attack(before, action)
    who, target = before.name(action.attacker), before.name(action.target)
    head = f"{who} attacks {target} with {action.attack}"
    if action.steady_shot:
        head += " (Steady Shot)"
    pool = outcome.preview
    working = f"{pool.raw.total} dice \u2212 {pool.raw.total - pool.pool} = {pool.pool}"
    if not pool.rolls:
        return f"{head}: {working}, no roll, no damage."
    return f"{head}: {working} dice, {_landing(outcome, after.fighters[action.target])}"


def _landing(outcome: AttackOutcome, target: Fighter) -> str:
    result = outcome.result
    if not result.hit:
        # 004 in full notes a botch; the page gives it no effect beyond the miss.
        return "no successes (a botch), no damage." if outcome.roll.botch else (
            "no successes, no damage.")
    parts = [f"{outcome.successes} success" + ("" if outcome.successes == 1 else "es")]
    if result.damage != outcome.successes:
        parts.append(f"Mortal: {result.damage}")
    if result.ward_absorbed:
        parts.append(f"Ward absorbs {result.ward_absorbed}")
    if result.converted:
        parts.append(f"DR turns {result.converted} non-lethal")
    if result.to_vigor:
        parts.append(f"Vigor \u2212{result.to_vigor}")
    if result.to_health:
        parts.append(f"Health \u2212{result.to_health} (now {target.health})")
    text = ", ".join(parts)
    if target.condition in (DISABLED, DEAD):
        text += f"; {target.name} is {target.condition}"
    fired = [trigger.name for trigger in outcome.triggers]
    if fired:
        text += "; fires " + ", ".join(fired)
    return text + "."


def _next_turn(before: Fight, action: a.NextTurn, after: Fight) -> str:
    actor = after.actor()
    if after.round != before.round:
        first = f": {after.name(actor)} acts first" if actor else ""
        return f"Round {after.round} begins{first}."
    if actor is None:
        return f"Round {after.round} is over; roll the order for the next."
    return f"Next turn: {after.name(actor)}."


def _start(before: Fight, action: a.StartFight, after: Fight) -> str:
    actor = after.actor()
    return "The fight begins: round 1" + (f", {after.name(actor)} acts first." if actor else ".")


def _set_track(before: Fight, action: a.SetTrack, after: Fight) -> str:
    who = after.fighters[action.combatant]
    old = getattr(before.fighters[action.combatant], action.track)
    word = action.track.title()
    return f"GM sets {who.name}'s {word} from {old} to {action.value}."


def _heal(before: Fight, action: Any, after: Fight) -> str:
    old, new = before.fighters[action.combatant], after.fighters[action.combatant]
    return f"{action.sentence(before.name)[:-1]}: Health {old.health} → {new.health}, " \
           f"Vigor {old.vigor} → {new.vigor}."


def _delay(before: Fight, action: a.DelayTurn, after: Fight) -> str:
    """A delay only when the turn goes later in a running round; before the start, between
    rounds or moved earlier, the GM merely sets the order."""
    who, place = before.name(action.combatant), action.position + 1
    running = before.started and not before.round_over
    if running and action.position > before.position(action.combatant):
        return f"{who} delays to place {place} in the order."
    return f"{who} moves to place {place} in the order."


_WITH_AFTER: dict[type[Action], Sentence] = {
    a.DelayTurn: _delay,
    a.Attack: _attack,
    a.NextTurn: _next_turn,
    a.StartFight: _start,
    a.SetTrack: _set_track,
    a.Heal: _heal,
    a.Sleep: _heal,
    a.Rest: _heal,
    a.Backlash: _heal,
}


# -- what a replay prints -------------------------------------------------------------------------


def final_state(state: Fight) -> dict[str, Any]:
    """The round, the order, whose turn, and each fighter's tracks and round's defence."""
    return {
        "round": state.round,
        "started": state.started,
        "ended": state.ended,
        "order": list(state.order),
        "actor": state.actor(),
        "done": list(state.done),
        "readied": dict(state.readied),
        "fighters": {cid: _fighter(who) for cid, who in state.fighters.items()},
    }


def _fighter(who: Fighter) -> dict[str, Any]:
    return {
        "name": who.name,
        "side": who.side,
        "condition": who.condition,
        "health": who.health,
        "health_max": who.block.health_max,
        "vigor": who.vigor,
        "ward": who.ward,
        "backlash_health": who.backlash_health,
        "backlash_vigor": who.backlash_vigor,
        "dodge_losses": who.dodge_losses,
        "parry_used": who.parry_used,
        "flat_footed": who.flat_footed,
        "used": list(who.used),
    }
