"""The combat log dock: each sentence with what it led to beneath it, newest last.

Entries read as bands (every other entry on the alternate base colour, its details
included), so the eye finds where one action's consequences end; the details are
indented and a little muted. The view always shows the newest entry; Ctrl+C copies
the selected lines and the context menu copies the whole log.
"""

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QGuiApplication,
    QHoverEvent,
    QKeyEvent,
    QKeySequence,
    QPainter,
    QPalette,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QWidget,
)

from battlewheel.models.log_model import CombatLogModel
from battlewheel.views.viewports import own_viewport

Index = QModelIndex | QPersistentModelIndex
ROWS_KEPT = 120  # rows' pictures kept (a few MB at most); a screenful is a few dozen

_FEATURES = (
    QDockWidget.DockWidgetFeature.DockWidgetMovable
    | QDockWidget.DockWidgetFeature.DockWidgetFloatable
    | QDockWidget.DockWidgetFeature.DockWidgetClosable
)


def muted(palette: QPalette) -> QColor:
    """The text colour a third of the way towards the background: present, but quieter."""
    text, base = palette.color(QPalette.ColorRole.Text), palette.color(QPalette.ColorRole.Base)
    return QColor(
        (2 * text.red() + base.red()) // 3,
        (2 * text.green() + base.green()) // 3,
        (2 * text.blue() + base.blue()) // 3,
    )


def _depth(index: Index) -> int:
    return 1 if index.parent().isValid() else 0


class WrappedRowDelegate(QStyledItemDelegate):
    """Each row as tall as its text wrapped to the room it has, up to four lines.

    Heights are measured once per text and width and then remembered, so a new entry
    costs one measurement per line, not one per row; a longer text is elided after
    four lines (its tooltip has it all).
    """

    MAX_LINES = 4
    PADDING = 6

    def __init__(self, view: QTreeView) -> None:
        super().__init__(view)
        self.view = view
        self._heights: dict[tuple[str, int, int], int] = {}

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        """The wrapped height of this row's text at the width the view gives it."""
        indent = self.view.indentation() * _depth(index)
        width = max(self.view.viewport().width() - indent, 100)
        text = str(index.data() or "")
        metrics = option.fontMetrics
        key = (text, width, metrics.lineSpacing())
        height = self._heights.get(key)
        if height is None:
            height = self._measure(text, width, option)
            if len(self._heights) > 5000:  # fonts and widths come and go; keep it small
                self._heights.clear()
            self._heights[key] = height
        return QSize(width, height)

    def _measure(self, text: str, width: int, option: QStyleOptionViewItem) -> int:
        metrics = option.fontMetrics
        # The style draws the text inside the focus frame's margin (plus one pixel) on
        # each side; measuring any narrower adds an empty line to a sentence that fits.
        style = self.view.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.view) + 1
        room = QRect(0, 0, max(width - 2 * margin, 40), 100_000)
        lines = metrics.boundingRect(room, Qt.TextFlag.TextWordWrap, text).height()
        lines = min(lines, metrics.lineSpacing() * self.MAX_LINES)
        return max(lines, metrics.lineSpacing()) + self.PADDING


