"""The window's own docks: the roster of combatants and the combat log."""

from PySide6.QtCore import (
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QSize,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QListView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from battlewheel.models.combatants_model import COLUMNS, ID_ROLE, SORT_ROLE, CombatantsModel
from battlewheel.models.log_model import CombatLogModel

Index = QModelIndex | QPersistentModelIndex

_FEATURES = (
    QDockWidget.DockWidgetFeature.DockWidgetMovable
    | QDockWidget.DockWidgetFeature.DockWidgetFloatable
    | QDockWidget.DockWidgetFeature.DockWidgetClosable
)


class CombatantsDock(QDockWidget):
    """Every combatant in a table; choosing a row selects that combatant everywhere."""

    combatantChosen = Signal(str)

    def __init__(self, model: CombatantsModel, parent: QWidget | None = None) -> None:
        super().__init__("Combatants", parent)
        self.setObjectName("combatantsDock")
        self.setFeatures(_FEATURES)
        self.model = model
        # Sorted by next tick by default: the top row is who acts next.
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(model)
        self.proxy.setSortRole(SORT_ROLE)
        self.table = QTableView(self)
        self.table.setObjectName("combatantsTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(COLUMNS.index("Next tick"), Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.resizeColumnsToContents()
        self.table.activated.connect(self._chosen)
        self.table.clicked.connect(self._chosen)
        model.modelReset.connect(self.table.resizeColumnsToContents)
        self.setWidget(self.table)

    def select(self, combatant_id: str) -> None:
        """Highlight one combatant's row without echoing a choice back."""
        row = self.model.row_of(combatant_id)
        selection = self.table.selectionModel()
        if row < 0 or selection is None:
            return
        flags = (
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows
        )
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        selection.select(index, flags)
        self.table.scrollTo(index)

    def _chosen(self, index: QModelIndex) -> None:
        combatant_id = index.data(ID_ROLE)
        if isinstance(combatant_id, str):
            self.combatantChosen.emit(combatant_id)


class _WrappedRowDelegate(QStyledItemDelegate):
    """Each log row as tall as its sentence wrapped to the view's width, up to four lines.

    Heights are measured once per sentence and width and then remembered, so a new
    entry costs one measurement, not one per row; a longer sentence is elided after
    four lines (its tooltip has it all).
    """

    MAX_LINES = 4
    PADDING = 6

    def __init__(self, view: QListView) -> None:
        super().__init__(view)
        self.view = view
        self._heights: dict[tuple[str, int, int], int] = {}

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        """The wrapped height of this row's sentence at the view's current width."""
        width = max(self.view.viewport().width(), 100)
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
        room = QRect(0, 0, max(width - 2 * self.PADDING, 40), 100_000)
        lines = metrics.boundingRect(room, Qt.TextFlag.TextWordWrap, text).height()
        lines = min(lines, metrics.lineSpacing() * self.MAX_LINES)
        return max(lines, metrics.lineSpacing()) + self.PADDING


class LogDock(QDockWidget):
    """The combat log, newest last, always scrolled to the newest entry."""

    def __init__(self, model: CombatLogModel, parent: QWidget | None = None) -> None:
        super().__init__("Combat log", parent)
        self.setObjectName("logDock")
        self.setFeatures(_FEATURES)
        self.view = QListView(self)
        self.view.setObjectName("combatLog")
        self.view.setModel(model)
        self.view.setWordWrap(True)
        # Rows follow their sentences; the delegate remembers each height, so a new
        # entry measures one sentence, and a narrower dock re-measures once.
        self.view.setResizeMode(QListView.ResizeMode.Adjust)
        self.view.setItemDelegate(_WrappedRowDelegate(self.view))
        self.view.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.view.setAlternatingRowColors(True)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        model.rowsInserted.connect(self._follow)
        model.modelReset.connect(self._follow)
        self.setWidget(self.view)
        self.view.scrollToBottom()

    def _follow(self) -> None:
        self.view.scrollToBottom()
