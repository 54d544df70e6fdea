"""The character sheet: the sections a ruleset lists for one combatant.

``SheetWidget`` draws a ``SheetView`` (box tracks, pools, values, tables, text) and
turns gestures into requests (signals); ``CharacterSheetDock`` asks the combat's
ruleset which action each request means and pushes it through the undo stack. The
widget keeps its section boxes across refreshes, so keyboard focus survives a click.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core.contract import (
    BoxTrack,
    ConditionsSection,
    Pool,
    PoolsSection,
    SheetView,
    Table,
    Text,
    Value,
    Values,
)
from battlewheel.views.sheets.health_track import HealthTrackWidget

SIDE_WORDS = {"ally": "Ally", "enemy": "Enemy"}


_NO_LIMIT = 16_777_215  # Qt's QWIDGETSIZE_MAX, which PySide6 does not export


def _clear(layout: QLayout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.hide()  # gone from the next paint, not only after the deferred delete
            widget.deleteLater()


def step_keys_pass(*buttons: QAbstractButton) -> None:
    """Sheet buttons never take the keyboard focus (a click, Tab), so the window's step
    keys, Space and Ctrl+Return, never press one that merely has it: after GM override…
    the button kept the focus and Space opened it again. Their Alt mnemonics and the
    mouse still press them."""
    for button in buttons:
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)


@dataclass(frozen=True)
class _Cell:
    """One label of a section's grid: where it sits (row, column, columns spanned) and
    what it shows."""

    row: int
    column: int
    text: str
    tip: str = ""
    span: int = 1
    right: bool = False
    italic: bool = False
    # A table's words may wrap onto a second line, so a long note or heading does not
    # widen the sheet (and its dock) and shrink the wheel beside it.
    wrap: bool = False


_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def _value_cells(value: Value, row: int, column: int) -> tuple[_Cell, _Cell]:
    """A value's name, then its number on the right (a note as its tooltip, an override
    in italics)."""
    return (_Cell(row, column, value.label),
            _Cell(row, column + 1, value.text, value.note, right=True,
                  italic=value.overridden))


def _show_cell(label: QLabel, cell: _Cell) -> None:
    # Only what differs is set: each setter lays the sheet out again or repaints it.
    if label.text() != cell.text:
        label.setText(cell.text)
    if label.toolTip() != cell.tip:
        label.setToolTip(cell.tip)
    alignment = _RIGHT if cell.right else _LEFT
    if label.alignment() != alignment:
        label.setAlignment(alignment)
    if label.wordWrap() != cell.wrap:
        label.setWordWrap(cell.wrap)
    if label.font().italic() != cell.italic:
        font = label.font()
        font.setItalic(cell.italic)
        label.setFont(font)


class _PoolRow(QWidget):
    """Current / maximum of one pool, with spend and regain buttons."""

    changeRequested = Signal(str, int)

    def __init__(self, key: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key = key
        self.label = QLabel(self)
        self.value = QLabel(self)
        self.spend = QToolButton(self)
        self.spend.setText("\N{MINUS SIGN}")
        self.regain = QToolButton(self)
        self.regain.setText("+")
        self.spend.clicked.connect(lambda: self.changeRequested.emit(self.key, -1))
        self.regain.clicked.connect(lambda: self.changeRequested.emit(self.key, 1))
        step_keys_pass(self.spend, self.regain)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.label, self.value):
            layout.addWidget(widget)
        layout.addStretch(1)
        layout.addWidget(self.spend)
        layout.addWidget(self.regain)

    def show_pool(self, pool: Pool) -> None:
        self.label.setText(pool.label)
        self.value.setText(pool.text)
        self.value.setToolTip(pool.note)
        self.spend.setToolTip(f"Spend 1 {pool.label} (undo with Ctrl+Z)")
        self.regain.setToolTip(f"Regain 1 {pool.label} (undo with Ctrl+Z)")
        self.spend.setEnabled(pool.current > 0)
        self.regain.setEnabled(pool.maximum is None or pool.current < pool.maximum)


class SheetWidget(QWidget):
    """One character sheet drawn from the ruleset's sections; emits requests only.

    Each section of the ``SheetView`` gets a group box, kept across refreshes while the
    sheet has the same sections, so a health track or a pool button keeps the keyboard
    focus through the click that changed it.
    """

    boxClickRequested = Signal(str, int)
    poolChangeRequested = Signal(str, int)
    overrideRequested = Signal()
    # The GM asks for a new condition, or pushes a section's action (a condition removed).
    conditionRequested = Signal()
    actionRequested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._info: SheetView | None = None
        self._sections: list[_SectionBox] = []
        self._build()

    @property
    def health(self) -> HealthTrackWidget:
        """The first box track's widget (a sheet always has one: its health)."""
        for box in self._sections:
            if isinstance(box, _TrackBox):
                return box.track_widget
        raise LookupError("this sheet has no box track")

    def _build(self) -> None:
        self.name_label = QLabel(self)
        self._style_name()
        self.kind_label = QLabel(self)
        self.status_label = QLabel(self)
        self.status_label.setWordWrap(True)
        self.override_button = QPushButton("GM &override…", self)
        self.override_button.setToolTip("Set a derived value by hand, with a reason (undo: Ctrl+Z)")
        self.override_button.clicked.connect(self.overrideRequested)
        self.condition_button = QPushButton("Add condi&tion\u2026", self)
        self.condition_button.setToolTip("Lay a condition on this combatant: words, a dice or "
                                         "defence modifier, how long it lasts (undo: Ctrl+Z)")
        self.condition_button.clicked.connect(self.conditionRequested)
        step_keys_pass(self.override_button, self.condition_button)
        # The name line and the buttons are widgets of their own, so that a sheet wider
        # than its dock can keep them in sight (keep_within).
        self.header = QWidget(self)
        header = QHBoxLayout(self.header)
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(self.name_label, 1)
        header.addWidget(self.kind_label)
        self.body = QVBoxLayout()
        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(self.status_label)
        layout.addLayout(self.body)
        self.buttons = QWidget(self)
        buttons = QHBoxLayout(self.buttons)
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addStretch(1)
        buttons.addWidget(self.condition_button)
        buttons.addWidget(self.override_button)
        layout.addWidget(self.buttons)
        layout.addStretch(1)

    def _style_name(self) -> None:
        # The name is a quarter larger than the sheet's font, whatever that is now.
        font = QFont(self.font())
        font.setBold(True)
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * 1.25)
        self.name_label.setFont(font)

    def changeEvent(self, event: QEvent) -> None:
        """Follow the application's larger-text mode."""
        if event.type() == QEvent.Type.FontChange:
            self._style_name()
        super().changeEvent(event)

    def keep_within(self, room: int | None) -> None:
        """Keep each part that fits within ``room`` pixels there (None: the whole width).

        A sheet wider than its dock (larger text) scrolls sideways: its name line, its
        buttons and the sections narrow enough then stay in sight, right-hand values and
        all, and only the sections that need more room reach past the dock's edge.
        """
        layout = self.layout()
        margins = layout.contentsMargins() if layout is not None else self.contentsMargins()
        inner = None if room is None else room - margins.left() - margins.right()
        for part in [self.header, self.status_label, *self._sections, self.buttons]:
            least = part.minimumSizeHint().width()
            part.setMaximumWidth(_NO_LIMIT if inner is None else max(inner, least))

    # -- showing ----------------------------------------------------------
    def info(self) -> SheetView | None:
        return self._info

    def section_box(self, title: str) -> QGroupBox | None:
        """The group box of one section, by title (for tests and the keyboard)."""
        return next((box for box in self._sections if box.title() == title), None)

    def show_info(self, info: SheetView) -> None:
        """Draw ``info``; sections that did not change are left alone."""
        self._info = info
        self.name_label.setText(info.name)
        self.kind_label.setText(f"{info.kind} · {SIDE_WORDS.get(info.side, info.side)}")
        self.status_label.setText(" · ".join(info.status))
        self.status_label.setVisible(bool(info.status))
        self.override_button.setVisible(bool(info.edit_dialog))
        self.override_button.setText(info.edit_label)
        if [_shape(s) for s in info.sections] != [box.shape for box in self._sections]:
            self._rebuild(info)
        for box, section in zip(self._sections, info.sections, strict=True):
            box.show_section(section)
        for box in self._sections:
            if isinstance(box, _TrackBox):
                box.track_widget.setAccessibleName(f"{box.title()} track of {info.name}")

    def _rebuild(self, info: SheetView) -> None:
        _clear(self.body)
        self._sections = [_section_box(section, self) for section in info.sections]
        for box in self._sections:
            if isinstance(box, _TrackBox):
                box.clicked.connect(self.boxClickRequested)
            if isinstance(box, _PoolsBox):
                box.changeRequested.connect(self.poolChangeRequested)
            if isinstance(box, _ConditionsBox):
                box.actionRequested.connect(self.actionRequested)
            self.body.addWidget(box)


