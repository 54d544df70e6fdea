"""The Impulse homebrew (seed 001): rounds, Impulse and Endurance, as a ruleset.

The package declares the ruleset (``SYSTEM``) as ``"impulse"``; run a fight with
``CombatSession.new(ruleset="impulse")``. ``demo_fight`` builds the demo campaign's fight.
"""

from typing import TYPE_CHECKING

from battlewheel.engine.core.system import EDITOR, FORECAST, System, exported_lazily

SYSTEM = System(
    name="impulse",
    title="Impulse homebrew",
    seed="seed 001",
    playable=True,
    capabilities=frozenset({FORECAST, EDITOR}),
    listed=30,
)

if TYPE_CHECKING:
    from battlewheel.engine.rulesets.impulse.exports import *  # noqa: F403

__getattr__ = exported_lazily(__name__)
