"""The Impulse wheel (rules/impulse.md §5): the ring is this round's order, one slot per counter.

Counters carry their Impulse and an Endurance arc; a held counter waits in the pocket
under its trigger; reinforcements and the unrolled wait off the ring. Dragging the
acting counter earlier is Change Initiative with its cost shown before the drop;
dragging any other counter is a GM edit.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.kept import KeptPerRecord
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse.rules import HOLD_COST, change_cost
from battlewheel.engine.rulesets.impulse.sheet import plight_words
from battlewheel.engine.rulesets.impulse.state import Entry, Fighter, ImpulseCombat, split_key

if TYPE_CHECKING:
    from battlewheel.engine.core.ruleset import Ruleset

WHEEL = "001 §Turn Order"  # a GM's drag on the order
CHANGE = "001 §Change Initiative"
HOLDING = "001 §Holding Action"
_MARKS = (("stunned", "S"), ("restrained", "R"), ("disarmed", "D"), ("dashed", "\u2192"))


def turn_track(state: ImpulseCombat) -> c.TurnTrack:
    """Slots in this round's order, the cursor on the turn in progress, every counter."""
    order = state.order()
    fighters = list(state.combatants.values())
    letters = dict(
        zip(state.combatants, c.unique_initials([f.name for f in fighters]), strict=True)
    )
    colours = c.colour_indices([(f.id, f.side) for f in fighters])
    counters = [
        _counter(state, e, i, letters[e.cid], colours[e.cid], _ghost(state, order, e))
        for i, e in enumerate(order)
    ]
    placed = {e.cid for e in order}
    counters += [
        _waiting(state, f, letters[f.id], colours[f.id])
        for f in fighters
        if f.id not in placed and not f.gone
    ]
    return c.TurnTrack(
        slots=tuple(
            c.Slot(str(e.value), shaded=e.trailing, mark="ambushed" if e.trailing else "")
            for e in order
        )
        or (c.Slot("-"),),
        cursor=state.cursor(),
        counters=tuple(counters),
        hub=hub_text(state),
        ended=state.ended,
        waiting_caption="off the field (reinforcements, order not rolled)",
        # Each held counter is labelled with its trigger in the pocket (§5).
        pocket_caption="held actions (2 Impulse each)",
        pocket=state.started and not state.ended,
        drag_hints=True,
    )


def hub_text(state: ImpulseCombat) -> str:
    """The round marker: the round in play, or that the fight has not begun or is over."""
    if state.ended:
        return "fight\nover"
    if not state.started:
        return "not started"
    return f"round\n{state.round}" + ("\nhold fires" if state.paused else "")


def _ghost(state: ImpulseCombat, order: tuple[Entry, ...], entry: Entry) -> int | None:
    """The slot a changed order puts the counter beside next round: ahead of the first
    counter of a lower value, or the last slot (rules/impulse.md §5, 001 §Change Initiative)."""
    who = state.combatants[entry.cid]
    index = split_key(entry.key)[1]
    if index >= len(who.next_orders) or who.next_orders[index] == who.orders[index]:
        return None
    value = who.next_orders[index]
    later = [i for i, e in enumerate(order) if e.key != entry.key and e.value < value]
    return later[0] if later else len(order) - 1


def _counter(
    state: ImpulseCombat, entry: Entry, slot: int, initials: str, colour: int,
    ghost: int | None = None,
) -> c.Counter:
    who = state.combatants[entry.cid]
    index = split_key(entry.key)[1]
    held = who.hold is not None and who.hold.key == entry.key
    looks = _looks(who)[index]
    return c.Counter(
        id=entry.key,
        name=who.name if index == 0 else f"{who.name} ({index + 1})",
        initials=initials if index == 0 else f"{initials}{index + 1}",
        side=c.ALLY if who.side == "ally" else c.ENEMY,
        slot=None if held else slot,
        colour_index=colour,
        acting=entry.key == state.acting_key,
        done=entry.key in state.done and not held,
        down=who.defeated or who.dead,
        badges=looks.badges,
        states=looks.states,
        details=looks.details,
        meter=looks.meter,
        pocket=who.hold.trigger if held and who.hold else "",
        ghost=ghost,
        ghost_label="" if ghost is None else f"{who.next_orders[index]} next round",
    )


