"""What the 2e wheel shows: the ring of segments labelled with ticks, as contract values.

The engine keeps each counter's absolute next tick; the ring is those ticks modulo the
segment count (RULES.md §The wheel). Badges: the flurry DV penalty top left, a lap
marker top right, the wound penalty bottom left, the worst state bottom right.
"""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.rulesets.rewrite.state import PARTIALLY, TOTALLY, Combat, Combatant

_SURPRISE_WORDS = {TOTALLY: "totally", PARTIALLY: "partially"}


def turn_track(state: Combat) -> c.TurnTrack:
    """The wheel a combat state shows; combatants not yet on it wait beside it."""
    combatants = list(state.combatants.values())
    letters = dict(zip(state.combatants, c.unique_initials([x.name for x in combatants]),
                       strict=True))
    colours = c.colour_indices([(x.id, x.side) for x in combatants])
    acting = set(state.acting_ids())
    counters = [
        counter_of(x, state, initials=letters[x.id], colour=colours[x.id], acting=x.id in acting)
        for x in combatants
    ]
    counters.sort(key=lambda x: _order(x, state))
    return c.TurnTrack(
        slots=slots(state),
        cursor=state.active_segment,
        counters=tuple(counters),
        hub=hub_text(state),
        ended=state.ended,
    )


def slots(state: Combat) -> tuple[c.Slot, ...]:
    """Each segment labelled with the tick it stands for next: the active one now."""
    count = state.segment_count
    now = state.current_tick if state.current_tick is not None else 0
    active = state.active_segment if state.active_segment is not None else now % count
    return tuple(c.Slot(f"tick {now + (index - active) % count}") for index in range(count))


def hub_text(state: Combat) -> str:
    """The wheel's centre: the current tick, or that the fight has not started or is over."""
    if state.ended:
        return "combat\nover"
    return "not started" if state.current_tick is None else f"tick\n{state.current_tick}"


def _order(counter: c.Counter, state: Combat) -> tuple[int, bool, str]:
    laps = _laps(counter, state)
    return (laps, counter.side != c.ALLY, counter.name)


def _laps(counter: c.Counter, state: Combat) -> int:
    badge = counter.badge(c.TOP_RIGHT)
    return int(badge.text.split()[0].lstrip("+")) if badge else 0


def counter_of(
    who: Combatant, state: Combat, *, initials: str, colour: int, acting: bool
) -> c.Counter:
    """One combatant's counter: its segment, badges, states and tooltip lines."""
    health = who.health
    laps = display_laps(who.next_tick, state.current_tick, state.segment_count)
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
    words = []
    if who.surprise in _SURPRISE_WORDS:
        words.append(f"{_SURPRISE_WORDS[who.surprise]} surprised")
    health = who.health
    for flag, word in ((health.dead, "dead"), (health.critical, "critical"),
                       (health.unconscious, "unconscious")):
        if flag:
            words.append(word)
    return tuple(words)


_STATE_MARKS = (("dead", "\u2020"), ("critical", "!"), ("unconscious", "z"), ("surprised", "?"))


def _badges(who: Combatant, laps: int, states: tuple[str, ...]) -> tuple[c.Badge, ...]:
    badges = []
    if laps > 0:
        badges.append(c.Badge(c.TOP_RIGHT, f"+{laps} lap", f"{laps} lap(s) ahead", "lap"))
    if not who.health.dead:
        if who.dv_penalty:
            badges.append(c.Badge(c.TOP_LEFT, f"DV{-abs(who.dv_penalty)}",
                                  f"DV penalty -{abs(who.dv_penalty)}", "penalty"))
        if who.wound_penalty:
            badges.append(c.Badge(c.BOTTOM_LEFT, f"W{-abs(who.wound_penalty)}",
                                  f"wound penalty -{abs(who.wound_penalty)}", "wound"))
    for word, mark in _STATE_MARKS:
        if any(word in state for state in states):
            badges.append(c.Badge(c.BOTTOM_RIGHT, mark, word, "state"))
            break
    return tuple(badges)


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
