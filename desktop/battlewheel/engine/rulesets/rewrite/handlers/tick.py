"""2e Rewrite tick actions: moving the tick counter, movement and the alarm (000 §Each tick)."""

from __future__ import annotations

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.rewrite.actions import (
    Advance,
    DeclareMovement,
    NextTick,
    RaiseAlarm,
    ReduceSurprise,
)
from battlewheel.engine.rulesets.rewrite.handlers.common import (
    TICK_RULE,
    combatant,
    require_started,
)
from battlewheel.engine.rulesets.rewrite.handlers.flurry import inactive_if_helpless
from battlewheel.engine.rulesets.rewrite.rules import values
from battlewheel.engine.rulesets.rewrite.rules.setup import reduced_margin
from battlewheel.engine.rulesets.rewrite.state import PHASE_DONE, TOTALLY, Combat, TickState

MOVEMENT_RULE = "000 §All Characters Declare Movement"
ALARM_RULE = "000 §Raising the Alarm"


def next_tick(state: Combat, action: NextTick) -> list[Event]:
    """Steps 1-2: move the tick counter one tick, refresh actors' DVs (000 §Move Tick Counter)."""
    _require_tick_over(state)
    return _begin_tick(state)


def advance(state: Combat, action: Advance) -> list[Event]:
    """Move the tick counter to the next tick on which someone acts (000 §Move Tick Counter).

    Dead combatants' counters are skipped.
    """
    _require_tick_over(state)
    assert state.current_tick is not None
    # The dead never act again; their counters are passed over.
    ahead = [
        c.next_tick
        for c in state.combatants.values()
        if c.next_tick is not None and not c.health.dead
    ]
    ahead = [tick for tick in ahead if tick > state.current_tick]
    if not ahead:
        raise IllegalAction(TICK_RULE, "no counter is on the wheel ahead of the tick counter")
    # No living counter lies between here and the soonest one, so the ticks passed
    # over change nothing: jump to the tick before it and begin that one tick, which
    # costs the same whatever the gap.
    state.current_tick = min(ahead) - 1
    return _begin_tick(state)


def _require_tick_over(state: Combat) -> None:
    require_started(state, "the next tick")
    if state.phase == PHASE_DONE:
        return
    waiting = [state.name(cid) for cid in state.awaiting_flurry()]
    if waiting:
        raise IllegalAction(TICK_RULE, "still to declare a flurry: " + ", ".join(waiting))
    if state.pending_attacks():
        raise IllegalAction(TICK_RULE, "declared attacks are still to be resolved")
    raise IllegalAction(TICK_RULE, "the tick's effects (steps 6-9) are still to be applied")


def _begin_tick(state: Combat) -> list[Event]:
    assert state.current_tick is not None
    state.current_tick += 1
    state.tick = TickState()
    events = [Event("tick_started", None, f"Tick {state.current_tick} begins.")]
    for cid in state.acting_ids():
        who = state.combatants[cid]
        state.combatants[cid] = who.replace(**values.refresh_on_action(who))
        events.append(Event("acting", cid, f"{who.name} acts."))
    return events + inactive_if_helpless(state)


def declare_movement(state: Combat, action: DeclareMovement) -> list[Event]:
    """Step 4: yards moved this tick, up to the limit (000 §All Characters Declare Movement)."""
    require_started(state, "movement")
    who = combatant(state, action.combatant)
    most = values.movement(who)
    if not 0 <= action.yards <= most:
        raise IllegalAction(MOVEMENT_RULE, f"{who.name} can move 0-{most} yards this tick")
    state.tick.movement[who.id] = action.yards
    return [Event("movement_declared", who.id, action.sentence(state.name))]


def raise_alarm(state: Combat, action: RaiseAlarm) -> list[Event]:
    """Raise the alarm (000 §Raising the Alarm).

    During a tick it takes effect when surprise is reassessed (step 7); between ticks
    and before the battle it takes effect at once.
    """
    require_started_or_setup(state)
    for cid in (action.by, *action.hearers):
        if cid is not None:
            combatant(state, cid)
    text = action.sentence(state.name)
    if state.phase == PHASE_DONE or not state.started:
        return [
            Event("alarm_raised", action.by, text),
            *hear_alarm(state, action.by, action.hearers),
        ]
    state.tick.alarms.append((action.by, action.hearers))
    return [Event("alarm_raised", action.by, text + " It is heard at the end of the tick.")]


def require_started_or_setup(state: Combat) -> None:
    """Refuse only once the combat has ended."""
    if state.ended:
        raise IllegalAction(ALARM_RULE, "the combat has ended")


def hear_alarm(state: Combat, by: str | None, hearers: tuple[str, ...]) -> list[Event]:
    """The hearers stop being Totally Surprised (000 §Reassess Surprise)."""
    heard = hearers or tuple(cid for cid in state.combatants if cid != by)
    events = []
    for cid in heard:
        who = state.combatants.get(cid)
        if who is None or who.alarmed:
            continue
        state.combatants[cid] = who.replace(alarmed=True)
        if who.surprise == TOTALLY:
            events.append(Event("surprise_changed", cid, f"{who.name} hears the alarm."))
    return events


def reduce_surprise(state: Combat, action: ReduceSurprise) -> list[Event]:
    """Lower a hidden character's margins; at 0 the observer is Aware (000 §Reassess Surprise)."""
    require_started_or_setup(state)
    who = combatant(state, action.combatant)
    if action.amount < 1:
        raise IllegalAction("000 §Reassess Surprise", "the reduction must be at least 1")
    for cid in action.observers:
        combatant(state, cid)
    observers = action.observers or tuple(o for o, hidden in state.unaware if hidden == who.id)
    events = [Event("awareness_changed", who.id, action.sentence(state.name))]
    for observer in observers:
        margin = reduced_margin(state.unaware.get((observer, who.id), 0), action.amount)
        if margin:
            state.unaware[(observer, who.id)] = margin
        elif state.unaware.pop((observer, who.id), None) is not None:
            text = f"{state.name(observer)} is now aware of {who.name}."
            events.append(Event("awareness_changed", observer, text))
    return events
