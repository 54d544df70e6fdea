"""The rulesets by name: registered when their package is loaded, loaded when first asked for.

The core never names a ruleset: it asks the rulesets package (``engine/rulesets/``) to
load the one asked for, whose ``ruleset.py`` registers itself (``register_ruleset``).
"""

from __future__ import annotations

import importlib

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.ruleset_rules import Ruleset

_REGISTRY: dict[str, Ruleset] = {}
_PLUGINS = "battlewheel.engine.rulesets"


def register_ruleset(ruleset: Ruleset) -> Ruleset:
    """Make a ruleset available by its name."""
    _REGISTRY[ruleset.name] = ruleset
    return ruleset


def _load_plugins(name: str | None = None) -> None:
    # The rulesets register themselves when their package is imported; the core never
    # names one, it only asks the rulesets package to load the one asked for (or all).
    importlib.import_module(_PLUGINS).load(name)


def get_ruleset(name: str) -> Ruleset:
    """The ruleset registered under ``name``; an unknown name is refused with the known ones."""
    if name not in _REGISTRY:
        _load_plugins(name)
    if name not in _REGISTRY:
        _load_plugins()
    if name not in _REGISTRY:
        known = ", ".join(sorted(_REGISTRY))
        raise IllegalAction("ruleset", f"unknown ruleset {name!r}; known: {known}")
    return _REGISTRY[name]


def ruleset_known(name: str) -> bool:
    """Whether ``name`` is a ruleset's, registered or not yet loaded (loads nothing)."""
    return name in _REGISTRY or bool(importlib.import_module(_PLUGINS).known(name))


def ruleset_names() -> tuple[str, ...]:
    """Every registered ruleset's name."""
    _load_plugins()
    return tuple(_REGISTRY)
