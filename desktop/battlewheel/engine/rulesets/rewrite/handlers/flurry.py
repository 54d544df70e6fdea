"""2e Rewrite steps 3 and 5: declaring flurries, resolving attacks (000 §Attack Resolution).

The rules themselves are pure functions in ``rules`` (``flurry``, ``attack``, ``charms``,
``stunts``); this module checks who may do what now, builds their inputs from the
combat state, charges motes and Willpower, and records the results in the tick.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from battlewheel.engine.core.conditions import dice_modifier
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.rewrite.actions import (
    AwardStunt,
    DeclaredManoeuvre,
    DeclareFlurry,
    Defence,
    ResolveAttack,
)
from battlewheel.engine.rulesets.rewrite.handlers import block
from battlewheel.engine.rulesets.rewrite.handlers.common import (
    combatant,
    require_running,
    require_started,
)
from battlewheel.engine.rulesets.rewrite.handlers.costs import (
    AnyAttack,
    charge_attacker,
    charge_defender,
)
from battlewheel.engine.rulesets.rewrite.rules import attack as rules
from battlewheel.engine.rulesets.rewrite.rules import charms, sheet_inputs, stunts, values
from battlewheel.engine.rulesets.rewrite.rules import derived as sheet
from battlewheel.engine.rulesets.rewrite.rules.equipment import Weapon
from battlewheel.engine.rulesets.rewrite.rules.flurry import FlurryPlan, Manoeuvre, plan_flurry
from battlewheel.engine.rulesets.rewrite.sentences.narration import outcome_sentence
from battlewheel.engine.rulesets.rewrite.sentences.wording import penalty_text
from battlewheel.engine.rulesets.rewrite.state import Combat, Combatant

DECLARE_RULE = "000 §All Acting Characters Declare Flurries"
ROLL_RULE = "000 §Attack Roll"
ORDER_RULE = "000 §Attack Resolution"
DEFENCE_RULE = "000 §Apply Defences"
NATURAL_RULE = "000 §Weapons (tag N)"
STUNT_RULE = "000 §Attack Resolution"
HELPLESS_RULE = "000 §Applying Effects"


@dataclass(frozen=True)
class DeclaredFlurry:
    """A flurry as declared this tick: the checked plan and each manoeuvre's target."""

    combatant: str
    plan: FlurryPlan
    declared: tuple[DeclaredManoeuvre, ...]

    def attack_indexes(self) -> tuple[int, ...]:
        """Indexes of the attack manoeuvres, in the order they resolve."""
        return tuple(i for i, m in enumerate(self.declared) if m.kind == "attack")


@dataclass(frozen=True)
class ResolvedAttack:
    """One attack of the tick and its outcome, kept until the effects are applied."""

    attacker: str
    index: int
    defender: str
    outcome: rules.AttackOutcome
    close: bool
    counterattack: bool = False
    # The stunts in force on this attack (000 §Attack Resolution: rolled once a flurry):
    # the attacker's rating and successes, the defender's rating.
    stunt: int = 0
    stunt_successes: int = 0
    defence_stunt: int = 0

    @property
    def reached(self) -> bool:
        """Whether the attack reached its defender (not aborted at a Blocker, 000 §Block)."""
        return self.outcome.failure != block.BLOCKED


