"""Each ruleset's own views: the dialogs of its turn, opened by name from the shared window.

The shared window reads a ruleset's turn actions from the engine's contract; an entry
that needs a dialog names it, and the ruleset's views package, registered here, builds
it. The shared views import this module only, never a ruleset's package.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QWidget

if TYPE_CHECKING:
    from battlewheel.models.combat_model import CombatModel

# (window, combat, dialog name, the combatant it is about or None) -> the dialog to open
DialogOpener = Callable[[QWidget, "CombatModel", str, "str | None"], "QDialog | None"]

# ruleset name -> the views package that holds its dialogs
_PACKAGES = {
    "2e-rewrite": "rewrite",
    "3e": "ex3",
    "impulse": "impulse",
    "pool-and-ward": "poolward",
}
_OPENERS: dict[str, DialogOpener] = {}


def register_dialogs(ruleset: str, opener: DialogOpener) -> None:
    """Make a ruleset's dialogs openable by name (its views package calls this)."""
    _OPENERS[ruleset] = opener


def add_package(ruleset: str, package: str) -> None:
    """Name the views package of a ruleset defined elsewhere (tests bring their own)."""
    _PACKAGES[ruleset] = package


def opener_for(ruleset: str) -> DialogOpener | None:
    """The dialog opener of a ruleset, loading its views package the first time."""
    if ruleset not in _OPENERS and ruleset in _PACKAGES:
        package = _PACKAGES[ruleset]
        importlib.import_module(package if "." in package else f"{__name__}.{package}")
    return _OPENERS.get(ruleset)


class NoDialog(LookupError):
    """The combat's ruleset has no views package, or no dialog of that name."""


def build_dialog(
    window: QWidget, combat: CombatModel, name: str, subject: str | None = None
) -> QDialog | None:
    """Build the dialog ``name`` of the combat's ruleset (None: it acted without one)."""
    ruleset = combat.session.ruleset
    opener = opener_for(ruleset.name)
    if opener is None:
        raise NoDialog(f"{ruleset.title} has no dialog {name!r} in this program yet")
    return opener(window, combat, name, subject)
