"""The state of one combat: combatants, the tick, awareness and the tick in progress.

Only the ruleset's action handlers change a ``Combat``, and they do so on a clone that
replaces the session's state when the action succeeds. Callers read it; ``Combatant``
values are frozen and replaced whole, so a clone shares them safely.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from battlewheel.engine.core.conditions import Condition
from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.core.records import replaced
from battlewheel.engine.rulesets.rewrite.block import Character
from battlewheel.engine.rulesets.rewrite.options import RewriteOptions
from battlewheel.engine.rulesets.rewrite.rules.stunts import StuntReward

# Tick phases, in the order a tick passes through them (000 §Each tick).
PHASE_SETUP = "setup"  # before the wheel is set up
PHASE_DECLARE = "declare"  # step 3: acting characters still to declare flurries
PHASE_RESOLVE = "resolve"  # step 5: declared attacks still to resolve
PHASE_EFFECTS = "effects"  # steps 6-9 still to apply
PHASE_DONE = "done"  # the tick is over; next_tick moves on
PHASE_ENDED = "ended"  # the combat is over

NO_STUNT = StuntReward(0)
TOTALLY = "totally_surprised"
PARTIALLY = "partially_surprised"
UNSURPRISED = "unsurprised"


@dataclass(frozen=True)
class Override:
    """A derived value the GM has set by hand, with the reason shown beside it."""

    field: str
    value: int
    reason: str = ""


@dataclass(frozen=True)
class Combatant:
    """One character in the fight and everything the fight tracks about them.

    ``segment``, ``laps_ahead``, ``surprise``, ``dvs`` and ``wound_penalty`` are derived
    and refreshed by the engine after every action; the rest is the record itself.
    ``blocking`` is whom a Block declared defends until the next action, with the
    ``block_cover`` it gives against missiles (000 §Block). ``conditions`` are the GM's
    (engine/core/conditions.py).
    """

    id: str
    character: Character
    side: str
    health: HealthTrack
    personal_motes: int
    peripheral_motes: int
    willpower: int
    next_tick: int | None = None
    join_battle: int | None = None
    join_botch: bool = False
    dv_penalty: int = 0
    dash: bool = False
    alarmed: bool = False
    stunt_reward: StuntReward = NO_STUNT
    surcharge_paid: bool = False
    blocking: str | None = None
    block_cover: int = 0
    overrides: tuple[Override, ...] = ()
    segment: int | None = None
    laps_ahead: int = 0
    surprise: str = UNSURPRISED
    dvs: Mapping[str, int] = field(default_factory=dict)
    wound_penalty: int = 0
    conditions: tuple[Condition, ...] = ()

    @property
    def name(self) -> str:
        """The character's name, for sentences and lists."""
        return self.character.name

    @property
    def dv_penalty_until(self) -> int | None:
        """The tick the flurry DV penalty ends on: the next action (000 §DVs Refresh)."""
        return self.next_tick if self.dv_penalty else None

    @property
    def cannot_act(self) -> bool:
        """Incapacitated (unconscious or critical) or dead (000 §Applying Effects)."""
        return self.health.incapacitated or self.health.dead

    def override(self, name: str) -> Override | None:
        """The GM's override of one derived value, if any."""
        return next((item for item in self.overrides if item.field == name), None)

    def replace(self, **changes: Any) -> Combatant:
        """A copy with some fields changed."""
        return replaced(self, **changes)


@dataclass
class TickState:
    """What has happened so far in the tick in progress (000 §Each tick).

    ``flurries`` holds each acting combatant's declared flurry; ``attacks`` the
    attacks resolved so far, in order; ``movement`` the yards declared; ``alarms`` the
    alarms raised, which take effect when surprise is reassessed.
    """

    flurries: dict[str, Any] = field(default_factory=dict)
    attacks: list[Any] = field(default_factory=list)
    movement: dict[str, int] = field(default_factory=dict)
    alarms: list[tuple[str | None, tuple[str, ...]]] = field(default_factory=list)
    effects_applied: bool = False

    def clone(self) -> TickState:
        """An independent copy (the values inside are frozen)."""
        return TickState(
            dict(self.flurries),
            list(self.attacks),
            dict(self.movement),
            list(self.alarms),
            self.effects_applied,
        )

    def forget(self, cid: str, *, as_target: bool = False) -> None:
        """Drop a combatant's flurry and attacks from the tick (dragged away, or removed).

        ``as_target`` also drops attacks made on them (they have left the fight).
        """
        self.flurries.pop(cid, None)
        self.movement.pop(cid, None)
        self.attacks = [
            attack
            for attack in self.attacks
            if attack.attacker != cid and not (as_target and attack.defender == cid)
        ]


@dataclass(frozen=True)
class Refreshed:
    """The combatant records as the last refresh left them, and the fight's numbers
    it worked from: a record still the very same object had its derived fields
    worked out then, so the next refresh looks again only at what changed since."""

    records: Mapping[str, Combatant]
    tick: int | None
    segment_count: int
    wound_penalty_on_dv: bool
    # Each combatant's (hostiles it sees, hostiles in all): the inputs of its surprise.
    awareness: Mapping[str, tuple[int, int]]
    # Who was unaware of whom then (``Combat.unaware``): with the sides, what the
    # awareness followed from.
    unaware: Mapping[tuple[str, str], int]


