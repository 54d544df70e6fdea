"""What the 2e wheel shows: the ring of segments labelled with ticks, as contract values.

The engine keeps each counter's absolute next tick; the ring is those ticks modulo the
segment count (RULES.md §The wheel). Badges: the flurry DV penalty top left, a lap
marker top right, the wound penalty bottom left, the worst state bottom right.
"""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.rulesets.rewrite.state import PARTIALLY, TOTALLY, Combat, Combatant

_SURPRISE_WORDS = {TOTALLY: "totally", PARTIALLY: "partially"}
# Glyphs of the state badge, in the order they are written ("?!": surprised, critical).
_STATE_MARKS = (("surprised", "?"), ("unconscious", "z"), ("critical", "!"))


def turn_track(state: Combat) -> c.TurnTrack:
    """The wheel a combat state shows; combatants not yet on it wait beside it.

    Counters sharing a segment come nearest action first, then allies, then by name;
    those waiting beside the wheel keep the roster's order.
    """
    combatants = list(state.combatants.values())
    letters = dict(zip(state.combatants, c.unique_initials([x.name for x in combatants]),
                       strict=True))
    colours = c.colour_indices([(x.id, x.side) for x in combatants])
    acting = set(state.acting_ids())
    ordered = [x for _, x in sorted(enumerate(combatants), key=lambda p: _place(p, state))]
    counters = tuple(
        counter_of(x, state, initials=letters[x.id], colour=colours[x.id], acting=x.id in acting)
        for x in ordered
    )
    return c.TurnTrack(
        slots=slots(state),
        cursor=state.active_segment,
        counters=counters,
        hub=hub_text(state),
        ended=state.ended,
    )


def _place(indexed: tuple[int, Combatant], state: Combat) -> tuple[object, ...]:
    index, who = indexed
    if who.segment is None:
        return (0, index)
    return (1, _laps(who, state), who.side != c.ALLY, who.name)


def _laps(who: Combatant, state: Combat) -> int:
    return display_laps(who.next_tick, state.current_tick, state.segment_count)


def slots(state: Combat) -> tuple[c.Slot, ...]:
    """Each segment labelled with the tick it stands for next: the active one now."""
    ticks = segment_ticks(state.segment_count, state.current_tick, state.active_segment)
    return tuple(c.Slot(f"tick {tick}") for tick in ticks)


def segment_ticks(count: int, current_tick: int | None, active: int | None) -> list[int]:
    """The tick each segment stands for next: the active one now, the others ahead."""
    now = current_tick if current_tick is not None else 0
    here = active if active is not None else now % count
    return [now + (index - here) % count for index in range(count)]


def hub_text(state: Combat) -> str:
    """The wheel's centre: the current tick, or that the fight has not started or is over."""
    if state.ended:
        return "combat\nover"
    return "not started" if state.current_tick is None else f"tick\n{state.current_tick}"


def counter_of(
    who: Combatant, state: Combat, *, initials: str, colour: int, acting: bool
) -> c.Counter:
    """One combatant's counter: its segment, badges, states and tooltip lines."""
    health = who.health
    laps = _laps(who, state)
    states = _states(who)
    return c.Counter(
        id=who.id,
        name=who.name,
        initials=initials,
        side=who.side,
        slot=who.segment,
        colour_index=colour,
        acting=acting,
        down=health.dead,
        badges=_badges(who, laps, states),
        states=states,
        details=_details(who, laps),
    )


def _states(who: Combatant) -> tuple[str, ...]:
    health = who.health
    return state_words(_SURPRISE_WORDS.get(who.surprise), unconscious=health.unconscious,
                       critical=health.critical, dead=health.dead)


def state_words(
    surprise: str | None, *, unconscious: bool = False, critical: bool = False, dead: bool = False
) -> tuple[str, ...]:
    """A counter's conditions as short words, for tooltips and the status bar."""
    words = [f"{surprise} surprised"] if surprise else []
    for flag, word in ((dead, "dead"), (critical, "critical"), (unconscious, "unconscious")):
        if flag:
            words.append(word)
    return tuple(words)


def _badges(who: Combatant, laps: int, states: tuple[str, ...]) -> tuple[c.Badge, ...]:
    return badges(dv_penalty=who.dv_penalty, wound_penalty=who.wound_penalty, laps=laps,
                  states=states)


def badges(
    *, dv_penalty: int = 0, wound_penalty: int = 0, laps: int = 0, states: tuple[str, ...] = ()
) -> tuple[c.Badge, ...]:
    """The corner badges: DV penalty, lap marker, wound penalty, state glyphs.

    A dead combatant's penalties are moot: its counter wears the dagger alone.
    """
    if "dead" in states:
        return (c.Badge(c.BOTTOM_RIGHT, "\u2020", "dead", "state"),)
    found = []
    if dv_penalty:
        found.append(c.Badge(c.TOP_LEFT, f"DV{-abs(dv_penalty)}",
                             f"DV penalty -{abs(dv_penalty)}", "penalty"))
    if laps > 0:
        found.append(c.Badge(c.TOP_RIGHT, f"+{laps} lap", f"{laps} lap(s) ahead", "lap"))
    if wound_penalty:
        found.append(c.Badge(c.BOTTOM_LEFT, f"W{-abs(wound_penalty)}",
                             f"wound penalty -{abs(wound_penalty)}", "wound"))
    glyphs = "".join(mark for word, mark in _STATE_MARKS if any(word in s for s in states))
    if glyphs:
        found.append(c.Badge(c.BOTTOM_RIGHT, glyphs, ", ".join(states), "state"))
    return tuple(found)


def _details(who: Combatant, laps: int) -> tuple[str, ...]:
    lines = []
    if who.next_tick is not None:
        lines.append(f"next action: tick {who.next_tick}")
    if laps:
        lines.append(f"{laps} lap(s) ahead of the wheel")
    if who.dv_penalty:
        lines.append(f"DV penalty -{abs(who.dv_penalty)}")
    if who.wound_penalty:
        lines.append(f"wound penalty -{abs(who.wound_penalty)}")
    return tuple(lines)


def display_laps(next_tick: int | None, current_tick: int | None, segment_count: int) -> int:
    """Whole laps a counter lies beyond the ticks the wheel's labels show.

    The labels run from the current tick to ``segment_count - 1`` past it; a counter
    at or beyond ``current + segment_count`` would otherwise look as if it acted on
    the labelled tick, so it wears a lap marker.
    """
    if next_tick is None or current_tick is None or next_tick < current_tick:
        return 0
    return (next_tick - current_tick) // segment_count
