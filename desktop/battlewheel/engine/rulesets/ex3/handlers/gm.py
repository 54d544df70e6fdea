"""The GM's hand: edits outside the rules' costs, each logged and undoable (rules/3e.md §5)."""

from __future__ import annotations

import dataclasses

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.block import Character
from battlewheel.engine.rulesets.ex3.handlers import initiative as ini
from battlewheel.engine.rulesets.ex3.state import (
    SELF,
    WILLPOWER_MOST,
    Combat,
    Combatant,
    pool_most,
)

# A GM edit refused cites the seed section of what it edits (the window shows the section).
GM = "003 §The Flow of Combat"
CONDITION_RULE = "003 §Damage and Conditions"
RANGE_RULE = "003 §Positioning and Movement"
SELF_BREAK_GIVEN = "self, Break given"
CONDITIONS = {"prone": (0, 1), "cover": (0, 3), "mounted": (0, 1), "leader_killed": (0, 1),
              "concealed": (0, 1)}


def _who(state: Combat, cid: str) -> Combatant:
    if cid not in state.combatants:
        raise IllegalAction(GM, f"there is no combatant {cid!r}")
    return state.combatants[cid]


def set_initiative(state: Combat, action: a.SetInitiative) -> list[Event]:
    """A GM edit of Initiative: no cost, no Break, but Crash is still Crash (003 §Crash)."""
    who = _who(state, action.combatant)
    if who.is_group:
        raise IllegalAction(GM, f"{who.name} has no Initiative to edit")
    if not who.joined:
        raise IllegalAction("003 §The Flow of Combat", f"{who.name} has no Initiative yet: "
                                                      "roll Join Battle (Ctrl+J) first")
    if who.initiative == action.value:
        raise IllegalAction(GM, f"{who.name} already has {action.value}i")
    events: list[Event] = []
    entering = not who.in_crash and action.value <= 0
    ini.set_initiative(state, who.id, action.value, events)
    if entering:
        state.put(state.combatants[who.id].replace(crashed_by="", crash_turns=0))
    return [*events, Event("initiative_set", who.id, f"{who.name} now has {action.value}i.")]


def adjust_pool(state: Combat, action: a.AdjustPool) -> list[Event]:
    """Motes or Willpower spent or restored by the GM: never below 0, motes never above the
    pool, Willpower never above 10 (3e reading §4: Charms' costs are the GM's input)."""
    who = _who(state, action.combatant)
    if action.pool not in a.POOLS or action.amount == 0:
        raise IllegalAction(GM, "spend or restore personal, peripheral motes or Willpower")
    left = who.pool_left(action.pool) + action.amount
    most = WILLPOWER_MOST if action.pool == "willpower" else pool_most(who.block, action.pool)
    words = a.POOL_WORDS[action.pool]
    if not 0 <= left <= most:
        raise IllegalAction(GM, f"{who.name} has {who.pool_left(action.pool)} {words} "
                                f"(0-{most})")
    spent = int(getattr(who, f"{action.pool}_spent")) - action.amount
    state.put(who.replace(**{f"{action.pool}_spent": spent}))
    return [Event("pool", who.id, f"{who.name}: {left} {words}.")]


def replace_block(state: Combat, cid: str, block: Character) -> list[Event]:
    """The GM's changed stat block from now on (the character editor's ``ChangeBlock``;
    rules/3e.md §5: a GM edit, logged, no rule cost).

    What the fight did stays: damage (laid on the new levels, what no longer fits falling
    off the end), Initiative, position, motes and Willpower spent (never more than the new
    pools hold), readied weapons that are still carried (new ones come ready, as at Join
    Battle), Size lost. Magnitude never rises above the new most.
    """
    who = _who(state, cid)
    fresh = r.health_for(block, state.options.health_track)
    health = who.health.with_levels(fresh.penalties, fresh.dying)
    before = {w.name for w in who.block.carried}
    names = [w.name for w in block.carried]
    ready = tuple(n for n in names if n in who.ready or n not in before)
    changes: dict[str, object] = {
        "block": block, "health": health, "ready": ready,
        "mounted": bool(block.mount) and (who.mounted or not who.block.mount)}
    for pool in a.POOLS:
        spent = int(getattr(who, f"{pool}_spent"))
        changes[f"{pool}_spent"] = min(spent, pool_most(block, pool))
    changes.update(_group_changes(who, block))
    state.put(who.replace(**changes))
    return [Event("block_changed", cid, f"{block.name}'s traits change from now on.")]


