"""The state of one Impulse fight: fighters, range bands per pair, the round and its order.

Only handlers change an ``ImpulseCombat``, on a clone the session keeps when the action
is allowed. ``Fighter`` values are frozen and replaced whole, so a clone shares them.
A counter key names one action counter: the fighter's id for the first, ``id#2`` and
``id#3`` for an NPC's extra actions (001 §The Combat Round, Balancing Large Groups).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from battlewheel.engine.core.conditions import Condition
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.kept import SameAsLast
from battlewheel.engine.core.records import replaced
from battlewheel.engine.rulesets.impulse.block import ImpulseCharacter
from battlewheel.engine.rulesets.impulse.options import ImpulseOptions
from battlewheel.engine.rulesets.impulse.rules import EXTREME

PHASE_SETUP = "setup"
PHASE_TURN = "turn"
PHASE_ENDED = "ended"


def counter_key(cid: str, index: int) -> str:
    """The key of a fighter's ``index``-th action counter (0 is the fighter's own id)."""
    return cid if index == 0 else f"{cid}#{index + 1}"


def split_key(key: str) -> tuple[str, int]:
    """The fighter id and counter index a counter key names."""
    cid, _, number = key.partition("#")
    if number and not (number.isascii() and number.isdigit()):
        raise IllegalAction("001 §Turn Order", f"{key!r} names no action counter")
    return cid, (int(number) - 1 if number else 0)


@dataclass(frozen=True)
class Status:
    """A timed condition (001 §Stunting, §Movement): who caused it and when it began.

    ``name`` is one of stunned, dashed, disarmed, restrained, cover_lost, defended,
    lockout; ``other`` is the defender for ``defended`` and the one escaped for
    ``lockout``. A stun lasts until the next roll (``until_used``).
    """

    name: str
    source: str
    placed_turn: int
    placed_round: int
    other: str = ""
    until_used: bool = False


@dataclass(frozen=True)
class Hold:
    """A held action: its trigger in words, its counter, the round (001 §Holding Action).

    ``after_turn``: the trigger has come and the holder chose to act after it, so the
    counter acts as soon as the turn in progress ends.
    """

    trigger: str
    key: str
    round: int
    after_turn: bool = False


@dataclass(frozen=True)
class Fighter:
    """One combatant and everything the fight tracks about them.

    ``orders`` are this round's order values, one per action counter;
    ``next_orders`` the values from next round (Change Initiative). ``dv`` and the other
    current values are derived and refreshed after every action.
    """

    id: str
    character: ImpulseCharacter
    side: str
    join_index: int
    orders: tuple[int, ...] = ()
    next_orders: tuple[int, ...] = ()
    impulse: int = 0
    endurance: int = 0
    willpower: int = 0
    motes: int = 0
    ambushed: bool = False
    arrives_round: int = 0
    entry_band: int = 3
    moved: str = ""
    dash_round: int | None = None
    free_used: tuple[str, ...] = ()
    hold: Hold | None = None
    cover: str = "none"
    statuses: tuple[Status, ...] = ()
    drawbacks: tuple[str, ...] = ()
    defeated: bool = False
    dead: bool = False
    fled: bool = False
    limit: int = 0
    strife: int = 0
    dv: int = 0
    evasion: int = 0
    soak: int = 0
    # The GM's conditions (engine/core/conditions.py).
    conditions: tuple[Condition, ...] = ()

    @property
    def name(self) -> str:
        """The character's name."""
        return self.character.name

    @property
    def player(self) -> bool:
        """Whether a player runs this character."""
        return self.character.player

    @property
    def gone(self) -> bool:
        """Out of the fight for good: dead or fled."""
        return self.dead or self.fled

    def has(self, name: str) -> bool:
        """Whether a status of that name is on the fighter."""
        return any(s.name == name for s in self.statuses)

    def status(self, name: str) -> Status | None:
        """The first status of that name, or None."""
        return next((s for s in self.statuses if s.name == name), None)

    def replace(self, **changes: Any) -> Fighter:
        """A copy with some fields changed."""
        return replaced(self, **changes)


@dataclass(frozen=True)
class Paused:
    """The turn a fired hold interrupted: its counter and whether its Simple action was taken."""

    key: str
    simple_done: bool


@dataclass(frozen=True)
class Entry:
    """One place in the round's order: a counter and its order value."""

    key: str
    cid: str
    value: int
    trailing: bool = False


