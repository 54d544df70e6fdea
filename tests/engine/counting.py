"""Tests that count what is computed (never how long it takes), or check a refresh of the
changed fighters against one of everyone, share these helpers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from battlewheel.engine.core.errors import IllegalAction


def calls_of(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[Any]:
    """The positional arguments of each call of ``owner.name`` from now on, as a list that
    grows while the test runs (the function still does its work)."""
    calls: list[Any] = []
    original = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def worked_out_afresh(state: Any, refresh: Callable[[Any], object], records: str) -> Any:
    """``state``'s records (its attribute ``records``) with every derived value worked out
    anew, as if the state had never been refreshed: what a refresh of only the changed
    fighters must equal."""
    fresh = state.clone()
    fresh.refreshed = None
    refresh(fresh)
    return getattr(fresh, records)


def step_matches_afresh(session: Any, make: Callable[[], Any], afresh: Callable[[Any], Any],
                        undo_redo: Callable[[], bool]) -> None:
    """Apply the action ``make()`` gives (a refused one changes nothing and is passed
    over), then check the combatants equal ``afresh(state)``; when ``undo_redo()`` says
    so, check again after an undo and after the redo."""
    try:
        session.apply(make())
    except IllegalAction:
        return
    assert session.state.combatants == afresh(session.state)
    if undo_redo():
        session.undo()
        assert session.state.combatants == afresh(session.state)
        session.redo()
        assert session.state.combatants == afresh(session.state)


def menu_built_once(monkeypatch: pytest.MonkeyPatch, session: Any, menu: object,
                    step: Any) -> tuple[Any, ...]:
    """Space's entry and the Combat menu of one state build the entries once (``menu``'s
    ``_turn_actions``, counted); after ``step`` the menu is what building it afresh gives.
    The first state's menu, for what else a test asks of it."""
    built = calls_of(monkeypatch, menu, "_turn_actions")
    session.ruleset.next_step(session.state)
    entries: tuple[Any, ...] = session.ruleset.turn_actions(session.state)
    assert len(built) == 1
    session.apply(step)
    state = session.state
    assert session.ruleset.turn_actions(state) == menu._turn_actions(state)  # type: ignore[attr-defined]
    return entries
