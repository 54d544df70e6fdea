"""3e's wheel (rules/3e.md §5): the ring is the Initiative scale, highest at the top.

The Crash arc (0 and below) is shaded, every base Initiative is marked, the cursor sits
on the current tick. Counters stand at their Initiative and dim once they have acted;
battle groups stand at their fixed Initiative and show their Magnitude. Dragging the
acting counter later is Delay; dragging another is a GM edit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.kept import KeptPerRecord
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.handlers import flow
from battlewheel.engine.rulesets.ex3.state import Combat, Combatant

if TYPE_CHECKING:
    from battlewheel.engine.core.ruleset import Ruleset

CRASH_ARC = 5  # ticks of the Crash arc always shown below 0
TOP_AT_LEAST = 10


def scale(state: Combat) -> tuple[int, int]:
    """The highest and lowest Initiative the ring shows."""
    values = [v for who in state.combatants.values()
              for v in (who.initiative, who.delay_tick, who.block.base_initiative)
              if v is not None]
    high = max([TOP_AT_LEAST, *values, state.tick or 0])
    low = min([-CRASH_ARC, *values, state.tick or 0])
    return high, low


def slot_of(state: Combat, value: int) -> int:
    """The ring slot of an Initiative value."""
    return scale(state)[0] - value


def value_of(state: Combat, slot: int) -> int:
    """The Initiative value a ring slot stands for."""
    return scale(state)[0] - slot


def turn_track(state: Combat) -> c.TurnTrack:
    """The whole ring: slots from the highest Initiative down, counters, cursor, hub."""
    high, low = scale(state)
    bases = {who.block.base_initiative for who in state.combatants.values() if not who.is_group}
    people = list(state.combatants.values())
    letters = dict(zip(state.combatants, c.unique_initials([p.name for p in people]), strict=True))
    waits = delay_marks(state, letters)
    slots = tuple(c.Slot(str(v), shaded=v <= 0,
                         mark=" · ".join((["base"] if v in bases else []) + waits.get(v, [])))
                  for v in range(high, low - 1, -1))
    colours = c.colour_indices([(p.id, p.side) for p in people])
    # The scale is worked out once for the ring, not again for each counter's slot.
    counters = tuple(_counter(state, p, letters[p.id], colours[p.id], high) for p in people)
    cursor = None if state.tick is None else high - state.tick
    return c.TurnTrack(slots=slots, cursor=cursor, counters=counters, hub=_hub(state),
                       ended=state.ended, waiting_caption="yet to roll Join Battle")


def delay_marks(state: Combat, letters: dict[str, str]) -> dict[int, list[str]]:
    """The delay tick of each who waits, marked on the ring with its initials: the twin of its
    counter, which stays at its Initiative (rules/3e.md §5; 003 §The Flow of Combat)."""
    marks: dict[int, list[str]] = {}
    for cid, who in state.combatants.items():
        tick = waiting_for(state, who)
        if tick is not None:
            marks.setdefault(tick, []).append(f"\u2192{letters[cid]}")
    return marks


def waiting_for(state: Combat, who: Combatant) -> int | None:
    """The tick a delayed combatant still waits for: none once its turn has come
    (003 §The Flow of Combat)."""
    if who.delay_tick is None or who.acted or state.actor == who.id:
        return None
    return who.delay_tick


def _hub(state: Combat) -> str:
    if state.ended:
        return "combat\nover"
    if not state.started:
        return "not started"
    # The hub draws large type: a name does not fit, the status line says who acts.
    return f"round {state.round}\ntick {state.tick}"


def turn_order(state: Combat) -> tuple[str, ...]:
    """Who acts next: the actor, those yet to act this round, then the rest by Initiative."""
    waiting = flow.waiting(state)
    first = [state.actor] if state.actor else []
    rest = sorted((cid for cid, who in state.combatants.items()
                   if cid not in waiting and cid not in first and who.joined),
                  key=lambda cid: -(state.combatants[cid].initiative or 0))
    return tuple(dict.fromkeys([*first, *waiting, *rest]))


def status_line(state: Combat) -> str:
    """Round, tick, who acts and who comes next (003 §The Flow of Combat)."""
    if state.ended:
        return "Combat over"
    if not state.started:
        joined = sum(1 for who in state.combatants.values() if who.joined)
        return f"Not started: {joined} of {len(state.combatants)} rolled Join Battle"
    actor = state.name(state.actor) if state.actor else "nobody"
    upcoming = [cid for cid in flow.waiting(state) if cid != state.actor][:1]
    later = f" · next: {state.name(upcoming[0])} (tick {state.combatants[upcoming[0]].tick})" \
        if upcoming else " · next: a new round"
    return f"Round {state.round} · tick {state.tick} · acting: {actor}{later}"


WHEEL_LEGEND = (
    "<p><b>The ring is the Initiative scale</b>: highest at the top, running clockwise "
    "down; the shaded arc is Crash (0 and below); <i>base</i> marks base Initiative; the "
    "arrow is the current tick.</p>"
    "<p><b>Counters</b> stand at their Initiative and dim once they have acted. Badges: "
    "D±n Defence modifier to the next turn (onslaught, flurry, clash, actions); C in Crash, "
    "a pip per turn ended there; Mn a battle group's Magnitude; W-n wound penalty; "
    "P prone, Cn cover, L Break lock-out, S a Shift waiting, →n a delay tick, G grapple, "
    "H holds someone at bay, h held at bay, A may be ambushed after a hold.</p>"
    "<p><b>Dragging</b> the acting counter to a later tick is Delay (-2i); an earlier tick "
    "is refused. Dragging anyone else is a GM edit of Initiative, asked first and logged. "
    "Ctrl+Z undoes either.</p>"
)


def _counter(state: Combat, who: Combatant, initials: str, colour: int, high: int) -> c.Counter:
    slot = None if who.initiative is None or who.gone else high - who.initiative
    marks = condition_marks(state, who)  # once: the badge and the tooltip both show them
    return c.Counter(
        id=who.id, name=who.name, initials=initials, side=who.side, slot=slot,
        colour_index=colour, acting=state.actor == who.id, done=who.acted, down=who.out,
        badges=_badges(who, marks), states=_states(who, marks), details=_details(who),
        meter=_meter(who),
    )


def _meter(who: Combatant) -> float | None:
    if who.is_group:
        most = r.magnitude_max(who.block, who.size)
        return who.magnitude / most if most else 0.0
    track = who.health
    return 1 - track.damage / track.size


def defence_penalty(who: Combatant) -> int:
    """Onslaught, flurry, clash and action modifiers together, for the badge.

    003 §Combat Actions.
    """
    return (-who.onslaught - int(who.flurry_penalty) - 2 * int(who.clash_penalty)
            + who.action_defence)


def badges(state: Combat, who: Combatant) -> tuple[c.Badge, ...]:
    """Defence modifier, Crash pips or Magnitude, wound penalty, the chief condition."""
    return _badges(who, condition_marks(state, who))


def _badges(who: Combatant, marks: list[tuple[str, str]]) -> tuple[c.Badge, ...]:
    out = []
    penalty = defence_penalty(who)
    if penalty:
        out.append(c.Badge(c.TOP_LEFT, f"D{penalty:+d}", "Defence modifier to its next turn "
                           "(onslaught, flurry, clash, actions)", "penalty"))
    if who.is_group:
        out.append(c.Badge(c.TOP_RIGHT, f"M{who.magnitude}", f"Magnitude {who.magnitude}, "
                           f"Size {who.size}", "info"))
    elif who.in_crash:
        # "C" and a pip per turn ended in Crash: three hollow pips beside a Defence badge
        # overlapped it on a counter's width.
        pips = "C" + "\u2022" * who.crash_turns
        out.append(c.Badge(c.TOP_RIGHT, pips, f"in Crash, {who.crash_turns} of "
                           f"{r.CRASH_TURNS_TO_RESET} turn(s) ended there before the reset",
                           "state"))
    if who.derived.wound_penalty:
        out.append(c.Badge(c.BOTTOM_LEFT, f"W-{who.derived.wound_penalty}", "wound penalty",
                           "wound"))
    if marks:
        out.append(c.Badge(c.BOTTOM_RIGHT, marks[0][0], marks[0][1], "state"))
    return tuple(out)


def condition_marks(state: Combat, who: Combatant) -> list[tuple[str, str]]:
    """Short marks for prone, cover, Break lock-out, Shift link, delay, grapple, hold at bay."""
    marks = []
    if who.prone:
        marks.append(("P", "prone"))
    if who.cover:
        marks.append((f"C{who.cover}", "in cover"))
    if who.left_crash_round is not None and state.round - who.left_crash_round <= 1:
        marks.append(("L", "Break lock-out: just left Crash"))
    if who.in_crash and who.crashed_by not in ("", "self", "self, Break given"):
        marks.append(("S", f"Shifts by crashing {state.name(who.crashed_by)}"))
    tick = waiting_for(state, who)
    if tick is not None:
        marks.append((f"\u2192{tick}", f"delays to tick {tick}"))
    if who.id in state.grapples or state.grappled_by(who.id):
        marks.append(("G", "in a grapple"))
    marks += hold_marks(state, who)
    return marks


def hold_marks(state: Combat, who: Combatant) -> list[tuple[str, str]]:
    """A hold at bay: the holder +1 Resolve and Guile, the held -2, until the rounds pass
    (003 §Attacks From Stealth)."""
    marks = []
    held = [w for w in state.combatants.values() if w.held_by == who.id]
    if held:
        names = ", ".join(w.name for w in held)
        marks.append(("H", f"holds {names} at bay: +1 Resolve and Guile"))
    if who.held_by:
        until = who.held_until_round
        when = f" until round {until}" if until is not None else ""
        marks.append(("h", f"held at bay by {state.name(who.held_by)}{when}: -2 Resolve and "
                           "Guile; escaping meets a decisive ambush"))
    if who.exposed_to:
        marks.append(("A", f"{state.name(who.exposed_to)} may ambush at once"))
    return marks


def states(state: Combat, who: Combatant) -> tuple[str, ...]:
    """Words for the counter's tooltip."""
    return _states(who, condition_marks(state, who))


