"""Where a fight stands for the forecast: over or not, who won, how long it has run, who fell."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from battlewheel.engine.core.contract import SIDES


@dataclass(frozen=True)
class Outcome:
    """A ruleset's verdict on a state: ``over``, the ``winner`` side (None: undecided or
    nobody left), the ``clock`` (rounds, or ticks in 2e), who is ``out`` of the fight, and
    whether ``nobody_standing`` is left on any side (a double knockout, not a stall)."""

    over: bool
    winner: str | None
    clock: int
    out: tuple[str, ...] = ()
    nobody_standing: bool = False


def last_side_standing(sides: Mapping[str, str], standing: Iterable[str], clock: int,
                       ended: bool = False) -> Outcome:
    """The usual verdict: over once at most one side has anyone standing; that side wins.

    ``sides`` maps every combatant to its side; ``standing`` are those still fighting. A
    fight the GM ended is over too, won by the only side standing (if only one is). When
    both sides fielded someone and nobody is left standing, the fight ended in a double
    knockout (``nobody_standing``).
    """
    up = set(standing)
    out = tuple(cid for cid in sides if cid not in up)
    present = {side for cid, side in sides.items() if cid in up and side in SIDES}
    over = ended or len(present) <= 1
    winner = next(iter(present)) if over and len(present) == 1 else None
    fielded = {side for side in sides.values() if side in SIDES}
    return Outcome(over, winner, clock, out, nobody_standing=len(fielded) > 1 and not present)
