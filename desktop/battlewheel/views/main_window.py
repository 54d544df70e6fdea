"""The main window: the wheel in the centre, docks around it, keyboard-first actions.

The window wires views to the `CombatModel`: a drop on the wheel becomes the action
the combat's ruleset gives it; the model's signals repaint the wheel; a refusal shows in
the status bar. The turn's entries (Combat menu and toolbar) come from the ruleset's
contract, so the window serves every combat system alike. Nothing here changes the
combat except through the model's undo stack.
"""

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QChildEvent, QEvent, QObject, QPoint, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDockWidget,
    QLabel,
    QMainWindow,
    QStyle,
    QToolBar,
    QWidget,
)

from battlewheel import APP_NAME, __version__
from battlewheel.bundled import resource
from battlewheel.models.combat_model import CombatModel
from battlewheel.models.combatants_model import CombatantsModel
from battlewheel.models.files import CampaignFiles
from battlewheel.models.log_model import CombatLogModel
from battlewheel.views import settings as prefs
from battlewheel.views import theme
from battlewheel.views.docks import CombatantsDock, bring_forward
from battlewheel.views.file_menu import FileMenu
from battlewheel.views.held_width import HeldWidth
from battlewheel.views.history_dock import HistoryDock
from battlewheel.views.log_dock import LogDock
from battlewheel.views.notice import WheelNotice
from battlewheel.views.player_screen_menu import PlayerScreenControl
from battlewheel.views.pocket_gestures import (
    PocketParts,
    fire_counter,
    hint_for_drag,
    pocket_counter,
)
from battlewheel.views.refusals import rule_tip, split_refusal
from battlewheel.views.rulesets import DialogHost
from battlewheel.views.sheet_docks import SheetDocks
from battlewheel.views.toolbar_changes import ToolbarChanges
from battlewheel.views.turn_menu import COMBAT_OVER, TurnMenu
from battlewheel.views.wheel.scene import WheelScene
from battlewheel.views.wheel.view import WheelView
from battlewheel.views.window_parts import WindowParts

if TYPE_CHECKING:  # the odds (pyqtgraph) and History's parts are loaded when first used
    from PySide6.QtWidgets import QListView

    from battlewheel.engine.core.contract import DropVerdict
    from battlewheel.engine.core.session import CombatSession
    from battlewheel.views.combats_menu import CombatsMenu
    from battlewheel.views.odds_dock import AttackOdds, OddsProvider
    from battlewheel.views.rewind import RewindControl

STATUS_MS = 10_000
FIRST_SIZE = (1400, 900)  # the window at first start, if the screen is that large


