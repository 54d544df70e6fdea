"""The window's roster dock: every combatant in a table (the log has its own module);
and how any dock is brought forward."""

import shiboken6
from PySide6.QtCore import (
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QSettings,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QMainWindow,
    QTabBar,
    QTableView,
    QWidget,
)

from battlewheel.models.combatants_model import ID_ROLE, SORT_ROLE, CombatantsModel
from battlewheel.views.combatants_columns import NAME, ColumnChooser, ColumnFitter
from battlewheel.views.health_delegate import HealthDelegate
from battlewheel.views.name_delegate import NameDelegate
from battlewheel.views.viewports import own_viewport

Index = QModelIndex | QPersistentModelIndex


def bring_forward(window: QMainWindow, dock: QDockWidget) -> None:
    """Show ``dock`` in front: its tab chosen if it shares a tab bar, else raised.

    Raising a tabbed dock (``raise_``) puts it above its siblings, and Qt raises the
    window's central widget back above the docks at the next change of tab, repainting
    the whole wheel (at every change of turn, when the sheets follow the acting
    fighter). Choosing the tab, as a click on it does, moves nothing.
    """
    dock.show()
    address = shiboken6.getCppPointer(dock)[0]
    for bar in window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
        for index in range(bar.count()):
            if bar.tabData(index) == address:  # Qt marks each tab with its dock
                bar.setCurrentIndex(index)
                return
    dock.raise_()


_FEATURES = (
    QDockWidget.DockWidgetFeature.DockWidgetMovable
    | QDockWidget.DockWidgetFeature.DockWidgetFloatable
    | QDockWidget.DockWidgetFeature.DockWidgetClosable
)


class CombatantsDock(QDockWidget):
    """Every combatant in a table; choosing a row selects that combatant everywhere.

    The header's right-click menu chooses the columns; ``settings`` (the window's)
    remembers that choice between runs.
    """

    combatantChosen = Signal(str)

    def __init__(
        self,
        model: CombatantsModel,
        parent: QWidget | None = None,
        *,
        settings: QSettings | None = None,
    ) -> None:
        super().__init__("Combatants", parent)
        self.setObjectName("combatantsDock")
        self.setFeatures(_FEATURES)
        self.model = model
        # Sorted by next tick by default: the top row is who acts next.
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(model)
        self.proxy.setSortRole(SORT_ROLE)
        self.proxy.setDynamicSortFilter(True)  # re-sorts whenever a row's tick changes
        self.table = QTableView(self)
        own_viewport(self.table)  # see views.viewports: no widget class set up for nothing
        self.table.setObjectName("combatantsTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(model.order_column(), Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        # Long names elide (keeping a trailing number); the tooltip has the whole name.
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.name_delegate = NameDelegate(self.table)
        self.table.setItemDelegateForColumn(NAME, self.name_delegate)
        self.health_delegate = HealthDelegate(self.table)
        self._track_column = -1
        self._place_track_delegate()
        self.columns = ColumnChooser(self.table, model, settings)
        self.fitter = ColumnFitter(self.table, model, self.health_delegate)
        self.columns.columnsChanged.connect(self.fitter.schedule)
        model.modelReset.connect(self._columns_may_have_changed)
        self.fitter.fit()
        self.table.activated.connect(self._chosen)
        self.table.clicked.connect(self._chosen)
        self.setWidget(self.table)

    def _place_track_delegate(self) -> None:
        if self._track_column >= 0:
            self.table.setItemDelegateForColumn(self._track_column, None)  # type: ignore[arg-type]
        self._track_column = self.model.track_column()
        if self._track_column >= 0:
            self.table.setItemDelegateForColumn(self._track_column, self.health_delegate)

    def _columns_may_have_changed(self) -> None:
        # Another combat (maybe of another system) is on screen: its columns, its
        # saved choice of hidden ones, its turn order on top.
        self._place_track_delegate()
        self.columns.apply_saved()
        self.fitter.set_modes()
        self.table.sortByColumn(self.model.order_column(), Qt.SortOrder.AscendingOrder)

    def fit_columns(self) -> None:
        """Size the columns to their contents and the dock now (e.g. after a font change)."""
        self.fitter.fit()

    def comfortable_width(self) -> int:
        """The dock's width at which names keep a dozen letters and health boxes full size."""
        return self.fitter.comfortable_width() + self.width() - self.table.width()

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
