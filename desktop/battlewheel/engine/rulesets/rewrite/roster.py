"""The 2e combatants table: next tick, health boxes, wound and DV penalties, pools.

Each column computes only its own cell, since the table asks for cells often.
"""

from __future__ import annotations

from collections.abc import Callable

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.rulesets.rewrite.sheet import health_section
from battlewheel.engine.rulesets.rewrite.state import Combat, Combatant

COLUMNS = (
    c.Column("Name", tip="The combatant; the swatch is round for allies, square for enemies, "
             "as on the wheel"),
    c.Column("Side", tip="Ally or enemy", hidden=True),
    c.Column("Next tick", "Tick", "The tick of the combatant's next action (who acts next is "
             "on top)", order=True),
    c.Column("Health", tip="The health track: / bashing, X lethal, * aggravated", track=True),
    c.Column("Wound", "W", "Wound penalty to dice pools"),
    c.Column("DV penalty", "DV-", "DV penalty from the last flurry, until the next action"),
    c.Column("Motes", tip="Personal / peripheral motes", hidden=True),
    c.Column("Willpower", "WP", "Temporary Willpower", hidden=True),
)


def health_words(track: HealthTrack) -> str:
    """The track in words for a tooltip, worst damage first, then the wound penalty."""
    taken = (("aggravated", track.aggravated), ("lethal", track.lethal), ("bashing", track.bashing))
    damage = ", ".join(f"{count} {kind}" for kind, count in taken if count) or "no damage"
    levels = f"{damage} of {track.size} levels ({track.upper_size} health, {track.dying} Dying)"
    if track.dead:
        return f"{levels}; dead"
    penalty = track.wound_penalty
    parts = [levels, f"wound penalty -{penalty}" if penalty else "no wound penalty"]
    if track.critical:
        parts.append("critical (dying)")
    elif track.unconscious:
        parts.append("unconscious")
    return "; ".join(parts)


def _penalty(value: int) -> str:
    return f"-{value}" if value else "0"


def _health(who: Combatant) -> c.Cell:
    track = who.health
    text = track.marks
    for flag, word in ((track.dead, "dead"), (track.unconscious, "unconscious")):
        if flag:
            text = f"{track.marks} ({word})"
            break
    return c.Cell(text, track.damage, health_words(track), health_section(track))


_CELLS: tuple[Callable[[Combatant], c.Cell], ...] = (
    lambda w: c.Cell(w.name, w.name.lower(), f"{w.name} ({w.side})"),
    lambda w: c.Cell(w.side, w.side),
    lambda w: c.Cell("" if w.next_tick is None else str(w.next_tick),
                     c.NOT_PLACED if w.next_tick is None else w.next_tick),
    _health,
    lambda w: c.Cell(_penalty(w.wound_penalty), w.wound_penalty),
    lambda w: c.Cell(_penalty(w.dv_penalty), w.dv_penalty),
    lambda w: c.Cell(f"{w.personal_motes}/{w.peripheral_motes}",
                     w.personal_motes + w.peripheral_motes),
    lambda w: c.Cell(str(w.willpower), w.willpower),
)


def cells(state: Combat, combatant_id: str) -> tuple[c.Cell, ...]:
    """One combatant's row of the table."""
    who = state.combatants[combatant_id]
    return tuple(make(who) for make in _CELLS)
