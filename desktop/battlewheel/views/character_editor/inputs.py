"""One input per kind of form field: numbers typed (never spun), choices, flags, text.

Each input shows a ``FormField``'s value, gives back what was typed (``value``: a number
that does not parse comes back as its text, so the field's own check names it), keeps
the raw text for the draft, and can be marked with a problem (a red frame and the
sentence as its tooltip). ``edited`` fires on every change, the program's own too (the
page ignores it while it fills the form).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QRegularExpression, Qt, QTimer, Signal
from PySide6.QtGui import QFocusEvent, QRegularExpressionValidator, QWheelEvent
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QWidget

from battlewheel.engine.core.block_form import FormField

PROBLEM_STYLE = "border: 2px solid #c0392b; border-radius: 2px;"
NUMBER_WIDTH = 6  # characters: "-10" and room to see it


class _Marked:
    """The problem marking every input shares."""

    problem: str
    field: FormField

    def mark(self, problem: str | None) -> None:
        """Frame the input in red with ``problem`` as its tooltip; None clears it."""
        widget = self._widget()
        self.problem = problem or ""
        widget.setStyleSheet(PROBLEM_STYLE if problem else "")
        widget.setToolTip(problem or self.field.help)
        widget.setAccessibleDescription(problem or self.field.help)

    def take_field(self, field: FormField) -> None:
        """Show ``field``: its label names the input for a screen reader, its help on hover."""
        self.field, self.problem = field, ""
        widget = self._widget()
        widget.setAccessibleName(field.label)
        widget.setToolTip(field.help)

    def _widget(self) -> QWidget:
        assert isinstance(self, QWidget)
        return self

    # What was typed, kept as typed (a number's text); a choice or a flag is its value.
    def value(self) -> Any:
        raise NotImplementedError

    def set_value(self, value: Any) -> None:
        raise NotImplementedError

    def raw(self) -> Any:
        return self.value()

    def set_raw(self, raw: Any) -> None:
        self.set_value(raw)


class _TypedLine(QLineEdit, _Marked):
    """A field typed in a line; the whole text is selected on entry, so typing replaces it."""

    edited = Signal()

    def __init__(self, field: FormField, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.take_field(field)
        self.textEdited.connect(lambda _text: self.edited.emit())

    def focusInEvent(self, event: QFocusEvent) -> None:
        """Select the text, whether Tab or a click brought us here."""
        super().focusInEvent(event)
        QTimer.singleShot(0, self, self.selectAll)  # not after the field is gone

    def value(self) -> Any:
        return self.text()

    def set_value(self, value: Any) -> None:
        self.setText("" if value is None else str(value))

    def raw(self) -> Any:
        return self.text()

    def set_raw(self, raw: Any) -> None:
        self.setText(str(raw))


class NumberInput(_TypedLine):
    """A whole number typed in a line: digits and a sign only."""

    def __init__(self, field: FormField, parent: QWidget | None = None) -> None:
        super().__init__(field, parent)
        self.setValidator(QRegularExpressionValidator(QRegularExpression(r"-?\d{0,6}"), self))
        self.setAlignment(Qt.AlignmentFlag.AlignRight)
        width = self.fontMetrics().horizontalAdvance("0" * NUMBER_WIDTH)
        self.setMaximumWidth(width + 16)

    def value(self) -> Any:
        """The number typed; its text when it is no number; None when empty."""
        text = self.text().strip()
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            return text


class _WheelWhenFocused(QObject):
    """Lets the wheel reach a box only once it has the focus; before that the wheel
    scrolls the form around it."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Wheel and isinstance(watched, QWidget) \
                and not watched.hasFocus():
            event.ignore()  # on to the scrolling form
            return True
        return False


def wheel_only_when_focused(*boxes: QWidget) -> None:
    """The editor's other choice boxes (template, side, system) take the wheel as its
    fields do: only when focused, and the wheel gives them no focus."""
    for box in boxes:
        box.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        watcher = _WheelWhenFocused(box)
        box.installEventFilter(watcher)


class ChoiceInput(QComboBox, _Marked):
    """One of a field's choices, shown by its label."""

    edited = Signal()

    def __init__(self, field: FormField, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.take_field(field)
        labels = field.labels or field.choices
        for choice, label in zip(field.choices, labels, strict=False):
            self.addItem(str(label), choice)
        self.currentIndexChanged.connect(lambda _index: self.edited.emit())
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # the wheel gives it no focus

    def wheelEvent(self, event: QWheelEvent) -> None:
        """The wheel changes the choice only once the field has the focus; before that
        it scrolls the form (a specialty went from melee to thrown as the GM scrolled)."""
        if not self.hasFocus():
            event.ignore()  # on to the scrolling form
            return
        super().wheelEvent(event)

    def value(self) -> Any:
        return self.currentData() if self.currentIndex() >= 0 else None

    def set_value(self, value: Any) -> None:
        self.setCurrentIndex(self.findData(value))


class FlagInput(QCheckBox, _Marked):
    """Yes or no; Space ticks it."""

    edited = Signal()

    def __init__(self, field: FormField, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.take_field(field)
        self.toggled.connect(lambda _on: self.edited.emit())

    def value(self) -> Any:
        return self.isChecked()

    def set_value(self, value: Any) -> None:
        self.setChecked(bool(value))


class TextInput(_TypedLine):
    """Words: a name, a weapon, a note."""


Input = NumberInput | ChoiceInput | FlagInput | TextInput


def make_input(field: FormField, parent: QWidget) -> Input:
    """The input for one field, showing its default."""
    kinds: dict[str, type[Input]] = {"int": NumberInput, "choice": ChoiceInput,
                                     "flag": FlagInput, "text": TextInput}
    widget = kinds[field.kind](field, parent)
    widget.set_value(field.default)
    return widget