def declare_flurry(state: Combat, action: DeclareFlurry) -> list[Event]:
    """Step 3: check and record an acting character's flurry (000 §Manoeuvres)."""
    require_started(state, "declaring a flurry")
    who = combatant(state, action.combatant)
    if who.id not in state.acting_ids():
        raise IllegalAction(DECLARE_RULE, f"{who.name} is not acting this tick")
    if who.cannot_act:
        raise IllegalAction(HELPLESS_RULE, f"{who.name} is Incapacitated and cannot act")
    if who.id in state.tick.flurries:
        raise IllegalAction(DECLARE_RULE, f"{who.name} has already declared a flurry this tick")
    manoeuvres = tuple(_manoeuvre(state, who, m) for m in action.manoeuvres)
    plan = _planned(
        manoeuvres,
        action.magical,
        who.character.essence,
        state.options.multiple_action_first_penalty,
        any(m.tower_shield for m in action.manoeuvres),
    )
    if plan.speed < 1:
        raise IllegalAction("000 §Move Counters", "a flurry's Speed must be at least 1")
    state.tick.flurries[who.id] = DeclaredFlurry(who.id, plan, action.manoeuvres)
    changes: dict[str, object] = {"dash": True} if plan.extra_yards_per_tick else {}
    for m in action.manoeuvres:
        if m.kind == "block":
            changes.update(blocking=m.target, block_cover=plan.block_cover_bonus)
    if changes:
        state.combatants[who.id] = who.replace(**changes)
    if any(m.kind == "raise_alarm" for m in action.manoeuvres):
        state.tick.alarms.append((who.id, ()))
    text = f"{action.sentence(state.name)} Speed {plan.speed}, {penalty_text(plan.dv_penalty)}."
    return [Event("flurry_declared", who.id, text)]


@lru_cache(maxsize=1024)
def _planned(manoeuvres: tuple[Manoeuvre, ...], magical: bool, essence: int,
             first_penalty: str, tower_shield: bool) -> FlurryPlan:
    """``plan_flurry`` of these (frozen) manoeuvres, kept: the same few flurries are
    declared again and again in a fight (a refusal is not kept, and is raised anew)."""
    return plan_flurry(manoeuvres, magical=magical, essence=essence,
                       first_penalty=first_penalty, tower_shield=tower_shield)


def inactive_if_helpless(state: Combat) -> list[Event]:
    """Acting characters who cannot act are Inactive without declaring (000 §Applying Effects).

    Their counters move on by Inactive's Speed when the tick's effects are applied.
    """
    events = []
    for cid in state.acting_ids():
        who = state.combatants[cid]
        if cid in state.tick.flurries or not who.cannot_act:
            continue
        inactive = DeclaredManoeuvre("inactive", label="cannot act")
        plan = plan_flurry((Manoeuvre("inactive", label=inactive.label),))
        state.tick.flurries[cid] = DeclaredFlurry(cid, plan, (inactive,))
        why = "unconscious" if who.health.unconscious else "critical"
        text = f"{who.name} is {why} and cannot act: Inactive, Speed {plan.speed}."
        events.append(Event("flurry_declared", cid, text))
    return events


def _manoeuvre(state: Combat, who: Combatant, declared: DeclaredManoeuvre) -> Manoeuvre:
    if declared.tower_shield and declared.kind != "block":
        raise IllegalAction(DECLARE_RULE, "only a Block is declared with a tower shield")
    if declared.kind == "block":
        _check_block(state, who, declared)
    elif declared.kind != "attack" and declared.target is not None:
        raise IllegalAction(DECLARE_RULE, "only an attack or a Block names a target")
    if declared.kind != "attack":
        if declared.weapon is not None:
            raise IllegalAction(DECLARE_RULE, "only an attack names a weapon")
        return Manoeuvre(
            declared.kind,
            speed=declared.speed,
            dv_penalty=declared.dv_penalty,
            dice_action=declared.dice_action,
            simple=declared.simple,
            label=declared.label,
        )
    if declared.target is None:
        raise IllegalAction(ORDER_RULE, "an attack needs a target")
    target = combatant(state, declared.target)
    if target.id == who.id:
        raise IllegalAction(ORDER_RULE, f"{who.name} cannot attack themselves")
    _require_aware(state, who, target)
    weapon = weapon_named(who, declared.weapon)
    return Manoeuvre.attack(weapon, off_hand=declared.off_hand, label=declared.label)


def _check_block(state: Combat, who: Combatant, declared: DeclaredManoeuvre) -> None:
    """A Block defends another combatant, or (no target) an item or place (000 §Block)."""
    if declared.target is None:
        return
    ward = combatant(state, declared.target)
    if ward.id == who.id:
        raise IllegalAction(block.BLOCK_RULE, f"{who.name} cannot block for themselves")


