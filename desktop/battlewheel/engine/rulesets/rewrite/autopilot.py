"""The 2e Rewrite's autopilot for the encounter forecast (engine/core/forecast.py).

How it plays (000 §Roll Join Battle, §Move Tick Counter, §Manoeuvres, §Attack
Resolution, §Apply Effects):

- before the battle (and whenever someone may join late) everyone rolls Join Battle,
  then the counters go on the wheel; the tick counter moves on to the next tick where
  someone acts;
- each acting character weighs every flurry of one to three attacks (its weapon's Rate
  allowing) with each ready weapon on each foe still fighting, by the health boxes it is
  expected to add: the odds dock's exact spread of damage levels for each attack, with
  the multiple-action penalty and onslaught, summed over the flurry (one flurry's damage
  is totalled before it is marked), less the lethal an Exalt's resilience shrugs off
  (000 §Applying Effects), at most the boxes the foe has left. It declares the flurry
  that fills the largest share of its target's remaining boxes: the most hurt foe it can
  really hurt, with its best pool, and several attacks when only their sum gets past an
  Exalt's resilience. A balanced side asks a fifth more harm of each attack past the
  first (it costs dice and DV); an aggressive side asks nothing more; a cautious side
  attacks once (more only when no single attack can hurt anyone), at the foe whose own
  weapon rolls most dice;
- a character with nobody to attack guards;
- an Exalt describes each flurry as a one-die stunt (004 §Stunts), as players at a table
  do: the GM awards it before the roll, the first attack rolls the stunt's die (its
  successes count on every attack of the flurry, 000 §Attack Resolution), and the 2 motes
  come at the Exalt's next DV refresh, the only motes a fight gives back (without them
  two wounded Exalts, out of motes, traded blows their resilience shrugged off until the
  forecast's limit); a mortal's one-die stunt earns nothing, so mortals do not stunt;
- each attack is rolled as the "roll for me" button rolls it, an Exalt (unless its side
  plays cautiously) adding the First Excellency's dice up to its die cap and motes, the
  defender taking its best DV (and getting past a Blocker when one stands in the way);
  the tick's damage is rolled and applied (extras take no roll).

The 2e engine keeps no positions or distances between fighters (a Blocker's ward is the
one place movement counts, and the get-past roll is made), so nobody is out of range and
the autopilot never moves.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.core.forecast import with_rolls
from battlewheel.engine.core.outcome import Outcome, last_side_standing
from battlewheel.engine.rulesets.rewrite import actions as a
from battlewheel.engine.rulesets.rewrite import actions as aa
from battlewheel.engine.rulesets.rewrite.handlers.block import blockers_of
from battlewheel.engine.rulesets.rewrite.handlers.effects import (
    damage_rolls_needed,
    pending_damage,
)
from battlewheel.engine.rulesets.rewrite.handlers.flurry import (
    attack_declaration,
    flurry_stunt,
    preview_attack,
)
from battlewheel.engine.rulesets.rewrite.odds import damage_level_distribution
from battlewheel.engine.rulesets.rewrite.rules import attack as attack_rules
from battlewheel.engine.rulesets.rewrite.rules import stunts, values
from battlewheel.engine.rulesets.rewrite.rules.attack import best_dv
from battlewheel.engine.rulesets.rewrite.rules.derived import (
    die_cap,
    has_exalted_resilience,
    ready_weapons,
)
from battlewheel.engine.rulesets.rewrite.rules.equipment import DamageType, Weapon
from battlewheel.engine.rulesets.rewrite.rules.kept import KeptByIdentity
from battlewheel.engine.rulesets.rewrite.rules.sheet_inputs import target_for
from battlewheel.engine.rulesets.rewrite.rules.traits import CharacterKind
from battlewheel.engine.rulesets.rewrite.rules.values import join_battle_pool
from battlewheel.engine.rulesets.rewrite.sheet import attack_dice
from battlewheel.engine.rulesets.rewrite.state import (
    PHASE_DECLARE,
    PHASE_DONE,
    PHASE_EFFECTS,
    PHASE_RESOLVE,
    Combat,
    Combatant,
)

# The most attacks a side puts in one flurry (a weapon's Rate allowing): more attacks add
# up past an Exalt's resilience but cost dice and DV (000 §Attack Resolution).
MOST_ATTACKS = {"cautious": 1, "balanced": 3, "aggressive": 3}
# A flurry expected to add fewer boxes than this is not worth its DV penalty.
HARMLESS = 0.05
# Every attack is described as a one-die stunt, as players at a table describe theirs: for
# an Exalt a die and 2 motes at its next DV refresh, the only motes a fight gives back
# (004 §Stunts); a mortal's one-die stunt earns nothing, so mortals do not stunt.
STUNT = 1
# A balanced side adds an attack to its flurry only if that raises the harm expected by
# more than this share, for the dice and DV it costs.
EXTRA_ATTACK_COST = 0.2


def outcome(state: Combat) -> Outcome:
    """Over when one side has nobody able to act (000 §Applying Effects: incapacitated or
    dead), or the GM ended it; the clock is the tick."""
    sides, standing = {}, []
    for cid, who in state.combatants.items():  # one pass: asked after every action
        sides[cid] = who.side
        if not who.cannot_act:
            standing.append(cid)
    return last_side_standing(sides, standing, state.current_tick or 0, state.ended)


def end_values(state: Combat) -> dict[str, dict[str, float]]:
    """Health levels lost, motes and Willpower at the end."""
    return {cid: {"Health levels lost": who.health.damage,
                  "Motes": who.personal_motes + who.peripheral_motes,
                  "Willpower": who.willpower}
            for cid, who in state.combatants.items()}


def candidates(state: Combat, rng: random.Random,
               tactics: Mapping[str, str]) -> Iterator[Action]:
    """What the autopilot does now, best first."""
    if state.ended:
        return
    waiting = [cid for cid, who in state.combatants.items()
               if who.join_battle is None and not who.cannot_act] if not state.started \
        else list(state.awaiting_join_battle())
    for cid in waiting:
        pool = join_battle_pool(state.combatants[cid], state.options.essence_floor)
        yield a.RollJoinBattle(cid, DiceEntry.rolled_by(rng, pool))
    if not state.started:
        yield a.StartCombat()
        return
    phase = state.phase
    if phase == PHASE_DONE:
        yield _ADVANCE
        yield _NEXT_TICK
    elif phase == PHASE_DECLARE:
        for cid in state.awaiting_flurry():
            yield from _flurries(state, state.combatants[cid], tactics)
    elif phase == PHASE_RESOLVE:
        attacker, index = state.pending_attacks()[0]
        if _stunt_owed(state.combatants[attacker]):
            yield _stunt_award(attacker)
        yield from _resolve(state, attacker, index, rng, tactics)
    elif phase == PHASE_EFFECTS:
        yield _effects(state, rng)


# Actions without dice are made once and offered again (every action made is checked
# whole, which costs more than applying these).
_ADVANCE = a.Advance()
_NEXT_TICK = a.NextTick()


@lru_cache(maxsize=256)
def _stunt_award(attacker: str) -> a.AwardStunt:
    """The GM's award of ``attacker``'s one-die stunt, in motes (004 §Stunts)."""
    return a.AwardStunt(attacker, STUNT, "motes")


def _flurries(state: Combat, who: Combatant, tactics: Mapping[str, str]) -> Iterator[Action]:
    """The flurries worth declaring, best first, then a guard and doing nothing."""
    stance = tactics.get(who.side, "balanced")
    for plan in _plans(state, who, stance):
        yield _declared_flurry(who.id, "attack", plan.weapon.name, plan.foe.id, plan.attacks)
    yield _declared_flurry(who.id, "guard")
    yield _declared_flurry(who.id, "inactive")


@lru_cache(maxsize=4096)
def _declared_flurry(who: str, kind: str, weapon: str | None = None, foe: str | None = None,
                     count: int = 1) -> aa.DeclareFlurry:
    """A flurry of ``count`` like manoeuvres (kept: every action made is checked whole)."""
    return aa.DeclareFlurry(who, (aa.DeclaredManoeuvre(kind, weapon, foe),) * count)


@dataclass(frozen=True)
class _Plan:
    """One flurry the autopilot weighs: ``attacks`` attacks with ``weapon`` on ``foe``,
    and the health boxes it is expected to add (after soak, hardness and resilience)."""

    foe: Combatant
    weapon: Weapon
    attacks: int
    harm: float
    left: int  # the foe's boxes left before it is Incapacitated


def _plans(state: Combat, who: Combatant, stance: str) -> list[_Plan]:
    """Every attack flurry worth making, best first (see the module's docstring); a
    cautious side attacks once unless no single attack can hurt anyone."""
    most = MOST_ATTACKS.get(stance, 2)
    weighed = _weighed_plans(state, who, most)
    plans = _useful(weighed)
    if not plans and most < MOST_ATTACKS["aggressive"]:
        weighed = _weighed_plans(state, who, MOST_ATTACKS["aggressive"])
        plans = _useful(weighed)
    plans = plans or weighed  # nothing hurts: the flurries weighed, each weighed once
    return sorted(plans, key=lambda plan: _priority(plan, stance), reverse=True)


def _weighed_plans(state: Combat, who: Combatant, most: int) -> list[_Plan]:
    """Every flurry of up to ``most`` attacks, with the harm it is expected to do."""
    weapons = ready_weapons(who.character)
    plans: list[_Plan] = []
    for foe in _foes(state, who):
        left = _boxes_left(foe)  # once a foe, not once a flurry
        for weapon in weapons:
            harms = _harms(state, who, foe, weapon, min(most, weapon.rate), left)
            plans.extend(_Plan(foe, weapon, count, harm, left)
                         for count, harm in enumerate(harms, 1))
    return plans


def _useful(plans: list[_Plan]) -> list[_Plan]:
    """The flurries expected to add at least ``HARMLESS`` boxes."""
    return [plan for plan in plans if plan.harm >= HARMLESS]


def _foes(state: Combat, who: Combatant) -> list[Combatant]:
    """The foes still able to fight (the fallen ones only when nobody else is left)."""
    foes = [f for f in state.combatants.values() if f.side != who.side and not f.health.dead]
    return [f for f in foes if not f.cannot_act] or foes


def _priority(plan: _Plan, stance: str) -> tuple[float, ...]:
    """Balanced and aggressive sides press the foe nearest to falling (the share of the
    boxes it has left that the flurry should fill); a balanced one pays for each extra
    attack in DV, so adds one only for a real gain. A cautious side strikes the foe whose
    own attack rolls most dice."""
    if stance == "cautious":
        return (_best_dice(plan.foe), plan.harm)
    keep = 1.0 if stance == "aggressive" else (1.0 - EXTRA_ATTACK_COST) ** (plan.attacks - 1)
    return (keep * plan.harm / plan.left, plan.harm, -plan.attacks)


def _boxes_left(who: Combatant) -> int:
    """Health boxes to fill before ``who`` is Incapacitated (000 §Applying Effects)."""
    return max(1, who.health.incap_index + 1 - who.health.damage)


def _best_dice(who: Combatant) -> int:
    return max((attack_dice(who, w) for w in ready_weapons(who.character)), default=0)


def _harms(state: Combat, who: Combatant, foe: Combatant, weapon: Weapon, most: int,
           left: int) -> tuple[float, ...]:
    """Expected boxes flurries of one to ``most`` attacks of ``weapon`` add to ``foe``'s
    track, up to those it has left (``left``): each attack with its multiple-action
    penalty and onslaught (000 §Attack Resolution), damage summed over the flurry, less
    what Exalted resilience takes off (000 §Applying Effects). Kept by everything they
    follow from: a playout weighs the same flurries at almost every decision."""
    options, track = state.options, foe.health
    dv = max(values.dvs_offered(foe, foe.dvs, weapon.damage_type).values(), default=0)
    return _HARMS.get(
        (who.character, weapon, foe.character),
        (who.wound_penalty, who.conditions, foe.overrides, track.lethal, track.bashing, dv,
         most, left, options.multiple_action_first_penalty, options.essence_floor),
        lambda: tuple(_work_out_harm(state, who, foe, weapon, attacks, left, dv)
                      for attacks in range(1, most + 1)))


# What the autopilot works out from stat blocks and weapons again and again, kept by
# their identity (rules/kept.py): each flurry's harm, each attack's numbers and pool.
_HARMS: KeptByIdentity[tuple[float, ...]] = KeptByIdentity()
_NUMBERS: KeptByIdentity[tuple[int, ...]] = KeptByIdentity()
_POOLS: KeptByIdentity[int] = KeptByIdentity()


def _work_out_harm(state: Combat, who: Combatant, foe: Combatant, weapon: Weapon,
                   attacks: int, left: int, dv: int) -> float:
    first = attacks - (state.options.multiple_action_first_penalty
                       == "manoeuvre_count_minus_one") if attacks > 1 else 0
    each = tuple((*_attack_numbers(state, who, foe, weapon, first + index if attacks > 1 else 0),
                  max(0, dv - index), weapon.overwhelming if attacks == 1 else 0)
                 for index in range(attacks))
    return _expected_boxes(each, _resilience(foe, weapon.damage_type), left)


@lru_cache(maxsize=8192)
def _expected_boxes(each: tuple[tuple[int, ...], ...], shrug: int, left: int) -> float:
    """The mean boxes marked by attacks of these numbers, summed, less ``shrug``, at most
    ``left``."""
    total: tuple[float, ...] = (1.0,)
    for numbers in each:
        total = _sum_of(total, _levels(*numbers))
    return sum(min(left, max(0, level - shrug)) * p for level, p in enumerate(total))


def _attack_numbers(state: Combat, who: Combatant, foe: Combatant, weapon: Weapon,
                    penalty: int) -> tuple[int, ...]:
    """The numbers one attack's odds depend on, as the attack dialog works them out (the
    Excellency left out: whether motes are spent is decided at the roll)."""
    return _NUMBERS.get((who.character, weapon, foe.character),
                        (who.wound_penalty, who.conditions, penalty, state.options.essence_floor),
                        lambda: _work_out_numbers(state, who, foe, weapon, penalty))


def _work_out_numbers(state: Combat, who: Combatant, foe: Combatant, weapon: Weapon,
                      penalty: int) -> tuple[int, ...]:
    declaration = attack_declaration(who, weapon, _plain_attack(),
                                     penalty=penalty, off_hand=False,
                                     essence_floor=state.options.essence_floor)
    _, dice, _ = attack_rules.attack_pool(declaration)
    automatic = sum(attack_rules.automatic_successes(declaration).values())
    target = target_for(foe.character, weapon.damage_type, piercing=weapon.piercing)
    soak = attack_rules.soak_parts(declaration, target)[3]
    _, levels, strength = attack_rules.raw_damage(declaration, 0)
    extra = foe.character.kind is CharacterKind.EXTRA
    return (dice, automatic, strength, levels, target.hardness, soak, int(extra),
            max(who.character.essence, 1))


@lru_cache(maxsize=1)
def _plain_attack() -> aa.ResolveAttack:
    """An attack with no stunt, charm or Willpower (made once: every action made is checked
    whole, which costs more than the sums it stands for here)."""
    return aa.ResolveAttack("attacker", 0)


@lru_cache(maxsize=4096)
def _levels(dice: int, automatic: int, strength: int, levels: int, hardness: int, soak: int,
            extra: int, essence: int, dv: int, overwhelming: int) -> tuple[float, ...]:
    """The chance of each number of damage levels from one attack, a miss counting 0."""
    found = damage_level_distribution(
        dice, automatic, dv, strength_dice=strength, weapon_levels=levels, hardness=hardness,
        soak=soak, extra=bool(extra), ping=max(essence, overwhelming))
    hit = found.hit.chance_to_hit
    spread = [hit * p for p in found.given_hit]
    spread[0] += 1.0 - hit
    return tuple(spread)


def _sum_of(first: tuple[float, ...], second: tuple[float, ...]) -> tuple[float, ...]:
    """The spread of the sum of two independent counts."""
    total = [0.0] * (len(first) + len(second) - 1)
    for i, p in enumerate(first):
        for j, q in enumerate(second):
            total[i + j] += p * q
    return tuple(total)


def _resilience(foe: Combatant, damage_type: DamageType) -> int:
    """Levels of this type the foe shrugs off: an Exalt's lethal ones up to the lethal it
    has taken, bashing too with Ox-Body (000 §Applying Effects, §Ox-Body Technique)."""
    track = foe.health
    if values.has_ox_body(foe) and damage_type in (DamageType.LETHAL, DamageType.BASHING):
        return track.lethal + track.bashing
    if has_exalted_resilience(foe.character) and damage_type is DamageType.LETHAL:
        return track.lethal
    return 0


def _stunts(who: Combatant) -> bool:
    """Whether ``who``'s one-die stunt earns anything (004 §Stunts: mortals drop a category)."""
    return stunts.effective_rating(STUNT, who.character.kind) > 0


