"""The frame of a dialog that previews its actions and applies them as one undo step.

A system's dialog builds its engine actions from the form as the GM fills it in. They
are tried on a copy of the fight at every change (``trial``), so the dialog shows what
they would do, or the engine's refusal in plain words, before anything changes; the
Apply button (Ctrl+Return) pushes them through the model as one undo step
(``push_all``). Pool & Ward's dialogs are built on it (``views/rulesets/poolward``); a
new system's dialogs can start here and only fill the form and say the preview.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFormLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from battlewheel.engine.core.actions import Action
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.apply import push_all, trial
from battlewheel.views.dialogs.buttons import ok_cancel
from battlewheel.views.dialogs.scrolling import scroll_column
from battlewheel.views.theme import tint

APPLY_SHORTCUT = "Ctrl+Return"


class PreviewDialog(QDialog):
    """A form of inputs, the preview of what they would do, and Apply as one undo step.

    Subclasses add their rows to ``self.form`` and call ``finish``; they return their
    actions from ``engine_actions`` (None while something is missing, said by
    ``missing``), describe the fight after them in ``preview`` and call
    ``update_preview`` when an input changes.
    """

    APPLY_TEXT = "&Apply"

    def __init__(self, model: CombatModel, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from battlewheel.views.dialogs.on_screen import keep_on_screen_while_open

        keep_on_screen_while_open(self)  # issue 35: a 1366x768 screen, buttons in sight
        self.model = model
        self.setWindowTitle(title)
        self.headline = QLabel(f"<b>{title}</b>", self)
        self.form_box = QWidget(self)
        self.form = QFormLayout(self.form_box)
        self.preview_label = _wrapping_label(self)
        self.preview_label.setTextFormat(Qt.TextFormat.PlainText)
        self.refusal_label = _wrapping_label(self)
        self.refusal_label.setObjectName("refusal")
        tint(self.refusal_label, "refusal")
        self.buttons, self.apply_button = ok_cancel(
            self, self.APPLY_TEXT, tip="Record this as one step (undo: Ctrl+Z)",
            shortcut=APPLY_SHORTCUT)

    @property
    def state(self) -> Any:
        """The fight as it stands (the dialog changes nothing until Apply)."""
        return self.model.state

    # -- layout: subclasses call ``finish`` once their form is filled --------------------
    def finish(self, side: QWidget | None = None) -> None:
        """Lay the dialog out: the form (scrolling when long) with ``side`` to its right,
        then the preview, the refusal and the buttons."""
        body = QHBoxLayout()
        body.addWidget(scroll_column(self.form_box, self), 1)
        if side is not None:
            body.addWidget(side, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addLayout(body, 1)
        layout.addWidget(self.preview_label)
        layout.addWidget(self.refusal_label)
        layout.addWidget(self.buttons)
        self.update_preview()

    # -- what subclasses say -------------------------------------------------------------
    def engine_actions(self) -> Sequence[Action] | None:
        """The engine actions the form stands for (None while an input is missing)."""
        raise NotImplementedError

    def missing(self) -> str:
        """What the GM still has to fill in, when ``engine_actions`` is None."""
        return "Fill in the form."

    def preview(self, before: Any, after: Any) -> str:
        """What the actions would do, read off the fight before and after them."""
        raise NotImplementedError

    def undo_text(self, actions: Sequence[Action]) -> str:
        """The Edit menu's name for the step: the log sentence of the first action."""
        return self.model.session.describe(actions[0])

    # -- the preview and Apply ---------------------------------------------------------
    def update_preview(self) -> None:
        """Try the actions on a copy: show what they would do, or why the engine refuses."""
        actions = self.engine_actions()
        if actions is None:
            self._show("", self.missing(), refused=False)
            return
        tried = trial(self.model.session, actions)
        if tried.refusal is not None:
            self._show("", f"Not allowed: {tried.refusal}", refused=True)
            return
        self._show(self.preview(self.state, tried.state), "", refused=False)
        self.apply_button.setEnabled(True)

    def _show(self, preview: str, note: str, *, refused: bool) -> None:
        self.preview_label.setText(preview)
        self.preview_label.setVisible(bool(preview))
        self.refusal_label.setText(note)
        tint(self.refusal_label, "refusal" if refused else None)
        self.refusal_label.setVisible(bool(note))
        self.apply_button.setEnabled(False)

    def refusal(self) -> str:
        """The refusal or the missing input shown under the form ("" when none)."""
        return self.refusal_label.text()

    def accept(self) -> None:
        """Push the actions as one undo step; stay open and say why if the engine refuses."""
        actions = self.engine_actions()
        if not self.apply_button.isEnabled() or not actions:
            return
        refusal = push_all(self.model, actions, self.undo_text(actions))
        if refusal is not None:
            self._show("", f"Not allowed: {refusal}", refused=True)
            return
        super().accept()


def _wrapping_label(parent: QWidget) -> QLabel:
    label = QLabel(parent)
    label.setWordWrap(True)
    return label
