"""``battlewheel replay LOG.json``: rebuild a combat from its log and print the final state.

The log format is documented in ``docs/combat-log.md``. A log that cannot be read or
replayed prints which entry failed and why, on stderr, and the command exits non-zero.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TextIO

from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.core.session import CombatSession

EXIT_OK = 0
EXIT_UNREADABLE = 2
EXIT_REFUSED = 3


def replay_text(text: str) -> CombatSession:
    """Replay a log given as JSON text; raises ``RulesError`` or ``json.JSONDecodeError``."""
    return CombatSession.from_json(json.loads(text))


def replay_command(path: Path, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Replay the log at ``path`` and print its final state as JSON; returns the exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"{path}: cannot read the log: {error}", file=err)
        return EXIT_UNREADABLE
    try:
        session = replay_text(text)
    except json.JSONDecodeError as error:
        print(f"{path}: not valid JSON: {error}", file=err)
        return EXIT_UNREADABLE
    except RulesError as error:
        print(f"{path}: {error}", file=err)
        return EXIT_REFUSED
    json.dump(session.ruleset.final_state(session.state), out, indent=2)
    out.write("\n")
    return EXIT_OK
