"""The turn's menu entries, read from the combat's ruleset: keys, labels, what each does.

The ruleset's contract lists its entries (``TurnAction``); this builds a QAction for
each, and a trigger pushes the entry's action or opens the dialog the ruleset's views
package builds for it. An entry with nothing to do says why in the status bar, so a
key pressed at the wrong moment is never silently ignored; a combat that is over says
so before anything opens.

The menu is handed the combat, the ``DialogHost`` its dialogs are built with (their
parent, which also takes the entries' actions and keys), a way to warn the GM and a
way to give the keys back to the wheel after a dialog; never the window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog

from battlewheel.engine.core.contract import TurnAction
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.rulesets import DialogHost, NoDialog, build_dialog

# What the status bar says to any step tried once the combat has ended.
COMBAT_OVER = (
    "this combat is over (Ctrl+Z takes the ending back; "
    "File > New combat, Ctrl+Shift+N, starts the next fight)"
)


class TurnMenu:
    """The combat's turn entries as window actions; keeps the open dialog alive."""

    def __init__(self, host: DialogHost, combat: CombatModel, *,
                 warn: Callable[[str], None], keys_back: Callable[[], None]) -> None:
        # A dialog that opens another (a chooser's answer) hands it back to be kept.
        self.host = replace(host, keep_open=self.show)
        self.parent = host.parent
        self.combat = combat
        self._warn = warn
        self._keys_back = keys_back
        self.dialog: QDialog | None = None
        self.actions: dict[str, QAction] = {}
        self._ruleset = ""
        self._asked_once: Any = None  # step_question.AskedOnce, made with the first question

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
            self.parent.removeAction(action)
            action.deleteLater()
        self.actions = {entry.key: self._action(entry) for entry in self.entries()}
        return True

    def _action(self, entry: TurnAction) -> QAction:
        action = QAction(entry.label, self.parent)
        action.setObjectName(entry.key)
        if entry.shortcut:
            action.setShortcut(QKeySequence(entry.shortcut))
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        action.setToolTip(f"{entry.tip} ({keys})" if keys else entry.tip)
        action.setStatusTip(entry.tip)
        action.triggered.connect(lambda _checked=False, key=entry.key: self.trigger(key))
        self.parent.addAction(action)
        return action

    def show_enabled(self) -> None:
        """Grey the entries that cannot be used now, each with its reason in the tooltip.

        Only what differs is set: the menu and toolbar lay themselves out again on each
        change. A greyed entry's key still says why (``refused_key``).
        """
        over = self.combat.wheel().ended
        for entry in self.entries():
            action = self.actions.get(entry.key)
            if action is None:
                continue
            why = COMBAT_OVER if over else entry.why_not
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            tip = f"{entry.tip} ({keys})" if keys else entry.tip
            tip = f"{tip} — not now: {why}".lstrip(" —") if why else tip
            if action.isEnabled() == bool(why):
                action.setEnabled(not why)
            if action.toolTip() != tip:
                action.setToolTip(tip)

    def refused_key(self, keys: QKeySequence) -> bool:
        """A greyed entry's key was pressed: say why over the wheel (True if it was one)."""
        for key, action in self.actions.items():
            if not action.isEnabled() and not action.shortcut().isEmpty() \
                    and action.shortcut().matches(keys) == QKeySequence.SequenceMatch.ExactMatch:
                self.trigger(key)
                return True
        return False

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
        # The window says it over the wheel too: the GM is looking there, and keys
        # typed next (a player's dice) must not be taken for the window's.
        self._warn(text)

    def trigger(self, key: str) -> QDialog | None:
        """Do what the entry ``key`` stands for now, or say why nothing happens."""
        if self.combat.wheel().ended:
            self._say(f"Not allowed: {COMBAT_OVER}")
            return None
        entry = next((e for e in self.entries() if e.key == key), None)
        if entry is None:
            return None
        return self.run(entry)

    def run(self, entry: TurnAction, *, chain: bool = False) -> QDialog | None:
        """Push the entry's action or open its dialog (``chain``: go on when it is done)."""
        if entry.why_not:
            self._say(entry.why_not)
            return None
        if entry.confirm:
            return self._ask_first(entry, chain=chain)
        if entry.action is not None:
            if self.combat.push(entry.action) is None and chain:
                return self._chain()
            return None
        try:
            dialog = build_dialog(self.host, self.combat, entry.dialog)
        except NoDialog as missing:
            self._say(str(missing))
            return None
        return self.show(dialog, chain=chain) if dialog is not None else None

    # -- the next step, whatever it is (Space) ----------------------------------------
    def next_entry(self) -> TurnAction | None:
        """The ruleset's next step now, or None (over, or a ruleset that does not say)."""
        if self.combat.wheel().ended:
            return None
        return self.combat.session.ruleset.next_step(self.combat.state)

    def next_step(self) -> QDialog | None:
        """Space: do the next step; when it is done, open the one after if it is a dialog.

        Steps with nothing to ask (a tick where nobody was hit, moving to the next
        action) are pushed at once; the chain stops at the first dialog the GM cancels.
        """
        if self.combat.wheel().ended:
            self._say(f"Not allowed: {COMBAT_OVER}")
            return None
        entry = self.next_entry()
        if entry is None:
            self._say("Nothing to do next: use the Combat menu.")
            return None
        return self.run(entry, chain=True)

    def _chain(self) -> QDialog | None:
        # After a step: a step the ruleset marks ``auto`` (nothing to ask) is done at
        # once; a dialog opens at once; any other action (moving the tick on) waits for
        # the GM's key, so the table sees each tick end.
        entry = self.next_entry()
        if entry is None or entry.why_not:
            return None
        if entry.action is not None:
            if entry.auto and self.combat.push(entry.action) is None:
                self._say(f"Done by itself: {entry.label} ({entry.tip})")
                return self._chain()
            return None
        return self.run(entry, chain=True)

    def _ask_first(self, entry: TurnAction, *, chain: bool) -> QDialog | None:
        """Ask the entry's question (views/step_question.py: Space answers Yes, another
        key No), unless the GM said not to ask it again in this fight."""
        from battlewheel.views import step_question as ask  # on first use, not at start-up

        if self._asked_once is None:
            self._asked_once = ask.AskedOnce()
        asked = self._asked_once
        session = self.combat.session
        if asked.skipped(session, entry.key):
            return self.run(replace(entry, confirm=""), chain=chain)
        box = ask.StepQuestion(entry.label.replace("&", ""), entry.confirm, self.parent)
        self.dialog = box

        def answered(result: int) -> None:
            if self.dialog is box:
                self.dialog = None
            box.deleteLater()
            self._keys_back()
            if result == ask.YES:
                if box.never_again.isChecked():
                    asked.remember(session, entry.key)
                self.run(replace(entry, confirm=""), chain=chain)

        box.finished.connect(answered)
        box.open()
        box.focus_yes()
        return box

    def show(self, dialog: QDialog, *, chain: bool = False) -> QDialog:
        """Open a dialog window-modal and keep it until it closes."""
        self.dialog = dialog
        dialog.finished.connect(lambda result: self._closed(dialog, result, chain))
        dialog.open()
        return dialog

    def _closed(self, dialog: QDialog, result: int = 0, chain: bool = False) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()
        self._keys_back()
        if chain and result == QDialog.DialogCode.Accepted:
            QTimer.singleShot(0, self._chain_after_dialog)

    def _chain_after_dialog(self) -> None:
        if self.dialog is None:
            self._chain()

