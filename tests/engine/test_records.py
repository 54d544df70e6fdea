"""A record copied with ``replaced`` is what ``dataclasses.replace`` gives, in every ruleset."""

from __future__ import annotations

import dataclasses
import functools

import pytest

from battlewheel.engine.core.records import replaced
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward.demo import demo_fight as poolward_demo
from tests.conformance import SYSTEMS, demo_session


@pytest.mark.parametrize("name", SYSTEMS)
def test_each_record_copied_with_a_change_equals_dataclasses_replace(name: str) -> None:
    """Every combatant of each system's demo fight, one field changed: equal to the
    standard copy and of its class, the original unchanged."""
    session: CombatSession = demo_session(name)
    records = session.ruleset.condition_records(session.state)
    assert records
    for record in records.values():
        first = dataclasses.fields(record)[0].name
        changes = {first: getattr(record, first) + "x"}
        copy = replaced(record, **changes)
        assert copy == dataclasses.replace(record, **changes)
        assert type(copy) is type(record) and copy is not record
        assert getattr(copy, first) == getattr(record, first) + "x"
        assert copy.__dict__ == dataclasses.replace(record, **changes).__dict__


def test_an_unknown_field_is_refused_as_dataclasses_replace_refuses_it() -> None:
    """A misspelt field name raises TypeError naming it, and no copy is made."""
    session = poolward_demo()
    record = next(iter(session.state.fighters.values()))
    with pytest.raises(TypeError, match="helth"):
        replaced(record, helth=3)
    with pytest.raises(TypeError):
        dataclasses.replace(record, helth=3)


def test_a_record_that_checks_itself_still_does() -> None:
    """A class with ``__post_init__`` is copied through its ``__init__``, which runs it."""

    @dataclasses.dataclass(frozen=True)
    class Checked:
        value: int

        def __post_init__(self) -> None:
            if self.value < 0:
                raise ValueError("value must be 0 or more")

    assert replaced(Checked(1), value=2) == Checked(2)
    with pytest.raises(ValueError, match="0 or more"):
        replaced(Checked(1), value=-1)


def test_a_record_that_keeps_answers_is_copied_without_them() -> None:
    """A class with a ``cached_property`` (a health track keeps its counts) is copied
    through ``__init__``: the copy works its answer out from its own fields."""

    @dataclasses.dataclass(frozen=True)
    class Keeping:
        marks: str

        @functools.cached_property
        def count(self) -> int:
            return len(self.marks)

    kept = Keeping("//")
    assert kept.count == 2
    copy = replaced(kept, marks="///")
    assert copy.count == 3
