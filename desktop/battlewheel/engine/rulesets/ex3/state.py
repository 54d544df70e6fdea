"""The state of one 3e fight: combatants, the round and tick, the turn in progress, pairs.

Only handlers change a ``Combat``, on a clone the session throws away if the action is
refused. ``Combatant``, ``Turn`` and ``Grapple`` are frozen and replaced whole, so a
clone shares them safely (rules/3e.md §1 lists what is tracked).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from battlewheel.engine.core.conditions import Condition
from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.core.records import replaced
from battlewheel.engine.rulesets.ex3.block import Character
from battlewheel.engine.rulesets.ex3.options import Ex3Options

SELF = "self"  # crashed_by for a self-inflicted Crash


WILLPOWER_MOST = 10  # temporary Willpower can rise above the rating, never past 10


def pool_most(block: Character, pool: str) -> int:
    """The most a pool holds: Willpower's rating, or a mote pool less the motes committed
    out of it (peripheral first, then personal)."""
    if pool == "willpower":
        return block.willpower
    from_peripheral = min(block.committed_motes, block.peripheral_motes)
    if pool == "peripheral":
        return block.peripheral_motes - from_peripheral
    return block.personal_motes - (block.committed_motes - from_peripheral)


@dataclass(frozen=True)
class Derived:
    """Values refreshed after every action for the sheet and the wheel."""

    parry: int = 0
    evasion: int = 0
    soak: int = 0
    hardness: int = 0
    wound_penalty: int = 0
    defence_mod: int = 0
    # (other's id, band) for everyone else: kept here so a move that changes one
    # combatant's ranges marks each one whose ranges it changed (the sheets follow).
    ranges: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Distraction:
    """A Distract gambit's gift: X Initiative to keep by attacking ``foe`` next turn."""

    by: str
    foe: str
    amount: int


@dataclass(frozen=True)
class Combatant:
    """One fighter or battle group and everything the fight tracks about it.

    ``crashed_by`` is "" out of Crash, ``SELF`` for a self-inflicted Crash, or who put
    them there; ``left_crash_round`` the round they last rose out of Crash (Break
    lock-out, 003 §Crash). Defence modifiers (onslaught, clash, flurry, actions) last
    until the start of their next turn (003 §Combat Actions).
    """

    id: str
    block: Character
    side: str
    health: HealthTrack
    initiative: int | None = None
    join_result: int | None = None
    acted: bool = False
    delay_tick: int | None = None
    crash_turns: int = 0
    crashed_by: str = ""
    left_crash_round: int | None = None
    onslaught: int = 0
    clash_penalty: bool = False
    flurry_penalty: bool = False
    action_defence: int = 0
    prone: bool = False
    cover: int = 0
    mounted: bool = False
    ready: tuple[str, ...] = ()
    zone: int = 0
    crossing: int | None = None
    aim_target: str = ""
    aim_turns: int = 0
    distraction: Distraction | None = None
    ward: str = ""
    ward_until_round: int | None = None
    simple_spent: bool = False
    answer_flurry: bool = False
    restrained: bool = False
    ground_turns: int = 0
    gone: bool = False
    disengaged_from: tuple[str, ...] = ()
    rushing: str = ""
    withdraw_progress: int = 0
    stealth_check: bool = False
    held_by: str = ""
    held_until_round: int | None = None
    exposed_to: str = ""
    # battle groups (003 §Battle Groups)
    magnitude: int = 0
    size: int = 0
    size_lost: int = 0
    rout_failed: bool = False
    rout_difficulty: int = 0
    routed_by: str = ""
    dissolved: bool = False
    rfn_used: int = 0
    order_bonus: int = 0
    order_active: bool = False
    leader_killed: bool = False
    derived: Derived = field(default_factory=Derived)
    # Motes and Willpower spent (negative: Willpower above the rating), by the GM's hand.
    personal_spent: int = 0
    peripheral_spent: int = 0
    willpower_spent: int = 0
    # The GM's conditions (engine/core/conditions.py).
    conditions: tuple[Condition, ...] = ()

    @property
    def name(self) -> str:
        """The stat block's name."""
        return self.block.name

    @property
    def is_group(self) -> bool:
        """Whether this combatant is a battle group."""
        return self.block.is_group

    @property
    def joined(self) -> bool:
        """Whether it has an Initiative (rolled Join Battle)."""
        return self.initiative is not None

    @property
    def in_crash(self) -> bool:
        """Initiative 0 or lower (003 §Crash); groups never Crash."""
        return self.initiative is not None and self.initiative <= 0 and not self.is_group

    @property
    def out(self) -> bool:
        """Out of the fight: incapacitated, dead, dissolved or gone to ground."""
        if self.is_group:
            return self.dissolved or self.gone
        return self.health.incapacitated or self.health.dead or self.gone

    @property
    def tick(self) -> int | None:
        """The tick it acts on this round: a delay tick, else its Initiative."""
        return self.delay_tick if self.delay_tick is not None else self.initiative

    def pool_left(self, pool: str) -> int:
        """Motes or Willpower left now: the pool's most less what is spent."""
        return pool_most(self.block, pool) - int(getattr(self, f"{pool}_spent"))

    def replace(self, **changes: Any) -> Combatant:
        """A copy with some fields changed."""
        return replaced(self, **changes)