class MainWindow(QMainWindow):
    """The program's window over one combat.

    Its parts are handed what they use, never the window: the turn menu a
    ``DialogHost``, the File menu the combat, the files and the window as the
    ``CampaignScreen``; what storage installs later, the ``WindowParts`` of ``parts()``.
    """

    # The wheel has been painted for the first time (start-up is over).
    firstPainted = Signal()

    def __init__(
        self,
        combat: CombatModel,
        *,
        settings: QSettings,
        text_scale: prefs.TextScale | None = None,
        files: CampaignFiles | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.combat = combat
        if combat.parent() is None:
            combat.setParent(self)  # the model (and its undo stack) lives as long as we do
        self.settings = settings
        self.text_scale = text_scale
        self.files = files
        self.path: Path | None = None
        # The campaign's own name (storage sets it); without it the title names the file.
        self.campaign_name: Callable[[], str] | None = None
        # The combat on screen, when the campaign has several (views.combats_menu sets it).
        self.combat_name: Callable[[], str | None] | None = None
        self.combats_menu: CombatsMenu | None = None  # app.wire_storage installs it
        # Unsaved changes the undo stack does not hold: roster imports, a restored journal.
        self._campaign_changed = False
        # Dock widths before larger text was switched on, given back when it goes off.
        self._normal_widths: dict[QDockWidget, int] = {}
        self.actions_by_name: dict[str, QAction] = {}
        # The GM's theme is shown before anything is built, so the first paint is in it.
        theme.show(theme.resolve(theme.chosen(settings)))
        self._theme_follower = theme.SystemFollower(lambda: theme.chosen(self.settings), self)
        self._turn_keys: set[str] = set()
        self._menu_separators: list[QAction] = []
        self._build_wheel()
        self._build_docks()
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self._build_status()
        self._connect_model()
        self._first_size()
        self.restore_layout()
        self._show_wheel()

    # -- building ---------------------------------------------------------------------
    def _first_size(self) -> None:
        # 1400x900 where the screen has room; on a 1366x768 laptop the window would
        # hang off the bottom, status bar and all, so it takes the room there is, less
        # a title bar the window manager adds above it.
        area = self.screen().availableGeometry()
        title = self.style().pixelMetric(QStyle.PixelMetric.PM_TitleBarHeight)
        self.resize(min(FIRST_SIZE[0], area.width()), min(FIRST_SIZE[1], area.height() - title))

    def _build_wheel(self) -> None:
        self.scene = WheelScene(self)
        self.wheel_view = WheelView(self.scene, self)
        self.setCentralWidget(self.wheel_view)
        self.notice = WheelNotice(self.wheel_view)
        self._painted = False
        self.wheel_view.viewport().installEventFilter(self)
        self.scene.counterDropped.connect(self.drop_counter)
        self.scene.counterDropMissed.connect(
            lambda _cid: self.statusBar().showMessage(
                "Drop a counter on a slot of the wheel to move it.", STATUS_MS
            )
        )
        self.scene.counterSelected.connect(self.select_combatant)
        self.scene.counterMenuRequested.connect(self._counter_menu)
        pocket = PocketParts(self.combat, self.scene, self, self._say)
        self.scene.counterPocketed.connect(lambda cid: pocket_counter(pocket, cid))
        self.scene.counterFired.connect(lambda cid, slot: fire_counter(pocket, cid, slot))
        self.scene.dragOver.connect(lambda cid, how, slot: hint_for_drag(pocket, cid, how, slot))

    def _build_docks(self) -> None:
        self.setDockOptions(
            QMainWindow.DockOption.AnimatedDocks
            | QMainWindow.DockOption.AllowTabbedDocks
            | QMainWindow.DockOption.AllowNestedDocks
        )
        self.combatants_model = CombatantsModel(self.combat, self)
        self.log_model = CombatLogModel(self.combat, self)
        self.combatants_dock = CombatantsDock(
            self.combatants_model, self, settings=self.settings
        )
        self.combatants_dock.combatantChosen.connect(self.select_combatant)
        self.log_dock = LogDock(self.log_model, self)
        self.odds_dock = self._odds_placeholder()
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        # Left: the roster above the log, the odds charts a tab behind the log; right:
        # the character sheets (added after first paint), tabbed, at full height.
        self.addDockWidget(left, self.combatants_dock)
        self.addDockWidget(left, self.log_dock)
        self.tabifyDockWidget(self.log_dock, self.odds_dock)
        self.history_dock = self._history_dock()
        self.tabifyDockWidget(self.log_dock, self.history_dock)
        self.log_dock.raise_()
        self.docks: list[QDockWidget] = [
            self.combatants_dock,
            self.log_dock,
            self.odds_dock,
            self.history_dock,
        ]
        # Character sheets are many widgets each: they are built just after first paint.
        self.sheets = SheetDocks(self, self.combat, self._select_elsewhere)
        self.sheet_docks = self.sheets.docks
        self.resizeDocks([self.combatants_dock], [360], Qt.Orientation.Horizontal)

    def _select_elsewhere(self, combatant_id: str) -> None:
        """A sheet's tab was chosen: select its counter and its roster row."""
        self.scene.select_counter(combatant_id)
        self.combatants_dock.select(combatant_id)

    def _history_dock(self) -> HistoryDock:
        # The undo stack as a list: a click previews that step; Rewind to here goes back.
        # A tab behind the log: its list and the preview's banner (a score of widgets)
        # are built just after the first paint (_after_first_paint), or when first used.
        self._rewind: RewindControl | None = None
        dock = HistoryDock(self.combat, self, later=True)
        dock.listBuilt.connect(self._rewind_control)  # a line clicked finds it there
        return dock

    @property
    def rewind(self) -> "RewindControl":
        """History's preview of an earlier step, and Rewind to here (built on first use)."""
        return self._rewind_control()

    @property
    def history_view(self) -> "QListView":
        """History's list (built on first use)."""
        return self.history_dock.view

    def _rewind_control(self) -> "RewindControl":
        if self._rewind is None:
            from battlewheel.views.rewind import RewindControl

            self._rewind = RewindControl(self.combat, self.history_dock, self.wheel_view,
                                         self.statusBar())
        return self._rewind

    def _odds_placeholder(self) -> QDockWidget:
        # The charts need pyqtgraph (and numpy), which take longer to import than the
        # rest of the window takes to appear: the dock is filled when its tab is first
        # brought forward, or when an attack's odds are first shown.
        dock = QDockWidget("Odds", self)
        dock.setObjectName("oddsDock")
        dock.setWidget(QLabel("Loading the odds charts…", dock))
        dock.visibilityChanged.connect(self._odds_shown)
        return dock

    def _odds_shown(self, visible: bool) -> None:
        # Before the first paint (a saved layout with the odds in front) the charts
        # wait for it, so the window appears first.
        if visible and self._painted:
            self.load_odds_panel()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Notice the wheel's first paint, then finish what start-up left for later;
        take the keys back when a dialog of ours closes."""
        if event.type() == QEvent.Type.Hide and isinstance(watched, QDialog):
            QTimer.singleShot(0, self._take_keys_back)
        if not self._painted and event.type() == QEvent.Type.Paint:
            self._painted = True
            QTimer.singleShot(0, self._after_first_paint)
        return super().eventFilter(watched, event)

    def _after_first_paint(self) -> None:
        self.firstPainted.emit()
        # Keys go to the wheel from the start (with no window manager, as under Xvfb,
        # nothing else would make the window active).
        self.activateWindow()
        self.wheel_view.setFocus(Qt.FocusReason.ActiveWindowFocusReason)
        self.sheets.start()
        QTimer.singleShot(0, self.history_dock.fill)  # an event of its own, after the sheets
        if self._odds_in_front():  # a saved layout with the odds tab in front
            self.load_odds_panel()
        if not self._layout_restored:
            self._give_sheets_room()

    def _odds_in_front(self) -> bool:
        dock = self.odds_dock
        return dock.isVisible() and not dock.visibleRegion().isEmpty()

    def _give_sheets_room(self) -> None:
        # The wheel keeps about half the width: a quarter for the roster and log on
        # the left, a bit more for the sheets on the right, whatever the text size.
        width = self.width()
        first = self.sheets.first()
        docks: list[QDockWidget] = [self.combatants_dock]
        sizes = [round(width * 0.24)]
        if first is not None:
            docks.append(first)
            sizes.append(round(width * 0.30))
        self.resizeDocks(docks, sizes, Qt.Orientation.Horizontal)

    def show_odds(self, provider: "OddsProvider", dv: int) -> None:
        """Show an attack's odds (from the attack dialog) in the odds dock."""
        self.load_odds_panel()
        self.odds_panel.set_provider(provider, dv)
        bring_forward(self, self.odds_dock)

    def show_odds_now(self, odds: "AttackOdds | None") -> None:
        """Show odds already worked out (the DV box then redraws only what it has)."""
        self.load_odds_panel()
        self.odds_panel.set_odds(odds)
        bring_forward(self, self.odds_dock)

    def _clear_odds(self) -> None:
        # Another combat on screen: the last one's attack odds no longer mean anything.
        if not isinstance(self.odds_dock.widget(), QLabel):
            self.odds_panel.set_provider(None)

    def load_odds_panel(self) -> None:
        """Put the odds charts into their dock (once)."""
        if isinstance(self.odds_dock.widget(), QLabel):  # still the placeholder
            from battlewheel.views.odds_dock import OddsPanel

            self.odds_panel = OddsPanel(self.odds_dock)
            self.odds_dock.setWidget(self.odds_panel)

    def _action(
        self, name: str, text: str, shortcut: QKeySequence | str | None, tip: str
    ) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        action.setToolTip(f"{tip} ({keys})" if keys else tip)
        action.setStatusTip(tip)
        self.actions_by_name[name] = action
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        # One Undo for the fight's history and the campaign's roster steps (UndoOrder).
        undo, redo = self.combat.order.actions(self)
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        # Said after the stack has moved: what was taken back, or done again.
        undo.triggered.connect(lambda: self._say_stepped("Undone", 0))
        redo.triggered.connect(lambda: self._say_stepped("Redone", -1))
        for name, action, what in (("undo", undo, "Take back"), ("redo", redo, "Do again")):
            action.setObjectName(name)
            # The menu shows "Undo <what>"; the toolbar button keeps its short name.
            action.setIconText(name.capitalize())
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(f"{what} the last step ({keys})")
            action.setStatusTip(f"{what} the last step")
            self.actions_by_name[name] = action
            self.addAction(action)
        self._build_turn_actions()
        self.file_ops = FileMenu(self, self.combat, self.files, screen=self,
                                 actions=self.actions_by_name, say=self._say)
        self._build_view_actions()

    def _dialog_host(self) -> DialogHost:
        """What the rulesets' dialogs may use of the window: odds dock, log, selection."""
        return DialogHost(self, show_odds=self.show_odds, show_odds_now=self.show_odds_now,
                          raise_log=lambda: bring_forward(self, self.log_dock),
                          selected=self.scene.selected_counter, say=self._say)

    def parts(self) -> WindowParts:
        """What the window lends the parts storage installs into it (roster, printing...)."""
        return WindowParts(
            frame=self, combat=self.combat, files=self.files, actions=self.actions_by_name,
            file_menu=self.file_menu, docks=self.docks, wheel=self.wheel_view.viewport(),
            screen=self, keep_or_drop_changes=self.file_ops.keep_or_drop_changes,
            say=self._say,
        )

    def _build_turn_actions(self) -> None:
        self.turn = TurnMenu(self._dialog_host(), self.combat, warn=self._warn,
                             keys_back=self._keys_to_wheel)
        self._action(
            "next_step",
            "&Next step",
            "Space",
            "Do the next step of the turn, whatever it is (the status bar says which)",
        ).triggered.connect(self.turn.next_step)
        self._action(
            "end_combat",
            "&End the combat\u2026",
            None,
            "Mark this fight over (asks first; Ctrl+Z takes it back)",
        ).triggered.connect(self.end_combat)
        self._action(
            "rulings",
            "R&ulings\u2026",
            None,
            "Every ruling of this combat's system: its meaning, default and current value",
        ).triggered.connect(self.show_rulings)
        self._action(
            "forecast", "&Forecast\u2026", "Ctrl+Shift+F",
            "Play this fight out many times: each side's chance to win, how long it lasts",
        ).triggered.connect(self.show_forecast)
        self._action(
            "add_condition", "Add cond&ition\u2026", "Ctrl+K",
            "Lay a condition on the selected combatant: words, a modifier, how long it lasts",
        ).triggered.connect(lambda: self.add_condition())

    def _build_view_actions(self) -> None:
        larger = self._action(
            "larger_text", "&Larger text", "Ctrl+L", "Bigger type for reading across the table"
        )
        larger.setCheckable(True)
        larger.setChecked(prefs.larger_text(self.settings))
        larger.toggled.connect(self.set_larger_text)
        follow = self._action(
            "sheet_follows_acting",
            "Sheet follows the &acting fighter",
            None,
            "Bring the sheet of whoever acts forward as each turn comes round",
        )
        follow.setCheckable(True)
        follow.setChecked(prefs.sheet_follows_acting(self.settings))
        follow.toggled.connect(lambda on: prefs.set_sheet_follows_acting(self.settings, on))
        self._build_theme_actions()
        self._action(
            "shortcuts", "&Keyboard shortcuts", "F1", "Every key the window answers to"
        ).triggered.connect(self.show_shortcuts)
        self._action(
            "reset_layout", "&Reset layout", None, "Put every dock back where it started"
        ).triggered.connect(self.reset_layout)
        self._action(
            "counter_back",
            "Move counter a segment &back",
            "[",
            "Move the selected counter one segment anticlockwise",
        ).triggered.connect(lambda: self.nudge_selected(-1))
        self._action(
            "counter_on",
            "Move counter a segment &on",
            "]",
            "Move the selected counter one segment clockwise",
        ).triggered.connect(lambda: self.nudge_selected(1))

    def _build_theme_actions(self) -> None:
        group = QActionGroup(self)
        current = theme.chosen(self.settings)
        for choice in theme.CHOICES:
            action = self._action(f"theme_{choice}", theme.CHOICE_LABELS[choice], None,
                                  theme.CHOICE_TIPS[choice])
            action.setCheckable(True)
            action.setChecked(choice == current)
            group.addAction(action)
            action.triggered.connect(lambda _on=False, c=choice: self.set_theme(c))

    def set_theme(self, choice: str) -> None:
        """View > Theme: show ``choice`` at once (every view and dialog) and remember it."""
        theme.remember(self.settings, choice)
        self.actions_by_name[f"theme_{choice}"].setChecked(True)
        theme.show(theme.resolve(choice))

    def theme_name(self) -> str:
        """The GM's theme choice (light, dark or system): the shared page follows it."""
        return theme.chosen(self.settings)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = bar.addMenu("&File")
        self.file_ops.fill(self.file_menu)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.actions_by_name["undo"])
        edit_menu.addAction(self.actions_by_name["redo"])
        self.combat_menu = bar.addMenu("&Combat")
        self.combat_menu.setToolTipsVisible(True)  # a greyed entry's tooltip says why
        view_menu = bar.addMenu("&View")
        view_menu.addAction(self.actions_by_name["larger_text"])
        view_menu.addAction(self.actions_by_name["sheet_follows_acting"])
        theme_menu = view_menu.addMenu("&Theme")
        for choice in theme.CHOICES:
            theme_menu.addAction(self.actions_by_name[f"theme_{choice}"])
        self.player_screen = PlayerScreenControl(
            self, self.combat, self.actions_by_name, view_menu
        )
        self._action("share_with_table", "S&hare with the table\u2026", None,
                     "Serve the player screen, read-only, to the players' phones"
                     ).triggered.connect(self.share_with_table)
        view_menu.addAction(self.actions_by_name["share_with_table"])
        view_menu.addSeparator()
        self.docks_menu = view_menu.addMenu("&Docks")
        for dock in self.docks:
            self.docks_menu.addAction(dock.toggleViewAction())
        view_menu.addAction(self.actions_by_name["reset_layout"])
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.actions_by_name["shortcuts"])
        help_menu.addAction("&Reading the wheel", self.legend)
        help_menu.addAction("&About Battlewheel", self.about)

    def _build_toolbar(self) -> None:
        toolbar = QToolBar("Combat", self)
        toolbar.setObjectName("combatToolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        toolbar.setStyleSheet(resource("styles", "battlewheel.qss").read_text(encoding="utf-8"))
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, toolbar)
        self.toolbar = toolbar
        ToolbarChanges(toolbar)  # a new tooltip or name lays out no toolbar, nor the window
        self._fill_turn_entries()

    def _fill_turn_entries(self) -> None:
        """The Combat menu and the toolbar, with the turn entries of the combat's ruleset.

        Entries are taken out one by one, never with ``clear()``: Qt's clear deletes
        actions it should only remove (the undo stack's Undo and Redo among them).
        """
        old = list(self.turn.actions.values())
        if not self.turn.rebuild() and self.combat_menu.actions():
            return
        for action in (*old, *self._menu_separators):
            self.combat_menu.removeAction(action)
            self.toolbar.removeAction(action)
        for separator in self._menu_separators:
            separator.deleteLater()
        for key in [k for k in self.actions_by_name if k in self._turn_keys]:
            del self.actions_by_name[key]
        self._turn_keys = set(self.turn.actions)
        self.actions_by_name.update(self.turn.actions)
        for action in self.combat_menu.actions():
            self.combat_menu.removeAction(action)
        self._menu_separators = []
        for group in self.turn.grouped():
            for key in group:
                self.combat_menu.addAction(self.turn.actions[key])
            self._menu_separators.append(self.combat_menu.addSeparator())
        for name in ("next_step", None, "counter_back", "counter_on", None, "add_condition",
                     "rulings", "forecast", "end_combat", "carry_to_roster"):
            if name is None:
                self._menu_separators.append(self.combat_menu.addSeparator())
            elif name in self.actions_by_name:  # carry_to_roster: once the roster is in
                self.combat_menu.addAction(self.actions_by_name[name])
        if not self.toolbar.actions():
            for name in ("undo", "redo"):
                self.toolbar.addAction(self.actions_by_name[name])
            self.toolbar.addSeparator()
            self.toolbar.addAction(self.actions_by_name["next_step"])
        for key in self.turn.toolbar_keys():
            self.toolbar.addAction(self.turn.actions[key])
        self.turn.show_enabled()

    def _build_status(self) -> None:
        self.tick_label = QLabel(self)
        self.tick_label.setObjectName("tickLabel")
        bold = self.tick_label.font()
        bold.setBold(True)
        self.tick_label.setFont(bold)
        self.tick_label.setContentsMargins(8, 0, 8, 0)
        # Held at its widest line (see _show_status): a shorter one keeps to the right.
        self.tick_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.statusBar().addPermanentWidget(self.tick_label)
        # A refusal's rule is the status bar's tooltip while the refusal shows.
        self.statusBar().messageChanged.connect(
            lambda text: None if text else self.statusBar().setToolTip("")
        )

    def childEvent(self, event: QChildEvent) -> None:
        """Watch each dialog of ours as it is first shown, to take the keys back after it.

        Any dialog (Add condition, a question box, a GM edit's confirmation) may close
        leaving no window active (Xvfb, some window managers): the window's keys would
        then go nowhere until a click.
        """
        super().childEvent(event)
        # event.child() makes a Python wrapper of the child: asked only when it matters,
        # as building the window adds (and polishes) a few hundred children.
        if event.type() == QEvent.Type.ChildPolished:
            child = event.child()
            if isinstance(child, QDialog):
                child.installEventFilter(self)

    def _take_keys_back(self) -> None:
        if QApplication.activeWindow() is None and QApplication.activeModalWidget() is None:
            self.activateWindow()
            if QApplication.focusWidget() is None:
                self.wheel_view.setFocus(Qt.FocusReason.ActiveWindowFocusReason)

    def _connect_model(self) -> None:
        self.combat.sessionReplaced.connect(self._fill_turn_entries)
        self.combat.sessionReplaced.connect(self._clear_odds)
        self.combat.wheelChanged.connect(self._show_wheel)
        # Who acted when last looked: only a change of turn brings a sheet forward.
        self._acting: tuple[str, ...] = self.combat.session.ruleset.acting(self.combat.state)
        self.combat.changed.connect(self._follow_acting)
        self.combat.changed.connect(self._show_status)
        self.combat.refused.connect(self.show_refusal)
        self.combat.undo_stack.cleanChanged.connect(self._show_title)
        self.combat.campaign_stack.cleanChanged.connect(self._show_title)
        self.combat.changed.connect(self._show_title)  # "(over)" once a combat ends
        self._show_status()
        self._show_title()

    # -- showing the model ------------------------------------------------------------
    def _show_wheel(self) -> None:
        self.scene.set_wheel(self.combat.wheel())

    def _show_status(self) -> None:
        line = self.combat.session.ruleset.status_line(self.combat.state)
        if line != self.tick_label.text():  # a new text lays the status bar out again
            self.tick_label.setText(line)
            self._held(self.tick_label).fit()  # unless it fits the width held
        self._show_next_step()
        self.turn.show_enabled()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """A greyed entry's key is not lost: the window says why it cannot be used now."""
        keys = QKeySequence(event.keyCombination())
        if not event.isAutoRepeat() and self.turn.refused_key(keys):
            event.accept()
            return
        super().keyPressEvent(event)

    def _show_next_step(self) -> None:
        # The Next step button names what Space will do now. Each setter tells the menu
        # and the toolbar (which lays itself out again): only what differs is set.
        action = self.actions_by_name["next_step"]
        entry = self.turn.next_entry()
        what = entry.label.replace("&", "").rstrip("…") if entry is not None else ""
        tip = f"Space: {what}" if what else "Nothing to do next"
        if action.isEnabled() != (entry is not None):
            action.setEnabled(entry is not None)
        texts: tuple[tuple[str, str, Callable[[str], None]], ...] = (
            (action.text(), f"Next: {what}" if what else "&Next step", action.setText),
            (action.iconText(), f"\u25b6 {what} (Space)" if what else "Next step",
             action.setIconText),
            (action.toolTip(), tip, action.setToolTip),
            (action.statusTip(), tip, action.setStatusTip),
        )
        changed = False
        for now, wanted, setter in texts:
            if now != wanted:
                setter(wanted)
                changed = True
        button = self.toolbar.widgetForAction(action)
        if changed and button is not None:
            self._held(button).fit()  # at once: the new words are not clipped meanwhile

    def _held(self, widget: QWidget) -> HeldWidth:
        """The widget held at the widest its words have needed (made on first use)."""
        held = widget.findChild(HeldWidth)
        return held if held is not None else HeldWidth(widget)

    def _show_title(self) -> None:
        shown = self.combat_name() if self.combat_name is not None else None
        where = f"{shown} — {self.title_name()}" if shown else self.title_name()
        self.setWindowTitle(f"{where}[*] — {APP_NAME}")
        self.setWindowModified(self.has_unsaved_changes())

    def title_name(self) -> str:
        """What the title calls the open campaign: its name, and its file if it has one."""
        name = self.campaign_name() if self.campaign_name is not None else None
        if self.path is None:
            return name or "Untitled combat"
        return f"{name} ({self.path.name})" if name else self.path.stem

    def has_unsaved_changes(self) -> bool:
        """True while the combat or the campaign around it differs from its file."""
        return (self._campaign_changed or not self.combat.undo_stack.isClean()
                or not self.combat.campaign_stack.isClean())

    def mark_campaign_changed(self) -> None:
        """Note a change outside the combat's history (a roster import) as unsaved."""
        self._campaign_changed = True
        self._show_title()

    def _say(self, text: str) -> None:
        """A line in the status bar, for as long as the window's lines stay."""
        self.statusBar().showMessage(text, STATUS_MS)

    def _warn(self, text: str) -> None:
        """A line in the status bar and over the wheel, where the GM is looking."""
        self._say(text)
        self.notice.say(text)

    def _keys_to_wheel(self) -> None:
        """After a dialog: the window (its wheel) takes the keys again, so N, D, R... answer.

        Without this some window managers (and Xvfb with none) leave no window active once
        a modal dialog closes, and keys go nowhere until the GM clicks the window.
        """
        self.activateWindow()
        self.wheel_view.setFocus(Qt.FocusReason.ActiveWindowFocusReason)

    def show_refusal(self, refusal: str) -> None:
        """Say in the status bar why the engine refused a step, in plain words.

        The rule's section (the first part of the engine's text) goes in the status
        bar's tooltip, for the GM who asks why.
        """
        reason, rule = split_refusal(refusal)
        if self.combat.wheel().ended:  # every step is refused then: say what is left to do
            reason, rule = COMBAT_OVER, ""
        bar = self.statusBar()
        bar.showMessage(f"Not allowed: {reason}" + (" (hover for the rule)" if rule else ""),
                        STATUS_MS)
        bar.setToolTip(rule_tip(rule))

    # -- gestures ---------------------------------------------------------------------
    def drop_counter(self, combatant_id: str, slot: int) -> None:
        """A counter was let go on a slot: the ruleset's action for it, or its refusal."""
        verdict = self.combat.drop_verdict(combatant_id, slot)
        if verdict.action is not None and verdict.confirm and not self._confirm_drop(verdict):
            return
        verdict = self.combat.carry_out(verdict)  # the verdict in hand: not asked again
        if verdict.action is not None and verdict.result:
            self.statusBar().showMessage(verdict.result, STATUS_MS)

    def _confirm_drop(self, verdict: "DropVerdict") -> bool:
        # A drop that costs a resource (or edits the fight outside the rules) says so first.
        from PySide6.QtWidgets import QMessageBox  # set up on first use, not by start-up

        answer = QMessageBox.question(self, "Move the counter?", f"{verdict.cost}\n\nGo ahead?")
        return answer == QMessageBox.StandardButton.Yes

    def _say_stepped(self, done: str, offset: int) -> None:
        # The status line still told of the step just taken back ("... now acts on
        # tick 8"): say what Undo (or Redo) did instead.
        stack = self.combat.order.last_moved or self.combat.undo_stack
        command = stack.command(stack.index() + offset)
        if command is not None:
            self.statusBar().showMessage(f"{done}: {command.text()}", STATUS_MS)

    def nudge_selected(self, step: int) -> None:
        """Move the selected counter one segment either way (repeats merge into one undo)."""
        chosen = self.scene.selected_counter()
        counter = self.combat.wheel().counter(chosen) if chosen else None
        if counter is None:
            self.statusBar().showMessage("Select a counter on the wheel first.", STATUS_MS)
            return
        if counter.slot is None:
            self.statusBar().showMessage(
                f"{counter.name} is not on the wheel yet: drag the counter onto a slot.",
                STATUS_MS,
            )
            return
        count = self.combat.wheel().slot_count
        self.drop_counter(counter.id, (counter.slot + step) % count)

    def select_combatant(self, combatant_id: str) -> None:
        """Show one combatant everywhere: counter, roster row and sheet."""
        self.scene.select_counter(combatant_id)
        self.combatants_dock.select(combatant_id)
        dock = self.sheet_docks.get(combatant_id)
        if dock is not None:
            bring_forward(self, dock)

    def _follow_acting(self) -> None:
        # When the turn passes to others, the first of them has their sheet brought
        # forward (View > Sheet follows the acting fighter turns this off).
        acting = self.combat.session.ruleset.acting(self.combat.state)
        if acting == self._acting:
            return
        self._acting = acting
        if not acting or not self.actions_by_name["sheet_follows_acting"].isChecked():
            return
        dock = self.sheet_docks.get(acting[0])
        if dock is not None:
            bring_forward(self, dock)  # its tab chosen: the wheel is not repainted

    def end_combat(self) -> None:
        """Combat > End the combat: asks, then ends it as one undo step."""
        from battlewheel.views.combats_menu import end_combat

        offer = getattr(self, "offer_carry", None)  # set with the roster (between_fights)
        if end_combat(self.combat, self, self._say) and offer is not None:
            offer()  # "Carry to the roster…" at once, when there is something to carry

    def add_condition(self, combatant_id: str | None = None) -> QDialog:
        """Combat > Add condition: for the given or selected combatant (one undo step)."""
        from battlewheel.views.condition_dialog import open_condition_dialog  # first use

        chosen = combatant_id or self.scene.selected_counter()
        return open_condition_dialog(self.combat, chosen, self)

    def _counter_menu(self, combatant_id: str, where: QPoint) -> None:
        # A counter's right-click menu (its conditions); imported on the first one.
        from battlewheel.views.condition_dialog import counter_menu

        counter_menu(self.combat, combatant_id, self).popup(where)

    def show_rulings(self) -> QDialog:
        """Combat > Rulings: every option of the combat's ruleset; a change is one undo step."""
        from battlewheel.views.rulings_dialog import RulingsDialog

        dialog = RulingsDialog(self.combat, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def show_forecast(self) -> QDialog:
        """Combat > Forecast: the fight played out many times (pyqtgraph loads with it)."""
        from battlewheel.views.forecast_dialog import open_forecast

        return open_forecast(self, self.combat, self.files)

    # -- files (storage fills in `files`) ---------------------------------------------
    def open_path(self, path: Path) -> None:
        """Open a campaign file; a bad file is reported and the current combat stays."""
        self.file_ops.open_path(path)

    def show_session(self, session: "CombatSession", path: Path | None) -> None:
        """Show another combat (from a file, or none); its history starts afresh."""
        self.combat.set_session(session)
        self.show_file(path)
        share = getattr(self, "_share_dialog", None)  # the campaign closed: its share stops
        if share is not None:
            share.control.stop()

    def share_with_table(self) -> None:
        """View > Share with the table (its modules are imported on first use)."""
        from battlewheel.sharing.dialog import open_share_dialog

        open_share_dialog(self, self.combat, self.player_screen.hidden_enemies)

    def show_file(self, path: Path | None, *, unsaved: bool = False) -> None:
        """Name the file the combat on screen belongs to (None: not saved yet).

        ``unsaved``: the campaign on screen is not what the file holds (a restored journal).
        """
        self.path = path
        self._campaign_changed = unsaved
        self._show_title()

    # -- view and layout --------------------------------------------------------------
    def set_larger_text(self, on: bool) -> None:
        """Switch the larger-text mode and remember the choice; the wheel stays central.

        The wheel comes first: docks keep their widths (a sheet scrolls sideways), and
        the roster widens for its names only into width the wheel does not need to stay
        as large as it was; switching back gives every dock its earlier width.
        """
        prefs.set_larger_text(self.settings, on)
        docks = [d for d in self.findChildren(QDockWidget) if d.isVisible() and not d.isFloating()]
        widths = [dock.width() for dock in docks]
        scale = self.wheel_view.wheel_scale()
        if on:
            self._normal_widths = dict(zip(docks, widths, strict=True))
        else:
            earlier = self._normal_widths
            widths = [earlier.get(dock, width) for dock, width in zip(docks, widths, strict=True)]
        self._apply_text_size(on)
        self.combatants_dock.fit_columns()
        # Bigger text may shift the docks; put the widths back once the new fonts have
        # been laid out.
        keep = scale if on else None
        QTimer.singleShot(0, lambda: self._keep_dock_widths(docks, widths, keep))

    def _keep_dock_widths(
        self, docks: list[QDockWidget], widths: list[int], wheel_scale: float | None
    ) -> None:
        self.resizeDocks(docks, widths, Qt.Orientation.Horizontal)
        if wheel_scale is None:  # normal text: sheets as wide as their content again
            self.sheets.set_larger_text(False)
        else:  # once the docks have their widths back
            QTimer.singleShot(0, lambda: self._widen_roster(wheel_scale))

    def _widen_roster(self, wheel_scale: float) -> None:
        # Larger text squeezes the roster's names to a few letters: give it the room its
        # names and boxes need, but only width the wheel can spare at ``wheel_scale``.
        roster = self.combatants_dock
        if not roster.isVisible() or roster.isFloating():
            return
        spare = self.wheel_view.spare_width(wheel_scale)
        width = min(roster.comfortable_width(), roster.width() + max(spare, 0))
        if width <= roster.width():
            return
        area = self.dockWidgetArea(roster)
        # Docks stacked in the roster's column (the log, say) share its width.
        column = [
            dock
            for dock in self.findChildren(QDockWidget)
            if dock.isVisible()
            and not dock.isFloating()
            and self.dockWidgetArea(dock) == area
            and dock.x() == roster.x()
        ]
        self.resizeDocks(column, [width] * len(column), Qt.Orientation.Horizontal)

    def _apply_text_size(self, larger: bool) -> None:
        if self.text_scale is not None:
            self.text_scale.apply(larger)
        self.scene.set_text_scale(prefs.LARGER_TEXT_FACTOR if larger else 1.0)
        if larger:  # the sheets scroll sideways rather than widen (normal: see above)
            self.sheets.set_larger_text(True)
        # A widget with its own style sheet takes the new font only when re-polished.
        self.toolbar.setStyleSheet(self.toolbar.styleSheet())

    def restore_layout(self) -> None:
        """Remember the first layout (for Reset), then restore the saved one."""
        self._default_state = self.saveState(prefs.LAYOUT_VERSION)
        self._layout_restored = prefs.restore_window(self.settings, self)
        larger = prefs.larger_text(self.settings)
        self._apply_text_size(larger)
        if larger:  # the roster measured its columns at the normal size
            self.combatants_dock.fit_columns()

    def reset_layout(self) -> None:
        """Put every dock back where it was at first start."""
        self.restoreState(self._default_state, prefs.LAYOUT_VERSION)
        for dock in self.docks:
            dock.show()
        self.sheets.reset()
        self._give_sheets_room()

    def legend(self) -> None:
        """What the wheel's shapes, colours and badges mean, and its keys."""
        from PySide6.QtWidgets import QMessageBox  # set up on first use, not by start-up

        legend = self.combat.session.ruleset.wheel_legend()
        QMessageBox.information(self, "Reading the wheel", legend)

    def show_shortcuts(self) -> QDialog:
        """Help > Keyboard shortcuts: the menus' keys, listed from the actions."""
        from battlewheel.views.keys_help import ShortcutsDialog, menu_actions, shortcut_rows

        dialog = ShortcutsDialog(shortcut_rows(menu_actions(self.menuBar())), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def about(self) -> None:
        """The About box."""
        from PySide6.QtWidgets import QMessageBox  # set up on first use, not by start-up

        QMessageBox.about(
            self,
            f"About {APP_NAME}",
            f"{APP_NAME} {__version__}\nA battlewheel for the Exalted game master.",
        )

    def closeEvent(self, event: QCloseEvent) -> None:
        """Offer to save unsaved work (Cancel keeps the window); save the layout."""
        if not self.file_ops.close_campaign("closing"):
            event.ignore()
            return
        prefs.save_window(self.settings, self)
        super().closeEvent(event)
