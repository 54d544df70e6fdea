"""The GM's hand: dragging counters, clicking health boxes, pools, overrides, ending the fight."""

from __future__ import annotations

from collections.abc import Callable

from battlewheel.engine.core.errors import IllegalAction, TraitValueError
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.rulesets.rewrite import wheel
from battlewheel.engine.rulesets.rewrite.actions import (
    Action,
    CycleHealthBox,
    EndCombat,
    MoveCounter,
    RegainMotes,
    RegainWillpower,
    SetHealth,
    SetOverride,
    SpendMotes,
    SpendWillpower,
)
from battlewheel.engine.rulesets.rewrite.block import Character
from battlewheel.engine.rulesets.rewrite.handlers.common import (
    combatant,
    require_amount,
    require_running,
    require_started,
)
from battlewheel.engine.rulesets.rewrite.rules import values
from battlewheel.engine.rulesets.rewrite.rules.derived import check_override_key
from battlewheel.engine.rulesets.rewrite.sentences.wording import wound_text
from battlewheel.engine.rulesets.rewrite.state import Combat, Combatant, Override, TickState

MOVE_RULE = "000 §Move Counters"
HEALTH_RULE = "000 §Health Levels"
MOTE_RULE = "000 §Charms"
WILLPOWER_RULE = "004 §Willpower"
POOLS = ("personal", "peripheral")
OVERRIDE_RULE = "GM override"
MAX_TICK = 1_000_000
"""The furthest tick a counter can be dragged to.

A tick is about a second of fighting, so a million ticks is eleven days of one
combat: no fight comes near, while a typo or a damaged log asking for 10^12 is
refused with the range instead of being carried (and drawn) for ever.
"""


def move_counter(state: Combat, action: MoveCounter) -> list[Event]:
    """Drag a counter to a segment or tick (RULES.md §The wheel; 000 §Move Counters)."""
    require_started(state, "moving a counter")
    who = combatant(state, action.combatant)
    tick = _target_tick(state, action)
    if who.next_tick == state.current_tick and tick != state.current_tick:
        state.tick.forget(who.id)  # dragged off the active tick: no longer acting
    changes: dict[str, object] = {"next_tick": tick}
    if tick == state.current_tick and who.next_tick != tick:
        if state.tick.effects_applied:
            # The tick's effects are done; what follows is a fresh round of it, so
            # nothing already applied can be applied twice.
            state.tick = TickState()
        state.tick.forget(who.id)
        changes.update(values.refresh_on_action(who))  # acting now: DVs refresh (step 2)
    state.combatants[who.id] = who.replace(**changes)
    return [Event("counter_moved", who.id, f"{who.name}'s counter is now on tick {tick}.")]


def _target_tick(state: Combat, action: MoveCounter) -> int:
    assert state.current_tick is not None
    if (action.segment is None) == (action.tick is None):
        raise IllegalAction(MOVE_RULE, "give either a segment or a tick, not both")
    if action.segment is not None:
        if not 0 <= action.segment < state.segment_count:
            raise IllegalAction(
                MOVE_RULE, f"segment must be 0-{state.segment_count - 1}, got {action.segment}"
            )
        return wheel.drop_tick(action.segment, state.current_tick, state.segment_count)
    assert action.tick is not None
    if action.tick < state.current_tick:
        raise IllegalAction(
            MOVE_RULE, f"tick {action.tick} has passed (the current tick is {state.current_tick})"
        )
    if action.tick > MAX_TICK:
        raise IllegalAction(
            MOVE_RULE, f"tick must be {state.current_tick}-{MAX_TICK}, got {action.tick}"
        )
    return action.tick


def cycle_box(state: Combat, action: CycleHealthBox) -> list[Event]:
    """The GM's click on one health box (000 §Mark off Health Levels)."""
    return _new_track(state, action.combatant, lambda track: track.cycle_box(action.index))


def set_health(state: Combat, action: SetHealth) -> list[Event]:
    """The GM sets the whole track by hand (000 §Mark off Health Levels)."""
    return _new_track(state, action.combatant, lambda track: track.set_marks(action.marks))


def _new_track(
    state: Combat, cid: str, change: Callable[[HealthTrack], HealthTrack]
) -> list[Event]:
    require_running(state)
    who = combatant(state, cid)
    try:
        health = change(who.health)
    except TraitValueError as error:
        raise IllegalAction(HEALTH_RULE, str(error)) from error
    state.combatants[who.id] = who.replace(health=health, **_revived_counter(state, who, health))
    text = f"{who.name}'s health: {wound_text(health)}."
    return [Event("health_changed", who.id, text)]


def _revived_counter(state: Combat, who: Combatant, health: HealthTrack) -> dict[str, object]:
    """A combatant brought back from death acts on the tick after the current one.

    The dead keep their counter where they fell, which the tick counter has passed or
    is on; only a counter ahead of it is ever reached again (RULES.md §The wheel,
    000 §Move Tick Counter), so without this the revived would never act again.
    """
    behind = (state.started and state.current_tick is not None
              and who.next_tick is not None and who.next_tick <= state.current_tick)
    if not (who.health.dead and not health.dead and behind):
        return {}
    assert state.current_tick is not None
    state.tick.forget(who.id)  # off the active tick: no longer acting in it
    return {"next_tick": state.current_tick + 1}


