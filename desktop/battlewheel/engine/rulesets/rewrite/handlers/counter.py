"""2e Rewrite attack step 9: counterattacks granted by charms (000 §Counterattacks)."""

from __future__ import annotations

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.rewrite.actions import ResolveCounterattack
from battlewheel.engine.rulesets.rewrite.handlers.common import combatant, require_started
from battlewheel.engine.rulesets.rewrite.handlers.costs import charge_attacker, charge_defender
from battlewheel.engine.rulesets.rewrite.handlers.flurry import (
    ResolvedAttack,
    attack_declaration,
    defence_declaration,
    outcome_text,
    weapon_named,
)
from battlewheel.engine.rulesets.rewrite.rules import attack as rules
from battlewheel.engine.rulesets.rewrite.rules import sheet_inputs
from battlewheel.engine.rulesets.rewrite.state import Combat

COUNTER_RULE = "000 §Counterattacks"


def counterattack_openings(state: Combat) -> tuple[tuple[str, str], ...]:
    """Who may counterattack whom this tick: (defender, their attacker) (000 §Counterattacks).

    Counterattack charms act at step 9, which only an attack that has not Failed
    reaches: a miss, or damage stopped by hardness or a perfect defence, skips the
    remaining steps. A counterattack has no step 9 and opens none; an attack aborted at
    a Blocker never reached anyone. In the order the attacks were resolved, each pair once.
    """
    openings: dict[tuple[str, str], None] = {}
    for attack in state.tick.attacks:
        if attack.reached and not attack.outcome.failed and not attack.counterattack:
            openings[(attack.defender, attack.attacker)] = None
    return tuple(openings)


def resolve_counterattack(state: Combat, action: ResolveCounterattack) -> list[Event]:
    """Steps 1-8 of a new attack at someone who attacked this tick (000 §Counterattacks).

    It belongs to no flurry, so it takes no multiple-action penalty and counts for
    no onslaught; its damage is applied with the tick's effects, as a group of its own.
    """
    require_started(state, "a counterattack")
    attacker = combatant(state, action.attacker)
    target = combatant(state, action.target)
    if (attacker.id, target.id) not in counterattack_openings(state):
        raise IllegalAction(
            COUNTER_RULE,
            f"no attack of {target.name} on {attacker.name} reached step 9 this tick "
            "(a miss or a Failed attack skips it)",
        )
    if not state.is_aware(attacker.id, target.id):
        raise IllegalAction("000 §Attack Roll", f"{attacker.name} is not Aware of {target.name}")
    weapon = weapon_named(attacker, action.weapon)
    declaration = attack_declaration(
        attacker, weapon, action, penalty=0, off_hand=False,
        essence_floor=state.options.essence_floor,
    )
    defence = defence_declaration(
        state,
        target,
        action,
        weapon,
        onslaught=0,
        surprise=state.margin_of_surprise(target.id, attacker.id),
    )
    outcome = rules.resolve_counterattack(
        declaration,
        defence,
        sheet_inputs.target_for(target.character, weapon.damage_type, piercing=weapon.piercing),
        rules.AttackDice(action.attack, action.reroll, action.virtue, action.charm_defence),
        divided_by_three=state.options.damage_levels_divided_by_three,
    )
    charge_attacker(state, attacker, weapon, action)
    charge_defender(state, target, weapon, action)
    index = -1 - sum(a.counterattack for a in state.tick.attacks)
    state.tick.attacks.append(
        ResolvedAttack(attacker.id, index, target.id, outcome, weapon.close, counterattack=True)
    )
    text = outcome_text(state, attacker.id, target.id, outcome, action.defence)
    return [Event("attack_resolved", attacker.id, text)]
