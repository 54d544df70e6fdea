"""What ``battlewheel replay`` prints of an Impulse fight."""

from __future__ import annotations

from typing import Any

from battlewheel.engine.rulesets.impulse.rules import BANDS
from battlewheel.engine.rulesets.impulse.state import Fighter, ImpulseCombat


def final_state(state: ImpulseCombat) -> dict[str, Any]:
    """The round, the order, each fighter's pools and marks, and the range bands."""
    return {
        "phase": state.phase,
        "round": state.round,
        "acting": state.acting_key,
        "order": [[e.key, e.value] for e in state.order()],
        "combatants": {cid: _fighter(who) for cid, who in state.combatants.items()},
        "ranges": {f"{a}|{b}": BANDS[band] for (a, b), band in sorted(state.bands.items())},
        "hazards": list(state.hazards),
    }


def _fighter(who: Fighter) -> dict[str, Any]:
    return {
        "name": who.name,
        "side": who.side,
        "player": who.player,
        "impulse": who.impulse,
        "endurance": who.endurance,
        "orders": list(who.orders),
        "next_orders": list(who.next_orders),
        "dv": who.dv,
        "evasion": who.evasion,
        "soak": who.soak,
        "cover": who.cover,
        "statuses": [s.name for s in who.statuses],
        "drawbacks": list(who.drawbacks),
        "hold": who.hold.trigger if who.hold else None,
        "defeated": who.defeated,
        "dead": who.dead,
        "fled": who.fled,
        "limit": who.limit,
        "strife": who.strife,
        "willpower": who.willpower,
    }