def _states(who: Combatant, marks: list[tuple[str, str]]) -> tuple[str, ...]:
    words = [tip for _, tip in marks]
    if who.in_crash:
        words.insert(0, "in Crash")
    if who.out:
        words.insert(0, "dissolved" if who.dissolved else "out of the fight")
    return tuple(words)


def details(state: Combat, who: Combatant) -> tuple[str, ...]:
    """Tooltip lines: Initiative, base, Defence modifier."""
    return _details(who)


def _own_details(who: Combatant) -> tuple[str, ...]:
    lines = [f"Initiative {who.initiative}" if who.joined else "no Initiative yet",
             f"base Initiative {who.block.base_initiative}"]
    if who.is_group:
        lines.append(f"Size {who.size}, Magnitude {who.magnitude}")
    if defence_penalty(who):
        lines.append(f"Defence {defence_penalty(who):+d} to its next turn")
    return tuple(lines)


# Worked out again after a step only for the records it replaced.
_details = KeptPerRecord(_own_details)


def drop(ruleset: Ruleset, state: Combat, counter_id: str, slot: int) -> c.DropVerdict:
    """The acting counter dropped later is Delay; another counter is a GM edit (rules/3e.md §5)."""
    who = state.combatants.get(counter_id)
    if who is None:
        return c.DropVerdict(None, refusal="no such counter", rule="003 §The Flow of Combat")
    value = value_of(state, slot)
    if who.is_group:
        return c.DropVerdict(None, refusal="a battle group's Initiative never changes",
                             rule="003 §Battle Groups")
    if state.actor == counter_id:
        return _delay_verdict(ruleset, state, who, value)
    action = a.SetInitiative(counter_id, value)
    return _verdict(ruleset, state, action, "GM edit: no rule cost", confirm=True)


