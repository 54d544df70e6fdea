"""A combat system's declaration: the one value its package gives, read without its rules.

A ruleset is a package under ``engine/rulesets/`` whose ``__init__.py`` holds
``SYSTEM = System(...)``: its name, title, seed, whether the table can play it yet, and
what it can do (``capabilities``). ``engine/rulesets/__init__.py`` finds the packages by
themselves and reads only that value; the rules (``<package>.ruleset``, which registers
the ``Ruleset``) load when first asked for. So that reading a declaration stays cheap, a
package's ``__init__.py`` imports nothing else at once: the names it offers come from
its ``exports`` module on first use (``exported_lazily``).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

FORECAST = "forecast"
"""The system has an autopilot, so the encounter forecast can play its fights."""
EDITOR = "editor"
"""The character editor has a form for the system's stat block."""
CARRY = "carry"
"""What a fight leaves on a character carries to the next (its ``lasting`` rules)."""
CAPABILITIES = (FORECAST, EDITOR, CARRY)
EVERY_CAPABILITY = frozenset(CAPABILITIES)
"""What a full system declares (a system that lacks one names the ones it has)."""


@dataclass(frozen=True)
class System:
    """What a ruleset package says of itself (its ``SYSTEM``)."""

    name: str
    title: str
    seed: str
    playable: bool = True
    capabilities: frozenset[str] = field(default_factory=frozenset)
    listed: int = 100  # where File > New combat lists it: lowest first, then by package

    def __post_init__(self) -> None:
        unknown = sorted(set(self.capabilities) - set(CAPABILITIES))
        if unknown:
            raise ValueError(f"{self.name}: unknown capabilities {unknown}; "
                             f"known: {', '.join(CAPABILITIES)}")

    def can(self, capability: str) -> bool:
        """Whether the system declares ``capability`` (one of ``CAPABILITIES``)."""
        return capability in self.capabilities


def exported_lazily(package: str) -> Callable[[str], Any]:
    """A package's ``__getattr__`` handing out the names of its ``exports`` module.

    ``from battlewheel.engine.rulesets.ex3 import Attack`` works as before, and loads
    the rules the first time a name is asked for, never when the declaration is read.
    """

    def __getattr__(name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        # ``from package import handlers`` asks for the attribute before importing the
        # submodule: a submodule is imported as itself, never through ``exports``.
        if importlib.util.find_spec(f"{package}.{name}") is not None:
            return importlib.import_module(f"{package}.{name}")
        exports = importlib.import_module(f"{package}.exports")
        try:
            value = getattr(exports, name)
        except AttributeError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        setattr(sys.modules[package], name, value)  # asked once: found directly after
        return value

    return __getattr__


class ModuleOnFirstUse:
    """A ruleset's module read from the class but imported only when first read: the
    forecast's autopilot is never needed before the first paint, so start-up skips it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.module: Any = None

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        # Kept once imported: a playout reads it several times an action.
        if self.module is None:
            self.module = importlib.import_module(self.name)
        return self.module
