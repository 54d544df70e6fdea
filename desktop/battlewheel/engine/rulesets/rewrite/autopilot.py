"""The 2e Rewrite's autopilot for the encounter forecast (engine/core/forecast.py).

How it plays (000 §Roll Join Battle, §Move Tick Counter, §Manoeuvres, §Attack
Resolution, §Apply Effects):

- before the battle (and whenever someone may join late) everyone rolls Join Battle,
  then the counters go on the wheel; the tick counter moves on to the next tick where
  someone acts;
- each acting character declares a flurry of one attack, with the weapon that rolls
  most dice, on the foe picked by its side's stance: balanced, the foe with the lowest
  DV, the most hurt of those; aggressive, the most hurt foe; cautious, the foe whose
  weapon rolls most dice; an aggressive character with 8 or more dice attacks twice;
- a character with nobody to attack guards;
- each attack is rolled as the "roll for me" button rolls it, an Exalt (unless its side
  plays cautiously) adding the First Excellency's dice up to its die cap and motes, the
  defender taking its best DV (and getting past a Blocker when one stands in the way);
  the tick's damage is rolled and applied (extras take no roll).

The engine has no distances between fighters, so nobody is ever out of range and the
autopilot never moves.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import replace

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.core.outcome import Outcome, last_side_standing
from battlewheel.engine.rulesets.rewrite import actions as a
from battlewheel.engine.rulesets.rewrite import actions as aa
from battlewheel.engine.rulesets.rewrite.handlers.effects import (
    damage_rolls_needed,
    pending_damage,
)
from battlewheel.engine.rulesets.rewrite.handlers.flurry import preview_attack
from battlewheel.engine.rulesets.rewrite.rules.attack import best_dv
from battlewheel.engine.rulesets.rewrite.rules.derived import die_cap, ready_weapons
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

TWO_ATTACKS_FROM = 8


def outcome(state: Combat) -> Outcome:
    """Over when one side has nobody able to act (000 §Applying Effects: incapacitated or
    dead), or the GM ended it; the clock is the tick."""
    sides = {cid: who.side for cid, who in state.combatants.items()}
    standing = [cid for cid, who in state.combatants.items() if not who.cannot_act]
    return last_side_standing(sides, standing, state.current_tick or 0, state.ended)


def end_values(state: Combat) -> dict[str, dict[str, float]]:
    """Health levels lost, motes and Willpower at the end."""
    return {cid: {"Health levels lost": who.health.damage,
                  "Motes": who.personal_motes + who.peripheral_motes,
                  "Willpower": who.willpower}
            for cid, who in state.combatants.items()}


def _faces(rng: random.Random, count: int) -> DiceEntry:
    return DiceEntry.of_faces([rng.randint(1, 10) for _ in range(max(count, 0))], rolled=True)


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
        yield a.RollJoinBattle(cid, _faces(rng, pool))
    if not state.started:
        yield a.StartCombat()
        return
    phase = state.phase
    if phase == PHASE_DONE:
        yield a.Advance()
        yield a.NextTick()
    elif phase == PHASE_DECLARE:
        for cid in state.awaiting_flurry():
            yield from _flurries(state, state.combatants[cid], tactics)
    elif phase == PHASE_RESOLVE:
        attacker, index = state.pending_attacks()[0]
        yield from _resolve(state, attacker, index, rng, tactics)
    elif phase == PHASE_EFFECTS:
        yield _effects(state, rng)


def _flurries(state: Combat, who: Combatant, tactics: Mapping[str, str]) -> Iterator[Action]:
    stance = tactics.get(who.side, "balanced")
    weapons = sorted(ready_weapons(who.character), key=lambda w: attack_dice(who, w),
                     reverse=True)
    for foe in _foes(state, who, stance):
        for weapon in weapons:
            attack = aa.DeclaredManoeuvre("attack", weapon.name, foe.id)
            if stance == "aggressive" and attack_dice(who, weapon) >= TWO_ATTACKS_FROM:
                yield aa.DeclareFlurry(who.id, (attack, attack))
            yield aa.DeclareFlurry(who.id, (attack,))
    yield aa.DeclareFlurry(who.id, (aa.DeclaredManoeuvre("guard"),))
    yield aa.DeclareFlurry(who.id, (aa.DeclaredManoeuvre("inactive"),))


def _foes(state: Combat, who: Combatant, stance: str) -> list[Combatant]:
    foes = [f for f in state.combatants.values()
            if f.side != who.side and not f.health.dead]
    if stance == "cautious":
        return sorted(foes, key=lambda f: (f.cannot_act, -_best_dice(f)))
    if stance == "aggressive":
        return sorted(foes, key=lambda f: (f.cannot_act, f.health.share_left))
    return sorted(foes, key=lambda f: (f.cannot_act, max(f.dvs.values(), default=0),
                                       f.health.share_left))


def _best_dice(who: Combatant) -> int:
    return max((attack_dice(who, w) for w in ready_weapons(who.character)), default=0)


def _resolve(state: Combat, attacker: str, index: int, rng: random.Random,
             tactics: Mapping[str, str]) -> Iterator[Action]:
    """The next declared attack rolled, the defender on its best DV; an Exalt not playing
    cautiously adds the First Excellency's dice the DV calls for (motes and cap allowing)."""
    flurry = state.tick.flurries[attacker]
    declared_attack = flurry.declared[index]
    target = state.combatants.get(declared_attack.target or "")
    dvs = dict(target.dvs) if target is not None else {}
    chosen = [best_dv(dvs)] if dvs else []
    most = _excellency(state.combatants[attacker], declared_attack.weapon, tactics)
    for dv in [*chosen, *(name for name in dvs if name not in chosen), "dodge"]:
        plain = aa.ResolveAttack(attacker=attacker, index=index, defence=aa.Defence(dv=dv))
        try:
            sizes = preview_attack(state, plain).dice
        except RulesError:
            continue
        # About half a success a die: enough dice to clear the DV by two on average.
        wanted = min(most, max(0, 2 * (dvs.get(dv, 0) + 2) - sizes["attack"]))
        for dice in dict.fromkeys((wanted, 0)):
            declared = replace(plain, charms=aa.AttackCharms(charm_dice=dice))
            try:
                sizes = preview_attack(state, declared).dice
            except RulesError:
                continue
            get_past = aa.GetPast(roll=_faces(rng, sizes["block"])) if "block" in sizes \
                else aa.GetPast()
            yield replace(declared, attack=_faces(rng, sizes["attack"]), block=get_past)