def _require_aware(state: Combat, attacker: Combatant, target: Combatant) -> None:
    if not state.is_aware(attacker.id, target.id):
        raise IllegalAction(ROLL_RULE, f"{attacker.name} is not Aware of {target.name}")


def weapon_named(who: Combatant, name: str | None) -> Weapon:
    """The weapon the character carries (or a brawl weapon) by name, case-insensitive."""
    ready = sheet.ready_weapons(who.character)
    for weapon in ready:
        if name is not None and weapon.name.casefold() == name.casefold():
            return weapon
    names = ", ".join(w.name for w in ready)
    raise IllegalAction(ORDER_RULE, f"{who.name} has no weapon {name!r}; ready: {names}")


def resolve_attack(state: Combat, action: ResolveAttack) -> list[Event]:
    """Step 5: one attack through steps 1-8, in declared order (000 §Attack Resolution).

    A Block around the target comes first: the roll to get past it in close combat,
    its cover against a missile (000 §Block).
    """
    require_started(state, "resolving an attack")
    plan = _next_attack(state, action)
    attacker, weapon = plan.attacker, plan.weapon
    _require_aware(state, attacker, plan.defender)
    ward = block.ward_for(state, plan.defender, weapon, action.block)
    events: list[Event] = []
    defender = _get_past(state, plan, ward, action, events) if ward.melee else plan.defender
    if defender is None:
        return events
    action = with_flurry_stunts(state, action, defender)
    declaration, defence = _declarations(state, plan, defender, action, ward.missile_cover)
    dice = rules.AttackDice(action.attack, action.reroll, action.virtue, action.charm_defence)
    outcome = _outcome(state, declaration, defence, defender, dice)
    struck = defender
    if defence.cover and outcome.failure == "missed":
        # A missile only the cover stopped strikes a Blocker, at the excess it had.
        bare = replace(defence, cover=0, adamant_skin=False)
        if _outcome(state, declaration, bare, defender, dice).hit:
            struck = ward.blocker(state, action.block.blocker)
            outcome = _outcome(state, declaration, bare, struck, dice)
            text = f"The cover stops the shot at {defender.name}; it strikes {struck.name}."
            events.append(Event("block_cover", struck.id, text))
    charge_attacker(state, attacker, weapon, action)
    charge_defender(state, defender, weapon, action)
    state.tick.attacks.append(
        ResolvedAttack(attacker.id, action.index, struck.id, outcome, weapon.close,
                       stunt=action.stunt, stunt_successes=declaration.stunt_successes,
                       defence_stunt=action.defence.stunt)
    )
    text = outcome_text(state, attacker.id, struck.id, outcome, action.defence)
    events.append(Event("attack_resolved", attacker.id, text))
    return events


@dataclass(frozen=True)
class _NextAttack:
    """The next attack of a flurry as declared: who strikes whom, with what penalty."""

    attacker: Combatant
    defender: Combatant
    weapon: Weapon
    penalty: int
    off_hand: bool


def _next_attack(state: Combat, action: ResolveAttack) -> _NextAttack:
    """The attack ``action`` resolves, refused unless it is the flurry's next one."""
    flurry = _flurry_of(state, action.attacker)
    _require_next_attack(state, action)
    declared = flurry.declared[action.index]
    weapon = flurry.plan.manoeuvres[action.index].weapon
    assert weapon is not None
    return _NextAttack(
        state.combatants[action.attacker],
        combatant(state, declared.target or ""),
        weapon,
        flurry.plan.action_penalties[action.index] or 0,
        declared.off_hand,
    )


def _declarations(
    state: Combat, plan: _NextAttack, defender: Combatant, action: ResolveAttack, cover: int
) -> tuple[rules.AttackDeclaration, rules.DefenceDeclaration]:
    """Steps 1 and 2 of the attack on ``defender`` (000 §Declaration of Attack)."""
    declaration = attack_declaration(
        plan.attacker,
        plan.weapon,
        action,
        penalty=plan.penalty,
        off_hand=plan.off_hand,
        essence_floor=state.options.essence_floor,
    )
    defence = defence_declaration(
        state,
        defender,
        action,
        plan.weapon,
        onslaught=state.onslaught(plan.attacker.id, defender.id),
        surprise=state.margin_of_surprise(defender.id, plan.attacker.id),
        cover=cover,
    )
    return declaration, defence


