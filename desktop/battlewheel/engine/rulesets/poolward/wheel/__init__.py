"""What the wheel shows of a Pool & Ward fight (rules/pool-and-ward.md §5), as contract values.

The ring is the round's order, one slot a place, with the round marker on the first
slot (at 12); the cursor is on the actor. A counter wears the gauges of ``wheel/gauges.py``:
Health and Vigor bars, the Ward ring, Dodge and Parry pips, the F/M/S lamps and its
worst state. A readied fighter waits in the side pocket with its trigger: dragging the
actor in readies its action (the GM types the trigger), dragging it out takes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.kept import KeptPerRecord
from battlewheel.engine.rulesets.poolward import actions as a
from battlewheel.engine.rulesets.poolward.handlers.rounds import TURN_RULE
from battlewheel.engine.rulesets.poolward.state import DEAD, TURN_SLOTS, Fight, Fighter
from battlewheel.engine.rulesets.poolward.wheel import gauges

if TYPE_CHECKING:
    from battlewheel.engine.core.ruleset import Ruleset

DELAY_COST = "free: a Delayed action (002 gives it no cost)"
HUB_LINE = 9  # characters of bold hub type that fit across the hub
READY_PROMPT = "What does the readied action wait for? (the trigger, in words)"
STAND_IN = "(the trigger)"  # checks a Ready is allowed before the GM has typed its trigger


def turn_track(state: Fight) -> c.TurnTrack:
    """The round's order as a ring, the cursor on the actor (rules/pool-and-ward.md §5)."""
    if not state.order:
        return c.TurnTrack(hub="no fighters yet", pocket_caption="readied actions")
    fighters = [state.fighters[cid] for cid in state.order]
    # Letters and colours by joining order, not the round's: a counter keeps its look
    # when the order is rolled again or rearranged (rules/pool-and-ward.md §5).
    joined = list(state.fighters.values())
    letters = dict(zip(state.fighters, c.unique_initials([f.name for f in joined]),
                       strict=True))
    colours = c.colour_indices([(f.id, f.side) for f in joined])
    actor = state.actor()
    counters = tuple(counter_of(state, f, letters[f.id], colours[f.id], f.id == actor)
                     for f in fighters)
    return c.TurnTrack(
        slots=slots(state),
        cursor=None if actor is None else state.position(actor),
        counters=counters,
        hub=hub_text(state),
        ended=state.ended,
        pocket_caption="readied actions",
        pocket=state.started and not state.ended,
        drag_hints=True,
    )


LEGEND = (
    "<p>The ring is the round's order, the round marker on place 1 at twelve o'clock; "
    "the pointer is on the fighter acting.</p>"
    "<p>Under each counter the Health bar (green; red and growing toward death below 0) "
    "and the Vigor bar; the violet ring round it is Ward left. Beside it, the dots of "
    "<b>D</b> Dodge and <b>P</b> Parry uses left this round, and the <b>F</b>/<b>M</b>/"
    "<b>S</b> lamps, lit once that action is used this turn. In the corner <b>FF</b> "
    "flat-footed, <b>z</b> disabled, \u2020 dead.</p>"
    "<p>Drag a counter later in the order for a Delayed action (free). Drag the actor "
    "into the pocket at the lower right to ready its action (you type the trigger); drag "
    "it out onto the ring when the trigger comes. Ctrl+Z undoes any step.</p>"
)


def status_line(state: Fight) -> str:
    """Where the fight stands and what the GM does next."""
    if state.ended:
        return "The fight is over: sleep, rest and healing are in the Combat menu."
    if not state.started:
        return "Not started: drag counters to set the order, then Start the fight."
    actor = state.actor()
    if actor is None:
        return f"Round {state.round} is over: Next turn starts round {state.round + 1}."
    who = state.fighters[actor]
    left = [slot for slot in TURN_SLOTS if slot not in who.used]
    return (f"Round {state.round}: {who.name} acts ("
            + (", ".join(left) + " left" if left else "no actions left") + ").")


def slots(state: Fight) -> tuple[c.Slot, ...]:
    """One slot per place in the order; the first carries the round marker."""
    marker = f"round {state.round}" if state.started else "round 1"
    return tuple(
        c.Slot(str(index + 1), shaded=cid in state.done, mark=marker if index == 0 else "")
        for index, cid in enumerate(state.order)
    )


def hub_text(state: Fight) -> str:
    """The centre: not started, the round and the actor, the round over, or the fight over."""
    if state.ended:
        return "fight\nover"
    if not state.started:
        return "not started"
    actor = state.actor()
    if actor is None:
        return f"round {state.round}\nover"
    return f"round {state.round}\n{hub_name(state.name(actor))}"


