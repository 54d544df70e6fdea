"""The combat systems, side by side: each package registers one ruleset when imported.

``SYSTEMS`` lists all four the program exists for, so File > New combat can show the
ones whose package has not landed yet as not available.
"""

from __future__ import annotations

import importlib

from battlewheel.engine.core.contract import RulesetInfo
from battlewheel.engine.core.ruleset import get_ruleset

# name, title, seed, package, playable at the table (its views and dialogs are built)
_SYSTEMS: tuple[tuple[str, str, str, str, bool], ...] = (
    ("2e-rewrite", "Exalted 2e (combat rewrite)", "seeds 000 + 004", "rewrite", True),
    ("3e", "Exalted 3rd edition", "seed 003", "ex3", True),
    ("impulse", "Impulse homebrew", "seed 001", "impulse", True),
    ("pool-and-ward", "Pool & Ward", "seed 002", "poolward", True),
)

# Every engine registers, so its logs replay (``battlewheel replay``) and its files are
# read and checked like any other; a system is offered for a new fight only once its
# dialogs are built too. A package is imported when its ruleset is first asked for
# (``get_ruleset``), not with this module: a program that shows one 2e fight does not
# pay for three other engines at start-up.
_PACKAGES = {name: package for name, _title, _seed, package, _playable in _SYSTEMS}


def load(name: str | None = None) -> None:
    """Import (so register) the ruleset called ``name``, or every one if None or unknown."""
    package = _PACKAGES.get(name) if name is not None else None
    for wanted in [package] if package is not None else list(_PACKAGES.values()):
        importlib.import_module(f"{__name__}.{wanted}")


def known(name: str) -> bool:
    """Whether ``name`` is one of the systems' rulesets (imports none of them)."""
    return name in _PACKAGES


def systems() -> tuple[RulesetInfo, ...]:
    """Every combat system the program is for, and whether a fight can be run in it yet."""
    return tuple(
        RulesetInfo(name, title, seed, playable,
                    "" if playable else "not available yet (rules built, dialogs to come)")
        for name, title, seed, _package, playable in _SYSTEMS
    )


def title_of(name: str) -> str:
    """A ruleset's title for menus and the window's title bar (a system's, loading nothing)."""
    titles = {system: title for system, title, _seed, _package, _playable in _SYSTEMS}
    return titles[name] if name in titles else get_ruleset(name).title
