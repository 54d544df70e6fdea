"""What an attack costs its attacker and defender in motes and Willpower (000 §Charms).

The costs themselves are the pure rules (``rules.charms``); here they are read off the declared
attack and defence and taken from the pools, or refused when the pools cannot pay.
"""

from __future__ import annotations

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite.actions import ResolveAttack, ResolveCounterattack
from battlewheel.engine.rulesets.rewrite.rules import charms
from battlewheel.engine.rulesets.rewrite.rules import derived as sheet
from battlewheel.engine.rulesets.rewrite.rules.equipment import Weapon
from battlewheel.engine.rulesets.rewrite.state import Combat, Combatant

AnyAttack = ResolveAttack | ResolveCounterattack
MOTE_RULE = "000 §Charms"
WILLPOWER_RULE = "004 §Willpower"


def charge_attacker(state: Combat, attacker: Combatant, weapon: Weapon, action: AnyAttack) -> None:
    """Motes of the Excellencies declared and Willpower for a success (000 §Charms)."""
    c = action.charms
    kind = attacker.character.kind
    cap = sheet.die_cap(
        attacker.character,
        attribute="dexterity",
        ability=weapon.ability,
        specialty=action.specialty,
    ).value
    motes, used = 0, 0
    if c.charm_dice:
        cost = charms.first_excellency(c.charm_dice, kind=kind, cap=cap, cap_used=used)
        motes, used = motes + cost.motes, used + cost.cap_units
    if c.charm_successes:
        cost = charms.second_excellency(c.charm_successes, kind=kind, cap=cap, cap_used=used)
        motes, used = motes + cost.motes, used + cost.cap_units
    if c.reroll:
        trait = charms.third_excellency_trait(
            kind,
            attribute=attacker.character.attribute("dexterity"),
            ability=attacker.character.ability(weapon.ability),
        )
        motes += charms.third_excellency(trait, kind=kind, cap=cap, cap_used=used).motes
    willpower = 1 if action.willpower else 0
    if c.target_number < 7:
        motes += charms.fateful_excellency(kind=kind, target_reduction=7 - c.target_number).motes
    if c.all_dice_succeed:
        cost = charms.fateful_excellency(kind=kind, all_successes=True)
        motes, willpower = motes + cost.motes, willpower + cost.willpower
    charge(state, attacker.id, motes, willpower)


def charge_defender(state: Combat, defender: Combatant, weapon: Weapon, action: AnyAttack) -> None:
    """Motes and Willpower of a perfect defence or Adamant Skin (000 §Perfect Defences)."""
    chosen, c = action.defence, action.charms
    who = state.combatants[defender.id]
    motes = willpower = 0
    if chosen.perfect_defence is not None:
        # The surcharge follows the charm's own DV kind, not the DV the defender chose.
        cost = charms.perfect_defence_cost(
            chosen.perfect_defence,
            inapplicable_dvs=c.inapplicable_dvs,
            unexpected=c.unexpected,
            surcharge_paid=who.surcharge_paid,
        )
        motes, willpower = cost.motes, cost.willpower
    if chosen.adamant_skin:
        cost = charms.adamant_skin_cost(
            unsoakable=c.ignores_natural_soak,
            aggravated=weapon.damage_type.value == "A",
            unexpected=c.unexpected,
            surcharge_paid=who.surcharge_paid or willpower > 0,
        )
        motes, willpower = motes + cost.motes, willpower + cost.willpower
    charge(state, defender.id, motes, willpower)
    if willpower and (chosen.perfect_defence or chosen.adamant_skin):
        state.combatants[defender.id] = state.combatants[defender.id].replace(surcharge_paid=True)


def charge(state: Combat, cid: str, motes: int, willpower: int) -> None:
    """Take motes (personal first, then peripheral) and Willpower, or refuse (000 §Charms)."""
    who = state.combatants[cid]
    if motes > who.personal_motes + who.peripheral_motes:
        have = who.personal_motes + who.peripheral_motes
        raise IllegalAction(MOTE_RULE, f"{who.name} needs {motes} motes and has {have}")
    if willpower > who.willpower:
        raise IllegalAction(
            WILLPOWER_RULE, f"{who.name} needs {willpower} Willpower and has {who.willpower}"
        )
    personal = min(motes, who.personal_motes)
    state.combatants[cid] = who.replace(
        personal_motes=who.personal_motes - personal,
        peripheral_motes=who.peripheral_motes - (motes - personal),
        willpower=who.willpower - willpower,
    )
