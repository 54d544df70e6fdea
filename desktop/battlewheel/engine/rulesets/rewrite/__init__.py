"""The 2e Rewrite (seeds 000 + 004): its state, actions, rules and what it shows the desktop.

The package declares the ruleset (``SYSTEM``) as ``"2e-rewrite"``. ``CombatSession``
(from the core) runs a combat, the action classes change it, ``RewriteOptions`` holds
the GM's rulings.
"""

from typing import TYPE_CHECKING

from battlewheel.engine.core.system import EDITOR, FORECAST, System, exported_lazily

SYSTEM = System(
    name="2e-rewrite",
    title="Exalted 2e (combat rewrite)",
    seed="seeds 000 + 004",
    playable=True,
    capabilities=frozenset({FORECAST, EDITOR}),
    listed=10,
)

if TYPE_CHECKING:
    from battlewheel.engine.rulesets.rewrite.exports import *  # noqa: F403

__getattr__ = exported_lazily(__name__)
