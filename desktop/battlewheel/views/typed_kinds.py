"""The Kind the GM typed for a roster character, on the sheet header of whoever fights as them.

A ruleset's sheet says what its rules know ("NPC", "exalt", "Solar"); the GM's own word
("bandit", "Dragon-Blooded hunter") is the roster's (``Identity.kind``). A fighter is
that roster character when it joined as them (the joining term ``roster``) or carries
their name, numbered or not (a quick add's "Bandit 2" is the roster's "Bandit").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from battlewheel.engine.core.actions import AddCombatant
from battlewheel.engine.core.lasting import ROSTER_TERM
from battlewheel.views.quick_add import stem

Kinds = Callable[[str], str]
"""A roster name -> the Kind the GM typed for them ("" for no such character or none typed)."""


def no_kinds(_name: str) -> str:
    """A window without a campaign: nobody's Kind was typed."""
    return ""


def roster_names(log: Any) -> dict[str, str]:
    """Combatant id -> the roster character they joined as (the last join of each id)."""
    names: dict[str, str] = {}
    for entry in log:
        action = entry.action
        if isinstance(action, AddCombatant):
            roster = action.joining.get(ROSTER_TERM, "")
            names[action.id] = roster if isinstance(roster, str) else ""
    return names


def typed_kind(kinds: Kinds, roster: str, name: str) -> str:
    """The GM's Kind for a fighter: their roster character's, else the one they are named
    after (the name itself, then without its number)."""
    for candidate in (roster, name, stem(name)):
        if candidate:
            kind = kinds(candidate).strip()
            if kind:
                return kind
    return ""


def header_kind(typed: str, system: str) -> str:
    """The sheet header's kind: the GM's word first, the rules' word after it when it says
    something more ("bandit (NPC)"; a typed "Solar" over 2e's "Solar" is said once)."""
    if not typed:
        return system
    if not system or system.casefold() in typed.casefold():
        return typed
    return f"{typed} ({system})"