def _waiting(state: ImpulseCombat, who: Fighter, initials: str, colour: int) -> c.Counter:
    why = "in reserve at Extreme" if state.in_reserve(who.id) else "order not rolled"
    return c.Counter(
        id=who.id,
        name=who.name,
        initials=initials,
        side=c.ALLY if who.side == "ally" else c.ENEMY,
        slot=None,
        colour_index=colour,
        down=who.defeated,
        badges=_looks(who)[0].badges,
        states=_looks(who)[0].states,
        details=(why,),
        meter=_meter(who),
    )


class Looks(NamedTuple):
    """The parts of one of a fighter's counters that follow from its record alone."""

    badges: tuple[c.Badge, ...]
    states: tuple[str, ...]
    details: tuple[str, ...]
    meter: float


def own_looks(who: Fighter) -> tuple[Looks, ...]:
    """Each of the fighter's counters' badges, states, tooltip lines and meter (one
    counter at least: an unrolled fighter waits off the field)."""
    return tuple(Looks(_badges(who, index), _states(who), _details(who, index), _meter(who))
                 for index in range(max(1, len(who.orders))))


# A step replaces one or two records: the others' counters look as they did.
_looks = KeptPerRecord(own_looks)


def _meter(who: Fighter) -> float:
    return max(0, who.endurance) / who.character.endurance


def _badges(who: Fighter, index: int) -> tuple[c.Badge, ...]:
    badges = [c.Badge(c.TOP_LEFT, str(who.impulse), f"{who.impulse} Impulse", "info")]
    if index < len(who.next_orders) and who.next_orders[index] != who.orders[index]:
        ghost = who.next_orders[index]
        badges.append(
            c.Badge(c.TOP_RIGHT, f"\u2192{ghost}", f"order {ghost} from next round", "lap")
        )
    if who.cover != "none":
        badges.append(c.Badge(c.BOTTOM_LEFT, who.cover[0].upper(), f"{who.cover} cover", "state"))
    for name, mark in _MARKS:
        if who.has(name):
            badges.append(c.Badge(c.BOTTOM_RIGHT, mark, name, "penalty"))
            break
    return tuple(badges)


def _states(who: Fighter) -> tuple[str, ...]:
    words = [s.name.replace("_", " ") for s in who.statuses]
    words += [f"{d} drawback" for d in who.drawbacks]
    return (*words, *plight_words(who))


def _details(who: Fighter, index: int) -> tuple[str, ...]:
    lines = [f"Impulse {who.impulse}", f"Endurance {who.endurance} / {who.character.endurance}"]
    if index < len(who.orders):
        lines.append(f"order {who.orders[index]}")
    if who.hold is not None:
        lines.append(f"holding for: {who.hold.trigger}")
    return tuple(lines)


# -- drops -----------------------------------------------------------------------------------


def drop(ruleset: Ruleset, state: ImpulseCombat, counter_id: str, slot: int) -> c.DropVerdict:
    """The acting counter dragged earlier pays Impulse (Change Initiative); others are GM edits."""
    order = state.order()
    keys = [e.key for e in order]
    if counter_id not in keys or not 0 <= slot < len(order):
        return c.DropVerdict(
            None, refusal="only a counter in the order can go on a slot", rule=WHEEL
        )
    here = keys.index(counter_id)
    if slot == here:
        return c.DropVerdict(None, refusal="the counter is already there", rule=WHEEL)
    cid, index = split_key(counter_id)
    value = order[slot].value + 1 if slot < here else max(0, order[slot].value - 1)
    if counter_id == state.acting_key and state.paused is None:
        return _change_verdict(ruleset, state, cid, index, value)
    action = a.SetOrderValue(cid, value, index)
    return _verdict(ruleset, state, action, "no cost: a GM edit (takes effect now)", WHEEL)


