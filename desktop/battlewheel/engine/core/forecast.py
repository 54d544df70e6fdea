"""The encounter forecast: a fight played out many times from where it stands, and the odds.

Each ruleset supplies an autopilot (``Ruleset.autopilot_candidates``: the actions it
would take now, best first, with their dice rolled from the random source) and says
when a fight is over (``Ruleset.outcome``). A playout takes the first candidate the
ruleset accepts, over and over, on copies of the state: the GM's combat, its log and
its undo history are never touched. Playout ``i`` of a forecast seeded ``s`` draws
from its own source seeded ``s/i``, so the same seed gives the same result however
the playouts are shared out between worker processes.

Pure: no Qt, no processes (``models/forecast_runner.py`` spreads the work).
"""

from __future__ import annotations

import copy
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import median
from typing import Any, TypeVar

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.contract import ALLY, ENEMY, SIDES
from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.core.outcome import Outcome
from battlewheel.engine.core.playout_mode import playing_out
from battlewheel.engine.core.ruleset import Ruleset

BALANCED, CAUTIOUS, AGGRESSIVE = "balanced", "cautious", "aggressive"
STANCES = (BALANCED, CAUTIOUS, AGGRESSIVE)
DEFAULT_RUNS = 1000
MOST_RUNS = 100_000
# A playout that has not ended after this many actions is a stall (counted as neither
# side winning); real fights end in a few hundred.
MOST_STEPS = 3000
Z95 = 1.959963984540054
STOP_EVERY = 16

__all__ = [
    "STANCES",
    "Forecast",
    "Outcome",
    "Playout",
    "Tactics",
    "first_legal",
    "playout",
    "playout_random",
    "run_playouts",
    "summarise",
    "with_rolls",
]

Tactics = Mapping[str, str]
"""Each side's stance ("balanced" when a side is not named)."""


def stance_of(tactics: Tactics, side: str) -> str:
    """The stance one side plays (balanced unless the GM chose another)."""
    return tactics.get(side, BALANCED)


def check_tactics(tactics: Tactics) -> None:
    """Refuse a side or stance the forecast does not know, naming it."""
    for side, stance in tactics.items():
        if side not in SIDES:
            raise ValueError(f"tactics: side must be one of {', '.join(SIDES)}, not {side!r}")
        if stance not in STANCES:
            raise ValueError(f"tactics: stance must be one of {', '.join(STANCES)}, "
                             f"not {stance!r}")


Made = TypeVar("Made", bound=Action)


def with_rolls(action: Made, **rolls: object) -> Made:
    """``action`` with the rolls an autopilot made put in its fields ``rolls``.

    Every action is checked whole when made (``Storable``), which for an attack with its
    nested defence, charms and dice costs about 0.2 ms: more than the rest of a playout
    step. ``action`` was checked when it was made, and each roll (a ``DiceEntry``, a
    ``GetPast``, a tuple of them) was checked when it was made, so the copy is as
    storable as they are; it still goes through ``Ruleset.apply`` like any other.
    """
    fields = getattr(action, "__dataclass_fields__", {})
    copied = copy.copy(action)
    for name, value in rolls.items():
        if name not in fields:
            raise TypeError(f"{type(action).__name__} has no field {name!r}")
        object.__setattr__(copied, name, value)
    return copied


def playout_random(seed: int | str, index: int) -> random.Random:
    """The random source of playout ``index`` of a forecast seeded ``seed``."""
    return random.Random(f"{seed}/{index}")


def first_legal(ruleset: Ruleset, state: Any, candidates: Iterable[Action],
                quiet: bool = True) -> tuple[Action, Any] | None:
    """The first candidate the ruleset accepts and the state it leads to (on a copy);
    ``quiet``: through ``Ruleset.apply_for_playout`` (else the GM's ``apply``)."""
    apply = ruleset.apply_for_playout if quiet else ruleset.apply
    for action in candidates:
        work = state.clone()
        try:
            apply(work, action)
        except RulesError:
            continue
        return action, work
    return None


@dataclass(frozen=True)
class Playout:
    """How one playout ended: who won (None: nobody), its length, who fell, and whether
    nobody won because both sides fell together (``double_knockout``) or because the
    fight stalled (stopped by a limit, or nobody able to act)."""

    winner: str | None
    clock: int
    out: tuple[str, ...]
    values: tuple[tuple[str, tuple[tuple[str, float], ...]], ...]
    steps: int
    double_knockout: bool = False

    @property
    def stalled(self) -> bool:
        """Nobody won, and not because both sides fell: the playout was stopped."""
        return self.winner is None and not self.double_knockout