def spend_motes(state: Combat, action: SpendMotes) -> list[Event]:
    """Spend motes the character has (000 §Charms)."""
    require_running(state)
    who = combatant(state, action.combatant)
    require_amount(action.amount, "motes spent")
    field = _pool_field(action.pool)
    have = getattr(who, field)
    if action.amount > have:
        raise IllegalAction(
            MOTE_RULE, f"{who.name} has {have} {action.pool} motes, not {action.amount}"
        )
    return _changed(state, who, field, have - action.amount, action)


def regain_motes(state: Combat, action: RegainMotes) -> list[Event]:
    """Regain motes up to the pool's size (000 §Charms)."""
    require_running(state)
    who = combatant(state, action.combatant)
    require_amount(action.amount, "motes regained")
    field = _pool_field(action.pool)
    have, most = getattr(who, field), values.mote_pool_size(who, action.pool)
    if have + action.amount > most:
        raise IllegalAction(
            MOTE_RULE, f"{who.name}'s {action.pool} pool holds 0-{most}; has {have}"
        )
    return _changed(state, who, field, have + action.amount, action)


def _changed(state: Combat, who: Combatant, field: str, value: int, action: Action) -> list[Event]:
    """Set a pool (motes or Willpower) already checked against its bounds."""
    state.combatants[who.id] = who.replace(**{field: value})
    kind = "willpower_changed" if field == "willpower" else "motes_changed"
    return [Event(kind, who.id, action.sentence(state.name))]


def _pool_field(pool: str) -> str:
    if pool not in POOLS:
        raise IllegalAction(MOTE_RULE, f"pool must be one of {', '.join(POOLS)}, got {pool!r}")
    return f"{pool}_motes"


def spend_willpower(state: Combat, action: SpendWillpower) -> list[Event]:
    """Spend temporary Willpower the character has (004 §Willpower)."""
    require_running(state)
    who = combatant(state, action.combatant)
    require_amount(action.amount, "Willpower spent")
    if action.amount > who.willpower:
        raise IllegalAction(
            WILLPOWER_RULE, f"{who.name} has {who.willpower} Willpower, not {action.amount}"
        )
    return _changed(state, who, "willpower", who.willpower - action.amount, action)


def regain_willpower(state: Combat, action: RegainWillpower) -> list[Event]:
    """Regain temporary Willpower up to the permanent rating (004 §Willpower)."""
    require_running(state)
    who = combatant(state, action.combatant)
    require_amount(action.amount, "Willpower regained")
    most = values.willpower_rating(who)
    if who.willpower + action.amount > most:
        raise IllegalAction(
            WILLPOWER_RULE, f"{who.name}'s Willpower is 0-{most}; has {who.willpower}"
        )
    return _changed(state, who, "willpower", who.willpower + action.amount, action)


def set_override(state: Combat, action: SetOverride) -> list[Event]:
    """The GM fixes a derived value by hand, with a reason, or clears it.

    Sheet values (DVs, soak, Hardness, SDV, caps) are overridden on the character;
    values of the fight (movement, pool sizes, Willpower rating) on the combatant.
    """
    require_running(state)
    who = combatant(state, action.combatant)
    if action.value is not None and not action.reason.strip():
        raise IllegalAction(OVERRIDE_RULE, "an override needs a reason the sheet can show")
    if action.field in values.COMBAT_OVERRIDES:
        kept = tuple(item for item in who.overrides if item.field != action.field)
        if action.value is not None:
            kept = (*kept, Override(action.field, action.value, action.reason))
        state.combatants[who.id] = _within_pools(who.replace(overrides=kept))
    else:
        state.combatants[who.id] = who.replace(character=_overridden_sheet(who, action))
    return [Event("override_changed", who.id, action.sentence(state.name))]


def _within_pools(who: Combatant) -> Combatant:
    """Lowering a rating or pool size by hand lowers what is left to it, as a GM expects.

    Current Willpower above the permanent rating (or motes above the pool) is a state
    the rules never reach (004 §Willpower, 000 §Charms), so it is clamped, not kept.
    """
    return who.replace(
        willpower=min(who.willpower, max(0, values.willpower_rating(who))),
        personal_motes=min(who.personal_motes, max(0, values.mote_pool_size(who, "personal"))),
        peripheral_motes=min(who.peripheral_motes,
                             max(0, values.mote_pool_size(who, "peripheral"))),
    )


def _overridden_sheet(who: Combatant, action: SetOverride) -> Character:
    try:
        check_override_key(action.field)
    except TraitValueError as error:
        extra = ", ".join(values.COMBAT_OVERRIDES)
        raise IllegalAction(OVERRIDE_RULE, f"{error}; or one of {extra}") from error
    if action.value is None:
        return who.character.without_override(action.field)
    return who.character.with_override(action.field, action.value, action.reason)


def end_combat(state: Combat, action: EndCombat) -> list[Event]:
    """End the fight; only undo changes it afterwards."""
    require_running(state)
    state.ended = True
    return [Event("combat_ended", None, action.sentence(state.name))]
