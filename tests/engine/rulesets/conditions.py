"""Shared builders for the GM's conditions in every ruleset's tests."""

from __future__ import annotations

from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.conditions import (
    NEXT_ACTION,
    NO_EXPIRY,
    AddCondition,
    Condition,
    RemoveCondition,
)
from battlewheel.engine.core.session import CombatSession


def conditions(session: CombatSession, cid: str) -> tuple[Condition, ...]:
    """The conditions a combatant wears now (in any ruleset)."""
    held: tuple[Condition, ...] = session.ruleset.condition_records(session.state)[cid].conditions
    return held


def condition_action(data: st.DataObject, cid: str, unit: str, held: tuple[Condition, ...]) \
        -> Action:
    """A random add (any expiry, modifiers from -3 to 3) or a removal of a held condition."""
    if held and data.draw(st.booleans()):
        index = data.draw(st.integers(0, len(held) - 1))
        return RemoveCondition(cid, index, held[index].text)
    expiry = data.draw(st.sampled_from((NO_EXPIRY, NEXT_ACTION, unit)))
    count = data.draw(st.integers(1, 4)) if expiry == unit else 0
    condition = Condition(data.draw(st.sampled_from(("Prone", "Blinded", "Blessed"))),
                          dice=data.draw(st.integers(-3, 3)),
                          defence=data.draw(st.integers(-3, 3)), expiry=expiry, count=count)
    return AddCondition(cid, condition)
