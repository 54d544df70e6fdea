"""Handlers of the roster, the order and the turn: who fights, in what order, with which slots.

Each handler is ``(state, action) -> events`` on the session's throw-away clone; a
refusal raises ``IllegalAction`` naming the 002 section before anything it would
change is stored.
"""

from __future__ import annotations

from typing import Any

from battlewheel.engine.core.errors import IllegalAction, one_of_or_refuse
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.lasting import LASTING_TERM
from battlewheel.engine.rulesets.poolward import actions as a
from battlewheel.engine.rulesets.poolward import lasting
from battlewheel.engine.rulesets.poolward.block import StatBlock, check_range
from battlewheel.engine.rulesets.poolward.handlers.rounds import (
    TURN_RULE,
    end_turn,
    fighter,
    missing_rolls,
    require_not_ended,
    require_running,
    require_turn,
    spend_slots,
    start_round,
    take_rolls,
)
from battlewheel.engine.rulesets.poolward.options import (
    ORDER_EACH_ROUND,
    ORDER_GM,
    ORDER_ONCE,
    WARD_PER_SCENE,
    PoolWardOptions,
)
from battlewheel.engine.rulesets.poolward.rules.rolls import read_roll
from battlewheel.engine.rulesets.poolward.state import (
    FAST,
    FREE,
    MOVE,
    SLOTS,
    STANDARD,
    Fight,
    Fighter,
)

ORDER_RULE = f"{TURN_RULE} (turn order ruling)"
MOST_ORDER_DICE = 60


# -- the roster ----------------------------------------------------------------------------


def add_combatant(state: Fight, action: a.AddCombatant) -> list[Event]:
    """A fighter joins, at the end of the order (the GM moves them)."""
    require_not_ended(state)
    state.fighters[action.id] = _joining(action, state.options)
    state.order.append(action.id)
    state.base_order.append(action.id)
    return [Event("combatant_added", action.id, f"{action.character.name} joins the fight.")]


def _joining(action: a.AddCombatant, options: PoolWardOptions) -> Fighter:
    block: StatBlock = action.character
    terms = a.JOINING.of(action)
    if terms[LASTING_TERM] is not None:
        return _joining_as_they_are(action, terms, options)
    health = _start_value("health", terms["health"], block.health_max, -block.health_max)
    vigor = _start_value("vigor", terms["vigor"], block.vigor_max, 0)
    ward = _start_value("ward", terms["ward"], block.ward, 0)
    return Fighter(action.id, block, action.side, terms["player"], health, vigor, ward)


def _joining_as_they_are(action: a.AddCombatant, terms: dict[str, Any],
                         options: PoolWardOptions) -> Fighter:
    """A roster character joins at their current condition (rules/between-fights.md
    §Pool & Ward): Health, Vigor, Backlash, stable, dead; Ward under ``ward_restores``."""
    if any(terms[name] is not None for name in ("health", "vigor", "ward")):
        raise IllegalAction("002 §Damage Tracking (Health / Vigor)", "a fighter joins "
                            "either at a condition or at given tracks, not both")
    block: StatBlock = action.character
    condition: lasting.Lasting = terms[LASTING_TERM]
    tracks = lasting.joined(block, condition, options)
    who = Fighter(action.id, block, action.side, terms["player"], 0, 0, 0,
                  stable=condition.stable and tracks.health <= 0)
    return who.with_tracks(tracks)


def _start_value(name: str, given: int | None, most: int, least: int) -> int:
    if given is None:
        return most
    if isinstance(given, bool) or not least <= given <= most:
        raise IllegalAction("002 §Damage Tracking (Health / Vigor)",
                            f"{name} must be {least} to {most}, not {given}")
    return given


def remove_combatant(state: Fight, action: a.RemoveCombatant) -> list[Event]:
    """A fighter leaves; the order closes up behind them."""
    require_not_ended(state)
    who = fighter(state, action.id)
    del state.fighters[action.id]
    for listing in (state.order, state.base_order, state.done):
        if action.id in listing:
            listing.remove(action.id)
    state.readied.pop(action.id, None)
    state.order_rolls.pop(action.id, None)
    if state.interrupting == action.id:
        state.interrupting = None
    return [Event("combatant_removed", action.id, f"{who.name} leaves the fight.")]


# -- the order -------------------------------------------------------------------------------


def set_order(state: Fight, action: a.SetOrder) -> list[Event]:
    """The GM's list for the round (ruling ``turn_order``), set before the fight or between
    rounds; within a round turns move by delays."""
    require_not_ended(state)
    if state.started and not state.round_over:
        raise IllegalAction(ORDER_RULE, "within a round the order changes by delays")
    if sorted(action.order) != sorted(state.fighters):
        raise IllegalAction(ORDER_RULE, "the order must list every fighter exactly once")
    state.order = list(action.order)
    state.base_order = list(action.order)
    return [Event("order_set", text="The order is set.")]


def roll_order(state: Fight, action: a.RollOrder) -> list[Event]:
    """A fighter's roll for the order, used when the next round (or the fight) starts
    (ruling ``turn_order``: rolled)."""
    require_not_ended(state)
    who = fighter(state, action.combatant)
    ruling = state.options.turn_order
    if ruling == ORDER_GM:
        raise IllegalAction(ORDER_RULE, "the GM sets the order; nobody rolls for it")
    if ruling == ORDER_ONCE and state.started:
        raise IllegalAction(ORDER_RULE, "the order was rolled once, when the fight began")
    try:
        check_range("pool", action.pool, (0, MOST_ORDER_DICE))
    except ValueError as error:
        raise IllegalAction(ORDER_RULE, str(error)) from error
    result = read_roll(action.dice, action.pool, state.options)
    state.order_rolls[action.combatant] = result.successes
    return [Event("order_rolled", who.id, f"{who.name} rolls {result.successes} for the order.")]


