"""``member_or_refuse``: the one lookup the rulesets' handlers share for "who is this id?"; and
``one_of_or_refuse``, their check that a named choice is one allowed."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from battlewheel.engine.core.errors import IllegalAction, member_or_refuse, one_of_or_refuse
from battlewheel.engine.rulesets.poolward.handlers.rounds import fighter
from battlewheel.engine.rulesets.rewrite.handlers.common import combatant


def test_gives_the_member_under_the_key() -> None:
    assert member_or_refuse({"a": 1, "b": 2}, "b", "000 §Rule", "no b") == 2


def test_refuses_a_missing_key_citing_the_rule() -> None:
    with pytest.raises(IllegalAction, match=r"^002 §Types of Actions: nobody called 'x'"):
        member_or_refuse({}, "x", "002 §Types of Actions", "nobody called 'x'")


@pytest.mark.parametrize(("lookup", "start"), [
    (fighter, "002 §Types of Actions: nobody called 'ghost' is in this fight"),
    (combatant, "000 §Determine Involved Characters: there is no combatant 'ghost' in this fight"),
])
def test_each_ruleset_keeps_its_own_refusal(lookup: object, start: str) -> None:
    empty = SimpleNamespace(fighters={}, combatants={})
    with pytest.raises(IllegalAction) as refused:
        lookup(empty, "ghost")  # type: ignore[operator]
    assert str(refused.value) == start


def test_one_of_or_refuse_names_what_is_allowed() -> None:
    one_of_or_refuse("b", ("a", "b"), "002 §Rule", "a track")
    with pytest.raises(IllegalAction, match=r"^002 §Rule: a track is one of a, b$"):
        one_of_or_refuse("c", ("a", "b"), "002 §Rule", "a track")
