"""The engine's error types: every refusal is a ValueError that says why.

Bad input raises one of these before anything changes, so a caller can show the
message and carry on with the state it had.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TypeVar

_Member = TypeVar("_Member")


class RulesError(ValueError):
    """Base of every error the rules engine raises on purpose."""


class TraitValueError(RulesError):
    """A trait, pool or sheet value outside what the rules allow.

    ``field`` names the value (e.g. ``"attributes.strength"``) and ``allowed``
    describes the allowed range or set (e.g. ``"1-10"``); the message names both.
    """

    def __init__(self, field: str, allowed: str, value: object = None) -> None:
        self.field = field
        self.allowed = allowed
        self.value = value
        got = "" if value is None else f", got {value!r}"
        super().__init__(f"{field} must be {allowed}{got}")


class DiceEntryError(RulesError):
    """Dice typed by the GM (faces or a success count) that no roll could produce."""


class IllegalAction(RulesError):
    """An action the rules forbid right now; the message starts with the rule's citation.

    ``rule`` is a citation such as ``"000 §Attack Roll"``.
    """

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason
        super().__init__(f"{rule}: {reason}")


def one_of_or_refuse(value: str, allowed: Collection[str], rule: str, what: str) -> None:
    """An ``IllegalAction`` citing ``rule`` unless ``value`` is one of ``allowed``: "``what``
    is one of a, b"."""
    if value not in allowed:
        raise IllegalAction(rule, f"{what} is one of {', '.join(allowed)}")


def member_or_refuse(members: Mapping[str, _Member], key: str, rule: str,
                     refusal: str) -> _Member:
    """The member under ``key``, or an ``IllegalAction`` citing ``rule`` when none is."""
    found = members.get(key)
    if found is None:
        raise IllegalAction(rule, refusal)
    return found
