"""What every 3e dialog shares: a scrolling form, a preview of what happens, one undo step.

A dialog gathers its inputs in a form, builds the engine actions from them, and
rehearses those on a copy of the session as the GM types: the log sentences and events
the engine would write appear under "What happens", a refusal appears in plain words
(naming its 003 section) and the Apply button stays grey. Apply pushes the actions
through the model as one undo step (``push_all``), so nothing changes until then.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.contract import Odds
from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import odds as o
from battlewheel.engine.rulesets.ex3.state import Combat, Combatant
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.apply import push_all
from battlewheel.views.dialogs.buttons import ok_cancel
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget, FaceSource
from battlewheel.views.dialogs.scrolling import guard_wheel, scroll_column
from battlewheel.views.theme import tint

APPLY_SHORTCUT = "Ctrl+Return"
Field = TypeVar("Field", bound=QWidget)


@dataclass(frozen=True)
class Rehearsal:
    """What the actions would do: the log lines so far, and the first refusal (if any)."""

    lines: tuple[str, ...]
    refusal: RulesError | None
    state: Combat | None


def rehearse(session: CombatSession, actions: Sequence[Action]) -> Rehearsal:
    """Apply ``actions`` to a copy of ``session`` and keep what the engine said of each.

    Like ``views.dialogs.apply.trial``, but it keeps the log sentences and events too,
    since the dialog shows them before anything changes.
    """
    scratch = copy.deepcopy(session)
    lines: list[str] = []
    for action in actions:
        try:
            events = scratch.apply(action)
        except RulesError as refusal:
            return Rehearsal(tuple(lines), refusal, None)
        lines.append(scratch.log[-1].sentence)
        lines.extend(f"  · {event.text}" for event in events if event.text)
    return Rehearsal(tuple(lines), None, scratch.state)


def opposed_odds(title: str, mine: tuple[int, bool],
                 theirs: Sequence[tuple[int, bool]]) -> Odds:
    """The chance a roll beats every opposing roll, a tie no win, for the odds dock.

    ``mine`` and each of ``theirs`` are (dice, 10s count twice). The dock's line marks
    the strongest opposing roll's average (003's opposed rolls: Disengage, Rush, concealment).
    """
    ours = o.successes_odds(mine[0], double_tens=mine[1])
    foes = [o.successes_odds(dice, double_tens=tens) for dice, tens in theirs]
    win = sum(chance * math.prod(sum(foe[:got]) for foe in foes)
              for got, chance in enumerate(ours))
    typical = max((round(sum(k * p for k, p in enumerate(foe))) for foe in foes), default=0)
    return Odds(f"{title}: wins {win:.0%}; the line marks the strongest opposing roll's "
                "average", typical, tuple(ours), win, defence_label="opposing roll",
                defence_row="Opposing average &roll:")


def combatant_box(state: Combat, ids: Iterable[str], parent: QWidget) -> QComboBox:
    """A drop-down of combatants by name, each carrying its id."""
    box = QComboBox(parent)
    for cid in ids:
        box.addItem(state.name(cid), cid)
    return box


def choice_box(choices: Iterable[tuple[str, str]], parent: QWidget) -> QComboBox:
    """A drop-down of (shown text, value) pairs."""
    box = QComboBox(parent)
    for text, value in choices:
        box.addItem(text, value)
    return box


def spin(low: int, high: int, value: int, parent: QWidget) -> QSpinBox:
    """A whole-number field."""
    box = QSpinBox(parent)
    box.setRange(low, high)
    box.setValue(value)
    return box


def chosen(box: QComboBox) -> str:
    """The value behind a drop-down's current item ("" when it is empty)."""
    value = box.currentData()
    return "" if value is None else str(value)


