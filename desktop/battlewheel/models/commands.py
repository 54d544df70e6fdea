"""Undo commands: each pushes one engine action and maps Qt's undo onto the engine's.

The model applies an action to the session first and pushes a command only when the
engine accepted it, so the stack records only what the engine did and the engine alone
decides what is legal. A command's first ``redo()`` (Qt calls it on push) just refreshes
the views; later ones (after an undo) call ``session.redo()``, and ``undo()`` calls
``session.undo()``, keeping the ``QUndoStack`` and the session's log in step.

Repeated drags of one counter fold into one command (``mergeWith``): that command
then stands for several engine entries and undoes or redoes them all together.
"""

from typing import Protocol

from PySide6.QtGui import QUndoCommand

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
