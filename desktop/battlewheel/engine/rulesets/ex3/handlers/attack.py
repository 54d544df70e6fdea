"""One attack through 003 §Resolution Steps: plan (pure, for the dialog), then resolve.

``plan_attack`` checks everything the rules require and lays out every number the
attack dialog shows (Defence and its modifiers, the attack pool and its parts);
``damage_plan`` gives the damage pool once the attack roll is known. ``resolve``
applies the steps in order.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

from battlewheel.engine.core.conditions import dice_modifier
from battlewheel.engine.core.dice import DiceEntry, Roll, roll
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.block import Character, Weapon
from battlewheel.engine.rulesets.ex3.handlers import flow, groups
from battlewheel.engine.rulesets.ex3.handlers import initiative as ini
from battlewheel.engine.rulesets.ex3.rules import defence as d
from battlewheel.engine.rulesets.ex3.state import Combat, Combatant, Distraction, Grapple, Turn

STEPS = "003 §Resolution Steps"
ATTACKING = "003 §Resolving Attacks"
GAMBITS = "003 §Gambits"
CRASH = "003 §Crash"


@dataclass(frozen=True)
class AttackPlan:
    """Every figure of the attack before the dice: Defence, pool and its parts."""

    attacker: str
    target: str
    mode: str
    weapon: Weapon
    defence: d.DefenceSteps
    pool_parts: tuple[tuple[str, int], ...]
    pool: int
    double_tens: bool
    flurry: bool
    band: str
    difficulty: int = 0
    ward: str = ""
    ward_parry: int = 0


@dataclass(frozen=True)
class DamagePlan:
    """The damage (or gambit) roll: dice, their parts, automatic successes, 10s."""

    pool: int
    parts: tuple[tuple[str, int], ...]
    automatic: int
    double_tens: bool


# -- planning -------------------------------------------------------------------------------


def plan_attack(state: Combat, action: a.Attack, *, own_turn: bool = True) -> AttackPlan:
    """Check the attack is allowed and lay out its Defence and pool (003 §Resolution Steps 1-5).

    ``own_turn`` False plans the answering attack of a clash, made out of turn.
    """
    attacker, target = _parties(state, action, own_turn)
    weapon = _weapon(attacker, action.weapon)
    where = d.band(state, attacker.id, target.id)
    _check_reach(attacker, target, weapon, where)
    _check_mode(state, action, attacker, target)
    flurry = _in_flurry(state, action, own_turn)
    zero = _zeroed(state, action, attacker, target)
    steps = d.defence_against(
        state, target, attacker, weapon, declared=action.defence,
        unblockable=action.unblockable, undodgeable=action.undodgeable,
        gm_modifier=action.defence_modifier, zero=zero)
    parts = attack_parts(state, action, attacker, target, weapon, flurry, where)
    ward, ward_parry = _ward(state, attacker, target)
    return AttackPlan(
        attacker.id, target.id, action.mode, weapon, steps, tuple(parts),
        max(sum(v for _, v in parts), 0), attacker.block.double_tens,
        flurry, where, gambit_difficulty(action), ward, ward_parry)


def _parties(state: Combat, action: a.Attack,
             own_turn: bool) -> tuple[Combatant, Combatant]:
    """Attacker and target present, targetable, and the Shift's one target.

    003 §Resolution Steps 1, §Take Cover, §Crash.
    """
    if action.attacker not in state.combatants or action.target not in state.combatants:
        raise IllegalAction(STEPS, "attacker and target must both be in the fight")
    if action.attacker == action.target:
        raise IllegalAction(STEPS, "a combatant cannot attack itself")
    if own_turn:
        flow.turn_of(state, action.attacker)
    attacker, target = state.combatants[action.attacker], state.combatants[action.target]
    if target.gone or target.dissolved:
        raise IllegalAction(STEPS, f"{target.name} is no longer on the battlefield")
    if target.cover == 3:
        raise IllegalAction("003 §Take Cover", f"{target.name} is in total cover")
    shift_target = state.turn.shift_target if state.turn and own_turn else ""
    if shift_target and action.target != shift_target:
        raise IllegalAction(CRASH, f"after Shifting, attacks may only target "
                                   f"{state.name(shift_target)}")
    return attacker, target


def _weapon(attacker: Combatant, name: str) -> Weapon:
    weapon = next((w for w in d.ready_weapons(attacker) if w.name == name), None)
    if weapon is None:
        raise IllegalAction(ATTACKING, f"{attacker.name} has no ready weapon {name!r}")
    return weapon


def _check_reach(attacker: Combatant, target: Combatant, weapon: Weapon, where: str) -> None:
    """Close weapons at close range; ranged ones need Aim at medium+ (003 §Resolving Attacks)."""
    if not r.within(where, weapon):
        raise IllegalAction(ATTACKING, f"{weapon.name} cannot reach {target.name} at {where} range")
    if not weapon.close and r.needs_aim(where) and attacker.aim_target != target.id:
        raise IllegalAction("003 §Aim", f"aim at {target.name} first at {where} range")


def _check_mode(state: Combat, action: a.Attack, attacker: Combatant, target: Combatant) -> None:
    """Withering, decisive or gambit as allowed now.

    003 §Resolution Steps 1, §Crash, §Battle Groups.
    """
    if action.mode not in a.MODES:
        raise IllegalAction(STEPS, f"the attack must be one of {', '.join(a.MODES)}")
    if attacker.is_group and action.mode != a.WITHERING and action.gambit != "engage":
        raise IllegalAction("003 §Battle Groups", "battle groups make only withering attacks")
    if action.mode != a.WITHERING and attacker.in_crash:
        raise IllegalAction(CRASH, f"{attacker.name} is in Crash: no decisive attacks")
    if action.mode == a.GAMBIT:
        _check_gambit(state, action, attacker, target)
    elif action.gambit:
        raise IllegalAction(GAMBITS, "only a gambit names a gambit")
    if action.grapple:
        _check_grapple_move(state, action, attacker)
    if action.escape and (target.held_by != attacker.id or action.mode != a.DECISIVE):
        raise IllegalAction("003 §Attacks From Stealth",
                            f"only a decisive attack on {target.name} held at bay")


def _check_gambit(state: Combat, action: a.Attack, attacker: Combatant,
                  target: Combatant) -> None:
    """Each gambit's requirement (003 §Gambits)."""
    name = action.gambit
    if name not in a.GAMBITS:
        raise IllegalAction(GAMBITS, f"unknown gambit {name!r}")
    if (name == "engage") != attacker.is_group:
        raise IllegalAction("003 §Battle Groups", "battle groups Engage instead of Grappling")
    if name == "disarm" and not any(w.name in target.ready for w in target.block.carried):
        raise IllegalAction("003 §Disarm", f"{target.name} has no weapon ready")
    if name == "disarm" and action.disarm_weapon not in target.ready:
        raise IllegalAction("003 §Disarm", "name one of the target's ready weapons")
    if name == "unhorse" and not target.mounted:
        raise IllegalAction("003 §Unhorse", f"{target.name} is not mounted")
    if name == "distract":
        _check_distract(state, action, attacker)
    if name in ("grapple", "engage") and attacker.id in state.grapples:
        raise IllegalAction("003 §Grapple", f"{attacker.name} already holds someone")
    if name == "special" and not 1 <= action.difficulty <= 10:
        raise IllegalAction(GAMBITS, "a special gambit needs the GM's difficulty 1-10")