class Ex3Dialog(QDialog):
    """A form, a preview of what happens, a refusal line and Apply (Ctrl+Return).

    Subclasses fill ``form`` in ``build`` and return their actions from ``actions``
    (None while an input is missing, with ``missing`` saying which).
    """

    oddsChanged = Signal(object)  # contract Odds (or None) for the main window's odds dock
    TITLE = "Action"
    APPLY_TEXT = "&Apply"

    def __init__(self, model: CombatModel, actor: str, parent: QWidget | None = None, *,
                 face_source: FaceSource | None = None) -> None:
        super().__init__(parent)
        from battlewheel.views.dialogs.on_screen import keep_on_screen_while_open

        keep_on_screen_while_open(self)  # issue 35: a 1366x768 screen, buttons in sight
        self.model, self.actor = model, actor
        self.face_source = face_source
        self.dice_rows: list[DiceEntryWidget] = []
        self.missing = ""
        self.setWindowTitle(f"{self.TITLE}: {self.state.name(actor)}")
        self.body = QWidget(self)
        self.form = QFormLayout(self.body)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.preview_label = QLabel(self)
        self.preview_label.setWordWrap(True)
        self.preview_label.setTextFormat(Qt.TextFormat.PlainText)
        self.preview_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.refusal_label = QLabel(self)
        self.refusal_label.setWordWrap(True)
        tint(self.refusal_label, "refusal")
        self.odds: Odds | None = None
        self.build()
        self._lay_out()
        self.update_preview()
        first = next((row for row in self.dice_rows if row.isVisibleTo(self)), None)
        field = self.first_field()
        if field is not None:  # after the layout, which moved the form (and its focus)
            field.setFocus(Qt.FocusReason.OtherFocusReason)
        elif first is not None:
            first.focus_entry()  # keyboard first: type the roll, or Ctrl+R

    def first_field(self) -> QWidget | None:
        """The field that has the keys when the dialog opens (None: the first roll's)."""
        return None

    # -- reading the fight ---------------------------------------------------------
    @property
    def state(self) -> Combat:
        """The fight as it stands (read only)."""
        state: Combat = self.model.state
        return state

    def who(self, cid: str | None = None) -> Combatant:
        """The actor, or another combatant by id."""
        return self.state.combatants[cid or self.actor]

    # -- building --------------------------------------------------------------------
    def build(self) -> None:
        """Add the form's rows (subclasses)."""

    def headline(self) -> str:
        """The bold line over the form."""
        return f"{self.TITLE}: {self.state.name(self.actor)}"

    def add(self, label: str, field: Field) -> Field:
        """One labelled row that redraws the preview when it changes."""
        self.form.addRow(label, field)
        self.watch(field)
        return field

    def watch(self, field: QWidget) -> None:
        """Redraw the preview whenever ``field`` changes."""
        if isinstance(field, QComboBox):
            field.currentIndexChanged.connect(self.update_preview)
        elif isinstance(field, QSpinBox):
            field.valueChanged.connect(self.update_preview)
        elif isinstance(field, QCheckBox):
            field.toggled.connect(self.update_preview)
        elif isinstance(field, DiceEntryWidget):
            field.entryChanged.connect(self.update_preview)

    def dice(self, title: str, *, compact: bool = True) -> DiceEntryWidget:
        """A roll's entry, typed or rolled, added as a full-width row."""
        row = DiceEntryWidget(title, self.body, face_source=self.face_source, compact=compact)
        self.dice_rows.append(row)
        self.form.addRow(row)
        self.watch(row)
        return row

    def check(self, text: str, tip: str = "") -> QCheckBox:
        """A check box row."""
        box = QCheckBox(text, self.body)
        box.setToolTip(tip)
        self.form.addRow("", box)
        self.watch(box)
        return box

    def note(self, text: str) -> QLabel:
        """A line of explanation in the form."""
        label = QLabel(text, self.body)
        label.setWordWrap(True)
        self.form.addRow(label)
        return label

    def _lay_out(self) -> None:
        self.body_scroll = scroll_column(self.body, self)
        outcome = QGroupBox("What happens", self)
        # A long attack's account scrolls inside its box rather than growing the dialog.
        account = QScrollArea(outcome)
        account.setWidget(self.preview_label)
        account.setWidgetResizable(True)
        account.setFrameShape(QFrame.Shape.NoFrame)
        QVBoxLayout(outcome).addWidget(account)
        self.buttons, self.apply_button = ok_cancel(
            self, self.APPLY_TEXT, tip="Record it as one undo step", shortcut=APPLY_SHORTCUT)
        # The form on the left, what it does on the right: both stay in sight while
        # the GM types, and the dialog stays within a 1366x768 screen.
        columns = QHBoxLayout()
        columns.addWidget(self.body_scroll, 1)
        columns.addWidget(outcome, 1)
        outcome.setMinimumWidth(self.fontMetrics().averageCharWidth() * 50)
        self.preview_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout = QVBoxLayout(self)
        title = QLabel(f"<b>{self.headline()}</b>", self)
        title.setWordWrap(True)
        layout.addWidget(title)
        layout.addLayout(columns, 1)
        layout.addWidget(self.refusal_label)
        layout.addWidget(self.buttons)
        metrics = self.fontMetrics()
        self.resize(min(metrics.averageCharWidth() * 150, 1300),
                    min(metrics.height() * 44, 680))

    def refresh_wheel_guard(self) -> None:
        """Rows added later also pass the scroll wheel on."""
        guard_wheel(self.body_scroll)

    # -- the outcome -----------------------------------------------------------------
    def engine_actions(self) -> list[Action] | None:
        """The actions as filled in so far (None: something is missing)."""
        return []

    def extra_lines(self, rehearsal: Rehearsal) -> list[str]:
        """Lines shown before the engine's account (the attack's steps)."""
        return []

    def update_preview(self) -> None:
        """Rehearse the actions and show what they do, or why not."""
        if not hasattr(self, "apply_button"):
            return  # still building
        self.refresh_pools()
        actions = self.engine_actions()
        if actions is None:
            self._show(list(self.extra_lines(Rehearsal((), None, None))),
                       self.missing or "Fill in the rolls.", ok=False, refusal=False)
        else:
            rehearsal = rehearse(self.model.session, actions)
            lines = self.extra_lines(rehearsal) + list(rehearsal.lines)
            bad = rehearsal.refusal
            self._show(lines, str(bad) if bad else "", ok=bad is None, refusal=bad is not None)
        self.odds = self.current_odds()
        self.oddsChanged.emit(self.odds)

    def _show(self, lines: list[str], message: str, *, ok: bool, refusal: bool) -> None:
        self.preview_label.setText("\n".join(lines) or "Nothing yet.")
        self.refusal_label.setText(f"Not allowed: {message}" if refusal else message)
        tint(self.refusal_label, "refusal" if refusal else None)
        self.apply_button.setEnabled(ok)

    def need(self, row: DiceEntryWidget, what: str) -> bool:
        """Whether ``row`` holds a roll; if not, say that ``what`` is still to enter."""
        if row.entry() is not None:
            return True
        self.missing = f"Enter {what}: type the successes or faces, or press Roll (Ctrl+R)."
        return False

    def refresh_pools(self) -> None:
        """Give each dice row its pool before the actions are read (subclasses)."""

    def current_odds(self) -> Odds | None:
        """The odds of the coming roll for the odds dock (None: nothing to show)."""
        return None

    def preview(self) -> str:
        """The "What happens" text."""
        return self.preview_label.text()

    def refusal(self) -> str:
        """The refusal (or what is missing) under the preview."""
        return self.refusal_label.text()

    def undo_text(self) -> str:
        """The Edit menu's name for the whole dialog."""
        actions = self.engine_actions() or []
        return self.model.session.describe(actions[0]) if actions else self.TITLE

    def accept(self) -> None:
        """Record the actions as one undo step; stay open if the engine refuses."""
        actions = self.engine_actions()
        if not self.apply_button.isEnabled() or not actions:
            return
        refusal = push_all(self.model, actions, self.undo_text())
        if refusal is not None:
            self._show([], str(refusal), ok=False, refusal=True)
            return
        super().accept()

