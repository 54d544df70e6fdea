"""The GM's hand: pools and boxes by hand, cover, statuses, defeat's aftermath, the end."""

from __future__ import annotations

from battlewheel.engine.core.errors import IllegalAction, one_of_or_refuse
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse.handlers.common import GM, fall, fighter, put
from battlewheel.engine.rulesets.impulse.handlers.turns import advance
from battlewheel.engine.rulesets.impulse.rules import COVER_LEVELS, cover_after_counter, is_out
from battlewheel.engine.rulesets.impulse.state import ImpulseCombat

FLOOR = "001 §Impulse (ruling impulse_floor)"
DEFEAT = "001 §Defeat"
VILLAIN = "001 §Recurring Antagonist Defeat"
DEFENCES = "001 §Situational Defenses"


def adjust_impulse(state: ImpulseCombat, action: a.AdjustImpulse) -> list[Event]:
    """Impulse spent or gained by hand; spending needs it in hand (ruling impulse_floor)."""
    who = fighter(state, action.combatant)
    if action.amount == 0:
        raise IllegalAction(GM, "spend or gain at least 1 Impulse")
    if who.impulse + action.amount < 0:
        raise IllegalAction(FLOOR, f"{who.name} has only {who.impulse} Impulse to spend")
    put(state, who.replace(impulse=who.impulse + action.amount))
    return [
        Event("impulse_changed", who.id, f"{who.name} has {who.impulse + action.amount} Impulse.")
    ]


def set_endurance(state: ImpulseCombat, action: a.SetEndurance) -> list[Event]:
    """Endurance by hand (the boxes); falling out or getting back up follows the ruling."""
    who = fighter(state, action.combatant)
    top = who.character.endurance
    if not -top <= action.value <= top:
        raise IllegalAction(GM, f"{who.name}'s Endurance is a whole number {-top}-{top}")
    if action.value == who.endurance:
        raise IllegalAction(GM, f"{who.name}'s Endurance is already {action.value}")
    if who.dead:
        raise IllegalAction(DEFEAT, f"{who.name} is dead")
    out = is_out(action.value, state.options.endurance_out)
    put(state, who.replace(endurance=action.value, defeated=out and who.defeated))
    if out and not who.defeated:
        return fall(state, who.id)
    return [Event("endurance_changed", who.id, f"{who.name} has {action.value} Endurance.")]


def set_cover(state: ImpulseCombat, action: a.SetCover) -> list[Event]:
    """A situational defence set by hand: none, partial or full (001 §Cover)."""
    who = fighter(state, action.combatant, DEFENCES)
    one_of_or_refuse(action.level, COVER_LEVELS, DEFENCES, "cover")
    if action.level == who.cover:
        raise IllegalAction(DEFENCES, f"{who.name} already has {who.cover} cover")
    if action.level != "none" and who.has("cover_lost"):
        raise IllegalAction(
            "001 §Cover", f"{who.name}'s cover was countered and cannot be regained yet"
        )
    put(state, who.replace(cover=action.level))
    return [Event("cover_changed", who.id, f"{who.name}: {action.level} cover.")]


def counter_defence(state: ImpulseCombat, action: a.CounterDefence) -> list[Event]:
    """Full to partial, partial to none (001 §Situational Defenses)."""
    who = fighter(state, action.combatant, DEFENCES)
    if who.cover == "none":
        raise IllegalAction(DEFENCES, f"{who.name} has no situational defence to counter")
    level = cover_after_counter(who.cover)
    put(state, who.replace(cover=level))
    return [Event("cover_changed", who.id, f"{who.name}: {level} cover.")]


def clear_status(state: ImpulseCombat, action: a.ClearStatus) -> list[Event]:
    """The GM ends a status early."""
    who = fighter(state, action.combatant)
    if not who.has(action.name):
        raise IllegalAction(GM, f"{who.name} is not {action.name.replace('_', ' ')}")
    put(state, who.replace(statuses=tuple(s for s in who.statuses if s.name != action.name)))
    return [Event("status_ended", who.id, f"{who.name}: {action.name.replace('_', ' ')} ends.")]


def choose_death(state: ImpulseCombat, action: a.ChooseDeath) -> list[Event]:
    """A fallen character dies only by choice (001 §Player Character Defeat, §Death and Dying)."""
    who = fighter(state, action.combatant, DEFEAT)
    if not who.defeated or who.gone:
        raise IllegalAction(DEFEAT, f"only a fallen character can die; {who.name} is not down")
    put(state, who.replace(dead=True))
    return [Event("died", who.id, f"{who.name} dies.")]


def villain_escapes(state: ImpulseCombat, action: a.VillainEscapes) -> list[Event]:
    """The villain leaves; each PC gains a Strife Point (001 §Recurring Antagonist Defeat)."""
    who = fighter(state, action.combatant, VILLAIN)
    if who.player or who.gone:
        raise IllegalAction(VILLAIN, f"{who.name} is not a villain still in the fight")
    put(state, who.replace(fled=True, hold=None))
    players = [cid for cid, f in state.combatants.items() if f.player and not f.gone]
    for cid in players:
        put(state, state.combatants[cid].replace(strife=state.combatants[cid].strife + 1))
    events = [Event("escaped", who.id, f"{who.name} escapes; each player gains a Strife Point.")]
    if state.started and state.acting_id() == who.id:
        events += _pass_turn(state)
    return events


def _pass_turn(state: ImpulseCombat) -> list[Event]:
    """The one acting has left: play returns to the turn a hold interrupted, or moves on."""
    if state.paused is not None:
        state.acting_key, state.simple_done = state.paused.key, state.paused.simple_done
        state.paused = None
        if state.can_act(state.acting_id() or ""):
            return []
    state.done = state.done | {state.acting_key or ""}
    return advance(state)


def end_combat(state: ImpulseCombat, action: a.EndCombat) -> list[Event]:
    """The fight is over."""
    if state.ended:
        raise IllegalAction(GM, "the fight is already over")
    state.ended = True
    state.acting_key = None
    state.paused = None
    return [Event("combat_ended", None, "The fight is over.")]
