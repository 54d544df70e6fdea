"""Read an engine combat state into the plain values the views draw.

The views never hold engine objects; they get a `WheelInfo` (and per-combatant
`CounterInfo`) built here, so a repaint can never change the combat.
"""

from battlewheel.engine.combat.state import PARTIALLY, TOTALLY, Combat, Combatant
from battlewheel.models.wheel_info import ALLY, CounterInfo, WheelInfo, unique_initials

_SURPRISE_WORDS = {TOTALLY: "totally", PARTIALLY: "partially"}


def wheel_of(state: Combat) -> WheelInfo:
    """The wheel a combat state shows; combatants not yet on it wait beside it."""
    combatants = list(state.combatants.values())
    letters = dict(
        zip(state.combatants, unique_initials([c.name for c in combatants]), strict=True)
    )
    colours = colour_indices(combatants)
    acting = set(state.acting_ids())
    counters = tuple(
        counter_of(c, state, initials=letters[c.id], colour=colours[c.id], acting=c.id in acting)
        for c in combatants
    )
    return WheelInfo(
        segment_count=state.segment_count,
        current_tick=state.current_tick,
        active_segment=state.active_segment,
        counters=counters,
        ended=state.ended,
    )


def counter_of(
    combatant: Combatant, state: Combat, *, initials: str, colour: int, acting: bool
) -> CounterInfo:
    """One combatant's counter: place on the wheel, badges and states."""
    health = combatant.health
    return CounterInfo(
        id=combatant.id,
        name=combatant.name,
        initials=initials,
        side=combatant.side,
        segment=combatant.segment,
        colour_index=colour,
        next_tick=combatant.next_tick,
        laps_ahead=display_laps(combatant.next_tick, state.current_tick, state.segment_count),
        acting=acting,
        dv_penalty=combatant.dv_penalty,
        wound_penalty=combatant.wound_penalty,
        surprise=_SURPRISE_WORDS.get(combatant.surprise),
        unconscious=health.unconscious,
        critical=health.critical,
        dead=health.dead,
    )


def display_laps(next_tick: int | None, current_tick: int | None, segment_count: int) -> int:
    """Whole laps a counter lies beyond the ticks the wheel's labels show.

    The labels run from the current tick to ``segment_count - 1`` past it; a counter
    at or beyond ``current + segment_count`` would otherwise look as if it acted on
    the labelled tick, so it wears a lap marker.
    """
    if next_tick is None or current_tick is None or next_tick < current_tick:
        return 0
    return (next_tick - current_tick) // segment_count


def colour_indices(combatants: list[Combatant]) -> dict[str, int]:
    """Each combatant's place among its own side, which picks its counter colour."""
    counts = {True: 0, False: 0}
    result = {}
    for combatant in combatants:
        ally = combatant.side == ALLY
        result[combatant.id] = counts[ally]
        counts[ally] += 1
    return result
