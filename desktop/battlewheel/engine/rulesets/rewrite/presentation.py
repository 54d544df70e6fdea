"""The 2e Rewrite's side of the presentation contract: wheel, drops, sheets, table, cards.

The ruleset's ``presentation_module`` (``engine/core/ruleset_presentation.py``): each
function reads a combat state (never changes it) into the contract's plain values, so
the shared views draw a 2e fight without knowing it is one. The menu's entries and the
status line are ``menu.py``'s, the table's cells ``roster.py``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite import actions as a
from battlewheel.engine.rulesets.rewrite import card as cards
from battlewheel.engine.rulesets.rewrite import roster
from battlewheel.engine.rulesets.rewrite import sheet as sheet_info
from battlewheel.engine.rulesets.rewrite.block import Character
from battlewheel.engine.rulesets.rewrite.menu import next_step, status_line, turn_actions
from battlewheel.engine.rulesets.rewrite.roster import cells as roster_cells
from battlewheel.engine.rulesets.rewrite.state import Combat
from battlewheel.engine.rulesets.rewrite.wheel import view

if TYPE_CHECKING:
    from battlewheel.engine.core.ruleset import Ruleset

WHEEL_RULE = "RULES.md §The wheel"
__all__ = ["block_card", "box_click", "card", "drop", "next_step", "pool_change",
           "roster_cells", "roster_columns", "roster_order", "sheet", "status_line",
           "turn_actions", "turn_track", "vitality"]


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


def vitality(state: Combat, combatant_id: str, shown: c.SheetView) -> c.Vitality:
    """Levels left above Incapacitated; down once Incapacitated (000 §Applying Effects)."""
    who = state.combatants[combatant_id]
    health = who.health
    return c.Vitality(health.share_left, health.incapacitated or health.dead,
                      who.side == c.ALLY, shown.track("health"))


def box_click(state: Combat, combatant_id: str, track: str, index: int) -> a.Action:
    """A click cycles one health box (000 §Health Levels)."""
    return a.CycleHealthBox(combatant=combatant_id, index=index)


def pool_change(state: Combat, combatant_id: str, pool: str, amount: int) -> a.Action:
    """Willpower or motes spent (negative amount) or regained."""
    if pool == "willpower":
        kind: type[a.Action] = a.SpendWillpower if amount < 0 else a.RegainWillpower
        return kind(combatant=combatant_id, amount=abs(amount))  # type: ignore[call-arg]
    motes = a.SpendMotes if amount < 0 else a.RegainMotes
    return motes(combatant=combatant_id, amount=abs(amount), pool=pool)


def roster_columns() -> tuple[c.Column, ...]:
    """Name, side, next tick, health boxes, wound and DV penalties, motes, Willpower."""
    return roster.COLUMNS


def roster_order(state: Combat) -> None:
    """None: the turn-order column is each combatant's own next tick (000 §The Battlewheel)."""
    return None


def card(state: Combat, combatant_id: str) -> c.Card:
    """A player's health-track card with the fight's marks."""
    who = state.combatants[combatant_id]
    return cards.character_card(who.character, who.health)


def block_card(block: Character) -> c.Card:
    """A roster character's health-track card, its boxes empty."""
    return cards.character_card(block)
