"""The campaign's roster as a dock: drag a character into the combat, import, export.

A character dragged from the list and dropped on the wheel (or added with the button or
a double-click) becomes the ruleset's undoable join action pushed through the combat model,
on the side chosen under the list; the "x n" box beside it adds n numbered copies as one undo
step (``quick_add``). Import adds a character file to the roster; Export
writes the selected character to a file. The list follows the campaign the window has
open: it is re-read whenever the combat model reports a change.

    dock = install_roster_dock(window)      # adds the dock and accepts drops on the wheel
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QMimeData, QObject, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QGridLayout,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.models.combat_model import CombatModel
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.characters import (
    character_from_json,
    export_character,
    import_character,
)
from battlewheel.storage.roster import RosterCharacter as Character
from battlewheel.views import quick_add
from battlewheel.views.dialogs.apply import push_all

if TYPE_CHECKING:
    from battlewheel.views.main_window import MainWindow

CHARACTER_MIME = "application/x-battlewheel-character"
CHARACTER_FILTER = "Battlewheel characters (*.json);;All files (*)"
SIDES = ("enemy", "ally")


def character_mime(character: Character) -> QMimeData:
    """Drag data carrying one character (its JSON) and its name as plain text."""
    data = QMimeData()
    data.setData(CHARACTER_MIME, json.dumps(character.to_json()).encode("utf-8"))
    data.setText(character.name)
    return data


def character_from_mime(data: QMimeData) -> Character | None:
    """The character a roster drag carries, or None for any other drag."""
    if not data.hasFormat(CHARACTER_MIME):
        return None
    try:
        return character_from_json(json.loads(bytes(data.data(CHARACTER_MIME).data())))
    except (ValueError, TypeError, KeyError):
        return None


def new_combatant_id(name: str, taken: set[str]) -> str:
    """A readable id from the name, unique in the combat (``hunt-spearman-1-2``)."""
    base = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "fighter"
    candidate, number = base, 1
    while candidate in taken:
        number += 1
        candidate = f"{base}-{number}"
    return candidate


class RosterList(QListWidget):
    """The roster's names; dragging one carries the character."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rosterList")
        self.setDragEnabled(True)
        self.setDragDropMode(QListWidget.DragDropMode.DragOnly)
        self.characters: list[Character] = []

    def show_characters(self, characters: list[Character]) -> None:
        """Fill the list, keeping the selection by name where it still exists."""
        chosen = self.current_character()
        self.characters = list(characters)
        self.clear()
        for character in self.characters:
            identity = character.identity
            kind = f"  \u00b7  {identity.kind}" if identity.kind else ""
            item = QListWidgetItem(f"{character.name}{kind}")
            systems = ", ".join(get_ruleset(name).title for name in character.rulesets())
            item.setToolTip(f"{identity.notes or character.name}\nStat blocks: {systems or 'none'}")
            self.addItem(item)
            if chosen is not None and character.name == chosen.name:
                self.setCurrentItem(item)

    def current_character(self) -> Character | None:
        """The selected character, if any."""
        row = self.currentRow()
        return self.characters[row] if 0 <= row < len(self.characters) else None

    def mimeData(self, items: Sequence[QListWidgetItem]) -> QMimeData:
        """Carry the dragged character (one at a time)."""
        row = self.row(items[0]) if items else -1
        if not 0 <= row < len(self.characters):
            return QMimeData()
        return character_mime(self.characters[row])


