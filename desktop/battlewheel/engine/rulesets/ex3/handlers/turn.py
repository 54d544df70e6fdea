"""A turn's action budget: whose turn it is, its one Simple action or flurry, its Movement.

The round (``flow``) and the commands of battle groups (``groups``) both spend a turn's
actions through here, so neither has to import the other for it.
"""

from __future__ import annotations

import dataclasses

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.state import Combat, Combatant, Turn

FLOW = "003 §The Flow of Combat"
ACTIONS = "003 §Combat Actions"
MOVEMENT_SIMPLE = ("disengage", "go_to_ground", "rise", "rush", "take_cover", "withdraw",
                   "grapple_maintain")


def _existing(state: Combat, cid: str) -> str:
    if cid not in state.combatants:
        raise IllegalAction(FLOW, f"there is no combatant {cid!r}")
    return cid


def _running(state: Combat) -> None:
    if not state.started:
        raise IllegalAction(FLOW, "the battle has not begun")
    if state.ended:
        raise IllegalAction(FLOW, "the combat is over")


def _turn_of(state: Combat, cid: str) -> Turn:
    _running(state)
    _existing(state, cid)
    if state.turn is None or state.turn.actor != cid:
        raise IllegalAction(ACTIONS, f"it is not {state.name(cid)}'s turn")
    return state.turn


def turn_of(state: Combat, cid: str) -> Turn:
    """The turn in progress, refused unless it is ``cid``'s (003 §Combat Actions)."""
    return _turn_of(state, cid)


def use_simple(
    state: Combat, cid: str, kind: str, *, flurry_keyword: bool, flurry: bool,
    movement: bool = False, social: bool = False,
) -> int:
    """Spend the turn's Simple action (or the flurry's second); returns the roll penalty.

    One Simple action a turn, or two different Flurry actions declared as a flurry
    with the first; one Movement action (003 §Combat Actions).
    """
    turn = _turn_of(state, cid)
    who = state.combatants[cid]
    if who.restrained:
        raise IllegalAction("003 §Grapple", f"{who.name} is restrained: reflexive actions only")
    if movement:
        check_movement(state, cid, kind)
    if not turn.simple:
        return _first_simple(state, who, turn, kind, flurry_keyword, flurry, movement)
    return _second_simple(state, who, turn, kind, flurry_keyword, movement, social)


def _first_simple(state: Combat, who: Combatant, turn: Turn, kind: str, keyword: bool,
                  flurry: bool, movement: bool) -> int:
    """The turn's Simple action, maybe opening a flurry (003 §Combat Actions)."""
    if flurry:
        if not keyword:
            raise IllegalAction(ACTIONS, f"{kind.replace('_', ' ')} cannot be flurried")
        if who.id in state.grapples or state.grappled_by(who.id):
            raise IllegalAction("003 §Grapple", "no flurries while grappling")
        state.put(who.replace(flurry_penalty=True))
    state.turn = _spent(turn, kind, movement, flurry=flurry)
    return r.FLURRY_ROLL_PENALTY if flurry else 0


def flurry_second_fits(turn: Turn, kind: str, keyword: bool) -> bool:
    """Whether ``kind`` can be the flurry's second action now (003 §Combat Actions)."""
    return len(turn.simple) == 1 and turn.flurry and keyword and kind != turn.simple[0]


def _second_simple(state: Combat, who: Combatant, turn: Turn, kind: str, keyword: bool,
                   movement: bool, social: bool) -> int:
    """A flurry's second action: a different Flurry action (003 §Combat Actions); else an
    extra action the GM granted, which takes no flurry penalty."""
    if turn.extra and not flurry_second_fits(turn, kind, keyword):
        state.turn = dataclasses.replace(_spent(turn, kind, movement, flurry=turn.flurry),
                                         extra=turn.extra - 1)
        return 0
    if len(turn.simple) > 1 or not turn.flurry:
        raise IllegalAction(ACTIONS, f"{who.name} has used its Simple action this turn")
    if not keyword or kind == turn.simple[0]:
        raise IllegalAction(ACTIONS, "a flurry's second action must be a different Flurry action")
    if "full_defense" in (kind, turn.simple[0]) and not social:
        raise IllegalAction("003 §Full Defense", "it flurries only with social influence")
    state.turn = _spent(turn, kind, movement, flurry=True)
    return r.FLURRY_ROLL_PENALTY


def _spent(turn: Turn, kind: str, movement: bool, *, flurry: bool) -> Turn:
    return dataclasses.replace(turn, simple=(*turn.simple, kind), flurry=flurry,
                               movement=turn.movement or movement)


def check_movement(state: Combat, cid: str, kind: str) -> None:
    """One Movement action a turn; none prone (but Rise) or grappled (003 §Combat Actions)."""
    assert state.turn is not None
    who = state.combatants[cid]
    movement_simple = any(k in MOVEMENT_SIMPLE for k in state.turn.simple)
    # Rush may follow a Move: only a Movement Simple action uses the turn's one up.
    if state.turn.movement and (kind != "rush" or movement_simple):
        raise IllegalAction(ACTIONS, f"{who.name} has used its Movement action this turn")
    if state.turn.aimed:
        raise IllegalAction("003 §Aim", "no Movement on a turn spent aiming")
    if who.prone and kind != "rise":
        raise IllegalAction("003 §Damage and Conditions", f"{who.name} is prone: rise first")
    if state.grappled_by(cid):
        raise IllegalAction("003 §Grapple", f"{who.name} is grappled and cannot move")
