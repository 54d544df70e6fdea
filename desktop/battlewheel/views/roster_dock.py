"""The campaign's roster as a dock: make, edit and copy characters, and bring them to the fight.

New, Edit (or a double-click, or Return), Duplicate and Delete (or the Delete key) change
the roster, each as one undo step on the window's undo stack (``roster_edits``); New and
Edit open the character editor (``views/character_editor``). A character dragged onto
the wheel, or added with "Add to combat", becomes the ruleset's undoable join action, on
the character's own side unless the GM picks one under the list, under a name no other
fighter has ("Ash Wolf 2"); the "x n" box adds n numbered copies as one undo step
(``quick_add``). Import adds a character file to the roster; Export writes the selected
character to a file. The list follows the campaign the window has open.

    dock = install_roster_dock(window)      # adds the dock, File > New character / campaign
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QMimeData, QObject, QPoint, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDockWidget,
    QFileDialog,
    QGridLayout,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core.actions import Action, ChangeBlock
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.ruleset import Ruleset, ruleset_names
from battlewheel.engine.core.system import CARRY
from battlewheel.engine.rulesets import title_of
from battlewheel.models.combat_model import CombatModel
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.characters import (
    character_from_json,
    export_character,
    import_character,
)
from battlewheel.storage.roster import DamagedBlock
from battlewheel.storage.roster import RosterCharacter as Character
from battlewheel.views import quick_add
from battlewheel.views import roster_edits as edits
from battlewheel.views.dialogs.apply import push_all, trial
from battlewheel.views.refusals import split_refusal
from battlewheel.views.window_parts import CampaignScreen, LendsParts, Say

if TYPE_CHECKING:
    from battlewheel.views.character_editor import CharacterEditor

CHARACTER_MIME = "application/x-battlewheel-character"
CHARACTER_FILTER = "Battlewheel characters (*.json);;All files (*)"
SIDES = ("enemy", "ally")
OWN_SIDE = "joins as the character's side"
NEW_CHARACTER_KEY = "Ctrl+Shift+C"


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


DAMAGED_MARK = "a stat block cannot be read"


def damage_words(damage: DamagedBlock) -> str:
    """A damaged block in plain words: which system, what is wrong, that nothing changed."""
    system = title_of(damage.field.split(".")[1])
    return (f"The {system} stat block cannot be read ({damage.field}: {damage.allowed}); "
            "it stays in the campaign file exactly as it is.")


def condition_words(character: Character) -> str:
    """What fights have left on the character, at a glance ("4/8 Health, 5/6 Vigor"), in
    each system where they hold something; "" when fresh (issue 33, storage/carry.py)."""
    from battlewheel.storage import carry

    systems = [name for name in character.rulesets() if character.held(name) is not None]
    words = [carry.summary(character, name) for name in systems]
    if len(systems) > 1:
        words = [f"{title_of(name)}: {text}" for name, text in zip(systems, words, strict=True)]
    return "; ".join(text for text in words if text)


def current_condition(character: Character, system: str, *, fresh: bool = False) -> object:
    """The ``lasting`` joining term: the character as they are in ``system`` (None: fresh,
    or nothing held)."""
    from battlewheel.storage import carry

    return carry.joining_condition(character, system, fresh=fresh)


def joined(ruleset: Ruleset, combatant_id: str, block: object, side: str,
           character: Character, *, fresh: bool) -> Action:
    """The join of a roster character: named as theirs (``roster``) and as they are or
    fresh (``lasting``) in a system that carries conditions (issue 33); a system that
    carries nothing yet takes neither term."""
    if not ruleset.can(CARRY):
        return ruleset.join_action(combatant_id, block, side)
    return ruleset.join_action(combatant_id, block, side, roster=character.name,
                               lasting=current_condition(character, ruleset.name, fresh=fresh))


class RosterList(QListWidget):
    """The roster's names; dragging one carries the character; Return edits, Delete deletes."""

    editRequested = Signal()
    deleteRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rosterList")
        self.setDragEnabled(True)
        self.setDragDropMode(QListWidget.DragDropMode.DragOnly)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        # Ctrl+click and Shift+click pick several characters for one Add.
        self.setSelectionMode(QListWidget.SelectionMode.ExtendedSelection)
        self.characters: list[Character] = []

    def show_characters(self, characters: list[Character], chosen: str | None = None) -> None:
        """Fill the list, keeping the selection by name (or choosing ``chosen``)."""
        current = self.current_character()
        wanted = chosen or (current.name if current is not None else None)
        self.characters = list(characters)
        self.clear()
        for character in self.characters:
            identity = character.identity
            kind = f"  \u00b7  {identity.kind}" if identity.kind else ""
            damaged = character.damaged()
            mark = f"  \u00b7  {DAMAGED_MARK}" if damaged else ""
            condition = condition_words(character) if not damaged else ""
            shown = f"  \u00b7  {condition}" if condition else ""
            item = QListWidgetItem(f"{character.name}{kind}{mark}{shown}")
            systems = ", ".join(title_of(name) for name in character.rulesets())
            item.setToolTip(f"{identity.notes or character.name}\nStat blocks: {systems or 'none'}"
                            + (f"\nNow: {condition}" if condition else "")
                            + "".join(f"\n{damage_words(d)}" for d in damaged))
            self.addItem(item)
            if wanted is not None and character.name == wanted:
                self.setCurrentItem(item)

    def current_character(self) -> Character | None:
        """The selected character, if any."""
        row = self.currentRow()
        return self.characters[row] if 0 <= row < len(self.characters) else None

    def chosen_characters(self) -> list[Character]:
        """Every selected character, in roster order (the current one if none is selected)."""
        rows = sorted(self.row(item) for item in self.selectedItems())
        chosen = [self.characters[row] for row in rows if 0 <= row < len(self.characters)]
        current = self.current_character()
        return chosen or ([current] if current is not None else [])

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Return edits the selected character; Delete takes it off the roster (undoable)."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.modifiers():
            self.editRequested.emit()
        elif event.key() == Qt.Key.Key_Delete and not event.modifiers():
            self.deleteRequested.emit()
        else:
            super().keyPressEvent(event)

    def mimeData(self, items: Sequence[QListWidgetItem]) -> QMimeData:
        """Carry the dragged character (one at a time)."""
        row = self.row(items[0]) if items else -1
        if not 0 <= row < len(self.characters):
            return QMimeData()
        return character_mime(self.characters[row])