def _get_past(
    state: Combat,
    plan: _NextAttack,
    ward: block.Ward,
    action: ResolveAttack,
    events: list[Event],
) -> Combatant | None:
    """Roll past the Blocker: the defender struck, or None when aborted (000 §Block)."""
    passage = block.get_past(state, plan.attacker, ward, action.block)
    events.append(block.passage_event(state, plan.attacker, passage, action.block.retarget))
    if passage.passed:
        return plan.defender
    if action.block.retarget:
        _require_aware(state, plan.attacker, passage.blocker)
        return passage.blocker
    outcome = block.aborted(plan.weapon, passage.blocker)
    action = with_flurry_stunts(state, action, None)
    state.tick.attacks.append(
        ResolvedAttack(plan.attacker.id, action.index, plan.defender.id, outcome, plan.weapon.close,
                       stunt=action.stunt, stunt_successes=_stunt_successes(plan.attacker, action))
    )
    return None


def _outcome(
    state: Combat,
    declaration: rules.AttackDeclaration,
    defence: rules.DefenceDeclaration,
    struck: Combatant,
    dice: rules.AttackDice,
) -> rules.AttackOutcome:
    """Steps 1-8 against ``struck``'s static defences."""
    weapon = declaration.weapon
    target = sheet_inputs.target_for(
        struck.character, weapon.damage_type, piercing=weapon.piercing
    )
    return rules.resolve_attack(
        declaration,
        defence,
        target,
        dice,
        divided_by_three=state.options.damage_levels_divided_by_three,
    )


def _earlier_of_flurry(state: Combat, attacker: str) -> list[ResolvedAttack]:
    return [a for a in state.tick.attacks if a.attacker == attacker and not a.counterattack]


def flurry_stunt(state: Combat, attacker: str) -> ResolvedAttack | None:
    """The flurry's first resolved attack, which carries the stunt rolled for the whole
    flurry (000 §Attack Resolution); None before it."""
    earlier = _earlier_of_flurry(state, attacker)
    return earlier[0] if earlier else None


def with_flurry_stunts(state: Combat, action: ResolveAttack,
                       defender: Combatant | None) -> ResolveAttack:
    """A later attack of a flurry with the stunts described before its first: the
    attacker's successes added again, the defender's stunt on the DV again (000 §Attack
    Resolution). A second stunt roll, or another rating, is refused."""
    first = flurry_stunt(state, action.attacker)
    if first is not None:
        if action.stunt_dice is not None or action.stunt not in (0, first.stunt):
            raise IllegalAction(
                STUNT_RULE,
                f"{state.name(action.attacker)}'s stunt is rolled once for the whole flurry, "
                f"with its first attack ({first.stunt} dice, {first.stunt_successes} "
                "successes, added to this attack too): give no stunt roll here",
            )
        entry = DiceEntry.of_successes(first.stunt_successes) if first.stunt else None
        action = replace(action, stunt=first.stunt, stunt_dice=entry)
    if defender is None:
        return action
    met = [a for a in _earlier_of_flurry(state, action.attacker)
           if a.defender == defender.id and a.reached]
    if met:
        rating = met[0].defence_stunt
        if action.defence.stunt not in (0, rating):
            raise IllegalAction(
                STUNT_RULE,
                f"{defender.name}'s stunt against this flurry was described before its first "
                f"attack (rating {rating}) and counts on each of them",
            )
        action = replace(action, defence=replace(action.defence, stunt=rating))
    return action


def _stunt_successes(attacker: Combatant, action: ResolveAttack) -> int:
    dice = stunts.stunt_dice(action.stunt, attacker.character.kind)
    return rules.roll_entry(dice, action.stunt_dice).rolled_successes


