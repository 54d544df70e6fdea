"""The encounter forecast's playouts spread over worker processes (no Qt: the CLI uses it too).

The work is cut into chunks of playouts, each run by a top-level function in a process
started with ``spawn`` (safe beside Qt, and the same on every platform). The caller
polls (``ForecastJob.poll``), so a window stays free between polls, and reads the
playouts arrived so far in index order (``playouts``, ``running``): the estimate grows
as they come. A job stops by itself at its number of runs, or sooner once every side's
95% interval is as narrow as asked (``precision``), judged only at whole multiples of
``CHECK_EVERY`` playouts so that where it stops depends on the seed alone, never on how
fast the workers were. ``continued`` goes on from there with the next playout indices,
so a forecast made longer equals one asked long at once. ``cancel`` tells running chunks
to stop at their next playout step and drops the waiting ones.

The pool is started once (``warm``, when the window opens) and kept, so a second
forecast pays no process start-up; the command line, which has no warm pool, plays the
first small chunk in its own process while the workers start.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from battlewheel.engine.core import forecast as fc
from battlewheel.engine.core.contract import ALLY, ENEMY
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.core.system import FORECAST

CHUNK = 25
# Small chunks keep the estimate and the progress bar moving and a cancel quick, big
# ones cost less in traffic between processes; a chunk of 25 playouts is 0.05-0.5 s.
FIRST_CHUNK = 5
# The first chunk of each worker is smaller, so the first estimate comes early.
CHECK_EVERY = 25
# The precision is judged after 25, 50, 75... playouts in index order (and at the end).
MOST_WORKERS = 8
WINDOW_PRECISION = 0.02  # the window's default: every side within +-2 points
SLOTS = 256  # jobs whose cancellation the workers can tell apart at once
_SHARED: dict[str, Any] = {}
_WORKER: dict[str, Any] = {}


# -- in the worker ---------------------------------------------------------------------------


def _init_worker(cancelled: Any, everything_below: Any) -> None:
    _WORKER["cancelled"] = cancelled
    _WORKER["below"] = everything_below


def _stopped(job: int) -> bool:
    """Whether job ``job`` was cancelled (its own slot, or everything up to it)."""
    cancelled, below = _WORKER.get("cancelled"), _WORKER.get("below")
    if cancelled is None or below is None:
        return False
    return below.value >= job or cancelled[job % SLOTS] == job


def warm_up(ruleset_names: tuple[str, ...]) -> int:
    """Load the rulesets a worker will play, so its first chunk pays no imports."""
    for name in ruleset_names:
        get_ruleset(name).autopilot_module  # noqa: B018 - loads the autopilot
    time.sleep(0.2)  # hold this worker a moment so the next warm-up goes to another
    return os.getpid()


def run_chunk(ruleset_name: str, state_bytes: bytes, seed: int | str, start: int, stop: int,
              tactics: Mapping[str, str], job: int) -> list[fc.Playout] | None:
    """Playouts ``start``..``stop - 1`` (None when the job was cancelled meanwhile)."""

    def stopped() -> bool:
        return _stopped(job)

    if stopped():
        return None
    ruleset = get_ruleset(ruleset_name)
    state = pickle.loads(state_bytes)
    found = []
    for index in range(start, stop):
        played = fc.playout(ruleset, state, fc.playout_random(seed, index), tactics,
                            stop=stopped)
        if stopped():
            return None
        found.append(played)
    return found


# -- in the program ----------------------------------------------------------------------------


def default_workers() -> int:
    """One worker a core, at most eight."""
    return max(1, min(MOST_WORKERS, os.cpu_count() or 1))


def _pool(workers: int) -> ProcessPoolExecutor:
    """The shared pool of worker processes (started once, kept for later forecasts)."""
    with _LOCK:
        pool = _SHARED.get("pool")
        if pool is None or _SHARED.get("workers") != workers:
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
            context = multiprocessing.get_context("spawn")
            cancelled = context.Array("q", SLOTS, lock=False)
            below = context.Value("q", 0)
            pool = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                       initializer=_init_worker, initargs=(cancelled, below))
            _SHARED.update(pool=pool, workers=workers, cancelled=cancelled, below=below)
        return pool


_LOCK = threading.RLock()


def warm(workers: int | None = None, rulesets: Iterable[str] = ()) -> threading.Thread:
    """Start the worker processes now, in a thread, each loading ``rulesets`` (the window
    calls it when it opens, so its first Run starts at once)."""
    count = workers or default_workers()
    names = tuple(rulesets)

    def start() -> None:
        pool = _pool(count)
        for future in [pool.submit(warm_up, names) for _ in range(count)]:
            try:
                future.result()
            except Exception:  # a pool shut down meanwhile: nothing left to warm
                return

    thread = threading.Thread(target=start, daemon=True, name="forecast-warm")
    thread.start()
    return thread


def _next_job() -> int:
    with _LOCK:
        _SHARED["jobs"] = _SHARED.get("jobs", 0) + 1
        return int(_SHARED["jobs"])


def _cancel_job(job: int) -> None:
    cancelled = _SHARED.get("cancelled")
    if cancelled is not None and job:
        cancelled[job % SLOTS] = job


def shutdown() -> None:
    """Stop every forecast under way and the worker processes (the program is closing).

    The running chunks are told to stop at their next step, so leaving the program never
    waits for a long forecast to finish.
    """
    below = _SHARED.get("below")
    if below is not None:
        with below.get_lock():
            below.value = _SHARED.get("jobs", 0) + 1
    with _LOCK:
        pool = _SHARED.pop("pool", None)
        _SHARED.pop("workers", None)
    if pool is not None:
        # Waiting is short (the chunks stop at their next step) and leaves nothing for
        # the interpreter's exit to trip over.
        pool.shutdown(wait=True, cancel_futures=True)


@dataclass(frozen=True)
class ForecastRequest:
    """What to forecast: a fight's state under a ruleset, how many playouts at most, the
    seed, and the precision to stop at (the widest half of any side's 95% interval, as a
    share: 0.02 is +-2 points; None plays every run)."""

    ruleset: str
    state: Any
    runs: int = fc.DEFAULT_RUNS
    seed: int | str = 7
    tactics: tuple[tuple[str, str], ...] = ()
    precision: float | None = None

    def checked(self) -> ForecastRequest:
        """Refuse bad numbers and tactics, naming the field."""
        if isinstance(self.runs, bool) or not isinstance(self.runs, int) \
                or not 1 <= self.runs <= fc.MOST_RUNS:
            raise ValueError(f"runs: must be a whole number 1-{fc.MOST_RUNS}, not {self.runs!r}")
        if self.precision is not None and not 0 < self.precision < 0.5:
            raise ValueError("precision: must be above 0 and below 0.5 (50 points), "
                             f"not {self.precision!r}")
        fc.check_tactics(dict(self.tactics))
        ruleset = get_ruleset(self.ruleset)
        if not ruleset.can(FORECAST):
            raise ValueError(f"ruleset: {ruleset.title} has no autopilot to forecast with")
        return self


# -- the running estimate --------------------------------------------------------------------


@dataclass(frozen=True)
class Running:
    """The estimate from the playouts in so far: each side's odds, nobody's, the lengths."""

    runs: int
    sides: tuple[fc.SideOdds, ...]
    nobody: int
    lengths: tuple[tuple[int, int], ...]

    @property
    def half_width(self) -> float:
        """The widest half of any side's 95% interval (as a share)."""
        return max(((odds.high - odds.low) / 2 for odds in self.sides), default=0.5)

    def to_json(self) -> dict[str, Any]:
        """One line of ``battlewheel forecast --progress``."""
        return {"runs": self.runs,
                "sides": {odds.side: {"chance": round(odds.share, 4),
                                      "interval95": [round(odds.low, 4), round(odds.high, 4)]}
                          for odds in self.sides},
                "half_width": round(self.half_width, 4)}


