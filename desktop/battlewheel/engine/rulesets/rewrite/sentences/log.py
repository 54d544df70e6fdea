"""The combat log's sentences for the 2e Rewrite, written against the state around an action.

An action alone knows ids and numbers; the GM wants names, the weapon and target of
an attack, the tick reached, the track after a click. Each sentence here reads the
state before the action and the state after it (``None`` when the action would be
refused, in which case the action's own plain sentence is used).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from battlewheel.engine.rulesets.rewrite import actions as a
from battlewheel.engine.rulesets.rewrite import actions as f
from battlewheel.engine.rulesets.rewrite.handlers.common import entry_successes
from battlewheel.engine.rulesets.rewrite.handlers.effects import damage_outcomes
from battlewheel.engine.rulesets.rewrite.handlers.flurry import DeclaredFlurry
from battlewheel.engine.rulesets.rewrite.rules import stunts
from battlewheel.engine.rulesets.rewrite.rules.damage import resilience_text
from battlewheel.engine.rulesets.rewrite.rules.derived import gets_double_tens
from battlewheel.engine.rulesets.rewrite.sentences.wording import (
    damage_summary,
    dice_text,
    helpless_word,
    mark_word,
    penalty_text,
    plural,
    successes,
    wound_text,
)
from battlewheel.engine.rulesets.rewrite.state import Combat

Sentence = Callable[[Combat, Any, Combat], str]


def describe(before: Combat, action: a.Action, after: Combat | None) -> str:
    """The log sentence of ``action`` taken in ``before`` and leading to ``after``."""
    if after is not None and type(action) in _WITH_AFTER:
        return _WITH_AFTER[type(action)](before, action, after)
    if type(action) in _BEFORE_ONLY:
        return _BEFORE_ONLY[type(action)](before, action)
    return action.sentence(before.name)


def _cycle_box(before: Combat, action: a.CycleHealthBox, after: Combat) -> str:
    """What the click did to the track: the level marked (or cleared) and the box it shows in.

    The track lays itself out worst first, so a click on an empty box marks the first
    free one, and a cleared level leaves the last damaged box empty: the sentence names
    the box that changed, not the box clicked.
    """
    old = before.combatants[action.combatant].health
    track = after.combatants[action.combatant].health
    who = before.name(action.combatant)
    kinds = ("*", "X", "/")
    added = next((k for k in kinds if track.marks.count(k) > old.marks.count(k)), None)
    removed = next((k for k in kinds if track.marks.count(k) < old.marks.count(k)), None)
    if added is not None:
        index = track.marks.rindex(added)
        box = f"box {index + 1} ({track.labels[index]})"
        if removed is not None:
            return (f"GM turns {who}'s {box} from {mark_word(removed)} to "
                    f"{mark_word(added)}: {wound_text(track)}.")
        return f"GM marks {who}'s {box} {mark_word(added)}: {wound_text(track)}."
    if removed is not None:
        index = len(old.marks.rstrip(".")) - 1
        box = f"box {index + 1} ({track.labels[index]})"
        return f"GM clears {who}'s {box} ({mark_word(removed)} removed): {wound_text(track)}."
    return f"GM clicks {who}'s box {action.index + 1}: nothing changes ({wound_text(track)})."


def _set_health(before: Combat, action: a.SetHealth, after: Combat) -> str:
    track = after.combatants[action.combatant].health
    who = before.name(action.combatant)
    penalty = helpless_word(track) or f"wound penalty -{track.wound_penalty}"
    return f"GM sets {who}'s health to {damage_summary(track)} ({track.marks}), {penalty}."


def _next_tick(before: Combat, action: a.NextTick, after: Combat) -> str:
    actors = _actors(after)
    return f"Next tick (tick {after.current_tick}" + (f": {actors})." if actors else ").")


def _advance(before: Combat, action: a.Advance, after: Combat) -> str:
    actors = _actors(after)
    return f"Advance to tick {after.current_tick}" + (f" ({actors})." if actors else ".")


def _actors(after: Combat) -> str:
    """``Ana acts`` / ``Ana, Bo act``, or "" when nobody acts."""
    names = [after.name(cid) for cid in after.acting_ids()]
    if not names:
        return ""
    return ", ".join(names) + (" acts" if len(names) == 1 else " act")


def _move_counter(before: Combat, action: a.MoveCounter, after: Combat) -> str:
    moved = after.combatants[action.combatant]
    where = f"tick {moved.next_tick}"
    if moved.segment is not None:
        where += f" (segment {moved.segment})"
    return f"GM moves {before.name(action.combatant)}'s counter to {where}."


def _reduce_surprise(before: Combat, action: a.ReduceSurprise, after: Combat) -> str:
    hidden = action.combatant
    observers = action.observers or tuple(o for o, h in before.unaware if h == hidden)
    who, drop = before.name(hidden), action.amount
    if not observers:
        return f"{who}'s margin of surprise drops by {drop} (no one is unaware of {who})."
    parts = []
    for observer in observers:
        margin = after.unaware.get((observer, hidden), 0)
        now = f"now {margin}" if margin else f"{before.name(observer)} is now aware"
        parts.append(f"against {before.name(observer)} drops by {drop} ({now})")
    return f"{who}'s margin of surprise " + "; ".join(parts) + "."


def _declare_flurry(before: Combat, action: f.DeclareFlurry, after: Combat) -> str:
    flurry = after.tick.flurries[action.combatant]
    assert isinstance(flurry, DeclaredFlurry)
    plan = flurry.plan
    return f"{action.sentence(before.name)} Speed {plan.speed}, {penalty_text(plan.dv_penalty)}."


def _award_stunt(before: Combat, action: f.AwardStunt, after: Combat) -> str:
    who = before.combatants[action.combatant]
    reward = stunts.stunt_reward(action.rating, who.character.kind, choice=action.reward)
    gains = [plural(reward.motes, "mote")] if reward.motes else []
    if reward.willpower:
        gains.append(f"{reward.willpower} Willpower")
    what = " and ".join(gains) + " at their next DV refresh" if gains else "no reward"
    return f"{who.name} earns a {action.rating}-die stunt: {what}."


def _resolve_attack(before: Combat, action: f.ResolveAttack) -> str:
    flurry = before.tick.flurries.get(action.attacker)
    if not isinstance(flurry, DeclaredFlurry) or not 0 <= action.index < len(flurry.declared):
        return action.sentence(before.name)
    declared = flurry.declared[action.index]
    attacks = flurry.attack_indexes()
    place = attacks.index(action.index) + 1 if action.index in attacks else action.index + 1
    target = before.name(declared.target or "?")
    dice = f": {dice_text(action.attack)}" if action.attack is not None else ""
    return (
        f"{before.name(action.attacker)} attacks {target} with {declared.weapon} "
        f"(attack {place} of {len(attacks)}){dice}."
    )


def _apply_effects(before: Combat, action: f.ApplyTickEffects, after: Combat) -> str:
    # Who was marked, not how many rolls were typed: an extra's damage has no roll,
    # and a Failed flurry's entry has nothing to roll (000 §Applying Effects).
    hurt = [
        after.name(cid)
        for cid, who in after.combatants.items()
        if cid in before.combatants and who.health != before.combatants[cid].health
    ]
    marked = f"damage marked on {', '.join(hurt)}" if hurt else "no damage marked"
    absorbed = [
        f"{before.name(item.target)} {resilience_text(outcome)}"
        for item, outcome in damage_outcomes(before, action.damage)
        if outcome.absorbed
    ]
    if absorbed:
        marked += f" ({'; '.join(absorbed)})"
    return f"Tick {before.current_tick}'s effects: {marked}, counters moved."


_WITH_AFTER: dict[type[a.Action], Sentence] = {
    a.CycleHealthBox: _cycle_box,
    a.SetHealth: _set_health,
    a.NextTick: _next_tick,
    a.Advance: _advance,
    a.MoveCounter: _move_counter,
    a.ReduceSurprise: _reduce_surprise,
    f.DeclareFlurry: _declare_flurry,
    f.AwardStunt: _award_stunt,
    f.ApplyTickEffects: _apply_effects,
}
def _join_battle(before: Combat, action: a.RollJoinBattle) -> str:
    """The successes, and how the dice came: typed as a count, typed faces, or rolled
    by the program (000 §Roll Join Battle)."""
    who = before.combatants.get(action.combatant)
    dice = action.dice
    if who is None or dice.faces is None or not dice.faces:
        return action.sentence(before.name)
    count = entry_successes(dice, double_tens=gets_double_tens(who.character))
    faces = " ".join(str(face) for face in dice.faces)
    how = "rolled by the program" if dice.rolled else "faces typed"
    return f"{who.name} rolls Join Battle: {successes(count)} ({how}: {faces})."


_BEFORE_ONLY: dict[type[a.Action], Callable[[Combat, Any], str]] = {
    f.ResolveAttack: _resolve_attack,
    a.RollJoinBattle: _join_battle,
}
