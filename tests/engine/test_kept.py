"""The last value kept by the identity of the records it follows from (engine/core/kept.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from battlewheel.engine.core.kept import KeptPerRecord, SameAsLast, fingerprint


@dataclass(frozen=True)
class Record:
    value: int


def test_the_same_records_answer_from_the_last_time_and_a_replaced_one_works_it_out() -> None:
    """Asked again of the very same records and keys, nothing is worked out; an equal but
    new record, or another key, is worked out again."""
    kept: SameAsLast[int] = SameAsLast()
    records = (Record(1), Record(2))
    worked: list[int] = []

    def total(of: tuple[Record, ...]) -> int:
        worked.append(1)
        return sum(r.value for r in of)

    assert kept.get(records, ("a",), lambda: total(records)) == 3
    assert kept.get(records, ("a",), lambda: total(records)) == 3
    assert len(worked) == 1
    equal = (records[0], Record(2))
    assert kept.get(equal, ("a",), lambda: total(equal)) == 3
    assert len(worked) == 2
    assert kept.get(equal, ("b",), lambda: total(equal)) == 3
    assert len(worked) == 3
    shorter = equal[:1]
    assert kept.get(shorter, ("b",), lambda: total(shorter)) == 1
    assert len(worked) == 4


def test_a_value_per_record_is_worked_out_once_for_the_very_same_record() -> None:
    """The same record again: kept; an equal new record: worked out; full: forgotten."""
    worked: list[Record] = []

    def double(record: Record) -> int:
        worked.append(record)
        return 2 * record.value

    kept = KeptPerRecord(double, most=2)
    one, two = Record(1), Record(2)
    assert [kept(one), kept(one), kept(two), kept(Record(1))] == [2, 2, 4, 2]
    assert len(worked) == 3
    assert kept(one) == 2
    assert len(worked) == 4  # the third record filled it: all were forgotten


@dataclass
class State:
    records: dict[str, Record] = field(default_factory=dict)
    close: set[str] = field(default_factory=set)
    order: list[str] = field(default_factory=list)
    round: int = 0
    remembered: object = field(default=None, compare=False)


def test_a_fingerprint_tells_states_apart_exactly_as_comparing_them_does() -> None:
    """A copy fingerprints alike (bookkeeping left out); a record replaced, a set member
    added, a list reordered or a number changed each make another fingerprint."""
    state = State({"a": Record(1)}, {"x"}, ["a"], 1)
    copy = State(dict(state.records), set(state.close), list(state.order), 1, remembered=5)
    assert fingerprint(copy) == fingerprint(state)
    changes = [State({"a": Record(2)}, {"x"}, ["a"], 1), State({"a": Record(1)}, {"x", "y"},
               ["a"], 1), State({"a": Record(1)}, {"x"}, ["a", "a"], 1),
               State({"a": Record(1)}, {"x"}, ["a"], 2)]
    for changed in changes:
        assert changed != state
        assert fingerprint(changed) != fingerprint(state)
