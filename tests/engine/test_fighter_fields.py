"""A field naming a fighter is known by its name (``FIGHTER_FIELDS``) or by its own
declaration (``fighter()``, field metadata), so a new system may call its fields as its
rules do and still have every id checked against the fight before a handler runs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from battlewheel.engine.core.actions import (
    FIGHTER_FIELDS,
    Action,
    fighter,
    fighter_fields,
    named_fighters,
    names_only,
)


@dataclass(frozen=True)
class Challenge(Action):
    kind: ClassVar[str] = "test_challenge"
    duellist: str = fighter()
    second: str = fighter(default="")
    target: str = ""
    words_said: str = ""


@dataclass(frozen=True)
class Terms:
    """A value inside an action (not itself one), with a fighter of its own."""

    witness: str = fighter()


@dataclass(frozen=True)
class Salute(Action):
    kind: ClassVar[str] = "test_salute"
    terms: Terms


def test_a_field_declared_with_fighter_names_one_as_a_listed_name_does() -> None:
    assert "duellist" not in FIGHTER_FIELDS
    assert fighter_fields(Challenge) == FIGHTER_FIELDS | {"duellist", "second"}
    action = Challenge("ana", second="bo", target="cy", words_said="en garde")
    assert sorted(named_fighters(action)) == [("duellist", "ana"), ("second", "bo"),
                                              ("target", "cy")]
    assert names_only(action, {"ana", "bo", "cy"})
    assert not names_only(action, {"bo", "cy"})  # the duellist is not in the fight


def test_a_nested_value_s_own_declaration_is_read() -> None:
    salute = Salute(Terms("ana"))
    assert list(named_fighters(salute)) == [("terms.witness", "ana")]
    assert not names_only(salute, {"bo"})
    assert names_only(salute, {"ana"})
