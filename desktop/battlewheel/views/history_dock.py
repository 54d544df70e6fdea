"""The History dock: every step of the undo stack, and a click to look back at one.

The list mirrors the combat's undo stack: the first line is the combat as it was
opened, then one line per step, the current step in bold and undone ones greyed, as
Qt's own undo view draws them. Unlike Qt's view, a click does not move the stack: it
asks ``views.rewind`` to preview that moment (``stepChosen``), and the GM then chooses
"Rewind to here" or "Back to now" on the banner over the wheel.

The dock is a tab behind the log, out of view at start: the window builds its list (and
the rewind banner) once it has painted, or when either is first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDockWidget, QWidget

from battlewheel.models.combat_model import CombatModel

if TYPE_CHECKING:  # the list's module, with Qt's list classes, waits for the list
    from PySide6.QtWidgets import QListView

    from battlewheel.views.history_list import HistoryModel


class HistoryDock(QDockWidget):
    """The History dock; ``stepChosen(row)`` when the GM clicks a line (0: the opening).

    With ``later`` the list is built by ``fill()``, or when ``history`` or ``view`` is
    first read, rather than now; ``listBuilt`` says when, before any line can be clicked.
    """

    stepChosen = Signal(int)
    listBuilt = Signal()

    def __init__(self, combat: CombatModel, parent: QWidget | None = None, *,
                 later: bool = False) -> None:
        super().__init__("History", parent)
        self.setObjectName("historyDock")
        self.combat = combat
        self._list: tuple[HistoryModel, QListView] | None = None
        self.visibilityChanged.connect(self._scroll_when_shown)
        if not later:
            self.fill()

    @property
    def history(self) -> HistoryModel:
        """The undo stack's lines (the list is built if it was not yet)."""
        return self.fill()[0]

    @property
    def view(self) -> QListView:
        """The list on screen (built if it was not yet)."""
        return self.fill()[1]

    def fill(self) -> tuple[HistoryModel, QListView]:
        """Build the list, once: the undo stack as it stands, then kept up with it."""
        if self._list is None:
            from battlewheel.views.history_list import HistoryModel, history_view

            history = HistoryModel(self.combat, self)
            view = history_view(history, self)
            self._list = (history, view)
            view.clicked.connect(lambda index: self.stepChosen.emit(index.row()))
            view.activated.connect(lambda index: self.stepChosen.emit(index.row()))
            history.shown.connect(self.show_step)
            self.setWidget(view)
            self.show_step()
            self.listBuilt.emit()
        return self._list

    def show_step(self, row: int | None = None) -> None:
        """Select the row shown (the current step unless a preview says otherwise)."""
        history, view = self.fill()
        chosen = history.stack.index() if row is None else row
        index = history.index(chosen, 0)
        # A list in a back tab is scrolled when it comes to the front: scrolling a hidden
        # list laid all its lines out on every step (Qt scrolls to a new current line
        # itself whenever the list counts as visible, which a back tab does).
        shown = not view.visibleRegion().isEmpty()
        view.setAutoScroll(shown)
        try:
            view.setCurrentIndex(index)
        finally:
            view.setAutoScroll(True)  # arrow keys in the list keep scrolling it
        if shown:
            view.scrollTo(index)

    def _scroll_when_shown(self, visible: bool) -> None:
        if visible and self._list is not None:
            view = self._list[1]
            view.scrollTo(view.currentIndex())
