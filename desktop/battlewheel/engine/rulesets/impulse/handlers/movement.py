"""Move, Dash and Disengage: one of them a round, sharing the Free move slot (001 §Movement)."""

from __future__ import annotations

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse.handlers.common import (
    add_status,
    fighter,
    in_melee_with_foe,
    put,
    require_acting,
    require_impulse,
)
from battlewheel.engine.rulesets.impulse.rules import (
    DASH_COST,
    DISENGAGE_COST,
    MELEE,
    SHORT,
    beats,
    rolled_successes,
    step_band,
)
from battlewheel.engine.rulesets.impulse.state import Fighter, ImpulseCombat

MOVEMENT = "001 §Movement"
MOVE = "001 §Move"
DASH = "001 §Dash"
DISENGAGE = "001 §Disengage"
RESTRAIN = "001 §Stunting Decisive Strikes"


def group_of(state: ImpulseCombat, target: str, mover: str) -> tuple[str, ...]:
    """The group ``target`` stands in: everyone on the field linked to it through melee range,
    the mover aside; moving toward one of them moves toward them all (001 §Range Bands)."""
    group, frontier = [target], [target]
    while frontier:
        here = frontier.pop()
        for other in state.combatants:
            if (other not in group and other != mover and state.can_act(other)
                    and state.band(here, other) == MELEE):
                group.append(other)
                frontier.append(other)
    return tuple(group)


def _mover(state: ImpulseCombat, actor: str, rule: str) -> Fighter:
    """The acting fighter, free to take the round's one movement (001 §Movement)."""
    who = require_acting(state, actor, rule)
    if who.moved:
        raise IllegalAction(
            MOVEMENT, f"{who.name} has already used this round's movement ({who.moved})"
        )
    if who.has("restrained"):
        raise IllegalAction(RESTRAIN, f"{who.name} is restrained and cannot move this round")
    return who


def _targets(
    state: ImpulseCombat, who: Fighter, targets: tuple[str, ...], direction: str, rule: str
) -> None:
    if not targets or len(set(targets)) != len(targets):
        raise IllegalAction(rule, "a move names whom it goes toward or away from")
    if direction not in a.DIRECTIONS:
        raise IllegalAction(rule, "a move goes toward or away")
    for target in targets:
        fighter(state, target, rule)
        if target == who.id or state.in_reserve(target):
            raise IllegalAction(rule, f"{state.name(target)} cannot be moved toward or away from")


def _not_in_melee(state: ImpulseCombat, who: Fighter, rule: str, *, dragging: str = "") -> None:
    foes = in_melee_with_foe(state, who.id, ignoring=dragging)
    if foes:
        raise IllegalAction(
            rule, f"{who.name} is in melee with {state.name(foes[0])}: Disengage instead"
        )


def _shift(
    state: ImpulseCombat,
    who: Fighter,
    targets: tuple[str, ...],
    direction: str,
    steps: int,
    rule: str,
) -> list[Event]:
    """Each named target (a group moves together) one or more bands nearer or farther."""
    events = []
    for target in targets:
        band = step_band(state.band(who.id, target), direction, steps)
        locked = any(s.name == "lockout" and s.other == target for s in who.statuses)
        if band == MELEE and locked:
            raise IllegalAction(
                DISENGAGE, f"{who.name} cannot close to melee with {state.name(target)} this round"
            )
        state.set_band(who.id, target, band)
        events.append(
            Event(
                "range_changed",
                who.id,
                f"{who.name} and {state.name(target)}: "
                f"{('melee', 'short', 'medium', 'long')[band]}.",
            )
        )
    return events


def move(state: ImpulseCombat, action: a.Move) -> list[Event]:
    """One band toward or away; not from melee; a restrained foe may be dragged (001 §Move)."""
    who = _mover(state, action.actor, MOVE)
    _targets(state, who, action.targets, action.direction, MOVE)
    if action.drag:
        _check_drag(state, who, action.drag)
    _not_in_melee(state, who, MOVE, dragging=action.drag)
    events = _shift(state, who, action.targets, action.direction, 1, MOVE)
    if action.drag:
        for target in action.targets:
            if target != action.drag:
                state.set_band(action.drag, target, state.band(who.id, target))
    put(state, state.combatants[who.id].replace(moved="move"))
    return events


def _check_drag(state: ImpulseCombat, who: Fighter, dragged: str) -> None:
    victim = fighter(state, dragged, RESTRAIN)
    held = victim.status("restrained")
    if held is None or held.source != who.id:
        raise IllegalAction(RESTRAIN, f"{who.name} can drag only someone they restrain")


def dash(state: ImpulseCombat, action: a.Dash) -> list[Event]:
    """Two bands, 2 Impulse, -1 DV a round; not from melee or two rounds running (001 §Dash)."""
    who = _mover(state, action.actor, DASH)
    _targets(state, who, action.targets, action.direction, DASH)
    _not_in_melee(state, who, DASH)
    if who.dash_round is not None and who.dash_round == state.round - 1:
        raise IllegalAction(
            DASH, f"{who.name} dashed last round and cannot dash two rounds running"
        )
    require_impulse(who, DASH_COST, DASH, "a Dash")
    events = _shift(state, who, action.targets, action.direction, 2, DASH)
    put(
        state,
        state.combatants[who.id].replace(
            impulse=who.impulse - DASH_COST, moved="dash", dash_round=state.round
        ),
    )
    add_status(state, who.id, "dashed", who.id)
    return events


def disengage(state: ImpulseCombat, action: a.Disengage) -> list[Event]:
    """2 Impulse to fall back to short; foes beating your Evasion keep up (001 §Disengage)."""
    who = _mover(state, action.actor, DISENGAGE)
    foes = in_melee_with_foe(state, who.id)
    if not foes:
        raise IllegalAction(DISENGAGE, f"{who.name} is not in melee with a foe")
    named = [c.foe for c in action.contests]
    if sorted(named) != sorted(foes):
        listed = ", ".join(state.name(f) for f in foes)
        raise IllegalAction(DISENGAGE, f"each foe in melee contests or declines once: {listed}")
    require_impulse(who, DISENGAGE_COST, DISENGAGE, "a Disengage")
    kept = [c.foe for c in action.contests if _keeps_up(state, who, c)]
    events = []
    for foe in foes:
        if foe in kept:
            events.append(Event("kept_up", foe, f"{state.name(foe)} keeps up with {who.name}."))
            continue
        state.set_band(who.id, foe, SHORT)
        add_status(state, foe, "lockout", who.id, other=who.id)
        events.append(Event("disengaged", foe, f"{who.name} breaks away from {state.name(foe)}."))
    refunded = len(kept) == len(foes) and state.options.disengage_cost_on_fail == "refunded"
    cost = 0 if refunded else DISENGAGE_COST
    put(state, state.combatants[who.id].replace(impulse=who.impulse - cost, moved="disengage"))
    return events


def _keeps_up(state: ImpulseCombat, who: Fighter, contest: a.Contest) -> bool:
    """Dex + Athletics above the Evasion of the one disengaging (001 §Disengage)."""
    if contest.dice is None:
        return False
    foe = state.combatants[contest.foe]
    rolled = rolled_successes(foe.character.pool("dexterity", "athletics"), contest.dice)
    return beats(rolled, who.evasion, state.options.beat_rule)