def _delay_verdict(ruleset: Ruleset, state: Combat, who: Combatant, value: int) -> c.DropVerdict:
    if state.tick is not None and value >= state.tick:
        return c.DropVerdict(None, refusal="a delay goes to a later tick", rule="003 §The Flow "
                             "of Combat")
    cost = f"Delay: -{r.DELAY_COST}i"
    after = (who.initiative or 0) - r.DELAY_COST
    if not who.in_crash and after <= 0:
        cost += f"; this Crashes {who.name} (-{r.SELF_CRASH_EXTRA}i more)"
    sharing = [o.name for o in state.combatants.values() if o.id != who.id and not o.acted
               and o.tick == value and state.hostile(o.id, who.id)]
    if sharing:
        cost += f"; shares tick {value} with {', '.join(sharing)}: a Clash can follow"
    return _verdict(ruleset, state, a.Delay(who.id, value), cost, confirm=after <= 0)


def _verdict(ruleset: Ruleset, state: Combat, action: a.Action, cost: str, *,
             confirm: bool) -> c.DropVerdict:
    try:
        ruleset.apply(state.clone(), action)
    except IllegalAction as refusal:
        return c.DropVerdict(None, refusal=refusal.reason, rule=refusal.rule)
    return c.DropVerdict(action, cost=cost, rule="003 §The Flow of Combat", confirm=confirm)
