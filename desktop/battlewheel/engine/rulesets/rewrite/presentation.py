"""The 2e Rewrite's side of the presentation contract: wheel, drops, sheets, cards.

Each function reads a combat state (never changes it) into the contract's plain
values, so the shared views draw a 2e fight without knowing it is one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite import actions as a
from battlewheel.engine.rulesets.rewrite import sheet as sheet_info
from battlewheel.engine.rulesets.rewrite.state import Combat
from battlewheel.engine.rulesets.rewrite.wheel import view

if TYPE_CHECKING:
    from battlewheel.engine.core.ruleset import Ruleset

WHEEL_RULE = "RULES.md §The wheel"


def turn_track(state: Combat) -> c.TurnTrack:
    """The ring of segments (000 §The Battlewheel)."""
    return view.turn_track(state)


def drop(ruleset: Ruleset, state: Combat, counter_id: str, slot: int) -> c.DropVerdict:
    """A drop moves the counter's next action to the first tick that shows the segment.

    Letting a counter go where it already stands (and not laps ahead) changes nothing:
    no action, no refusal.
    """
    who = state.combatants.get(counter_id)
    if who is not None and who.segment == slot and who.laps_ahead == 0:
        return c.DropVerdict(None)
    action = a.MoveCounter(combatant=counter_id, segment=slot)
    trial = state.clone()
    try:
        ruleset.apply(trial, action)
    except IllegalAction as refusal:
        return c.DropVerdict(None, refusal=refusal.reason, rule=refusal.rule)
    moved = trial.combatants[counter_id]
    return c.DropVerdict(action, cost="no cost: a GM move", rule=WHEEL_RULE,
                         result=f"{moved.name} now acts on tick {moved.next_tick}.")


def sheet(state: Combat, combatant_id: str) -> c.SheetView:
    """Traits, pools, current defences, weapons and the health track."""
    return sheet_info.sheet_of(state, combatant_id)


def pool_change(combatant_id: str, pool: str, amount: int) -> a.Action:
    """Willpower or motes spent (negative amount) or regained."""
    if pool == "willpower":
        kind: type[a.Action] = a.SpendWillpower if amount < 0 else a.RegainWillpower
        return kind(combatant=combatant_id, amount=abs(amount))  # type: ignore[call-arg]
    motes = a.SpendMotes if amount < 0 else a.RegainMotes
    return motes(combatant=combatant_id, amount=abs(amount), pool=pool)
