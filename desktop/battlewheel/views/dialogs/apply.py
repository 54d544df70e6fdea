"""Check a dialog's actions on a copy of the combat, then push them as one undo step.

A dialog collects several engine actions (an ambush, every Join Battle roll and the
start). ``trial`` replays them on a copy of the session so the dialog can preview the
result and explain a refusal before anything changes; ``push_all`` applies them
through the model as one macro, so one Ctrl+Z takes the whole dialog back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.core.session import CombatSession
from battlewheel.models.combat_model import CombatModel


@dataclass(frozen=True)
class Trial:
    """The state after the actions that succeeded, and the first refusal (if any)."""

    state: Any
    applied: int
    refusal: RulesError | None


def trial(session: CombatSession, actions: Sequence[Action]) -> Trial:
    """Apply ``actions`` to a copy of ``session``; stop at the first refusal.

    The copy shares the session's log and states (``CombatSession.scratch``): a deep
    copy of a long fight took tens of milliseconds on every keystroke and on every
    record (see tests/benchmarks/bench_dialog_trial.py).
    """
    scratch = session.scratch()
    for index, action in enumerate(actions):
        try:
            scratch.apply(action)
        except RulesError as refusal:
            return Trial(scratch.state, index, refusal)
    return Trial(scratch.state, len(actions), None)


def push_all(model: CombatModel, actions: Sequence[Action], text: str) -> RulesError | None:
    """Push ``actions`` as one undo step named ``text``; on a refusal take them all back."""
    if not actions:
        return None
    checked = trial(model.session, actions)
    if checked.refusal is not None:
        model.refused.emit(str(checked.refusal))
        return checked.refusal
    stack = model.undo_stack
    refusal: RulesError | None = None
    stack.beginMacro(text)
    try:
        for action in actions:
            refusal = model.push(action)
            if refusal is not None:
                break
    finally:
        stack.endMacro()
    if refusal is not None:
        stack.undo()
    return refusal