def _stunt_owed(who: Combatant) -> bool:
    """Whether the GM still has to award ``who``'s stunt for this action (its reward waits
    for the next DV refresh, one a action)."""
    return _stunts(who) and who.stunt_reward.rating < STUNT


def _resolve(state: Combat, attacker: str, index: int, rng: random.Random,
             tactics: Mapping[str, str]) -> Iterator[Action]:
    """The next declared attack rolled, the defender on its best DV; an Exalt not playing
    cautiously adds the First Excellency's dice the DV calls for (motes and cap allowing)."""
    declared_attack = state.tick.flurries[attacker].declared[index]
    who = state.combatants[attacker]
    target = state.combatants.get(declared_attack.target or "")
    weapon = state.tick.flurries[attacker].plan.manoeuvres[index].weapon
    dvs = dict(target.dvs) if target is not None else {}
    if target is not None and weapon is not None:  # the autopilot never stunts a parry
        dvs = values.dvs_offered(target, dvs, weapon.damage_type)
    chosen = [best_dv(dvs)] if dvs else []
    most = _excellency(who, declared_attack.weapon, tactics.get(who.side, "balanced"))
    # One stunt a flurry, rolled with its first attack and counted on each (000 §Attack
    # Resolution): later attacks give none of their own.
    stunt = STUNT if _stunts(who) and flurry_stunt(state, attacker) is None else 0
    stunt_dice = stunts.stunt_dice(stunt, who.character.kind)
    for dv in [*chosen, *(name for name in dvs if name not in chosen), "dodge"]:
        try:
            plain_sizes = _attack_sizes(state, _template(attacker, index, dv, 0))
        except RulesError:
            continue
        plain = plain_sizes["attack"]
        # About half a success a die: enough dice to clear the DV by two on average.
        wanted = min(most, max(0, 2 * (dvs.get(dv, 0) + 2) - plain))
        for dice in dict.fromkeys((wanted, 0)):
            try:
                sizes = plain_sizes if dice == 0 \
                    else _attack_sizes(state, _template(attacker, index, dv, dice))
            except RulesError:
                continue
            get_past = aa.GetPast(roll=DiceEntry.rolled_by(rng, sizes["block"])) \
                if "block" in sizes else aa.GetPast()
            rolls = {"stunt_dice": DiceEntry.rolled_by(rng, stunt_dice)} if stunt_dice else {}
            yield with_rolls(_template(attacker, index, dv, dice, stunt),
                             attack=DiceEntry.rolled_by(rng, sizes["attack"]), block=get_past,
                             **rolls)


