"""The combat systems, side by side, found by themselves: no list of them to keep.

Every package here is a ruleset that declares itself in its ``__init__.py`` (``SYSTEM``,
an ``engine.core.system.System``). This module finds the packages, reads only that value
(cheap: a package's ``__init__`` imports nothing of its rules), and imports a package's
``ruleset`` module, which registers its ``Ruleset``, when the ruleset is first asked for
(``get_ruleset``): a program that shows one 2e fight does not pay for three other
engines at start-up. A system is offered for a new fight once it declares itself
playable (its dialogs built too).
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from battlewheel.engine.core.contract import RulesetInfo
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.core.system import System


@cache
def declared() -> dict[str, tuple[str, System]]:
    """Each system's name -> (its package's name here, its declaration), in the order
    File > New combat lists them (each declaration's ``listed``, then the package name)."""
    found: dict[str, tuple[str, System]] = {}
    for package in _packages():
        system = getattr(importlib.import_module(f"{__name__}.{package}"), "SYSTEM", None)
        if not isinstance(system, System):
            raise TypeError(f"{__name__}.{package} declares no SYSTEM (engine.core.system)")
        if system.name in found:
            raise ValueError(f"two packages declare the ruleset {system.name!r}: "
                             f"{found[system.name][0]} and {package}")
        found[system.name] = (package, system)
    return dict(sorted(found.items(), key=lambda item: (item[1][1].listed, item[1][0])))


def _packages() -> list[str]:
    return [info.name for info in pkgutil.iter_modules(__path__) if info.ispkg]


def package_of(name: str) -> str | None:
    """The package (under ``engine/rulesets/``) that declares ruleset ``name``, or None."""
    entry = declared().get(name)
    return entry[0] if entry is not None else None


def load(name: str | None = None) -> None:
    """Import (so register) the ruleset called ``name``, or every one if None or unknown."""
    package = package_of(name) if name is not None else None
    wanted = [package] if package is not None else [p for p, _ in declared().values()]
    for each in wanted:
        importlib.import_module(f"{__name__}.{each}.ruleset")


def known(name: str) -> bool:
    """Whether ``name`` is one of the systems' rulesets (imports none of their rules)."""
    return name in declared()


def systems() -> tuple[RulesetInfo, ...]:
    """Every combat system found, and whether a fight can be run in it yet."""
    return tuple(
        RulesetInfo(system.name, system.title, system.seed, system.playable,
                    "" if system.playable else "not available yet (rules built, dialogs to come)")
        for _package, system in declared().values()
    )


def title_of(name: str) -> str:
    """A ruleset's title for menus and the window's title bar (a system's, loading nothing)."""
    entry = declared().get(name)
    return entry[1].title if entry is not None else get_ruleset(name).title
