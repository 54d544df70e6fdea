"""The Qt face of one combat session: undo stack, snapshots and change signals.

Views call `push` (or a helper such as `move_counter`) with an engine action; the
model checks it with the engine, wraps it in an undo command and pushes that. After
every apply, undo or redo it re-reads the session and emits only what changed, so the
wheel repaints on wheel changes and a sheet on its own combatant's health.
"""

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from battlewheel.engine.rulesets.rewrite.actions import Action, Advance, MoveCounter, NextTick
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite.state import Combat, Combatant
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.models.commands import command_for
from battlewheel.models.snapshot import wheel_of
from battlewheel.models.wheel_info import WheelInfo


class CombatModel(QObject):
    """One combat for the views: read its snapshots, push actions, listen to signals."""

    # Any change at all (after apply, undo, redo or a new session).
    changed = Signal()
    # Another combat replaced this one (a campaign was opened).
    sessionReplaced = Signal()
    # The absolute current tick (None before the battle starts, hence ``object``).
    tickChanged = Signal(object)
    wheelChanged = Signal()
    # One combatant's health track changed; the id says whose.
    healthChanged = Signal(str)
    # Anything about one combatant changed (health, motes, DVs, tick...).
    combatantChanged = Signal(str)
    # The set of combatants changed (someone added or removed, or a new session).
    rosterChanged = Signal()
    # The engine refused an action; the text names the rule.
    refused = Signal(str)

    def __init__(self, session: CombatSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self.session = session
        self._wheel = wheel_of(session.state)
        self._health = self._health_marks()
        self._combatants = dict(session.state.combatants)

    # -- reading ----------------------------------------------------------------------
    @property
    def state(self) -> Combat:
        """The engine's state (read it; never change it)."""
        return self.session.state

    def wheel(self) -> WheelInfo:
        """The wheel as it stands now."""
        return self._wheel

    def combatant(self, combatant_id: str) -> Combatant | None:
        """One combatant, or None if they are not in the fight."""
        return self.state.combatants.get(combatant_id)

    def combatant_ids(self) -> list[str]:
        """Every combatant's id, in the order they joined."""
        return list(self.state.combatants)

    # -- changing (always through the undo stack) -------------------------------------
    def push(self, action: Action) -> IllegalAction | None:
        """Apply an action with the engine and record it as one undo step.

        Returns the refusal (also emitted as ``refused``) or None. The engine applies
        first: a refused or failing action changes nothing, so nothing reaches the undo
        stack and the GM keeps their redo history. An unexpected error is raised again
        for the error dialog.
        """
        try:
            self.session.apply(action)
        except IllegalAction as refusal:
            self.refused.emit(str(refusal))
            return refusal
        # The sentence the engine logged is also the Edit menu's undo and redo text.
        self.undo_stack.push(command_for(self, action, self.session.log[-1].sentence))
        return None

    def move_counter(self, combatant_id: str, segment: int) -> IllegalAction | None:
        """Drag a counter to a segment (RULES.md §The wheel), as an undoable action."""
        return self.push(MoveCounter(combatant=combatant_id, segment=segment))

    def next_tick(self) -> IllegalAction | None:
        """Move the tick counter one segment on."""
        return self.push(NextTick())

    def advance(self) -> IllegalAction | None:
        """Move the tick counter on to the next tick on which someone acts."""
        return self.push(Advance())

    def set_session(self, session: CombatSession) -> None:
        """Show another combat (a campaign was opened); its history starts afresh."""
        self.undo_stack.clear()
        self.session = session
        self.sessionReplaced.emit()
        self.refresh(force=True)

    # -- called by the undo commands --------------------------------------------------
    def refresh(self, *, force: bool = False) -> None:
        """Re-read the session and emit a signal for each kind of change."""
        old_wheel, old_health, old_people = self._wheel, self._health, self._combatants
        self._wheel = wheel_of(self.state)
        self._health = self._health_marks()
        self._combatants = dict(self.state.combatants)
        if force or list(old_health) != list(self._health):
            self.rosterChanged.emit()
        if force or old_wheel.current_tick != self._wheel.current_tick:
            self.tickChanged.emit(self._wheel.current_tick)
        if force or old_wheel != self._wheel:
            self.wheelChanged.emit()
        for combatant_id, marks in self._health.items():
            if force or old_health.get(combatant_id) != marks:
                self.healthChanged.emit(combatant_id)
        for combatant_id, combatant in self._combatants.items():
            # The engine replaces every combatant it refreshes; compare values, not identity.
            if force or old_people.get(combatant_id) != combatant:
                self.combatantChanged.emit(combatant_id)
        self.changed.emit()

    def _health_marks(self) -> dict[str, str]:
        return {cid: c.health.marks for cid, c in self.state.combatants.items()}
