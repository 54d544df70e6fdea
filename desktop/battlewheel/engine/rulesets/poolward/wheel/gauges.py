"""A Pool & Ward counter's gauges (rules/pool-and-ward.md §5), as contract values.

Health and Vigor are bars under the counter (Health red below 0, its length then the
way to death), Ward a ring round it, Dodge and Parry columns of pips beside it, the
Fast, Move and Standard slots lamps lit once used, and the worst state a corner badge.
"""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.rulesets.poolward.state import DEAD, DISABLED, TURN_SLOTS, Fighter

SLOT_LETTERS = {"fast": "F", "move": "M", "standard": "S"}


def bars(who: Fighter) -> tuple[c.Bar, ...]:
    """Health (red while at 0 or below) and Vigor, each as the share left."""
    block = who.block
    health_tip = f"Health {who.health} / {block.health_max} (dies at -{block.health_max})"
    health = c.Bar("H", _share(abs(who.health), block.health_max), who.health <= 0, health_tip)
    vigor = c.Bar("V", _share(who.vigor, block.vigor_max), False,
                  f"Vigor {who.vigor} / {block.vigor_max}", "vigor")
    return (health, vigor)


def rings(who: Fighter) -> tuple[c.Ring, ...]:
    """The Ward ring, for a fighter who has Ward at all (002 §Defense Terminology)."""
    block = who.block
    if not block.ward:
        return ()
    return (c.Ring(_share(who.ward, block.ward), f"Ward {who.ward} / {block.ward}"),)


def pips(who: Fighter) -> tuple[c.Pips, ...]:
    """Dodge left and Parry uses left this round, for a fighter who has them."""
    block = who.block
    found = []
    if block.dodge:
        found.append(c.Pips("D", who.dodge_now, block.dodge,
                            f"Dodge {who.dodge_now} left of {block.dodge} this round"))
    if block.parry:
        found.append(c.Pips("P", who.parry_left, block.parry,
                            f"Parry uses {who.parry_left} left of {block.parry} this round"))
    return tuple(found)


def lamps(who: Fighter) -> tuple[c.Lamp, ...]:
    """F, M and S, lit when that action is used this turn (002 §Types of Actions)."""
    return tuple(
        c.Lamp(SLOT_LETTERS[slot], slot in who.used,
               f"{slot} action " + ("used" if slot in who.used else "left") + " this turn")
        for slot in TURN_SLOTS
    )


def badges(who: Fighter) -> tuple[c.Badge, ...]:
    """The worst state in the top right corner: dead, disabled or flat-footed."""
    if who.condition == DEAD:
        return (c.Badge(c.TOP_RIGHT, "\u2020", "dead", "state"),)
    if who.condition == DISABLED:
        return (c.Badge(c.TOP_RIGHT, "z", "disabled: no actions", "state"),)
    if who.flat_footed:
        return (c.Badge(c.TOP_RIGHT, "FF", "flat-footed: no Dodge", "penalty"),)
    return ()


def _share(part: int, whole: int) -> float:
    return max(0.0, min(1.0, part / whole)) if whole > 0 else 0.0
