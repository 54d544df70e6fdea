"""Positions a gesture hands the contract (a slot of the ring, a box of a track, an
amount of a pool): any whole number a view may compute, however absurd (-10^18 from a
drag far off the ring). A position no file could hold is refused as a gesture that does
nothing, never a ``TraitValueError`` from inside the ruleset's action."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.fields import MAX_NUMBER_DIGITS

LIMIT = 10**MAX_NUMBER_DIGITS


def sensible(value: object) -> bool:
    """A whole number a file can hold (at most 15 digits)."""
    return isinstance(value, int) and not isinstance(value, bool) and -LIMIT < value < LIMIT


def refusing_absurd_slot(method: Callable[..., c.DropVerdict]) -> Callable[..., c.DropVerdict]:
    """``drop``/``pocket_fire(state, counter_id, slot)``: an absurd slot, or one that makes
    an absurd value inside, is a refused verdict."""

    @functools.wraps(method)
    def guarded(self: Any, state: Any, counter_id: str, slot: int) -> c.DropVerdict:
        if not sensible(slot):
            return c.DropVerdict(None, refusal=f"there is no slot {slot} on the wheel")
        try:
            return method(self, state, counter_id, slot)
        except TraitValueError as absurd:
            return c.DropVerdict(None, refusal=f"no place to go there: {absurd}")

    guarded._guards_positions = True  # type: ignore[attr-defined]
    return guarded


def ignoring_absurd_number(method: Callable[..., Any]) -> Callable[..., Any]:
    """``box_click(..., index)``/``pool_change(..., amount)``: nothing to do (None) for an
    absurd last argument, or one that makes an absurd value inside."""

    @functools.wraps(method)
    def guarded(self: Any, state: Any, *args: Any) -> Any:
        if not sensible(args[-1]):
            return None
        try:
            return method(self, state, *args)
        except TraitValueError:
            return None

    guarded._guards_positions = True  # type: ignore[attr-defined]
    return guarded


GUARDS = {"drop": refusing_absurd_slot, "pocket_fire": refusing_absurd_slot,
          "box_click": ignoring_absurd_number, "pool_change": ignoring_absurd_number}


def guard_positions(cls: type) -> None:
    """Wrap the gesture methods ``cls`` defines itself (a ruleset subclass)."""
    for name, guard in GUARDS.items():
        own = cls.__dict__.get(name)
        if own is not None and not getattr(own, "_guards_positions", False):
            setattr(cls, name, guard(own))