@dataclass(frozen=True)
class Refreshed:
    """The fighters as the last refresh left them, under these rulings, and whom each
    defended fighter's DV reads (``defended_by``): a fighter still the very same object,
    whose defender is too, needs no working out (``rules/derived.py``)."""

    records: Mapping[str, Fighter]
    options: ImpulseOptions
    defended_by: Mapping[str, str]


@dataclass
class ImpulseCombat:
    """The whole state of one Impulse fight.

    ``refreshed`` is bookkeeping of the derived values, not part of the fight: states
    compare without it.
    """

    options: ImpulseOptions = field(default_factory=ImpulseOptions)
    combatants: dict[str, Fighter] = field(default_factory=dict)
    bands: dict[tuple[str, str], int] = field(default_factory=dict)
    round: int = 0
    turn: int = 0
    started: bool = False
    ended: bool = False
    acting_key: str | None = None
    simple_done: bool = False
    paused: Paused | None = None
    done: frozenset[str] = frozenset()
    tie_breaks: tuple[str, ...] = ()
    hazards: tuple[str, ...] = ()
    joined: int = 0
    refreshed: Refreshed | None = field(default=None, compare=False, repr=False)

    @property
    def phase(self) -> str:
        """Set-up, a turn in progress, or ended."""
        if self.ended:
            return PHASE_ENDED
        return PHASE_TURN if self.started else PHASE_SETUP

    def clone(self) -> ImpulseCombat:
        """An independent copy; the frozen values inside are shared."""
        return dataclasses.replace(self, combatants=dict(self.combatants), bands=dict(self.bands))

    def name(self, cid: str) -> str:
        """A fighter's name, or the id when they are not in the fight."""
        who = self.combatants.get(cid)
        return who.name if who else cid

    def band(self, a: str, b: str) -> int:
        """The range band between two fighters (extreme while either is in reserve)."""
        if self.in_reserve(a) or self.in_reserve(b):
            return EXTREME
        return self.bands.get(pair(a, b), EXTREME)

    def set_band(self, a: str, b: str, band: int) -> None:
        """Put two fighters at a band."""
        self.bands[pair(a, b)] = band

    def in_reserve(self, cid: str) -> bool:
        """A reinforcement still spending its round at Extreme (001 §Range Bands)."""
        return self.round < self.combatants[cid].arrives_round

    def hostile(self, a: str, b: str) -> bool:
        """Whether two fighters are on opposite sides."""
        return self.combatants[a].side != self.combatants[b].side

    def acting_id(self) -> str | None:
        """The fighter whose turn it is now."""
        return split_key(self.acting_key)[0] if self.acting_key else None

    def can_act(self, cid: str) -> bool:
        """Still in the fight and on the field."""
        who = self.combatants[cid]
        return not (who.defeated or who.gone or self.in_reserve(cid))

    def order(self) -> tuple[Entry, ...]:
        """This round's order: one entry per counter, highest value first (001 §Turn Order).

        In round 1 the ambushed act after everyone (001 §Ambush Round); ties go by the
        GM's settled order, then the higher Initiative score, then who joined first.
        The window asks it many times after one step; unchanged records answer from the
        last time.
        """
        return _ORDER.get(tuple(self.combatants.values()),
                          (self.round, self.tie_breaks, *self.combatants), self._order)

    def _order(self) -> tuple[Entry, ...]:
        entries = [
            Entry(counter_key(cid, i), cid, value, self.round <= 1 and who.ambushed)
            for cid, who in self.combatants.items()
            if not who.gone and not self.in_reserve(cid)
            for i, value in enumerate(who.orders)
        ]
        return tuple(sorted(entries, key=self._rank))

    def _rank(self, entry: Entry) -> tuple[bool, int, int, int, int, str]:
        who = self.combatants[entry.cid]
        settled = self.tie_breaks.index(entry.key) if entry.key in self.tie_breaks else 999
        return (
            entry.trailing,
            -entry.value,
            settled,
            -who.character.initiative,
            who.join_index,
            entry.key,
        )

    def cursor(self) -> int | None:
        """The place in the order of the turn in progress (or the one a firing hold paused)."""
        keys = [e.key for e in self.order()]
        current = self.paused.key if self.paused else self.acting_key
        return keys.index(current) if current in keys else None


_ORDER: SameAsLast[tuple[Entry, ...]] = SameAsLast()


def pair(a: str, b: str) -> tuple[str, str]:
    """The key of a pair of fighters, in a fixed order."""
    return (a, b) if a < b else (b, a)
