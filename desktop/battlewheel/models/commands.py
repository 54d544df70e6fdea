"""Undo commands: each pushes one engine action and maps Qt's undo onto the engine's.

The model applies an action to the session first and pushes a command only when the
engine accepted it, so the stack records only what the engine did and the engine alone
decides what is legal. A command's first ``redo()`` (Qt calls it on push) just refreshes
the views; later ones (after an undo) call ``session.redo()``, and ``undo()`` calls
``session.undo()``, keeping the ``QUndoStack`` and the session's log in step.

Repeated drags of one counter fold into one command (``mergeWith``): that command
then stands for several engine entries and undoes or redoes them all together.
"""

from itertools import count
from typing import Protocol
from weakref import ref

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QUndoCommand, QUndoStack
from shiboken6 import isValid

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.session import CombatSession

MERGING_ID = 1001


class CommandTarget(Protocol):
    """What a command needs of the model that pushed it (``CombatModel`` is one).

    Declared here so that the commands sit below the model rather than importing it back.
    """

    @property
    def session(self) -> CombatSession:
        """The session whose log the command's undo and redo step through."""
        ...

    def refresh(self, *, force: bool = False) -> None:
        """Re-read the session and tell the views."""
        ...


class ActionCommand(QUndoCommand):
    """One GM decision the engine has applied, shown in the Edit menu by its sentence."""

    def __init__(self, model: CommandTarget, action: Action, text: str) -> None:
        super().__init__(text)
        self.model = model
        self.action = action
        self.steps = 1
        self._pushed = False

    def redo(self) -> None:
        """On push, show what the engine already did; after an undo, redo its entries."""
        if not self._pushed:
            self._pushed = True
        else:
            for _ in range(self.steps):
                self.model.session.redo()
        self.model.refresh()

    def undo(self) -> None:
        """Take back every engine entry this command stands for."""
        for _ in range(self.steps):
            self.model.session.undo()
        self.model.refresh()


class ReplayedCommand(ActionCommand):
    """A step read back from the session's log when a combat is opened (or restored).

    The engine did it in an earlier sitting: pushing it changes nothing, but Ctrl+Z
    takes it back like any step taken today. It never merges with a new drag.
    """

    def __init__(self, model: CommandTarget, action: Action, text: str) -> None:
        super().__init__(model, action, text)
        self._pushed = True
        self._quiet = True

    def redo(self) -> None:
        """Nothing when pushed (the session already holds it); after an undo, redo it."""
        if self._quiet:
            self._quiet = False
            return
        super().redo()


class MergingCommand(ActionCommand):
    """An action that folds into the one before with the same merge key (a counter's drags)."""

    def id(self) -> int:
        """Commands with this id may merge."""
        return MERGING_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Fold a following drag of the same counter into this command."""
        if not isinstance(other, MergingCommand):
            return False
        mine, theirs = self.action, other.action
        if mine.merge_key() != theirs.merge_key():
            return False
        self.steps += other.steps
        self.action = theirs
        self.setText(other.text())
        return True


def command_for(model: CommandTarget, action: Action, text: str) -> ActionCommand:
    """The right command class for an action."""
    if action.merge_key():
        return MergingCommand(model, action, text)
    return ActionCommand(model, action, text)


def _moved(order: "ref[UndoOrder]", stack: QUndoStack, index: int) -> None:
    alive = order()
    if alive is not None:
        alive._moved(stack, index)


class UndoOrder(QObject):
    """Two histories behind one Ctrl+Z: the fight's own and the campaign's roster steps.

    Roster steps (carrying, rest, edits, adds to the roster) belong to the campaign, so
    they stay on its history when another combat is shown, while each combat keeps its
    own (rebuilt from its log). Undo takes back whichever step was done last; Redo does
    again whichever was taken back last. A history rebuilt from a log (``forget``) counts
    as older than anything done since the window opened.
    """

    # Either history moved: the Undo and Redo entries say what they would do now.
    moved = Signal()

    def __init__(self, fight: QUndoStack, campaign: QUndoStack,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.fight, self.campaign = fight, campaign
        self._clock = count(1)
        # Per history: when each done step was done, when each undone step was undone.
        self._done: dict[int, dict[int, int]] = {id(fight): {}, id(campaign): {}}
        self._undone: dict[int, dict[int, int]] = {id(fight): {}, id(campaign): {}}
        self._index = {id(fight): fight.index(), id(campaign): campaign.index()}
        self.last_moved: QUndoStack | None = None
        self._entries: tuple[QAction, QAction] | None = None
        # Through a weak reference: the histories' connections keep no window alive.
        me = ref(self)
        for stack in (fight, campaign):
            stack.indexChanged.connect(lambda index, s=stack: _moved(me, s, index))

    def alive(self) -> bool:
        """Whether both histories still exist (not while the window is being closed)."""
        return isValid(self.fight) and isValid(self.campaign)

    def _moved(self, stack: QUndoStack, index: int) -> None:
        if not (isValid(self) and self.alive()):  # the window is closing
            return
        key = id(stack)
        old, self._index[key] = self._index[key], index
        done, undone = self._done[key], self._undone[key]
        if index >= old and index > 0:  # pushed, redone, or merged into the top step
            for row in range(min(old, index - 1), index):
                done[row] = next(self._clock)
                undone.pop(row, None)
        for row in range(index, old):  # taken back
            undone[row] = next(self._clock)
        self.moved.emit()

    def forget(self, stack: QUndoStack) -> None:
        """``stack`` was rebuilt (a combat's log laid out again): its steps are old ones."""
        key = id(stack)
        self._done[key].clear()
        self._undone[key].clear()
        self._index[key] = stack.index()
        self.moved.emit()

    def to_undo(self) -> QUndoStack | None:
        """The history whose last done step is the latest (None: nothing to undo)."""
        ready = [s for s in (self.fight, self.campaign) if s.canUndo()]
        return max(ready, key=lambda s: self._done[id(s)].get(s.index() - 1, 0), default=None)

    def to_redo(self) -> QUndoStack | None:
        """The history whose next undone step was taken back last (None: nothing to redo)."""
        ready = [s for s in (self.fight, self.campaign) if s.canRedo()]
        return max(ready, key=lambda s: self._undone[id(s)].get(s.index(), 0), default=None)

    def undo(self) -> None:
        """Take back the step done last, in whichever history holds it."""
        stack = self.to_undo()
        if stack is not None:
            self.last_moved = stack
            stack.undo()

    def redo(self) -> None:
        """Do again the step taken back last."""
        stack = self.to_redo()
        if stack is not None:
            self.last_moved = stack
            stack.redo()

    def actions(self, parent: QObject) -> tuple[QAction, QAction]:
        """Undo and Redo entries that follow both histories ("Undo Carry to the roster")."""
        undo, redo = QAction("&Undo", parent), QAction("&Redo", parent)
        undo.triggered.connect(self.undo)
        redo.triggered.connect(self.redo)
        self._entries = (undo, redo)
        self.moved.connect(self._show_entries)
        self._show_entries()
        return undo, redo

    def _show_entries(self) -> None:
        if self._entries is None:
            return
        undo, redo = self._entries
        if not (self.alive() and isValid(undo) and isValid(redo)):
            return
        for action, word, stack in ((undo, "&Undo", self.to_undo()),
                                    (redo, "&Redo", self.to_redo())):
            text = "" if stack is None else (
                stack.undoText() if action is undo else stack.redoText())
            action.setEnabled(stack is not None)
            action.setText(f"{word} {text}" if text else word)