class Tally:
    """Wins and lengths counted as playouts arrive, so each estimate costs only the new ones."""

    def __init__(self) -> None:
        self.runs = 0
        self.wins: Counter[str | None] = Counter()
        self.lengths: Counter[int] = Counter()

    def add(self, playouts: Iterable[fc.Playout]) -> None:
        """Count more playouts in."""
        for played in playouts:
            self.runs += 1
            self.wins[played.winner] += 1
            self.lengths[played.clock] += 1

    def running(self) -> Running:
        """The estimate as it stands."""
        sides = tuple(fc.SideOdds(side, self.wins[side],
                                  self.wins[side] / self.runs if self.runs else 0.0,
                                  *fc.wilson(self.wins[side], self.runs))
                      for side in (ALLY, ENEMY))
        return Running(self.runs, sides, self.wins[None], tuple(sorted(self.lengths.items())))


def half_width(wins: Mapping[str | None, int], runs: int) -> float:
    """The widest half of a side's 95% interval after ``runs`` playouts."""
    widths = []
    for side in (ALLY, ENEMY):
        low, high = fc.wilson(wins.get(side, 0), runs)
        widths.append((high - low) / 2)
    return max(widths)


def precise_at(playouts: Sequence[fc.Playout], precision: float | None, start: int = 0,
               end: int | None = None, every: int = CHECK_EVERY) -> int | None:
    """The first check point (a multiple of ``every``) in ``start + 1``..``end`` where every
    side's interval is within ``precision`` over the playouts before it; None if none is."""
    if precision is None:
        return None
    end = len(playouts) if end is None else end
    wins: Counter[str | None] = Counter(p.winner for p in playouts[:start])
    for index in range(start, end):
        wins[playouts[index].winner] += 1
        runs = index + 1
        if runs % every == 0 and half_width(wins, runs) <= precision:
            return runs
    return None


