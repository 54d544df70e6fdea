"""What the 2e Rewrite gives the tests that hold for every system (tests/conformance.py)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.session import CombatSession

# Every field of the 2e form cites its seed section.
EXPLAINS_EVERY_FIELD = True


def fight() -> CombatSession:
    """Ana against Bo and Cy, not begun."""
    from battlewheel.engine.rulesets.rewrite import actions as r
    from tests.engine.rulesets.rewrite.helpers import person

    session = CombatSession.new()
    for cid, name, side in (("ana", "Ana", "ally"), ("bo", "Bo", "enemy"),
                            ("cy", "Cy", "enemy")):
        session.apply(r.AddCombatant(cid, person(name), side))
    return session


def informed() -> tuple[Any, Any]:
    """The 2e walk (test_properties): its rulings drawn, set-up then fight actions."""
    from tests.engine.rulesets.rewrite import test_properties as t

    def start(data: st.DataObject) -> CombatSession:
        return CombatSession.new(data.draw(t.OPTIONS))

    def step(data: st.DataObject, session: CombatSession) -> Action:
        choose = t._fight_action if session.state.started else t._setup_action
        return choose(data, session)

    return start, step
