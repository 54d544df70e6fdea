"""What the walk of every action kind found in Impulse (tests/engine/test_every_action.py)."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.errors import IllegalAction
from tests.engine.rulesets.every_action import fights


def test_an_impulse_tie_naming_no_counter_is_a_rules_refusal() -> None:
    """Found by the walk: a SettleTie key "jade#b3261e" raised ValueError from int()."""
    from battlewheel.engine.rulesets.impulse import actions as impulse

    session = fights()["impulse"]()
    with pytest.raises(IllegalAction, match="names no action counter"):
        session.apply(impulse.SettleTie(("jade#b3261e", "reed")))
