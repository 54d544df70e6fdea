"""Strict JSON for the systems' ``Lasting`` dataclasses (a character's current condition).

Each system's ``Lasting`` is a frozen dataclass of whole numbers, true/false and tuples of
short words, every field defaulted to "fresh". It is written with only the fields that
differ from fresh (a fresh condition is ``{}``), and read back strictly: an unknown key,
a wrong type or a negative count raises ``TraitValueError`` naming the field, so a damaged
condition in a file is refused at open, like a damaged stat block.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Self, TypeVar, get_type_hints

from battlewheel.engine.core.errors import TraitValueError

T = TypeVar("T")
MOST = 1_000_000
"""No track, pool or tally of any system holds more than this."""


def lasting_to_json(value: Any) -> dict[str, Any]:
    """The fields that differ from fresh, tuples as lists."""
    data: dict[str, Any] = {}
    for f in dataclasses.fields(value):
        item = getattr(value, f.name)
        if item != f.default:
            data[f.name] = list(item) if isinstance(item, tuple) else item
    return data


def lasting_from_json(cls: type[T], obj: object, where: str = "lasting") -> T:
    """A ``cls`` read strictly from JSON; every fault names ``where.field``.

    A ``cls`` itself (a joining term checked before it is written) is already whole.
    """
    if isinstance(obj, cls):
        return obj
    if not isinstance(obj, dict):
        raise TraitValueError(where, "an object of condition fields", obj)
    hints = get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    for key in obj:
        if key not in fields:
            raise TraitValueError(f"{where}.{key}", "one of " + ", ".join(fields))
    signed = getattr(cls, "SIGNED", ())
    values = {name: _read(hints[name], obj[name], f"{where}.{name}", name in signed)
              for name in fields if name in obj}
    try:
        return cls(**values)
    except TraitValueError as error:
        raise TraitValueError(f"{where}.{error.field}", error.allowed, error.value) from error


def _read(hint: Any, value: object, field: str, signed: bool = False) -> Any:
    if hint is bool:
        if not isinstance(value, bool):
            raise TraitValueError(field, "true or false", value)
        return value
    if hint is int:
        low = -MOST if signed else 0
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MOST:
            raise TraitValueError(field, f"a whole number {low}-{MOST}", value)
        return value
    if hint is str:
        if not isinstance(value, str) or len(value) > 200:
            raise TraitValueError(field, "a short text", value)
        return value
    # tuple[str, ...]: a track's marks in order
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise TraitValueError(field, "a list of words", value)
    return tuple(value)


def check_counts(value: Any) -> None:
    """Refuse a negative or huge count in a ``Lasting`` made in code (``__post_init__``);
    the fields the class names in ``SIGNED`` may be negative."""
    signed = getattr(value, "SIGNED", ())
    for f in dataclasses.fields(value):
        item = getattr(value, f.name)
        low = -MOST if f.name in signed else 0
        if f.type in ("int", int) and (isinstance(item, bool) or not isinstance(item, int)
                                       or not low <= item <= MOST):
            raise TraitValueError(f.name, f"a whole number {low}-{MOST}", item)
        if f.type in ("bool", bool) and not isinstance(item, bool):
            raise TraitValueError(f.name, "true or false", item)


class LastingRecord:
    """What every system's ``Lasting`` dataclass shares: its counts checked when made, and
    JSON holding only what differs from fresh, read back strictly."""

    def __post_init__(self) -> None:
        check_counts(self)

    def to_json(self) -> dict[str, Any]:
        """Only what differs from fresh (fresh is ``{}``)."""
        return lasting_to_json(self)

    @classmethod
    def from_json(cls, obj: object) -> Self:
        """Read strictly: a damaged field raises ``TraitValueError`` naming it."""
        return lasting_from_json(cls, obj)
