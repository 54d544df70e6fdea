"""The combat log as a tree: each applied action's sentence, what it led to beneath it.

Top-level rows are the session's log entries, oldest first; each entry's children are
the texts of its events that say more than the sentence (a hit and its damage, a track
after the damage, a counter moving on). The log only ever grows at the end (apply,
redo) or shrinks from the end (undo), so the model reports exactly those rows;
anything else (a new session) resets.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from battlewheel.engine.core.session import LogEntry
from battlewheel.models.combat_model import CombatModel

Index = QModelIndex | QPersistentModelIndex

# An entry's internal id; a detail's is its entry's row + 1 (so 0 never names a parent).
ENTRY_ID = 0
# Events whose news the action's own sentence already gives: "Next tick (tick 3: Bo
# acts)", "GM moves Bo's counter to tick 10", "GM marks Bo's box 1 ... track /....".
_TICK = frozenset({"tick_started", "acting"})
_SAID_BY_SENTENCE = {
    "next_tick": _TICK,
    "advance": _TICK,
    "move_counter": frozenset({"counter_moved"}),
    "cycle_box": frozenset({"health_changed"}),
    "set_health": frozenset({"health_changed"}),
}


@dataclass(frozen=True)
class LogRow:
    """One entry as shown: its sentence and the consequence lines beneath it."""

    sentence: str
    details: tuple[str, ...]

    def lines(self, indent: str = "  ") -> list[str]:
        """The sentence, then each detail indented: the entry as plain text."""
        return [self.sentence, *(indent + text for text in self.details)]


def details_of(entry: LogEntry) -> tuple[str, ...]:
    """The event texts worth a line under the sentence: not empty, not the sentence again."""
    said = _SAID_BY_SENTENCE.get(entry.action.kind, frozenset())
    found: list[str] = []
    for event in entry.events:
        if event.kind in said:
            continue
        text = event.text.strip()
        # Some events repeat the sentence and add a clause; keep only the clause.
        if text.startswith(entry.sentence):
            text = text[len(entry.sentence) :].strip()
        if text and text not in found:
            found.append(text)
    return tuple(found)


def row_of(entry: LogEntry) -> LogRow:
    """How one log entry is shown."""
    return LogRow(entry.sentence, details_of(entry))


class CombatLogModel(QAbstractItemModel):
    """The combat so far, oldest first: sentences with their consequences as children."""

    def __init__(self, combat: CombatModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.combat = combat
        self._entries: list[LogEntry] = list(combat.session.log)
        self._rows = [row_of(entry) for entry in self._entries]
        combat.changed.connect(self._follow)
        combat.sessionReplaced.connect(self._reset)

    # -- Qt's model interface ---------------------------------------------------------
    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        """An entry at the top level, or one of an entry's detail lines under it."""
        if column != 0 or row < 0:
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, 0, ENTRY_ID) if row < len(self._rows) else QModelIndex()
        if parent.internalId() != ENTRY_ID or parent.row() >= len(self._rows):
            return QModelIndex()
        if row >= len(self._rows[parent.row()].details):
            return QModelIndex()
        return self.createIndex(row, 0, parent.row() + 1)

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        """A detail's entry; an entry has no parent."""
        if not index.isValid() or index.internalId() == ENTRY_ID:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, ENTRY_ID)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        """Entries at the top level; an entry's detail lines under it; details have none."""
        if not parent.isValid():
            return len(self._rows)
        if parent.column() != 0 or parent.internalId() != ENTRY_ID:
            return 0
        return len(self._rows[parent.row()].details) if parent.row() < len(self._rows) else 0

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """One column: the text."""
        return 1

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The sentence or detail; an entry's tooltip numbers it and adds its details."""
        text = self._text(index)
        if text is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return text
        if role == Qt.ItemDataRole.ToolTipRole:
            if index.internalId() != ENTRY_ID:
                return text
            return "\n".join([f"{index.row() + 1}. {text}", *self._rows[index.row()].details])
        return None

    # -- reading ----------------------------------------------------------------------
    def sentences(self) -> list[str]:
        """Every sentence shown, oldest first."""
        return [row.sentence for row in self._rows]

    def details(self, row: int) -> tuple[str, ...]:
        """The consequence lines shown under entry ``row``."""
        return self._rows[row].details

    def is_detail(self, index: Index) -> bool:
        """Whether ``index`` is a consequence line rather than an entry's sentence."""
        return index.isValid() and index.internalId() != ENTRY_ID

    def log_text(self) -> str:
        """The whole log as plain text: each sentence, its details indented beneath."""
        return "\n".join(line for row in self._rows for line in row.lines())

    def text_of(self, indexes: Iterable[Index]) -> str:
        """The chosen lines as plain text in log order, details indented."""
        keys = sorted({self._key(index) for index in indexes if self._text(index) is not None})
        lines = []
        for entry, detail in keys:
            row = self._rows[entry]
            lines.append(row.sentence if detail < 0 else "  " + row.details[detail])
        return "\n".join(lines)

    def _key(self, index: Index) -> tuple[int, int]:
        if index.internalId() == ENTRY_ID:
            return index.row(), -1
        return index.internalId() - 1, index.row()

    def _text(self, index: Index) -> str | None:
        if not index.isValid():
            return None
        entry, detail = self._key(index)
        if not 0 <= entry < len(self._rows):
            return None
        row = self._rows[entry]
        if detail < 0:
            return row.sentence
        return row.details[detail] if detail < len(row.details) else None

    # -- following the session --------------------------------------------------------
    def _reset(self) -> None:
        self.beginResetModel()
        self._entries = list(self.combat.session.log)
        self._rows = [row_of(entry) for entry in self._entries]
        self.endResetModel()

    def _follow(self) -> None:
        new: Sequence[LogEntry] = self.combat.session.log
        old = self._entries
        shared = min(len(old), len(new))
        # Entries are kept, never rebuilt, by the session: the last shared one tells.
        if shared and old[shared - 1] is not new[shared - 1]:
            self._reset()
        elif len(new) > len(old):
            self.beginInsertRows(QModelIndex(), len(old), len(new) - 1)
            self._entries = list(new)
            self._rows += [row_of(entry) for entry in new[len(old) :]]
            self.endInsertRows()
        elif len(new) < len(old):
            self.beginRemoveRows(QModelIndex(), len(new), len(old) - 1)
            self._entries = list(new)
            del self._rows[len(new) :]
            self.endRemoveRows()
