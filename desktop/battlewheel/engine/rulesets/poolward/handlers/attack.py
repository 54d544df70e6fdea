"""One attack from pool to damage: the preview the dialog shows, and the handler that stores it.

``preview_attack`` works out the pool against the target as the fight stands (no dice
needed), ``resolve_attack`` adds the roll and the damage, and ``attack`` checks the
turn, stores the hit and the Dodge bookkeeping. All three read the same pure rules.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from battlewheel.engine.core.conditions import defence_modifier, dice_modifier
from battlewheel.engine.core.errors import IllegalAction, one_of_or_refuse
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.poolward import actions as a
from battlewheel.engine.rulesets.poolward.block import (
    MELEE,
    RANGED,
    THROWN,
    AttackProfile,
    Trigger,
    check_range,
)
from battlewheel.engine.rulesets.poolward.handlers.rounds import (
    DAMAGE_RULE,
    fighter,
    require_turn,
    spend_slots,
)
from battlewheel.engine.rulesets.poolward.options import LOSS_HITS_ONLY, PoolWardOptions
from battlewheel.engine.rulesets.poolward.rules.damage import DamageResult, Hit, fired, take_hit
from battlewheel.engine.rulesets.poolward.rules.pool import (
    COVER_LEVELS,
    NO_COVER,
    PHYSICAL,
    Approach,
    Guard,
    PoolPreview,
    attack_pool,
    raw_pool,
)
from battlewheel.engine.rulesets.poolward.rules.rolls import RollResult, read_roll
from battlewheel.engine.rulesets.poolward.state import FULL, STANDARD, Fight, Fighter

ATTACK_RULE = "002 §Attack Roll Dice Pools"
COVER_RULE = "002 §Defense Terminology"
STEADY_SHOT_IGNORES = 3


@dataclass(frozen=True)
class AttackOutcome:
    """A resolved attack: the pool's working, the roll, the damage and the triggers fired."""

    preview: PoolPreview
    roll: RollResult
    successes: int
    result: DamageResult
    triggers: tuple[Trigger, ...]
    dodge_loss: str


# -- the pool against the target ------------------------------------------------------------


def profile_of(state: Fight, action: a.Attack) -> AttackProfile:
    """The weapon or spell the action names on the attacker's sheet."""
    attacker = fighter(state, action.attacker)
    profile = attacker.block.attack(action.attack)
    if profile is None:
        raise IllegalAction(ATTACK_RULE, f"{attacker.name} has no attack called {action.attack!r}")
    return profile


def takes_cover(profile: AttackProfile, options: PoolWardOptions) -> bool:
    """Cover counts against ranged attacks, thrown ones by the ruling ``thrown_is_ranged``,
    and spells the GM gives cover against (002 §Defense Terminology)."""
    if profile.kind == MELEE:
        return False
    return profile.kind != THROWN or options.thrown_is_ranged


def approach_of(profile: AttackProfile, action: a.Attack, options: PoolWardOptions) -> Approach:
    """How this attack meets the defence, with the GM's inputs checked."""
    unknown = [term for term in action.meets if term not in PHYSICAL]
    if unknown or len(set(action.meets)) != len(action.meets):
        raise IllegalAction(ATTACK_RULE, f"defence terms are {', '.join(PHYSICAL)}, each once")
    one_of_or_refuse(action.cover, COVER_LEVELS, COVER_RULE, "cover")
    covered = takes_cover(profile, options)
    if action.cover != NO_COVER and not covered:
        raise IllegalAction(COVER_RULE, f"cover counts only against ranged attacks, not "
                                        f"{profile.kind} ones")
    if action.steady_shot and profile.kind != RANGED:
        raise IllegalAction(ATTACK_RULE, "Steady Shot is a ranged power")
    ignore = profile.ignore_dodge + action.ignore_dodge
    ignore += STEADY_SHOT_IGNORES if action.steady_shot else 0
    return Approach(profile.ap, ignore, action.shield_facing, action.meets, action.cover, covered)


def guard_of(target: Fighter) -> Guard:
    """The target's defence block with this round's Dodge losses."""
    block = target.block
    return Guard(block.armour, block.armour_spell, block.shield, block.shield_apr, block.apr,
                 block.dodge, target.dodge_losses, target.flat_footed)


def preview_attack(state: Fight, action: a.Attack) -> PoolPreview:
    """The attack pool against the target now, step by step (002 §Attack Roll Dice Pools)."""
    attacker = fighter(state, action.attacker)
    target = fighter(state, action.target)
    profile = profile_of(state, action)
    try:
        check_range("extra_dice", action.extra_dice, (-60, 60))
        check_range("ignore_dodge", action.ignore_dodge, (0, 20))
    except ValueError as error:
        raise IllegalAction(ATTACK_RULE, str(error)) from error
    raw = replace(raw_pool(attacker.block, profile, state.options, action.extra_dice),
                  conditions=condition_dice(attacker, target))
    approach = approach_of(profile, action, state.options)
    return attack_pool(raw, guard_of(target), approach, state.options)


