"""Values worked out from frozen stat blocks and weapons, kept by the objects' identity.

A forecast plays a fight out a thousand times, and every clone of a fight shares its
characters and weapons (frozen values), so the same few attacks are worked out again
and again. Hashing a whole stat block costs more than the sums it would save, so a
value is kept by the identity of the objects it follows from (kept with it, so an id is
never reused while the entry lives) plus the plain numbers it also follows from.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from operator import is_
from typing import Generic, TypeVar

Value = TypeVar("Value")


class KeptByIdentity(Generic[Value]):
    """Values by (the identity of some frozen objects, some plain numbers); at most
    ``most`` of them, all forgotten at once when full."""

    def __init__(self, most: int = 20_000) -> None:
        self.most = most
        self.found: dict[tuple[Hashable, ...], tuple[tuple[object, ...], Value]] = {}

    def get(self, objects: tuple[object, ...], numbers: tuple[Hashable, ...],
            work: Callable[[], Value]) -> Value:
        """The value kept for ``objects`` and ``numbers``, else ``work()``, kept."""
        key = (*map(id, objects), *numbers)
        found = self.found.get(key)
        if found is not None and all(map(is_, found[0], objects)):
            return found[1]
        if len(self.found) >= self.most:
            self.found.clear()
        value = work()
        self.found[key] = (objects, value)
        return value