def _group_changes(who: Combatant, block: Character) -> dict[str, object]:
    """Size and Magnitude for a block that is (or stops being) a battle group."""
    if block.group is None:
        return {"size": 0, "magnitude": 0}
    if not who.is_group:
        size = block.group.size
        return {"size": size, "magnitude": r.magnitude_max(block, size)}
    return {"magnitude": min(who.magnitude, r.magnitude_max(block, who.size))}


def cycle_box(state: Combat, action: a.CycleHealthBox) -> list[Event]:
    """A click on a health box cycles its damage (the 2e track; 3e reading §4 health_track)."""
    who = _who(state, action.combatant)
    try:
        track = who.health.cycle_box(action.index)
    except ValueError as error:
        raise IllegalAction(CONDITION_RULE, str(error)) from error
    state.put(who.replace(health=track))
    words = r.track_words(track, state.options.health_track)
    return [Event("health", who.id, f"{who.name}'s track: {words}.")]


def set_magnitude(state: Combat, action: a.SetMagnitude) -> list[Event]:
    """A GM edit of Magnitude within 0 and its maximum (003 §Battle Groups)."""
    who = _who(state, action.combatant)
    most = r.magnitude_max(who.block, who.size)
    if not who.is_group or not 0 <= action.value <= most:
        raise IllegalAction("003 §Battle Groups", f"Magnitude must be 0-{most} for a group")
    state.put(who.replace(magnitude=action.value))
    return [Event("magnitude", who.id, f"{who.name}'s Magnitude is {action.value}.")]


def award_break(state: Combat, action: a.AwardBreak) -> list[Event]:
    """The Break for a self-Crash goes to whom the GM names (003 §Crash)."""
    crashed = _who(state, action.crashed)
    _who(state, action.to)
    if not crashed.in_crash or crashed.crashed_by != SELF:
        raise IllegalAction("003 §Crash", f"{crashed.name} is not in a Crash of its own making "
                                          f"with a Break still to give")
    if action.to == action.crashed or not state.hostile(action.to, action.crashed):
        raise IllegalAction("003 §Crash", "the Break goes to a foe")
    events: list[Event] = []
    ini.award_break(state, action.to, crashed, events)
    state.put(state.combatants[crashed.id].replace(crashed_by=SELF_BREAK_GIVEN))
    return events


def proposed_break(state: Combat, crashed: str) -> str | None:
    """The foe proposed for a self-Crash Break: the last to attack it (3e reading §4)."""
    who = state.combatants.get(crashed)
    if who is None or who.crashed_by != SELF:
        return None
    last = state.last_attacker.get(crashed)
    return last if last in state.combatants and state.hostile(last, crashed) else None


def grant_extra_action(state: Combat, action: a.GrantExtraAction) -> list[Event]:
    """One more Simple action this turn, from a Charm the program does not model
    (rules/3e.md §4 GM input); attacks it adds follow 003 §Clashes."""
    from battlewheel.engine.rulesets.ex3.handlers import flow

    turn = flow.turn_of(state, action.combatant)
    state.turn = dataclasses.replace(turn, extra=turn.extra + 1)
    source = f" ({action.source})" if action.source else ""
    return [Event("extra_action", action.combatant,
                  f"{state.name(action.combatant)} gains an extra action this turn{source}.")]


