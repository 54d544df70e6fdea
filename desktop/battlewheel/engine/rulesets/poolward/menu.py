"""The Combat menu of a Pool & Ward fight: each entry, its key, its dialog, why it is greyed.

Dialog names are what the later views package opens: ``roll_order``, ``attack``,
``use_action``, ``ready_action``, ``trigger_readied``, ``recovery``, ``heal``,
``backlash``; the sheet's button opens ``conditions``. Entries that need nothing
more carry their action.
"""

from __future__ import annotations

import dataclasses

from battlewheel.engine.core.contract import TurnAction, first_enabled
from battlewheel.engine.rulesets.poolward import actions as a
from battlewheel.engine.rulesets.poolward.handlers.rounds import missing_rolls, missing_slots
from battlewheel.engine.rulesets.poolward.options import ORDER_EACH_ROUND, ORDER_GM, ORDER_ONCE
from battlewheel.engine.rulesets.poolward.state import STANDARD, Fight

OVER = "the fight is over"
NOT_STARTED = "the fight has not begun"
# Sleep, rest and healing between fights change the roster character, not this fight
# (rules/between-fights.md §Common, §Pool & Ward).
ROSTER_RECOVERY = "recovery between fights is the roster's: Roster > Rest…"


def turn_actions(state: Fight) -> tuple[TurnAction, ...]:
    """The turn's entries in menu order; keys mean what they mean in the other systems
    (R rolls, H holds an action for a trigger, Shift+H lets it go, N ends the turn)."""
    return (
        _start(state),
        TurnAction("roll_order", "Roll the order…", "R", "each fighter rolls the pool "
                   "the GM chose", dialog="roll_order", why_not=_why_not_roll(state)),
        TurnAction("attack", "Attack…", "Ctrl+A", "pool, defence step by step, odds, roll",
                   dialog="attack", why_not=_why_not_attack(state), toolbar=True),
        TurnAction("use_action", "Take an action…", "U", "spend a free, fast, move, standard "
                   "or full action", dialog="use_action", why_not=_why_not_turn(state)),
        TurnAction("ready_action", "Ready an action…", "H", "hold the action for a trigger",
                   dialog="ready_action", why_not=_why_not_turn(state)),
        TurnAction("trigger_readied", "Trigger a readied action…", "Shift+H",
                   dialog="trigger_readied", why_not=_why_not_trigger(state)),
        TurnAction("next_turn", "Next turn", "N", "end this turn; the round starts over after "
                   "the last", action=a.NextTurn(), why_not=_why_not_next(state), toolbar=True),
        TurnAction("heal", "Lethal healing…", "L", "magic in the fight; between fights, "
                   "Roster > Rest…", dialog="heal", why_not=_why_not_heal(state)),
        TurnAction("backlash", "Sorcerous Backlash…", "", dialog="backlash",
                   why_not="" if state.fighters else "nobody to hurt"),
        TurnAction("recovery", "Sleep and rest…", "", "a night's sleep, Medicine, 15-minute "
                   "rests: the roster's, between fights", dialog="recovery",
                   why_not=ROSTER_RECOVERY),
        TurnAction("end_fight", "End the fight", "", action=a.EndFight(),
                   why_not=OVER if state.ended else ""),
    )


def _start(state: Fight) -> TurnAction:
    why = ""
    if state.ended:
        why = OVER
    elif state.started:
        why = "the fight has already begun"
    elif len(state.fighters) < 2:
        why = "add at least two fighters"
    elif state.options.turn_order != ORDER_GM and missing_rolls(state):
        why = "roll the order first"
    return TurnAction("start_fight", "Start the fight", "Ctrl+Return", action=a.StartFight(),
                      why_not=why, toolbar=True)


def _why_not_roll(state: Fight) -> str:
    if state.ended:
        return OVER
    if state.options.turn_order == ORDER_GM:
        return "the GM sets the order (turn order ruling)"
    if state.options.turn_order == ORDER_ONCE and state.started:
        return "the order was rolled once, at the start"
    return ""


def _why_not_turn(state: Fight) -> str:
    if state.ended:
        return OVER
    if not state.started:
        return NOT_STARTED
    return "" if state.actor() else "the round is over: next turn starts the next"


def _why_not_attack(state: Fight) -> str:
    why = _why_not_turn(state)
    actor = state.actor()
    if why or actor is None:
        return why
    if missing_slots(state.fighters[actor], STANDARD, state.options):
        return f"{state.name(actor)} has used the standard action this turn"
    return ""


def _why_not_trigger(state: Fight) -> str:
    if state.ended:
        return OVER
    if not state.readied:
        return "nobody holds a readied action"
    return "" if state.interrupting is None else "a readied action is being taken"


def _why_not_next(state: Fight) -> str:
    if state.ended:
        return OVER
    if not state.started:
        return NOT_STARTED
    waiting = state.options.turn_order == ORDER_EACH_ROUND and missing_rolls(state)
    return "roll the order for the next round first" if state.round_over and waiting else ""


def _why_not_heal(state: Fight) -> str:
    if state.ended:
        return f"{OVER}: {ROSTER_RECOVERY}"
    return "" if state.fighters else "nobody to heal"


def next_step(state: Fight) -> TurnAction | None:
    """Space: roll the order when the ruling asks, start the fight, then the next turn.

    Rules page §Rounds and turns (002 gives no order; the ruling does). The acting
    fighter's own actions are the GM's choice from the menu; Space moves play on.
    """
    if state.ended:
        return None
    keys = ("roll_order", "start_fight") if not state.started else ("roll_order", "next_turn")
    entry = first_enabled(turn_actions(state), keys)
    actor = state.actor()
    if entry is not None and entry.key == "next_turn" and actor is not None \
            and not state.fighters[actor].used:
        ask = f"{state.name(actor)} has done nothing this turn. End the turn?"
        entry = dataclasses.replace(entry, confirm=ask)
    return entry
