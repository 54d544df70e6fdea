"""A table of the combatants: one row each, columns for what the GM scans at a glance.

The columns and each row's cells come from the combat's ruleset (the contract's
``Column`` and ``Cell``): 2e shows the next tick, the health boxes and the penalties;
another system its own. Read-only: editing goes through undo commands, never through
``setData``. Rows follow the session's order of combatants; a change of roster (or of
combat) resets the model, any other change reports the rows that changed. The cells
live in Qt's own items (a ``QStandardItemModel``), so painting and sorting read them
without calling Python. A row's cells are read from the ruleset once per change of its
combatant; when the wheel changes, only the turn-order column of every row is read
again (the ruleset's ``roster_order``); only the cells that differ are written, and
the rows whose cells differ are reported once per change, in one signal.
"""

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap, QStandardItem

from battlewheel.engine.core.contract import (
    ALLY,
    NOT_PLACED,
    BoxTrack,
    Cell,
    Column,
    colour_hex,
    colour_indices,
)
from battlewheel.models.combat_model import CombatModel
from battlewheel.models.items import READ_ONLY, ItemsModel

Index = QModelIndex | QPersistentModelIndex

ID_ROLE = Qt.ItemDataRole.UserRole + 1
SIDE_ROLE = Qt.ItemDataRole.UserRole + 2
# What the columns sort by: numbers as numbers; not yet on the wheel sorts last. Equal
# values sort in roster order: the row is part of the value (see ``_with_row``).
SORT_ROLE = Qt.ItemDataRole.UserRole + 3
_ROW_ROOM = 1_000_000  # more rows than any fight has
NOT_ON_WHEEL = NOT_PLACED
# A track column's box track itself, for the delegate that draws its boxes.
HEALTH_ROLE = Qt.ItemDataRole.UserRole + 4

_SWATCH_PIXELS = 64  # drawn large once; the view scales the icon down to its icon size


def side_swatch(side: str, colour: str) -> QIcon:
    """The counter's colour in the counter's shape: a disc for allies, a square for enemies."""
    pixmap = QPixmap(_SWATCH_PIXELS, _SWATCH_PIXELS)
    pixmap.fill(QColor(0, 0, 0, 0))
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QColor(0, 0, 0, 110))
    painter.setBrush(QColor(colour))
    inset = _SWATCH_PIXELS // 8
    side_length = _SWATCH_PIXELS - 2 * inset
    if side == ALLY:
        painter.drawEllipse(inset, inset, side_length, side_length)
    else:
        painter.drawRect(inset, inset, side_length, side_length)
    painter.end()
    icon = QIcon(pixmap)
    # The same swatch on a selected row: Qt's default would tint it with the highlight.
    icon.addPixmap(pixmap, QIcon.Mode.Selected)
    return icon


