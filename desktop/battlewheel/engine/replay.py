"""``battlewheel replay LOG.json``: rebuild a combat from its log and print the final state.

The log format is documented in ``docs/combat-log.md``. A log that cannot be read or
replayed prints which entry failed and why, on stderr, and the command exits non-zero.
Reading the file is the command line's job (``cli.replay_command``, through the one
reader of every JSON file); this module replays the parsed log.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from battlewheel.engine.combat.session import CombatSession
from battlewheel.engine.combat.state import Combat, Combatant
from battlewheel.engine.errors import RulesError

EXIT_OK = 0
EXIT_UNREADABLE = 2
EXIT_REFUSED = 3


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


def replay_document(document: object, name: str, *, out: TextIO, err: TextIO) -> int:
    """Replay a parsed log and print its final state as JSON; returns the exit code."""
    try:
        session = CombatSession.from_json(document)
    except RulesError as error:
        print(f"{name}: {error}", file=err)
        return EXIT_REFUSED
    json.dump(final_state(session.state), out, indent=2)
    out.write("\n")
    return EXIT_OK
