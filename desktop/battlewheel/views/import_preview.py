"""Bringing characters in from other programs, through a preview, as one undo step.

Roster > Import from another program reads Foundry VTT exports, Anathema characters and
stat blocks in text files (several at once; the reader is picked by each file's
content); Roster > Paste stat block reads text pasted from a book or PDF. Either way the
preview shows each block as it will be, every field with where it came from, and a line
for each thing not used; only Import changes the roster, as one undoable step. A name
the roster already has asks: replace, keep both (numbered), or cancel. Roster > Export
as Foundry writes the selected character's 3e block in Foundry's shape. The readers and
the Foundry writer (the 2e and 3e engines with them) are imported when first used, so
the Roster menu loads no system the window does not show.

    install_import_menu(window, dock)      # the Roster menu, beside the dock's buttons
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction, QKeySequence, QUndoCommand
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from battlewheel.storage.atomic import atomic_write_bytes
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.imports.common import ImportedCharacter, ImportRefused
from battlewheel.storage.imports.roster import RENAME, REPLACE, add_imports, clashes
from battlewheel.storage.roster import RosterCharacter
from battlewheel.storage.schema import dump_json
from battlewheel.views.window_parts import LendsParts

if TYPE_CHECKING:
    from battlewheel.views.roster_dock import RosterDock

IMPORT_FILTER = ("Characters from other programs (*.json *.ecg *.xml *.txt);;All files (*)")
FOUNDRY_FILTER = "Foundry VTT actor (*.json);;All files (*)"
FOUNDRY_RULESET = "3e"
CANCEL = "cancel"

# Asks what to do with one imported name the roster has: replace, rename or cancel.
ClashAsker = Callable[[QWidget, str], str]


def ask_about_clash(parent: QWidget, name: str) -> str:
    """Replace, keep both (the newcomer numbered), or cancel the whole import."""
    box = QMessageBox(QMessageBox.Icon.Question, "Name already on the roster",
                      f"The roster already has {name}.", parent=parent)
    box.setInformativeText("Replace its stat block with the imported one, keep both (the "
                           "imported one numbered), or cancel the import?")
    replace = box.addButton("&Replace", QMessageBox.ButtonRole.DestructiveRole)
    both = box.addButton("&Keep both", QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(both)
    box.exec()
    clicked = box.clickedButton()
    return REPLACE if clicked is replace else RENAME if clicked is both else CANCEL


# -- the preview ---------------------------------------------------------------------------


def block_rows(item: ImportedCharacter) -> list[QTreeWidgetItem]:
    """The block as tree rows: field, value, and where it came from."""
    block = item.preview_json()["block"]
    return [_row(item, (key,), key, value) for key, value in block.items()]


def _row(item: ImportedCharacter, path: tuple[str, ...], label: str,
         value: Any) -> QTreeWidgetItem:
    if isinstance(value, dict) and value:
        row = QTreeWidgetItem([label, "", item.source_of(path, inherited=False)])
        row.addChildren([_row(item, (*path, str(k)), str(k), v) for k, v in value.items()])
        return row
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        row = QTreeWidgetItem([label, f"{len(value)}", item.source_of(path, inherited=False)])
        for entry in value:
            name = str(entry.get("name", "?"))
            row.addChild(_row(item, (*path, name), name, entry))
        return row
    shown = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
    return QTreeWidgetItem([label, shown, item.source_of(path)])


def converted_first(lines: Sequence[str]) -> list[str]:
    """What was converted (two traits made one, a 1st-edition Ability renamed) comes first:
    a GM checks those numbers before the list of what the block does not hold."""
    return sorted(lines, key=lambda line: not line.startswith("converted"))


class ImportPreviewDialog(QDialog):
    """Each imported character: its block field by field, with sources, and what was left."""

    def __init__(self, imported: Sequence[ImportedCharacter], taken: set[str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("importPreview")
        self.setWindowTitle("Import preview")
        self.imported = list(imported)
        self.characters = QListWidget(self)
        self.characters.setObjectName("importCharacters")
        self.fields = QTreeWidget(self)
        self.fields.setObjectName("importFields")
        self.fields.setHeaderLabels(["Field", "Value", "From"])
        self.not_used = QListWidget(self)
        self.not_used.setObjectName("importNotUsed")
        self.heading = QLabel(self)
        self.heading.setWordWrap(True)
        for item in self.imported:
            clash = "  (name already on the roster)" if item.name.casefold() in taken else ""
            self.characters.addItem(f"{item.name}{clash}")
            self.characters.item(self.characters.count() - 1).setToolTip(
                f"{item.name}{clash}\n{item.source_format}, from {item.origin}")
        self.characters.currentRowChanged.connect(self.show_character)
        self._lay_out()
        self.characters.setCurrentRow(0)
        self.resize(900, 620)

    def _lay_out(self) -> None:
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, parent=self)
        go = buttons.addButton("&Import", QDialogButtonBox.ButtonRole.AcceptRole)
        go.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        right = QVBoxLayout()
        right.addWidget(self.heading)
        right.addWidget(self.fields, 3)
        right.addWidget(QLabel("Converted, and not used (in the file, not in the block):",
                               self))
        right.addWidget(self.not_used, 1)
        columns = QHBoxLayout()
        columns.addWidget(self.characters, 1)
        columns.addLayout(right, 3)
        layout = QVBoxLayout(self)
        layout.addLayout(columns)
        layout.addWidget(buttons)

    def show_character(self, row: int) -> None:
        """Show one imported character's block and what was left out."""
        if not 0 <= row < len(self.imported):
            return
        item = self.imported[row]
        edition = f"<b>Edition: {html.escape(item.edition)}</b><br>" if item.edition else ""
        self.heading.setText(f"{edition}<b>{html.escape(item.name)}</b> \u2014 "
                             f"{item.source_format}, from {html.escape(item.origin)}; "
                             f"a {item.ruleset} stat block")
        self.fields.clear()
        self.fields.addTopLevelItems(block_rows(item))
        self.fields.expandToDepth(0)
        for column in range(3):
            self.fields.resizeColumnToContents(column)
        self.not_used.clear()
        self.not_used.addItems(converted_first(item.not_used)
                               or ["(everything in the file was used)"])


