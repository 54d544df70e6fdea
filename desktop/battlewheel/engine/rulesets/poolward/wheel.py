"""What the wheel shows of a Pool & Ward fight (rules/pool-and-ward.md §5), as contract values.

The ring is the round's order, one slot a place, with the round marker on the first
slot (at 12); the cursor is on the actor. A counter wears Health and Vigor top left
(red at 0 or below), Ward top right, Dodge pips and Parry uses bottom left, and the
worst state (dead, disabled, flat-footed) or else the action slots used bottom right.
A readied fighter waits in the pocket with its trigger.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.poolward import actions as a
from battlewheel.engine.rulesets.poolward.rounds import TURN_RULE
from battlewheel.engine.rulesets.poolward.state import (
    DEAD,
    DISABLED,
    TURN_SLOTS,
    Fight,
    Fighter,
)

if TYPE_CHECKING:
    from battlewheel.engine.core.ruleset import Ruleset

DELAY_COST = "free: a Delayed action (002 gives it no cost)"
HUB_LINE = 11
SLOT_LETTERS = {"fast": "F", "move": "M", "standard": "S"}


def turn_track(state: Fight) -> c.TurnTrack:
    """The round's order as a ring, the cursor on the actor (rules/pool-and-ward.md §5)."""
    if not state.order:
        return c.TurnTrack(hub="no fighters yet", pocket_caption="readied")
    fighters = [state.fighters[cid] for cid in state.order]
    letters = dict(zip(state.order, c.unique_initials([f.name for f in fighters]), strict=True))
    colours = c.colour_indices([(f.id, f.side) for f in fighters])
    actor = state.actor()
    counters = tuple(counter_of(state, f, letters[f.id], colours[f.id], f.id == actor)
                     for f in fighters)
    return c.TurnTrack(
        slots=slots(state),
        cursor=None if actor is None else state.position(actor),
        counters=counters,
        hub=hub_text(state),
        ended=state.ended,
        pocket_caption="readied",
    )


LEGEND = (
    "<p>The ring is the round's order, the round marker on place 1 at twelve o'clock; "
    "the pointer is on the fighter acting.</p>"
    "<p>Badges: <b>H</b> Health and <b>V</b> Vigor (red at 0 Health or below), <b>W</b> "
    "Ward, <b>D</b> Dodge left and <b>P</b> Parry uses left this round, and <b>FF</b> "
    "flat-footed, <b>z</b> disabled, \u2020 dead, or the <b>F</b>/<b>M</b>/<b>S</b> "
    "actions used this turn.</p>"
    "<p>Drag a counter later in the order for a Delayed action (free); a readied fighter "
    "waits under the ring with its trigger. Ctrl+Z undoes any step.</p>"
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
    block = who.block
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
        badges=badges(who),
        states=states(state, who),
        details=details(who),
        meter=max(0, who.health) / block.health_max,
        pocket=pocket,
    )


def badges(who: Fighter) -> tuple[c.Badge, ...]:
    """Health and Vigor, Ward, Dodge and Parry, and the state or the slots used."""
    block = who.block
    found = [c.Badge(c.TOP_LEFT, f"H{who.health} V{who.vigor}",
                     f"Health {who.health}/{block.health_max}, Vigor {who.vigor}/"
                     f"{block.vigor_max}", "wound" if who.health <= 0 else "info")]
    if block.ward:
        found.append(c.Badge(c.TOP_RIGHT, f"W{who.ward}", f"Ward {who.ward}/{block.ward}"))
    if block.dodge or block.parry:
        text = f"D{who.dodge_now}" + (f" P{who.parry_left}" if block.parry else "")
        tip = f"Dodge {who.dodge_now} left, Parry uses {who.parry_left} left this round"
        found.append(c.Badge(c.BOTTOM_LEFT, text, tip,
                             "penalty" if who.dodge_losses else "info"))
    corner = _state_badge(who)
    if corner is not None:
        found.append(corner)
    return tuple(found)


def _state_badge(who: Fighter) -> c.Badge | None:
    if who.condition == DEAD:
        return c.Badge(c.BOTTOM_RIGHT, "\u2020", "dead", "state")
    if who.condition == DISABLED:
        return c.Badge(c.BOTTOM_RIGHT, "z", "disabled", "state")
    if who.flat_footed:
        return c.Badge(c.BOTTOM_RIGHT, "FF", "flat-footed: no Dodge", "state")
    used = "".join(SLOT_LETTERS[s] for s in TURN_SLOTS if s in who.used)
    if used:
        return c.Badge(c.BOTTOM_RIGHT, used, "actions used this turn", "lap")
    return None


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