def playout(ruleset: Ruleset, state: Any, rng: random.Random, tactics: Tactics,
            most_steps: int = MOST_STEPS, stop: Callable[[], bool] | None = None) -> Playout:
    """Play the fight out from ``state`` (left as it is) with the autopilot on every side.

    A fight still going after the ruleset's ``forecast_limit`` (rounds, or ticks) or
    ``most_steps`` actions, or where nobody can act, stalls; ``stop`` is asked every few
    steps whether to give up (a cancelled forecast). Played quietly
    (``engine/core/playout_mode.py``): what nobody reads is not worked out.
    """
    with playing_out():
        return played_out(ruleset, state, rng, tactics, most_steps, stop)[0]


def played_out(ruleset: Ruleset, state: Any, rng: random.Random, tactics: Tactics,
               most_steps: int = MOST_STEPS, stop: Callable[[], bool] | None = None,
               quiet: bool = True) -> tuple[Playout, Any]:
    """``playout``'s work, and the state it ended in; ``quiet`` False: every action goes
    through the GM's ``Ruleset.apply`` (the tests compare the two)."""
    outcome = ruleset.outcome(state)
    steps = 0
    limit = outcome.clock + ruleset.forecast_limit
    while not outcome.over and steps < most_steps and outcome.clock <= limit:
        if stop is not None and steps % STOP_EVERY == 0 and stop():
            break
        chosen = first_legal(ruleset, state,
                             ruleset.autopilot_candidates(state, rng, tactics), quiet)
        if chosen is None:  # nobody can do anything: the fight stalls
            break
        state = chosen[1]
        steps += 1
        outcome = ruleset.outcome(state)
    values = tuple((cid, tuple(sorted(found.items())))
                   for cid, found in ruleset.end_values(state).items())
    ended = Playout(outcome.winner if outcome.over else None, outcome.clock,
                    tuple(outcome.out), values, steps,
                    double_knockout=outcome.over and outcome.nobody_standing)
    return ended, state


def run_playouts(ruleset: Ruleset, state: Any, seed: int | str, indices: Iterable[int],
                 tactics: Tactics) -> list[Playout]:
    """Playouts ``indices`` of a forecast seeded ``seed`` (a worker's share)."""
    return [playout(ruleset, state, playout_random(seed, i), tactics) for i in indices]


# -- the statistics ----------------------------------------------------------------------------