# -- one forecast ---------------------------------------------------------------------------


class ForecastJob:
    """One forecast under way: start it, poll it, read it so far, cancel it, read the result."""

    def __init__(self, request: ForecastRequest, workers: int | None = None,
                 chunk: int = CHUNK, *, before: Sequence[fc.Playout] = ()) -> None:
        """``before``: playouts 0.. already played (a continued forecast goes on after them)."""
        self.request = request.checked()
        self.ruleset = get_ruleset(request.ruleset)
        self.workers = workers or default_workers()
        self.chunk = chunk
        self._futures: list[Future[list[fc.Playout] | None]] = []
        self._starts: list[int] = []
        self._arrived: list[fc.Playout] = list(before)[:request.runs]
        self._taken = 0  # futures whose playouts are in _arrived
        self._done: list[fc.Playout] | None = None
        self._job = 0
        self._sender: threading.Thread | None = None
        self.first = len(self._arrived)
        self.cancelled = False
        self.error: Exception | None = None  # why the workers could not be started
        self.stopped_by = ""  # "precision" or "runs" once it stopped by itself
        self._check_from = self.first
        self._look_for_the_end()

    @property
    def total(self) -> int:
        """Playouts asked for at most."""
        return self.request.runs

    def start(self, *, background: bool = False, here_first: bool = False) -> None:
        """Send the chunks to the workers; a fight already decided needs none.

        ``background``: start the workers and hand them the chunks from a thread, so a
        window's event loop is not held while the processes are spawned. ``here_first``:
        play the first small chunk in this process meanwhile (the command line, whose
        workers are not warm yet), so a first estimate comes before they are up.
        """
        request = self.request
        if self._done is not None:
            return
        if self.ruleset.outcome(request.state).over:
            played = fc.playout(self.ruleset, request.state, fc.playout_random(request.seed, 0),
                                dict(request.tactics))
            self._arrived = [played] * request.runs
            self._finish("runs")
            return
        self._job = _next_job()
        here = min(FIRST_CHUNK, request.runs - self.first) if here_first else 0
        if background or here:
            self._sender = threading.Thread(target=self._submit, args=(self.first + here,),
                                            daemon=True, name="forecast-sender")
            self._sender.start()
        else:
            self._submit(self.first)
        if here:  # the workers' chunks start after it, so it comes first in line
            self._arrived.extend(fc.run_playouts(self.ruleset, request.state, request.seed,
                                                 range(self.first, self.first + here),
                                                 dict(request.tactics)))

    def _chunks(self, start: int) -> list[tuple[int, int]]:
        """Where each chunk starts and stops: a small one a worker first, then full ones."""
        found, index = [], start
        for _ in range(self.workers):
            if index >= self.total:
                break
            found.append((index, min(index + FIRST_CHUNK, self.total)))
            index = found[-1][1]
        found.extend((at, min(at + self.chunk, self.total))
                     for at in range(index, self.total, self.chunk))
        return found

    def _submit(self, start: int) -> None:
        try:
            self._send(start)
        except Exception as error:  # the workers would not start: said, not left hanging
            self.error = error
            if self._sender is None:
                raise

    def _send(self, start: int) -> None:
        request = self.request
        pool = _pool(self.workers)
        state_bytes = pickle.dumps(request.state)
        tactics = dict(request.tactics)
        for begin, end in self._chunks(start):
            if self.cancelled or self.stopped_by:
                return
            future = pool.submit(run_chunk, request.ruleset, state_bytes, request.seed, begin,
                                 end, tactics, self._job)
            self._starts.append(begin)  # before the future, so poll never sees one alone
            self._futures.append(future)

    def run_here(self) -> None:
        """Play everything in this process (no workers: tests, one core)."""
        request = self.request
        rest = fc.run_playouts(self.ruleset, request.state, request.seed,
                               range(self.first, request.runs), dict(request.tactics))
        self._arrived.extend(rest)
        self._look_for_the_end()
        if not self.stopped_by:
            self._finish("runs")

    # -- reading it so far --------------------------------------------------------------------

    def poll(self) -> int:
        """Playouts in so far, in index order with none missing (never waits)."""
        if self._done is None and not self.cancelled:
            self._take_arrived()
        return len(self.playouts())

    def _take_arrived(self) -> None:
        while self._taken < len(self._futures) and self._taken < len(self._starts):
            future = self._futures[self._taken]
            if not future.done() or future.cancelled():
                break
            chunk = future.result()
            if chunk is None:
                break
            self._arrived.extend(chunk)
            self._taken += 1
        self._look_for_the_end()

    def _look_for_the_end(self) -> None:
        """Stop once the precision is reached at a check point, or every run is in."""
        if self._done is not None:
            return
        at = precise_at(self._arrived, self.request.precision, self._check_from)
        if at is not None:
            del self._arrived[at:]
            self._finish("precision")
        elif len(self._arrived) >= self.total:
            self._finish("runs")
        else:
            # the next check starts where this one left off (wins counted from there again)
            self._check_from = len(self._arrived) - len(self._arrived) % CHECK_EVERY

    def _finish(self, why: str) -> None:
        self.stopped_by = why
        self._done = self._arrived
        if self._job:  # the chunks still running are not needed
            _cancel_job(self._job)
            for future in list(self._futures):
                future.cancel()

    def playouts(self) -> list[fc.Playout]:
        """The playouts in so far, in index order (all of them once finished)."""
        return self._done if self._done is not None else self._arrived

    def running(self) -> fc.Forecast:
        """The forecast of the playouts in so far (a partial ``summarise``)."""
        request = self.request
        return fc.summarise(self.ruleset, request.state, self.playouts(), request.seed,
                            dict(request.tactics))

    @property
    def finished(self) -> bool:
        """Every playout is in, or the precision was reached (and it was not cancelled)."""
        if self.cancelled:
            return False
        self.poll()
        return self._done is not None

    def cancel(self) -> None:
        """Stop: waiting chunks are dropped, running ones stop at their next step."""
        self.cancelled = True
        _cancel_job(self._job)
        for future in list(self._futures):
            future.cancel()

    def wait(self, on_progress: Callable[[Running], None] | None = None,
             every: float = 0.02) -> fc.Forecast:
        """Block until it stops, then the result (the command line); ``on_progress`` hears
        the estimate each time more playouts are in."""
        tally, told = Tally(), 0
        while True:
            if self.cancelled:
                raise RuntimeError("the forecast was cancelled")
            self.poll()
            playouts = self.playouts()
            if on_progress is not None and len(playouts) > told:
                tally.add(playouts[told:])
                told = len(playouts)
                on_progress(tally.running())
            if self._done is not None:
                break
            if self.error is not None:
                raise self.error
            self._raise_a_failed_chunk()
            time.sleep(every)
        if self._sender is not None:
            self._sender.join()
        return self.result()

    def _raise_a_failed_chunk(self) -> None:
        if self._taken < len(self._futures):
            future = self._futures[self._taken]
            if future.done() and not future.cancelled():
                error = future.exception()
                if error is not None:
                    raise error
                if future.result() is None:
                    raise RuntimeError("the forecast was cancelled")

    def result(self) -> fc.Forecast:
        """The forecast, once finished (waits for it if need be)."""
        if self._done is None:
            return self.wait()
        request = self.request
        return fc.summarise(self.ruleset, request.state, self._done, request.seed,
                            dict(request.tactics))

    def continued(self, *, runs: int | None = None,
                  precision: float | None = None) -> ForecastJob:
        """The same forecast gone on from where this one stopped, with the next playout
        indices, to ``runs`` at most and ``precision`` (the same seed gives what one job
        asked for that much at once gives)."""
        request = replace(self.request, runs=runs or self.request.runs,
                          precision=precision if precision is not None
                          else self.request.precision)
        return ForecastJob(request, self.workers, self.chunk, before=self.playouts())


def more_precision(job: ForecastJob) -> tuple[int, float]:
    """What "More precision" asks next: half the interval reached (four times the playouts
    as a guide), within the most runs allowed."""
    reached = job.request.precision or WINDOW_PRECISION
    done = Tally()
    done.add(job.playouts())
    now = done.running().half_width if done.runs else reached
    goal = max(0.001, min(reached, now) / 2)
    return min(fc.MOST_RUNS, max(job.total, 4 * len(job.playouts()))), goal
