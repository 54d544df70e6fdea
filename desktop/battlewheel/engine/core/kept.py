"""The last value worked out from some frozen records, kept by the records' identity.

After one step the window asks the same question of the same state several times (the
wheel, the table's order, the status line, the menu); the records an action did not
replace are the very same objects. Comparing the identity of forty records costs far
less than sorting or scanning them again, so a question asked again of unchanged
records answers from the last time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable
from operator import is_
from typing import Any, Generic, TypeVar

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


class KeptPerRecord(Generic[Value]):
    """A value worked out from one frozen record alone, kept for as long as the record
    lives in a fight (at most ``most`` of them, all forgotten at once when full): after a
    step most records are the very same objects, and their counters look the same."""

    def __init__(self, work: Callable[[Any], Value], most: int = 4096) -> None:
        self.work = work
        self.most = most
        self.found: dict[int, tuple[object, Value]] = {}

    def __call__(self, record: object) -> Value:
        """``work(record)``, worked out once for the very same record."""
        found = self.found.get(id(record))
        if found is not None and found[0] is record:
            return found[1]
        if len(self.found) >= self.most:
            self.found.clear()
        value = self.work(record)
        self.found[id(record)] = (record, value)
        return value


def fingerprint(state: Any) -> tuple[object, ...]:
    """Every compared field of a dataclass state as a value that can be kept and compared:
    sets frozen, dicts and lists as tuples (records inside compare by identity first, so
    unchanged ones cost nothing). Two states with equal fingerprints are equal states;
    ``compare=False`` bookkeeping (what a refresh remembers) is left out."""
    parts: list[object] = []
    cls: type = type(state)
    names = _COMPARED.get(cls)
    if names is None:
        names = _COMPARED[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.compare)
    for name in names:
        value = getattr(state, name)
        if isinstance(value, dict):
            value = tuple(value.items())
        elif isinstance(value, set):
            value = frozenset(value)
        elif isinstance(value, list):
            value = tuple(value)
        parts.append(value)
    return tuple(parts)


_COMPARED: dict[type, tuple[str, ...]] = {}  # a state class's compared fields
