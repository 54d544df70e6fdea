"""An action's log line written from its ``words``: fighters by name, other specs as declared."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from battlewheel.engine.core.actions import FIGHTER, Action


@dataclass(frozen=True)
class _Shove(Action):
    kind: ClassVar[str] = "shove"
    words: ClassVar[str] = "{combatant:name} shoves {target:name} {yards} yards ({roll:loud})."
    spoken: ClassVar[Mapping[str, Callable[[Any], str]]] = {"loud": lambda v: str(v).upper()}
    combatant: str = field(metadata=FIGHTER)
    target: str = field(metadata=FIGHTER)
    yards: int
    roll: str


def test_words_name_fighters_and_write_other_fields_as_their_spec_says() -> None:
    names = {"a": "Ayla", "b": "Bron"}.__getitem__
    line = _Shove("a", "b", 3, "hard").sentence(names)
    assert line == "Ayla shoves Bron 3 yards (HARD)."


def test_nth_writes_a_place_counted_from_zero_as_counted_from_one() -> None:
    @dataclass(frozen=True)
    class _Tick(Action):
        kind: ClassVar[str] = "tick"
        words: ClassVar[str] = "{combatant:name} ticks box {index:nth}."
        combatant: str = field(metadata=FIGHTER)
        index: int

    assert _Tick("a", 0).sentence({"a": "Ayla"}.__getitem__) == "Ayla ticks box 1."


def test_an_action_without_words_says_its_kind() -> None:
    @dataclass(frozen=True)
    class _Wait(Action):
        kind: ClassVar[str] = "wait_a_while"

    assert _Wait().sentence(str) == "wait a while"
