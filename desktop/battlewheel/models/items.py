"""Models whose cells are Qt's own items, so the views read them without calling Python."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel

# A read-only line or cell: chosen, never edited or dragged.
READ_ONLY = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled


class ItemsModel(QStandardItemModel):
    """Items written by differences as the combat changes; rebuilt whole in one reset."""

    def _fill(self) -> None:
        """Every item afresh from the combat (a new roster, a new combat)."""
        raise NotImplementedError

    def _reset(self) -> None:
        # One reset around the rebuild; the items' own row-by-row reports are held back.
        self.beginResetModel()
        blocked = self.blockSignals(True)
        try:
            self._fill()
        finally:
            self.blockSignals(blocked)
        self.endResetModel()
