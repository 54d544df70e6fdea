"""Rounds and turns: the order, whose turn it is, the action slots and the round starting over.

A round is the order once through; a turn allows one Fast, one Move and one Standard
action plus Free ones (002 §Types of Actions). The order itself is a ruling
(``turn_order``), as are when Dodge comes back (``dodge_reset``) and bleeding
(``bleed_rate``).
"""

from __future__ import annotations

from battlewheel.engine.core.errors import IllegalAction, member_or_refuse
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.poolward.options import (
    FULL_ALL_THREE,
    ORDER_EACH_ROUND,
    RESET_OWN_TURN,
    RESET_ROUND,
    PoolWardOptions,
)
from battlewheel.engine.rulesets.poolward.rules.damage import lose_health
from battlewheel.engine.rulesets.poolward.state import (
    DEAD,
    FAST,
    FREE,
    FULL,
    MOVE,
    STANDARD,
    Fight,
    Fighter,
    Refreshed,
    condition_of,
    is_flat_footed,
)

TURN_RULE = "002 §Types of Actions"
DAMAGE_RULE = "002 §Damage Tracking (Health / Vigor)"


# -- checks ----------------------------------------------------------------------------


def require_not_ended(state: Fight) -> None:
    """Refuse once the fight is over."""
    if state.ended:
        raise IllegalAction(TURN_RULE, "the fight is over")


def require_running(state: Fight) -> None:
    """Refuse unless the fight has begun and is not over."""
    require_not_ended(state)
    if not state.started:
        raise IllegalAction(TURN_RULE, "the fight has not begun")


def fighter(state: Fight, cid: str) -> Fighter:
    """The fighter with this id, or a refusal naming the id."""
    return member_or_refuse(state.fighters, cid, TURN_RULE,
                            f"nobody called {cid!r} is in this fight")


def require_turn(state: Fight, cid: str) -> Fighter:
    """The fighter whose turn it is, or a refusal saying whose it is."""
    require_running(state)
    who = fighter(state, cid)
    if not who.can_act:
        raise IllegalAction(DAMAGE_RULE, f"{who.name} is {who.condition} and cannot act")
    if state.actor() != cid:
        actor = state.actor()
        now = f"it is {state.name(actor)}'s turn" if actor else "the round is over"
        raise IllegalAction(TURN_RULE, f"{now}, not {who.name}'s")
    return who


# -- action slots ------------------------------------------------------------------------


def slots_needed(slot: str, options: PoolWardOptions) -> tuple[str, ...]:
    """The turn's slots an action takes: a Full action takes Standard and Move, or all three
    (002 §Types of Actions, ruling ``full_action``)."""
    if slot == FREE:
        return ()
    if slot == FULL:
        return (FAST, MOVE, STANDARD) if options.full_action == FULL_ALL_THREE else (
            MOVE, STANDARD)
    return (slot,)


def slots_left(who: Fighter, slot: str) -> int:
    """One of each slot a turn, plus those a power granted, less those spent."""
    return 1 + who.extra.count(slot) - who.used.count(slot)


def missing_slots(who: Fighter, slot: str, options: PoolWardOptions) -> tuple[str, ...]:
    """The slots an action needs that the turn has already spent."""
    return tuple(s for s in slots_needed(slot, options) if slots_left(who, s) <= 0)


def spend_slots(who: Fighter, slot: str, options: PoolWardOptions) -> Fighter:
    """The fighter with an action's slots marked used, or a refusal naming the spent ones."""
    missing = missing_slots(who, slot, options)
    if missing:
        raise IllegalAction(TURN_RULE, f"{who.name} has already used the {' and '.join(missing)}"
                                       " action this turn")
    return who.replace(used=(*who.used, *slots_needed(slot, options)))


# -- the round starting over --------------------------------------------------------------


def rolled_order(order: list[str], rolls: dict[str, int]) -> list[str]:
    """Most successes first; fighters without a roll last; ties keep the current order
    (the GM moves them) (ruling ``turn_order``)."""
    return sorted(order, key=lambda cid: (cid not in rolls, -rolls.get(cid, 0)))


def missing_rolls(state: Fight) -> list[str]:
    """Fighters able to act who have not rolled for the order."""
    return [cid for cid in state.order
            if state.fighters[cid].can_act and cid not in state.order_rolls]


