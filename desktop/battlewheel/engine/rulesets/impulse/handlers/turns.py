"""Rounds and turns: starting, the order, holding, Change Initiative (001 §The Combat Round).

A turn is the acting counter's one Simple action with Free actions around it; ``EndTurn``
passes to the next counter in the order, and after the last the round ends: untriggered
holds are refunded, effects "for a round" run out, order changes take effect and
reinforcements arrive from Extreme.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse.handlers.common import (
    ROUND,
    fighter,
    put,
    require_acting,
    require_free,
    require_impulse,
    require_simple,
    require_started,
)
from battlewheel.engine.rulesets.impulse.rules import HOLD_COST, change_cost
from battlewheel.engine.rulesets.impulse.state import (
    Hold,
    ImpulseCombat,
    Paused,
    Status,
    counter_key,
    split_key,
)

ORDER = "001 §Turn Order"
HOLDING = "001 §Holding Action"
CHANGE = "001 §Change Initiative"


# -- starting --------------------------------------------------------------------------------


def start(state: ImpulseCombat, action: a.StartCombat) -> list[Event]:
    """Round 1: starting Impulse, the ambushed at 0, the first counter acts (001 §Turn Order)."""
    if state.started:
        raise IllegalAction(ORDER, "the fight has already begun")
    present = [cid for cid in state.combatants if not state.in_reserve(cid)]
    if len(present) < 2:
        raise IllegalAction(ORDER, "a fight needs at least two combatants on the field")
    for cid in present:
        _require_placed(state, cid)
    state.started = True
    state.round = 1
    for cid in present:
        give_starting_impulse(state, cid)
    return [Event("round_started", None, "Round 1 begins."), *advance(state)]


def _require_placed(state: ImpulseCombat, cid: str) -> None:
    who = state.combatants[cid]
    if len(who.orders) != who.character.actions:
        raise IllegalAction(
            ORDER,
            f"{who.name} has {len(who.orders)} of "
            f"{who.character.actions} order values; roll or place them first",
        )


def give_starting_impulse(state: ImpulseCombat, cid: str) -> None:
    """Initiative score (or order value); 0 if ambushed (001 §Turn Order, §Ambush Round)."""
    who = state.combatants[cid]
    by_order = state.options.starting_impulse == "order_value" and who.orders
    impulse = who.orders[0] if by_order else who.character.initiative
    put(state, who.replace(impulse=0 if who.ambushed else max(0, impulse)))


# -- moving through the round ------------------------------------------------------------------


def next_key(state: ImpulseCombat) -> str | None:
    """The first counter of the order still to act this round."""
    for entry in state.order():
        if entry.key not in state.done and state.can_act(entry.cid):
            return entry.key
    return None


def advance(state: ImpulseCombat) -> list[Event]:
    """Hand the turn to the next counter, ending the round when none is left."""
    key = next_key(state)
    if key is None:
        events = end_round(state)
        key = next_key(state)
        if key is None:
            state.acting_key = None
            return [*events, Event("nobody_acts", None, "Nobody is left to act.")]
        return [*events, *begin_turn(state, key)]
    return begin_turn(state, key)


def begin_turn(state: ImpulseCombat, key: str) -> list[Event]:
    """A counter starts its turn; effects its owner set "for a round" may run out."""
    cid = split_key(key)[0]
    state.acting_key = key
    state.simple_done = False
    state.turn += 1
    who = state.combatants[cid]
    put(state, who.replace(free_used=()))
    events = [Event("turn_started", cid, f"{who.name}'s turn.")]
    if state.options.round_duration == "next_turn":
        events += _expire(state, lambda s: s.source == cid and s.placed_turn < state.turn)
    return events


def end_round(state: ImpulseCombat) -> list[Event]:
    """Refund untriggered holds, expire effects, apply order changes, bring reinforcements."""
    events = _refund_holds(state)
    ending = state.round
    if state.options.round_duration == "end_of_round":
        events += _expire(state, lambda s: s.placed_round <= ending)
    else:
        # A source that never acts again must not hold its effect for ever.
        events += _expire(state, lambda s: s.placed_round < ending)
    state.round += 1
    state.done = frozenset()
    for who in list(state.combatants.values()):
        put(state, who.replace(orders=who.next_orders, moved=""))
    events.append(Event("round_started", None, f"Round {state.round} begins."))
    return events + _arrivals(state)


def _refund_holds(state: ImpulseCombat) -> list[Event]:
    events = []
    for cid, who in list(state.combatants.items()):
        if who.hold is not None:
            put(state, who.replace(hold=None, impulse=who.impulse + HOLD_COST))
            events.append(
                Event(
                    "hold_refunded",
                    cid,
                    f"{who.name}'s trigger never came: 2 Impulse back, no action.",
                )
            )
    return events


def _expire(state: ImpulseCombat, ends: Callable[[Status], bool]) -> list[Event]:
    test = ends
    events = []
    for cid, who in list(state.combatants.items()):
        kept = tuple(s for s in who.statuses if s.until_used or not test(s))
        if kept != who.statuses:
            put(state, who.replace(statuses=kept))
            gone = ", ".join(_status_word(s) for s in who.statuses if s not in kept)
            events.append(Event("status_ended", cid, f"{who.name}: {gone} ends."))
    return events


def _status_word(status: Status) -> str:
    return status.name.replace("_", " ")


def _arrivals(state: ImpulseCombat) -> list[Event]:
    events = []
    for cid, who in state.combatants.items():
        if who.arrives_round == state.round and who.arrives_round > 0:
            for other in state.combatants:
                if other != cid:
                    state.set_band(cid, other, who.entry_band)
            if who.orders:
                give_starting_impulse(state, cid)
            events.append(Event("arrived", cid, f"{who.name} arrives from Extreme range."))
    return events


def end_turn(state: ImpulseCombat, action: a.EndTurn) -> list[Event]:
    """The acting counter is done; a fired hold hands back the turn it interrupted."""
    require_started(state)
    if state.acting_key is None:
        # Everyone was out; someone who joined or got up since takes the next turn.
        events = advance(state)
        if state.acting_key is None:
            raise IllegalAction(ROUND, "nobody is left who can act")
        return events
    if state.paused is not None:
        state.acting_key = state.paused.key
        state.simple_done = state.paused.simple_done
        state.paused = None
        if state.can_act(state.acting_id() or ""):
            return [
                Event(
                    "turn_resumed", state.acting_id(),
                    f"Back to {state.name(state.acting_id() or '')}.",
                )
            ]
        # The one the hold interrupted fled or fell meanwhile: that turn ends with them.
    state.done = state.done | {state.acting_key}
    return _after_trigger(state) or advance(state)


def _after_trigger(state: ImpulseCombat) -> list[Event]:
    """A hold fired to act after its trigger takes the turn that just ended's place
    (001 §Holding Action); none waiting: nothing."""
    for cid, who in state.combatants.items():
        if who.hold is not None and who.hold.after_turn and state.can_act(cid):
            key = who.hold.key
            put(state, who.replace(hold=None))
            return [Event("hold_fired", cid, f"{who.name} acts after the trigger."),
                    *begin_turn(state, key)]
    return []


# -- holding --------------------------------------------------------------------------------


def hold_action(state: ImpulseCombat, action: a.HoldAction) -> list[Event]:
    """Spend 2 Impulse now and wait for a named trigger (001 §Holding Action)."""
    who = require_simple(state, action.actor, HOLDING)
    if state.paused is not None:
        raise IllegalAction(HOLDING, "a held action that fires cannot be held again")
    if not action.trigger.strip():
        raise IllegalAction(HOLDING, "a hold must name what it waits for")
    require_impulse(who, HOLD_COST, HOLDING, "holding an action")
    key = state.acting_key or action.actor
    put(
        state,
        who.replace(impulse=who.impulse - HOLD_COST, hold=Hold(action.trigger, key, state.round)),
    )
    state.done = state.done | {key}
    return [Event("held", who.id, f"{who.name} waits: {action.trigger}."), *advance(state)]


def fire_hold(state: ImpulseCombat, action: a.FireHold) -> list[Event]:
    """The trigger came: the held counter acts now, then play returns (001 §Holding Action)."""
    require_started(state, HOLDING)
    who = fighter(state, action.actor, HOLDING)
    if who.hold is None:
        raise IllegalAction(HOLDING, f"{who.name} is not holding an action")
    if action.timing not in a.TIMINGS:
        raise IllegalAction(HOLDING, "a held action fires before or after its trigger")
    if who.hold.after_turn:
        raise IllegalAction(HOLDING, f"{who.name} already acts once this turn ends")
    if state.paused is not None or state.acting_key is None:
        raise IllegalAction(HOLDING, "another held action is firing; end that turn first")
    if not state.can_act(who.id):
        raise IllegalAction(HOLDING, f"{who.name} can no longer act")
    if action.timing == "after_turn":
        put(state, who.replace(hold=replace(who.hold, after_turn=True)))
        acting = state.name(state.acting_id() or "")
        return [Event("hold_armed", who.id,
                      f"{who.name} acts after the trigger, once {acting}'s turn ends.")]
    key = who.hold.key
    state.paused = Paused(state.acting_key, state.simple_done)
    put(state, who.replace(hold=None))
    return [
        Event("hold_fired", who.id, f"{who.name} acts {action.timing} the trigger."),
        *begin_turn(state, key),
    ]


# -- the order ---------------------------------------------------------------------------------


def change_initiative(state: ImpulseCombat, action: a.ChangeInitiative) -> list[Event]:
    """+1 order value per Impulse, lowering free, from next round (001 §Change Initiative)."""
    if state.options.change_init_timing == "own_turn":
        who = require_acting(state, action.actor, CHANGE)
    else:
        require_started(state, CHANGE)
        who = fighter(state, action.actor, CHANGE)
    require_free(who, "change_initiative")
    if not 0 <= action.index < len(who.next_orders):
        raise IllegalAction(CHANGE, f"{who.name} has no action {action.index + 1}")
    if not 0 <= action.value <= 99:
        raise IllegalAction(CHANGE, "an order value is a whole number 0-99")
    old = who.next_orders[action.index]
    if action.value == old:
        raise IllegalAction(CHANGE, f"{who.name}'s order is already {old}")
    cost = change_cost(old, action.value)
    require_impulse(who, cost, CHANGE, f"raising the order by {cost}")
    orders = list(who.next_orders)
    orders[action.index] = action.value
    put(
        state,
        who.replace(
            impulse=who.impulse - cost,
            next_orders=tuple(orders),
            free_used=(*who.free_used, "change_initiative"),
        ),
    )
    paid = f" for {cost} Impulse" if cost else " (free)"
    return [
        Event(
            "order_changed",
            who.id,
            f"{who.name} will act at {action.value} from round {state.round + 1}{paid}.",
        )
    ]


def settle_tie(state: ImpulseCombat, action: a.SettleTie) -> list[Event]:
    """Tied counters in the chosen order: the player's pick, a coin, or the GM (001 §Turn Order)."""
    if len(set(action.keys)) != len(action.keys) or len(action.keys) < 2:
        raise IllegalAction(ORDER, "a tie needs two or more different counters")
    values = {_value(state, key) for key in action.keys}
    if len(values) != 1 and len({_value(state, k, coming=True) for k in action.keys}) != 1:
        raise IllegalAction(ORDER, "only counters with the same order value are tied")
    kept = tuple(k for k in state.tie_breaks if k not in action.keys)
    state.tie_breaks = (*kept, *action.keys)
    return [Event("tie_settled", None, "Tie settled.")]


def _value(state: ImpulseCombat, key: str, *, coming: bool = False) -> int:
    # This round's value of a counter, or with ``coming`` the next round's (a tie made
    # by a Change Initiative is settled before the round it matters for).
    cid, index = split_key(key)
    who = fighter(state, cid, ORDER)
    values = who.next_orders if coming else who.orders
    if index >= len(values) or counter_key(cid, index) != key:
        raise IllegalAction(ORDER, f"{who.name} has no counter {key!r}")
    return values[index]
