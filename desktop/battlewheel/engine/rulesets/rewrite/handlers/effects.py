"""2e Rewrite steps 6-9: damage, surprise, DV penalties and counters (000 §Apply Effects).

Damage is applied per flurry and target once every flurry of the tick has resolved
(``rules.damage`` does the arithmetic); then surprise is reassessed, the actors
take their flurries' DV penalties and their counters move on by the flurries' Speed.
"""

from __future__ import annotations

from dataclasses import dataclass

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.health import HealthOptions, HealthTrack
from battlewheel.engine.rulesets.rewrite.actions import ApplyTickEffects, DamageRoll
from battlewheel.engine.rulesets.rewrite.handlers.common import require_started
from battlewheel.engine.rulesets.rewrite.handlers.flurry import (
    DeclaredFlurry,
    ResolvedAttack,
    inactive_if_helpless,
)
from battlewheel.engine.rulesets.rewrite.handlers.tick import hear_alarm
from battlewheel.engine.rulesets.rewrite.rules import derived as sheet
from battlewheel.engine.rulesets.rewrite.rules import values
from battlewheel.engine.rulesets.rewrite.rules.damage import (
    DamageOutcome,
    DamagePools,
    apply_flurry_damage,
    flurry_damage_pools,
    resilience_text,
)
from battlewheel.engine.rulesets.rewrite.rules.setup import ranged_margin_reduction, reduced_margin
from battlewheel.engine.rulesets.rewrite.rules.traits import CharacterKind
from battlewheel.engine.rulesets.rewrite.sentences.wording import helpless_word, levels_text
from battlewheel.engine.rulesets.rewrite.state import PHASE_EFFECTS, TOTALLY, Combat

EFFECTS_RULE = "000 §Apply Effects"
SURPRISE_RULE = "000 §Reassess Surprise"


@dataclass(frozen=True)
class PendingDamage:
    """One flurry's damage against one target, before the damage roll (000 §Total Damage).

    ``pools.dice`` says how many dice of each type (B, L, A) to roll.
    """

    attacker: str
    target: str
    pools: DamagePools
    counterattack: bool = False


def pending_damage(state: Combat) -> tuple[PendingDamage, ...]:
    """Each flurry-and-target pair of the tick and its damage pools (000 §Calculate Ping Value)."""
    groups: dict[tuple[str, str, bool], list[ResolvedAttack]] = {}
    for done in state.tick.attacks:
        key = (done.attacker, done.defender, done.counterattack)
        groups.setdefault(key, []).append(done)
    found = []
    for (attacker, target, counter), attacks in groups.items():
        essence = state.combatants[attacker].character.essence
        pools = flurry_damage_pools(essence, [a.outcome for a in attacks])
        found.append(PendingDamage(attacker, target, pools, counter))
    return tuple(found)


def apply_tick_effects(state: Combat, action: ApplyTickEffects) -> list[Event]:
    """Steps 6-9 of the tick, in order (000 §Apply Effects to §Move Counters)."""
    require_started(state, "applying the tick's effects")
    if state.phase != PHASE_EFFECTS:
        raise IllegalAction(EFFECTS_RULE, _not_ready(state))
    # Someone knocked out since the tick began declared nothing: Inactive now.
    events = inactive_if_helpless(state)
    events += _apply_damage(state, action.damage)
    events += reassess_surprise(state)
    events += _penalties_and_counters(state)
    return events


def _not_ready(state: Combat) -> str:
    if state.awaiting_flurry():
        names = ", ".join(state.name(cid) for cid in state.awaiting_flurry())
        return f"still to declare a flurry: {names}"
    if state.pending_attacks():
        return "declared attacks are still to be resolved"
    return "nobody is acting on this tick"


def damage_outcomes(
    state: Combat, rolls: tuple[DamageRoll, ...]
) -> list[tuple[PendingDamage, DamageOutcome]]:
    """Each flurry's damage on each target as it would be marked; nothing changes.

    Each target's track carries the damage of the flurries before it in the list.
    """
    pending = pending_damage(state)
    by_pair = _rolls_by_pair(
        state, rolls, {(p.attacker, p.target, p.counterattack) for p in pending}
    )
    options = HealthOptions(
        ox_body_counts_bashing=state.options.ox_body_resilience_pool == "lethal_and_bashing"
    )
    tracks: dict[str, HealthTrack] = {}
    found = []
    for item in pending:
        target = state.combatants.get(item.target)
        if target is None:
            continue
        key = (item.attacker, item.target, item.counterattack)
        roll = by_pair.get(key, DamageRoll(item.attacker, item.target))
        outcome = apply_flurry_damage(
            item.pools,
            tracks.get(target.id, target.health),
            rolls=_entries(roll),
            extra=target.character.kind is CharacterKind.EXTRA,
            exalted_resilience=sheet.has_exalted_resilience(target.character),
            ox_body=values.has_ox_body(target),
            options=options,
        )
        tracks[target.id] = outcome.after
        found.append((item, outcome))
    return found