class RosterDock(QDockWidget):
    """The roster of the open campaign, with the side new combatants join on."""

    # The roster itself changed (an import): unsaved until the campaign is saved.
    rosterChanged = Signal()

    def __init__(self, files: StoredCampaigns, combat: CombatModel,
                 parent: QWidget | None = None) -> None:
        super().__init__("Roster", parent)
        self.setObjectName("rosterDock")
        self.files, self.combat = files, combat
        self.roster = RosterList(self)
        self.side = QComboBox(self)
        self.side.setObjectName("rosterSide")
        self.side.addItems([f"joins as {side}" for side in SIDES])
        self.copies = QSpinBox(self)
        self.copies.setObjectName("rosterCopies")
        self.copies.setRange(1, quick_add.MOST_COPIES)
        self.copies.setPrefix("\u00d7 ")
        self.copies.setToolTip("How many numbered copies to add at once (one undo step)")
        self.setWidget(self._body())
        self.roster.itemDoubleClicked.connect(lambda _item: self.add_selected())
        combat.changed.connect(self.refresh)
        self.refresh()

    def _body(self) -> QWidget:
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.roster)
        # Three short rows, not one long one: the dock then stays as narrow in larger
        # text as in normal text, and the wheel beside it keeps its size.
        rows = QGridLayout()
        rows.addWidget(self.side, 0, 0)
        rows.addWidget(self.copies, 0, 1)
        rows.addWidget(self._button("Add to combat", self.add_selected, body), 1, 0, 1, 2)
        rows.addWidget(self._button("Import\u2026", self.import_, body), 2, 0)
        rows.addWidget(self._button("Export\u2026", self.export, body), 2, 1)
        layout.addLayout(rows)
        return body

    @staticmethod
    def _button(text: str, slot: Callable[[], object], parent: QWidget) -> QPushButton:
        button = QPushButton(text, parent)
        button.clicked.connect(slot)
        return button

    def chosen_side(self) -> str:
        """The side a character added now joins."""
        return SIDES[max(0, self.side.currentIndex())]

    def refresh(self) -> None:
        """Re-read the roster if the open campaign's changed."""
        characters = list(self.files.campaign.characters)
        if characters != self.roster.characters:
            self.roster.show_characters(characters)

    def add(self, character: Character) -> bool:
        """Push the ruleset's undoable join; False (reason in the status bar) if refused.

        A character with no stat block for the combat's system is offered one first.
        """
        ruleset = self.combat.session.ruleset
        block = character.block(ruleset.name)
        if block is None:
            block = self._offer_block(character)
            if block is None:
                return False
        count = self.copies.value()
        try:
            if count > 1:
                return self._add_copies(block, count)
            cid = new_combatant_id(character.name, set(self.combat.combatant_ids()))
            action = ruleset.join_action(cid, block, self.chosen_side())
        except IllegalAction as refusal:
            self.combat.refused.emit(str(refusal))
            return False
        return self.combat.push(action) is None

    def _add_copies(self, block: object, count: int) -> bool:
        """Numbered copies of one block, joined as one undo step; the count goes back to 1."""
        ruleset, state = self.combat.session.ruleset, self.combat.state
        ids = self.combat.combatant_ids()
        names = quick_add.copy_names(ruleset.block_name(block), count,
                                     [ruleset.sheet(state, cid).name for cid in ids])
        actions = quick_add.copy_actions(ruleset, block, names, self.chosen_side(), ids,
                                         new_combatant_id)
        text = quick_add.undo_text(count, ruleset.block_name(block))
        if push_all(self.combat, actions, text) is not None:
            return False
        self.copies.setValue(1)  # the next double-click adds one, not another crowd
        return True

    def _offer_block(self, character: Character) -> object | None:
        """Ask to make a stat block for the combat's system; None when the GM declines."""
        ruleset = self.combat.session.ruleset
        answer = QMessageBox.question(
            self, "No stat block for this system",
            f"{character.name} has no {ruleset.title} stat block yet. Make one now (its "
            "traits start at the system's defaults; fill them in on the sheet's override "
            "or by importing a character file)?",
        )
        if answer != QMessageBox.StandardButton.Yes:
            return None
        block = ruleset.new_block(character.name)
        self.files.add_character(character.with_block(ruleset.name, block))
        self.refresh()
        self.rosterChanged.emit()
        return block

    def add_selected(self) -> None:
        """Add the selected character to the combat."""
        character = self.roster.current_character()
        if character is not None:
            self.add(character)

    def import_(self) -> None:
        """Read a character file into the roster."""
        name, _ = QFileDialog.getOpenFileName(self, "Import character",
                                              str(self.files.default_folder()), CHARACTER_FILTER)
        if not name:
            return
        try:
            self.files.add_character(import_character(Path(name)))
        except (OSError, ValueError) as error:
            QMessageBox.warning(self, "Cannot import character", str(error))
            return
        self.refresh()
        self.rosterChanged.emit()

    def export(self) -> None:
        """Write the selected character to a file."""
        character = self.roster.current_character()
        if character is None:
            return
        suggested = self.files.default_folder() / f"{new_combatant_id(character.name, set())}.json"
        name, _ = QFileDialog.getSaveFileName(self, "Export character", str(suggested),
                                              CHARACTER_FILTER)
        if not name:
            return
        try:
            export_character(character, Path(name))
        except (OSError, ValueError) as error:
            QMessageBox.warning(self, "Cannot export character", str(error))


class RosterDropTarget(QObject):
    """Lets a widget (the wheel's viewport) take characters dragged from the roster."""

    def __init__(self, dock: RosterDock, target: QWidget) -> None:
        super().__init__(target)
        self.dock = dock
        target.setAcceptDrops(True)
        target.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Accept roster drags; a drop adds the character; other drags pass through."""
        if isinstance(event, QDragEnterEvent | QDragMoveEvent | QDropEvent):
            character = character_from_mime(event.mimeData())
            if character is None:
                return False
            event.acceptProposedAction()
            if isinstance(event, QDropEvent) and event.type() == QEvent.Type.Drop:
                self.dock.add(character)
            return True
        return False


def install_roster_dock(window: MainWindow) -> RosterDock | None:
    """Add the roster dock to the window and take roster drops on the wheel."""
    files = window.files
    if not isinstance(files, StoredCampaigns):
        return None
    dock = RosterDock(files, window.combat, window)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    window.docks.append(dock)
    RosterDropTarget(dock, window.wheel_view.viewport())
    return dock