class RosterDock(QDockWidget):
    """The roster of the open campaign, with the side new combatants join on."""

    # The roster itself changed (or a change was undone): unsaved until the campaign is saved.
    rosterChanged = Signal()

    def __init__(self, files: StoredCampaigns, combat: CombatModel,
                 parent: QWidget | None = None, *, say: Say | None = None) -> None:
        super().__init__("Roster", parent)
        self.setObjectName("rosterDock")
        self.files, self.combat = files, combat
        self._say = say
        self.editor: CharacterEditor | None = None
        self.roster = RosterList(self)
        self.side = QComboBox(self)
        self.side.setObjectName("rosterSide")
        self.side.addItem(OWN_SIDE, "")
        for side in SIDES:
            self.side.addItem(f"joins as {side}", side)
        self.side.setToolTip("The side a character added now joins: its own (a player "
                             "character's is ally), or the one picked here")
        self.arrives = QComboBox(self)
        self.arrives.setObjectName("rosterArrives")
        self.arrives.addItem("comes as they are", False)
        self.arrives.addItem("comes fresh", True)
        self.arrives.setToolTip("A character added now brings what earlier fights left on "
                                "them (as they are), or comes at full (fresh)")
        self.copies = QSpinBox(self)
        self.copies.setObjectName("rosterCopies")
        self.copies.setRange(1, quick_add.MOST_COPIES)
        self.copies.setPrefix("\u00d7 ")
        self.copies.setToolTip("How many numbered copies to add at once (one undo step)")
        self.setWidget(self._body())
        # A double-click opens the character, as in any list of documents; adding to
        # the fight is the button's (or a drag's) job.
        self.roster.itemDoubleClicked.connect(lambda _item: self.edit_selected())
        self.roster.editRequested.connect(self.edit_selected)
        self.roster.deleteRequested.connect(self.delete_selected)
        self.roster.customContextMenuRequested.connect(self._context_menu)
        combat.changed.connect(self.refresh)
        self._adopted = files.adopted
        combat.sessionReplaced.connect(self._campaign_replaced)
        combat.sessionReplaced.connect(self._fight_shown)
        self.refresh()

    def _body(self) -> QWidget:
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.roster)
        # Short rows, not one long one: the dock then stays as narrow in larger
        # text as in normal text, and the wheel beside it keeps its size.
        rows = QGridLayout()
        rows.addWidget(self.side, 0, 0)
        rows.addWidget(self.copies, 0, 1)
        rows.addWidget(self.arrives, 1, 0, 1, 2)
        rows.addWidget(self._button("Add to combat", self.add_selected, body), 2, 0, 1, 2)
        for row, (left, right) in enumerate(
                ((("New\u2026", self.new_character), ("Edit\u2026", self.edit_selected)),
                 (("Duplicate", self.duplicate_selected), ("Delete", self.delete_selected)),
                 (("Import\u2026", self.import_), ("Export\u2026", self.export))), start=3):
            rows.addWidget(self._button(*left, body), row, 0)
            rows.addWidget(self._button(*right, body), row, 1)
        layout.addLayout(rows)
        return body

    @staticmethod
    def _button(text: str, slot: Callable[[], object], parent: QWidget) -> QPushButton:
        button = QPushButton(text, parent)
        button.setObjectName("roster" + text.rstrip("\u2026").replace(" ", ""))
        button.clicked.connect(slot)
        return button

    def _context_menu(self, where: QPoint) -> None:
        menu = self.context_menu()
        menu.popup(self.roster.viewport().mapToGlobal(where))

    def context_menu(self) -> QMenu:
        """What a right-click on the roster offers."""
        menu = QMenu(self)
        chosen = self.roster.current_character() is not None
        for text, slot, needs in (("&Edit\u2026", self.edit_selected, True),
                                  ("&Add to combat", self.add_selected, True),
                                  ("Add &fresh (at full)", self.add_selected_fresh, True),
                                  ("D&uplicate", self.duplicate_selected, True),
                                  ("&Delete", self.delete_selected, True),
                                  ("E&xport\u2026", self.export, True),
                                  ("&New character\u2026", self.new_character, False)):
            action = menu.addAction(text)
            action.triggered.connect(slot)
            action.setEnabled(chosen or not needs)
        return menu

    def chosen_side(self, character: Character | None = None) -> str:
        """The side a character added now joins: the picked one, else the character's own."""
        picked = self.side.currentData()
        if picked:
            return str(picked)
        return character.identity.side if character is not None else SIDES[0]

    def refresh(self, chosen: str | None = None) -> None:
        """Re-read the roster if the open campaign's changed."""
        characters = list(self.files.campaign.characters)
        if characters != self.roster.characters or chosen:
            self.roster.show_characters(characters, chosen)

    # -- into the fight ---------------------------------------------------------------
    def add(self, character: Character) -> bool:
        """Push the ruleset's undoable join; False (reason in the status bar) if refused.

        A character with no stat block for the combat's system is offered the editor on
        that system first (it joins once saved).
        """
        ruleset = self.combat.session.ruleset
        if not self.readable(character, ruleset.name):
            return False
        block = character.block(ruleset.name)
        if block is None:
            self._offer_block(character)
            return False
        count = self.copies.value()
        side = self.chosen_side(character)
        try:
            if count > 1:
                return self._add_copies(block, count, side)
            name = quick_add.next_free_name(ruleset.block_name(block), self._fighter_names())
            if name != ruleset.block_name(block):
                block = ruleset.named_block(block, name)
            cid = new_combatant_id(name, set(self.combat.combatant_ids()))
            action = joined(ruleset, cid, block, side, character, fresh=self.fresh())
        except IllegalAction as refusal:
            self.combat.refused.emit(str(refusal))
            return False
        return self.combat.push(action) is None

    def _fighter_names(self) -> list[str]:
        return [self.combat.name(cid) for cid in self.combat.combatant_ids()]

    def _add_copies(self, block: object, count: int, side: str) -> bool:
        """Numbered copies of one block, joined as one undo step; the count goes back to 1."""
        ruleset = self.combat.session.ruleset
        ids = self.combat.combatant_ids()
        names = quick_add.copy_names(ruleset.block_name(block), count, self._fighter_names())
        actions = quick_add.copy_actions(ruleset, block, names, side, ids, new_combatant_id)
        text = quick_add.undo_text(count, ruleset.block_name(block))
        if push_all(self.combat, actions, text) is not None:
            return False
        self.copies.setValue(1)  # the next add brings one, not another crowd
        return True

    def _offer_block(self, character: Character) -> None:
        """Ask to make a stat block for the combat's system, in the editor on that system."""
        ruleset = self.combat.session.ruleset
        answer = QMessageBox.question(
            self, "No stat block for this system",
            f"{character.name} has no {ruleset.title} stat block yet. Make one now in the "
            "character editor (from a template)? They join the fight once it is saved.",
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.edit(character, open_system=ruleset.name,
                      then=lambda saved: self.add(saved))

    def readable(self, character: Character, ruleset: str | None = None) -> bool:
        """Read the character's stored blocks (``ruleset``'s, or all) before they are used.

        A damaged one is marked on the roster and said in the status bar, in plain words;
        False then, and nothing changes (the block stays in the file as it was read).
        """
        try:
            if ruleset is not None:
                character.block(ruleset)
            else:
                character.read_blocks()
        except DamagedBlock as damage:
            self.roster.show_characters(self.roster.characters)
            if self._say is not None:
                self._say(f"{character.name}: {damage_words(damage)}")
            return False
        return True

    def add_selected(self) -> bool:
        """Add the selected character to the combat, or the several selected as one step."""
        chosen = self.roster.chosen_characters()
        if len(chosen) == 1:
            return self.add(chosen[0])
        return bool(chosen) and self.add_several(chosen)

    def add_selected_fresh(self) -> bool:
        """Add the selected character(s) at full, whatever the dock's choice says."""
        kept = self.arrives.currentIndex()
        self.arrives.setCurrentIndex(self.arrives.findData(True))
        try:
            return self.add_selected()
        finally:
            self.arrives.setCurrentIndex(kept)

    def add_several(self, characters: Sequence[Character]) -> bool:
        """Several roster characters joined as one undo step, each under a free name.

        One without a stat block for the combat's system stops the whole Add, naming
        them (nothing joins): the GM makes the block or leaves them out of the pick.
        """
        ruleset = self.combat.session.ruleset
        missing = [c.name for c in characters if not self.readable(c, ruleset.name)
                   or c.block(ruleset.name) is None]
        if missing:
            self.combat.refused.emit(
                f"Roster: {', '.join(missing)} cannot join: no readable {ruleset.title} "
                "stat block (edit them first, or leave them out of the selection)")
            return False
        names, ids = self._fighter_names(), set(self.combat.combatant_ids())
        actions = []
        try:
            for character in characters:
                block = character.block(ruleset.name)
                name = quick_add.next_free_name(ruleset.block_name(block), names)
                if name != ruleset.block_name(block):
                    block = ruleset.named_block(block, name)
                cid = new_combatant_id(name, ids)
                names.append(name)
                ids.add(cid)
                actions.append(joined(ruleset, cid, block, self.chosen_side(character),
                                      character, fresh=self.fresh()))
        except IllegalAction as refusal:
            self.combat.refused.emit(str(refusal))
            return False
        text = f"Add {len(actions)} characters: " + ", ".join(c.name for c in characters)
        return push_all(self.combat, actions, text) is None

    def fresh(self) -> bool:
        """Whether characters added now come fresh (else as they are)."""
        return bool(self.arrives.currentData())

    def _fight_shown(self) -> None:
        # issue 35: the side picked for one Add is not the next fight's (nor "fresh").
        self.side.setCurrentIndex(0)
        self.arrives.setCurrentIndex(0)

    # -- the roster, one undo step per change -----------------------------------------
    def show_roster(self, characters: tuple[Character, ...], chosen: str | None = None) -> None:
        """Put a roster in place (a change or its undo) and show it."""
        self.files.set_characters(characters)
        self.refresh(chosen)
        self.rosterChanged.emit()

    def change_roster(self, after: tuple[Character, ...], text: str,
                      chosen: str | None = None, *, in_fight: bool = False) -> None:
        """Change the roster as one undo step named ``text``, on the campaign's history
        (kept when another combat is shown); ``in_fight``: on the fight's, inside a step
        that changes the fight too."""
        before = tuple(self.files.campaign.characters)
        command = edits.RosterCommand(before, after, text,
                                      lambda roster: self.show_roster(roster, chosen))
        stack = self.combat.undo_stack if in_fight else self.combat.campaign_stack
        stack.push(command)

    def _campaign_replaced(self) -> None:
        # Another campaign opened (not another combat of this one): its roster's history
        # starts afresh, so Ctrl+Z never puts one campaign's roster into another.
        if self.files.adopted != self._adopted:
            self._adopted = self.files.adopted
            self.combat.campaign_stack.clear()
            self.combat.order.forget(self.combat.campaign_stack)

    def systems(self) -> list[str]:
        """The systems the editor offers, the combat's own first."""
        first = self.combat.session.ruleset.name
        return [first] + [name for name in ruleset_names() if name != first]

    def new_character(self) -> CharacterEditor:
        """File > New character: the editor on a blank character of the combat's system."""
        return self.edit(None)

    def edit_selected(self) -> CharacterEditor | None:
        """Open the selected character in the editor."""
        character = self.roster.current_character()
        if character is None or not self.readable(character):
            return None
        return self.edit(character)

    def edit(self, character: Character | None, *, open_system: str | None = None,
             then: Callable[[Character], object] | None = None) -> CharacterEditor:
        """Open the editor (or the draft an interrupted run left, if the GM takes it)."""
        # The editor (a big module) is imported when first opened, not with the roster.
        from battlewheel.views.character_editor import (
            CharacterEditor,
            editor_from_draft,
            pending_draft,
        )

        saved: list[Character] = []

        def commit(new: Character, original: Character | None) -> bool:
            done = self.commit(new, original)
            if done is not None:
                saved.append(done)
            return done is not None

        draft = pending_draft(self)
        if draft is not None:
            editor = editor_from_draft(draft, self.systems(), commit, self.window())
        else:
            editor = CharacterEditor(character, self.systems(), commit, self.window(),
                                     open_system=open_system)
        editor.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        editor.destroyed.connect(lambda: setattr(self, "editor", None))
        if then is not None:
            editor.accepted.connect(lambda: then(saved[-1]) if saved else None)
        self.editor = editor
        editor.open()
        return editor

    def commit(self, character: Character, original: Character | None) -> Character | None:
        """Save an edited or new character into the roster (one undo step); None if cancelled.

        A name another character has asks first; an edited character who fights in the
        combat on screen asks whether the fight takes the new traits too.
        """
        placed = edits.place(tuple(self.files.campaign.characters), character, original,
                             lambda name: edits.ask_clash(self, name))
        if placed is None:
            return None
        roster, character = placed
        roster, character = self._refitted(roster, character)
        verb = "Edit" if original is not None else "New character"
        fight = self._fight_changes(character, original)
        if fight is None:
            return None
        if not fight:
            self.change_roster(roster, f"{verb} {character.name}", character.name)
            return character
        stack = self.combat.undo_stack
        stack.beginMacro(f"{verb} {character.name} (and in the fight)")
        try:
            self.change_roster(roster, f"{verb} {character.name}", character.name,
                               in_fight=True)
            for action in fight:
                self.combat.push(action)
        finally:
            stack.endMacro()
        return character

    def _refitted(self, roster: tuple[Character, ...],
                  character: Character) -> tuple[tuple[Character, ...], Character]:
        """What fights left on an edited character, fitted to the new blocks: marks that no
        longer fit a shorter track are kept as the deepest and said (editing never heals)."""
        from dataclasses import replace

        from battlewheel.storage import carry

        campaign = replace(self.files.campaign, characters=roster)
        said = []
        for system in character.rulesets():
            if character.held(system) is not None:
                campaign, words = carry.refitted(campaign, character.name, system)
                if words:
                    said.append(f"{title_of(system)}: {words}")
        if said and self._say is not None:
            self._say(f"{character.name}'s condition on the edited block: " + "; ".join(said))
        return tuple(campaign.characters), campaign.character(character.name)

    def _fight_changes(self, character: Character,
                       original: Character | None) -> list[ChangeBlock] | None:
        """The fight's ChangeBlocks the GM wants ([] for the roster only); None: cancelled."""
        ruleset = self.combat.session.ruleset
        block = edits.changed_block(character, original, ruleset.name)
        if block is None or original is None:
            return []
        names = {cid: self.combat.name(cid) for cid in self.combat.combatant_ids()}
        fighters = edits.fighting_as(original.name, names)
        if not fighters:
            return []
        answer = edits.ask_fight_too(self, original.name, len(fighters))
        if answer == edits.CANCEL:
            return None
        if answer == edits.ROSTER_ONLY:
            return []
        actions = [ChangeBlock(cid, ruleset.named_block(block, names[cid]).to_json())
                   for cid in fighters]
        checked = trial(self.combat.session, actions)
        if checked.refusal is not None:
            reason, _rule = split_refusal(checked.refusal)
            QMessageBox.warning(self, "The fight keeps the old traits",
                                f"The roster takes the new traits, but the fight cannot: "
                                f"{reason}")
            return []
        return actions

    def duplicate_selected(self) -> None:
        """A numbered copy of the selected character, just after it (one undo step)."""
        character = self.roster.current_character()
        if character is None or not self.readable(character):
            return
        roster = list(self.files.campaign.characters)
        name = quick_add.next_free_name(character.name, [c.name for c in roster])
        copy = edits.renamed(character, name)
        roster.insert(roster.index(character) + 1, copy)
        self.change_roster(tuple(roster), f"Duplicate {character.name} as {name}", name)

    def delete_selected(self) -> None:
        """Take the selected character off the roster (one undo step; Ctrl+Z brings it back)."""
        character = self.roster.current_character()
        if character is None:
            return
        roster = tuple(c for c in self.files.campaign.characters if c is not character)
        self.change_roster(roster, f"Delete {character.name}")
        if self._say is not None:
            self._say(f"{character.name} is off the roster (Ctrl+Z brings them back).")

    def import_(self) -> None:
        """Read a character file into the roster (one undo step; a name clash asks)."""
        name, _ = QFileDialog.getOpenFileName(self, "Import character",
                                              str(self.files.default_folder()), CHARACTER_FILTER)
        if name:
            self.import_path(Path(name))

    def import_path(self, path: Path) -> bool:
        """Import one character file; False when it cannot be read or the GM cancels."""
        try:
            character = import_character(path)
        except (OSError, ValueError) as error:
            QMessageBox.warning(self, "Cannot import character", str(error))
            return False
        placed = edits.place(tuple(self.files.campaign.characters), character, None,
                             lambda clash: edits.ask_clash(self, clash))
        if placed is None:
            return False
        roster, character = placed
        self.change_roster(roster, f"Import {character.name}", character.name)
        return True

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


def install_roster_dock(window: LendsParts) -> RosterDock | None:
    """Add the roster dock, take roster drops on the wheel, and add File > New character
    and File > New campaign."""
    parts = window.parts()
    files = parts.files
    if not isinstance(files, StoredCampaigns):
        return None
    dock = RosterDock(files, parts.combat, parts.frame, say=parts.say)
    parts.frame.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    parts.docks.append(dock)
    RosterDropTarget(dock, parts.wheel)
    campaign = NewCampaign(parts.frame, parts.combat, files, screen=parts.screen,
                           keep_or_drop_changes=parts.keep_or_drop_changes, say=parts.say)
    _file_actions(parts.frame, parts.actions, parts.file_menu, dock, campaign)
    return dock


def _file_actions(frame: QWidget, actions: dict[str, QAction], file_menu: QMenu,
                  dock: RosterDock, campaign: NewCampaign) -> None:
    first = actions.get("open")
    for name, text, key, tip, slot in (
        ("new_character", "New &character\u2026", NEW_CHARACTER_KEY,
         "Make a character for the roster in the character editor", dock.new_character),
        ("new_campaign", "New ca&mpaign\u2026", None,
         "Start a campaign of your own: a name and an empty roster",
         lambda: campaign.ask()),  # the lambda keeps the question alive (a bound method would not)
    ):
        action = QAction(text, frame)
        action.setObjectName(name)
        if key:
            action.setShortcut(QKeySequence(key))
        action.setStatusTip(tip)
        action.triggered.connect(slot)
        actions[name] = action
        frame.addAction(action)
        if first is not None:
            file_menu.insertAction(first, action)
    if first is not None:
        file_menu.insertSeparator(first)


class NewCampaign:
    """File > New campaign: a name, an empty roster, one empty combat of the system asked."""

    def __init__(
        self, parent: QWidget, combat: CombatModel, files: StoredCampaigns, *,
        screen: CampaignScreen, keep_or_drop_changes: Callable[[str], bool], say: Say,
    ) -> None:
        self.parent, self.combat, self.files = parent, combat, files
        self.screen, self.keep_or_drop_changes, self.say = screen, keep_or_drop_changes, say

    def ask(self) -> bool:
        """Ask the name and the first fight's system, and start the campaign; unsaved work
        is asked about first, as when opening another campaign."""
        from battlewheel.views.combats_menu import NewCampaignDialog

        if not self.keep_or_drop_changes("starting a new campaign"):
            return False
        dialog = NewCampaignDialog(self.parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        name = dialog.campaign()
        try:
            session = self.files.new_campaign(name, dialog.ruleset(), dialog.name())
        except ValueError as error:
            QMessageBox.warning(self.parent, "Cannot start the campaign", str(error))
            return False
        self.screen.show_session(session, None)
        self.say(f"{name.strip()} started: make its characters with File > New character "
                 f"({NEW_CHARACTER_KEY}).")
        return True
