"""The Impulse homebrew (seed 001): rounds, Impulse and Endurance, as a ruleset.

The package declares the ruleset (``SYSTEM``) as ``"impulse"``; run a fight with
``CombatSession.new(ruleset="impulse")``. ``demo_fight`` builds the demo campaign's fight.
"""

from typing import TYPE_CHECKING

from battlewheel.engine.core.system import EVERY_CAPABILITY, System, exported_lazily

SYSTEM = System("impulse", "Impulse homebrew", "seed 001",
                capabilities=EVERY_CAPABILITY, listed=30)

if TYPE_CHECKING:
    from battlewheel.engine.rulesets.impulse.exports import *  # noqa: F403

__getattr__ = exported_lazily(__name__)
