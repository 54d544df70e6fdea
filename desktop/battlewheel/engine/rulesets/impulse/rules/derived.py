"""Derived values, refreshed after every action: current DV, Evasion and Soak.

DV = typed DV + 2 for partial cover - 1 while dashed; under Defend Other the better of
it and the defender's (or the defender's, by ruling). Evasion and Soak take the armour
class's modifiers on top unless the ruling says they are typed in.
"""

from __future__ import annotations

from collections.abc import Mapping

from battlewheel.engine.core.conditions import defence_modifier
from battlewheel.engine.rulesets.impulse.block import armoured_evasion, armoured_soak
from battlewheel.engine.rulesets.impulse.rules import DASH_DV, cover_dv
from battlewheel.engine.rulesets.impulse.state import Fighter, ImpulseCombat, Refreshed


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
    """Recompute the current DV, Evasion and Soak of each fighter that may have changed.

    They follow from the fighter's own record and the rulings, and under Defend Other
    from the defender's record too; a fighter that is still the very record the last
    refresh left, with its defender's the same, is skipped. The result is the same as
    working out everyone (tests/engine/rulesets/impulse/test_refresh.py).
    """
    known = state.refreshed
    if known is not None and known.options is not state.options:
        known = None  # a ruling changed: everyone is worked out again
    combatants, modifiers = state.combatants, state.options.table_modifiers
    for cid, who in list(combatants.items()):
        if known is not None and _unchanged(combatants, known, cid, who):
            continue
        values = (defended_dv(state, who), armoured_evasion(who.character, modifiers),
                  armoured_soak(who.character, modifiers))
        # Compared first: a copy of every fighter after every action was a third of the
        # time a forecast's playout took.
        if values != (who.dv, who.evasion, who.soak):
            dv, evasion, soak = values
            combatants[cid] = who.replace(dv=dv, evasion=evasion, soak=soak)
    defended_by = {cid: status.other for cid, who in combatants.items()
                   if (status := who.status("defended")) is not None}
    state.refreshed = Refreshed(dict(combatants), state.options, defended_by)


def _unchanged(combatants: Mapping[str, Fighter], known: Refreshed, cid: str,
               who: Fighter) -> bool:
    """Whether ``who`` and the defender its DV reads are the records last refreshed."""
    if known.records.get(cid) is not who:
        return False
    defender = known.defended_by.get(cid)
    return defender is None or combatants.get(defender) is known.records.get(defender)