@dataclass(frozen=True)
class AttackPreview:
    """What resolving an attack will need, before any die is rolled (000 §Attack Roll).

    ``dice`` maps each roll of the attack (``attack``, ``stunt``, ``reroll``,
    ``virtue``, ``charm_defence``, and ``block`` when a Blocker must be got past) to
    its number of dice; ``double_tens`` whether a 10 counts twice on the attack roll.
    ``dv`` is the defender's chosen DV as it stands, with any Block's missile cover.
    """

    attacker: str
    defender: str
    weapon: str
    dice: dict[str, int]
    double_tens: bool
    dv: int
    onslaught: int
    surprise: int


def preview_attack(state: Combat, action: ResolveAttack) -> AttackPreview:
    """The pools and DV of the next attack, for a "roll for me" button or the odds dock.

    Dice entries in ``action`` are ignored; an attack that may not be resolved now is
    refused the same way ``resolve_attack`` would refuse it.
    """
    plan = _next_attack(state, action)
    attacker, defender, weapon = plan.attacker, plan.defender, plan.weapon
    ward = block.ward_for(state, defender, weapon, action.block)
    unstunted = replace(action, stunt_dice=None, stunt=0)
    declaration, defence = _declarations(state, plan, defender, unstunted, ward.missile_cover)
    _, pool, _ = rules.attack_pool(declaration)
    sizes = {
        "attack": 0 if action.charms.all_dice_succeed else max(pool, 0),
        "stunt": 0 if flurry_stunt(state, attacker.id) is not None  # rolled with the first
        else stunts.stunt_dice(action.stunt, attacker.character.kind),
        "reroll": max(pool, 0) if action.charms.reroll else 0,
        "virtue": action.defence.virtue_dice,
        "charm_defence": action.defence.charm_dice,
    }
    if ward.melee:
        _, movement = block.movement_plan(state, attacker, ward, action.block)
        sizes["block"] = max(movement.pool, 0)
    return AttackPreview(
        attacker.id,
        defender.id,
        weapon.name,
        sizes,
        declaration.attacker.double_tens,
        defence.dv - defence.dv_penalty + defence.cover,
        defence.onslaught,
        defence.surprise,
    )


def _flurry_of(state: Combat, cid: str) -> DeclaredFlurry:
    combatant(state, cid)
    flurry = state.tick.flurries.get(cid)
    if not isinstance(flurry, DeclaredFlurry):
        raise IllegalAction(ORDER_RULE, f"{state.name(cid)} has declared no flurry this tick")
    return flurry


def _require_next_attack(state: Combat, action: ResolveAttack) -> None:
    pending = [index for cid, index in state.pending_attacks() if cid == action.attacker]
    if not pending:
        raise IllegalAction(ORDER_RULE, f"{state.name(action.attacker)} has no attack left")
    if action.index != pending[0]:
        raise IllegalAction(
            ORDER_RULE,
            f"attacks resolve in declared order; next is manoeuvre {pending[0] + 1}",
        )


def attack_declaration(
    attacker: Combatant,
    weapon: Weapon,
    action: AnyAttack,
    *,
    penalty: int,
    off_hand: bool,
    essence_floor: str = "floor",
) -> rules.AttackDeclaration:
    """Step 1 for the attack rules, from the action and the sheet (000 §Declaration of Attack)."""
    kind = attacker.character.kind
    stunt_dice = stunts.stunt_dice(action.stunt, kind)
    stunt_hits = rules.roll_entry(stunt_dice, action.stunt_dice).rolled_successes
    c = action.charms
    return rules.AttackDeclaration(
        attacker=_with_gm_dice(
            sheet_inputs.attacker_for(
                attacker.character,
                weapon,
                wound_penalty=attacker.wound_penalty,
                specialty=action.specialty,
                essence_floor=essence_floor,
                condition_dice=dice_modifier(attacker.conditions),
            ),
            action,
        ),
        weapon=weapon,
        multiple_action_penalty=penalty,
        off_hand=off_hand,
        stunt_successes=stunt_hits,
        willpower=action.willpower,
        charm_dice=c.charm_dice,
        charm_successes=c.charm_successes,
        reroll=c.reroll,
        target_number=c.target_number,
        all_dice_succeed=c.all_dice_succeed,
        battle_maiden=c.battle_maiden,
        charm_levels=c.charm_levels,
        charm_damage_dice=c.charm_damage_dice,
        post_soak_dice=c.post_soak_dice,
        post_soak_levels=c.post_soak_levels,
        external_penalty=action.external_penalty,
        inapplicable_dvs=frozenset(c.inapplicable_dvs),
        ignores_natural_soak=c.ignores_natural_soak,
        unexpected=c.unexpected,
    )