def wilson(successes: int, runs: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a share (it stays inside 0-1, even at 0% or 100%)."""
    if runs <= 0:
        return (0.0, 1.0)
    share = successes / runs
    z2 = Z95 * Z95
    centre = (share + z2 / (2 * runs)) / (1 + z2 / runs)
    half = Z95 * math.sqrt(share * (1 - share) / runs + z2 / (4 * runs * runs)) / (1 + z2 / runs)
    # Rounding must not leave the share itself outside (100% would end at 0.9999...).
    return (max(0.0, min(share, centre - half)), min(1.0, max(share, centre + half)))


@dataclass(frozen=True)
class SideOdds:
    """One side's chance to win: wins, share and its 95% interval."""

    side: str
    wins: int
    share: float
    low: float
    high: float


@dataclass(frozen=True)
class FighterOdds:
    """One combatant: the chance to be taken out and the mean of each end value."""

    id: str
    name: str
    side: str
    taken_out: float
    means: tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class Forecast:
    """What many playouts say: the odds, the length, each fighter, the usual ending.

    ``stalemates`` counts the playouts nobody won, of two kinds: ``double_knockouts``
    (both sides fell together) and ``stalls`` (stopped by a limit, or nobody could act).
    """

    ruleset: str
    runs: int
    seed: int | str
    tactics: tuple[tuple[str, str], ...]
    sides: tuple[SideOdds, ...]
    stalemates: int
    clock_unit: str
    lengths: tuple[tuple[int, int], ...]  # (length, how many playouts)
    fighters: tuple[FighterOdds, ...]
    endings: tuple[tuple[str, int], ...]  # the commonest endings, in words, with counts
    mean_steps: float = 0.0
    double_knockouts: int = 0
    stalls: int = 0

    def side(self, name: str) -> SideOdds:
        """One side's odds."""
        return next(odds for odds in self.sides if odds.side == name)

    @property
    def mean_length(self) -> float:
        """The mean length of the playouts."""
        total = sum(count for _, count in self.lengths)
        return sum(length * count for length, count in self.lengths) / total if total else 0.0

    @property
    def median_length(self) -> float:
        """The median length of the playouts."""
        spread = [length for length, count in self.lengths for _ in range(count)]
        return float(median(spread)) if spread else 0.0

    def to_json(self) -> dict[str, Any]:
        """The forecast as plain JSON (``battlewheel forecast`` prints it)."""
        return {
            "ruleset": self.ruleset,
            "runs": self.runs,
            "seed": self.seed,
            "tactics": dict(self.tactics),
            "sides": {odds.side: {"wins": odds.wins, "chance": round(odds.share, 4),
                                  "interval95": [round(odds.low, 4), round(odds.high, 4)]}
                      for odds in self.sides},
            "stalemates": self.stalemates,
            "double_knockouts": self.double_knockouts,
            "stalls": self.stalls,
            "length": {"unit": self.clock_unit, "mean": round(self.mean_length, 3),
                       "median": self.median_length,
                       "spread": {str(length): count for length, count in self.lengths}},
            "fighters": [{"id": f.id, "name": f.name, "side": f.side,
                          "taken_out": round(f.taken_out, 4),
                          "end": {name: round(value, 3) for name, value in f.means}}
                         for f in self.fighters],
            "endings": [{"ending": words, "playouts": count} for words, count in self.endings],
            "mean_actions": round(self.mean_steps, 2),
        }

    def table_rows(self) -> list[list[str]]:
        """The per-fighter table as text rows, header first (copied and saved as CSV)."""
        names = sorted({name for f in self.fighters for name, _ in f.means})
        rows = [["Fighter", "Side", "Taken out %", *[f"Mean {n} at the end" for n in names]]]
        for f in self.fighters:
            means = dict(f.means)
            rows.append([f.name, f.side, f"{100 * f.taken_out:.1f}",
                         *[f"{means[n]:.2f}" if n in means else "" for n in names]])
        return rows


def summarise(ruleset: Ruleset, state: Any, playouts: Sequence[Playout], seed: int | str,
              tactics: Tactics) -> Forecast:
    """The statistics of ``playouts`` of the fight ``state``."""
    runs = len(playouts)
    wins = Counter(p.winner for p in playouts)
    sides = tuple(SideOdds(side, wins[side], wins[side] / runs if runs else 0.0,
                           *wilson(wins[side], runs)) for side in (ALLY, ENEMY))
    names = ruleset.names(state)
    tallies = _tallies(playouts)
    fighters = tuple(_fighter_odds(cid, names(cid), side, tallies.get(cid), runs)
                     for cid, side in sides_of(ruleset, state).items())
    endings = Counter(_ending_words(p, names) for p in playouts)
    return Forecast(
        ruleset.name, runs, seed, tuple(sorted(tactics.items())), sides, wins[None],
        ruleset.forecast_unit, tuple(sorted(Counter(p.clock for p in playouts).items())),
        fighters, tuple(endings.most_common(5)),
        sum(p.steps for p in playouts) / runs if runs else 0.0,
        double_knockouts=sum(p.double_knockout for p in playouts),
        stalls=sum(p.stalled for p in playouts))


@dataclass
class _Tally:
    """One fighter over many playouts: how often out, and each end value's sum and count."""

    out: int = 0
    totals: dict[str, float] | None = None
    counts: Counter[str] | None = None


def _tallies(playouts: Sequence[Playout]) -> dict[str, _Tally]:
    """Every fighter's tally, in one pass over the playouts (the window summarises a
    thousand of them between two of its events)."""
    found: dict[str, _Tally] = {}
    for p in playouts:
        for cid in p.out:
            found.setdefault(cid, _Tally()).out += 1
        for cid, values in p.values:
            tally = found.setdefault(cid, _Tally())
            if tally.totals is None:
                tally.totals, tally.counts = {}, Counter()
            totals, counts = tally.totals, tally.counts
            assert counts is not None
            for key, value in values:
                totals[key] = totals.get(key, 0.0) + value
                counts[key] += 1
    return found


def sides_of(ruleset: Ruleset, state: Any) -> dict[str, str]:
    """Each combatant's side, as its sheet shows it (records differ between systems)."""
    return {cid: ruleset.sheet(state, cid).side for cid in ruleset.combatants(state)}


def _fighter_odds(cid: str, name: str, side: str, tally: _Tally | None,
                  runs: int) -> FighterOdds:
    if tally is None:
        return FighterOdds(cid, name, side, 0.0, ())
    totals, counts = tally.totals or {}, tally.counts or Counter()
    means = tuple((key, totals[key] / counts[key]) for key in totals)
    return FighterOdds(cid, name, side, tally.out / (runs or 1), means)


def _ending_words(p: Playout, names: Any) -> str:
    if p.double_knockout:
        head = "Both sides fall together"
    elif p.winner is None:
        head = "Nobody wins (the fight stalls)"
    else:
        head = "The allies win" if p.winner == ALLY else "The enemies win"
    fallen = ", ".join(sorted(names(cid) for cid in p.out))
    return f"{head}; {fallen or 'nobody'} taken out"


