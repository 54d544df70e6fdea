"""One character-sheet dock per combatant, tabbed together on the window's right.

The sheets (D2's ``CharacterSheetDock``) are many widgets each, so they are built just
after the window's first paint and follow the roster from then on. A sheet that the
saved layout knows goes back where the GM left it; a new one joins the tabs.

A dozen tabs share the sheets' tab bar: each shows a short unique title
(``models.tab_titles``) in full, never elided, and the bar scrolls when they do not
fit; choosing a counter brings its sheet's tab forward.

The docks get the window as a plain ``QMainWindow`` (to place their docks in) and a
way to select a combatant elsewhere (the counter and the roster row) when a sheet's tab
is chosen.
"""

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabBar

from battlewheel.models.combat_model import CombatModel
from battlewheel.models.tab_titles import tab_titles
from battlewheel.views.docks import bring_forward
from battlewheel.views.sheets.sheet_widget import SheetWidths
from battlewheel.views.typed_kinds import Kinds, no_kinds, roster_names, typed_kind

if TYPE_CHECKING:
    from battlewheel.views.sheets.sheet_dock import CharacterSheetDock

_FEATURES = (
    QDockWidget.DockWidgetFeature.DockWidgetMovable
    | QDockWidget.DockWidgetFeature.DockWidgetFloatable
    | QDockWidget.DockWidgetFeature.DockWidgetClosable
)


