"""A frozen record copied with some fields changed, at a fraction of ``dataclasses.replace``'s cost.

Every action replaces a few combatant records whole, and a record has dozens of fields:
``dataclasses.replace`` reads each field and calls ``__init__`` with all of them, which
was a quarter of a 3e replay. A record whose class has no ``__post_init__`` and no field
left out of ``__init__`` gets nothing from that call but the values, so its copy takes
the old values and the changes directly; any other class goes through
``dataclasses.replace`` as before.
"""

from __future__ import annotations

import dataclasses
from functools import cache, cached_property
from typing import Any, TypeVar

Record = TypeVar("Record")


def replaced(record: Record, **changes: Any) -> Record:
    """A copy of the dataclass ``record`` with ``changes``; an unknown field is a TypeError."""
    cls: type = type(record)
    names = _plain_fields(cls)
    if names is None:
        return dataclasses.replace(record, **changes)  # type: ignore[type-var]
    unknown = changes.keys() - names
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    copy: Record = object.__new__(cls)
    values = copy.__dict__
    values.update(record.__dict__)
    values.update(changes)
    return copy


@cache
def _plain_fields(cls: type) -> frozenset[str] | None:
    """The field names of a dataclass whose ``__init__`` only stores them, else None.

    A class keeping values worked out from its fields (``cached_property``) is copied
    through its ``__init__`` too: copying its ``__dict__`` would carry the old answers."""
    fields = dataclasses.fields(cls)
    plain = (not hasattr(cls, "__post_init__") and not hasattr(cls, "__slots__")
             and all(each.init for each in fields) and not _keeps_answers(cls))
    return frozenset(each.name for each in fields) if plain else None


def _keeps_answers(cls: type) -> bool:
    """Whether ``cls`` or a base has a ``cached_property`` (kept in each instance's dict)."""
    return any(isinstance(value, cached_property)
               for each in cls.__mro__ for value in vars(each).values())
