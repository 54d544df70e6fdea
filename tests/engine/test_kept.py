"""The last value kept by the identity of the records it follows from (engine/core/kept.py)."""

from __future__ import annotations

from dataclasses import dataclass

from battlewheel.engine.core.kept import KeptPerRecord, SameAsLast


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
