"""What every Impulse dialog shares: a scrolling form, the worked steps, the refusal, Record.

A dialog turns its fields into engine actions (``engine_actions``), tries them on a copy of
the combat (``views/dialogs/apply.trial``) on every change, and shows the numbers the
rules work out (``steps``) and the engine's refusal in plain words before anything
changes. Record pushes the actions as one undo step (``push_all``). A dialog with a
roll also offers its odds (``odds_provider``) for the window's odds dock.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QGroupBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.contract import Odds
from battlewheel.engine.rulesets.impulse.state import Fighter
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.apply import Trial, push_all, trial
from battlewheel.views.dialogs.buttons import ok_cancel
from battlewheel.views.dialogs.dice_entry import FaceSource
from battlewheel.views.dialogs.scrolling import guard_wheel, scroll_column
from battlewheel.views.theme import tint

RECORD_SHORTCUT = "Ctrl+Return"
# The tallest a dialog opens: a 1366x768 screen less the title bar and a task bar.
MOST_HEIGHT = 660
OddsProvider = Callable[[int], Odds]


class Incomplete(Exception):
    """A field the actions need is still empty; the text says which."""


class ImpulseDialog(QDialog):
    """One step of an Impulse fight as a form; subclasses fill ``build``, ``engine_actions``."""

    # (OddsProvider, DV) for the main window's odds dock, whenever the roll's odds change.
    oddsChanged = Signal(object, int)
    TITLE = "Impulse"
    RECORD_TEXT = "&Record"
    WIDTH_CHARS = 96

    def __init__(
        self,
        model: CombatModel,
        parent: QWidget | None = None,
        *,
        face_source: FaceSource | None = None,
    ) -> None:
        super().__init__(parent)
        from battlewheel.views.dialogs.on_screen import keep_on_screen_while_open

        keep_on_screen_while_open(self)  # issue 35: a 1366x768 screen, buttons in sight
        self.model = model
        self.face_source = face_source
        self.last_trial: Trial | None = None
        self.odds: Odds | None = None
        self.setWindowTitle(self.TITLE)
        self.headline = QLabel(self.opening_headline(), self)
        self.headline.setWordWrap(True)
        self.form_widget = QWidget(self)
        self.form = QVBoxLayout(self.form_widget)
        self.form.setContentsMargins(0, 0, 0, 0)
        self._built = False  # fields set while building do not refresh a half-made dialog
        self.build()
        self.form.addStretch(1)
        self._lay_out()
        self._built = True
        self.refresh()
        first = self.first_field()
        if first is not None:  # after the layout: moving the form into its scroll
            first.setFocus(Qt.FocusReason.OtherFocusReason)  # area takes the focus away

    def first_field(self) -> QWidget | None:
        """The field that has the keys when the dialog opens (None: Qt's own choice)."""
        return None

    def opening_headline(self) -> str:
        """The line above the form as the dialog opens (a dialog may change it later)."""
        return ""

    @property
    def state(self) -> Any:
        """The fight as it stands (read only)."""
        return self.model.state

    # -- what subclasses fill in -----------------------------------------------------------
    def build(self) -> None:
        """Add the dialog's fields to ``self.form`` and connect them to ``refresh``."""

    def engine_actions(self) -> list[Action]:
        """The engine actions the fields describe; raise ``Incomplete`` while one is missing."""
        raise NotImplementedError

    def probe(self) -> list[Action]:
        """Actions that test the choices made so far before the dice are in (a roll of 0).

        A target out of reach or an effect that cannot apply is refused at once, not only
        after the GM has rolled.
        """
        return []

    def steps(self, after: Any | None) -> list[str]:
        """The worked numbers, one line each; ``after`` is the fight once the actions apply."""
        return []

    def action_sentences(self) -> list[str]:
        """The log line of each action the fields describe (none while one is missing): the
        steps of a dialog whose actions are the GM's own edits, with nothing to work out."""
        try:
            found = self.engine_actions()
        except Incomplete:
            return []
        names = self.model.session.ruleset.names(self.state)
        return [action.sentence(names) for action in found]

    def odds_provider(self) -> tuple[OddsProvider, int] | None:
        """The roll's odds for any DV, and the DV it faces now (None: nothing to roll)."""
        return None

    # -- layout -------------------------------------------------------------------------------
    def _lay_out(self) -> None:
        self.steps_label = QLabel(self)
        self.steps_label.setObjectName("steps")
        self.steps_label.setWordWrap(True)
        self.steps_label.setTextFormat(Qt.TextFormat.PlainText)
        self.steps_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        steps_box = QGroupBox("Worked by the rules", self)
        QVBoxLayout(steps_box).addWidget(self.steps_label)
        self.refusal_label = QLabel(self)
        self.refusal_label.setObjectName("refusal")
        self.refusal_label.setWordWrap(True)
        self.buttons, self.record_button = ok_cancel(
            self, self.RECORD_TEXT, tip="Record it as one undo step", shortcut=RECORD_SHORTCUT)
        self.body_scroll = scroll_column(self.form_widget, self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.body_scroll, 1)
        layout.addWidget(steps_box)
        layout.addWidget(self.refusal_label)
        layout.addWidget(self.buttons)
        chars = self.fontMetrics().averageCharWidth()
        self.steps_label.setMinimumWidth(chars * (self.WIDTH_CHARS - 6))
        # The form shows whole when the screen has room; past that its column scrolls.
        rest = self.sizeHint().height() - self.body_scroll.sizeHint().height()
        wanted = rest + self.form_widget.sizeHint().height() + self.fontMetrics().height() * 6
        self.resize(chars * self.WIDTH_CHARS, min(MOST_HEIGHT, wanted))

    def rows_added(self) -> None:
        """Fields were added after building: the scroll wheel passes over them too."""
        guard_wheel(self.body_scroll)

    # -- following the fields ---------------------------------------------------------------
    def refresh(self) -> None:
        """Try the actions on a copy; show the steps, the refusal and the odds."""
        if not self._built:
            return
        self.last_trial = None
        try:
            actions = self.engine_actions()
        except Incomplete as missing:
            self._show_missing(str(missing))
            return
        checked = trial(self.model.session, actions)
        self.last_trial = checked
        if checked.refusal is not None:
            self._show(self.steps(None), f"Not allowed: {checked.refusal}", refused=True)
        else:
            self._show(self.steps(checked.state), "", refused=False)
        self._offer_odds()

    def _show_missing(self, missing: str) -> None:
        probed = self.probe()
        refusal = trial(self.model.session, probed).refusal if probed else None
        if refusal is not None:
            self._show(self.steps(None), f"Not allowed: {refusal}", refused=True)
        else:
            self._show(self.steps(None), missing, refused=False)
        self._offer_odds()

    def _show(self, lines: Sequence[str], message: str, *, refused: bool) -> None:
        self.steps_label.setText("\n".join(lines) or "Nothing to work out yet.")
        self.refusal_label.setText(message)
        tint(self.refusal_label, "refusal" if refused else None)
        self.refusal_label.setVisible(bool(message))
        ready = self.last_trial is not None and self.last_trial.refusal is None
        self.record_button.setEnabled(ready)

    def _offer_odds(self) -> None:
        offered = self.odds_provider()
        if offered is None:
            self.odds = None
            return
        provider, dv = offered
        odds = provider(dv)
        if odds != self.odds:
            self.odds = odds
            self.oddsChanged.emit(provider, dv)

    def steps_text(self) -> str:
        """The steps as shown."""
        return self.steps_label.text()

    def refusal(self) -> str:
        """The refusal or the missing field as shown ("" when ready)."""
        return self.refusal_label.text()

    # -- recording ----------------------------------------------------------------------------
    def accept(self) -> None:
        """Push the actions as one undo step; a refusal keeps the dialog open and says why."""
        if not self.record_button.isEnabled():
            return
        actions = self.engine_actions()
        refusal = push_all(self.model, actions, self.undo_text(actions))
        if refusal is not None:
            self._show(self.steps(None), f"Not allowed: {refusal}", refused=True)
            return
        super().accept()

    def undo_text(self, actions: Sequence[Action]) -> str:
        """The Edit menu's name for the step."""
        first = actions[0].sentence(self.model.session.ruleset.names(self.state))
        return first if len(actions) == 1 else f"{self.TITLE}: {first} (+{len(actions) - 1})"


class ActingDialog(ImpulseDialog):
    """A step of the acting fighter's own: a strike, a manoeuvre, a movement."""

    @cached_property
    def actor_id(self) -> str:
        """Who acts, read once when the dialog is built (recording it moves the turn on)."""
        return str(self.model.state.acting_id())

    def actor(self) -> Fighter:
        """The fighter whose step this is."""
        fighter: Fighter = self.state.combatants[self.actor_id]
        return fighter

    def opening_headline(self) -> str:
        return self.acting_headline(self.actor())

    def acting_headline(self, who: Fighter) -> str:
        """The line above the form: who acts, the step, the Impulse they have."""
        return f"<b>{who.name}</b>: {self.TITLE}, {who.impulse} Impulse"