class SheetDocks:
    """Keeps a sheet dock for every combatant of the window's combat."""

    def __init__(
        self, window: QMainWindow, combat: CombatModel, select: Callable[[str], None]
    ) -> None:
        self.window = window
        self.combat = combat
        self.select = select  # the counter and the roster row of a combatant
        self.docks: dict[str, CharacterSheetDock] = {}
        self.ready = False
        # In larger text the sheets scroll sideways rather than widen their docks.
        self.larger_text = False
        # The sheets' tabs keep one width, the widest sheet's (measured afresh in a
        # new text size).
        self.widths = SheetWidths()
        # Another combat on screen: its sheets are placed afresh, tabbed together. Qt
        # remembers where a removed dock stood by its name, so a new fight's "archer"
        # would otherwise go back where the last fight's archer was, in a dock of its own.
        self._afresh = False
        # The Kind the GM typed for each roster character (set with the campaign's
        # roster), and whom each fighter joined as, read from the log at each join.
        self.kinds: Kinds = no_kinds
        self._roster_names: dict[str, str] = {}
        combat.sessionReplaced.connect(self._new_combat)
        combat.rosterChanged.connect(self.sync)
        # One listener for every sheet: a change tells only the sheets it concerns.
        combat.combatantsChanged.connect(self._combatants_changed)

    def start(self) -> None:
        """Build every sheet (after first paint) and show the first actor's."""
        self.ready = True
        self.sync()
        # The first sheet is drawn in an event of its own: making the docks and drawing
        # a sheet take some 25 ms each, together more than one event may keep the GM.
        QTimer.singleShot(0, self.window, self._show_first)

    def _show_first(self) -> None:
        acting = self.combat.session.ruleset.acting(self.combat.state)
        first = acting[0] if acting else next(iter(self.docks), None)
        if first in self.docks:
            bring_forward(self.window, self.docks[first])

    def set_larger_text(self, on: bool) -> None:
        """Larger text: every sheet keeps its dock's width and scrolls sideways instead."""
        self.larger_text = on
        if on:
            self._give_way()
        else:
            # Until the smaller type has been laid out the sheets still measure as wide
            # as in larger text, and would push their docks (or the window) wider.
            QTimer.singleShot(0, self.window, self._give_way)

    def _give_way(self) -> None:
        self.widths.widest = 0
        for dock in self.docks.values():
            dock.sheet_scroll.set_gives_way(self.larger_text)

    def first(self) -> QDockWidget | None:
        """The first combatant's sheet (the tab group's anchor), if any."""
        return next(iter(self.docks.values()), None)

    def _new_combat(self) -> None:
        self._afresh = True

    def sync(self) -> None:
        """Add sheets for newcomers, remove those of combatants who left (every sheet,
        when another combat is shown)."""
        if not self.ready:
            return
        afresh, self._afresh = self._afresh, False
        wanted = self.combat.combatant_ids()
        for gone in [cid for cid in self.docks if afresh or cid not in wanted]:
            dock = self.docks.pop(gone)
            self.window.removeDockWidget(dock)
            dock.deleteLater()
        if afresh:  # the last combat's widest sheet no longer sets the tabs' width
            self.widths.widest = 0
        self._roster_names = roster_names(self.combat.session.log)
        for combatant_id in wanted:
            if combatant_id not in self.docks:
                self._add(combatant_id, restore=not afresh)
        self._name_tabs()

    def _name_tabs(self) -> None:
        names = {cid: self.combat.name(cid) for cid in self.docks}
        for cid, title in tab_titles(names).items():
            self.docks[cid].set_tab_title(title)
        # Qt makes the tab bars while laying out the docks: tune them once it has.
        QTimer.singleShot(0, self.window, self.tune_tab_bars)

    def tune_tab_bars(self) -> None:
        """Whole titles on the docks' tab bars, with scroll buttons when they overflow."""
        for bar in self.window.findChildren(QTabBar):
            if bar.parent() is self.window:  # the dock areas' bars, not a widget's own
                bar.setElideMode(Qt.TextElideMode.ElideNone)
                bar.setUsesScrollButtons(True)

    def typed_kind(self, combatant_id: str) -> str:
        """The Kind the GM typed for the roster character this fighter is ("" if none)."""
        return typed_kind(self.kinds, self._roster_names.get(combatant_id, ""),
                          self.combat.name(combatant_id))

    def roster_edited(self) -> None:
        """A roster character was edited: the sheets show their Kind as it is now."""
        for dock in self.docks.values():
            dock.combatant_changed()

    def _combatants_changed(self, combatant_ids: tuple[str, ...]) -> None:
        for combatant_id in combatant_ids:
            dock = self.docks.get(combatant_id)
            if dock is not None:
                dock.combatant_changed()

    def _add(self, combatant_id: str, *, restore: bool = True) -> None:
        from battlewheel.views.sheets.sheet_dock import CharacterSheetDock

        # Only the sheets on screen are drawn: one in a back tab waits for its tab.
        dock = CharacterSheetDock(self.combat, combatant_id, self.window, follow=False,
                                  drawn=False)
        dock.sheet_scroll.widths = self.widths
        dock.typed_kind = functools.partial(self.typed_kind, combatant_id)
        dock.sheet_scroll.set_gives_way(self.larger_text)
        dock.setFeatures(_FEATURES)
        if not (restore and self.window.restoreDockWidget(dock)):  # not in the saved layout
            self.place(dock, self.first())
        self.docks[combatant_id] = dock
        dock.dockLocationChanged.connect(
            lambda _area: QTimer.singleShot(0, self.window, self.tune_tab_bars)
        )
        dock.visibilityChanged.connect(lambda visible, cid=combatant_id: self._shown(cid, visible))

    def _shown(self, combatant_id: str, visible: bool) -> None:
        # Choosing a sheet's tab selects that combatant's counter and roster row too.
        if visible and self.ready:
            self.select(combatant_id)

    def place(self, dock: QDockWidget, tabs: QDockWidget | None) -> None:
        """The default place: the right dock area, tabbed with the other sheets."""
        if tabs is None or tabs is dock:
            self.window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        else:
            self.window.tabifyDockWidget(tabs, dock)

    def reset(self) -> None:
        """Put every sheet back in the default place, shown."""
        first: QDockWidget | None = None
        for dock in self.docks.values():
            dock.setFloating(False)
            dock.show()
            self.place(dock, first)
            first = first or dock
