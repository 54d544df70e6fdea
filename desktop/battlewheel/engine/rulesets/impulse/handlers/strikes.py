"""Manoeuvres, Decisive Strikes and Flurry Strikes: resolved purely, then applied.

``resolve_*`` reads the state and the action and works out every number (pools,
successes, hit, damage, stunt effects) or refuses; the log sentence reads the same
outcome, so the log always says what the handler did.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from battlewheel.engine.core.conditions import dice_modifier
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse.block import (
    UNARMED,
    WEAPON_TABLE,
    Weapon,
    accuracy_pool,
    weapon_base_damage,
)
from battlewheel.engine.rulesets.impulse.handlers.common import (
    fighter,
    put,
    remove_status,
    require_simple,
    take_endurance,
)
from battlewheel.engine.rulesets.impulse.handlers.effects import (
    TARGETED,
    EffectOutcome,
    apply_effect,
    check_effect,
    resolve_effect,
)
from battlewheel.engine.rulesets.impulse.rules import (
    MELEE,
    MISS_COST,
    RANGED_MELEE_PENALTY,
    STRIKE_MINIMUM,
    STUN_DICE,
    STUNT_DICE,
    beats,
    damage_pool,
    impulse_after_hit,
    ranged_reach,
    rolled_successes,
    threshold,
)
from battlewheel.engine.rulesets.impulse.state import Fighter, ImpulseCombat

MANOEUVRE = "001 §Maneuvers"
DECISIVE = "001 §Decisive Strike"
FLURRY = "001 §Flurry Strikes"
RANGES = "001 §Attack Ranges"
COVER = "001 §Situational Defenses"
DISARMED = "001 §Stunting Decisive Strikes"
WEAPONS = "001 §Weapons and Armor"
STUNT_MOTES = 4  # 2 x a 2-die stunt (004 §Stunts)


# -- manoeuvres ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ManoeuvreOutcome:
    """A manoeuvre's dice, successes (all gained as Impulse) and stunt effect; aimed at
    someone, the DV it met and whether it hit (``hit`` None: aimed at nobody)."""

    pool: int
    successes: int
    effect: EffectOutcome | None
    dv: int = 0
    hit: bool | None = None


def manoeuvre_pool(who: Fighter, attribute: str, ability: str, stunted: bool) -> int:
    """Attribute + Ability, +2 stunted, -2 stunned (001 §Maneuvers, §Stunting Maneuvers)."""
    stun = STUN_DICE if who.has("stunned") else 0
    return max(0, who.character.pool(attribute, ability) + (STUNT_DICE if stunted else 0) - stun)


def resolve_manoeuvre(state: ImpulseCombat, action: a.Manoeuvre) -> ManoeuvreOutcome:
    """Roll Attribute + Ability; successes become Impulse; a stunt effect beats its difficulty."""
    who = require_simple(state, action.actor, MANOEUVRE)
    if not action.attribute.strip() or not action.ability.strip():
        raise IllegalAction(MANOEUVRE, "a manoeuvre rolls an Attribute and an Ability")
    stunted = a.is_stunted(action)
    pool = manoeuvre_pool(who, action.attribute, action.ability, stunted)
    successes = rolled_successes(pool, action.dice)
    dv, hit = _manoeuvre_hit(state, who, action.target, successes)
    effect = None
    if action.stunt is not None:
        target = check_effect(state, who.id, action.stunt, decisive=False,
                              default=action.target)
        effect = resolve_effect(state, action.stunt, target, successes)
    return ManoeuvreOutcome(pool, successes, effect, dv, hit)


def _manoeuvre_hit(state: ImpulseCombat, who: Fighter, target: str,
                   successes: int) -> tuple[int, bool | None]:
    """A manoeuvre aimed at someone hits when its successes beat their DV, for powers that
    work on a hit; it never costs Endurance (001 §Maneuvers)."""
    if not target:
        return 0, None
    victim = _aimed_at(state, who, target, MANOEUVRE, "a manoeuvre", "")
    return victim.dv, beats(successes, victim.dv, state.options.beat_rule)


def manoeuvre(state: ImpulseCombat, action: a.Manoeuvre) -> list[Event]:
    """Impulse += successes, always; then the stunt effect if it lands (001 §Maneuvers)."""
    outcome = resolve_manoeuvre(state, action)
    who = _after_roll(
        state, action.actor, a.is_stunted(action), action.reward
    )
    put(state, who.replace(impulse=who.impulse + outcome.successes))
    state.simple_done = True
    events = [Event("impulse_gained", who.id, f"{who.name} gains {outcome.successes} Impulse.")]
    if outcome.hit is not None:
        events.append(_manoeuvre_hit_event(state, action.target, outcome))
    if action.stunt is not None and outcome.effect is not None:
        events += apply_effect(state, who.id, action.stunt, outcome.effect)
    return events


def _manoeuvre_hit_event(state: ImpulseCombat, target: str, outcome: ManoeuvreOutcome) -> Event:
    name = state.name(target)
    against = f"{outcome.successes} against DV {outcome.dv}"
    if outcome.hit:
        return Event("manoeuvre_hit", target, f"The manoeuvre hits {name} ({against}): powers "
                                              "that work on a hit apply; no Endurance is lost.")
    return Event("manoeuvre_missed", target, f"The manoeuvre misses {name} ({against}).")


def _after_roll(state: ImpulseCombat, cid: str, stunted: bool, reward: str) -> Fighter:
    """The roll used up a stun; a stunt earns the 004 reward under the ruling stunt_reward."""
    remove_status(state, cid, "stunned")
    who = state.combatants[cid]
    if stunted and state.options.stunt_reward == "004":
        if reward == "motes":
            who = who.replace(motes=min(who.character.motes, who.motes + STUNT_MOTES))
        else:
            who = who.replace(willpower=min(who.character.willpower, who.willpower + 1))
    return put(state, who)


# -- strikes ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class StrikeOutcome:
    """A strike worked out: accuracy against DV, the damage pool and where damage went."""

    pool: int
    successes: int
    dv: int
    hit: bool
    threshold: int
    damage_pool: int
    damage: int
    shares: tuple[tuple[str, int], ...]
    effects: tuple[EffectOutcome, ...]


def strike_weapon(who: Fighter, name: str, rule: str, attribute: str = "") -> Weapon:
    """The weapon used, rolling ``attribute`` if given (its own otherwise); a disarmed fighter
    has only fists (001 §Stunting Decisive Strikes)."""
    weapon = who.character.weapon(name) or (UNARMED if name == UNARMED.name else None)
    if weapon is None:
        raise IllegalAction(rule, f"{who.name} carries no {name!r}")
    weapon = with_attribute(weapon, attribute)
    if who.has("disarmed") and weapon.weight != "unarmed":
        raise IllegalAction(DISARMED, f"{who.name} is disarmed and cannot use {name} this round")
    return weapon


def with_attribute(weapon: Weapon, attribute: str) -> Weapon:
    """The weapon rolled with another Attribute its class allows: an unarmed or medium
    strike uses Dexterity or Strength (001 §Weapons and Armor)."""
    if not attribute or attribute == weapon.attribute:
        return weapon
    allowed = WEAPON_TABLE[weapon.weight][0]
    if attribute not in allowed:
        raise IllegalAction(WEAPONS, f"{weapon.name} ({weapon.weight}) strikes with "
                                     f"{' or '.join(a.title() for a in allowed)}")
    return replace(weapon, attribute=attribute)


def _aimed_at(state: ImpulseCombat, who: Fighter, target: str, rule: str, aimed: str,
              absent: str) -> Fighter:
    """The fighter ``who`` aims ``aimed`` (a strike, a manoeuvre) at, refused if it is
    ``who``, off the field or behind full cover (001 §Cover)."""
    victim = fighter(state, target, rule)
    if victim.id == who.id:
        raise IllegalAction(rule, f"{aimed} is aimed at someone else")
    if not state.can_act(victim.id):
        raise IllegalAction(rule, f"{victim.name} is not on the field{absent}")
    if victim.cover == "full":
        raise IllegalAction(COVER, f"{victim.name} is behind full cover: counter it first")
    return victim


def check_target(
    state: ImpulseCombat, attacker: Fighter, target: str, weapon: Weapon, rule: str
) -> int:
    """Refuse a target the strike cannot reach; its band otherwise (001 §Attack Ranges, §Cover)."""
    victim = _aimed_at(state, attacker, target, rule, "a strike", " to be struck")
    band = state.band(attacker.id, victim.id)
    if not weapon.ranged and band != MELEE:
        raise IllegalAction(RANGES, f"{weapon.name} strikes only at melee range")
    if weapon.ranged and band != MELEE and not ranged_reach(band, state.options.ranged_long):
        raise IllegalAction(RANGES, f"{weapon.name} cannot reach {victim.name} at that range")
    return band


def _check_attacker(state: ImpulseCombat, actor: str, rule: str) -> Fighter:
    who = require_simple(state, actor, rule)
    if who.impulse < STRIKE_MINIMUM:
        raise IllegalAction(
            DECISIVE,
            f"a Decisive Strike needs at least {STRIKE_MINIMUM} Impulse; "
            f"{who.name} has {who.impulse}",
        )
    if who.cover == "full":
        raise IllegalAction("001 §Cover", f"{who.name}'s full cover blocks their own strikes too")
    return who


def strike_pool(who: Fighter, weapon: Weapon, stunted: bool) -> int:
    """Attribute + Ability + weapon Accuracy, +2 stunted, -2 stunned (001 §Decisive Strike).

    The GM's conditions add or take dice too.
    """
    stun = STUN_DICE if who.has("stunned") else 0
    shift = dice_modifier(who.conditions)
    return max(0, accuracy_pool(who.character, weapon) + (STUNT_DICE if stunted else 0)
               - stun + shift)


def strike_dv(
    state: ImpulseCombat, targets: tuple[str, ...], bands: list[int], weapon: Weapon
) -> tuple[int, int]:
    """The (highest) DV to beat and successes lost firing into melee (001 §Attack Ranges)."""
    into_melee = [weapon.ranged and band == MELEE for band in bands]
    plus_dv = state.options.ranged_in_melee == "plus_dv"
    dvs = [
        state.combatants[t].dv + (RANGED_MELEE_PENALTY if melee and plus_dv else 0)
        for t, melee in zip(targets, into_melee, strict=True)
    ]
    lost = RANGED_MELEE_PENALTY if any(into_melee) and not plus_dv else 0
    return max(dvs), lost


def resolve_strike(
    state: ImpulseCombat,
    actor: str,
    targets: tuple[str, ...],
    weapon_name: str,
    accuracy: DiceEntry,
    damage: DiceEntry | None,
    stunted: bool,
    rule: str,
    attribute: str = "",
) -> tuple[StrikeOutcome, Weapon]:
    """Accuracy against the (highest) DV; on a hit, Impulse + Base Damage + threshold dice."""
    who = _check_attacker(state, actor, rule)
    weapon = strike_weapon(who, weapon_name, rule, attribute)
    bands = [check_target(state, who, t, weapon, rule) for t in targets]
    dv, lost = strike_dv(state, targets, bands, weapon)
    pool = strike_pool(who, weapon, stunted)
    successes = max(0, rolled_successes(pool, accuracy) - lost)
    hit = beats(successes, dv, state.options.beat_rule)
    if not hit:
        if damage is not None:
            raise IllegalAction(rule, "a miss rolls no damage")
        return StrikeOutcome(pool, successes, dv, False, 0, 0, 0, (), ()), weapon
    if damage is None:
        raise IllegalAction(rule, "the strike hits: roll its damage")
    over = threshold(successes, dv)
    base = weapon_base_damage(who.character, weapon, state.options.table_modifiers)
    dice = damage_pool(who.impulse, base, over)
    dealt = rolled_successes(dice, damage, double_tens=state.options.damage_tens)
    return StrikeOutcome(pool, successes, dv, True, over, dice, dealt, (), ()), weapon


def resolve_decisive(state: ImpulseCombat, action: a.DecisiveStrike) -> StrikeOutcome:
    """One target: the whole damage is its Endurance loss; a stunt effect against the damage."""
    outcome, _ = resolve_strike(
        state,
        action.actor,
        (action.target,),
        action.weapon,
        action.accuracy,
        action.damage,
        a.is_stunted(action),
        DECISIVE,
        action.attribute,
    )
    effects = _effects(state, action.actor, action.stunt, (action.target,), outcome, every=False)
    shares = ((action.target, outcome.damage),) if outcome.hit else ()
    return _with(outcome, shares, effects)


def resolve_flurry(state: ImpulseCombat, action: a.FlurryStrike) -> StrikeOutcome:
    """Several targets, one roll against the highest DV, damage split (001 §Flurry Strikes)."""
    if len(action.targets) < 2 or len(set(action.targets)) != len(action.targets):
        raise IllegalAction(FLURRY, "a Flurry Strike names two or more different targets")
    outcome, _ = resolve_strike(
        state,
        action.actor,
        action.targets,
        action.weapon,
        action.accuracy,
        action.damage,
        a.is_stunted(action),
        FLURRY,
        action.attribute,
    )
    shares: tuple[tuple[str, int], ...] = ()
    if outcome.hit:
        shares = _split(action.targets, action.split, outcome.damage)
    every = state.options.flurry_stunt == "every_target"
    effects = _effects(state, action.actor, action.stunt, action.targets, outcome, every=every)
    return _with(outcome, shares, effects)


def _split(
    targets: tuple[str, ...], split: tuple[int, ...], damage: int
) -> tuple[tuple[str, int], ...]:
    if len(split) != len(targets) or any(part < 0 for part in split):
        raise IllegalAction(FLURRY, "the split gives each target 0 or more damage")
    if sum(split) != damage:
        raise IllegalAction(FLURRY, f"the split must place all {damage} damage, not {sum(split)}")
    return tuple(zip(targets, split, strict=True))


def _effects(
    state: ImpulseCombat,
    actor: str,
    stunt: a.StuntEffect | None,
    targets: tuple[str, ...],
    outcome: StrikeOutcome,
    *,
    every: bool,
) -> tuple[EffectOutcome, ...]:
    if stunt is None:
        return ()
    if len(targets) > 1 and stunt.effect in TARGETED and not every and stunt.target not in targets:
        raise IllegalAction(FLURRY, "the stunt effect falls on one of the flurry's targets")
    # Under "every_target" each target receives the effect as if it had been named.
    chosen = targets if every and stunt.effect in TARGETED else (stunt.target or targets[0],)
    aimed = [replace(stunt, target=t) if stunt.effect in TARGETED else stunt for t in chosen]
    found = [
        check_effect(state, actor, s, decisive=True, default=t)
        for s, t in zip(aimed, chosen, strict=True)
    ]
    if not outcome.hit:
        return ()
    return tuple(resolve_effect(state, stunt, t, outcome.damage) for t in found)


def _with(
    outcome: StrikeOutcome, shares: tuple[tuple[str, int], ...], effects: tuple[EffectOutcome, ...]
) -> StrikeOutcome:
    return StrikeOutcome(
        outcome.pool,
        outcome.successes,
        outcome.dv,
        outcome.hit,
        outcome.threshold,
        outcome.damage_pool,
        outcome.damage,
        shares,
        effects,
    )


def decisive_strike(state: ImpulseCombat, action: a.DecisiveStrike) -> list[Event]:
    """Apply a Decisive Strike (001 §Decisive Strike)."""
    return _apply_strike(state, action, resolve_decisive(state, action))


def flurry_strike(state: ImpulseCombat, action: a.FlurryStrike) -> list[Event]:
    """Apply a Flurry Strike (001 §Flurry Strikes)."""
    return _apply_strike(state, action, resolve_flurry(state, action))


def _apply_strike(state: ImpulseCombat, action: a.DecisiveStrike | a.FlurryStrike,
                  outcome: StrikeOutcome) -> list[Event]:
    """A miss costs 2 Impulse; a hit takes Endurance and spends the Impulse by the ruling."""
    actor, stunt = action.actor, action.stunt
    who = _after_roll(state, actor, a.is_stunted(action), action.reward)
    state.simple_done = True
    if not outcome.hit:
        put(state, who.replace(impulse=who.impulse - MISS_COST))
        return [Event("missed", actor, f"{who.name} misses and loses {MISS_COST} Impulse.")]
    put(state, who.replace(impulse=impulse_after_hit(who.impulse, state.options.impulse_after_hit)))
    events: list[Event] = []
    for target, share in outcome.shares:
        events += take_endurance(state, target, share)
    for effect in outcome.effects:
        assert stunt is not None
        events += apply_effect(state, actor, stunt, effect)
    return events
