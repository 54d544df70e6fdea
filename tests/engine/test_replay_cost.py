"""Replaying a log costs one copy of the state and one sentence per action, in every system."""

from __future__ import annotations

from typing import Any

import pytest

from battlewheel.engine.core.session import CombatSession
from tests.conformance import SYSTEMS, demo_session


@pytest.mark.parametrize("name", SYSTEMS)
def test_each_action_replayed_copies_the_state_once_and_says_it_once(
    name: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The demo fight of each system replayed from its log: as many state copies and
    sentences as actions (no copy to try an action first, no sentence built twice)."""
    log = demo_session(name).to_json()
    session = CombatSession.from_json(log)
    ruleset, state_type = session.ruleset, type(session.state)
    counts = {"clone": 0, "describe": 0}

    def counted(owner: Any, method: str) -> None:
        original = getattr(owner, method)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            counts[method] += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(owner, method, wrapper)

    counted(state_type, "clone")
    counted(ruleset, "describe")
    replayed = CombatSession.from_json(log)
    actions = len(replayed.log)
    assert actions > 0
    assert counts == {"clone": actions, "describe": actions}
