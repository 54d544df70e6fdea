"""The combat systems, side by side: each package registers one ruleset when imported.

``SYSTEMS`` lists all four the program exists for, so File > New combat can show the
ones whose package has not landed yet as not available.
"""

from __future__ import annotations

import importlib

from battlewheel.engine.core.contract import RulesetInfo
from battlewheel.engine.core.ruleset import get_ruleset

# name, title, seed, package (None: not built yet)
_SYSTEMS: tuple[tuple[str, str, str, str | None], ...] = (
    ("2e-rewrite", "Exalted 2e (combat rewrite)", "seeds 000 + 004", "rewrite"),
    ("3e", "Exalted 3rd edition", "seed 003", None),
    ("impulse", "Impulse homebrew", "seed 001", None),
    ("pool-and-ward", "Pool & Ward", "seed 002", None),
)

for _name, _title, _seed, _package in _SYSTEMS:
    if _package is not None:
        importlib.import_module(f"{__name__}.{_package}")


def systems() -> tuple[RulesetInfo, ...]:
    """Every combat system the program is for, and whether it can run a fight yet."""
    return tuple(
        RulesetInfo(name, title, seed, package is not None,
                    "" if package is not None else "not available yet")
        for name, title, seed, package in _SYSTEMS
    )


def title_of(name: str) -> str:
    """A ruleset's title for menus and the window's title bar."""
    return get_ruleset(name).title
