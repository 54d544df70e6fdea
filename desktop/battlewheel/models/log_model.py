"""The combat log as a list model: one readable sentence per applied action, newest last.

The session's log only ever grows at the end (apply, redo) or shrinks from the end
(undo), so the model reports exactly those rows; anything else (a new session) resets.
"""

from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from battlewheel.models.combat_model import CombatModel

Index = QModelIndex | QPersistentModelIndex
TICK_ROLE = Qt.ItemDataRole.UserRole + 1


def _sentences(combat: CombatModel) -> list[str]:
    return [entry.sentence for entry in combat.session.log]


class CombatLogModel(QAbstractListModel):
    """Readable sentences of the combat so far, oldest first."""

    def __init__(self, combat: CombatModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.combat = combat
        self._rows = _sentences(combat)
        combat.changed.connect(self._follow)
        combat.sessionReplaced.connect(self._reset)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        """One row per log entry (a list has no children)."""
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The entry's sentence, numbered for reading aloud and for the tooltip."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._rows[index.row()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{index.row() + 1}. {self._rows[index.row()]}"
        return None

    def sentences(self) -> list[str]:
        """Every sentence shown, oldest first."""
        return list(self._rows)

    def _reset(self) -> None:
        self.beginResetModel()
        self._rows = _sentences(self.combat)
        self.endResetModel()

    def _follow(self) -> None:
        new = _sentences(self.combat)
        old = self._rows
        shared = min(len(old), len(new))
        if old[:shared] != new[:shared]:
            self._reset()
        elif len(new) > len(old):
            self.beginInsertRows(QModelIndex(), len(old), len(new) - 1)
            self._rows = new
            self.endInsertRows()
        elif len(new) < len(old):
            self.beginRemoveRows(QModelIndex(), len(new), len(old) - 1)
            self._rows = new
            self.endRemoveRows()
