"""Pool & Ward GUI tests: the demo fight in a model, dialogs shown and kept until the end."""

from __future__ import annotations

from battlewheel.engine.rulesets.poolward import StartFight, demo_fight
from battlewheel.models.combat_model import CombatModel


def started_model() -> CombatModel:
    """Edward against the two cutthroats and the archer, round 1, Cutthroat 1 to act."""
    session = demo_fight()
    session.apply(StartFight())
    return CombatModel(session)
