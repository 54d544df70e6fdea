"""Looking back and going back: History's preview of an earlier step, and Rewind to here.

A click on a History line shows the fight as it stood after that step (the wheel, the
sheets, the table, the status line) while nothing can change: the model refuses every
action, and a banner over the wheel says what is shown and offers "Rewind to here" and
"Back to now". Rewinding is one engine action (``Rewind``), so it is logged like any
other step, the steps after it stay in the record, and one Ctrl+Z undoes it. A line
of an undone step is previewed too; its button redoes up to it instead.

    control = RewindControl(combat, history_dock, wheel_view)
"""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QBrush, QColor, QUndoCommand
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QStatusBar, QVBoxLayout

from battlewheel.engine.core.actions import Rewind
from battlewheel.models.combat_model import CombatModel
from battlewheel.models.commands import ActionCommand
from battlewheel.views.history_dock import HistoryDock
from battlewheel.views.history_list import OPENED
from battlewheel.views.wheel import palette
from battlewheel.views.wheel.view import WheelView


def engine_steps(command: QUndoCommand) -> int:
    """How many engine log entries one History line stands for.

    A merged drag stands for several, a dialog's macro for its children's.
    """
    if isinstance(command, ActionCommand):
        return command.steps
    return sum(engine_steps(command.child(k)) for k in range(command.childCount()))


class PreviewBanner(QFrame):
    """The strip over the wheel while History shows an earlier step: what, and the way out."""

    def __init__(self, view: WheelView) -> None:
        super().__init__(view)
        self.setObjectName("previewBanner")
        self._style()
        self.title = QLabel(self)
        self.title.setObjectName("previewTitle")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.text = QLabel(self)
        self.text.setObjectName("previewText")
        self.text.setWordWrap(True)  # a step's sentence can be long
        self.go = QPushButton("Rewind to here", self)
        self.go.setObjectName("rewindHere")
        self.back = QPushButton("Back to now", self)
        self.back.setObjectName("backToNow")
        words = QVBoxLayout()
        words.setSpacing(2)
        words.addWidget(self.title)
        words.addWidget(self.text)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 4, 10, 6)
        layout.addLayout(words, 1)
        layout.addWidget(self.go)
        layout.addWidget(self.back)
        self.hide()

    def _style(self) -> None:
        self.setStyleSheet(
            f"#previewBanner {{ background: {palette.BANNER_FILL}; "
            f"border-bottom: 2px solid {palette.BANNER_EDGE}; }}"
            f"#previewBanner QLabel {{ color: {palette.BANNER_INK}; }}")

    def changeEvent(self, event: QEvent) -> None:
        """A theme switch: the strip takes the new theme's colours."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and palette.BANNER_FILL not in \
                self.styleSheet():
            self._style()

    def height_for(self, width: int) -> int:
        """The banner's height at ``width`` (the sentence wraps onto more lines)."""
        layout = self.layout()
        if layout is not None and layout.hasHeightForWidth():
            return max(layout.heightForWidth(width), self.sizeHint().height())
        return self.sizeHint().height()


class RewindControl(QObject):
    """Previews History's steps on the window's views, and rewinds to one."""

    def __init__(self, combat: CombatModel, dock: HistoryDock, view: WheelView,
                 status: QStatusBar | None = None) -> None:
        super().__init__(dock)
        self.combat, self.dock, self.view, self.status = combat, dock, view, status
        self.row: int | None = None  # the History line previewed, or None: now
        self.banner = PreviewBanner(view)
        self.banner.go.clicked.connect(self.go_here)
        self.banner.back.clicked.connect(self.back_to_now)
        view.installEventFilter(self)
        dock.stepChosen.connect(self.preview)
        # Any other move of the history (Ctrl+Z, a new combat) ends the preview.
        combat.undo_stack.indexChanged.connect(self._history_moved)
        combat.sessionReplaced.connect(self.back_to_now)
        # The stack clears itself as it is deleted: stop listening before that. A bound
        # method, not a lambda, so Qt drops the connection if this control dies first (a
        # lambda outliving it raised "RewindControl already deleted" at quit).
        combat.destroyed.connect(self._detach)

    def _detach(self) -> None:
        self.combat.undo_stack.indexChanged.disconnect(self._history_moved)

    def _history_moved(self, _index: int) -> None:
        self.back_to_now()

    # -- what a History line stands for --------------------------------------------------
    def _log_length(self, row: int) -> int:
        """The engine log's length at History line ``row`` (at or before the current one)."""
        stack = self.combat.undo_stack
        later = sum(engine_steps(stack.command(i)) for i in range(row, stack.index()))
        return len(self.combat.session.log) - later

    def state_at(self, row: int) -> Any:
        """The fight as it stood at History line ``row`` (an undone line: as redo would make it)."""
        stack, session = self.combat.undo_stack, self.combat.session
        if row <= stack.index():
            return session.state_at(self._log_length(row))
        scratch = copy.deepcopy(session)  # redo on a copy: the fight itself stays as it is
        for _ in range(sum(engine_steps(stack.command(i)) for i in range(stack.index(), row))):
            scratch.redo()
        return scratch.state

    # -- previewing --------------------------------------------------------------------------
    def preview(self, row: int) -> None:
        """Show History line ``row`` read-only; the current line goes back to now."""
        if row == self.combat.undo_stack.index():
            self.back_to_now()
            return
        self.row = row
        self.combat.preview(self.state_at(row))
        self._show_banner(row)
        self.dock.show_step(row)

    def back_to_now(self) -> None:
        """Leave the preview: the views show the fight as it is."""
        if self.row is None:
            return
        self.row = None
        self.combat.preview(None)
        if self.status is not None:  # a refusal met while previewing no longer holds
            self.status.clearMessage()
        self.banner.hide()
        self.view.setViewportMargins(0, 0, 0, 0)
        self.view.setBackgroundBrush(QBrush())
        self.dock.show_step()

    def go_here(self) -> None:
        """Rewind to the previewed line in one undoable step (redo up to an undone one)."""
        row, stack = self.row, self.combat.undo_stack
        if row is None:
            return
        self.back_to_now()
        if row > stack.index():
            stack.setIndex(row)  # undone steps come back one History line each, as ever
        elif self.combat.push(Rewind(to=self._log_length(row))) is None and self.status:
            self.status.showMessage(f"Rewound: {self.combat.session.log[-1].sentence}", 10_000)

    # -- the banner ------------------------------------------------------------------------
    def _show_banner(self, row: int) -> None:
        stack = self.combat.undo_stack
        undone = row > stack.index()
        kind = "an undone step" if undone else "an earlier moment"
        self.banner.title.setText(f"Previewing {kind} of the fight (read-only)")
        what = OPENED if row == 0 else f"After: {stack.text(row - 1)}"
        self.banner.text.setText(what)
        self.banner.go.setText("Redo to here" if undone else "Rewind to here")
        self.banner.show()
        self.banner.raise_()
        self.view.setBackgroundBrush(QBrush(QColor(palette.REWIND_GROUND)))
        self._place_banner()

    def _place_banner(self) -> None:
        # The banner takes a strip above the wheel (the viewport moves down), so it
        # never covers the slot at twelve o'clock.
        width = self.view.width()
        height = self.banner.height_for(width)
        self.view.setViewportMargins(0, height, 0, 0)
        self.banner.setGeometry(0, 0, width, height)
        self.view.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Keep the banner as wide as the wheel's view."""
        if event.type() == QEvent.Type.Resize and self.banner.isVisible():
            self._place_banner()
        return super().eventFilter(watched, event)

