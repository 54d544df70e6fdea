"""Derived values, refreshed after every action: current DV, Evasion and Soak.

DV = typed DV + 2 for partial cover - 1 while dashed; under Defend Other the better of
it and the defender's (or the defender's, by ruling). Evasion and Soak take the armour
class's modifiers on top unless the ruling says they are typed in.
"""

from __future__ import annotations

from battlewheel.engine.core.conditions import defence_modifier
from battlewheel.engine.rulesets.impulse.block import armoured_evasion, armoured_soak
from battlewheel.engine.rulesets.impulse.rules import DASH_DV, cover_dv
from battlewheel.engine.rulesets.impulse.state import Fighter, ImpulseCombat


def own_dv(who: Fighter) -> int:
    """DV with partial cover and a Dash (001 §Situational Defenses, §Dash), never below 0.

    The GM's conditions shift it too.
    """
    dashed = DASH_DV if who.has("dashed") else 0
    shift = defence_modifier(who.conditions)
    return max(0, who.character.dv + cover_dv(who.cover) - dashed + shift)


def defended_dv(state: ImpulseCombat, who: Fighter) -> int:
    """The DV used under Defend Other (001 §Stunting Maneuvers; ruling defend_other_dv)."""
    mine = own_dv(who)
    status = who.status("defended")
    defender = state.combatants.get(status.other) if status else None
    if defender is None:
        return mine
    theirs = own_dv(defender)
    return theirs if state.options.defend_other_dv == "defender" else max(mine, theirs)


def refresh(state: ImpulseCombat) -> None:
    """Recompute every fighter's current DV, Evasion and Soak."""
    modifiers = state.options.table_modifiers
    for cid, who in list(state.combatants.items()):
        values = (defended_dv(state, who), armoured_evasion(who.character, modifiers),
                  armoured_soak(who.character, modifiers))
        # Compared first: a copy of every fighter after every action was a third of the
        # time a forecast's playout took.
        if values != (who.dv, who.evasion, who.soak):
            dv, evasion, soak = values
            state.combatants[cid] = who.replace(dv=dv, evasion=evasion, soak=soak)
