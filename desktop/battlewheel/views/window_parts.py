"""What the window lends its parts, declared below every part and the window.

No part is handed the window. Each is given the few objects it uses: the combat model
(its undo stack with it), the campaign files, a parent widget, a way to say a line in
the status bar, and, for the File and Combats menus, the ``CampaignScreen``: the
campaign on screen, which they save, replace or mark changed. The window builds its
own parts (the turn menu, the File menu) with these; the parts that storage adds
later (the roster dock, the Roster menu, printing, File > Combats) are installed
from a ``WindowParts``, the same objects gathered in one plain value that the
window's ``parts()`` gives. This module imports no part, so no part's import comes
back round to it; ``tests/test_circles.py`` keeps it so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QWidget

if TYPE_CHECKING:
    from battlewheel.engine.core.session import CombatSession
    from battlewheel.models.combat_model import CombatModel
    from battlewheel.models.files import CampaignFiles

# A line in the status bar, for as long as the window's lines stay.
Say = Callable[[str], None]


class CampaignScreen(Protocol):
    """The campaign on screen: its file, its name and whether it differs from the file."""

    path: Path | None
    campaign_name: Callable[[], str] | None
    # The combat on screen, when the campaign has several (File > Combats sets it).
    combat_name: Callable[[], str | None] | None

    def title_name(self) -> str:
        """What the title calls the open campaign."""

    def has_unsaved_changes(self) -> bool:
        """True while the combat or the campaign around it differs from its file."""

    def mark_campaign_changed(self) -> None:
        """Note a change outside the combat's history as unsaved."""

    def show_session(self, session: CombatSession, path: Path | None) -> None:
        """Show another combat (from a file, or none)."""

    def show_file(self, path: Path | None, *, unsaved: bool = False) -> None:
        """Name the file the combat on screen belongs to."""


@dataclass(frozen=True)
class WindowParts:
    """What the window lends the parts that storage installs into it; not the window."""

    # Parent of their actions, boxes and docks; where docks and menus are added.
    frame: QMainWindow
    combat: CombatModel
    files: CampaignFiles | None
    # The window's named actions: a part adds its own, and finds where to insert them.
    actions: dict[str, QAction]
    file_menu: QMenu
    # The docks View > Docks and Reset layout look after.
    docks: list[QDockWidget]
    # The wheel's viewport, where characters dragged from the roster are dropped.
    wheel: QWidget
    screen: CampaignScreen
    # Before the campaign on screen is put away: Save, Discard or Cancel (False).
    keep_or_drop_changes: Callable[[str], bool]
    say: Say


class LendsParts(Protocol):
    """A window that lends its parts what they use (``MainWindow``)."""

    def parts(self) -> WindowParts:
        """The objects the window lends the parts installed into it."""