class CombatantsModel(ItemsModel):
    """The combatants of one combat as a table (for the roster list and the sheets).

    Qt reads every cell from its own items, so a repaint or a re-sort calls no Python;
    a change sets only the roles of the cells that differ (``cells_set`` counts them).
    """

    def __init__(self, combat: CombatModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.combat = combat
        self.columns: tuple[Column, ...] = ()
        self._ids: list[str] = []
        self._rows: dict[str, tuple[Cell, ...]] = {}
        self._colours: dict[str, int] = {}
        self._side_column = -1
        # What the change under way touched: these combatants' rows, and (the wheel
        # changed) the turn-order column of everyone.
        self._stale: set[str] = set()
        self._order_stale = False
        self._swatches: dict[tuple[str, str], QIcon] = {}
        # Rows reported changed since the model was made (tests count them per action),
        # and the cells given new values (a cell is written only when it differs).
        self.rows_reported = 0
        self.cells_set = 0
        self._fill()
        combat.rosterChanged.connect(self._reset)
        combat.sessionReplaced.connect(self._reset)
        combat.combatantsChanged.connect(self._rows_changed)
        # The turn column may depend on everyone (a round's order), not only on the
        # combatant a change touched: read it for every row when the wheel changes.
        combat.wheelChanged.connect(self._order_changed)
        combat.changed.connect(self._report_changed_rows)

    # -- what the ruleset says ------------------------------------------------------------
    def column_names(self) -> tuple[str, ...]:
        """The columns' names, in order (the header menu and the settings use them)."""
        return tuple(column.name for column in self.columns)

    def column(self, name: str) -> int:
        """The index of a column by name, or -1."""
        names = self.column_names()
        return names.index(name) if name in names else -1

    def order_column(self) -> int:
        """The column that sorts the table in turn order."""
        return next((i for i, c in enumerate(self.columns) if c.order), 0)

    def track_column(self) -> int:
        """The column that draws a box track, or -1."""
        return next((i for i, c in enumerate(self.columns) if c.track), -1)

    def cells(self, combatant_id: str) -> tuple[Cell, ...]:
        """A combatant's row as last read from the ruleset (once per change of it)."""
        return self._rows[combatant_id]

    def _read_rows(self, combatant_ids: list[str]) -> dict[str, tuple[Cell, ...]]:
        return self.combat.session.ruleset.roster_rows(self.combat.state, combatant_ids)

    def column_texts(self, column: int) -> list[str]:
        """Every row's display text in one column (for sizing it without a view's help)."""
        return [self._rows[cid][column].text for cid in self._ids]

    def tracks(self) -> list[BoxTrack]:
        """Every row's box track (of the track column)."""
        column = self.track_column()
        if column < 0:
            return []
        found = (self._rows[cid][column].track for cid in self._ids)
        return [track for track in found if track is not None]

    def row_of(self, combatant_id: str) -> int:
        """The row showing a combatant, or -1."""
        return self._ids.index(combatant_id) if combatant_id in self._ids else -1

    # -- Qt's items -----------------------------------------------------------------------
    def _fill(self) -> None:
        """Every item afresh from the ruleset (a new roster or a new combat)."""
        self.columns = self.combat.session.ruleset.roster_columns()
        self._side_column = self.column("Side")
        self._ids = self.combat.combatant_ids()
        self._rows = self._read_rows(self._ids) if self._ids else {}
        self._stale, self._order_stale = set(), False
        sides = [(cid, self._side(self._rows[cid])) for cid in self._ids]
        self._colours = colour_indices(sides)
        self.setRowCount(0)  # (clear() would begin a reset of its own inside ours)
        self.setColumnCount(len(self.columns))
        for number, column in enumerate(self.columns):
            self.setHorizontalHeaderItem(number, _header_item(column))
        for row, cid in enumerate(self._ids):
            self.appendRow([self._item(cid, row, column) for column in range(len(self.columns))])

    def _item(self, combatant_id: str, row: int, column: int) -> QStandardItem:
        cells = self._rows[combatant_id]
        item = QStandardItem()
        item.setFlags(READ_ONLY | Qt.ItemFlag.ItemNeverHasChildren)
        item.setData(combatant_id, ID_ROLE)
        self._write(item, cells, row, column)
        return item

    def _write(self, item: QStandardItem, cells: tuple[Cell, ...], row: int, column: int) -> None:
        """Put one cell's values in its item (Qt keeps them; paints read no Python)."""
        cell = cells[column]
        side = self._side(cells)
        item.setData(cell.text, Qt.ItemDataRole.DisplayRole)
        tip = cell.tip or f"{self.columns[column].name}: {cell.text}"
        item.setData(tip, Qt.ItemDataRole.ToolTipRole)
        item.setData(side, SIDE_ROLE)
        item.setData(_with_row(cell.sort, row), SORT_ROLE)
        item.setData(cell.track, HEALTH_ROLE)
        if column == 0:
            colour = self._colours.get(self._ids[row], 0)
            item.setData(self._swatch(side, colour), Qt.ItemDataRole.DecorationRole)
        self.cells_set += 1

    def _side(self, cells: tuple[Cell, ...]) -> str:
        side = self._side_column
        return cells[side].text if side >= 0 else ""

    def _rows_changed(self, combatant_ids: tuple[str, ...]) -> None:
        self._stale.update(combatant_ids)

    def _order_changed(self) -> None:
        self._order_stale = True

    def _report_changed_rows(self) -> None:
        # Every row the change touched is read again first and the rows that differ
        # are reported once the whole change is in, in one signal: a sorting proxy told
        # of one row at a time would place it among rows whose new values it has not
        # heard of, and could leave the turn order wrong until the next reset.
        fresh = self._fresh_rows()
        changed = [self._ids.index(cid) for cid, row in fresh.items()
                   if self._rows.get(cid) != row]
        if not changed:
            return
        blocked = self.blockSignals(True)  # the items' own one-by-one reports, held back
        try:
            for row in changed:
                self._update_row(row, fresh[self._ids[row]])
        finally:
            self.blockSignals(blocked)
        self.rows_reported += len(changed)
        last = len(self.columns) - 1
        self.dataChanged.emit(self.index(min(changed), 0), self.index(max(changed), last))

    def _update_row(self, row: int, cells: tuple[Cell, ...]) -> None:
        """Write only the cells of a row that differ (all of them if its side changed)."""
        cid = self._ids[row]
        old = self._rows[cid]
        self._rows[cid] = cells
        side_moved = self._side(old) != self._side(cells)
        for column, cell in enumerate(cells):
            if side_moved or old[column] != cell:
                item = self.item(row, column)
                if item is not None:
                    self._write(item, cells, row, column)

    def _fresh_rows(self) -> dict[str, tuple[Cell, ...]]:
        """The rows the change under way may have changed, read from the ruleset."""
        stale = [cid for cid in self._ids if cid in self._stale]
        order_stale = self._order_stale
        self._stale, self._order_stale = set(), False
        if not self.columns:
            return {}
        fresh = self._read_rows(stale) if stale else {}
        if order_stale:
            ruleset = self.combat.session.ruleset
            orders = ruleset.roster_order(self.combat.state) or {}
            column = self.order_column()
            for cid, cell in orders.items():
                row = fresh.get(cid) or self._rows.get(cid)
                if row is not None and row[column] != cell:
                    fresh[cid] = (*row[:column], cell, *row[column + 1:])
        return fresh

    def _swatch(self, side: str, colour_index: int) -> QIcon:
        colour = colour_hex(side, colour_index)
        icon = self._swatches.get((side, colour))
        if icon is None:
            icon = self._swatches[(side, colour)] = side_swatch(side, colour)
        return icon


def _header_item(column: Column) -> QStandardItem:
    """A column's short title, with its full name and meaning as the tooltip."""
    item = QStandardItem(column.short)
    item.setToolTip(column.tip or column.name)
    return item


def _with_row(value: int | str, row: int) -> int | str:
    """A sort value with the row as its last word, so equal values sort in roster order.

    Told that a few rows changed, Qt's sorting proxy slots each in among the rows it
    ties with wherever its search lands; with no ties, every row has one place, so the
    table reads the same however the change was reported.
    """
    if isinstance(value, str):
        return f"{value}\x00{row:07d}"  # a word's own prefix still sorts first
    return value * _ROW_ROOM + row