@dataclass
class Combat:
    """The whole state of one fight.

    ``unaware`` maps (observer, hidden character) to the Margin of Surprise; a pair that
    is absent means the observer is Aware. ``concealment`` holds each ambusher's declared
    targets and SDV modifiers until the ambush roll. ``refreshed`` is bookkeeping of the
    derived values (``values.refresh``), not part of the fight: states compare without it.
    """

    options: RewriteOptions = field(default_factory=RewriteOptions)
    combatants: dict[str, Combatant] = field(default_factory=dict)
    current_tick: int | None = None
    reaction_count: int | None = None
    unaware: dict[tuple[str, str], int] = field(default_factory=dict)
    concealment: dict[str, dict[str, int]] = field(default_factory=dict)
    tick: TickState = field(default_factory=TickState)
    started: bool = False
    ended: bool = False
    refreshed: Refreshed | None = field(default=None, compare=False, repr=False)

    @property
    def segment_count(self) -> int:
        """Segments on the wheel (the option ``segment_count``)."""
        return self.options.segment_count

    @property
    def active_segment(self) -> int | None:
        """The segment under the tick counter, or None before the first tick."""
        if self.current_tick is None:
            return None
        return self.current_tick % self.segment_count

    @property
    def phase(self) -> str:
        """Where the tick in progress stands (one of the ``PHASE_*`` names)."""
        if self.ended:
            return PHASE_ENDED
        if not self.started:
            return PHASE_SETUP
        if not self.acting_ids():
            return PHASE_DONE
        if self.awaiting_flurry():
            return PHASE_DECLARE
        if self.pending_attacks():
            return PHASE_RESOLVE
        return PHASE_EFFECTS

    def acting_ids(self) -> tuple[str, ...]:
        """Combatants whose counter is on the current tick: Acting (000 §Move Tick Counter).

        The dead never act: their counters stay where they fell.
        """
        tick = self.current_tick
        if not self.started or tick is None:
            return ()
        # Asked several times an action (the phase, the conditions' clock): a plain list.
        return tuple([cid for cid, c in self.combatants.items()
                      if c.next_tick == tick and not c.health.dead])

    def awaiting_flurry(self) -> tuple[str, ...]:
        """Acting combatants who still have to declare a flurry this tick.

        Those who cannot act are not waited for: they are Inactive of themselves.
        """
        return tuple(
            cid
            for cid in self.acting_ids()
            if cid not in self.tick.flurries and not self.combatants[cid].cannot_act
        )

    def pending_attacks(self) -> tuple[tuple[str, int], ...]:
        """Declared attacks not yet resolved, as (attacker, index in the flurry), in order.

        The order is the order flurries were declared, then each flurry's own order.
        """
        done = {(a.attacker, a.index) for a in self.tick.attacks if not a.counterattack}
        combatants = self.combatants
        # An attack on someone who has left the fight is dropped.
        return tuple([(cid, index) for cid, flurry in self.tick.flurries.items()
                      for index, declared in enumerate(flurry.declared)
                      if declared.kind == "attack" and (cid, index) not in done
                      and declared.target in combatants])

    def onslaught(self, attacker: str, defender: str) -> int:
        """Earlier attacks of this flurry on ``defender`` (000 §Apply Defences).

        An attack aborted at a Blocker never reached the defender and does not count.
        """
        return sum(
            1
            for a in self.tick.attacks
            if a.attacker == attacker
            and a.defender == defender
            and not a.counterattack
            and a.reached
        )

    def awaiting_join_battle(self) -> tuple[str, ...]:
        """Combatants off the wheel who may now roll Join Battle (000 §Reassess Surprise)."""
        if not self.started:
            return ()
        return tuple(
            cid
            for cid, c in self.combatants.items()
            if c.next_tick is None and c.surprise != TOTALLY
        )

    def is_aware(self, observer: str, target: str) -> bool:
        """Whether ``observer`` is Aware of ``target`` (000 §Determine Surprise Results)."""
        return (observer, target) not in self.unaware

    def margin_of_surprise(self, observer: str, target: str) -> int:
        """How far ``target`` is hidden from ``observer``; 0 when aware."""
        return self.unaware.get((observer, target), 0)

    def hostile(self, a: str, b: str) -> bool:
        """Whether two combatants are on opposite sides."""
        return self.combatants[a].side != self.combatants[b].side

    def name(self, cid: str) -> str:
        """A combatant's name, or the id itself if they are not (or no longer) here."""
        combatant = self.combatants.get(cid)
        return combatant.name if combatant else cid

    def clone(self) -> Combat:
        """An independent copy; frozen values inside are shared."""
        return Combat(
            self.options,
            dict(self.combatants),
            self.current_tick,
            self.reaction_count,
            dict(self.unaware),
            {key: dict(value) for key, value in self.concealment.items()},
            self.tick.clone(),
            self.started,
            self.ended,
            self.refreshed,
        )
