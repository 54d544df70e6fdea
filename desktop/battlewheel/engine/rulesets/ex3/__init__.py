"""Exalted 3rd edition (seed 003): state, actions, rules and the presentation contract.

The package declares the ruleset (``SYSTEM``) as ``"3e"``. ``demo_fight`` builds the demo
campaign's fight; ``Ex3Options`` holds the GM's rulings.
"""

from typing import TYPE_CHECKING

from battlewheel.engine.core.system import EDITOR, FORECAST, System, exported_lazily

SYSTEM = System(
    name="3e",
    title="Exalted 3rd edition",
    seed="seed 003",
    playable=True,
    capabilities=frozenset({FORECAST, EDITOR}),
    listed=20,
)

if TYPE_CHECKING:
    from battlewheel.engine.rulesets.ex3.exports import *  # noqa: F403

__getattr__ = exported_lazily(__name__)
