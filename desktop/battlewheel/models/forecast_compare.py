"""Compare systems: the same match-up rebuilt from the roster in every system its fighters
have stat blocks for, each fight at its start, ready for the forecast.

A fighter is matched to the roster character of the same name (case aside); a system is
offered only when every fighter has a block in it. No ruleset is named here: each is
reached through the registry and its ``join_action``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.core.forecast import sides_of
from battlewheel.engine.core.ruleset import Ruleset, get_ruleset, ruleset_names
from battlewheel.engine.core.session import CombatSession


class RosterEntry(Protocol):
    """What a roster character must offer: a name and its block in each system."""

    @property
    def name(self) -> str: ...

    def block(self, ruleset: str) -> Any | None: ...


@dataclass(frozen=True)
class Matchup:
    """One system's version of the fight: its state at the start, or why there is none."""

    ruleset: str
    title: str
    state: Any = None
    missing: str = ""


def fighters_of(ruleset: Ruleset, state: Any) -> list[tuple[str, str, str]]:
    """Each fighter of a fight: id, name and side."""
    names = ruleset.names(state)
    return [(cid, names(cid), side) for cid, side in sides_of(ruleset, state).items()]


def matchups(ruleset: Ruleset, state: Any, roster: Iterable[RosterEntry],
             rulings: Mapping[str, Any] | None = None) -> list[Matchup]:
    """The fight in every registered system with an autopilot, from the roster's blocks
    (what is missing named)."""
    by_name = {entry.name.casefold(): entry for entry in roster}
    fighters = fighters_of(ruleset, state)
    found = []
    for name in ruleset_names():
        system = get_ruleset(name)
        if system.autopilot_module is None:  # a system the forecast cannot play
            continue
        found.append(_matchup(system, fighters, by_name, (rulings or {}).get(name)))
    return found


def _matchup(system: Ruleset, fighters: list[tuple[str, str, str]],
             by_name: Mapping[str, RosterEntry], options: Any) -> Matchup:
    try:
        lacking = [who for _, who, _ in fighters if _block(by_name, who, system) is None]
    except RulesError as error:  # a stat block kept as read that does not read (damaged)
        return Matchup(system.name, system.title, missing=str(error))
    if lacking:
        return Matchup(system.name, system.title,
                       missing="no " + system.title + " block for " + ", ".join(lacking))
    session = CombatSession(system, options if options is not None else system.default_options())
    try:
        for cid, who, side in fighters:
            block = _block(by_name, who, system)
            session.apply(system.join_action(cid, system.named_block(block, who), side))
    except RulesError as error:
        return Matchup(system.name, system.title, missing=str(error))
    return Matchup(system.name, system.title, session.state)


def _block(by_name: Mapping[str, RosterEntry], who: str, system: Ruleset) -> Any | None:
    entry = by_name.get(who.casefold())
    return entry.block(system.name) if entry is not None else None
