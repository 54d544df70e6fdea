"""The Impulse homebrew's side of the presentation contract (rules/impulse.md §5-6): the
round's ring and its pocket, a sheet and the clicks on it, the player screen, the cards.

The ruleset's ``presentation_module`` (``engine/core/ruleset_presentation.py``): the ring
is ``wheel.py``'s, a sheet ``sheet.py``'s, the Combat menu and status line ``menu.py``'s,
the card ``card.py``'s; what is here reads a fighter whole.
"""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.actions import Action
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse import card as cards
from battlewheel.engine.rulesets.impulse.block import ImpulseCharacter
from battlewheel.engine.rulesets.impulse.menu import next_step, status_line, turn_actions
from battlewheel.engine.rulesets.impulse.options import ImpulseOptions
from battlewheel.engine.rulesets.impulse.sheet import box_click_value
from battlewheel.engine.rulesets.impulse.sheet import sheet_of as sheet
from battlewheel.engine.rulesets.impulse.state import ImpulseCombat
from battlewheel.engine.rulesets.impulse.wheel import drop, pocket_drop, pocket_fire, turn_track

__all__ = ["block_card", "box_click", "card", "drop", "next_step", "pocket_drop",
           "pocket_fire", "pool_change", "sheet", "status_line", "turn_actions", "turn_track",
           "vitality"]


def vitality(state: ImpulseCombat, combatant_id: str, shown: c.SheetView) -> c.Vitality:
    """Endurance left; down when defeated, dead or fled (001 §Defeat)."""
    who = state.combatants[combatant_id]
    left = max(0, who.endurance) / who.character.endurance if who.character.endurance else 0.0
    escaped = who.fled and not (who.defeated or who.dead)
    return c.Vitality(left, who.defeated or who.gone, who.player, shown.track("endurance"),
                      escaped=escaped)


def box_click(state: ImpulseCombat, combatant_id: str, track: str, index: int) -> Action | None:
    """A click on an Endurance box marks up to it or clears from it (001 §Endurance)."""
    who = state.combatants.get(combatant_id)
    if who is None or track != "endurance" or not 0 <= index < who.character.endurance:
        return None
    return a.SetEndurance(combatant_id, box_click_value(who.character, who.endurance, index))


def pool_change(state: ImpulseCombat, combatant_id: str, pool: str,
                amount: int) -> a.AdjustImpulse | None:
    """Impulse spent or gained by hand; other pools change only through the rules."""
    return a.AdjustImpulse(combatant_id, amount) if pool == "impulse" and amount else None


def card(state: ImpulseCombat, combatant_id: str) -> c.Card:
    """The player card of rules/impulse.md §6, with the fight's marks."""
    who = state.combatants[combatant_id]
    return cards.player_card(who.character, who, state.options, state.round)


def block_card(block: ImpulseCharacter) -> c.Card:
    """The player card of rules/impulse.md §6 for a roster stat block."""
    if not isinstance(block, ImpulseCharacter):
        raise TypeError("an Impulse card is printed from an ImpulseCharacter")
    return cards.player_card(block, None, ImpulseOptions(), 0)
