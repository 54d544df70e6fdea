"""The state of one Pool & Ward fight: the fighters, the round's order and whose turn it is.

Handlers change a ``Fight`` only on the clone the session hands them; ``Fighter``
values are frozen and replaced whole, so a clone shares them safely. ``flat_footed``
and ``condition`` are derived, refreshed after every action (``refresh``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from battlewheel.engine.core.conditions import Condition
from battlewheel.engine.core.records import replaced
from battlewheel.engine.rulesets.poolward.block import StatBlock
from battlewheel.engine.rulesets.poolward.options import (
    NEGATIVE_PCS_ONLY,
    ZERO_DODGE_FIRST,
    PoolWardOptions,
)
from battlewheel.engine.rulesets.poolward.rules.damage import Tracks

UP, DISABLED, DEAD = "up", "disabled", "dead"
FREE, FAST, MOVE, STANDARD, FULL = "free", "fast", "move", "standard", "full"
SLOTS = (FREE, FAST, MOVE, STANDARD, FULL)
TURN_SLOTS = (FAST, MOVE, STANDARD)


@dataclass(frozen=True)
class Fighter:
    """One combatant and everything the fight tracks about them.

    Per round: ``dodge_losses``, ``parry_used``, ``melee_taken``; per turn: ``used`` (the
    action slots spent) and ``extra`` (slots a power granted). ``gm_flat_footed`` is the
    GM's condition (caught unaware); ``stable`` stops bleeding.
    """

    id: str
    block: StatBlock
    side: str
    player: bool
    health: int
    vigor: int
    ward: int
    backlash_health: int = 0
    backlash_vigor: int = 0
    dodge_losses: int = 0
    parry_used: int = 0
    melee_taken: int = 0
    gm_flat_footed: bool = False
    stable: bool = False
    used: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    flat_footed: bool = False
    condition: str = UP
    # The GM's conditions (engine/core/conditions.py); ``condition`` is the health state.
    conditions: tuple[Condition, ...] = ()

    @property
    def name(self) -> str:
        """The character's name."""
        return self.block.name

    @property
    def tracks(self) -> Tracks:
        """Health, Vigor and Ward as one value for the damage rules."""
        block = self.block
        return Tracks(self.health, block.health_max, self.vigor, block.vigor_max, self.ward,
                      block.ward, self.backlash_health, self.backlash_vigor)

    def with_tracks(self, tracks: Tracks) -> Fighter:
        """A copy with Health, Vigor, Ward and the Backlash tally from ``tracks``."""
        return self.replace(health=tracks.health, vigor=tracks.vigor, ward=tracks.ward,
                            backlash_health=tracks.backlash_health,
                            backlash_vigor=tracks.backlash_vigor)

    @property
    def dodge_now(self) -> int:
        """Dodge left this round (0 when flat-footed)."""
        return 0 if self.flat_footed else max(0, self.block.dodge - self.dodge_losses)

    @property
    def parry_left(self) -> int:
        """Parry uses left this round."""
        return max(0, self.block.parry - self.parry_used)

    @property
    def bleeding(self) -> bool:
        """At 0 Health or below, alive and not stabilised (002 §Damage Tracking)."""
        return self.health <= 0 and self.condition != DEAD and not self.stable

    @property
    def can_act(self) -> bool:
        """Neither disabled nor dead (002 §Damage Tracking)."""
        return self.condition == UP

    def replace(self, **changes: Any) -> Fighter:
        """A copy with some fields changed."""
        return replaced(self, **changes)


def condition_of(fighter: Fighter, options: PoolWardOptions) -> str:
    """Up, disabled at 0 Health, dead at -maximum; NPCs at 0 by the ruling
    ``negative_health_npcs`` (002 §Damage Tracking)."""
    tracks = fighter.tracks
    if tracks.dead:
        return DEAD
    if tracks.disabled:
        npc_dies = options.negative_health_npcs == NEGATIVE_PCS_ONLY and not fighter.player
        return DEAD if npc_dies else DISABLED
    return UP


def is_flat_footed(fighter: Fighter, options: PoolWardOptions) -> bool:
    """Dodge taken to 0 by this round's losses, or the GM's condition (002 §Attack Roll Dice
    Pools; ruling ``zero_dodge_flat_footed`` for a target with no Dodge)."""
    if fighter.gm_flat_footed:
        return True
    dodge = fighter.block.dodge
    if dodge > 0:
        return fighter.dodge_losses >= dodge
    return options.zero_dodge_flat_footed == ZERO_DODGE_FIRST and fighter.dodge_losses > 0


@dataclass(frozen=True)
class Refreshed:
    """The fighters as the last refresh left them, under these rulings: a fighter still
    the very same object needs no working out (``handlers/rounds.py``)."""

    records: Mapping[str, Fighter]
    options: PoolWardOptions


@dataclass
class Fight:
    """The whole state of one fight.

    ``order`` is the round's order; ``base_order`` the order a new round starts from
    (a delay changes both unless the ruling ``delay_keeps_place`` is off); ``done`` who
    has finished a turn this round; ``readied`` each held action's trigger;
    ``interrupting`` a readied fighter acting now; ``order_rolls`` the rolled order's
    successes waiting for the next round; ``turn_of`` whose turn was last begun.
    ``refreshed`` is bookkeeping of the derived values, not part of the fight: states
    compare without it.
    """

    options: PoolWardOptions = field(default_factory=PoolWardOptions)
    fighters: dict[str, Fighter] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    base_order: list[str] = field(default_factory=list)
    round: int = 0
    done: list[str] = field(default_factory=list)
    readied: dict[str, str] = field(default_factory=dict)
    interrupting: str | None = None
    order_rolls: dict[str, int] = field(default_factory=dict)
    turn_of: str | None = None
    started: bool = False
    ended: bool = False
    refreshed: Refreshed | None = field(default=None, compare=False, repr=False)

    @property
    def running(self) -> bool:
        """Started and not over."""
        return self.started and not self.ended

    def actor(self) -> str | None:
        """Whose turn it is: a readied fighter acting now, else the first in the order who
        has not finished, holds no readied action and can act."""
        if not self.running:
            return None
        if self.interrupting is not None:
            return self.interrupting
        return next((cid for cid in self.order if self._waiting(cid)), None)

    def _waiting(self, cid: str) -> bool:
        return cid not in self.done and cid not in self.readied and self.fighters[cid].can_act

    def acting_ids(self) -> tuple[str, ...]:
        """The actor as a tuple (empty between rounds).

        The shared sheet docks still ask the state this (views/sheet_docks.py) instead of
        the ruleset's ``acting``; kept until they do.
        """
        actor = self.actor()
        return () if actor is None else (actor,)

    @property
    def round_over(self) -> bool:
        """The fight runs and nobody is left to act this round."""
        return self.running and self.actor() is None

    def position(self, cid: str) -> int:
        """A fighter's place in the round's order."""
        return self.order.index(cid)

    def name(self, cid: str) -> str:
        """A fighter's name, or the id when they are not (or no longer) here."""
        fighter = self.fighters.get(cid)
        return fighter.name if fighter else cid

    def clone(self) -> Fight:
        """An independent copy; the frozen fighters inside are shared."""
        return Fight(self.options, dict(self.fighters), list(self.order), list(self.base_order),
                     self.round, list(self.done), dict(self.readied), self.interrupting,
                     dict(self.order_rolls), self.turn_of, self.started, self.ended,
                     self.refreshed)
