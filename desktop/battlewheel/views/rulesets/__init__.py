"""Each ruleset's own views: the dialogs of its turn, opened by name from the shared window.

The shared window reads a ruleset's turn actions from the engine's contract; an entry
that needs a dialog names it, and the ruleset's views package, registered here, builds
it. The shared views import this module only, never a ruleset's package.

A dialog is handed a ``DialogHost``: its parent and what the window lends it (the odds
dock, the log, the counter selected on the wheel, the turn menu that keeps a follow-on
dialog open, the status bar), never the window itself. A sheet's button, or a test,
hands a bare parent widget: its dialogs then show no odds and keep nothing open.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QWidget

from battlewheel.engine.core.contract import Odds
from battlewheel.engine.rulesets import package_of

if TYPE_CHECKING:
    from battlewheel.models.combat_model import CombatModel

# Builds the odds for a given DV, so the odds dock's DV box can ask again.
OddsProvider = Callable[[int], Odds]


def _nothing(*_args: object) -> None:
    return None


def _no_one() -> str | None:
    return None


@dataclass(frozen=True)
class DialogHost:
    """What a ruleset's dialog may use of the window that opens it."""

    parent: QWidget
    # The odds dock: odds a provider works out for a DV, or odds already worked out.
    show_odds: Callable[[OddsProvider, int], None] | None = None
    show_odds_now: Callable[[Odds | None], None] | None = None
    raise_log: Callable[[], None] = _nothing
    # The counter selected on the wheel (a dialog about "the chosen fighter" starts there).
    selected: Callable[[], str | None] = _no_one
    # Keeps a dialog opened after another (a chooser's answer) alive until it closes.
    keep_open: Callable[[QDialog], object] | None = None
    # A line in the status bar.
    say: Callable[[str], None] = _nothing

    @classmethod
    def of(cls, where: QWidget | DialogHost) -> DialogHost:
        """The host itself, or a bare parent widget as a host that lends nothing."""
        return where if isinstance(where, DialogHost) else cls(where)


# (host or bare parent, combat, dialog name, the combatant it is about or None) -> dialog
DialogOpener = Callable[["QWidget | DialogHost", "CombatModel", str, "str | None"],
                        "QDialog | None"]

# A ruleset's views are found by its engine package's name (views/rulesets/<package>/,
# if the folder exists); tests name the views of rulesets they define themselves.
_PACKAGES: dict[str, str] = {}
_OPENERS: dict[str, DialogOpener] = {}


def register_dialogs(ruleset: str, opener: DialogOpener) -> None:
    """Make a ruleset's dialogs openable by name (its views package calls this)."""
    _OPENERS[ruleset] = opener


def add_package(ruleset: str, package: str) -> None:
    """Name the views package of a ruleset defined elsewhere (tests bring their own)."""
    _PACKAGES[ruleset] = package


def opener_for(ruleset: str) -> DialogOpener | None:
    """The dialog opener of a ruleset, loading its views package the first time."""
    if ruleset not in _OPENERS:
        package = _PACKAGES.get(ruleset) or _views_package(ruleset)
        if package is not None:
            importlib.import_module(package if "." in package else f"{__name__}.{package}")
    return _OPENERS.get(ruleset)


def _views_package(ruleset: str) -> str | None:
    # The views package named as the ruleset's engine package, where there is one.
    engine_package = package_of(ruleset)
    if engine_package is None or importlib.util.find_spec(f"{__name__}.{engine_package}") is None:
        return None
    return engine_package


class NoDialog(LookupError):
    """The combat's ruleset has no views package, or no dialog of that name."""


def build_dialog(
    host: QWidget | DialogHost, combat: CombatModel, name: str, subject: str | None = None
) -> QDialog | None:
    """Build the dialog ``name`` of the combat's ruleset (None: it acted without one)."""
    ruleset = combat.session.ruleset
    opener = opener_for(ruleset.name)
    if opener is None:
        raise NoDialog(f"{ruleset.title} has no dialog {name!r} in this program yet")
    return opener(host, combat, name, subject)