def take_rolls(state: Fight) -> None:
    """The rolled order becomes the order; the rolls are used up."""
    missing = missing_rolls(state)
    if missing:
        names = ", ".join(state.name(cid) for cid in missing)
        raise IllegalAction(f"{TURN_RULE} (turn order ruling)",
                            f"roll the order first: {names} has not rolled")
    state.order = rolled_order(state.order, state.order_rolls)
    state.base_order = list(state.order)
    state.order_rolls = {}


def start_round(state: Fight) -> list[Event]:
    """The round starts over: the order, fresh slots, Dodge and Parry back, bleeding
    (002 §Types of Actions, §Attack Roll Dice Pools, rulings ``turn_order``, ``dodge_reset``,
    ``bleed_rate``)."""
    if state.round and state.options.turn_order == ORDER_EACH_ROUND:
        take_rolls(state)
    state.order = [cid for cid in state.base_order if cid in state.fighters]
    state.round += 1
    state.done, state.readied, state.interrupting, state.turn_of = [], {}, None, None
    events = [Event("round_started", text=f"Round {state.round} begins.")]
    for cid, who in list(state.fighters.items()):
        state.fighters[cid] = fresh_round(who, state.options)
        if state.round > 1:
            events.extend(bleed(state, cid))
    return events


def fresh_round(who: Fighter, options: PoolWardOptions) -> Fighter:
    """New slots; Dodge losses and Parry uses back when the ruling resets them at the round
    (002 §Attack Roll Dice Pools, Edward example)."""
    who = who.replace(used=(), extra=(), melee_taken=0)
    if options.dodge_reset == RESET_ROUND:
        who = who.replace(dodge_losses=0, parry_used=0)
    return who


def bleed(state: Fight, cid: str) -> list[Event]:
    """A disabled, unstabilised fighter loses ``bleed_rate`` Health as the round starts
    (002 §Damage Tracking, ruling ``bleed_rate``)."""
    who = state.fighters[cid]
    rate = state.options.bleed_rate
    if not rate or not who.bleeding:
        return []
    after = who.with_tracks(lose_health(who.tracks, rate))
    state.fighters[cid] = after
    return [Event("bled", cid, f"{who.name} bleeds {rate}: Health {after.health}.")]


def end_turn(state: Fight) -> list[Event]:
    """The actor's turn (or the readied fighter's interruption) ends."""
    if state.interrupting is not None:
        cid, state.interrupting = state.interrupting, None
        return [Event("turn_ended", cid, f"{state.name(cid)}'s readied action is over.")]
    actor = state.actor()
    if actor is None:
        return []
    state.done.append(actor)
    return [Event("turn_ended", actor, f"{state.name(actor)}'s turn ends.")]


# -- derived values ----------------------------------------------------------------------


def refresh(state: Fight) -> None:
    """Each fighter's condition and flat-footedness; the start of a new actor's turn.

    Both follow from the fighter's own record and the rulings, so a fighter still the
    very record the last refresh left is skipped, and one whose values are already right
    is kept as it is (tests/engine/rulesets/poolward/test_refresh.py).
    """
    known = state.refreshed
    if known is not None and known.options is not state.options:
        known = None  # a ruling changed: everyone is worked out again
    for cid, who in list(state.fighters.items()):
        if known is not None and known.records.get(cid) is who:
            continue
        values = (condition_of(who, state.options), is_flat_footed(who, state.options))
        if values != (who.condition, who.flat_footed):
            state.fighters[cid] = who.replace(condition=values[0], flat_footed=values[1])
    begin_turn(state)
    state.refreshed = Refreshed(dict(state.fighters), state.options)


def begin_turn(state: Fight) -> None:
    """When a regular turn begins, its Dodge and Parry come back under the ruling
    ``dodge_reset`` "own_turn" (002 §Attack Roll Dice Pools)."""
    actor = state.actor()
    if actor == state.turn_of or (actor is not None and actor == state.interrupting):
        return
    state.turn_of = actor
    if actor is None or state.options.dodge_reset != RESET_OWN_TURN:
        return
    who = state.fighters[actor].replace(dodge_losses=0, parry_used=0)
    state.fighters[actor] = who.replace(flat_footed=is_flat_footed(who, state.options))


def living(state: Fight) -> list[str]:
    """Fighters not dead, in the order."""
    return [cid for cid in state.order if state.fighters[cid].condition != DEAD]
