"""A character sheet dock bound to one combatant of the combat model.

Gestures become engine actions pushed through the model's undo stack: the combat's
ruleset says which action a box click or a pool button means (2e: ``CycleHealthBox``,
a Willpower or mote spend). The dock redraws when the model says this combatant
changed, never by itself, and only when the ruleset's sheet differs from the one on
screen. In the window one ``SheetDocks`` hears the model's changes for all the sheets
and tells only the sheets concerned (``follow=False``); a dock on its own listens itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtWidgets import QDialog, QDockWidget, QWidget

from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets import NoDialog, build_dialog
from battlewheel.views.sheets.sheet_widget import SheetScroll, SheetWidget
from battlewheel.views.typed_kinds import header_kind


class CharacterSheetDock(QDockWidget):
    """One combatant's sheet in a dock; tabbed or floating as the GM likes."""

    def __init__(
        self,
        model: CombatModel,
        combatant_id: str,
        parent: QWidget | None = None,
        *,
        follow: bool = True,
        drawn: bool = True,
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.combatant_id = combatant_id
        self.setObjectName(f"sheet:{combatant_id}")
        self.sheet = SheetWidget()
        self.sheet_scroll = SheetScroll(self.sheet, self)
        self.setWidget(self.sheet_scroll)
        self.sheet.boxClickRequested.connect(self._click_box)
        self.sheet.poolChangeRequested.connect(self._change_pool)
        self.sheet.overrideRequested.connect(self.open_override)
        self.sheet.conditionRequested.connect(self.open_condition)
        self.sheet.actionRequested.connect(self.model.push)
        self._stale = False
        # Whether the sheet is on screen, as the last visibilityChanged said. A sheet in
        # a tab behind another stays isVisible() (Qt only moves it out of sight), so
        # only this signal tells which sheet the GM can see.
        self._on_screen = True
        # A short title for the tab (set by the window's sheet docks); the sheet itself
        # and a floating dock's tooltip show the full name.
        self.tab_title: str | None = None
        # The Kind the GM typed for this fighter's roster character (the window's sheet
        # docks set it; a dock on its own has none).
        self.typed_kind: Callable[[], str] = lambda: ""
        # How many times the sheet was drawn (tests count redraws per action).
        self.draws = 0
        if follow:
            model.combatantsChanged.connect(self._combatants_changed)
        self.visibilityChanged.connect(self._visibility_changed)
        if drawn:
            self.refresh()
        else:  # drawn when first on screen (a sheet in a back tab costs nothing till then)
            self._stale = True
            name = model.name(combatant_id)
            self.setWindowTitle(name)
            self.setToolTip(name)

    def refresh(self) -> None:
        """Redraw from the model (a removed combatant leaves the last sheet shown).

        A sheet equal to the one on screen is left as it is.
        """
        self._stale = False
        if not self.model.has_combatant(self.combatant_id):
            return
        info = self.model.session.ruleset.sheet(self.model.state, self.combatant_id)
        typed = self.typed_kind()
        if typed:
            info = replace(info, kind=header_kind(typed, info.kind))
        if info == self.sheet.info():
            return
        self.draws += 1
        self.setWindowTitle(self.tab_title or info.name)
        self.setToolTip(info.name)
        self.sheet.show_info(info)

    def set_tab_title(self, title: str) -> None:
        """Show ``title`` on the sheet's tab (and title bar) instead of the full name."""
        self.tab_title = title
        self.setWindowTitle(title)

    def is_stale(self) -> bool:
        """True while a hidden sheet waits to be redrawn when it is shown."""
        return self._stale

    def _combatants_changed(self, combatant_ids: tuple[str, ...]) -> None:
        if self.combatant_id in combatant_ids:
            self.combatant_changed()

    def combatant_changed(self) -> None:
        """The model says this sheet's combatant changed: redraw now or when shown."""
        # A dozen sheets sit in tabs; only the ones on screen redraw at once, the
        # others when their tab comes up, so a keypress never waits on hidden sheets.
        if self._on_screen and self.isVisible():
            self.refresh()
        else:
            self._stale = True

    def _visibility_changed(self, visible: bool) -> None:
        self._on_screen = visible
        if visible and self._stale:
            self.refresh()


    def _click_box(self, track: str, index: int) -> None:
        ruleset = self.model.session.ruleset
        action = ruleset.box_click(self.model.state, self.combatant_id, track, index)
        if action is not None:
            self.model.push(action)

    def _change_pool(self, key: str, delta: int) -> None:
        ruleset = self.model.session.ruleset
        action = ruleset.pool_change(self.model.state, self.combatant_id, key, delta)
        if action is not None:
            self.model.push(action)

    def open_condition(self) -> QDialog:
        """The shared Add condition dialog, for this sheet's combatant."""
        # Imported at first use: the sheets are made just after the first paint.
        from battlewheel.views.condition_dialog import open_condition_dialog

        return open_condition_dialog(self.model, self.combatant_id, self)

    def open_override(self) -> QDialog | None:
        """Open the ruleset's edit dialog for this sheet (2e: the GM override)."""
        info = self.sheet.info()
        if info is None or not info.edit_dialog:
            return None
        try:
            dialog = build_dialog(self, self.model, info.edit_dialog, self.combatant_id)
        except NoDialog:
            return None
        if dialog is not None:
            dialog.finished.connect(dialog.deleteLater)
            dialog.open()
        return dialog