def _excellency(who: Combatant, weapon_name: str | None, tactics: Mapping[str, str]) -> int:
    """First Excellency dice: as many as the die cap and the motes allow (000 §Excellencies,
    §Die Caps); none for a mortal or a cautious side."""
    kind = who.character.kind
    if not kind.is_exalted or tactics.get(who.side, "balanced") == "cautious":
        return 0
    weapon = next((w for w in ready_weapons(who.character)
                   if weapon_name and w.name.casefold() == weapon_name.casefold()), None)
    if weapon is None:
        return 0
    cap = die_cap(who.character, attribute="dexterity", ability=weapon.ability).value
    motes = who.personal_motes + who.peripheral_motes
    per_mote = 2 if kind is CharacterKind.DRAGON_BLOODED else 1
    return max(0, min(cap, motes * per_mote))


def _effects(state: Combat, rng: random.Random) -> Action:
    """The tick's damage rolled for every flurry that hit, then applied."""
    rolls = []
    for item in pending_damage(state):
        kinds = damage_rolls_needed(state, item)
        if kinds:
            rolls.append(aa.DamageRoll.by_type(
                item.attacker, item.target,
                {kind: _faces(rng, item.pools.dice[kind]) for kind in kinds},
                counterattack=item.counterattack))
    return aa.ApplyTickEffects(tuple(rolls))
