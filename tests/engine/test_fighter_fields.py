"""A field naming a fighter says so itself (``field(metadata=FIGHTER)``), whatever it is
called, so a new system may call its fields as its rules do and still have every id
checked against the fight before a handler runs; a field's name alone checks nothing."""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

import pytest

from battlewheel.engine.core.actions import (
    FIGHTER,
    Action,
    fighter_fields,
    named_fighters,
    names_only,
)
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.ruleset import Handler, get_ruleset
from tests.conformance import SYSTEMS
from tests.contract.rounds_ruleset import Join, RoundsOptions, RoundsRuleset, RoundsState, Token

from .rulesets.every_action import kinds


@dataclass(frozen=True)
class Challenge(Action):
    kind: ClassVar[str] = "test_challenge"
    duellist: str = field(metadata=FIGHTER)
    second: str = field(default="", metadata=FIGHTER)
    target: str = ""  # a fighter's usual field name, not marked: not checked
    words_said: str = ""


@dataclass(frozen=True)
class Terms:
    """A value inside an action (not itself one), with a fighter of its own."""

    witness: str = field(metadata=FIGHTER)


@dataclass(frozen=True)
class Salute(Action):
    kind: ClassVar[str] = "test_salute"
    terms: Terms


def test_the_marked_fields_name_fighters_and_an_unmarked_one_does_not() -> None:
    assert fighter_fields(Challenge) == {"duellist", "second"}
    action = Challenge("ana", second="bo", target="cy", words_said="en garde")
    assert sorted(named_fighters(action)) == [("duellist", "ana"), ("second", "bo")]
    assert names_only(action, {"ana", "bo"})  # "cy" is nobody in the fight: not asked
    assert not names_only(action, {"bo", "cy"})  # the duellist is not in the fight


def test_a_nested_value_s_own_declaration_is_read() -> None:
    salute = Salute(Terms("ana"))
    assert list(named_fighters(salute)) == [("terms.witness", "ana")]
    assert not names_only(salute, {"bo"})
    assert names_only(salute, {"ana"})


@dataclass(frozen=True)
class PokeMarked(Action):
    kind: ClassVar[str] = "poke_marked"
    poked: str = field(metadata=FIGHTER)


@dataclass(frozen=True)
class PokeUnmarked(Action):
    kind: ClassVar[str] = "poke_unmarked"
    target: str  # named as fighters' fields often are, but not marked


def _poked(state: RoundsState, action: PokeMarked | PokeUnmarked) -> list[Event]:
    return [Event("poked")]


class PokingRuleset(RoundsRuleset):
    """The contract's test system with two pokes: the same field, marked and not."""

    handler_table: ClassVar[Mapping[type[Action], Handler]] = {
        **RoundsRuleset.handler_table, PokeMarked: _poked, PokeUnmarked: _poked}


def test_in_a_fight_only_the_marker_makes_a_stranger_a_refusal() -> None:
    ruleset = PokingRuleset()
    state = ruleset.new_state(RoundsOptions())
    ruleset.apply(state, Join("ana", Token("Ana")))
    assert ruleset.apply(state, PokeMarked("ana"))
    with pytest.raises(IllegalAction, match="poked names 'zed', who is not in this fight"):
        ruleset.apply(state, PokeMarked("zed"))
    assert ruleset.apply(state, PokeUnmarked("zed"))  # unchecked: the handler runs


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_marked_field_of_every_ruleset_holds_text(name: str) -> None:
    """A marker on a number or a record would check nothing: each marked field is text,
    text or nothing, a tuple of text or a table keyed by text."""
    every: list[type] = list(kinds(get_ruleset(name)).values())
    for kind in every:
        hints = typing.get_type_hints(kind)
        for each in fighter_fields(kind):
            assert _holds_text(hints[each]), f"{kind.__name__}.{each}: {hints[each]}"


def _holds_text(hint: object) -> bool:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is str:
        return True
    if origin is tuple:
        return args[0] is str
    if origin in (Mapping, dict):
        return args[0] is str
    return bool(args) and str in args and all(a in (str, type(None)) for a in args)
