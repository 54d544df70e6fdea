"""What the window's parts may use of the window, declared below it.

The parts that ``main_window.py`` builds never import it back. The small ones are
handed just what they use (the pocket gestures a ``PocketParts``; the sheet docks,
the player screen and the forecast their parent, the combat and a callback or two).
Those that add to the window's menus and read much of it (the File, Combats and
turn menus, the roster dock, the import menu, the printing actions, the rulesets'
turn dialogs) are handed the window as a ``WindowParts``: the names below, declared
under them. ``MainWindow`` is a ``WindowParts``; ``tests/test_circles.py`` keeps the
circle broken.
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