@dataclass(frozen=True)
class Turn:
    """The turn in progress (003 §Combat Actions): what its actor has used so far.

    ``simple`` lists the Simple actions taken; ``flurry`` is set when the first was
    declared as a flurry; ``shift_target`` restricts attacks after a Shift; ``extra``
    counts the further Simple actions the GM has granted (a Charm's) and not yet used.
    """

    actor: str
    simple: tuple[str, ...] = ()
    flurry: bool = False
    movement: bool = False
    moved: bool = False
    aimed: bool = False
    shift_target: str = ""
    attacked: tuple[str, ...] = ()
    grapple_manoeuvre: bool = False
    maintained: bool = False
    shifted: bool = False
    extra: int = 0


@dataclass(frozen=True)
class Grapple:
    """A grapple in force: its target, the control rounds left (003 §Grapple)."""

    target: str
    rounds: int
    engage: bool = False


@dataclass(frozen=True)
class Refreshed:
    """The combatant records as the last refresh left them and what it read around them
    (the rulings, who is in a grapple, where everyone stands): a record still the very
    same object needs working out again only if those changed (``ex3/refresh.py``)."""

    records: Mapping[str, Combatant]
    options: Ex3Options
    grappling: frozenset[str]
    zones: tuple[tuple[str, int], ...]
    close: frozenset[frozenset[str]]
    bands: Mapping[frozenset[str], str]


@dataclass
class Combat:
    """The whole state of one 3e fight.

    ``refreshed`` is bookkeeping of the derived values, not part of the fight: states
    compare without it.
    """

    options: Ex3Options = field(default_factory=Ex3Options)
    combatants: dict[str, Combatant] = field(default_factory=dict)
    round: int = 0
    tick: int | None = None
    started: bool = False
    ended: bool = False
    turn: Turn | None = None
    close: set[frozenset[str]] = field(default_factory=set)
    bands: dict[frozenset[str], str] = field(default_factory=dict)
    rough_zones: frozenset[int] = frozenset()
    concealed: set[tuple[str, str]] = field(default_factory=set)
    grapples: dict[str, Grapple] = field(default_factory=dict)
    dissolved_sides: set[str] = field(default_factory=set)
    last_attacker: dict[str, str] = field(default_factory=dict)
    refreshed: Refreshed | None = field(default=None, compare=False, repr=False)

    @property
    def actor(self) -> str | None:
        """Whose turn it is, if anyone's."""
        return self.turn.actor if self.turn else None

    def name(self, cid: str) -> str:
        """A combatant's name, or the id when it is not (or no longer) here."""
        who = self.combatants.get(cid)
        return who.name if who else cid

    def hostile(self, a: str, b: str) -> bool:
        """Whether two combatants are on opposite sides."""
        return self.combatants[a].side != self.combatants[b].side

    def foes(self, cid: str) -> list[str]:
        """Everyone on the other side still in the fight."""
        return [o for o, c in self.combatants.items() if self.hostile(cid, o) and not c.out]

    def grappled_by(self, cid: str) -> str | None:
        """Who holds ``cid`` in a grapple, if anyone."""
        return next((g for g, grip in self.grapples.items() if grip.target == cid), None)

    def put(self, who: Combatant) -> Combatant:
        """Store a changed combatant and return it."""
        self.combatants[who.id] = who
        return who

    def clone(self) -> Combat:
        """An independent copy; frozen values inside are shared."""
        return Combat(
            self.options, dict(self.combatants), self.round, self.tick, self.started,
            self.ended, self.turn, set(self.close), dict(self.bands), self.rough_zones,
            set(self.concealed), dict(self.grapples), set(self.dissolved_sides),
            dict(self.last_attacker), self.refreshed,
        )
