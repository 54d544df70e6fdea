"""The Qt face of one combat session: undo stack, snapshots and change signals.

Views call `push` (or `drop` for a counter let go on the wheel) with an engine action;
the model checks it with the engine, wraps it in an undo command and pushes that.
After every apply, undo or redo it re-reads the session through the ruleset's
presentation contract and emits only what changed, so the wheel repaints on wheel
changes and a sheet on its own combatant's changes. Nothing here knows which ruleset
the combat runs under.
"""

from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.contract import DropVerdict, TurnTrack
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import CombatSession
from battlewheel.models.commands import (
    ActionCommand,
    ReplayedCommand,
    UndoOrder,
    command_for,
)

PREVIEW_REFUSAL = ("History is showing an earlier moment of the fight: choose Back to now "
                   "(or Rewind to here) first")


class CombatModel(QObject):
    """One combat for the views: read its snapshots, push actions, listen to signals."""

    # Any change at all (after apply, undo, redo or a new session).
    changed = Signal()
    # Another combat replaced this one (a campaign was opened).
    sessionReplaced = Signal()
    # The absolute current tick (None before the battle starts, hence ``object``).
    tickChanged = Signal(object)
    wheelChanged = Signal()
    # Anything about one combatant changed (health, motes, DVs, tick...).
    combatantChanged = Signal(str)
    # The same, once per change for all of them: a tuple of ids, in roster order. The
    # views listen to this one, so a change touching a few of forty combatants costs
    # each listener one call, not one per combatant (nor one per sheet and combatant).
    combatantsChanged = Signal(object)
    # The set of combatants changed (someone added or removed, or a new session).
    rosterChanged = Signal()
    # The engine refused an action; the text names the rule.
    refused = Signal(str)

    def __init__(
        self, session: CombatSession, parent: QObject | None = None, *, history: bool = False
    ) -> None:
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        # The campaign's roster steps: kept when another combat is shown (Ctrl+Z takes
        # back the later of the two histories' steps, see ``UndoOrder``).
        self.campaign_stack = QUndoStack(self)
        self.order = UndoOrder(self.undo_stack, self.campaign_stack, self)
        self.session = session
        # Each combat left for another: its History lines (text, engine steps) and where
        # the stack stood, so showing it again brings back the same lines (a dialog's
        # several steps stay one Ctrl+Z). Keyed by the session object itself.
        self._left: dict[int, tuple[CombatSession, list[tuple[str, int]], int]] = {}
        # An earlier state the GM is looking at in History (read-only), or None: now.
        self._preview: Any | None = None
        self._wheel = self._read_wheel()
        self._combatants = self._read_combatants()
        if history:  # a combat opened from a file, or restored: its log is its history
            self.rebuild_history()

    # -- reading ----------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The state the views show (read it; never change it): now, or History's preview."""
        return self.session.state if self._preview is None else self._preview

    @property
    def previewing(self) -> bool:
        """Whether the views show an earlier moment of the fight (nothing can change then)."""
        return self._preview is not None

    def preview(self, state: Any | None) -> None:
        """Show an earlier state of the fight in every view, read-only; None: back to now.

        The session is untouched: a preview only changes what the views read.
        """
        self._preview = state
        self.refresh()

    def wheel(self) -> TurnTrack:
        """The turn track (the wheel) the views show: now, or History's preview."""
        return self._wheel

    def combatant(self, combatant_id: str) -> Any | None:
        """One combatant's record in the ruleset's own terms, or None if not in the fight."""
        return self._combatants.get(combatant_id)

    def has_combatant(self, combatant_id: str) -> bool:
        """Whether someone of this id is in the fight."""
        return combatant_id in self._combatants

    def combatant_ids(self) -> list[str]:
        """Every combatant's id, in the order they joined."""
        return list(self._combatants)

    def name(self, combatant_id: str) -> str:
        """A combatant's name (the id itself for someone no longer here)."""
        return self.session.ruleset.names(self.state)(combatant_id)

    # -- changing (always through the undo stack) -------------------------------------
    def push(self, action: Action) -> IllegalAction | None:
        """Apply an action with the engine and record it as one undo step.

        Returns the refusal (also emitted as ``refused``) or None. The engine applies
        first: a refused or failing action changes nothing, so nothing reaches the undo
        stack and the GM keeps their redo history. An unexpected error is raised again
        for the error dialog.
        """
        if self._preview is not None:  # said in plain words: there is no rule to cite
            self.refused.emit(PREVIEW_REFUSAL)
            return IllegalAction("History", PREVIEW_REFUSAL)
        try:
            self.session.apply(action)
        except IllegalAction as refusal:
            self.refused.emit(str(refusal))
            return refusal
        # The sentence the engine logged is also the Edit menu's undo and redo text.
        self.undo_stack.push(command_for(self, action, self.session.log[-1].sentence))
        return None

    def drop_verdict(self, combatant_id: str, slot: int) -> DropVerdict:
        """What letting a counter go on ``slot`` would do; nothing changes."""
        return self.session.ruleset.drop(self.state, combatant_id, slot)

    def drop(self, combatant_id: str, slot: int) -> DropVerdict:
        """A counter let go on a slot: the ruleset's action for it, pushed as one undo step.

        A refused drop is emitted as ``refused`` (the counter springs back by itself).
        """
        return self.carry_out(self.drop_verdict(combatant_id, slot))

    def pocket_verdict(self, combatant_id: str, text: str | None = None) -> DropVerdict:
        """What letting a counter go in the ring's side pocket would do; nothing changes.

        Without ``text`` a verdict may carry a ``prompt``: ask the GM, then ask again.
        """
        return self.session.ruleset.pocket_drop(self.state, combatant_id, text)

    def fire_verdict(self, combatant_id: str, slot: int) -> DropVerdict:
        """What dragging a held counter out of the pocket onto ``slot`` would do."""
        return self.session.ruleset.pocket_fire(self.state, combatant_id, slot)

    def carry_out(self, verdict: DropVerdict) -> DropVerdict:
        """Push a drop's action as one undo step, or emit its refusal as ``refused``.

        A refused drop changes nothing, so its counter springs back by itself.
        """
        if verdict.action is not None:
            refusal = self.push(verdict.action)
            if refusal is not None:
                return DropVerdict(None, refusal=refusal.reason, rule=refusal.rule)
        elif verdict.refusal:
            self.refused.emit(_refusal_text(verdict))
        return verdict

    def set_session(self, session: CombatSession) -> None:
        """Show another combat (a campaign was opened); its history is read from its log,
        in the lines it had when it was last on screen."""
        self._remember_history()
        self.undo_stack.clear()
        self.session = session
        self._preview = None
        # Listeners of sessionReplaced read the new combat at once (its columns, its
        # combatants), so it is read before they hear of it.
        self._wheel = self._read_wheel()
        self._combatants = self._read_combatants()
        self.rebuild_history()
        self.sessionReplaced.emit()
        self.refresh(force=True)

    def rebuild_history(self) -> None:
        """The undo stack from the session's log: one step per entry, named by its sentence.

        The log is the combat, so a campaign opened again (or restored after a crash)
        keeps its history: Ctrl+Z takes back steps taken in an earlier sitting, and
        steps undone before saving can still be redone. The stack is then clean (what
        the file holds).
        """
        stack = self.undo_stack
        stack.clear()
        undone = 0
        while self.session.can_redo:  # lay the undone steps out too, then step back
            self.session.redo()
            undone += 1
        lines, index = self._lines_left(len(self.session.log), undone)
        entries = iter(self.session.log)
        for text, steps in lines:
            taken = [next(entries) for _ in range(steps)]
            command = ReplayedCommand(self, taken[-1].action, text)
            command.steps = steps
            stack.push(command)
        stack.setIndex(index)
        stack.setClean()
        self.order.forget(stack)

    def _remember_history(self) -> None:
        stack = self.undo_stack
        lines = [(stack.text(i), _steps(stack.command(i))) for i in range(stack.count())]
        self._left[id(self.session)] = (self.session, lines, stack.index())

    def _lines_left(self, total: int, undone: int) -> tuple[list[tuple[str, int]], int]:
        """The History lines the session had when last left, if they still cover its log
        (else one line per entry), and the line to stand at."""
        kept = self._left.pop(id(self.session), None)
        if kept is not None and kept[0] is self.session \
                and sum(steps for _, steps in kept[1]) == total:
            lines, index = kept[1], kept[2]
            if sum(steps for _, steps in lines[index:]) == undone:
                return lines, index
        return [(entry.sentence, 1) for entry in self.session.log], total - undone

    # -- called by the undo commands --------------------------------------------------
    def refresh(self, *, force: bool = False) -> None:
        """Re-read the session and emit a signal for each kind of change."""
        old_wheel, old_people = self._wheel, self._combatants
        self._wheel = self._read_wheel()
        self._combatants = self._read_combatants()
        if force or list(old_people) != list(self._combatants):
            self.rosterChanged.emit()
        if force or old_wheel.hub != self._wheel.hub:
            self.tickChanged.emit(self._wheel.cursor)
        if force or old_wheel != self._wheel:
            self.wheelChanged.emit()
        touched = tuple(
            combatant_id
            for combatant_id, combatant in self._combatants.items()
            # The engine replaces every combatant it changes: the same object is
            # unchanged; another one is compared by value (an undo rebuilds them all).
            if force or not _same(old_people.get(combatant_id), combatant)
        )
        for combatant_id in touched:
            self.combatantChanged.emit(combatant_id)
        if touched:
            self.combatantsChanged.emit(touched)
        self.changed.emit()

    def _read_wheel(self) -> TurnTrack:
        return self.session.ruleset.turn_track(self.state)

    def _read_combatants(self) -> dict[str, Any]:
        return dict(self.session.ruleset.combatants(self.state))


def _same(old: Any, new: Any) -> bool:
    return old is new or old == new


def _refusal_text(verdict: DropVerdict) -> str:
    return f"{verdict.rule}: {verdict.refusal}" if verdict.rule else verdict.refusal


def _steps(command: QUndoCommand) -> int:
    """How many engine log entries one History line stands for (a macro: its children's)."""
    if isinstance(command, ActionCommand):
        return command.steps
    return sum(_steps(command.child(k)) for k in range(command.childCount()))