# -- the roll and the damage ------------------------------------------------------------------


def condition_dice(attacker: Fighter, target: Fighter) -> int:
    """The GM's conditions in the pool: the attacker's dice, less the target's defence bonus
    (002 §Attack Roll Dice Pools: defence comes off the pool)."""
    return dice_modifier(attacker.conditions) - defence_modifier(target.conditions)


def hit_of(profile: AttackProfile, target: Fighter, preview: PoolPreview, successes: int,
           mortal: bool) -> Hit:
    """What reaches the damage steps: successes, type, the DR that meets it (002 §Defense
    Terminology: armour pierced to 0 loses its DR)."""
    block = target.block
    if profile.is_magical:
        dr = block.dr_magical
    else:
        kept = 0 if preview.terms.armour_pierced_to_zero else block.armour_dr
        dr = block.dr_physical + kept
    return Hit(successes, profile.lethal, dr, mortal)


def resolve_attack(state: Fight, action: a.Attack) -> AttackOutcome:
    """Pool, roll and damage of one attack, changing nothing (002 §Attack Roll Dice Pools,
    §Defense Terminology, §Damage Tracking)."""
    preview = preview_attack(state, action)
    roll = read_roll(action.dice, preview.pool, state.options)
    successes = max(0, roll.successes - preview.cover_successes)
    profile = profile_of(state, action)
    target = fighter(state, action.target)
    hit = hit_of(profile, target, preview, successes, action.mortal)
    result = take_hit(target.tracks, hit, state.options)
    triggers = fired((*profile.effects, *target.block.reactions), result, state.options)
    loss = dodge_loss(target, profile, result.hit, state.options)
    return AttackOutcome(preview, roll, successes, result, triggers, loss)


def dodge_loss(target: Fighter, profile: AttackProfile, hit: bool,
               options: PoolWardOptions) -> str:
    """What a melee attack costs the target's defence: a Parry use while any are left, else 1
    Dodge; ranged and thrown cost nothing (002 §Attack Roll Dice Pools, ruling
    ``dodge_loss_scope``)."""
    if profile.kind != MELEE or (options.dodge_loss_scope == LOSS_HITS_ONLY and not hit):
        return ""
    return "parry" if target.parry_left > 0 else "dodge"


def after_loss(target: Fighter, loss: str) -> Fighter:
    """The target with this round's melee attack counted."""
    if loss == "parry":
        return target.replace(parry_used=target.parry_used + 1, melee_taken=target.melee_taken + 1)
    if loss == "dodge":
        return target.replace(dodge_losses=target.dodge_losses + 1,
                              melee_taken=target.melee_taken + 1)
    return target


# -- the handler ----------------------------------------------------------------------------------


def attack(state: Fight, action: a.Attack) -> list[Event]:
    """The actor attacks: a Standard action (Full for Steady Shot) (002 §Types of Actions)."""
    attacker = require_turn(state, action.attacker)
    target = fighter(state, action.target)
    if target.id == attacker.id:
        raise IllegalAction(ATTACK_RULE, "a fighter does not attack itself")
    if target.condition == "dead":
        raise IllegalAction(DAMAGE_RULE, f"{target.name} is already dead")
    if action.slot not in (STANDARD, FULL):
        raise IllegalAction(ATTACK_RULE, "an attack is a standard or a full action")
    slot = FULL if action.steady_shot else action.slot
    spent = spend_slots(attacker, slot, state.options)
    outcome = resolve_attack(state, action)
    state.fighters[attacker.id] = spent
    state.fighters[target.id] = after_loss(target.with_tracks(outcome.result.after),
                                           outcome.dodge_loss)
    return attack_events(state, action, outcome)


def attack_events(state: Fight, action: a.Attack, outcome: AttackOutcome) -> list[Event]:
    """One event for the hit and one for each trigger fired."""
    target = state.fighters[action.target]
    result = outcome.result
    text = (f"{state.name(action.attacker)} rolls {outcome.preview.pool} dice: "
            f"{outcome.successes} damage; Ward takes {result.ward_absorbed}, Vigor "
            f"{result.to_vigor}, Health {result.to_health} (now {target.health}).")
    events = [Event("attack_resolved", target.id, text)]
    events.extend(Event("trigger_fired", target.id, f"{t.name} fires.") for t in outcome.triggers)
    return events
