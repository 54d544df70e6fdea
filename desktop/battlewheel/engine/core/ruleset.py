"""The ruleset interface and its registry: the names every importer reads, in one place.

``Ruleset`` (``ruleset_rules.py``) is one combat system behind the contract the session
and the desktop read, made of parts that each read on their own: its stat blocks and the
character editor (``ruleset_blocks.py``), the presentation contract read from the
system's presentation module (``ruleset_presentation.py``) and the encounter forecast
(``ruleset_forecast.py``). The registry (``ruleset_registry.py``) finds a system by
name, loading its package when first asked for.
"""

from battlewheel.engine.core.ruleset_blocks import StatBlocks
from battlewheel.engine.core.ruleset_forecast import Autopilot, Forecasting
from battlewheel.engine.core.ruleset_presentation import Presenting
from battlewheel.engine.core.ruleset_registry import (
    get_ruleset,
    register_ruleset,
    ruleset_known,
    ruleset_names,
)
from battlewheel.engine.core.ruleset_rules import (
    NUMBER_BOUNDS,
    RULINGS_SECTION,
    CombatState,
    Fighters,
    Handler,
    Ruleset,
    change_ruling,
)
from battlewheel.engine.core.system import ModuleOnFirstUse

__all__ = [
    "NUMBER_BOUNDS",
    "RULINGS_SECTION",
    "Autopilot",
    "CombatState",
    "Fighters",
    "Forecasting",
    "Handler",
    "ModuleOnFirstUse",
    "Presenting",
    "Ruleset",
    "StatBlocks",
    "change_ruling",
    "get_ruleset",
    "register_ruleset",
    "ruleset_known",
    "ruleset_names",
]