def _check_distract(state: Combat, action: a.Attack, attacker: Combatant) -> None:
    """A non-Crashed ally, difficulty 3-5, one Distract at a time (003 §Distract)."""
    if action.difficulty not in r.DISTRACT_DIFFICULTIES:
        raise IllegalAction("003 §Distract", "choose difficulty 3, 4 or 5")
    ally = state.combatants.get(action.ally)
    if ally is None or ally.side != attacker.side or ally.id == attacker.id:
        raise IllegalAction("003 §Distract", "name an ally on the battlefield")
    if ally.in_crash or ally.out:
        raise IllegalAction("003 §Distract", f"{ally.name} is in Crash or out of the fight")
    if ally.distraction is not None:
        raise IllegalAction("003 §Distract", f"{ally.name} already benefits from a Distract")


def _check_grapple_move(state: Combat, action: a.Attack, attacker: Combatant) -> None:
    """Savage and Throw: on the grappled target, one manoeuvre a turn (003 §Grapple)."""
    grip = state.grapples.get(attacker.id)
    if action.grapple not in ("savage", "throw") or grip is None or grip.target != action.target:
        raise IllegalAction("003 §Grapple", "Savage or Throw needs a hold on that target")
    if action.mode == a.GAMBIT or (grip.engage and action.grapple == "throw"):
        raise IllegalAction("003 §Grapple", "this manoeuvre is not available here")
    assert state.turn is not None
    if state.turn.grapple_manoeuvre or grip.rounds <= 0:
        raise IllegalAction("003 §Grapple", "no manoeuvre left this turn")


