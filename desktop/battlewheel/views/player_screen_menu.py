"""View > Player screen: the GM's side of the players' window (see ``views.player_screen``).

The menu and its keys are there from the start; the players' window, and its modules,
only once the GM first opens it.

    control = PlayerScreenControl(window, combat, actions_by_name, view_menu)
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QScreen
from PySide6.QtWidgets import QMenu, QStyle, QWidget

from battlewheel.models.combat_model import CombatModel
from battlewheel.views.menu_text import menu_text

if TYPE_CHECKING:
    from battlewheel.views.player_screen import PlayerScreen

FULL_SCREEN_KEY = "F11"


class PlayerScreenControl(QObject):
    """The GM's side of the player screen: View > Player screen and its submenu."""

    def __init__(
        self,
        window: QWidget,
        combat: CombatModel,
        actions_by_name: dict[str, QAction],
        view_menu: QMenu,
    ) -> None:
        """``window``, the GM's, owns the actions; ``actions_by_name`` is its named list."""
        super().__init__(window)
        self.window = window
        self.combat = combat
        self.actions_by_name = actions_by_name
        self._screen: PlayerScreen | None = None  # built when first opened, not at start-up
        self.toggle = self._action("player_screen", "&Player screen",
                                   "A second window for the players: a TV or a second monitor")
        self.toggle.setCheckable(True)
        self.toggle.toggled.connect(self.set_open)
        self.full = self._action("player_full_screen", "Player screen &full screen",
                                 "Fill the player screen's monitor (F11 again to go back)")
        self.full.setShortcut(QKeySequence(FULL_SCREEN_KEY))
        self.full.setCheckable(True)
        self.full.setEnabled(False)
        self.full.toggled.connect(lambda on: self.screen_window.set_full_screen(on))
        menu = view_menu.addMenu("Player scree&n")
        menu.setObjectName("playerScreenMenu")
        menu.addAction(self.toggle)
        menu.addAction(self.full)
        self.screens_menu = menu.addMenu("Show &on")
        self.screens_menu.aboutToShow.connect(self._fill_screens)
        self.names_menu = menu.addMenu("Enemy &names")
        self.names_menu.aboutToShow.connect(self._fill_names)
        self.menu = menu

    @property
    def screen_window(self) -> PlayerScreen:
        """The players' window (a second wheel scene and its docks), made on first use."""
        if self._screen is None:
            from battlewheel.views.player_screen import PlayerScreen

            self._screen = PlayerScreen(self.combat, self.window)
            self._screen.hide()
        return self._screen

    def hidden_enemies(self, enemies: Collection[str]) -> set[str]:
        """Which of ``enemies`` the players see unnamed: all of them until the players'
        window is first opened, then those it hides, and newcomers it has not yet seen
        while it hides newcomers (the shared page hides what this screen hides)."""
        screen = self._screen
        if screen is None:
            return set(enemies)
        unseen = set(enemies) - screen.seen if screen.hide_newcomers else set()
        return (set(screen.hidden) | unseen) & set(enemies)

    def _action(self, name: str, text: str, tip: str) -> QAction:
        action = QAction(text, self.window)
        action.setObjectName(name)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        self.window.addAction(action)  # its key works wherever the GM's focus is
        self.actions_by_name[name] = action
        return action

    def set_open(self, on: bool) -> None:
        """Show the player screen (on the last screen, a second monitor if there is one)."""
        screen = self.screen_window
        if not on:
            self.full.setChecked(False)
            screen.hide()
        else:
            if not screen.isVisible():
                self.place(QGuiApplication.screens()[-1])
            screen.show()
        self.full.setEnabled(on)
        if self.toggle.isChecked() != on:
            self.toggle.setChecked(on)

    def place(self, where: QScreen) -> None:
        """Put the player screen on ``where``: all of a monitor of its own, or the lower
        right of the GM's (so it does not cover the GM's window until F11 asks it to)."""
        window = self.screen_window
        window.put_on(where)
        if where is self.window.screen() and not window.isFullScreen():
            area = where.availableGeometry()
            size = (area.size() * 2 / 3).expandedTo(window.minimumSizeHint())
            corner = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom
            window.setGeometry(QStyle.alignedRect(Qt.LayoutDirection.LeftToRight, corner,
                                                  size.boundedTo(area.size()), area))

    def _fill_screens(self) -> None:
        self.screens_menu.clear()
        for screen in QGuiApplication.screens():
            size = screen.size()
            text = f"{screen.name()} ({size.width()} \u00d7 {size.height()})"
            action = self.screens_menu.addAction(text)
            action.setCheckable(True)
            action.setChecked(self.screen_window.screen() is screen)
            action.triggered.connect(lambda _on=False, s=screen: self.show_on(s))

    def show_on(self, screen: QScreen) -> None:
        """Open the player screen on ``screen``."""
        self.set_open(True)
        self.place(screen)

    def _fill_names(self) -> None:
        from battlewheel.views.player_board import board

        menu, screen = self.names_menu, self.screen_window
        menu.clear()
        session = self.combat.session
        rows = board(session.ruleset, session.state, ()).enemies
        for row in rows:
            action = menu.addAction(f"Show {menu_text(row.name)}")
            action.setCheckable(True)
            action.setChecked(row.id not in screen.hidden)
            action.toggled.connect(lambda on, cid=row.id: screen.set_hidden(cid, not on))
        if not rows:
            menu.addAction("No enemies in this fight").setEnabled(False)
        menu.addSeparator()
        newcomers = menu.addAction("Hide enemies' names as they join")
        newcomers.setCheckable(True)
        newcomers.setChecked(screen.hide_newcomers)
        newcomers.toggled.connect(lambda on: setattr(screen, "hide_newcomers", on))
