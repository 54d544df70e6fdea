"""A step of a test or a fuzz case that must come back in time, or be named as a hang."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager


class Hang(Exception):
    """A step that did not come back within its time."""


@contextmanager
def time_limit(seconds: float, what: str) -> Iterator[None]:
    """Raise ``Hang`` naming ``what`` if the block runs longer than ``seconds`` (a POSIX
    timer: the main thread only)."""

    def expire(signum: int, frame: object) -> None:
        raise Hang(f"{what} took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
