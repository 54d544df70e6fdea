"""The last value worked out from some frozen records, kept by the records' identity.

After one step the window asks the same question of the same state several times (the
wheel, the table's order, the status line, the menu); the records an action did not
replace are the very same objects. Comparing the identity of forty records costs far
less than sorting or scanning them again, so a question asked again of unchanged
records answers from the last time.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from operator import is_
from typing import Generic, TypeVar

Value = TypeVar("Value")


class SameAsLast(Generic[Value]):
    """One value, kept with the objects (by identity) and plain keys it follows from.

    The three are kept as one tuple, replaced whole, so a thread asking at the same
    time (the odds worker) never reads one state's objects with another's value.
    """

    def __init__(self) -> None:
        self.last: tuple[tuple[object, ...], tuple[Hashable, ...], Value] | None = None

    def get(self, objects: tuple[object, ...], keys: tuple[Hashable, ...],
            work: Callable[[], Value]) -> Value:
        """The value kept when ``objects`` are the very same and ``keys`` equal, else
        ``work()``, kept in its place (the objects are held, so no id is reused)."""
        last = self.last
        if (last is not None and len(last[0]) == len(objects) and last[1] == keys
                and all(map(is_, last[0], objects))):
            return last[2]
        value = work()
        self.last = (objects, keys, value)
        return value