def hub_name(name: str) -> str:
    """A long name a word a line: the hub is a small circle, and "Edward Sumner" on one
    line ran past both sides of it (seen under Xvfb at 1366x768)."""
    return name if len(name) <= HUB_LINE else "\n".join(name.split())


def counter_of(state: Fight, who: Fighter, initials: str, colour: int, acting: bool) -> c.Counter:
    """One fighter's counter: its place, badges, states and tooltip lines."""
    pocket = state.readied.get(who.id, "")
    looks = _looks(who)
    return c.Counter(
        id=who.id,
        name=who.name,
        initials=initials,
        side=who.side,
        slot=None if pocket else state.position(who.id),
        colour_index=colour,
        acting=acting,
        done=who.id in state.done,
        down=who.condition == DEAD,
        badges=looks.badges,
        states=states(state, who),
        details=looks.details,
        pocket=pocket,
        rings=looks.rings,
        bars=looks.bars,
        pips=looks.pips,
        lamps=looks.lamps,
    )


class Looks(NamedTuple):
    """The parts of a counter that follow from the record alone."""

    badges: tuple[c.Badge, ...]
    details: tuple[str, ...]
    rings: tuple[c.Ring, ...]
    bars: tuple[c.Bar, ...]
    pips: tuple[c.Pips, ...]
    lamps: tuple[c.Lamp, ...]


def own_looks(who: Fighter) -> Looks:
    """A counter's badges, tooltip lines, Ward ring, bars, pips and lamps."""
    return Looks(gauges.badges(who), details(who), gauges.rings(who), gauges.bars(who),
                 gauges.pips(who), gauges.lamps(who))


# A step replaces one or two records: the others' gauges are those drawn last time.
_looks = KeptPerRecord(own_looks)


def states(state: Fight, who: Fighter) -> tuple[str, ...]:
    """Words for the counter's states."""
    words = []
    if who.condition != "up":
        words.append(who.condition)
    if who.bleeding:
        words.append("bleeding")
    if who.flat_footed:
        words.append("flat-footed")
    if who.id in state.readied:
        words.append(f"readied: {state.readied[who.id]}")
    return tuple(words)


def details(who: Fighter) -> tuple[str, ...]:
    """Tooltip lines: the tracks and this round's defence."""
    block = who.block
    lines = [f"Health {who.health} / {block.health_max} (dies at -{block.health_max})",
             f"Vigor {who.vigor} / {block.vigor_max}"]
    if block.ward:
        lines.append(f"Ward {who.ward} / {block.ward}")
    lines.append(f"Dodge {who.dodge_now} left of {block.dodge} ({who.dodge_losses} lost)")
    if block.parry:
        lines.append(f"Parry uses {who.parry_left} left of {block.parry}")
    if who.used:
        lines.append("actions used: " + ", ".join(who.used))
    return tuple(lines)


def drop(ruleset: Ruleset, state: Fight, counter_id: str, slot: int) -> c.DropVerdict:
    """A counter let go on a place: a Delayed action there, free (rules/pool-and-ward.md §5)."""
    action = a.DelayTurn(counter_id, slot)
    try:
        ruleset.apply(state.clone(), action)
    except IllegalAction as refusal:
        return c.DropVerdict(None, refusal=refusal.reason, rule=refusal.rule)
    return c.DropVerdict(action, cost=DELAY_COST, rule=TURN_RULE)


def pocket_drop(ruleset: Ruleset, state: Fight, counter_id: str,
                trigger: str | None) -> c.DropVerdict:
    """The actor into the pocket: a Readied action, once the GM types its trigger
    (002 §Types of Actions; rules/pool-and-ward.md §5)."""
    action = a.ReadyAction(counter_id, STAND_IN if trigger is None else trigger)
    try:
        ruleset.apply(state.clone(), action)
    except IllegalAction as refusal:
        return c.DropVerdict(None, refusal=refusal.reason, rule=refusal.rule)
    cost = "free: a Readied action waits for its trigger"
    if trigger is None:
        return c.DropVerdict(action, cost=cost, rule=TURN_RULE, prompt=READY_PROMPT)
    return c.DropVerdict(action, cost=cost, rule=TURN_RULE)


def pocket_fire(ruleset: Ruleset, state: Fight, counter_id: str, slot: int) -> c.DropVerdict:
    """A readied counter out of the pocket: its trigger came and it acts at once, wherever
    it is let go on the ring (rules/pool-and-ward.md §5)."""
    action = a.TriggerReadied(counter_id)
    try:
        ruleset.apply(state.clone(), action)
    except IllegalAction as refusal:
        return c.DropVerdict(None, refusal=refusal.reason, rule=refusal.rule)
    return c.DropVerdict(action, cost="free", rule=TURN_RULE,
                         result=f"{state.name(counter_id)} acts on the trigger.")
