"""The box-track widget: a row of boxes under their labels, like the paper sheet.

It draws any ruleset's box track (the contract's ``BoxTrack``): 2e's and 3e's health
levels, Endurance, Health and Vigor, Ward, Magnitude.

The widget only shows a track and reports clicks: a click (or Space on the box under
the keyboard cursor) emits ``cycleRequested(index)``; whoever owns the state pushes
the matching engine action through the undo stack and hands the new track back with
``set_track``. The widget never changes a mark itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from battlewheel.engine.core.contract import BoxTrack
from battlewheel.engine.core.health import AGGRAVATED, BASHING, LETHAL
from battlewheel.views.theme import WINDOW, Pair, Part, is_dark, readable_fill

# The ordered health track's marks keep their shapes: / bashing, X lethal, X with a bar
# aggravated. Any other ruleset's glyph fills its box in the glyph's colour.
SHAPED = (BASHING, LETHAL, AGGRAVATED)
# Mark colours differ as well as shapes, so a glance across the table finds lethal damage;
# the shapes alone still tell the kinds apart for a colour-blind reader or a grey print.
# Each theme has its own, readable on its boxes (the palette's Base); the lethal red also
# writes "dead" and "dying" over the roster's boxes, so it is held to text's 4.5:1.
_MARKS = {"bashing": BASHING, "lethal": LETHAL, "aggravated": AGGRAVATED}
MARK_COLOURS: dict[str, QColor] = {}


def _use_marks(dark: bool) -> None:
    colours = MARKS.colours(dark)
    MARK_COLOURS.update({mark: QColor(colours[name]) for name, mark in _MARKS.items()})


MARKS = Part("health marks", {
    "box": (WINDOW.light["base"], WINDOW.dark["base"]),
    "bashing": ("#1f5fa8", "#8fc1ff"),
    "lethal": ("#b3261e", "#ff8a80"),
    "aggravated": ("#6a1b9a", "#d9a6ff"),
}, (Pair("bashing", "box", large=True), Pair("lethal", "box"),
    Pair("aggravated", "box", large=True)), hook=_use_marks)
_use_marks(is_dark())


@dataclass(frozen=True)
class _Group:
    """A run of boxes sharing one label (the two -1 boxes, the Dying boxes)."""

    label: str
    first: int
    count: int


def _groups(labels: Sequence[str]) -> list[_Group]:
    groups: list[_Group] = []
    for index, label in enumerate(labels):
        if groups and groups[-1].label == label:
            last = groups[-1]
            groups[-1] = _Group(label, last.first, last.count + 1)
        else:
            groups.append(_Group(label, index, 1))
    return groups


class HealthTrackWidget(QWidget):
    """Boxes of one health track; click or Space cycles a box through a request signal."""

    cycleRequested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._track: BoxTrack | None = None
        self._cursor = 0
        self._groups: list[_Group] = []
        # Where each group's label and each box go, worked out once per labels and font.
        self._places: tuple[list[QRectF], list[QRectF]] | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Health track")

    # -- state ------------------------------------------------------------
    def set_track(self, track: BoxTrack) -> None:
        """Show ``track``; the keyboard cursor stays on its box when the length allows.

        The same track changes nothing; new marks under the same labels repaint the boxes
        without laying the sheet out again (only the labels decide the widget's size).
        """
        if track == self._track:
            return
        relabelled = self._track is None or track.labels != self._track.labels
        self._track = track
        self._cursor = min(self._cursor, max(len(track.marks) - 1, 0))
        self.setAccessibleDescription(self.describe())
        self.setToolTip(self._help_text())
        if relabelled:
            self._groups = _groups(track.labels)
            self._places = None
            self.updateGeometry()
        self.update()

    def track(self) -> BoxTrack | None:
        return self._track

    def box_count(self) -> int:
        return 0 if self._track is None else len(self._track.marks)

    def cursor_index(self) -> int:
        """The box the keyboard acts on."""
        return self._cursor

    def describe(self) -> str:
        """The track in words, for screen readers and the accessible description."""
        if self._track is None:
            return "No health track"
        track = self._track
        taken = {glyph.name: track.marks.count(glyph.mark) for glyph in track.legend}
        damage = ", ".join(f"{n} {name}" for name, n in taken.items() if n) or "no damage"
        return f"{damage}; {track.condition}" if track.condition else damage

    # -- geometry ---------------------------------------------------------
    def _side(self) -> float:
        # Boxes scale with the application font, so the larger-text mode enlarges them.
        return round(self.fontMetrics().height() * 1.5)

    def _gap(self) -> float:
        return max(2.0, self._side() / 8)

    def _group_gap(self) -> float:
        return self._side() / 3

    def _label_height(self) -> float:
        return self.fontMetrics().height() + 2

    def _group_width(self, group: _Group) -> float:
        # A group is as wide as its boxes or its label, whichever is wider ("Incap" over 1 box).
        boxes = group.count * (self._side() + self._gap()) - self._gap()
        return max(boxes, self.fontMetrics().horizontalAdvance(group.label) + 4)

    def _group_left(self, wanted: _Group) -> float:
        x = 1.0
        for group in self._groups:
            if group is wanted:
                return x
            x += self._group_width(group) + self._group_gap()
        return x

    def box_rect(self, index: int) -> QRectF:
        """Where box ``index`` is painted, in widget coordinates."""
        boxes = self._layout()[1]
        return QRectF(boxes[index]) if 0 <= index < len(boxes) else QRectF()

    def _layout(self) -> tuple[list[QRectF], list[QRectF]]:
        """Each group's label area and each box, left to right (measured once, not on
        every paint: a step repaints the tracks of the sheets on screen)."""
        if self._places is None:
            self._places = self._measure()
        return self._places

    def _measure(self) -> tuple[list[QRectF], list[QRectF]]:
        side, gap, top = self._side(), self._gap(), self._label_height() + 1
        labels: list[QRectF] = []
        boxes: list[QRectF] = []
        for group in self._groups:
            left, width = self._group_left(group), self._group_width(group)
            labels.append(QRectF(left, 0, width, self._label_height()))
            first = left + (width - (group.count * (side + gap) - gap)) / 2
            boxes += [QRectF(first + n * (side + gap), top, side, side) for n in range(group.count)]
        return labels, boxes

    def box_at(self, point: QPointF) -> int | None:
        for index in range(self.box_count()):
            if self.box_rect(index).adjusted(-1, -1, 1, 1).contains(point):
                return index
        return None

    def sizeHint(self) -> QSize:
        widths = [self._group_width(group) for group in self._groups] or [self._side()]
        width = sum(widths) + (len(widths) - 1) * self._group_gap() + 2
        return QSize(int(width) + 1, int(self._label_height() + self._side() + 3))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    # -- input ------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.box_at(event.position())
        if event.button() != Qt.MouseButton.LeftButton or index is None or not self._clickable():
            super().mousePressEvent(event)
            return
        self._cursor = index
        self.update()
        self.cycleRequested.emit(index)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        count = self.box_count()
        if count and key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End):
            self._move_cursor(key, count)
        elif count and self._clickable() and key in (
            Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter
        ):
            self.cycleRequested.emit(self._cursor)
        else:
            super().keyPressEvent(event)

    def _clickable(self) -> bool:
        return self._track is not None and bool(self._track.cycle)

    def _move_cursor(self, key: Qt.Key, count: int) -> None:
        steps = {Qt.Key.Key_Left: self._cursor - 1, Qt.Key.Key_Right: self._cursor + 1}
        target = {Qt.Key.Key_Home: 0, Qt.Key.Key_End: count - 1}.get(key, steps.get(key, 0))
        self._cursor = max(0, min(count - 1, target))
        self.update()

    def focusInEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusOutEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        """Boxes follow the font: the larger-text mode makes them larger."""
        if event.type() == QEvent.Type.FontChange:
            self._places = None  # the boxes follow the font
            self.updateGeometry()
            self.update()
        super().changeEvent(event)

    def event(self, event: QEvent) -> bool:
        # Space on a focused track cycles its box: the window's Space (next step) waits.
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) \
                and event.key() == Qt.Key.Key_Space and not event.modifiers():
            event.accept()
            return True
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = self.box_at(QPointF(event.pos()))
            text = self._help_text() if index is None else self.box_tooltip(index)
            QToolTip.showText(event.globalPos(), text, self)
            return True
        return super().event(event)

    def box_tooltip(self, index: int) -> str:
        """What box ``index`` holds and what a click would make of it."""
        if self._track is None:
            return ""
        track = self._track
        mark = track.marks[index]
        label = track.labels[index]
        if not track.cycle:
            return f"{label} box: {self._word(mark)}."
        return (
            f"{label} box: {self._word(mark)}. Click (or Space) to cycle to "
            f"{self._word(track.next_mark(mark, label))}; Ctrl+Z undoes."
        )

    def _word(self, mark: str) -> str:
        glyph = self._track.glyph(mark) if self._track is not None else None
        return glyph.name if glyph is not None else "empty"

    def _help_text(self) -> str:
        track = self._track
        if track is None or not track.cycle:
            return "The boxes of this track."
        steps = " → ".join(self._word(mark) for mark in (*track.cycle, track.cycle[0]))
        return (f"Click a box, or use ←/→ and Space, to cycle it: {steps}. "
                "Each click is one undoable step (Ctrl+Z).")

    # -- painting ---------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        if self._track is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._paint_labels(painter)
        for index, mark in enumerate(self._track.marks):
            self._paint_box(painter, index, mark)
        painter.end()

    def _paint_labels(self, painter: QPainter) -> None:
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        for group, area in zip(self._groups, self._layout()[0], strict=True):
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, group.label)

    def _paint_box(self, painter: QPainter, index: int, mark: str) -> None:
        rect = self.box_rect(index)
        palette = self.palette()
        painter.setPen(QPen(palette.color(QPalette.ColorRole.WindowText), 1.2))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRect(rect)
        if self._track is not None and mark != self._track.blank:
            glyph = self._track.glyph(mark)
            if mark in SHAPED:
                paint_mark(painter, rect.adjusted(4, 4, -4, -4), mark)
            elif glyph is not None:
                fill = readable_fill(glyph.colour, palette.color(QPalette.ColorRole.Base).name())
                painter.fillRect(rect.adjusted(3, 3, -3, -3), QColor(fill))
        if self.hasFocus() and index == self._cursor:
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 2.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(rect.adjusted(-2, -2, 2, 2))


def paint_mark(painter: QPainter, rect: QRectF, mark: str) -> None:
    """Draw one mark in a box: / bashing, X lethal, X with a bar aggravated.

    The sheet's track and the roster's health column both draw with it, so a mark
    looks the same wherever the GM reads it.
    """
    pen = QPen(MARK_COLOURS[mark], max(2.0, rect.width() / 7))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    painter.drawLine(rect.bottomLeft(), rect.topRight())
    if mark in (LETHAL, AGGRAVATED):
        painter.drawLine(rect.topLeft(), rect.bottomRight())
    if mark == AGGRAVATED:
        centre = rect.center()
        painter.drawLine(QPointF(centre.x(), rect.top()), QPointF(centre.x(), rect.bottom()))
