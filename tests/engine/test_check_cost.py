"""What making an action costs in checks: each declared type is taken apart once, and a
field holding a plain value is checked without a call of the general checker."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from battlewheel.engine.core import actions, fields
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.fields import Storable
from battlewheel.engine.rulesets.ex3 import actions as ex3
from tests.engine.counting import calls_of

ROLL, DAMAGE = DiceEntry.of_successes(3), DiceEntry.of_successes(2)


def _attack(difficulty: int) -> ex3.Attack:
    return ex3.Attack("a", "b", "withering", "Sword", ROLL, damage=DAMAGE, flurry=True,
                      difficulty=difficulty)


def _counting(monkeypatch: pytest.MonkeyPatch, name: str) -> list[Any]:
    return calls_of(monkeypatch, fields, name)


def test_an_attack_made_again_takes_no_declared_type_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The second Attack asks ``get_origin`` nothing (the first may, once a type)."""
    _attack(1)
    asked = _counting(monkeypatch, "get_origin")
    _attack(3)
    assert asked == []


def test_an_attack_of_plain_fields_is_checked_in_one_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An Attack's 32 fields are text, numbers, flags, empty lists and two dice entries:
    the general checker runs for the action and for each dice entry, a nested value whose
    own fields it reads (it ran once for every field of each: 43 times)."""
    _attack(1)
    checked = _counting(monkeypatch, "_check")
    _attack(2)
    assert [type(args[0]) for args in checked] == [ex3.Attack, DiceEntry, DiceEntry]


def test_a_plain_field_is_still_refused_with_its_name() -> None:
    """16 digits in a number, a flag given as text, a lone surrogate in text: each is
    refused naming the field, as before."""
    with pytest.raises(TraitValueError, match="difficulty"):
        ex3.Attack("a", "b", "withering", "Sword", DiceEntry.of_successes(1),
                   difficulty=10**15)
    with pytest.raises(TraitValueError, match="flurry"):
        ex3.Attack("a", "b", "withering", "Sword", DiceEntry.of_successes(1),
                   flurry="yes")  # type: ignore[arg-type]
    with pytest.raises(TraitValueError, match="weapon"):
        ex3.Attack("a", "b", "withering", "Sword\ud800", DiceEntry.of_successes(1))


def test_the_checks_before_each_action_read_plain_fields_in_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The numbers an Attack carries are found by looking into its dice entries and
    lists only (4 of its 32 fields), with their paths as before; and who it names too."""
    attack = _attack(2)
    looked = calls_of(monkeypatch, actions, "_numbers_in")
    numbers = list(actions.carried_numbers(attack))
    assert [where for _, where in looked if "." not in where] == ["attack", "damage", "rout",
                                                                   "others"]
    assert ("difficulty", 2) in numbers and ("attack.successes", 3) in numbers
    assert ("damage.successes", 2) in numbers
    assert list(actions.named_fighters(attack)) == [("attacker", "a"), ("target", "b")]


def test_rolled_faces_are_checked_without_a_call_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """An attack of ten rolled dice: the general checker runs for the action, its entry
    and the faces' list, not once more for each face; a face of 16 digits is still
    refused, naming its place."""
    roll = DiceEntry.of_faces((7, 3, 10, 1, 8, 8, 2, 9, 5, 6))
    checked = _counting(monkeypatch, "_check")
    ex3.Attack("a", "b", "withering", "Sword", roll)
    assert len(checked) == 3
    with pytest.raises(TraitValueError, match=r"values\[1\]"):
        fields.check_storable({"values": (3, 10**15)})


def test_fields_left_at_their_defaults_are_not_looked_at_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Of an Attack's nine text fields five keep their default (""): only the four given
    are read for their length and characters."""
    _attack(1)
    read = _counting(monkeypatch, "_check_text")
    _attack(2)
    assert [args[1] for args in read] == ["attacker", "target", "mode", "weapon"]


def test_a_default_the_check_refuses_is_refused_each_time() -> None:
    """A class whose declared default a file could not hold refuses every value made
    with it, naming the field."""

    @dataclasses.dataclass(frozen=True)
    class Tally(Storable):
        count: int = 10**15

    for _ in range(2):
        with pytest.raises(TraitValueError, match="count"):
            Tally()
