"""The dice entry every dialog shares: "roll for me" or "I rolled" (a count or the faces).

"Roll for me" draws faces from a ``SeededDice`` the moment the GM presses Roll and
keeps them, so the action stores real faces and replays the same. "I rolled" takes
what the player reports: one number is a success count, several are the faces
(``7 3 10 1``); for a pool of one die the number is its face. A nonsense entry shows
its message under the field and yields no entry, so nothing can be applied from it.

The keyboard never rolls what the GM did not ask for: Ctrl+R rolls the first roll of
the window still waiting for its dice (the one the dialog's hint names), never one
already rolled; Roll buttons take no focus, so Tab and Return go from field to field
(Return in a field moves on to the next roll's field) and a typed space cannot press
one. A pool of no dice needs no roll at all.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core.dice import D10, DiceEntry, SeededDice, roll
from battlewheel.engine.core.errors import DiceEntryError
from battlewheel.views.theme import tint

ROLL_SHORTCUT = "Ctrl+R"
SINGULAR = {"successes": "success", "levels": "level"}
ENTRY_HINT = "successes (e.g. 3), the faces (e.g. 7 3 0 1, 0 for ten) or 'botch'"
_SEPARATORS = re.compile(r"[\s,;]+")


class FaceSource(Protocol):
    """Anything that hands out random d10 faces (``SeededDice`` in the program)."""

    def faces(self, count: int) -> tuple[int, ...]: ...


def parse_dice_text(text: str, *, pool: int, double_tens: bool = True,
                    sides: int = D10) -> DiceEntry:
    """Read what the GM typed: one number is a success count, several are the faces.

    ``botch`` (alone or after ``0``) records a botch reported without the faces. Among
    several faces a 0 is a 10, as most d10s print it (a 100 on a d100, whose dice print
    00); each face must be one the die has (``sides``: a d10 unless a ruling says).
    The entry is checked against the pool, so it can never be stored if it does not fit.
    """
    tokens = [token.lower() for token in _SEPARATORS.split(text.strip()) if token]
    if pool == 1 and len(tokens) == 1 and tokens[0].isdigit():
        # One die: the number the player reads off it is its face, not a count.
        return DiceEntry.of_faces((_face(tokens[0], sides),), sides=sides)
    if not tokens:
        raise DiceEntryError(f"Type the {ENTRY_HINT}.")
    botch = "botch" in tokens
    numbers = [token for token in tokens if token != "botch"]
    for token in numbers:
        if not token.isdigit():
            raise DiceEntryError(f"'{token}' is not a whole number: type the {ENTRY_HINT}.")
    if botch:
        if numbers not in ([], ["0"]):
            raise DiceEntryError("a botch has 0 successes: type 'botch' or '0 botch'.")
        entry = DiceEntry.of_successes(0, botch=True)
    elif len(numbers) == 1:
        entry = DiceEntry.of_successes(int(numbers[0]))
    else:
        entry = DiceEntry.of_faces((_face(token, sides) for token in numbers), sides=sides)
    entry.check_pool(pool, double_tens=double_tens)
    return entry


def _face(token: str, sides: int) -> int:
    """A typed face: most physical d10s show 0 for ten, and percentile dice 00 for 100."""
    face = int(token)
    return sides if face == 0 and sides in (D10, 100) else face


def default_face_source() -> FaceSource:
    """A fresh ``SeededDice``; its seed only matters until the faces are stored."""
    return SeededDice(random.SystemRandom().randrange(2**32))


class DiceEntryWidget(QWidget):
    """One roll's entry: two modes, a Roll button, a typed field and an inline message."""

    entryChanged = Signal()

    def __init__(
        self,
        title: str,
        parent: QWidget | None = None,
        *,
        face_source: FaceSource | None = None,
        compact: bool = False,
        unit: str = "successes",
    ) -> None:
        super().__init__(parent)
        self._compact = compact
        self._steady = False  # see keep_height
        self._unit = unit
        self._source: FaceSource = face_source or default_face_source()
        self._pool = 0
        self._target = 7
        self._double_tens = True
        self._sides = D10
        self._rolled: tuple[int, ...] | None = None
        self._build(title)
        self._sync()

    # -- layout -----------------------------------------------------------
    def _build(self, title: str) -> None:
        self.title_label = QLabel(title, self)
        self.roll_mode = QRadioButton("Roll for &me", self)
        self.typed_mode = QRadioButton("&I rolled", self)
        self.roll_mode.setChecked(True)
        self._modes = QButtonGroup(self)
        for button in (self.roll_mode, self.typed_mode):
            self._modes.addButton(button)
            button.toggled.connect(self._sync)
        self.roll_button = QPushButton("Roll" if self._compact else "&Roll", self)
        self.roll_button.setToolTip(f"Roll the pool now ({ROLL_SHORTCUT})")
        self.roll_button.clicked.connect(self.roll_now)
        # Only a click (or Ctrl+R) rolls: a button with the focus would take the next
        # typed space or Return as a press, and drop the roll already made.
        self.roll_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.roll_button.setAutoDefault(False)
        for mode in (self.roll_mode, self.typed_mode):  # Alt+M, Alt+I reach them
            mode.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.typed = QLineEdit(self)
        self.typed.setPlaceholderText(ENTRY_HINT)
        self.typed.setToolTip(f"Type the {ENTRY_HINT}")
        self.typed.textChanged.connect(self._sync)
        # Typing a result means "I rolled": the field is always open to the keyboard.
        self.typed.textEdited.connect(lambda _text: self.typed_mode.setChecked(True))
        self.typed.installEventFilter(self)
        self.result_label = QLabel(self)
        self.error_label = QLabel(self)
        self.error_label.setWordWrap(True)
        tint(self.error_label, "refusal")
        self.error_label.setObjectName("diceError")
        self._lay_out()
        # One Ctrl+R for the whole window: with several rows the shortcuts are
        # ambiguous, and whichever row hears it rolls the window's next waiting roll.
        shortcut = QShortcut(QKeySequence(ROLL_SHORTCUT), self)
        shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        shortcut.activated.connect(self._shortcut_roll)
        shortcut.activatedAmbiguously.connect(self._shortcut_roll)

    def _lay_out(self) -> None:
        if self._compact:
            self._lay_out_compact()
            return
        modes = QGridLayout()
        modes.addWidget(self.roll_mode, 0, 0)
        modes.addWidget(self.roll_button, 0, 1, Qt.AlignmentFlag.AlignLeft)
        modes.addWidget(self.typed_mode, 1, 0)
        modes.addWidget(self.typed, 1, 1)
        modes.setColumnStretch(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title_label)
        layout.addLayout(modes)
        layout.addWidget(self.result_label)
        layout.addWidget(self.error_label)

    def _lay_out_compact(self) -> None:
        self.roll_mode.hide()
        self.typed_mode.hide()
        self.typed.setPlaceholderText("3, or 7 3 10 1")
        self.typed.setMinimumWidth(self.fontMetrics().horizontalAdvance("7 3 10 1 7 3 10"))
        line = QHBoxLayout()
        line.addWidget(self.title_label, 2)
        line.addWidget(self.roll_button)
        line.addWidget(self.typed, 2)
        line.addWidget(self.result_label, 2)
        # Eleven rolled faces and their count outgrow a narrow row: wrap, not widen.
        self.result_label.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(line)
        layout.addWidget(self.error_label)

    # -- the pool ---------------------------------------------------------
    def set_pool(self, dice: int, *, target: int = 7, double_tens: bool = True,
                 sides: int = D10) -> None:
        """The pool this entry is for, and the die (a d10 unless a ruling names another);
        a change of pool forgets faces already rolled."""
        wanted = (dice, target, double_tens, sides)
        if wanted == (self._pool, self._target, self._double_tens, self._sides):
            return
        self._rolled = None
        self._pool, self._target, self._double_tens, self._sides = wanted
        self._sync()

    def pool(self) -> int:
        return self._pool

    # -- actions ----------------------------------------------------------
    def roll_now(self) -> None:
        """Draw the pool's faces from the dice source and keep them for the action."""
        self.roll_mode.setChecked(True)
        self._rolled = self._source.faces(max(self._pool, 0))
        self._sync()

    def _shortcut_roll(self) -> None:
        waiting = next((row for row in window_rows(self) if row.waiting()), None)
        if waiting is not None:
            waiting.roll_now()
            waiting.focus_next_or_stay()

    def waiting(self) -> bool:
        """Whether this row is in use (shown, enabled) and has no roll yet."""
        return self.isVisible() and self.isEnabled() and self.entry() is None \
            and not self.error()

    def focus_next_or_stay(self) -> None:
        """Put the keyboard in the next roll's field, if the window has one after this."""
        rows = [row for row in window_rows(self) if row.isVisible() and row.isEnabled()]
        later = rows[rows.index(self) + 1:] if self in rows else []
        if later:
            later[0].focus_entry()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Return in the typed field moves on to the next roll's field, when there is one."""
        if watched is self.typed and event.type() == QEvent.Type.KeyPress \
                and isinstance(event, QKeyEvent) \
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) \
                and event.modifiers() == Qt.KeyboardModifier.NoModifier:
            rows = [row for row in window_rows(self) if row.isVisible() and row.isEnabled()]
            later = rows[rows.index(self) + 1:] if self in rows else []
            if later:
                later[0].focus_entry()
                return True
        return super().eventFilter(watched, event)

    def focus_entry(self) -> None:
        """Put the keyboard in the typed field: type a result, or press Ctrl+R to roll."""
        self.typed.setFocus(Qt.FocusReason.OtherFocusReason)

    def set_typed(self, text: str) -> None:
        """Switch to "I rolled" with ``text`` in the field (what a GM does by keyboard)."""
        self.typed_mode.setChecked(True)
        self.typed.setText(text)

    # -- the result -------------------------------------------------------
    def entry(self) -> DiceEntry | None:
        """The entry to store in the action, or None while there is nothing valid yet."""
        entry, _ = self._current()
        return entry

    def error(self) -> str:
        """The message shown under the field ("" when the entry is fine or not started)."""
        return self.error_label.text()

    def _current(self) -> tuple[DiceEntry | None, str]:
        if self.roll_mode.isChecked():
            if self._pool <= 0:  # no dice: nothing to roll, nothing to press
                return DiceEntry.of_faces((), sides=self._sides, rolled=True), ""
            if self._rolled is None:
                return None, ""
            return DiceEntry.of_faces(self._rolled, sides=self._sides, rolled=True), ""
        if not self.typed.text().strip():
            return None, ""
        try:
            text = self.typed.text()
            entry = parse_dice_text(text, pool=self._pool, double_tens=self._double_tens,
                                    sides=self._sides)
        except DiceEntryError as error:
            return None, str(error)
        return entry, ""

    def keep_height(self) -> None:
        """Never grow a line for an error: the result column says so and the dialog
        shows the words (rows in a list must not jump under the GM's next click)."""
        self._steady = True
        self._sync()

    def _sync(self) -> None:
        entry, message = self._current()
        self.error_label.setText(message)
        self.error_label.setVisible(bool(message) and not self._steady)
        self.result_label.setText(self._describe(entry))
        if self._steady:
            self.result_label.setText("not valid" if message
                                      else self.result_label.text())
            tint(self.result_label, "refusal" if message else None)
            self.result_label.setToolTip(message)
        self.entryChanged.emit()

    def _describe(self, entry: DiceEntry | None) -> str:
        if entry is None:
            return f"{self._pool} dice" + ("" if self.typed_mode.isChecked() else ": press Roll")
        result = roll(self._pool, entry, target=self._target, double_tens=self._double_tens)
        # A compact row already shows typed faces in its field; rolled ones go in the result.
        shown = entry.faces is not None and (not self._compact or self.roll_mode.isChecked())
        faces = " ".join(str(f) for f in entry.faces or ()) + " → " if shown else "→ "
        botch = " (botch)" if result.botch and self._unit == "successes" else ""
        count = result.rolled_successes
        unit = SINGULAR.get(self._unit, self._unit) if count == 1 else self._unit
        return f"{faces}{count} {unit}{botch}"


def window_rows(widget: QWidget) -> list[DiceEntryWidget]:
    """Every roll entry of ``widget``'s window, in the order they were built."""
    window = widget.window()
    rows = window.findChildren(DiceEntryWidget)
    return [window, *rows] if isinstance(window, DiceEntryWidget) else rows


def align_titles(rows: Sequence[DiceEntryWidget]) -> None:
    """Give compact rows one title width, so their Roll buttons and fields line up.

    Each row lays itself out alone; without this, a longer name pushes that row's
    button and field to the right of the others.
    """
    width = max((row.title_label.sizeHint().width() for row in rows), default=0)
    for row in rows:
        row.title_label.setMinimumWidth(width)
