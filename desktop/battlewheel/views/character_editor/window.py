"""The character editor: who the character is, and a stat block for each system, in one window.

Above, the identity every system shares (name, side, kind, notes); below, a tab per
system the character has a block for (the current combat's system first), each a
``BlockPage`` built from its ruleset's schema, with its live numbers; "Add a block for"
gives the character a block in another system, from a template.

Keyboard first: Tab goes field to field in reading order; Ctrl+Return saves; Esc asks
before throwing typed work away. Save is refused, with the reason at each field, until
every block is whole; nothing typed is lost meanwhile, and a draft file keeps it through
a crash (``draft.py``), offered back the next time the editor opens.

    editor = CharacterEditor(character, systems, commit, parent)   # character None: new
    editor.open()   # commit(new_character, original) -> True once the roster took it
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core.contract import SIDES
from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.identity import Identity
from battlewheel.engine.core.ruleset import get_ruleset, ruleset_names
from battlewheel.storage.roster import RosterCharacter
from battlewheel.views.character_editor import draft as drafts
from battlewheel.views.character_editor.block_page import BlockPage
from battlewheel.views.character_editor.inputs import PROBLEM_STYLE, wheel_only_when_focused
from battlewheel.views.theme import tint

Commit = Callable[[RosterCharacter, "RosterCharacter | None"], bool]
DRAFT_DELAY_MS = 400  # typing pauses this long before the draft is written


def ask_discard(parent: QWidget) -> bool:
    """Ask before throwing typed work away; True to throw it away."""
    answer = QMessageBox.question(
        parent, "Throw away this character?",
        "What you typed in the character editor is not saved. Throw it away?",
        QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Cancel,
    )
    return answer == QMessageBox.StandardButton.Discard


def ask_take_draft(parent: QWidget | None, draft: drafts.Draft) -> bool:
    """Offer back the draft an interrupted run left; True to take it."""
    answer = QMessageBox.question(
        parent, "Unsaved character",
        f"The character editor was closed before {draft.name()} was saved (Battlewheel "
        "stopped). Take up that draft again?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.Yes,
    )
    return answer == QMessageBox.StandardButton.Yes


def pending_draft(parent: QWidget | None) -> drafts.Draft | None:
    """The draft left by an interrupted run, if the GM takes it back (else it is dropped)."""
    try:
        found = drafts.read_draft()
    except ValueError:  # a draft that cannot be read is of no use to anyone
        drafts.discard_draft()
        return None
    if found is None:
        return None
    if ask_take_draft(parent, found):
        return found
    drafts.discard_draft()
    return None


class CharacterEditor(QDialog):
    """Make or change one roster character, for every system it plays in."""

    def __init__(self, character: RosterCharacter | None, systems: Sequence[str],
                 commit: Commit, parent: QWidget | None = None, *,
                 open_system: str | None = None) -> None:
        super().__init__(parent)
        from battlewheel.views.dialogs.on_screen import keep_on_screen_while_open

        keep_on_screen_while_open(self)  # issue 35: a 1366x768 screen, buttons in sight
        self.setObjectName("characterEditor")
        self.original, self.commit = character, commit
        self.systems = [name for name in systems if name] or list(ruleset_names())[:1]
        self.pages: dict[str, BlockPage] = {}
        self.dirty = False
        self.name_problem = ""
        self._side_chosen = character is not None
        self.setWindowTitle(f"Character: {character.name}" if character else "New character")
        self._build_identity(character)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("systemTabs")
        self.tabs.tabBar().setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab: field to field
        self.tabs.currentChanged.connect(lambda _i: self._relink())
        self._build_system_picker()
        self.status = QLabel(self)
        self.status.setObjectName("editorStatus")
        self.status.setWordWrap(True)
        tint(self.status, "refusal")
        self._build_layout()
        self._open_pages(character, open_system)
        self._draft_timer = QTimer(self)
        self._draft_timer.setSingleShot(True)
        self._draft_timer.setInterval(DRAFT_DELAY_MS)
        self._draft_timer.timeout.connect(self.write_draft)
        for keys in ("Ctrl+Return", "Ctrl+Enter"):
            QShortcut(QKeySequence(keys), self).activated.connect(self.save)
        self._fit_screen()
        self.check()

    # -- building ---------------------------------------------------------------------
    def _build_identity(self, character: RosterCharacter | None) -> None:
        identity = character.identity if character else Identity("New character", "enemy")
        self.name = QLineEdit(identity.name if character else "", self)
        self.name.setObjectName("characterName")
        self.name.setPlaceholderText("the name the table knows")
        self.name.setAccessibleName("Name")
        self.side = QComboBox(self)
        self.side.setObjectName("characterSide")
        self.side.setAccessibleName("Side")
        for side in SIDES:
            self.side.addItem(side, side)
        self.side.setCurrentIndex(self.side.findData(identity.side))
        wheel_only_when_focused(self.side)
        self.kind = QLineEdit(identity.kind, self)
        self.kind.setAccessibleName("Kind")
        self.kind.setPlaceholderText("Solar, bandit, heroic mortal…")
        self.notes = QPlainTextEdit(identity.notes, self)
        self.notes.setAccessibleName("Notes")
        self.notes.setTabChangesFocus(True)
        self.notes.setMaximumHeight(self.fontMetrics().lineSpacing() * 3 + 12)
        self.colour = identity.colour
        self.name.textEdited.connect(lambda _t: self._edited())
        self.kind.textEdited.connect(lambda _t: self._edited())
        self.notes.textChanged.connect(self._edited)
        self.side.activated.connect(self._side_picked)

    def _build_system_picker(self) -> None:
        self.add_system = QComboBox(self)
        self.add_system.setObjectName("addSystem")
        self.add_system.setAccessibleName("System to add a block for")
        wheel_only_when_focused(self.add_system)
        self.add_button = QPushButton("Add a block", self)
        self.add_button.setAutoDefault(False)
        self.add_button.clicked.connect(lambda: self.add_page(self.add_system.currentData()))
        self.remove_button = QPushButton("Remove this block", self)
        self.remove_button.setObjectName("removeBlock")
        self.remove_button.setAutoDefault(False)
        self.remove_button.setToolTip("Take the shown system's stat block off the character "
                                      "(the other systems' stay)")
        self.remove_button.clicked.connect(self.remove_current_page)

    def _build_layout(self) -> None:
        who = QFormLayout()
        top = QHBoxLayout()
        top.addWidget(self.name, 3)
        top.addWidget(QLabel("Side", self))
        top.addWidget(self.side)
        top.addWidget(QLabel("Kind", self))
        top.addWidget(self.kind, 2)
        name_label = QLabel("&Name", self)
        name_label.setBuddy(self.name)
        who.addRow(name_label, top)
        who.addRow("Notes", self.notes)
        adding = QHBoxLayout()
        adding.addWidget(QLabel("Also plays in", self))
        adding.addWidget(self.add_system)
        adding.addWidget(self.add_button)
        adding.addStretch(1)
        adding.addWidget(self.remove_button)
        self.save_button = QPushButton("Save (Ctrl+Return)", self)
        self.save_button.setObjectName("saveCharacter")
        self.save_button.setAutoDefault(False)
        self.save_button.clicked.connect(self.save)
        cancel = QPushButton("Cancel (Esc)", self)
        cancel.setAutoDefault(False)
        cancel.clicked.connect(self.reject)
        self.cancel_button = cancel
        buttons = QHBoxLayout()
        buttons.addWidget(self.status, 1)
        buttons.addWidget(self.save_button)
        buttons.addWidget(cancel)
        layout = QVBoxLayout(self)
        layout.addLayout(who)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(adding)
        layout.addLayout(buttons)

    def _open_pages(self, character: RosterCharacter | None, open_system: str | None) -> None:
        first = open_system or self.systems[0]
        owned = character.rulesets() if character else ()
        order = [first] + [name for name in owned if name != first]
        for name in order:
            self.add_page(name, focus=False)
        self.tabs.setCurrentIndex(0)
        self._fill_system_picker()
        # A block offered from a template is only a proposal until the GM types in it.
        self.dirty = False

    def _fit_screen(self) -> None:
        screen = self.screen().availableGeometry()
        self.resize(min(1200, screen.width() - 40), min(760, screen.height() - 60))

    # -- pages ------------------------------------------------------------------------
    def add_page(self, ruleset_name: object, *, focus: bool = True) -> BlockPage | None:
        """A tab for one system: the character's block there, or a new one from a template."""
        if not isinstance(ruleset_name, str) or ruleset_name in self.pages:
            return self.pages.get(str(ruleset_name))
        ruleset = get_ruleset(ruleset_name)
        block = self.original.block(ruleset_name) if self.original else None
        page = BlockPage(ruleset, block, self.tabs)
        if self.original is not None:  # what earlier fights left on them (issue 33)
            from battlewheel.printing.sources import current_condition

            page.lasting = current_condition(self.original, ruleset_name)
        page.setObjectName(f"blockPage-{ruleset_name}")
        page.edited.connect(self._edited)
        page.reshaped.connect(self._relink)
        page.templateChosen.connect(self._template_side)
        self.pages[ruleset_name] = page
        self.tabs.addTab(page, ruleset.title.replace("&", "&&"))  # "Pool & Ward", not a key
        if page.new and not self._side_chosen and len(self.pages) == 1:
            self._template_side(ruleset.block_side(page.base))
        self._fill_system_picker()
        self._relink()
        if focus:
            self.tabs.setCurrentWidget(page)
            self._edited()
            first = page.first_input()
            if first is not None:
                first.setFocus()
        return page

    def remove_current_page(self) -> None:
        """Take the shown system's block off the character (one system always stays)."""
        page = self.current_page()
        if page is None or len(self.pages) < 2:
            return
        del self.pages[page.ruleset.name]
        self.tabs.removeTab(self.tabs.indexOf(page))
        page.deleteLater()
        self._fill_system_picker()
        self._relink()
        self._edited()

    def _fill_system_picker(self) -> None:
        self.add_system.clear()
        for name in ruleset_names():
            if name not in self.pages:
                self.add_system.addItem(get_ruleset(name).title, name)
        self.add_system.setEnabled(self.add_system.count() > 0)
        self.add_button.setEnabled(self.add_system.count() > 0)
        self.remove_button.setEnabled(len(self.pages) > 1)

    def current_page(self) -> BlockPage | None:
        """The system's tab on screen."""
        page = self.tabs.currentWidget()
        return page if isinstance(page, BlockPage) else None

    def _relink(self) -> None:
        """Tab order: identity, the shown system's fields in reading order, then the buttons."""
        chain: list[QWidget] = [self.name, self.side, self.kind, self.notes]
        current = self.current_page()
        for page in ([current] if current else []) + [p for p in self.pages.values()
                                                      if p is not current]:
            chain.extend(page.focusables())
        chain.extend([self.add_system, self.add_button, self.remove_button, self.save_button,
                      self.cancel_button])
        for before, after in itertools.pairwise(chain):
            QWidget.setTabOrder(before, after)

    # -- editing ----------------------------------------------------------------------
    def _side_picked(self, _index: int) -> None:
        self._side_chosen = True
        self._edited()

    def _template_side(self, side: str) -> None:
        """A new character's side follows its template until the GM picks one."""
        if not self._side_chosen and side in SIDES:
            self.side.setCurrentIndex(self.side.findData(side))

    def _edited(self) -> None:
        self.dirty = True
        self.check()
        self._draft_timer.start()

    def identity(self) -> Identity | None:
        """The identity as typed, or None (the name field is marked with why)."""
        try:
            identity = Identity(self.name.text().strip(), str(self.side.currentData()),
                                self.kind.text().strip(), self.colour,
                                self.notes.toPlainText())
        except TraitValueError as error:
            label = "Name" if error.field == "name" else error.field.capitalize()
            self._mark_name(f"{label} must be {error.allowed}.")
            return None
        self._mark_name(None)
        return identity

    def _mark_name(self, problem: str | None) -> None:
        self.name.setStyleSheet(PROBLEM_STYLE if problem else "")
        self.name.setToolTip(problem or "")
        self.name_problem = problem or ""

    def check(self) -> RosterCharacter | None:
        """Check every page and the identity; the character when all are whole."""
        identity = self.identity()
        name = self.name.text().strip()
        kind, side = self.kind.text().strip(), str(self.side.currentData())
        blocks = {rs: page.check(name, kind, side) for rs, page in self.pages.items()}
        sentences = [self.name_problem] if identity is None else []
        for rs, page in self.pages.items():
            if blocks[rs] is None:
                sentences.append(f"{page.ruleset.title}: " + " ".join(page.sentences))
        # Save stays enabled: pressed too early it says why, and puts the cursor there.
        self.status.setText(" ".join(sentences))
        if identity is None or any(block is None for block in blocks.values()):
            return None
        kept = tuple(pair for pair in self.original.blocks if pair[0] in blocks) \
            if self.original else ()
        # Editing never heals: the conditions fights left stay (storage/carry.py refits them).
        character = RosterCharacter(identity, kept,
                                    self.original.conditions if self.original else ())
        for rs, block in blocks.items():
            character = character.with_block(rs, block)
        return character

    def save(self) -> bool:
        """Ctrl+Return: hand the character to the roster, or say why not (nothing lost)."""
        character = self.check()
        if character is None:
            self._show_first_problem()
            return False
        if not self.commit(character, self.original):
            return False
        self.dirty = False
        self._draft_timer.stop()
        drafts.discard_draft()
        self.accept()
        return True

    def _show_first_problem(self) -> None:
        if self.name_problem:
            self.name.setFocus()
            return
        for page in self.pages.values():
            if page.block is None:
                self.tabs.setCurrentWidget(page)
                widget = page.first_problem()
                if widget is not None:
                    widget.setFocus()
                return

    def reject(self) -> None:
        """Esc or Cancel: asks first when something was typed."""
        if self.dirty and not ask_discard(self):
            return
        self.dirty = False
        self._draft_timer.stop()
        drafts.discard_draft()
        super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing the window is Cancel: it asks first when something was typed."""
        if self.dirty and not ask_discard(self):
            event.ignore()
            return
        self.dirty = False
        self._draft_timer.stop()
        drafts.discard_draft()
        super().closeEvent(event)

    # -- the draft --------------------------------------------------------------------
    def to_draft(self) -> drafts.Draft:
        """What is typed now, as the draft file keeps it."""
        current = self.current_page()
        return drafts.Draft(
            identity={"name": self.name.text(), "side": self.side.currentData(),
                      "kind": self.kind.text(), "notes": self.notes.toPlainText(),
                      "side_chosen": self._side_chosen},
            pages=[drafts.DraftPage(rs, page.raw(), page.template_key(), page.new)
                   for rs, page in self.pages.items()],
            original=self.original.to_json() if self.original else None,
            current=current.ruleset.name if current else "",
        )

    def write_draft(self) -> None:
        """Keep what is typed on disk (only while there is unsaved typing)."""
        if self.dirty:
            drafts.write_draft(self.to_draft())

    def take_draft(self, draft: drafts.Draft) -> None:
        """Put a draft's typing back into the form, as it was typed."""
        identity = draft.identity
        self.name.setText(str(identity.get("name", "")))
        self.side.setCurrentIndex(max(0, self.side.findData(identity.get("side"))))
        self.kind.setText(str(identity.get("kind", "")))
        self.notes.setPlainText(str(identity.get("notes", "")))
        self._side_chosen = bool(identity.get("side_chosen", True))
        for saved in draft.pages:
            page = self.add_page(saved.ruleset, focus=False)
            if page is None:
                continue
            if page.new:
                page.set_template_key(saved.template)
            page.fill(saved.raw, raw=True)
        if draft.current in self.pages:
            self.tabs.setCurrentWidget(self.pages[draft.current])
        self.dirty = True
        self.check()


def editor_from_draft(draft: drafts.Draft, systems: Sequence[str], commit: Commit,
                      parent: QWidget | None = None) -> CharacterEditor:
    """The editor as an interrupted run left it (its original character included)."""
    original = RosterCharacter.from_json(draft.original) if draft.original else None
    first = draft.pages[0].ruleset if draft.pages else None
    editor = CharacterEditor(original, systems, commit, parent, open_system=first)
    editor.take_draft(draft)
    return editor


def describe(character: RosterCharacter) -> str:
    """A short line for a status bar: name and systems."""
    systems = ", ".join(get_ruleset(name).title for name in character.rulesets())
    return f"{character.name} ({systems or 'no stat block'})"

