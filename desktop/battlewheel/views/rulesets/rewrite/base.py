"""What the 2e dialogs share: the dice pools they offer to roll, read from a combatant's sheet.

A pool is Attribute + Ability through the order of modifiers (004 §Order of
Modifiers): the unskilled penalty and the wound penalty come off, Essence sets the
floor. The dialog shows the sum and what shaped it, so the GM can tell a player.
"""

from __future__ import annotations

from dataclasses import dataclass

from battlewheel.engine.core.dice import effective_pool
from battlewheel.engine.rulesets.rewrite.block import gets_double_tens, unskilled_penalty
from battlewheel.engine.rulesets.rewrite.state import Combatant


@dataclass(frozen=True)
class Pool:
    """Dice to roll for one trait pair, and what changed the plain sum."""

    label: str
    dice: int
    double_tens: bool
    note: str = ""

    @property
    def text(self) -> str:
        """E.g. ``Wits + Awareness: 5 dice (wound -1)``."""
        note = f" ({self.note})" if self.note else ""
        return f"{self.label}: {self.dice} dice{note}"


def trait_pool(who: Combatant, attribute: str, ability: str) -> Pool:
    """Attribute + Ability less unskilled and wound penalties (004 §Order of Modifiers)."""
    character = who.character
    base = character.attribute(attribute) + character.ability(ability)
    unskilled = unskilled_penalty(character, ability)
    dice = effective_pool(
        base,
        essence=character.essence,
        penalty_dice=unskilled,
        wound_penalty=who.wound_penalty,
    )
    notes = [f"{name} -{value}" for name, value in (("unskilled", unskilled),
                                                   ("wound", who.wound_penalty)) if value]
    label = f"{attribute.title()} + {ability.title()}"
    return Pool(label, dice, gets_double_tens(character), ", ".join(notes))