def set_condition(state: Combat, action: a.SetCondition) -> list[Event]:
    """Prone, cover, mounted, a leader killed, hidden from someone: as the GM rules.

    003 §Damage and Conditions, §Take Cover, §Mounted Combat.
    """
    who = _who(state, action.combatant)
    bounds = CONDITIONS.get(action.condition)
    if bounds is None or not bounds[0] <= action.value <= bounds[1]:
        raise IllegalAction(CONDITION_RULE,
                            f"condition must be one of {', '.join(CONDITIONS)} in range")
    if action.condition == "concealed":
        _who(state, action.other)
        pair = (who.id, action.other)
        state.concealed = state.concealed | {pair} if action.value else state.concealed - {pair}
    elif action.condition == "mounted" and action.value and not who.block.mount:
        raise IllegalAction("003 §Mounted Combat", f"{who.name} has no mount")
    elif action.condition == "leader_killed" and not who.is_group:
        raise IllegalAction("003 §Battle Groups", "only a battle group loses its leaders")
    else:
        value: object = action.value if action.condition == "cover" else bool(action.value)
        state.put(who.replace(**{action.condition: value}))
    return [Event("condition", who.id, f"{who.name}: {action.condition} {action.value}.")]


def set_range(state: Combat, action: a.SetRange) -> list[Event]:
    """Place a pair at a band, or a combatant in a zone (003 §Positioning; ruling range_model).

    With zones, a pair can be put at close or short range (the first joins the other's
    zone); farther bands follow from the zones themselves.
    """
    who = _who(state, action.combatant)
    if not action.other:
        state.close = {pair for pair in state.close if who.id not in pair}
        state.put(who.replace(zone=action.zone, crossing=None))
        return [Event("range", who.id, f"{who.name} stands in zone {action.zone}.")]
    other = _who(state, action.other)
    pair = frozenset((who.id, other.id))
    if action.band not in r.RANGE_ORDER or other.id == who.id:
        raise IllegalAction(RANGE_RULE, "name someone else and a range band")
    if state.options.range_model == "bands":
        state.bands[pair] = action.band
    elif action.band in ("close", "short"):
        state.put(who.replace(zone=other.zone, crossing=None))
        state.close = state.close | {pair} if action.band == "close" else state.close - {pair}
    else:
        raise IllegalAction(RANGE_RULE, "with zones, place the combatant in a zone instead")
    return [Event("range", who.id, f"{who.name} is at {action.band} range of {other.name}.")]


def mark_rough(state: Combat, action: a.MarkRough) -> list[Event]:
    """Difficult terrain counts double for Move (003 §Positioning and Movement)."""
    zones = set(state.rough_zones)
    if (action.zone in zones) == action.rough:
        raise IllegalAction(RANGE_RULE, f"zone {action.zone} is already so")
    zones = zones | {action.zone} if action.rough else zones - {action.zone}
    state.rough_zones = frozenset(zones)
    return [Event("terrain", text=f"Zone {action.zone} changed.")]


# -- who a GM ruling can concern now (the Combat menu and the GM's dialogs) --------------


def self_crashed(state: Combat) -> list[str]:
    """Those in a Crash of their own making whose Break is still to give (003 §Crash)."""
    return [cid for cid, who in state.combatants.items()
            if who.in_crash and who.crashed_by == SELF and not who.out]


def held(state: Combat) -> list[str]:
    """Those held at bay by an ambusher (003 §Attacks From Stealth)."""
    return [cid for cid, who in state.combatants.items() if who.held_by and not who.out]


def hold_over(state: Combat) -> list[str]:
    """Those held at bay whose rounds have passed (003 §Attacks From Stealth)."""
    return [cid for cid in held(state)
            if (until := state.combatants[cid].held_until_round) is None or state.round >= until]


def gone(state: Combat) -> list[str]:
    """Those who went to ground and may come back (003 §Go to Ground)."""
    return [cid for cid, who in state.combatants.items() if who.gone and who.ground_turns]