def gambit_difficulty(action: a.Attack) -> int:
    """The gambit's difficulty: fixed, chosen (Distract) or the GM's (003 §Gambits)."""
    if action.mode != a.GAMBIT:
        return 0
    return r.GAMBIT_DIFFICULTY.get(action.gambit, action.difficulty)


def _in_flurry(state: Combat, action: a.Attack, own_turn: bool = True) -> bool:
    """Declared as a flurry, or the flurry's second action on one's own turn
    (003 §Combat Actions); a clash's answer is out of turn, so only its own flag counts."""
    turn = state.turn
    if action.grapple or turn is None:
        return False
    if not own_turn:
        return action.flurry
    return action.flurry or flow.flurry_second_fits(turn, "attack", True)


def _zeroed(state: Combat, action: a.Attack, attacker: Combatant, target: Combatant) -> str:
    """Defence 0: ambush, escape from a hold, Savage (003 §Attacks From Stealth, §Grapple)."""
    if action.grapple:
        return "grapple manoeuvre"
    if action.escape:
        return "escape from hold"
    if target.exposed_to == attacker.id:
        return "ambush after a hold"
    return "ambush" if d.is_ambush(state, target, attacker) else ""


def attack_parts(state: Combat, action: a.Attack, attacker: Combatant, target: Combatant,
                 weapon: Weapon, flurry: bool, where: str) -> list[tuple[str, int]]:
    """The attack pool's parts (003 §Resolution Steps 5 and the modifiers the seed lists)."""
    parts = _trait_parts(attacker.block, weapon, action.mode == a.WITHERING)
    parts += [("specialty", action.specialty), ("bonus", action.bonus_dice),
              ("wound", -attacker.derived.wound_penalty), ("flurry", -3 * flurry),
              ("prone", -r.PRONE_ATTACK * attacker.prone),
              ("conditions", dice_modifier(attacker.conditions))]
    parts += _situational(state, action, attacker, target, weapon, where)
    return [(name, value) for name, value in parts if value]


def _trait_parts(block: Character, weapon: Weapon, withering: bool) -> list[tuple[str, int]]:
    """Dexterity + Ability (+ accuracy if withering), or a Quick Character's listed pool
    (003 §Resolution Steps 5)."""
    listed = block.quick_attack(weapon)
    if listed is not None:
        return [(f"{listed.name} pool", listed.pool)]
    parts = [("Dexterity", block.attribute("dexterity")),
             (weapon.ability.replace("_", " ").title(), block.ability(weapon.ability))]
    if withering:
        parts.append(("accuracy", weapon.accuracy))
    return parts


def _situational(state: Combat, action: a.Attack, attacker: Combatant, target: Combatant,
                 weapon: Weapon, where: str) -> list[tuple[str, int]]:
    """Grapple, off-hand, Aim, mount and battle-group modifiers to the pool.

    003 §Grapple, §Aim, §Mounted Combat, §Battle Groups.
    """
    parts: list[tuple[str, int]] = []
    if state.grappled_by(attacker.id):
        parts.append(("grappled", -3 if weapon.two_handed else -1))
    if weapon.off_hand and state.options.off_hand_penalty:
        parts.append(("off hand", -r.OFF_HAND_PENALTY))
    parts.append(("aim", aim_bonus(attacker, target.id, where)))
    if attacker.mounted and action.mode == a.WITHERING and not target.mounted:
        parts.append(("mounted", 2 if target.is_group and not _group_reach(target) else 1))
    group = attacker.block.group
    if group is not None:
        parts += [("Size", 0 if action.spread else attacker.size), ("Might", group.might)]
        parts.append(("Order", attacker.order_bonus if attacker.order_active else 0))
    return parts


def _group_reach(group: Combatant) -> bool:
    """Whether a battle group carries reach weapons (003 §Mounted Combat)."""
    return any(w.reach for w in d.ready_weapons(group) if w.name != "Unarmed")


