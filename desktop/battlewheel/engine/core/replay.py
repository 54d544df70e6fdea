"""``battlewheel replay LOG.json``: rebuild a combat from its log and print the final state.

The log format is documented in ``docs/combat-log.md``. Reading the file is the command
line's job (``cli.replay_command``, through the one reader of every JSON file); this
module replays the parsed log under whichever ruleset it names, and prints what that
ruleset reports of the final state. A log that cannot be replayed prints which entry
failed and why, on stderr, and the command exits non-zero.
"""

from __future__ import annotations

import json
from typing import TextIO

from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.core.session import CombatSession

EXIT_OK = 0
EXIT_UNREADABLE = 2
EXIT_REFUSED = 3


def replay_document(document: object, name: str, *, out: TextIO, err: TextIO) -> int:
    """Replay a parsed log and print its final state as JSON; returns the exit code."""
    try:
        session = CombatSession.from_json(document)
    except RulesError as error:
        print(f"{name}: {error}", file=err)
        return EXIT_REFUSED
    json.dump(session.ruleset.final_state(session.state), out, indent=2)
    out.write("\n")
    return EXIT_OK
