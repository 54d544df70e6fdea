"""3e's side of the presentation contract (rules/3e.md §5-6): the ring, a sheet, the
clicks on it, the player screen and the cards.

The ruleset's ``presentation_module`` (``engine/core/ruleset_presentation.py``): the
wheel, its drop and the status line are ``wheel.py``'s, a sheet and a card
``sheet.py``'s, the Combat menu ``menu.py``'s; what is here reads a fighter whole.
"""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3 import sheet as sheets
from battlewheel.engine.rulesets.ex3.block import Character
from battlewheel.engine.rulesets.ex3.menu import next_step, turn_actions
from battlewheel.engine.rulesets.ex3.options import Ex3Options
from battlewheel.engine.rulesets.ex3.sheet import sheet
from battlewheel.engine.rulesets.ex3.state import Combat
from battlewheel.engine.rulesets.ex3.wheel import drop, status_line, turn_track

__all__ = ["block_card", "box_click", "card", "drop", "next_step", "pool_change", "sheet",
           "status_line", "turn_actions", "turn_track", "vitality"]


def vitality(state: Combat, combatant_id: str, shown: c.SheetView) -> c.Vitality:
    """Health levels left, or a battle group's Magnitude; down when out of the fight
    (003 §Damage and Conditions, §Battle Groups)."""
    who = state.combatants[combatant_id]
    if who.is_group:
        most = r.magnitude_max(who.block, who.size)
        left = who.magnitude / most if most else 0.0
    else:
        left = who.health.share_left
    track = next(iter(shown.tracks()), None)
    figures = f"{who.initiative}i" if who.initiative is not None else ""  # as the log writes it
    return c.Vitality(left, who.out, who.side == c.ALLY and not who.is_group, track,
                      figures=figures)


def box_click(state: Combat, combatant_id: str, track: str, index: int) -> a.Action | None:
    """A health box cycles; a Magnitude box sets Magnitude to it (003 §Damage and
    Conditions, §Battle Groups)."""
    who = state.combatants[combatant_id]
    if track == "health" and not who.is_group:
        return a.CycleHealthBox(combatant_id, index)
    if track == "magnitude" and who.is_group:
        value = index if index < who.magnitude else index + 1
        return a.SetMagnitude(combatant_id, value)
    return None


def pool_change(state: Combat, combatant_id: str, pool: str, amount: int) -> a.Action | None:
    """Initiative changed by hand is a GM edit; motes and Willpower spent or restored
    (rules/3e.md §5)."""
    who = state.combatants[combatant_id]
    if pool in a.POOLS and amount:
        return a.AdjustPool(combatant_id, pool, amount)
    if pool != "initiative" or who.initiative is None or who.is_group:
        return None
    return a.SetInitiative(combatant_id, who.initiative + amount)


def card(state: Combat, combatant_id: str) -> c.Card:
    """A fighter's player card or battle-group card, with the fight's marks (rules/3e.md §6)."""
    block = state.combatants[combatant_id].block
    return sheets.card(state, combatant_id, block, state.options)


def block_card(block: Character) -> c.Card:
    """A roster stat block's card, its boxes empty (rules/3e.md §6)."""
    if not isinstance(block, Character):
        raise TypeError("a 3e card needs a 3e stat block")
    return sheets.card(None, None, block, Ex3Options())