def aim_bonus(attacker: Combatant, target: str, where: str) -> int:
    """+3 after one turn's Aim at short range or closer, two turns beyond (003 §Aim)."""
    if attacker.aim_target != target:
        return 0
    needed = 2 if r.needs_aim(where) else 1
    return r.AIM_BONUS if attacker.aim_turns >= needed else 0


def _ward(state: Combat, attacker: Combatant, target: Combatant) -> tuple[str, int]:
    """Whoever Defends the target parries first (003 §Defend Other)."""
    for cid, who in state.combatants.items():
        if (who.ward == target.id and cid != attacker.id and not who.out
                and d.at_close(state, cid, target.id)):
                parry = d.best_parry(who, state.options.static_rounding)
                if parry is not None:
                    mods = d.standing_modifiers(state, who)
                    return cid, max(parry + sum(v for _, v in mods), 0)
    return "", 0


def damage_plan(state: Combat, plan: AttackPlan, action: a.Attack, threshold: int, *,
                clash: bool = False, ward_parry: int = 0) -> DamagePlan:
    """The damage roll after a hit (003 §Resolution Steps 8c)."""
    attacker = state.combatants[plan.attacker]
    target = state.combatants[plan.target]
    flurry_cut = -3 if plan.flurry and state.options.flurry_penalty_scope == "damage_too" else 0
    if plan.mode == a.WITHERING:
        return _withering_plan(state, plan, action, attacker, target, threshold, flurry_cut, clash)
    return _decisive_plan(state, plan, action, (attacker, target), flurry_cut, clash, ward_parry)


def _withering_plan(state: Combat, plan: AttackPlan, action: a.Attack, attacker: Combatant,
                    target: Combatant, threshold: int, flurry_cut: int,
                    clash: bool) -> DamagePlan:
    """Withering damage: Strength + damage + threshold - soak, the minimum.

    003 §Resolution Steps 8c.
    """
    weapon = plan.weapon
    raw = r.weapon_damage(attacker.block, weapon)
    group = attacker.block.group
    if group is not None:
        raw += (0 if action.spread else attacker.size) + group.might
    soak = r.soak(target.block, target.size)
    base = r.withering_pool(r.damage_strength(attacker.block, weapon), raw, threshold, soak,
                            weapon.minimum)
    parts = [("Strength + damage + threshold - soak (at least minimum)", base),
             ("post-soak", action.post_soak), ("flurry", flurry_cut)]
    parts += _throw_and_order(state, action, attacker, withering=True)
    auto = r.CLASH_WITHERING_BONUS if clash else 0
    parts = [(n, v) for n, v in parts if v]
    return DamagePlan(max(sum(v for _, v in parts), 0), tuple(parts), auto,
                      r.damage_double_tens(attacker.block))