def start_fight(state: Fight, action: a.StartFight) -> list[Event]:
    """Round 1 begins: a rolled order is taken, Ward comes back under ``ward_refresh``."""
    require_not_ended(state)
    if state.started:
        raise IllegalAction(TURN_RULE, "the fight has already begun")
    if len(state.fighters) < 2:
        raise IllegalAction(TURN_RULE, "a fight needs at least two fighters")
    if state.options.turn_order != ORDER_GM:
        take_rolls(state)
    if state.options.ward_refresh == WARD_PER_SCENE:
        for cid, who in list(state.fighters.items()):
            state.fighters[cid] = who.replace(ward=who.block.ward)
    state.started = True
    return start_round(state)


def next_turn(state: Fight, action: a.NextTurn) -> list[Event]:
    """End the actor's turn; when nobody is left the round starts over (002 §Types of
    Actions)."""
    require_running(state)
    if state.round_over:
        return start_round(state)
    events = end_turn(state)
    if state.round_over and _can_start_round(state):
        events.extend(start_round(state))
    return events


def _can_start_round(state: Fight) -> bool:
    return state.options.turn_order != ORDER_EACH_ROUND or not missing_rolls(state)


def end_fight(state: Fight, action: a.EndFight) -> list[Event]:
    """The fight is over."""
    require_not_ended(state)
    state.ended = True
    return [Event("fight_ended", text="The fight ends.")]


# -- the turn ---------------------------------------------------------------------------------


def use_action(state: Fight, action: a.UseAction) -> list[Event]:
    """Spend a slot of the turn; Free actions any time, the others on one's own turn
    (002 §Types of Actions)."""
    one_of_or_refuse(action.slot, SLOTS, TURN_RULE, "an action")
    if action.slot == FREE:
        require_running(state)
        who = fighter(state, action.combatant)
        if not who.can_act:
            raise IllegalAction(TURN_RULE, f"{who.name} is {who.condition} and cannot act")
        return [Event("action_used", who.id, f"{who.name}: free action.")]
    who = require_turn(state, action.combatant)
    state.fighters[who.id] = spend_slots(who, action.slot, state.options)
    return [Event("action_used", who.id, f"{who.name} uses a {action.slot} action.")]


def grant_action(state: Fight, action: a.GrantAction) -> list[Event]:
    """A power grants one more Fast, Move or Standard action this turn (GM input)."""
    require_running(state)
    who = fighter(state, action.combatant)
    if action.slot not in (FAST, MOVE, STANDARD):
        raise IllegalAction(TURN_RULE, "a power grants a fast, move or standard action")
    state.fighters[who.id] = who.replace(extra=(*who.extra, action.slot))
    return [Event("action_granted", who.id, f"{who.name} gains a {action.slot} action.")]


def delay_turn(state: Fight, action: a.DelayTurn) -> list[Event]:
    """A Delayed action moves a turn later in the round, at no cost (002 §Types of Actions;
    ruling ``delay_keeps_place``)."""
    require_not_ended(state)
    who = fighter(state, action.combatant)
    if not 0 <= action.position < len(state.order):
        raise IllegalAction(TURN_RULE, f"the order has places 1 to {len(state.order)}")
    if state.position(who.id) == action.position:
        raise IllegalAction(TURN_RULE, f"{who.name} is already in that place")
    if state.started and not state.round_over:
        _check_delay(state, who, action.position)
    state.order.remove(who.id)
    state.order.insert(action.position, who.id)
    if state.options.delay_keeps_place or not state.started or state.round_over:
        state.base_order = list(state.order)
    return [Event("turn_delayed", who.id,
                  f"{who.name} moves to place {action.position + 1} in the order.")]


def _check_delay(state: Fight, who: Fighter, position: int) -> None:
    if who.id in state.done or who.id in state.readied:
        raise IllegalAction(TURN_RULE, f"{who.name} has already acted this round")
    if who.used:
        raise IllegalAction(TURN_RULE, f"{who.name} has already acted this turn")
    actor = state.actor()
    moved = [cid for cid in state.order if cid != who.id]
    moved.insert(position, who.id)
    if actor is not None and actor != who.id and moved.index(who.id) < moved.index(actor):
        raise IllegalAction(TURN_RULE, "a delay moves a turn later, not ahead of the actor")
    if actor == who.id and position < state.position(who.id):
        raise IllegalAction(TURN_RULE, "a delay moves a turn later in the round")


def ready_action(state: Fight, action: a.ReadyAction) -> list[Event]:
    """The actor holds its action for a trigger; its counter goes to the pocket."""
    who = require_turn(state, action.combatant)
    if not action.trigger.strip():
        raise IllegalAction(TURN_RULE, "a readied action needs its trigger")
    state.readied[who.id] = action.trigger.strip()
    return [Event("action_readied", who.id, f"{who.name} waits for: {action.trigger.strip()}.")]


def trigger_readied(state: Fight, action: a.TriggerReadied) -> list[Event]:
    """The trigger happens: the readied fighter acts at once, then the round goes on."""
    require_running(state)
    who = fighter(state, action.combatant)
    if who.id not in state.readied:
        raise IllegalAction(TURN_RULE, f"{who.name} holds no readied action")
    if state.interrupting is not None:
        raise IllegalAction(TURN_RULE, f"{state.name(state.interrupting)} is acting on a trigger")
    if not who.can_act:
        raise IllegalAction(TURN_RULE, f"{who.name} is {who.condition} and cannot act")
    trigger = state.readied.pop(who.id)
    state.done.append(who.id)
    state.interrupting = who.id
    return [Event("readied_triggered", who.id, f"{who.name} acts: {trigger}.")]
