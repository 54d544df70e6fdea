"""What Pool & Ward gives the tests that hold for every system (tests/conformance.py)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from battlewheel.engine.core.session import CombatSession

EXPLAINS_EVERY_FIELD = True


def fight() -> CombatSession:
    """The Pool & Ward demo fight (the seed's own example), not begun."""
    from battlewheel.engine.rulesets.poolward.demo import demo_fight

    return demo_fight()


def informed() -> tuple[Any, Any]:
    """The Pool & Ward walk (test_properties): its next action."""
    from tests.engine.rulesets.poolward import test_properties as t

    def start(data: st.DataObject) -> CombatSession:
        return CombatSession.new(data.draw(t.OPTIONS), ruleset=t.RULESET)

    return start, t._next_action
