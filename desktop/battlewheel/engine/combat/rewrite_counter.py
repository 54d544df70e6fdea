"""2e Rewrite attack step 9: counterattacks granted by charms (000 §Counterattacks)."""

from __future__ import annotations

from battlewheel.engine.combat import attack as rules
from battlewheel.engine.combat import sheet_builders
from battlewheel.engine.combat.actions_attack import ResolveCounterattack
from battlewheel.engine.combat.common import combatant, require_started
from battlewheel.engine.combat.events import Event
from battlewheel.engine.combat.rewrite_costs import charge_attacker, charge_defender
from battlewheel.engine.combat.rewrite_flurry import (
    ResolvedAttack,
    attack_declaration,
    defence_declaration,
    outcome_text,
    weapon_named,
)
from battlewheel.engine.combat.state import Combat
from battlewheel.engine.errors import IllegalAction

COUNTER_RULE = "000 §Counterattacks"


def resolve_counterattack(state: Combat, action: ResolveCounterattack) -> list[Event]:
    """Steps 1-8 of a new attack at someone who attacked this tick (000 §Counterattacks).

    It belongs to no flurry, so it takes no multiple-action penalty and counts for
    no onslaught; its damage is applied with the tick's effects, as a group of its own.
    """
    require_started(state, "a counterattack")
    attacker = combatant(state, action.attacker)
    target = combatant(state, action.target)
    if not any(
        a.attacker == target.id and a.defender == attacker.id and not a.counterattack and a.reached
        for a in state.tick.attacks
    ):
        raise IllegalAction(
            COUNTER_RULE, f"{target.name} has not attacked {attacker.name} this tick"
        )
    if not state.is_aware(attacker.id, target.id):
        raise IllegalAction("000 §Attack Roll", f"{attacker.name} is not Aware of {target.name}")
    weapon = weapon_named(attacker, action.weapon)
    declaration = attack_declaration(attacker, weapon, action, penalty=0, off_hand=False)
    defence = defence_declaration(
        state,
        target,
        action,
        onslaught=0,
        surprise=state.margin_of_surprise(target.id, attacker.id),
    )
    outcome = rules.resolve_counterattack(
        declaration,
        defence,
        sheet_builders.target_for(target.character, weapon.damage_type, piercing=weapon.piercing),
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