def _shape(section: object) -> tuple[str, str]:
    return (type(section).__name__, getattr(section, "title", ""))


class _SectionBox(QGroupBox):
    """A section of the sheet: draws one kind of contract section."""

    def __init__(self, section: object, parent: QWidget) -> None:
        super().__init__(str(getattr(section, "title", "")), parent)
        self.shape = _shape(section)
        self._shown: object = None

    def show_section(self, section: object) -> None:
        """Redraw only when the section's values changed."""
        if section != self._shown:
            self._shown = section
            self.draw(section)
        self.setVisible(self.has_content(section))

    def draw(self, section: object) -> None:
        raise NotImplementedError

    def has_content(self, section: object) -> bool:
        return True


class _TrackBox(_SectionBox):
    clicked = Signal(str, int)

    def __init__(self, section: BoxTrack, parent: QWidget) -> None:
        super().__init__(section, parent)
        self.key = section.key
        self.track_widget = HealthTrackWidget(self)
        self.track_widget.cycleRequested.connect(lambda index: self.clicked.emit(self.key, index))
        self.condition_label = QLabel(self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.track_widget)
        layout.addWidget(self.condition_label)

    def draw(self, section: object) -> None:
        assert isinstance(section, BoxTrack)
        self.track_widget.set_track(section)
        self.condition_label.setText(section.condition)
        self.condition_label.setVisible(bool(section.condition))


