"""The window's own docks: the roster of combatants and the combat log."""

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Signal
from PySide6.QtWidgets import QAbstractItemView, QDockWidget, QListView, QTableView, QWidget

from battlewheel.models.combatants_model import ID_ROLE, CombatantsModel
from battlewheel.models.log_model import CombatLogModel

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
        self.table = QTableView(self)
        self.table.setObjectName("combatantsTable")
        self.table.setModel(model)
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
        selection.select(self.model.index(row, 0), flags)
        self.table.scrollTo(self.model.index(row, 0))

    def _chosen(self, index: QModelIndex) -> None:
        combatant_id = index.data(ID_ROLE)
        if isinstance(combatant_id, str):
            self.combatantChosen.emit(combatant_id)


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
        self.view.setUniformItemSizes(False)
        self.view.setAlternatingRowColors(True)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        model.rowsInserted.connect(self._follow)
        self.setWidget(self.view)

    def _follow(self) -> None:
        self.view.scrollToBottom()
