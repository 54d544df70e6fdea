"""The combat log as a tree: each applied action's sentence, what it led to beneath it.

Top-level rows are the session's log entries, oldest first; each entry's children are
the texts of its events that say more than the sentence (a hit and its damage, a track
after the damage, a counter moving on). The log only ever grows at the end (apply,
redo) or shrinks from the end (undo), so the model reports exactly those rows;
anything else (a new session) resets. The lines are Qt's own items, made once per
entry, so painting the log reads no Python.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QStandardItem

from battlewheel.engine.core.session import LogEntry
from battlewheel.models.combat_model import CombatModel
from battlewheel.models.items import READ_ONLY, ItemsModel

Index = QModelIndex | QPersistentModelIndex

# Events whose news the action's own sentence already gives: "Next tick (tick 3: Bo
# acts)", "GM moves Bo's counter to tick 10", "GM marks Bo's box 1 ... track /....".
_TICK = frozenset({"tick_started", "acting"})
_SAID_BY_SENTENCE = {
    "next_tick": _TICK,
    "advance": _TICK,
    "move_counter": frozenset({"counter_moved"}),
    "roll_join_battle": frozenset({"join_battle_rolled"}),  # the faces are in the sentence
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


class CombatLogModel(ItemsModel):
    """The combat so far, oldest first: sentences with their consequences as children.

    Each line is one of Qt's own items (its text and tooltip set once, as the entry is
    logged), so the log view paints and lays out rows without calling Python here.
    """

    def __init__(self, combat: CombatModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.combat = combat
        self._entries: list[LogEntry] = []
        self._rows: list[LogRow] = []
        self.entries_made = 0  # entries turned into Qt items (tests count them per step)
        self._fill()
        combat.changed.connect(self._follow)
        combat.sessionReplaced.connect(self._reset)

    # -- reading ----------------------------------------------------------------------
    def sentences(self) -> list[str]:
        """Every sentence shown, oldest first."""
        return [row.sentence for row in self._rows]

    def details(self, row: int) -> tuple[str, ...]:
        """The consequence lines shown under entry ``row``."""
        return self._rows[row].details

    def is_detail(self, index: Index) -> bool:
        """Whether ``index`` is a consequence line rather than an entry's sentence."""
        return index.isValid() and index.parent().isValid()

    def log_text(self) -> str:
        """The whole log as plain text: each sentence, its details indented beneath."""
        return "\n".join(line for row in self._rows for line in row.lines())

    def text_of(self, indexes: Iterable[Index]) -> str:
        """The chosen lines as plain text in log order, details indented."""
        keys = sorted({_key(index) for index in indexes if index.isValid()})
        lines = []
        for entry, detail in keys:
            row = self._rows[entry]
            lines.append(row.sentence if detail < 0 else "  " + row.details[detail])
        return "\n".join(lines)

    # -- following the session --------------------------------------------------------
    def _fill(self) -> None:
        self.setRowCount(0)  # (clear() would begin a reset of its own inside ours)
        self._entries = list(self.combat.session.log)
        self._rows = [row_of(entry) for entry in self._entries]
        self.invisibleRootItem().appendRows(
            [_entry_item(number, row) for number, row in enumerate(self._rows)])
        self.entries_made += len(self._rows)

    def _follow(self) -> None:
        new: Sequence[LogEntry] = self.combat.session.log
        old = self._entries
        shared = min(len(old), len(new))
        # Entries are kept, never rebuilt, by the session: the last shared one tells.
        if shared and old[shared - 1] is not new[shared - 1]:
            self._reset()
        elif len(new) > len(old):
            added = [row_of(entry) for entry in new[len(old) :]]
            self._entries = list(new)
            self._rows += added
            items = [_entry_item(len(old) + n, row) for n, row in enumerate(added)]
            self.entries_made += len(items)
            self.invisibleRootItem().appendRows(items)  # one report, details already in
        elif len(new) < len(old):
            self._entries = list(new)
            del self._rows[len(new) :]
            self.removeRows(len(new), len(old) - len(new))


def _key(index: Index) -> tuple[int, int]:
    """(entry, detail) of a line; -1 for the entry's own sentence."""
    parent = index.parent()
    return (parent.row(), index.row()) if parent.isValid() else (index.row(), -1)


def _entry_item(number: int, row: LogRow) -> QStandardItem:
    """An entry's line, numbered in its tooltip (with its details), the details beneath."""
    item = QStandardItem(row.sentence)
    item.setFlags(READ_ONLY)
    item.setToolTip("\n".join([f"{number + 1}. {row.sentence}", *row.details]))
    for text in row.details:
        detail = QStandardItem(text)
        detail.setFlags(READ_ONLY | Qt.ItemFlag.ItemNeverHasChildren)
        detail.setToolTip(text)
        item.appendRow(detail)
    return item