@lru_cache(maxsize=1024)
def _template(attacker: str, index: int, dv: str, charm_dice: int,
              stunt: int = 0) -> aa.ResolveAttack:
    """The attack with no dice yet (kept: every action made is checked whole, which costs
    more than the planning it serves); its sizes are worked out unstunted, the stunt's dice
    being a roll of their own."""
    return aa.ResolveAttack(attacker=attacker, index=index, defence=aa.Defence(dv=dv),
                            charms=aa.AttackCharms(charm_dice=charm_dice), stunt=stunt)


def _attack_sizes(state: Combat, action: aa.ResolveAttack) -> dict[str, int]:
    """The dice of the rolls of the attack ``action`` (a ``_template``), as
    ``preview_attack`` counts them; worked out here when no Blocker stands in the way
    (the common case, and much cheaper), each pool once."""
    flurry = state.tick.flurries[action.attacker]
    declared = flurry.declared[action.index]
    target = state.combatants.get(declared.target or "")
    weapon = flurry.plan.manoeuvres[action.index].weapon
    if target is None or weapon is None or blockers_of(state, target.id) \
            or action.defence.dv not in target.dvs:
        return preview_attack(state, action).dice
    who = state.combatants[action.attacker]
    penalty = flurry.plan.action_penalties[action.index] or 0
    # The template's other fields never change, so its charm dice stand for it.
    return {"attack": _POOLS.get(
        (who.character, weapon),
        (who.wound_penalty, who.conditions, penalty, declared.off_hand,
         state.options.essence_floor, action.charms.charm_dice),
        lambda: _work_out_pool(state, who, weapon, action, penalty, declared.off_hand))}