def _with_gm_dice(traits: rules.Attacker, action: AnyAttack) -> rules.Attacker:
    """Add the GM's non-magical bonus and penalty dice (004 §Order of Modifiers, step 1-2)."""
    if action.bonus_dice < 0 or action.penalty_dice < 0:
        raise IllegalAction(ROLL_RULE, "bonus and penalty dice must be 0 or more")
    if not (action.bonus_dice or action.penalty_dice):
        return traits  # none given (the usual case): the sheet's traits as they are
    return replace(
        traits,
        bonus_dice=traits.bonus_dice + action.bonus_dice,
        penalty_dice=traits.penalty_dice + action.penalty_dice,
    )


def defence_declaration(
    state: Combat,
    defender: Combatant,
    action: AnyAttack,
    weapon: Weapon,
    *,
    onslaught: int,
    surprise: int,
    cover: int = 0,
) -> rules.DefenceDeclaration:
    """Step 2 as the attack rules take it (000 §Declaration of Defence); ``weapon`` is
    the attacker's, whose damage type decides which Parry DVs need a stunt."""
    chosen = action.defence
    dvs = values.standing_dvs(defender, wound_penalty_on_dv=state.options.wound_penalty_on_dv)
    if chosen.dv not in dvs:
        raise IllegalAction(
            DEFENCE_RULE, f"{defender.name} has no DV {chosen.dv!r}; has {', '.join(dvs)}"
        )
    if chosen.dv not in values.dvs_offered(defender, dvs, weapon.damage_type,
                                           stunted=chosen.stunt > 0):
        raise IllegalAction(
            NATURAL_RULE,
            f"{defender.name}'s {chosen.dv.partition(':')[2]} is a bashing natural weapon: "
            f"it parries {weapon.name}'s {weapon.damage_type.word} damage only "
            "with a stunt",
        )
    return rules.DefenceDeclaration(
        dv_name=chosen.dv,
        dv=dvs[chosen.dv],
        dv_kind=rules.dv_kind(chosen.dv),
        dv_penalty=defender.dv_penalty,
        stunt_bonus=stunts.stunt_dv_bonus(chosen.stunt, defender.character.kind),
        virtue_dice=chosen.virtue_dice,
        charm_dice=chosen.charm_dice,
        charm_dv_bonus=chosen.charm_dv_bonus,
        onslaught=onslaught,
        surprise=surprise,
        perfect_defence=chosen.perfect_defence,
        adamant_skin=chosen.adamant_skin,
        dv_cap=values.dv_cap(defender, chosen.dv),
        charm_points_per_success=charms.first_excellency_dv_points(),
        cover=cover,
    )


def outcome_text(
    state: Combat, attacker: str, target: str, outcome: rules.AttackOutcome, defence: Defence
) -> str:
    """A sentence for the log: what the attack did to ``target``."""
    charm = defence.perfect_defence or ("adamant_skin_technique" if defence.adamant_skin else None)
    return outcome_sentence(state.name(attacker), state.name(target), outcome, charm=charm)


def award_stunt(state: Combat, action: AwardStunt) -> list[Event]:
    """Keep the best stunt reward of the action, granted when the DV refreshes (004 §Stunts)."""
    require_running(state)
    who = combatant(state, action.combatant)
    reward = stunts.stunt_reward(action.rating, who.character.kind, choice=action.reward)
    best = stunts.best_reward((who.stunt_reward, reward))
    state.combatants[who.id] = who.replace(stunt_reward=best)
    return [Event("stunt_awarded", who.id, action.sentence(state.name))]