# -- the undo step -------------------------------------------------------------------------


class RosterImportCommand(QUndoCommand):
    """The whole import as one undo step: the roster before, the roster after."""

    def __init__(self, files: StoredCampaigns, after: tuple[RosterCharacter, ...],
                 changed: Callable[[], None], text: str) -> None:
        super().__init__(text)
        self.files, self.changed = files, changed
        self.before, self.after = files.campaign.characters, after

    def redo(self) -> None:
        """Put the imported roster."""
        self.files.set_characters(self.after)
        self.changed()

    def undo(self) -> None:
        """Put back the roster as it was before the import."""
        self.files.set_characters(self.before)
        self.changed()


def undo_text(imported: Sequence[ImportedCharacter]) -> str:
    """"Import Bandit Chief" or "Import 3 characters"."""
    return f"Import {imported[0].name}" if len(imported) == 1 else \
        f"Import {len(imported)} characters"


# -- the steps of an import ----------------------------------------------------------------


def preview_and_add(dock: RosterDock, imported: Sequence[ImportedCharacter],
                    ask: ClashAsker = ask_about_clash) -> bool:
    """Preview, settle each clash, then push the import as one undo step."""
    files = dock.files
    taken = {c.name.casefold() for c in files.campaign.characters}
    if ImportPreviewDialog(imported, taken, dock).exec() != QDialog.DialogCode.Accepted:
        return False
    choices = {}
    for name in clashes(files.campaign, imported):
        choice = ask(dock, name)
        if choice == CANCEL:
            return False
        choices[name] = choice
    try:
        after = add_imports(files.campaign, imported, choices)
    except ValueError as error:
        QMessageBox.warning(dock, "Cannot import", str(error))
        return False
    dock.combat.undo_stack.push(RosterImportCommand(
        files, after.characters, lambda: _roster_changed(dock), undo_text(imported)))
    return True


def _roster_changed(dock: RosterDock) -> None:
    dock.refresh()
    dock.rosterChanged.emit()


def read_files(parent: QWidget, paths: Sequence[Path]) -> list[ImportedCharacter] | None:
    """Every file read, or None (the refusal shown) if any one cannot be."""
    from battlewheel.storage.imports.sniff import import_file

    try:
        return [item for path in paths for item in import_file(path)]
    except ImportRefused as refused:
        QMessageBox.warning(parent, "Cannot import", f"{refused}\n\nNothing was imported.")
        return None


