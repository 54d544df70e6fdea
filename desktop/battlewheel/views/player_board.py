"""What the players may see of the fight: the player screen's content, as plain values.

The GM's window shows everything; the players' screen (a TV, a second monitor) shows
the wheel, the tick or round, whose turn it is, each player character's track, and for
everyone else only how hurt they look in words. An enemy whose name the GM keeps
hidden is "Enemy 2" on the board and "?2" on its counter, until the GM reveals it.

Everything here reads the ruleset's contract (turn track, acting, vitality), so the
board is the same for every system; nothing here imports Qt, so it is tested without.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.ruleset import Ruleset


@dataclass(frozen=True)
class PlayerRow:
    """One player character: its name, its track as the sheet draws it, and in words."""

    id: str
    name: str
    vitality: c.Vitality


@dataclass(frozen=True)
class EnemyRow:
    """Anyone else: the name the players may see, and how hurt they look in words."""

    id: str
    name: str
    words: str
    hidden: bool


@dataclass(frozen=True)
class Board:
    """The whole player screen: heading, whose turn, the wheel and the two lists."""

    heading: str
    turn: str
    wheel: c.TurnTrack
    players: tuple[PlayerRow, ...]
    enemies: tuple[EnemyRow, ...]


def board(ruleset: Ruleset, state: Any, hidden: Collection[str]) -> Board:
    """The player screen of ``state``; ``hidden`` holds the ids of enemies shown unnamed."""
    wheel = ruleset.turn_track(state)
    ids = list(ruleset.combatants(state))
    vitality = {cid: ruleset.vitality(state, cid) for cid in ids}
    real = {cid: ruleset.sheet(state, cid).name for cid in ids}
    others = [cid for cid in ids if not vitality[cid].player]
    shown = {cid: alias(others.index(cid) + 1) if cid in hidden and cid in others else real[cid]
             for cid in ids}
    players = tuple(PlayerRow(cid, shown[cid], vitality[cid]) for cid in ids
                    if cid not in others)
    enemies = tuple(EnemyRow(cid, shown[cid], vitality[cid].words, shown[cid] != real[cid])
                    for cid in others)
    counters = tuple(_players_counter(counter, real, shown, others) for counter in wheel.counters)
    return Board(heading(wheel), _turn(ruleset.acting(state), shown),
                 dataclasses.replace(wheel, counters=counters), players, enemies)


def heading(wheel: c.TurnTrack) -> str:
    """The wheel's hub words on one line, capitalised ("Tick 7", "Round 2 tick 12")."""
    words = " ".join(wheel.hub.split())
    return words[:1].upper() + words[1:]


def alias(index: int) -> str:
    """The name an unrevealed enemy goes by: its place among the enemies, from 1."""
    return f"Enemy {index}"


def _turn(acting: tuple[str, ...], names: Mapping[str, str]) -> str:
    return ", ".join(names.get(cid, cid) for cid in acting)


def _players_counter(counter: c.Counter, real: Mapping[str, str], shown: Mapping[str, str],
                     others: Collection[str]) -> c.Counter:
    """A counter as the players see it: an enemy's badges, meter and tooltip lines go.

    Enemies keep their place, colour, turn and whether they are down; the wound
    penalties and pools the GM reads stay on the GM's screen, and a hidden enemy's
    name stays there too.
    """
    owner = _owner(counter, real)
    if owner not in others:
        return counter
    hidden = shown.get(owner, counter.name) != real.get(owner, counter.name)
    name = shown[owner] + counter.name[len(real[owner]):] if hidden else counter.name
    initials = "?" + shown[owner].rsplit(" ", 1)[-1] if hidden else counter.initials
    return dataclasses.replace(counter, name=name, initials=initials, badges=(), states=(),
                               details=(), meter=None)


def _owner(counter: c.Counter, real: Mapping[str, str]) -> str:
    """Whose counter this is: a system may give one combatant several (Impulse's
    "Bandit Chief (2)" for a second action), named after the combatant."""
    if counter.id in real:
        return counter.id
    named = [cid for cid, name in real.items() if counter.name.startswith(f"{name} ")]
    return max(named, key=lambda cid: len(real[cid]), default=counter.id)
