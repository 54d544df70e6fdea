"""One step of a random walk, in any ruleset, with the session's invariants checked; and
the settings every random-walk test runs under."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import CombatSession


def random_walks(examples: int) -> Callable[[Callable[[st.DataObject], None]], Any]:
    """A test of random walks drawn as it goes (``st.data()``), ``examples`` of them: no
    deadline and no health check for slowness, since a long walk is the point."""
    def walked(test: Callable[[st.DataObject], None]) -> Any:
        return settings(max_examples=examples, deadline=None,
                        suppress_health_check=[HealthCheck.too_slow])(given(st.data())(test))
    return walked


def clone(state: Any) -> Any:
    """The state's own copy (cheap: frozen records shared)."""
    return state.clone()


def apply_checked(session: CombatSession, action: Action,
                  invariants: Callable[[CombatSession], None] | None = None,
                  snapshot: Callable[[Any], Any] = clone) -> bool:
    """Apply ``action``; True if the rules accepted it.

    A refusal changes nothing; an applied action keeps the ruleset's ``invariants``,
    undo returns to the state before it and redo to the state after, as ``snapshot``
    copied them (``copy.deepcopy`` also catches a clone that shares a container).
    """
    before = snapshot(session.state)
    try:
        session.apply(action)
    except IllegalAction:
        assert session.state == before, f"refused {action.kind} changed the fight"
        return False
    if invariants is not None:
        invariants(session)
    after = snapshot(session.state)
    session.undo()
    assert session.state == before, f"undo of {action.kind} did not restore the fight"
    session.redo()
    assert session.state == after, f"redo of {action.kind} did not reapply it"
    return True