def import_from_files(dock: RosterDock, paths: Sequence[Path] | None = None) -> bool:
    """Roster > Import from another program: files chosen (several at once), read, added."""
    if paths is None:
        names, _ = QFileDialog.getOpenFileNames(dock, "Import characters",
                                                str(dock.files.default_folder()), IMPORT_FILTER)
        paths = [Path(name) for name in names]
    if not paths:
        return False
    imported = read_files(dock, paths)
    return imported is not None and preview_and_add(dock, imported)


class PasteDialog(QDialog):
    """A text box for a stat block copied from a book or a PDF."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pasteStatBlock")
        self.setWindowTitle("Paste stat block")
        self.text = QPlainTextEdit(self)
        self.text.setObjectName("statBlockText")
        self.text.setPlaceholderText(
            "Bandit Chief\nEssence: 1; Willpower: 6; Join Battle: 6 dice\n"
            "Health Levels: -0x1, -1x2, -2x2, -4x1, Incap.\n"
            "Attack (Sword): 10 dice (Damage 13)\nCombat Movement: 6 dice\n"
            "Evasion 2, Parry 4\nSoak/Hardness: 5/0\nResolve 2, Guile 1")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, parent=self)
        buttons.addButton("&Preview", QDialogButtonBox.ButtonRole.AcceptRole).setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Paste a 3e stat block (Quick Character layout); the first "
                                "line is the name.", self))
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(560, 420)


def paste_statblock(dock: RosterDock, text: str | None = None) -> bool:
    """Roster > Paste stat block: read the text, then preview and add."""
    if text is None:
        dialog = PasteDialog(dock)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        text = dialog.text.toPlainText()
    from battlewheel.storage.imports.sniff import import_text

    try:
        imported = import_text(text)
    except ImportRefused as refused:
        QMessageBox.warning(dock, "Cannot read the stat block", str(refused))
        return False
    return preview_and_add(dock, imported)


def export_foundry(dock: RosterDock, path: Path | None = None) -> bool:
    """Roster > Export as Foundry: the selected character's 3e block as a Foundry actor."""
    from battlewheel.storage.imports.foundry_export import foundry_export

    character = dock.roster.current_character()
    if character is not None and not dock.readable(character, FOUNDRY_RULESET):
        return False
    block = character.block(FOUNDRY_RULESET) if character is not None else None
    if character is None or block is None:
        QMessageBox.information(dock, "Export as Foundry", "Select a character with a 3e "
                                "stat block: Foundry's Exalted 3rd Edition system takes 3e "
                                "characters only.")
        return False
    if path is None:
        suggested = dock.files.default_folder() / f"{character.name}.foundry.json"
        name, _ = QFileDialog.getSaveFileName(dock, "Export as Foundry", str(suggested),
                                              FOUNDRY_FILTER)
        if not name:
            return False
        path = Path(name)
    try:
        atomic_write_bytes(path, dump_json(foundry_export(block, character.identity.kind)),
                           keep_backup=False)
    except OSError as error:
        QMessageBox.warning(dock, "Cannot export", f"{path.name}: {error.strerror}")
        return False
    return True


# -- the menu ------------------------------------------------------------------------------


def install_import_menu(window: LendsParts, dock: RosterDock) -> QMenu:
    """The Roster menu: import from other programs, paste a stat block, export as Foundry."""
    parts = window.parts()
    return roster_menu(parts.frame, parts.actions, dock)


def roster_menu(frame: QMainWindow, actions: dict[str, QAction], dock: RosterDock) -> QMenu:
    """The Roster menu in ``frame``'s menu bar (made once), its entries named in ``actions``."""
    menu = frame.findChild(QMenu, "rosterMenu")
    if menu is None:
        menu = QMenu("&Roster", frame)
        menu.setObjectName("rosterMenu")
        bar = frame.menuBar()
        bar.insertMenu(bar.actions()[-1], menu)  # before Help
    entries: list[tuple[str, str, str, Callable[[], object]]] = [
        ("import_other", "&Import from Foundry, Anathema or text\u2026", "Ctrl+Shift+I",
         lambda: import_from_files(dock)),
        ("paste_statblock", "&Paste stat block\u2026", "Ctrl+Shift+V",
         lambda: paste_statblock(dock)),
        ("export_foundry", "&Export as Foundry\u2026", "", lambda: export_foundry(dock)),
    ]
    for key, label, shortcut, slot in entries:
        action = QAction(label, frame)
        action.setObjectName(key)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        menu.addAction(action)
        actions[key] = action
    return menu