def _apply_damage(state: Combat, rolls: tuple[DamageRoll, ...]) -> list[Event]:
    """Step 6: each flurry's damage to each target (000 §Applying Effects)."""
    events = []
    for item, outcome in damage_outcomes(state, rolls):
        target = state.combatants[item.target]
        if outcome.after is not target.health:  # nothing marked: the record stays as it is
            state.combatants[target.id] = target.replace(health=outcome.after)
        if outcome.after != outcome.before or outcome.absorbed:
            text = damage_text(target.name, state.name(item.attacker), outcome)
            events.append(Event("health_changed", target.id, text))
    return events


def damage_text(target: str, source: str, outcome: DamageOutcome) -> str:
    """``Assassin takes 1 lethal from Captain (4 - 3 resilience = 1 lethal): now XXXX. (-1).``

    When resilience took every level off, it says so instead of "takes no damage".
    """
    after = outcome.after
    penalty = helpless_word(after) or f"-{after.wound_penalty}"
    arithmetic = resilience_text(outcome)
    if outcome.absorbed:
        marked = {
            kind: outcome.total_levels[kind] - outcome.absorbed.get(kind, 0)
            for kind in outcome.total_levels
        }
        taken = levels_text(marked)
        if taken == "no damage":
            return (f"{target} takes no damage from {source}: {arithmetic}; "
                    f"still {after.marks} ({penalty}).")
        return (f"{target} takes {taken} from {source} ({arithmetic}): "
                f"now {after.marks} ({penalty}).")
    taken = levels_text(outcome.total_levels)
    return f"{target} takes {taken} from {source}: now {after.marks} ({penalty})."


def _rolls_by_pair(
    state: Combat, rolls: tuple[DamageRoll, ...], pairs: set[tuple[str, str, bool]]
) -> dict[tuple[str, str, bool], DamageRoll]:
    found: dict[tuple[str, str, bool], DamageRoll] = {}
    for roll in rolls:
        key = (roll.attacker, roll.target, roll.counterattack)
        what = "counterattack" if roll.counterattack else "flurry"
        # Names, as the GM reads them (an id that is not in the fight stays an id).
        attacker, target = state.name(roll.attacker), state.name(roll.target)
        if key not in pairs:
            raise IllegalAction(EFFECTS_RULE, f"no {what} of {attacker} struck {target}")
        if key in found:
            raise IllegalAction(EFFECTS_RULE, f"two damage rolls for {attacker} on {target}")
        found[key] = roll
    return found


def _entries(roll: DamageRoll) -> dict[str, DiceEntry]:
    given = {"B": roll.bashing, "L": roll.lethal, "A": roll.aggravated}
    return {kind: entry for kind, entry in given.items() if entry is not None}


def reassess_surprise(state: Combat) -> list[Event]:
    """Step 7: alarms, melee contact and ranged attacks change awareness (000 §Reassess Surprise).

    Someone struck at in close combat becomes Aware of the attacker; a ranged attack
    lowers the attacker's Margin of Surprise by one each time. Those no longer Totally
    Surprised may then roll Join Battle (``awaiting_join_battle``).
    """
    before = {cid: c.surprise for cid, c in state.combatants.items()}
    events = []
    for by, hearers in state.tick.alarms:
        events += hear_alarm(state, by, hearers)
    for done in state.tick.attacks:
        pair = (done.defender, done.attacker)
        if pair not in state.unaware:
            continue
        step = ranged_margin_reduction()
        margin = 0 if done.close else reduced_margin(state.unaware[pair], step)
        if margin:
            state.unaware[pair] = margin
        else:
            del state.unaware[pair]
    values.refresh(state)
    for cid, c in state.combatants.items():
        if before.get(cid) == TOTALLY and c.surprise != TOTALLY and c.next_tick is None:
            events.append(Event("may_join_battle", cid, f"{c.name} may now roll Join Battle."))
    return events


def _penalties_and_counters(state: Combat) -> list[Event]:
    """Steps 8-9: flurry DV penalty, counter on by its Speed (000 §Apply DV Penalties)."""
    assert state.current_tick is not None
    events = []
    for cid in state.acting_ids():
        flurry = state.tick.flurries[cid]
        assert isinstance(flurry, DeclaredFlurry)
        who = state.combatants[cid]
        tick = state.current_tick + flurry.plan.speed
        state.combatants[cid] = who.replace(dv_penalty=flurry.plan.dv_penalty, next_tick=tick)
        speed = flurry.plan.speed
        text = f"{who.name}'s counter moves on to tick {tick} (Speed {speed})."
        events.append(Event("counter_moved", cid, text))
    state.tick.effects_applied = True
    return events


def damage_rolls_needed(state: Combat, item: PendingDamage) -> list[str]:
    """The damage types to roll for one flurry and target (none against an extra)."""
    target = state.combatants.get(item.target)
    if target is None or item.pools.all_failed or target.character.kind is CharacterKind.EXTRA:
        return []
    return [kind for kind in ("B", "L", "A") if item.pools.dice[kind] > 0]


def needs_damage_rolls(state: Combat) -> bool:
    """Whether some flurry's damage must be rolled before the tick's effects apply."""
    return any(damage_rolls_needed(state, item) for item in pending_damage(state))
