"""The 2e Rewrite (seeds 000 + 004): its state, actions, rules and what it shows the desktop.

The package declares the ruleset (``SYSTEM``) as ``"2e-rewrite"``. ``CombatSession``
(from the core) runs a combat, the action classes change it, ``RewriteOptions`` holds
the GM's rulings.
"""

from typing import TYPE_CHECKING

from battlewheel.engine.core.system import EVERY_CAPABILITY, System, exported_lazily

SYSTEM = System("2e-rewrite", "Exalted 2e (combat rewrite)", "seeds 000 + 004",
                capabilities=EVERY_CAPABILITY, listed=10)

if TYPE_CHECKING:
    from battlewheel.engine.rulesets.rewrite.exports import *  # noqa: F403

__getattr__ = exported_lazily(__name__)
