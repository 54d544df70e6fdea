"""Impulse's joining in the log (tests/engine/test_log_versions.py: every system's)."""

from __future__ import annotations

from battlewheel.engine.core.actions import AddCombatant
from tests.engine.rulesets.every_action import fight_blocks, fights


def test_impulse_logs_where_a_newcomer_stands() -> None:
    """Impulse says where the newcomer stands."""
    impulse = fights()["impulse"]()
    joining = AddCombatant("newcomer", fight_blocks(impulse)[0], "ally", band="long")
    assert impulse.describe(joining) == \
        f"{fight_blocks(impulse)[0].name} joins the fight as an ally (at long range)."