class LogView(QTreeView):
    """The log's tree, always expanded, each entry and its details one band."""

    # Ctrl+C: the item view's own copy takes only the current row's text.
    copyRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        own_viewport(self)  # see views.viewports: no widget class set up for nothing
        self.setObjectName("combatLog")
        self.setHeaderHidden(True)
        self.setRootIsDecorated(False)
        # Consequences are the point of the log: they stay open.
        self.setItemsExpandable(False)
        self.setExpandsOnDoubleClick(False)
        self.setIndentation(18)
        self.setUniformRowHeights(False)
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setItemDelegate(WrappedRowDelegate(self))
        # Rows as drawn, by look (see drawRow).
        self._drawn: dict[tuple[object, ...], QPixmap] = {}
        # The row under the pointer (entry, line), which a style may light up.
        self._hovered: tuple[int, int] | None = None
        self._take_colours()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A new width rewraps every row (the tree keeps row heights until told);
        a log read at its newest entry stays there."""
        at_bottom = self.verticalScrollBar().value() == self.verticalScrollBar().maximum()
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.scheduleDelayedItemsLayout()
            if at_bottom:
                self.scrollToBottom()

    def viewportEvent(self, event: QEvent) -> bool:
        """Note the row under the pointer (the tree lights the whole row in some styles)."""
        kind = event.type()
        hovering = kind in (QEvent.Type.HoverEnter, QEvent.Type.HoverMove)
        if hovering and isinstance(event, QHoverEvent):
            under = self.indexAt(event.position().toPoint())
            self._hovered = (under.parent().row(), under.row()) if under.isValid() else None
        elif kind == QEvent.Type.HoverLeave:
            self._hovered = None
        return super().viewportEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Copy asks the dock for every selected line; other keys as usual."""
        if event.matches(QKeySequence.StandardKey.Copy):
            self.copyRequested.emit()
            event.accept()
            return
        super().keyPressEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        """A new palette (or style) brings new band and text colours."""
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange):
            self._take_colours()

    def _take_colours(self) -> None:
        # Worked out once per palette, not once per row painted.
        palette = self.palette()
        self._band = palette.color(QPalette.ColorRole.AlternateBase)
        self._base = palette.color(QPalette.ColorRole.Base)
        self._text = palette.color(QPalette.ColorRole.Text)
        self._muted = muted(palette)

    def drawRow(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        """Band the whole row, indentation included, by its entry's parity; a detail's
        text in the muted colour. A row is drawn once per look and then copied: a new
        entry scrolls the log and Qt repaints every row, laying each text out again."""
        key = self._look(option, index)
        drawn = self._drawn.get(key)
        if drawn is None:
            drawn = self._draw_row(option, index)
            if len(self._drawn) > ROWS_KEPT:
                self._drawn.clear()
            self._drawn[key] = drawn
        painter.drawPixmap(option.rect.topLeft(), drawn)

    def _look(self, option: QStyleOptionViewItem, index: Index) -> tuple[object, ...]:
        """Everything a row's picture depends on: its words and place in the bands, its
        size, selection, focus and hover, the palette, font and screen."""
        parent = index.parent()
        selection = self.selectionModel()
        hovered = self._hovered == (parent.row(), index.row())
        return (str(index.data() or ""), parent.row(), index.row() % 2, hovered, option.rect.size(),
                int(option.state.value), selection is not None and selection.isSelected(index),
                index == self.currentIndex(), self.hasFocus(), self.isActiveWindow(),
                option.palette.cacheKey(), option.font.key(), self.devicePixelRatioF())

    def _draw_row(self, option: QStyleOptionViewItem, index: Index) -> QPixmap:
        ratio = self.devicePixelRatioF()
        rect = option.rect
        drawn = QPixmap(round(rect.width() * ratio), round(rect.height() * ratio))
        drawn.setDevicePixelRatio(ratio)
        entry = index.parent().row()
        detail = entry >= 0
        # Opaque like the view under it, so the text is smoothed as it would be there.
        drawn.fill(self._band if (entry if detail else index.row()) % 2 else self._base)
        painter = QPainter(drawn)
        painter.translate(-rect.topLeft())
        # The tree hands every row the same option: set the colour each time, both ways.
        option.palette.setColor(QPalette.ColorRole.Text, self._muted if detail else self._text)
        super().drawRow(painter, option, index)
        painter.end()
        return drawn


class LogDock(QDockWidget):
    """The combat log, newest last, always scrolled to the newest entry."""

    def __init__(self, model: CombatLogModel, parent: QWidget | None = None) -> None:
        super().__init__("Combat log", parent)
        self.setObjectName("logDock")
        self.setFeatures(_FEATURES)
        self.model = model
        self.view = LogView(self)
        self.view.setModel(model)
        self._add_copy_actions()
        model.rowsInserted.connect(self._inserted)
        model.modelReset.connect(self._reset)
        self.setWidget(self.view)
        self._reset()

    def copy_selection(self) -> str:
        """Put the selected lines on the clipboard (the whole log if none); return them."""
        chosen = self.view.selectionModel().selectedIndexes()
        return self._to_clipboard(self.model.text_of(chosen) if chosen else self.model.log_text())

    def copy_log(self) -> str:
        """Put the whole log on the clipboard as text; return it."""
        return self._to_clipboard(self.model.log_text())

    def _to_clipboard(self, text: str) -> str:
        QGuiApplication.clipboard().setText(text)
        return text

    def _add_copy_actions(self) -> None:
        copy = QAction("&Copy selected lines", self.view)
        copy.triggered.connect(self.copy_selection)
        self.view.copyRequested.connect(self.copy_selection)
        whole = QAction("Copy &log", self.view)
        whole.triggered.connect(self.copy_log)
        for action in (copy, whole):
            self.view.addAction(action)
        self.copy_action, self.copy_log_action = copy, whole
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    def _inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        if parent.isValid():
            return
        for row in range(first, last + 1):
            self.view.expand(self.model.index(row, 0))
        self.view.scrollToBottom()

    def _reset(self) -> None:
        self.view.expandAll()
        self.view.scrollToBottom()
