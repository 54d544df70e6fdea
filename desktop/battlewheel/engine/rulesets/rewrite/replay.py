"""What `battlewheel replay` prints of a 2e Rewrite fight: the wheel, health, DVs and pools."""

from __future__ import annotations

from typing import Any

from battlewheel.engine.rulesets.rewrite.state import Combat, Combatant


def final_state(state: Combat) -> dict[str, Any]:
    """The state a replay prints: the tick and each combatant's wheel, health, DVs and pools."""
    return {
        "current_tick": state.current_tick,
        "active_segment": state.active_segment,
        "segment_count": state.segment_count,
        "phase": state.phase,
        "reaction_count": state.reaction_count,
        "combatants": {cid: _combatant(c) for cid, c in state.combatants.items()},
    }


def _combatant(who: Combatant) -> dict[str, Any]:
    return {
        "name": who.name,
        "side": who.side,
        "next_tick": who.next_tick,
        "segment": who.segment,
        "laps_ahead": who.laps_ahead,
        "health": who.health.marks,
        "wound_penalty": who.wound_penalty,
        "incapacitated": who.health.incapacitated,
        "dead": who.health.dead,
        "dvs": dict(who.dvs),
        "dv_penalty": who.dv_penalty,
        "personal_motes": who.personal_motes,
        "peripheral_motes": who.peripheral_motes,
        "willpower": who.willpower,
        "surprise": who.surprise,
        "blocking": who.blocking,
    }
