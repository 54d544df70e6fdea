"""The window's roster dock: every combatant in a table (the log has its own module)."""

from PySide6.QtCore import (
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QTableView,
    QWidget,
)

from battlewheel.models.combatants_model import COLUMNS, ID_ROLE, SORT_ROLE, CombatantsModel

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
