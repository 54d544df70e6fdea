"""A table of the combatants: one row each, columns for what the GM scans at a glance.

Read-only: editing goes through undo commands, never through ``setData``. Rows follow
the session's order of combatants; a change of roster resets the model, any other
change reports the rows that changed.
"""

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor

from battlewheel.engine.combat.state import Combatant
from battlewheel.models.combat_model import CombatModel
from battlewheel.models.snapshot import colour_indices
from battlewheel.models.wheel_info import colour_hex

Index = QModelIndex | QPersistentModelIndex

ID_ROLE = Qt.ItemDataRole.UserRole + 1
SIDE_ROLE = Qt.ItemDataRole.UserRole + 2
# What the columns sort by: numbers as numbers; no next tick sorts last.
SORT_ROLE = Qt.ItemDataRole.UserRole + 3
NOT_ON_WHEEL = 10**9

COLUMNS = ("Name", "Side", "Next tick", "Health", "Wound", "DV penalty", "Motes", "Willpower")


def _health_text(combatant: Combatant) -> str:
    track = combatant.health
    for flag, word in ((track.dead, "dead"), (track.unconscious, "unconscious")):
        if flag:
            return f"{track.marks} ({word})"
    return track.marks


def _cell(combatant: Combatant, column: int) -> str:
    values = (
        combatant.name,
        combatant.side,
        "" if combatant.next_tick is None else str(combatant.next_tick),
        _health_text(combatant),
        f"-{combatant.wound_penalty}" if combatant.wound_penalty else "0",
        f"-{combatant.dv_penalty}" if combatant.dv_penalty else "0",
        f"{combatant.personal_motes}/{combatant.peripheral_motes}",
        str(combatant.willpower),
    )
    return values[column]


def _sort_key(combatant: Combatant, column: int) -> str | int:
    keys: tuple[str | int, ...] = (
        combatant.name.lower(),
        combatant.side,
        NOT_ON_WHEEL if combatant.next_tick is None else combatant.next_tick,
        combatant.health.damage,
        combatant.wound_penalty,
        combatant.dv_penalty,
        combatant.personal_motes + combatant.peripheral_motes,
        combatant.willpower,
    )
    return keys[column]


class CombatantsModel(QAbstractTableModel):
    """The combatants of one combat as a table (for the roster list and the sheets)."""

    def __init__(self, combat: CombatModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.combat = combat
        self._ids = combat.combatant_ids()
        self._colours = self._colour_indices()
        combat.rosterChanged.connect(self._reset)
        combat.combatantChanged.connect(self._row_changed)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        """One row per combatant (a table has no children)."""
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """The fixed columns."""
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Text, the combatant's id and side, and the counter colour for the name."""
        if not index.isValid() or index.row() >= len(self._ids):
            return None
        combatant_id = self._ids[index.row()]
        combatant = self.combat.combatant(combatant_id)
        if combatant is None:
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return _cell(combatant, index.column())
        if role == ID_ROLE:
            return combatant_id
        if role == SIDE_ROLE:
            return combatant.side
        if role == SORT_ROLE:
            return _sort_key(combatant, index.column())
        if role == Qt.ItemDataRole.DecorationRole and index.column() == 0:
            return QColor(colour_hex(combatant.side, self._colours.get(combatant_id, 0)))
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column titles."""
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(COLUMNS):
            return COLUMNS[section]
        return None

    def row_of(self, combatant_id: str) -> int:
        """The row showing a combatant, or -1."""
        return self._ids.index(combatant_id) if combatant_id in self._ids else -1

    def _reset(self) -> None:
        self.beginResetModel()
        self._ids = self.combat.combatant_ids()
        self._colours = self._colour_indices()
        self.endResetModel()

    def _row_changed(self, combatant_id: str) -> None:
        row = self.row_of(combatant_id)
        if row >= 0:
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))

    def _colour_indices(self) -> dict[str, int]:
        return colour_indices(list(self.combat.state.combatants.values()))
