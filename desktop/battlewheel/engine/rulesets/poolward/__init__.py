"""Pool & Ward (seed 002): one roll for hit and damage, defence off the pool, Ward, Health, Vigor.

The package declares the ruleset (``SYSTEM``) as ``"pool-and-ward"``; run a fight with
``CombatSession.new(ruleset="pool-and-ward")``. The rules are small pure functions
(``pool``, ``damage``, ``rounds``, ``rolls``), the handlers apply them to a ``Fight``,
and ``wheel``, ``sheet`` and ``menu`` describe the fight to the desktop.
"""

from typing import TYPE_CHECKING

from battlewheel.engine.core.system import EVERY_CAPABILITY, System, exported_lazily

SYSTEM = System("pool-and-ward", "Pool & Ward", "seed 002",
                capabilities=EVERY_CAPABILITY, listed=40)

if TYPE_CHECKING:
    from battlewheel.engine.rulesets.poolward.exports import *  # noqa: F403

__getattr__ = exported_lazily(__name__)
