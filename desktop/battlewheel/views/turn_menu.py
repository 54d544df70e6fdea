"""The turn's menu entries, read from the combat's ruleset: keys, labels, what each does.

The ruleset's contract lists its entries (``TurnAction``); this builds a QAction for
each, and a trigger pushes the entry's action or opens the dialog the ruleset's views
package builds for it. An entry with nothing to do says why in the status bar, so a
key pressed at the wrong moment is never silently ignored; a combat that is over says
so before anything opens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog

from battlewheel.engine.core.contract import TurnAction
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets import NoDialog, build_dialog

if TYPE_CHECKING:
    from battlewheel.views.main_window import MainWindow

STATUS_MS = 10_000
# What the status bar says to any step tried once the combat has ended.
COMBAT_OVER = (
    "this combat is over (Ctrl+Z takes the ending back; "
    "File > New combat, Ctrl+Shift+N, starts the next fight)"
)


class TurnMenu:
    """The combat's turn entries as window actions; keeps the open dialog alive."""

    def __init__(self, window: MainWindow, combat: CombatModel) -> None:
        self.window = window
        self.combat = combat
        self.dialog: QDialog | None = None
        self.actions: dict[str, QAction] = {}
        self._ruleset = ""

    def entries(self) -> tuple[TurnAction, ...]:
        """The ruleset's entries as the fight stands now."""
        return self.combat.session.ruleset.turn_actions(self.combat.state)

    def rebuild(self) -> bool:
        """Make the actions afresh when the combat on screen runs another ruleset."""
        name = self.combat.session.ruleset.name
        if name == self._ruleset:
            return False
        self._ruleset = name
        for action in self.actions.values():
            self.window.removeAction(action)
            action.deleteLater()
        self.actions = {entry.key: self._action(entry) for entry in self.entries()}
        return True

    def _action(self, entry: TurnAction) -> QAction:
        action = QAction(entry.label, self.window)
        action.setObjectName(entry.key)
        if entry.shortcut:
            action.setShortcut(QKeySequence(entry.shortcut))
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        action.setToolTip(f"{entry.tip} ({keys})" if keys else entry.tip)
        action.setStatusTip(entry.tip)
        action.triggered.connect(lambda _checked=False, key=entry.key: self.trigger(key))
        self.window.addAction(action)
        return action

    def grouped(self) -> list[list[str]]:
        """Entry keys in menu order, split where the ruleset starts a new group."""
        groups: dict[int, list[str]] = {}
        for entry in self.entries():
            groups.setdefault(entry.group, []).append(entry.key)
        return [groups[g] for g in sorted(groups)]

    def toolbar_keys(self) -> list[str]:
        """The entries the ruleset wants on the toolbar."""
        return [entry.key for entry in self.entries() if entry.toolbar]

    # -- triggering ----------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.window.statusBar().showMessage(text, STATUS_MS)

    def trigger(self, key: str) -> QDialog | None:
        """Do what the entry ``key`` stands for now, or say why nothing happens."""
        if self.combat.wheel().ended:
            self._say(f"Not allowed: {COMBAT_OVER}")
            return None
        entry = next((e for e in self.entries() if e.key == key), None)
        if entry is None:
            return None
        if entry.why_not:
            self._say(entry.why_not)
            return None
        if entry.action is not None:
            self.combat.push(entry.action)
            return None
        try:
            dialog = build_dialog(self.window, self.combat, entry.dialog)
        except NoDialog as missing:
            self._say(str(missing))
            return None
        return self.show(dialog) if dialog is not None else None

    def show(self, dialog: QDialog) -> QDialog:
        """Open a dialog window-modal and keep it until it closes."""
        self.dialog = dialog
        dialog.finished.connect(lambda _result: self._closed(dialog))
        dialog.open()
        return dialog

    def _closed(self, dialog: QDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()
        give_back_keys(self.window)


def give_back_keys(window: MainWindow) -> None:
    """After a dialog: the window (its wheel) takes the keys again, so N, D, R... answer.

    Without this some window managers (and Xvfb with none) leave no window active once
    a modal dialog closes, and keys go nowhere until the GM clicks the window.
    """
    window.activateWindow()
    window.wheel_view.setFocus(Qt.FocusReason.ActiveWindowFocusReason)
