"""The GM's conditions in the core: the value, its checks, its words and the countdown."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from battlewheel.engine.core.actions import action_to_json, action_types, decode_action
from battlewheel.engine.core.conditions import (
    CONDITION_ACTIONS,
    NEXT_ACTION,
    AddCondition,
    Condition,
    Moment,
    RemoveCondition,
    add_condition,
    check_condition,
    expire,
    remove_condition,
)
from battlewheel.engine.core.errors import IllegalAction


@dataclass(frozen=True)
class _Record:
    name: str
    conditions: tuple[Condition, ...] = ()


def _moment(clock: int | None, *acting: str) -> Moment:
    return Moment(clock, frozenset((cid, "") for cid in acting))


def test_a_condition_reads_its_modifiers_and_expiry_in_words() -> None:
    """Signs, a die and a tick in the singular for one, and the sheet's summary line."""
    prone = Condition("Prone", dice=-1, defence=2, expiry="ticks", count=1)
    assert prone.summary() == "Prone (\u22121 die, +2 defence; 1 tick left)"
    assert Condition("Marked").summary() == "Marked (until removed)"
    assert Condition("Dazed", expiry=NEXT_ACTION).lasts() == "until the end of their next action"


@pytest.mark.parametrize("bad", [
    Condition(""), Condition(" Prone"), Condition("x" * 61), Condition("Prone", dice=21),
    Condition("Prone", defence=-21), Condition("Prone", expiry="rounds", count=2),
    Condition("Prone", expiry="ticks"), Condition("Prone", expiry="ticks", count=100),
    Condition("Prone", count=3),
])
def test_conditions_without_words_or_out_of_range_are_refused(bad: Condition) -> None:
    """Words are needed, modifiers stay within 20, a count fits the 2e unit only."""
    with pytest.raises(IllegalAction, match="Conditions"):
        check_condition(bad, "ticks")


def test_adding_and_removing_touch_one_record_and_check_the_text() -> None:
    """A removal names the index and the words the GM saw; a stale one is refused."""
    records = {"a": _Record("A"), "b": _Record("B")}
    add_condition(records, AddCondition("a", Condition("Prone", defence=-1)), "rounds", ())
    assert records["a"].conditions == (Condition("Prone", defence=-1),)
    assert records["b"].conditions == ()
    with pytest.raises(IllegalAction, match="not among"):
        remove_condition(records, RemoveCondition("a", 0, "Blinded"))
    remove_condition(records, RemoveCondition("a", 0, "Prone"))
    assert records["a"].conditions == ()


def test_a_next_action_condition_laid_on_the_actor_outlasts_its_current_action() -> None:
    """Laid on during its own action, it waits for the end of the one after."""
    records = {"a": _Record("A")}
    add_condition(records, AddCondition("a", Condition("Dazed", expiry=NEXT_ACTION)), "rounds",
                  ("a",))
    assert records["a"].conditions[0].count == 2
    expire(records, _moment(1, "a"), _moment(1, "b"), str)
    assert records["a"].conditions[0].count == 1
    events = expire(records, _moment(2, "a"), _moment(2), str)
    assert records["a"].conditions == ()
    assert [e.text for e in events] == ["\u201cDazed\u201d on a ends (their action is over)."]


def test_timed_conditions_count_down_by_the_time_passed_and_end_at_zero() -> None:
    """A jump of several units counts them all; no time, no change."""
    records = {"a": _Record("A", (Condition("Slowed", expiry="ticks", count=3),
                                  Condition("Marked")))}
    assert expire(records, _moment(4), _moment(4), str) == []
    expire(records, _moment(4), _moment(6), str)
    assert records["a"].conditions[0].count == 1
    events = expire(records, _moment(6), _moment(9), str)
    assert records["a"].conditions == (Condition("Marked"),)
    assert events[0].kind == "condition_ended" and events[0].combatant == "a"


def test_the_actions_round_trip_through_the_log() -> None:
    """Defaults are left out of the JSON and read back in."""
    types = action_types(CONDITION_ACTIONS)
    for action in (AddCondition("a", Condition("Prone", dice=-1, expiry="rounds", count=2)),
                   RemoveCondition("a", 0, "Prone")):
        assert decode_action(action_to_json(action), types) == action
    assert action_to_json(AddCondition("a", Condition("Marked"))) == {
        "kind": "add_condition", "combatant": "a", "condition": {"text": "Marked"}}
