"""3e's joining terms in the log (tests/engine/test_log_versions.py: every system's)."""

from __future__ import annotations

from battlewheel.engine.core.actions import AddCombatant, action_to_json
from tests.engine.rulesets.every_action import fight_blocks, fights


def _newcomer() -> object:
    return fight_blocks(fights()["3e"]())[0]


def test_a_term_at_its_default_is_the_same_joining_and_is_not_written() -> None:
    """``zone=0`` is how a 3e fighter joins anyway; ``False`` is not the zone 0."""
    block = _newcomer()
    assert AddCombatant("g", block, zone=0) == AddCombatant("g", block)
    assert "joining" not in action_to_json(AddCombatant("g", block, zone=0))
    assert AddCombatant("g", block, zone=False).joining == {"zone": False}
