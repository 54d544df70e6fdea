"""Stunt effects: what each needs, its difficulty, and what it does when it lands.

Manoeuvre effects (001 §Stunting Maneuvers) compare the manoeuvre's successes with the
difficulty; decisive effects (001 §Stunting Decisive Strikes) compare the damage roll's
successes, and a decisive stunt may take a manoeuvre effect instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.impulse.actions import (
    DECISIVE_EFFECTS,
    DIRECTIONS,
    MANOEUVRE_EFFECTS,
    StuntEffect,
)
from battlewheel.engine.rulesets.impulse.handlers.common import add_status, fighter, put
from battlewheel.engine.rulesets.impulse.rules import (
    INTIMIDATE_LOSS,
    SHORT,
    beats,
    cover_after_counter,
    lowered,
    step_band,
)
from battlewheel.engine.rulesets.impulse.state import ImpulseCombat

MANOEUVRE_STUNTS = "001 §Stunting Maneuvers"
DECISIVE_STUNTS = "001 §Stunting Decisive Strikes"
# effect: the defence its difficulty is (None: no roll needed; "scenery": the GM's number)
DIFFICULTY = {
    "knockback": "dv",
    "intimidate": "resolve",
    "stun": "soak",
    "smash_scenery": "scenery",
    "seek_cover": "scenery",
    "counter_cover": "scenery",
    "defend_other": None,
    "disarm": "soak",
    "restrain": "evasion",
    "maim": "dv",
    "humiliate": "guile",
    "terrorize": "resolve",
}
DRAWBACKS = {"maim": "physical", "humiliate": "social", "terrorize": "mental"}
ON_SELF = ("seek_cover", "smash_scenery")
# Effects that fall on a target, so a flurry under "every_target" lands them on each.
TARGETED = ("knockback", "intimidate", "stun", "counter_cover", *DECISIVE_EFFECTS)


@dataclass(frozen=True)
class EffectOutcome:
    """One stunt effect resolved: on whom, against what difficulty, and whether it landed."""

    effect: str
    target: str
    difficulty: int | None
    landed: bool


def effect_target(effect: StuntEffect, actor: str, default: str) -> str:
    """Whom the effect falls on: the actor for cover and scenery, else the named or struck one."""
    if effect.effect in ON_SELF:
        return actor
    return effect.target or default


def check_effect(
    state: ImpulseCombat, actor: str, effect: StuntEffect, *, decisive: bool, default: str = ""
) -> str:
    """Refuse an effect the action cannot carry; the target it falls on otherwise."""
    rule = DECISIVE_STUNTS if decisive else MANOEUVRE_STUNTS
    allowed = (*MANOEUVRE_EFFECTS, *DECISIVE_EFFECTS) if decisive else MANOEUVRE_EFFECTS
    if effect.effect not in allowed:
        raise IllegalAction(
            rule, f"{effect.effect!r} is not a stunt effect here; one of {', '.join(allowed)}"
        )
    target = effect_target(effect, actor, default)
    if not target:
        raise IllegalAction(rule, f"{effect.effect.replace('_', ' ')} needs a target")
    who = fighter(state, target, rule)
    if effect.scenery < 0 or effect.direction not in DIRECTIONS:
        raise IllegalAction(
            rule, "a scenery difficulty is 0 or more; knockback goes toward or away"
        )
    _check_special(state, actor, effect, who.id, rule)
    return who.id


def _check_special(
    state: ImpulseCombat, actor: str, effect: StuntEffect, target: str, rule: str
) -> None:
    name = effect.effect
    if name not in ON_SELF and name != "defend_other" and target == actor:
        raise IllegalAction(rule, f"{name.replace('_', ' ')} falls on someone else")
    if name == "seek_cover":
        if effect.cover not in ("partial", "full"):
            raise IllegalAction("001 §Cover", "cover found is partial or full")
        if state.combatants[actor].has("cover_lost"):
            raise IllegalAction("001 §Cover", "cover countered this round cannot be regained yet")
    if name == "counter_cover" and state.combatants[target].cover == "none":
        raise IllegalAction(rule, f"{state.name(target)} has no cover to counter")
    if name == "defend_other":
        if target == actor or state.hostile(actor, target):
            raise IllegalAction(rule, "Defend Other protects an ally")
        if state.band(actor, target) > SHORT:
            raise IllegalAction(rule, "Defend Other reaches an ally within short range")


def difficulty(state: ImpulseCombat, effect: StuntEffect, target: str) -> int | None:
    """The number to beat: the target's defence, the GM's scenery number, or none."""
    kind = DIFFICULTY[effect.effect]
    if kind is None:
        return None
    if kind == "scenery":
        return effect.scenery
    who = state.combatants[target]
    return int(
        getattr(who, kind) if kind in ("dv", "evasion", "soak") else getattr(who.character, kind)
    )


def resolve_effect(
    state: ImpulseCombat, effect: StuntEffect, target: str, successes: int
) -> EffectOutcome:
    """Whether the effect lands on ``target`` with these successes (rules/impulse.md, beat_rule)."""
    needed = difficulty(state, effect, target)
    landed = needed is None or beats(successes, needed, state.options.beat_rule)
    return EffectOutcome(effect.effect, target, needed, landed)


def apply_effect(
    state: ImpulseCombat, actor: str, effect: StuntEffect, outcome: EffectOutcome
) -> list[Event]:
    """Carry out a landed effect (001 §Stunting Maneuvers, §Stunting Decisive Strikes)."""
    if not outcome.landed:
        return [
            Event("stunt_failed", outcome.target, f"The {_word(outcome.effect)} does not land.")
        ]
    target = outcome.target
    name = outcome.effect
    if name == "knockback":
        band = step_band(state.band(actor, target), effect.direction, 1)
        state.set_band(actor, target, band)
    elif name == "intimidate":
        who = state.combatants[target]
        put(
            state,
            who.replace(impulse=lowered(who.impulse, INTIMIDATE_LOSS, state.options.impulse_floor)),
        )
    elif name == "smash_scenery":
        state.hazards = (*state.hazards, effect.hazard or "a hazard (GM)")
    elif name == "seek_cover":
        put(state, state.combatants[target].replace(cover=effect.cover))
    elif name == "counter_cover":
        who = state.combatants[target]
        put(state, who.replace(cover=cover_after_counter(who.cover)))
        add_status(state, target, "cover_lost", actor)
    elif name in DRAWBACKS:
        who = state.combatants[target]
        put(state, who.replace(drawbacks=(*who.drawbacks, DRAWBACKS[name])))
    else:
        _apply_status(state, actor, name, target)
    return [Event("stunt_landed", target, f"The {_word(name)} lands on {state.name(target)}.")]


def _apply_status(state: ImpulseCombat, actor: str, name: str, target: str) -> None:
    if name == "stun":
        add_status(state, target, "stunned", actor, until_used=True)
    elif name == "defend_other":
        add_status(state, target, "defended", actor, other=actor)
    else:  # disarm, restrain
        add_status(state, target, {"disarm": "disarmed", "restrain": "restrained"}[name], actor)


def _word(effect: str) -> str:
    return effect.replace("_", " ")
