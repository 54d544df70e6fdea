"""A table of the combatants: one row each, columns for what the GM scans at a glance.

Read-only: editing goes through undo commands, never through ``setData``. Rows follow
the session's order of combatants; a change of roster resets the model, any other
change reports the rows that changed.
"""

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap

from battlewheel.engine.rulesets.rewrite.state import Combatant
from battlewheel.engine.core.health import HealthTrack
from battlewheel.models.combat_model import CombatModel
from battlewheel.models.snapshot import colour_indices
from battlewheel.models.wheel_info import ALLY, colour_hex

Index = QModelIndex | QPersistentModelIndex

ID_ROLE = Qt.ItemDataRole.UserRole + 1
SIDE_ROLE = Qt.ItemDataRole.UserRole + 2
# What the columns sort by: numbers as numbers; no next tick sorts last.
SORT_ROLE = Qt.ItemDataRole.UserRole + 3
NOT_ON_WHEEL = 10**9
# The Health column's track itself, for the delegate that draws its boxes.
HEALTH_ROLE = Qt.ItemDataRole.UserRole + 4

COLUMNS = ("Name", "Side", "Next tick", "Health", "Wound", "DV penalty", "Motes", "Willpower")
# Short header titles keep the roster narrow; the header tooltip and menu give the full name.
# "W" and "DV" are the wound and DV badges of the counters on the wheel.
HEADER_TITLES = {"Next tick": "Tick", "Wound": "W", "DV penalty": "DV", "Willpower": "WP"}
HEADER_TIPS = {
    "Name": "The combatant; the swatch is round for allies, square for enemies, as on the wheel",
    "Side": "Ally or enemy",
    "Next tick": "The tick of the combatant's next action (who acts next is on top)",
    "Health": "The health track: / bashing, X lethal, * aggravated",
    "Wound": "Wound penalty to dice pools",
    "DV penalty": "DV penalty from the last flurry, until the next action",
    "Motes": "Personal / peripheral motes",
    "Willpower": "Temporary Willpower",
}
_ROLES = frozenset(
    int(role)
    for role in (
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.DecorationRole,
        ID_ROLE,
        SIDE_ROLE,
        SORT_ROLE,
        HEALTH_ROLE,
    )
)
_SWATCH_PIXELS = 64  # drawn large once; the view scales the icon down to its icon size


def _health_text(combatant: Combatant) -> str:
    track = combatant.health
    for flag, word in ((track.dead, "dead"), (track.unconscious, "unconscious")):
        if flag:
            return f"{track.marks} ({word})"
    return track.marks


def health_words(track: HealthTrack) -> str:
    """The track in words for a tooltip, worst damage first, then the wound penalty."""
    taken = (("aggravated", track.aggravated), ("lethal", track.lethal), ("bashing", track.bashing))
    damage = ", ".join(f"{count} {kind}" for kind, count in taken if count) or "no damage"
    levels = f"{damage} of {track.size} levels ({track.upper_size} health, {track.dying} Dying)"
    if track.dead:
        return f"{levels}; dead"
    penalty = track.wound_penalty
    parts = [levels, f"wound penalty -{penalty}" if penalty else "no wound penalty"]
    if track.critical:
        parts.append("critical (dying)")
    elif track.unconscious:
        parts.append("unconscious")
    return "; ".join(parts)


def _tooltip(combatant: Combatant, column: int) -> str:
    if column == 0:
        return f"{combatant.name} ({combatant.side})"
    if column == COLUMNS.index("Health"):
        return health_words(combatant.health)
    return f"{COLUMNS[column]}: {_cell(combatant, column)}"


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


def _penalty(value: int) -> str:
    return f"-{value}" if value else "0"


# One function per column, so a cell computes only its own value (the views ask often).
_CELLS: tuple[Callable[[Combatant], str], ...] = (
    lambda c: c.name,
    lambda c: c.side,
    lambda c: "" if c.next_tick is None else str(c.next_tick),
    lambda c: _health_text(c),
    lambda c: _penalty(c.wound_penalty),
    lambda c: _penalty(c.dv_penalty),
    lambda c: f"{c.personal_motes}/{c.peripheral_motes}",
    lambda c: str(c.willpower),
)
_SORT_KEYS: tuple[Callable[[Combatant], str | int], ...] = (
    lambda c: c.name.lower(),
    lambda c: c.side,
    lambda c: NOT_ON_WHEEL if c.next_tick is None else c.next_tick,
    lambda c: c.health.damage,
    lambda c: c.wound_penalty,
    lambda c: c.dv_penalty,
    lambda c: c.personal_motes + c.peripheral_motes,
    lambda c: c.willpower,
)


def _cell(combatant: Combatant, column: int) -> str:
    return _CELLS[column](combatant)


def _sort_key(combatant: Combatant, column: int) -> str | int:
    return _SORT_KEYS[column](combatant)


class CombatantsModel(QAbstractTableModel):
    """The combatants of one combat as a table (for the roster list and the sheets)."""

    def __init__(self, combat: CombatModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.combat = combat
        self._ids = combat.combatant_ids()
        self._colours = self._colour_indices()
        self._swatches: dict[tuple[str, str], QIcon] = {}
        combat.rosterChanged.connect(self._reset)
        combat.combatantChanged.connect(self._row_changed)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        """One row per combatant (a table has no children)."""
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """The fixed columns."""
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Text, tooltips, the combatant's id, side and track, and the name's swatch."""
        # The views ask every cell for a dozen roles on each paint: the ones this model
        # never answers return before any look-up.
        if role not in _ROLES or not index.isValid() or index.row() >= len(self._ids):
            return None
        combatant_id = self._ids[index.row()]
        combatant = self.combat.combatant(combatant_id)
        if combatant is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return _cell(combatant, index.column())
        if role == Qt.ItemDataRole.ToolTipRole:
            return _tooltip(combatant, index.column())
        if role == ID_ROLE:
            return combatant_id
        if role == SIDE_ROLE:
            return combatant.side
        if role == SORT_ROLE:
            return _sort_key(combatant, index.column())
        if role == HEALTH_ROLE and index.column() == COLUMNS.index("Health"):
            return combatant.health
        if role == Qt.ItemDataRole.DecorationRole and index.column() == 0:
            return self._swatch(combatant.side, self._colours.get(combatant_id, 0))
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Short column titles, with the full name and meaning as the tooltip."""
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        name = COLUMNS[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return HEADER_TITLES.get(name, name)
        if role == Qt.ItemDataRole.ToolTipRole:
            return HEADER_TIPS[name]
        return None

    def column_texts(self, column: int) -> list[str]:
        """Every row's display text in one column (for sizing it without a view's help)."""
        return [_cell(c, column) for c in self._combatants()]

    def tracks(self) -> list[HealthTrack]:
        """Every row's health track."""
        return [c.health for c in self._combatants()]

    def _combatants(self) -> list[Combatant]:
        found = (self.combat.combatant(cid) for cid in self._ids)
        return [c for c in found if c is not None]

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

    def _swatch(self, side: str, colour_index: int) -> QIcon:
        colour = colour_hex(side, colour_index)
        icon = self._swatches.get((side, colour))
        if icon is None:
            icon = self._swatches[(side, colour)] = side_swatch(side, colour)
        return icon

    def _colour_indices(self) -> dict[str, int]:
        return colour_indices(list(self.combat.state.combatants.values()))
