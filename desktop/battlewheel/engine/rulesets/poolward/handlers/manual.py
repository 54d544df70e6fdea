"""Handlers of the GM's hand and of recovery: tracks set by hand, conditions, Backlash, healing.

Recovery (sleep, rest) is out of combat: refused while a round runs. Lethal healing
is magic and may come in the middle of a fight.
"""

from __future__ import annotations

from dataclasses import replace

from battlewheel.engine.core.errors import IllegalAction, one_of_or_refuse
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.poolward import actions as a
from battlewheel.engine.rulesets.poolward.handlers.rounds import (
    DAMAGE_RULE,
    fighter,
    require_not_ended,
)
from battlewheel.engine.rulesets.poolward.rules.damage import (
    Tracks,
    lethal_healing,
    night_of_sleep,
    take_backlash,
    vigor_after_rest,
)
from battlewheel.engine.rulesets.poolward.rules.rolls import read_roll
from battlewheel.engine.rulesets.poolward.state import Fight, Fighter

RECOVERY_RULE = "002 §Health and Vigor Recovery"
HEALING_RULE = "002 §Magical/Lethal Healing"
DEFENCE_RULE = "002 §Attack Roll Dice Pools"
TRACKS = ("health", "vigor", "ward")
ROUND_FIELDS = ("dodge_losses", "parry_used")
CONDITIONS = ("flat_footed", "stable")
MOST_POINTS = 100


def _track_bounds(who: Fighter, track: str) -> tuple[int, int]:
    block = who.block
    return {"health": (-block.health_max, block.health_max), "vigor": (0, block.vigor_max),
            "ward": (0, block.ward)}[track]


def _kept_backlash(tracks: Tracks) -> Tracks:
    """Backlash points never more than the damage now on the track."""
    return replace(tracks,
                   backlash_health=min(tracks.backlash_health, tracks.health_max - tracks.health),
                   backlash_vigor=min(tracks.backlash_vigor, tracks.vigor_max - tracks.vigor))


def set_track(state: Fight, action: a.SetTrack) -> list[Event]:
    """The GM sets Health, Vigor or Ward within its range (002 §Damage Tracking)."""
    who = fighter(state, action.combatant)
    one_of_or_refuse(action.track, TRACKS, DAMAGE_RULE, "a track")
    low, high = _track_bounds(who, action.track)
    if isinstance(action.value, bool) or not low <= action.value <= high:
        raise IllegalAction(DAMAGE_RULE, f"{who.name}'s {action.track} runs {low} to {high}")
    if getattr(who, action.track) == action.value:
        raise IllegalAction(DAMAGE_RULE, f"{who.name}'s {action.track} is already {action.value}")
    tracks = replace(who.tracks, **{action.track: action.value})
    state.fighters[who.id] = who.with_tracks(_kept_backlash(tracks))
    return [Event("track_set", who.id, f"{who.name}: {action.track} {action.value}.")]


def adjust_round(state: Fight, action: a.AdjustRound) -> list[Event]:
    """The GM corrects this round's Dodge losses or Parry uses (002 §Attack Roll Dice Pools)."""
    require_not_ended(state)
    who = fighter(state, action.combatant)
    one_of_or_refuse(action.field, ROUND_FIELDS, DEFENCE_RULE, "a round's count")
    value = getattr(who, action.field) + action.amount
    most = who.block.parry if action.field == "parry_used" else MOST_POINTS
    if action.amount == 0 or not 0 <= value <= most:
        raise IllegalAction(DEFENCE_RULE, f"{who.name}'s {action.field.replace('_', ' ')} "
                                          f"must stay 0 to {most}")
    state.fighters[who.id] = who.replace(**{action.field: value})
    return [Event("round_adjusted", who.id, f"{who.name}: {action.field} {value}.")]


def set_condition(state: Fight, action: a.SetCondition) -> list[Event]:
    """The GM marks a fighter flat-footed (caught unaware) or stabilised (no more bleeding)."""
    require_not_ended(state)
    who = fighter(state, action.combatant)
    one_of_or_refuse(action.condition, CONDITIONS, DAMAGE_RULE, "a condition")
    field = "gm_flat_footed" if action.condition == "flat_footed" else "stable"
    if getattr(who, field) == action.on:
        raise IllegalAction(DAMAGE_RULE, f"{who.name} is already marked so")
    state.fighters[who.id] = who.replace(**{field: action.on})
    return [Event("condition_set", who.id, f"{who.name}: {action.condition} {action.on}.")]


def _points(value: int, what: str, rule: str) -> int:
    if isinstance(value, bool) or not 1 <= value <= MOST_POINTS:
        raise IllegalAction(rule, f"{what} must be 1 to {MOST_POINTS}")
    return value


def backlash(state: Fight, action: a.Backlash) -> list[Event]:
    """Sorcerous Backlash on the caster, kept apart (002 §Health and Vigor Recovery)."""
    who = fighter(state, action.combatant)
    points = _points(action.amount, "Backlash", RECOVERY_RULE)
    after = take_backlash(who.tracks, points, action.lethal)
    state.fighters[who.id] = who.with_tracks(after)
    return [Event("backlash", who.id, f"{who.name} takes {points} Backlash.")]


def _out_of_combat(state: Fight) -> None:
    if state.started and not state.ended:
        raise IllegalAction(RECOVERY_RULE, "recovery is out of combat: between fights it is "
                            "the roster's (Roster > Rest…)")


def _unchanged(before: Fighter, after: Tracks, what: str, rule: str) -> None:
    if after == before.tracks:
        raise IllegalAction(rule, f"{before.name} has nothing for {what} to restore")


def sleep(state: Fight, action: a.Sleep) -> list[Event]:
    """A night's sleep: 1 Health, 2 with a Medicine success (002 §Health and Vigor Recovery)."""
    _out_of_combat(state)
    who = fighter(state, action.combatant)
    if who.condition == "dead":
        raise IllegalAction(RECOVERY_RULE, f"{who.name} is dead")
    tended = action.medicine is not None
    success = tended and read_roll(action.medicine, action.medicine_pool,
                                   state.options).successes > 0
    after = night_of_sleep(who.tracks, success)
    _unchanged(who, after, "sleep", RECOVERY_RULE)
    state.fighters[who.id] = who.with_tracks(after)
    return [Event("slept", who.id, f"{who.name} sleeps: Health {after.health}.")]


def rest(state: Fight, action: a.Rest) -> list[Event]:
    """Rest: one Vigor per 15 minutes (002 §Health and Vigor Recovery)."""
    _out_of_combat(state)
    who = fighter(state, action.combatant)
    quarters = _points(action.quarter_hours, "quarter hours", RECOVERY_RULE)
    after = vigor_after_rest(who.tracks, quarters)
    _unchanged(who, after, "rest", RECOVERY_RULE)
    state.fighters[who.id] = who.with_tracks(after)
    return [Event("rested", who.id, f"{who.name} rests: Vigor {after.vigor}.")]


def heal(state: Fight, action: a.Heal) -> list[Event]:
    """Lethal healing: Health first, then 2 Vigor a point; never Backlash (002 §Magical/Lethal
    Healing)."""
    who = fighter(state, action.combatant)
    if who.condition == "dead":
        raise IllegalAction(HEALING_RULE, f"{who.name} is dead")
    points = _points(action.points, "healing", HEALING_RULE)
    after = lethal_healing(who.tracks, points)
    _unchanged(who, after, "healing", HEALING_RULE)
    state.fighters[who.id] = who.with_tracks(after)
    return [Event("healed", who.id, f"{who.name} heals: Health {after.health}, "
                                    f"Vigor {after.vigor}.")]
