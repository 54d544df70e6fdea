"""Exalted 3rd edition (seed 003): state, actions, rules and the presentation contract.

The package declares the ruleset (``SYSTEM``) as ``"3e"``. ``demo_fight`` builds the demo
campaign's fight; ``Ex3Options`` holds the GM's rulings.
"""

from typing import TYPE_CHECKING

from battlewheel.engine.core.system import EVERY_CAPABILITY, System, exported_lazily

SYSTEM = System("3e", "Exalted 3rd edition", "seed 003",
                capabilities=EVERY_CAPABILITY, listed=20)

if TYPE_CHECKING:
    from battlewheel.engine.rulesets.ex3.exports import *  # noqa: F403

__getattr__ = exported_lazily(__name__)
