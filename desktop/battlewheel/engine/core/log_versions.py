"""The combat log's versions, and the steps that bring an older log's entries up to date.

A log names its version; one that names none is of the first. Reading a log of an
earlier version runs each of its entries through the steps from that version to this
one (``STEPS[n]`` turns an entry of version n into one of version n + 1) before the
entry is decoded, so every log ever written replays as it did.

Version 1: each ruleset wrote its own ``add_combatant``, its terms beside the id and
the side (3e's ``zone`` and ``unready``, Impulse's ``band`` and ``reserve``, Pool &
Ward's stat block as ``block`` and its ``player``, ``health``, ``vigor`` and ``ward``),
and Pool & Ward ended a fight with ``end_fight``. Version 2: one ``add_combatant`` for
every ruleset, its stat block as ``character`` and the ruleset's terms in ``joining``,
and one ``end_combat``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

LOG_VERSION = 2
"""The version this program writes."""

FIRST_VERSION = 1
"""The version of a log that names none (written before logs had versions)."""

SHARED_JOINING_KEYS = frozenset({"kind", "id", "character", "side"})

Step = Callable[[Any, str], Any]


def entry_v1_to_v2(entry: Any, ruleset: str) -> Any:
    """A version 1 entry as version 2: a joining's own terms under ``joining``, Pool &
    Ward's block as ``character`` and its ``end_fight`` as ``end_combat``."""
    if not isinstance(entry, dict):
        return entry  # the strict reader refuses it, naming the entry
    kind = entry.get("kind")
    if kind == "end_fight" and ruleset == "pool-and-ward":
        return {**entry, "kind": "end_combat"}
    if kind != "add_combatant":
        return entry
    moved = dict(entry)
    if "block" in moved and "character" not in moved:
        moved["character"] = moved.pop("block")
    terms = {key: moved.pop(key) for key in list(moved) if key not in SHARED_JOINING_KEYS}
    if terms:
        moved["joining"] = terms
    return moved


STEPS: dict[int, Step] = {1: entry_v1_to_v2}


def upgraded_entry(entry: Any, version: int, ruleset: str) -> Any:
    """One log entry of ``version`` as this program's version has it."""
    for step in range(version, LOG_VERSION):
        entry = STEPS[step](entry, ruleset)
    return entry