def _decisive_plan(state: Combat, plan: AttackPlan, action: a.Attack,
                   pair: tuple[Combatant, Combatant], flurry_cut: int, clash: bool,
                   ward_parry: int) -> DamagePlan:
    """Decisive (or gambit) dice: Initiative, 0 if Hardness holds (003 §Resolution Steps 8c)."""
    attacker, target = pair
    gambit = plan.mode == a.GAMBIT
    hard = 0 if action.escape else target.derived.hardness
    base = r.decisive_pool(attacker.initiative or 0, hard, gambit)
    parts = [("Initiative" if base else "Initiative (stopped by Hardness)", base),
             ("flurry", flurry_cut), ("warded", -(ward_parry // 2))]
    parts += _throw_and_order(state, action, attacker, withering=False)
    auto = (r.CLASH_DECISIVE_BONUS if clash else 0) + (r.AMBUSH_ESCAPE_BONUS * action.escape)
    parts = [(n, v) for n, v in parts if v]
    pool = max(sum(v for _, v in parts), 0) if base else 0
    return DamagePlan(pool, tuple(parts), auto, False)


def _throw_and_order(state: Combat, action: a.Attack, attacker: Combatant, *,
                     withering: bool) -> list[tuple[str, int]]:
    """Throw/Slam's bonus and an Order's bonus on damage (003 §Grapple, §Order)."""
    parts = []
    if action.grapple == "throw":
        grip = state.grapples[attacker.id]
        parts.append(("throw", r.throw_bonus(grip.rounds, attacker.block.attribute("strength"),
                                             withering)))
    if state.options.flurry_penalty_scope == "damage_too" and attacker.order_active:
        parts.append(("Order", attacker.order_bonus))
    return parts


# -- resolving ---------------------------------------------------------------------------------


def resolve(state: Combat, action: a.Attack) -> list[Event]:
    """Apply 003 §Resolution Steps 1-9 to one attack (a battle group's to every foe it reaches)."""
    # A held target's escape meets a reflexive ambush, made out of turn.
    plan = plan_attack(state, action, own_turn=not action.escape)
    spread = _group_spread(state, action)
    shifts = ini.shift_pending(state, plan.attacker, plan.target)
    _spend_turn(state, action)
    if action.hold_at_bay:
        return _hold(state, action)
    rolled = roll(plan.pool, action.attack, double_tens=plan.double_tens,
                  automatic_successes=action.bonus_successes)
    events = botch_note(state, plan.attacker, rolled)
    for each, each_plan in ((action, plan), *spread):
        events.append(Event("attack_roll", plan.attacker, _roll_text(each_plan,
                                                                     rolled.successes)))
        _land(state, each_plan, each, rolled.successes, shifts, events)
    return events


def _land(state: Combat, plan: AttackPlan, action: a.Attack, rolled: int, shifts: bool,
          events: list[Event]) -> None:
    """Steps 5-9 for one target once the attack roll is known (003 §Resolution Steps)."""
    target, successes, defence = _through_ward(state, plan, action, rolled, events)
    _onslaught(state, target, events)
    if target is None or successes < defence:
        _miss(state, plan, action, events)
    else:
        _hit(state, plan, action, target, successes - defence, shifts, events)
    _after(state, plan, action, target or plan.target, events)


def _group_spread(state: Combat, action: a.Attack) -> list[tuple[a.Attack, AttackPlan]]:
    """A battle group's attack reaches every foe at close range with it, or close to a ranged
    attack's target; each has its own damage roll in ``others`` (003 §Battle Groups)."""
    attacker = state.combatants[action.attacker]
    if not attacker.is_group:
        if action.others:
            raise IllegalAction("003 §Battle Groups", "only a battle group strikes several at once")
        return []
    reached = set(reached_by(state, action))
    named = [other.target for other in action.others]
    if set(named) != reached or len(named) != len(reached):
        names = ", ".join(sorted(state.name(f) for f in reached)) or "nobody else"
        raise IllegalAction("003 §Battle Groups", f"the attack reaches {names}")
    variants = [dataclasses.replace(action, target=o.target, damage=o.damage, others=())
                for o in action.others]
    return [(v, plan_attack(state, v)) for v in variants]


def reached_by(state: Combat, action: a.Attack) -> list[str]:
    """The further foes a battle group's attack reaches: every foe at close range with the
    group, or close to a ranged attack's target (003 §Battle Groups); none for a fighter."""
    attacker = state.combatants[action.attacker]
    if not attacker.is_group:
        return []
    weapon = _weapon(attacker, action.weapon)
    centre = attacker.id if weapon.close else action.target
    return [f for f in state.foes(attacker.id)
            if f != action.target and d.at_close(state, centre, f)]


def botch_note(state: Combat, cid: str, rolled: Roll) -> list[Event]:
    """A botch is only named: what goes wrong is the GM's call (rules/3e.md §4 GM input);
    the roll counts its 0 successes like any other (003 §Resolution Steps 5)."""
    if not rolled.botch:
        return []
    return [Event("botch", cid, f"{state.name(cid)} botches: no successes and a 1. "
                                "What goes wrong is the GM's call.")]


def _roll_text(plan: AttackPlan, successes: int) -> str:
    return (f"{plan.pool} dice against Defence {plan.defence.value} "
            f"({plan.defence.used}): {successes} successes.")


def _spend_turn(state: Combat, action: a.Attack) -> None:
    """The attack spends the Simple action (reflexive escapes and manoeuvres do not).

    003 §Combat Actions.
    """
    assert state.turn is not None
    if action.escape:
        return
    if action.grapple:
        state.turn = _with_turn(state, grapple_manoeuvre=True)
        return
    flow.use_simple(state, action.attacker, "attack", flurry_keyword=True, flurry=action.flurry)


def _with_turn(state: Combat, **changes: object) -> Turn:
    assert state.turn is not None
    return dataclasses.replace(state.turn, **changes)  # type: ignore[arg-type]


def _through_ward(state: Combat, plan: AttackPlan, action: a.Attack, successes: int,
                  events: list[Event]) -> tuple[str | None, int, int]:
    """Step 5 with Defend Other: the defender's Parry first (003 §Defend Other)."""
    if not plan.ward:
        return plan.target, successes, plan.defence.value
    if successes < plan.ward_parry:
        events.append(Event("warded", plan.ward, f"{state.name(plan.ward)} turns the blow aside."))
        return None, 0, 1
    if not action.at_ward:
        return plan.ward, successes - plan.ward_parry, 0
    return plan.target, successes - plan.ward_parry, plan.defence.value


def _onslaught(state: Combat, target: str | None, events: list[Event]) -> None:
    """Step 6: -1 Defence to the target's next turn; a grappler loses a round (003 §Grapple)."""
    if target is None:
        return
    who = state.combatants[target]
    state.put(who.replace(onslaught=who.onslaught + r.ONSLAUGHT))
    lose_control_round(state, target, events)


def lose_control_round(state: Combat, grappler: str, events: list[Event]) -> None:
    """A grappler attacked or damaged loses a control round (003 §Grapple)."""
    grip = state.grapples.get(grappler)
    if grip is not None and grip.rounds > 0:
        state.grapples[grappler] = Grapple(grip.target, grip.rounds - 1, grip.engage)


def _miss(state: Combat, plan: AttackPlan, action: a.Attack, events: list[Event]) -> None:
    """Step 7: a decisive miss costs 2i, 3i at 11+ (003 §Resolution Steps)."""
    if action.damage is not None:
        raise IllegalAction(STEPS, "the attack missed: it has no damage roll")
    events.append(Event("miss", plan.attacker, f"{state.name(plan.attacker)} misses."))
    if plan.mode != a.WITHERING:
        pay_decisive_miss(state, plan.attacker, events)


def pay_decisive_miss(state: Combat, cid: str, events: list[Event]) -> None:
    """Lose 2i, or 3i at Initiative 11+ (003 §Resolution Steps, step 7)."""
    who = state.combatants[cid]
    cost = r.decisive_miss_cost(who.initiative or 0)
    ini.lose(state, cid, cost, by=cid, cause=ini.MISS, events=events)
    events.append(Event("miss_cost", cid, f"{who.name} loses {cost}i for the miss."))


def _hit(state: Combat, plan: AttackPlan, action: a.Attack, target: str, threshold: int,
         shifts: bool, events: list[Event]) -> None:
    """Step 8: damage or the gambit, then the reset or its cost (003 §Resolution Steps)."""
    if target != plan.target:
        plan = dataclasses.replace(plan, target=target)
    ward_parry = plan.ward_parry if (plan.ward and action.at_ward) else 0
    if plan.mode == a.GAMBIT and action.gambit == "engage":
        _require_no_damage(action)
        complete_gambit(state, plan, action, events)
        return
    damage = damage_plan(state, plan, action, threshold, ward_parry=ward_parry)
    successes = _damage_successes(damage, action.damage)
    apply_damage(state, plan, action, successes, damage, shifts, events)


def _require_no_damage(action: a.Attack) -> None:
    if action.damage is not None:
        raise IllegalAction("003 §Battle Groups", "Engage completes without a roll")


def _damage_successes(damage: DamagePlan, entry: DiceEntry | None) -> int:
    if entry is None:
        raise IllegalAction(STEPS, f"the attack hit: give the damage roll ({damage.pool} dice)")
    rolled = roll(damage.pool, entry, double_tens=damage.double_tens,
                  automatic_successes=damage.automatic)
    return rolled.successes


def apply_damage(state: Combat, plan: AttackPlan, action: a.Attack, successes: int,
                 damage: DamagePlan, shifts: bool, events: list[Event],
                 rout: Iterator[DiceEntry] | None = None) -> None:
    """Steps 8d-8f for a hit whose damage roll showed ``successes`` (003 §Resolution Steps 8)."""
    rout = rout if rout is not None else iter(action.rout)
    if plan.mode == a.WITHERING:
        _withering(state, plan, action, successes, shifts, rout, events)
    elif plan.mode == a.DECISIVE:
        _decisive(state, plan, action, successes, damage.pool, rout, events)
    else:
        _gambit(state, plan, action, successes, events)
    groups.check_rout_dice_used(rout)


def _withering(state: Combat, plan: AttackPlan, action: a.Attack, x: int, shifts: bool,
               rout: Iterator[DiceEntry], events: list[Event]) -> None:
    """Target -Xi, attacker +(X+1)i; groups take Magnitude (003 §Resolution Steps 8d)."""
    attacker, target = state.combatants[plan.attacker], state.combatants[plan.target]
    events.append(Event("withering", target.id, f"{x} withering damage to {target.name}."))
    if target.is_group:
        groups.damage_group(state, target.id, x, by=attacker.id, rout=rout,
                            magical_area=action.magical_area, events=events)
        if state.options.bg_withering_gain:
            ini.gain(state, attacker.id, x + 1, events)
        return
    if attacker.is_group and target.in_crash:
        _health_damage(state, target.id, x, plan.weapon.damage_type, events)
        return
    crashed = ini.lose(state, target.id, x, by=attacker.id, cause=ini.DAMAGE, events=events)
    if x > 0:
        lose_control_round(state, target.id, events)
    ini.gain(state, attacker.id, x + 1, events)
    if crashed:
        ini.after_crash(state, attacker.id, target.id, shifts=shifts,
                        shift_dice=action.shift_dice, events=events)


def _decisive(state: Combat, plan: AttackPlan, action: a.Attack, x: int, dice: int,
              rout: Iterator[DiceEntry], events: list[Event]) -> None:
    """X levels and automatic damage, then reset to base (003 §Resolution Steps 8d-8e)."""
    target = state.combatants[plan.target]
    breaks: list[Event] = []
    if target.is_group:
        extra = r.decisive_group_extra(dice, x, state.options.bg_decisive_extra)
        groups.damage_group(state, target.id, x + extra + action.automatic_damage,
                            by=plan.attacker, rout=rout, magical_area=action.magical_area,
                            events=events, breaks=breaks)
    else:
        _health_damage(state, target.id, x + action.automatic_damage, plan.weapon.damage_type,
                       events)
    ini.reset_to_base(state, plan.attacker, events)
    # Step 8: the reset comes before the Break a lost Size earns, or the reset would undo it.
    for earned in breaks:
        groups.award_size_break(state, earned, events)


def _health_damage(state: Combat, cid: str, levels: int, kind: str, events: list[Event]) -> None:
    """Mark levels of the weapon's type on the 2e track (3e reading: health_track)."""
    who = state.combatants[cid]
    if levels <= 0:
        events.append(Event("no_damage", cid, f"{who.name} takes no damage."))
        return
    track = who.health.mark(**{kind: levels})
    state.put(who.replace(health=track))
    lose_control_round(state, cid, events)
    events.append(Event("health", cid, f"{who.name} takes {levels} {kind} levels."))


def _gambit(state: Combat, plan: AttackPlan, action: a.Attack, x: int,
            events: list[Event]) -> None:
    """Successes against the difficulty, then pay difficulty + 1 (003 §Resolution Steps 8d-8e)."""
    if x >= plan.difficulty:
        complete_gambit(state, plan, action, events)
    else:
        events.append(Event("gambit_failed", plan.target, f"The {action.gambit} gambit fails."))
    cost = r.gambit_cost(plan.difficulty)
    ini.lose(state, plan.attacker, cost, by=plan.attacker, cause=ini.COST, events=events)
    events.append(Event("gambit_cost", plan.attacker, f"{state.name(plan.attacker)} pays {cost}i."))
    if action.gambit == "distract" and x >= plan.difficulty:
        _distract(state, plan, action, cost, events)


def complete_gambit(state: Combat, plan: AttackPlan, action: a.Attack,
                    events: list[Event]) -> None:
    """Each gambit's effect (003 §Disarm, §Grapple, §Unhorse; Distract after its cost)."""
    target = state.combatants[plan.target]
    if action.gambit == "disarm":
        ready = tuple(w for w in target.ready if w != action.disarm_weapon)
        state.put(target.replace(ready=ready))
    elif action.gambit == "unhorse":
        state.put(target.replace(mounted=False, prone=True, health=target.health.mark(bashing=1)))
    elif action.gambit in ("grapple", "engage"):
        _grapple(state, plan, action, events)
    events.append(Event("gambit", target.id, f"The {action.gambit} gambit succeeds."))


def _distract(state: Combat, plan: AttackPlan, action: a.Attack, paid: int,
              events: list[Event]) -> None:
    """The ally gains the Initiative paid, to keep by attacking the foe (003 §Distract)."""
    ini.gain(state, action.ally, paid, events)
    ally = state.combatants[action.ally]
    state.put(ally.replace(distraction=Distraction(plan.attacker, plan.target, paid)))
    events.append(Event("distracted", ally.id, f"{ally.name} gains {paid}i."))


def _grapple(state: Combat, plan: AttackPlan, action: a.Attack, events: list[Event]) -> None:
    """Control rounds from the opposed roll; a group rolls its Ability (003 §Grapple)."""
    attacker, target = state.combatants[plan.attacker], state.combatants[plan.target]
    if action.control is None or action.resist is None:
        raise IllegalAction("003 §Grapple", "give the opposed control roll of both sides")
    mine = roll(grapple_pool(attacker, plan.weapon.ability if action.gambit == "engage" else ""),
                action.control, double_tens=attacker.block.double_tens).successes
    theirs_pool = action.resist_pool if state.options.grapple_defender_pool == "gm" \
        else grapple_pool(target, "")
    theirs = roll(theirs_pool, action.resist, double_tens=target.block.double_tens).successes
    rounds = r.control_rounds(mine, theirs)
    state.grapples[attacker.id] = Grapple(target.id, rounds, action.gambit == "engage")
    if state.actor == attacker.id:
        # The turn the gambit lands holds the grapple without a Maintain action.
        state.turn = _with_turn(state, maintained=True)
    events.append(Event("grapple", target.id, f"{attacker.name} holds {target.name}: "
                                              f"{rounds} control rounds."))


def grapple_pool(who: Combatant, ability: str) -> int:
    """Strength + the better of Brawl and Martial Arts, or a given Ability (003 §Grapple)."""
    block = who.block
    pool = block.pool("strength", ability) if ability else max(
        block.pool("strength", "brawl"), block.pool("strength", "martial_arts"))
    return pool - who.derived.wound_penalty


def _after(state: Combat, plan: AttackPlan, action: a.Attack, target: str,
           events: list[Event]) -> None:
    """Reveal a hidden attacker, spend Aim, end a Throw (003 §Attacks From Stealth)."""
    attacker = state.combatants[plan.attacker]
    victim = state.combatants[target]
    if (plan.attacker, target) in state.concealed and not victim.out:
        state.concealed = {p for p in state.concealed
                           if not (p[0] == plan.attacker and not state.hostile(p[1], target))}
    state.put(attacker.replace(aim_target="", aim_turns=0))
    if action.escape or victim.exposed_to == plan.attacker:
        state.put(state.combatants[target].replace(held_by="", held_until_round=None,
                                                    exposed_to=""))
    state.last_attacker[target] = plan.attacker
    if state.turn is not None and state.turn.actor == plan.attacker:
        state.turn = _with_turn(state, attacked=(*state.turn.attacked, target))
    if action.grapple == "throw" and plan.attacker in state.grapples:
        del state.grapples[plan.attacker]
        state.put(state.combatants[target].replace(prone=True))
        events.append(Event("thrown", target, f"{state.name(target)} is thrown down."))


def _hold(state: Combat, action: a.Attack) -> list[Event]:
    """An ambusher holds its target at bay instead of striking (003 §Attacks From Stealth)."""
    attacker = state.combatants[action.attacker]
    victim = state.combatants[action.target]
    if not d.is_ambush(state, victim, attacker):
        raise IllegalAction("003 §Attacks From Stealth", "only an ambush can hold a target at bay")
    if action.attack.faces not in (None, ()) or action.attack.successes or action.damage:
        raise IllegalAction("003 §Attacks From Stealth", "holding at bay rolls no dice")
    rounds = (attacker.initiative or 0) - (victim.initiative or 0)
    state.put(victim.replace(held_by=attacker.id, held_until_round=state.round + rounds))
    return [Event("held", victim.id, f"{victim.name} is held at bay for {rounds} rounds.")]
