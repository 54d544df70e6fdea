"""The toolbar lays itself out again only when a change to an action can move its buttons.

Qt's toolbar lays out all its buttons (and then the main window, with its docks) on any
change to any of its actions, and each button asks for it again, whatever changed: the
undo stack renames Undo and Redo on every step, and the Next step entry and the turn
entries take new tooltips and enabled states. Here each button is held at the widest
its words have needed (``HeldWidth``: a fixed-size widget tells no parent of a change)
and widened when new words need it, and the toolbar itself hears only of an action
shown or hidden.
"""

import shiboken6
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QAction, QActionEvent
from PySide6.QtWidgets import QToolBar

from battlewheel.views.held_width import HeldWidth


class ToolbarChanges(QObject):
    """Passes the toolbar an action's change only when the action was shown or hidden."""

    def __init__(self, toolbar: QToolBar) -> None:
        super().__init__(toolbar)
        self.toolbar = toolbar
        self._visible: dict[int, bool] = {}
        self._words: dict[int, str] = {}  # each action's words when its button was held
        self.fits = 0  # buttons measured again (a new text, or a new button)
        toolbar.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Keep a change from the toolbar unless it shows or hides an action."""
        kind = event.type()
        if watched is not self.toolbar or kind not in (
            QEvent.Type.ActionAdded, QEvent.Type.ActionChanged, QEvent.Type.ActionRemoved
        ):
            return False
        assert isinstance(event, QActionEvent)
        action = event.action()
        if kind == QEvent.Type.ActionRemoved:
            self._visible.pop(id(action), None)
            self._words.pop(id(action), None)
            return False
        if kind == QEvent.Type.ActionAdded or self._words.get(id(action)) != action.iconText():
            # Only new words can need a wider button (a tooltip or greying cannot);
            # the button takes them after the toolbar has heard: measured then.
            self._words[id(action)] = action.iconText()
            QTimer.singleShot(0, self, lambda: self._fit(action))
        visible = action.isVisible()
        if kind == QEvent.Type.ActionChanged and self._visible.get(id(action)) == visible:
            return True  # words, tooltip or greying: the buttons update themselves
        self._visible[id(action)] = visible
        return False

    def _fit(self, action: QAction) -> None:
        if not shiboken6.isValid(action):
            return  # taken out and deleted meanwhile (another ruleset's entries)
        if action.isSeparator():
            # Not asked for its widget: a separator's is of a class private to Qt, and
            # naming it has PySide set up every widget class it has not yet (7 ms).
            return
        button = self.toolbar.widgetForAction(action)
        if button is None:
            return
        self.fits += 1
        held = button.findChild(HeldWidth)
        if held is None:
            HeldWidth(button)
        else:
            held.fit()
