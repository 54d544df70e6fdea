"""The encounter forecast's playouts spread over worker processes (no Qt: the CLI uses it too).

The work is cut into small chunks of playouts, each run by a top-level function in a
process started with ``spawn`` (safe beside Qt, and the same on every platform). The
caller polls (``ForecastJob.poll``), so a window stays free between polls; ``cancel``
tells running chunks to stop at their next playout step and drops the waiting ones.
Playout ``i`` always draws from the same random source, so how the chunks are shared
out changes nothing in the result.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import threading
from collections.abc import Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from battlewheel.engine.core import forecast as fc
from battlewheel.engine.core.ruleset import get_ruleset

CHUNK = 25
# Small chunks keep the progress bar moving and a cancel quick, big ones cost less in
# traffic between processes; a chunk of 25 playouts is 0.1-2 s of work.
_SHARED: dict[str, Any] = {}
_WORKER: dict[str, Any] = {}


# -- in the worker ---------------------------------------------------------------------------


def _init_worker(cancelled: Any) -> None:
    _WORKER["cancelled"] = cancelled


def run_chunk(ruleset_name: str, state_bytes: bytes, seed: int | str, start: int, stop: int,
              tactics: Mapping[str, str], job: int) -> list[fc.Playout] | None:
    """Playouts ``start``..``stop - 1`` (None when the job was cancelled meanwhile)."""
    cancelled = _WORKER.get("cancelled")

    def stopped() -> bool:
        return cancelled is not None and cancelled.value >= job

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


def _pool(workers: int) -> tuple[ProcessPoolExecutor, Any]:
    """The shared pool of worker processes (started once, kept for later forecasts)."""
    pool = _SHARED.get("pool")
    if pool is None or _SHARED.get("workers") != workers:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        context = multiprocessing.get_context("spawn")
        cancelled = context.Value("q", 0)
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                   initializer=_init_worker, initargs=(cancelled,))
        _SHARED.update(pool=pool, workers=workers, cancelled=cancelled)
    return pool, _SHARED["cancelled"]


def shutdown() -> None:
    """Stop every forecast under way and the worker processes (the program is closing).

    The running chunks are told to stop at their next step, so leaving the program never
    waits for a long forecast to finish.
    """
    cancelled = _SHARED.get("cancelled")
    if cancelled is not None:
        with cancelled.get_lock():
            cancelled.value = _SHARED.get("jobs", 0) + 1
    pool = _SHARED.pop("pool", None)
    if pool is not None:
        # Waiting is short (the chunks stop at their next step) and leaves nothing for
        # the interpreter's exit to trip over.
        pool.shutdown(wait=True, cancel_futures=True)


def default_workers() -> int:
    """One worker a core."""
    return max(1, os.cpu_count() or 1)


@dataclass(frozen=True)
class ForecastRequest:
    """What to forecast: a fight's state under a ruleset, how many playouts, the seed."""

    ruleset: str
    state: Any
    runs: int = fc.DEFAULT_RUNS
    seed: int | str = 7
    tactics: tuple[tuple[str, str], ...] = ()

    def checked(self) -> ForecastRequest:
        """Refuse bad numbers and tactics, naming the field."""
        if isinstance(self.runs, bool) or not isinstance(self.runs, int) \
                or not 1 <= self.runs <= fc.MOST_RUNS:
            raise ValueError(f"runs: must be a whole number 1-{fc.MOST_RUNS}, not {self.runs!r}")
        fc.check_tactics(dict(self.tactics))
        ruleset = get_ruleset(self.ruleset)
        if ruleset.autopilot_module is None:
            raise ValueError(f"ruleset: {ruleset.title} has no autopilot to forecast with")
        return self


class ForecastJob:
    """One forecast under way: start it, poll it, cancel it, read the result."""

    def __init__(self, request: ForecastRequest, workers: int | None = None,
                 chunk: int = CHUNK) -> None:
        self.request = request.checked()
        self.ruleset = get_ruleset(request.ruleset)
        self.workers = workers or default_workers()
        self.chunk = chunk
        self._futures: list[Future[list[fc.Playout] | None]] = []
        self._playouts: list[fc.Playout] | None = None
        self._job = 0
        self._sender: threading.Thread | None = None
        self.cancelled = False

    @property
    def total(self) -> int:
        """Playouts asked for."""
        return self.request.runs

    def start(self, *, background: bool = False) -> None:
        """Send the chunks to the workers; a fight already decided needs none.

        ``background``: start the workers and hand them the chunks from a thread, so a
        window's event loop is not held while the processes are spawned.
        """
        request = self.request
        if self.ruleset.outcome(request.state).over:
            played = fc.playout(self.ruleset, request.state, fc.playout_random(request.seed, 0),
                                dict(request.tactics))
            self._playouts = [played] * request.runs
            return
        _SHARED["jobs"] = _SHARED.get("jobs", 0) + 1
        self._job = _SHARED["jobs"]
        if background:
            self._sender = threading.Thread(target=self._submit, daemon=True)
            self._sender.start()
        else:
            self._submit()

    def _submit(self) -> None:
        request = self.request
        pool, _ = _pool(self.workers)
        state_bytes = pickle.dumps(request.state)
        tactics = dict(request.tactics)
        for start in range(0, request.runs, self.chunk):
            if self.cancelled:
                return
            stop = min(start + self.chunk, request.runs)
            future = pool.submit(run_chunk, request.ruleset, state_bytes, request.seed, start,
                                 stop, tactics, self._job)
            self._futures.append(future)

    def run_here(self) -> None:
        """Play everything in this process (no workers: tests, one core)."""
        request = self.request
        self._playouts = fc.run_playouts(self.ruleset, request.state, request.seed,
                                         range(request.runs), dict(request.tactics))

    def poll(self) -> int:
        """Playouts finished so far (never waits)."""
        if self._playouts is not None:
            return len(self._playouts)
        done = 0
        for future, start in zip(list(self._futures), range(0, self.total, self.chunk),
                                 strict=False):
            if future.done() and not future.cancelled():
                done += min(self.chunk, self.total - start)
        return done

    @property
    def finished(self) -> bool:
        """Every playout is in (and the job was not cancelled)."""
        return not self.cancelled and self.poll() >= self.total

    def cancel(self) -> None:
        """Stop: waiting chunks are dropped, running ones stop at their next step."""
        self.cancelled = True
        cancelled = _SHARED.get("cancelled")
        if cancelled is not None and self._job:
            with cancelled.get_lock():
                cancelled.value = max(cancelled.value, self._job)
        for future in list(self._futures):
            future.cancel()

    def wait(self) -> fc.Forecast:
        """Block until every playout is in, then the result (the command line)."""
        if self._sender is not None:
            self._sender.join()
        if self._playouts is None:
            found: list[fc.Playout] = []
            for future in self._futures:
                chunk = future.result()
                if chunk is None:
                    raise RuntimeError("the forecast was cancelled")
                found.extend(chunk)
            self._playouts = found
        return self.result()

    def result(self) -> fc.Forecast:
        """The forecast, once finished."""
        if self._playouts is None:
            return self.wait()
        request = self.request
        return fc.summarise(self.ruleset, request.state, self._playouts, request.seed,
                            dict(request.tactics))
