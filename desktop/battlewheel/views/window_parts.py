"""What the window's parts may use of the window, declared below it.

The File, Combats and turn menus, the roster and sheet docks, the player screen, the
pocket gestures, the printing actions and the rulesets' turn dialogs are built by
``main_window.py``; each is handed the window as a ``WindowParts``: the combat model,
the campaign files, the actions by name, the File menu, the wheel, a status bar for
messages. ``MainWindow`` is a ``WindowParts``, so the parts never import it back and
the window's module sits above them all (``tests/test_layers.py`` keeps it so).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

if TYPE_CHECKING:
    from battlewheel.engine.core.session import CombatSession
    from battlewheel.models.combat_model import CombatModel
    from battlewheel.models.files import CampaignFiles
    from battlewheel.views.combats_menu import CombatsMenu
    from battlewheel.views.docks import CombatantsDock
    from battlewheel.views.file_menu import FileMenu
    from battlewheel.views.log_dock import LogDock
    from battlewheel.views.notice import WheelNotice
    from battlewheel.views.odds_dock import AttackOdds, OddsProvider
    from battlewheel.views.turn_menu import TurnMenu
    from battlewheel.views.wheel.scene import WheelScene
    from battlewheel.views.wheel.view import WheelView


class WindowParts(QMainWindow):
    """The window as its parts see it; ``MainWindow`` fills every name in."""

    combat: CombatModel
    files: CampaignFiles | None
    path: Path | None
    campaign_name: Callable[[], str] | None
    combat_name: Callable[[], str | None] | None
    combats_menu: CombatsMenu | None
    actions_by_name: dict[str, QAction]
    file_menu: QMenu
    file_ops: FileMenu
    turn: TurnMenu
    scene: WheelScene
    wheel_view: WheelView
    notice: WheelNotice
    docks: list[QDockWidget]
    combatants_dock: CombatantsDock
    log_dock: LogDock

    def title_name(self) -> str:
        """What the title calls the open campaign."""
        raise NotImplementedError

    def has_unsaved_changes(self) -> bool:
        """True while the combat or the campaign around it differs from its file."""
        raise NotImplementedError

    def mark_campaign_changed(self) -> None:
        """Note a change outside the combat's history as unsaved."""
        raise NotImplementedError

    def show_session(self, session: CombatSession, path: Path | None) -> None:
        """Show another combat (from a file, or none)."""
        raise NotImplementedError

    def show_file(self, path: Path | None, *, unsaved: bool = False) -> None:
        """Name the file the combat on screen belongs to."""
        raise NotImplementedError

    def show_odds(self, provider: OddsProvider, dv: int) -> None:
        """Show an attack's odds in the odds dock."""
        raise NotImplementedError

    def show_odds_now(self, odds: AttackOdds | None) -> None:
        """Show odds already worked out."""
        raise NotImplementedError