def _work_out_pool(state: Combat, who: Combatant, weapon: Weapon, action: aa.ResolveAttack,
                   penalty: int, off_hand: bool) -> int:
    declaration = attack_declaration(who, weapon, action, penalty=penalty, off_hand=off_hand,
                                     essence_floor=state.options.essence_floor)
    return max(attack_rules.attack_pool(declaration)[1], 0)


def _excellency(who: Combatant, weapon_name: str | None, stance: str) -> int:
    """First Excellency dice: as many as the die cap and the motes allow (000 §Excellencies,
    §Die Caps); none for a mortal or a cautious side."""
    kind = who.character.kind
    if not kind.is_exalted or stance == "cautious":
        return 0
    cap = _CAPS.get((who.character,), (weapon_name,), lambda: _die_cap(who, weapon_name))
    motes = who.personal_motes + who.peripheral_motes
    per_mote = 2 if kind is CharacterKind.DRAGON_BLOODED else 1
    return max(0, min(cap, motes * per_mote))


def _die_cap(who: Combatant, weapon_name: str | None) -> int:
    """The die cap of ``who``'s attacks with the weapon named so (0: no such weapon)."""
    weapon = next((w for w in ready_weapons(who.character)
                   if weapon_name and w.name.casefold() == weapon_name.casefold()), None)
    if weapon is None:
        return 0
    return die_cap(who.character, attribute="dexterity", ability=weapon.ability).value


_CAPS: KeptByIdentity[int] = KeptByIdentity()


def _effects(state: Combat, rng: random.Random) -> Action:
    """The tick's damage rolled for every flurry that hit, then applied."""
    rolls = []
    for item in pending_damage(state):
        kinds = damage_rolls_needed(state, item)
        if kinds:
            rolls.append(aa.DamageRoll.by_type(
                item.attacker, item.target,
                {kind: DiceEntry.rolled_by(rng, item.pools.dice[kind]) for kind in kinds},
                counterattack=item.counterattack))
    return aa.ApplyTickEffects(tuple(rolls))