def _change_verdict(
    ruleset: Ruleset, state: ImpulseCombat, cid: str, index: int, value: int
) -> c.DropVerdict:
    old = state.combatants[cid].next_orders[index]
    cost = change_cost(old, value)
    words = f"{cost} Impulse" if cost else "free"
    action = a.ChangeInitiative(cid, value, index)
    return _verdict(
        ruleset, state, action, f"{words}: order {old} \u2192 {value} from next round", CHANGE
    )


TRIGGER_PROMPT = "What does the held action wait for? (the trigger, in words)"
STAND_IN = "(the trigger)"  # checks a hold is allowed before the GM has typed its trigger


def pocket_drop(
    ruleset: Ruleset, state: ImpulseCombat, counter_id: str, trigger: str | None
) -> c.DropVerdict:
    """The acting counter into the pocket: Hold, 2 Impulse (001 §Holding Action)."""
    if counter_id != state.acting_key:
        return c.DropVerdict(None, refusal=_only_the_actor(state), rule=HOLDING)
    cid = split_key(counter_id)[0]
    if trigger is None:
        verdict = _verdict(ruleset, state, a.HoldAction(cid, STAND_IN), "", HOLDING)
        return replace(verdict, cost=_hold_cost(state, cid), prompt=TRIGGER_PROMPT)
    verdict = _verdict(ruleset, state, a.HoldAction(cid, trigger), _hold_cost(state, cid), HOLDING)
    return replace(verdict, confirm=False)  # typing the trigger was the GM's yes


def _hold_cost(state: ImpulseCombat, cid: str) -> str:
    left = state.combatants[cid].impulse - HOLD_COST
    return f"Hold: {HOLD_COST} Impulse now ({left} left), back if the trigger never comes"


def _only_the_actor(state: ImpulseCombat) -> str:
    acting = state.acting_id()
    if acting is None:
        return "only the acting counter can hold its action, and nobody acts now"
    return f"only the acting counter can hold its action; {state.name(acting)} acts now"


def pocket_fire(
    ruleset: Ruleset, state: ImpulseCombat, counter_id: str, slot: int
) -> c.DropVerdict:
    """A held counter out of the pocket beside the current slot: it acts now, before the
    trigger, when let go on that slot or the one before; after it, once this turn ends, on
    the one after (rules/impulse.md §5; 001 §Holding Action)."""
    cid = split_key(counter_id)[0]
    timing = _timing(state, slot)
    if timing is None:
        return c.DropVerdict(
            None, refusal="a held counter fires beside the acting one: drop it on the "
            "acting slot or next to it", rule=WHEEL,
        )
    verdict = _verdict(ruleset, state, a.FireHold(cid, timing), "no cost (paid when held)",
                       HOLDING)
    words = "after the trigger, once this turn ends" if timing == "after_turn" else \
        f"{timing} the trigger"
    return replace(verdict, confirm=False, result=f"{state.name(cid)} acts {words}.")


def _timing(state: ImpulseCombat, slot: int) -> str | None:
    cursor = state.cursor()
    if cursor is None:
        return "before"  # nobody acts: the engine refuses the fire with its own reason
    count = len(state.order())
    if slot in (cursor, (cursor - 1) % count):
        return "before"
    if slot == (cursor + 1) % count:
        return "after_turn"
    return None


def _verdict(
    ruleset: Ruleset, state: ImpulseCombat, action: Action, cost: str, rule: str
) -> c.DropVerdict:
    try:
        ruleset.apply(state.clone(), action)
    except IllegalAction as refusal:
        return c.DropVerdict(None, refusal=refusal.reason, rule=refusal.rule)
    return c.DropVerdict(action, cost=cost, rule=rule, confirm=True)