class _PoolsBox(_SectionBox):
    changeRequested = Signal(str, int)

    def __init__(self, section: PoolsSection, parent: QWidget) -> None:
        super().__init__(section, parent)
        self.layout_ = QVBoxLayout(self)
        self.rows: dict[str, _PoolRow] = {}

    def draw(self, section: object) -> None:
        assert isinstance(section, PoolsSection)
        wanted = [pool.key for pool in section.pools]
        if wanted != list(self.rows):
            _clear(self.layout_)
            self.rows = {}
            for key in wanted:
                row = _PoolRow(key, self)
                row.changeRequested.connect(self.changeRequested)
                self.layout_.addWidget(row)
                self.rows[key] = row
        for pool in section.pools:
            self.rows[pool.key].show_pool(pool)

    def has_content(self, section: object) -> bool:
        return isinstance(section, PoolsSection) and bool(section.pools)


class _GridBox(_SectionBox):
    def __init__(self, section: object, parent: QWidget) -> None:
        super().__init__(section, parent)
        self.grid = QGridLayout(self)
        # Room between a value and the next column's label, in the current font.
        self.grid.setHorizontalSpacing(self.fontMetrics().averageCharWidth() * 3 // 2)
        self._labels: list[QLabel] = []
        self._places: list[tuple[int, int, int]] = []

    def show_cells(self, cells: list[_Cell]) -> None:
        """Show ``cells``: the labels in place keep their places and take the new words;
        only a new arrangement (a row more or less) makes the labels again."""
        places = [(cell.row, cell.column, cell.span) for cell in cells]
        if places != self._places:
            _clear(self.grid)
            self._labels = [QLabel(self) for _ in cells]
            for label, (row, column, span) in zip(self._labels, places, strict=True):
                self.grid.addWidget(label, row, column, 1, span)
            self._places = places
        for label, cell in zip(self._labels, cells, strict=True):
            _show_cell(label, cell)


class _ValuesBox(_GridBox):
    def draw(self, section: object) -> None:
        assert isinstance(section, Values)
        cells = [_Cell(0, column * 2, f"<b>{heading}</b>", span=2)
                 for column, heading in enumerate(section.headings)]
        top = 1 if section.headings else 0
        for index, value in enumerate(section.values):
            row, column = divmod(index, max(1, section.columns))
            cells += _value_cells(value, top + row, column * 2)
        self.show_cells(cells)

    def has_content(self, section: object) -> bool:
        return isinstance(section, Values) and bool(section.values)


class _TableBox(_GridBox):
    def draw(self, section: object) -> None:
        assert isinstance(section, Table)
        tips = section.tips or ("",) * len(section.columns)
        cells = [_Cell(0, column, f"<b>{title}</b>", tip, wrap=True)
                 for column, (title, tip) in enumerate(zip(section.columns, tips, strict=False))]
        for row, texts in enumerate(section.rows, start=1):
            cells += [_Cell(row, column, text, wrap=True) for column, text in enumerate(texts)]
        if section.footer:
            cells.append(_Cell(len(section.rows) + 1, 0, section.footer,
                               span=len(section.columns)))
        self.show_cells(cells)


class _TextBox(_SectionBox):
    def __init__(self, section: Text, parent: QWidget) -> None:
        super().__init__(section, parent)
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        QVBoxLayout(self).addWidget(self.label)

    def draw(self, section: object) -> None:
        assert isinstance(section, Text)
        self.label.setText(section.text)

    def has_content(self, section: object) -> bool:
        return isinstance(section, Text) and bool(section.text)


class _ConditionsBox(_GridBox):
    """The GM's conditions: the words, modifiers and expiry, and a button removing each."""

    actionRequested = Signal(object)

    def draw(self, section: object) -> None:
        assert isinstance(section, ConditionsSection)
        _clear(self.grid)
        for row, line in enumerate(section.lines):
            self.grid.addWidget(QLabel(f"<b>{line.text}</b>", self), row, 0)
            self.grid.addWidget(QLabel(line.detail, self), row, 1)
            remove = QToolButton(self)
            remove.setText("\N{MULTIPLICATION SIGN}")
            remove.setAccessibleName(f"Remove {line.text}")
            remove.setToolTip(f"Remove \u201c{line.text}\u201d (undo: Ctrl+Z)")
            remove.clicked.connect(lambda _=False, action=line.remove:
                                   self.actionRequested.emit(action))
            step_keys_pass(remove)
            self.grid.addWidget(remove, row, 2)
        self.grid.setColumnStretch(1, 1)

    def has_content(self, section: object) -> bool:
        return isinstance(section, ConditionsSection) and bool(section.lines)


def _section_box(section: object, parent: QWidget) -> _SectionBox:
    kinds: dict[type, type[_SectionBox]] = {
        BoxTrack: _TrackBox, PoolsSection: _PoolsBox, Values: _ValuesBox,
        Table: _TableBox, Text: _TextBox, ConditionsSection: _ConditionsBox,
    }
    return kinds[type(section)](section, parent)


class SheetWidths:
    """The widest minimum width of the sheets sharing a dock area's tabs.

    Each sheet asking only for its own width, the tabbed area (and the wheel beside
    it) would change width at every change of tab, and the wheel be drawn again at a
    new scale: sharing the widest, the tabs keep one width.
    """

    def __init__(self) -> None:
        self.widest = 0


class SheetScroll(QScrollArea):
    """A sheet in a scroll area: it scrolls down in a short dock, sideways only in larger text.

    In normal text its minimum width is the sheet's, so the dock is never narrower than
    the sheet's columns. In larger text the wheel comes first: the sheet's minimum width
    no longer follows its bigger type, so the dock keeps its width (and the wheel its
    size) and the sheet scrolls sideways to its right-hand column instead.
    """

    def __init__(self, sheet: SheetWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidget(sheet)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.gives_way = False
        self._told_width = -1  # the minimum width the dock's layout was last told
        self.widths: SheetWidths | None = None  # shared with the sheets tabbed with it
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        sheet.installEventFilter(self)

    def set_gives_way(self, on: bool) -> None:
        """In larger text (``on``) scroll sideways; in normal text be as wide as the sheet."""
        self.gives_way = on
        shown = Qt.ScrollBarPolicy
        self.setHorizontalScrollBarPolicy(
            shown.ScrollBarAsNeeded if on else shown.ScrollBarAlwaysOff
        )
        self._keep_in_sight()
        self.updateGeometry()

    def _keep_in_sight(self) -> None:
        sheet = self.widget()
        if isinstance(sheet, SheetWidget):
            sheet.keep_within(self.viewport().width() if self.gives_way else None)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A wider or narrower dock: what fits in sight changes."""
        super().resizeEvent(event)
        self._keep_in_sight()

    def minimumSizeHint(self) -> QSize:
        """As wide as the sheet's content and the vertical scroll bar (unless it gives way)."""
        hint = super().minimumSizeHint()
        sheet = self.widget()
        if sheet is None or self.gives_way:
            return hint
        width = sheet.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width()
        width = max(hint.width(), width + 2 * self.frameWidth())
        if self.widths is not None:
            self.widths.widest = width = max(width, self.widths.widest)
        return QSize(width, hint.height())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A new font or new rows change the sheet's width: tell the dock's layout.

        Only a width that differs is told: the dock's layout is the window's, and a
        new number on the sheet would otherwise lay out every dock of the window.
        """
        if watched is self.widget() and event.type() in (
            QEvent.Type.LayoutRequest, QEvent.Type.FontChange
        ):
            self._keep_in_sight()  # new sections, or new type: measure them again
            told = self.minimumSizeHint().width()
            if event.type() == QEvent.Type.FontChange or told != self._told_width:
                self._told_width = told
                self.updateGeometry()
        return super().eventFilter(watched, event)
