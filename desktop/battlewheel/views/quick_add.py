"""Quick add: several numbered copies of one roster character, joined as one undo step.

"4 x Hunt spearman" brings Hunt spearman 1 to 4 into the fight through the ruleset's
``join_action``, so every system takes them alike. Numbering goes on after any copy
already fighting (two more spearmen beside 1-4 are 5 and 6), and a roster name that
already ends in a number ("Hunt spearman 1") is numbered from its stem.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from typing import Any

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.ruleset import Ruleset

MOST_COPIES = 30
_NUMBERED = re.compile(r"^(?P<stem>.*?\S)\s+\d+$")


def stem(name: str) -> str:
    """The name without a trailing number ("Hunt spearman 1" → "Hunt spearman")."""
    match = _NUMBERED.match(name.strip())
    return match["stem"] if match else name.strip()


def copy_names(name: str, count: int, fighting: Collection[str]) -> list[str]:
    """``count`` numbered names from ``name``'s stem, after the numbers already fighting."""
    base = stem(name)
    pattern = re.compile(rf"^{re.escape(base)}\s+(\d+)$")
    numbers = [int(m[1]) for m in map(pattern.match, fighting) if m]
    first = max(numbers, default=0) + 1
    return [f"{base} {number}" for number in range(first, first + count)]


def next_free_name(name: str, taken: Collection[str]) -> str:
    """``name`` itself if no one has it, else numbered on from its stem ("Ash Wolf 2").

    Two fighters in one fight, or two roster characters, never share a name: the log,
    the tabs and the target lists would not tell them apart. The number goes on after
    those already taken ("Hunt spearman 1" beside spearmen 1-4 is "Hunt spearman 5"); a
    bare stem counts as the first.
    """
    used = {other.casefold() for other in taken}
    if name.casefold() not in used:
        return name
    base = stem(name)
    pattern = re.compile(rf"^{re.escape(base)}\s+(\d+)$", re.IGNORECASE)
    numbers = [int(m[1]) for m in map(pattern.match, taken) if m]
    return f"{base} {max(numbers, default=1) + 1}"


def copy_actions(ruleset: Ruleset, block: Any, names: Sequence[str], side: str,
                 taken: Collection[str], new_id: Callable[[str, set[str]], str]
                 ) -> list[Action]:
    """The join actions of the numbered copies, each with an id of its own.

    ``new_id(name, taken)`` makes a readable id unique among ``taken`` (the roster
    dock's ``new_combatant_id``).
    """
    ids = set(taken)
    actions = []
    for name in names:
        cid = new_id(name, ids)
        ids.add(cid)
        actions.append(ruleset.join_action(cid, ruleset.named_block(block, name), side))
    return actions


def undo_text(count: int, name: str) -> str:
    """The History line of a quick add: "Add 4 x Hunt spearman" (with a times sign)."""
    return f"Add {count} \u00d7 {stem(name)}"
