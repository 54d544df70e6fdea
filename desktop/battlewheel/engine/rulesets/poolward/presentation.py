"""Pool & Ward's side of the presentation contract (rules/pool-and-ward.md §5-6): the
round's ring and its pocket, a sheet and the clicks on it, the player screen, the cards.

The ruleset's ``presentation_module`` (``engine/core/ruleset_presentation.py``): the ring
and the status line are ``wheel/``'s, a sheet, its clicks and a card ``sheet.py``'s, the
Combat menu ``menu.py``'s; what is here reads a fighter whole.
"""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.rulesets.poolward import sheet as sheets
from battlewheel.engine.rulesets.poolward.block import StatBlock
from battlewheel.engine.rulesets.poolward.menu import next_step, turn_actions
from battlewheel.engine.rulesets.poolward.sheet import box_click, pool_change, sheet
from battlewheel.engine.rulesets.poolward.state import UP, Fight
from battlewheel.engine.rulesets.poolward.wheel import (
    drop,
    pocket_drop,
    pocket_fire,
    status_line,
    turn_track,
)

__all__ = ["block_card", "box_click", "card", "drop", "next_step", "pocket_drop",
           "pocket_fire", "pool_change", "sheet", "status_line", "turn_actions", "turn_track",
           "vitality"]


def vitality(state: Fight, combatant_id: str, shown: c.SheetView) -> c.Vitality:
    """Health left; down once disabled or dead (002 §Damage Tracking); Vigor and Ward
    shown too, as a player follows all three."""
    who = state.fighters[combatant_id]
    most = who.block.health_max
    left = max(0, who.health) / most if most else 0.0
    more = tuple(t for t in (shown.track("vigor"), shown.track("ward")) if t is not None)
    return c.Vitality(left, who.condition != UP, who.player, shown.track("health"), more)


def card(state: Fight, combatant_id: str) -> c.Card:
    """The player card of rules/pool-and-ward.md §6, with the fight's tracks."""
    return sheets.card(state, combatant_id, state.fighters[combatant_id].block)


def block_card(block: StatBlock) -> c.Card:
    """The player card of rules/pool-and-ward.md §6 for a roster stat block."""
    if not isinstance(block, StatBlock):
        raise TypeError("a Pool & Ward card needs a Pool & Ward stat block")
    return sheets.card(None, None, block)
