"""A campaign's fights in the window: end one, start the next, go back to an earlier one.

- Combat > End the combat…: a refusal is said at once; else it asks first, then pushes
  ``EndCombat`` (Ctrl+Z takes it back);
- File > New combat… (Ctrl+Shift+N): a named, empty combat joins the open campaign and
  shows; the one before stays in the campaign with its whole log;
- File > Combats: the campaign's combats, the one on screen checked; choosing one shows it.

Showing another combat brings its own Undo history back (the lines it had when last on
screen; one per log entry the first time), and the status bar says so. Either way the
campaign differs from its file until it is saved, and the crash journal follows the
combat on screen.

The menu is handed the combat, the stored campaigns, the ``CampaignScreen`` it shows
another combat on, its parent and a way to say a line; never the window.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QStandardItemModel
from PySide6.QtWidgets import QDialog, QLabel, QMenu, QWidget

from battlewheel.engine.core.contract import RulesetInfo
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import CombatSession, ReplayError
from battlewheel.engine.rulesets import systems, title_of
from battlewheel.models.combat_model import CombatModel
from battlewheel.storage.campaign import CombatRecord
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.views.dialogs.apply import trial
from battlewheel.views.menu_text import menu_text
from battlewheel.views.window_parts import CampaignScreen, LendsParts, Say

NEW_COMBAT_KEY = "Ctrl+Shift+N"
ENDED_NEXT = f"File > New combat ({NEW_COMBAT_KEY}) starts the next fight"
# The dialogs' classes (message box, line edit, combo box, form) are set up when first
# used, not by start-up: each function below imports those it shows.


def end_combat(combat: CombatModel, parent: QWidget, say: Say) -> bool:
    """Ask (unless the engine would refuse), then end the combat on screen as one undo
    step; True once it has ended."""
    end = combat.session.ruleset.end_action()
    if end is None:
        say("This system's fights cannot be ended by hand.")
        return False
    if combat.wheel().ended:
        say(f"This combat is already over. {ENDED_NEXT}.")
        return False
    # Tried on a copy first: a refusal (a fight not yet started, say) is not asked about.
    refusal = trial(combat.session, [end]).refusal
    if refusal is not None:
        combat.refused.emit(str(refusal))  # said as any refusal is, with its rule
        return False
    from PySide6.QtWidgets import QMessageBox

    Button = QMessageBox.StandardButton
    box = QMessageBox(QMessageBox.Icon.Question, "End the combat",
                      "End this combat?", Button.Yes | Button.Cancel, parent)
    box.setObjectName("endCombatBox")
    box.setInformativeText(
        "The wheel then stays as it is: no more ticks, attacks or damage in this "
        f"combat. Undo (Ctrl+Z) takes the ending back; {ENDED_NEXT}."
    )
    box.button(Button.Yes).setText("&End the combat")
    box.setDefaultButton(Button.Cancel)
    if box.exec() != Button.Yes or combat.push(end) is not None:
        return False
    say(f"The combat is over. {ENDED_NEXT}; Ctrl+Z takes the ending back.")
    return True


def combat_label(name: str, ended: bool) -> str:
    """How the Combats menu and the title name a combat ("over" once it has ended)."""
    return f"{name} (over)" if ended else name


class CombatsMenu:
    """File > New combat and File > Combats over the open campaign's combats."""

    def __init__(
        self, parent: QWidget, combat: CombatModel, files: StoredCampaigns, *,
        screen: CampaignScreen, actions: dict[str, QAction], say: Say,
    ) -> None:
        self.parent, self.combat, self.files = parent, combat, files
        self.screen, self._say = screen, say
        action = QAction("&New combat\u2026", self.parent)
        action.setObjectName("new_combat")
        action.setShortcut(QKeySequence(NEW_COMBAT_KEY))
        action.setStatusTip("Start the next fight of this campaign (the others stay in it)")
        action.triggered.connect(self.ask_new_combat)
        self.parent.addAction(action)
        actions["new_combat"] = action
        self.new_action = action
        self.menu = QMenu("Com&bats", self.parent)
        self.menu.setObjectName("combatsMenu")
        self.menu.setToolTipsVisible(True)
        self.menu.aboutToShow.connect(self.fill)
        self.group = QActionGroup(self.menu)

    def install(self, file_menu: QMenu, before: QAction) -> None:
        """Put New combat and the Combats submenu into the File menu, before Save."""
        file_menu.insertSeparator(before)
        file_menu.insertAction(before, self.new_action)
        file_menu.insertMenu(before, self.menu)
        file_menu.insertSeparator(before)
        self.screen.combat_name = self.shown_label

    def shown_label(self) -> str | None:
        """The combat on screen, for the title; None while the campaign has only one."""
        record = self.files.shown_combat()
        if record is None or len(self.files.campaign.combats) < 2:
            return None
        return combat_label(record.name, self.combat.wheel().ended)

    # -- the submenu ----------------------------------------------------------------
    def fill(self) -> None:
        """List the campaign's combats, oldest first, the one on screen checked."""
        self.menu.clear()
        self.group = QActionGroup(self.menu)
        shown = self.files.shown_combat()
        for record in self.files.campaign.combats:
            on_screen = shown is not None and record.id == shown.id
            session = self.combat.session if on_screen else record.live_session()
            action = self.menu.addAction(menu_text(combat_label(record.name, _ended(session))))
            action.setCheckable(True)
            action.setChecked(on_screen)
            action.setToolTip(_summary(record, session))
            self.group.addAction(action)
            action.triggered.connect(lambda _checked=False, cid=record.id: self.show(cid))

    def show(self, combat_id: str) -> None:
        """Show another combat of the campaign, its log and its own Undo history."""
        shown = self.files.shown_combat()
        if shown is not None and shown.id == combat_id:
            return
        unsaved = self.screen.has_unsaved_changes()
        try:
            session = self.files.show_combat(combat_id, self.combat.session)
        except ReplayError as error:
            self._refuse_broken(combat_id, error)
            return
        self._put_on_screen(session, unsaved=unsaved)
        name = self.files.campaign.combat(combat_id).name
        self._say(f"Showing {combat_label(name, self.combat.wheel().ended)}: its log is kept; "
                  "Undo takes back its own steps.")

    def _refuse_broken(self, combat_id: str, error: ReplayError) -> None:
        """Say that a stored combat cannot be replayed; the window stays as it is."""
        from PySide6.QtWidgets import QMessageBox

        name = self.files.campaign.combat(combat_id).name
        box = QMessageBox(QMessageBox.Icon.Warning, "Cannot show the combat",
                          f"\u201c{name}\u201d cannot be shown: its log does not replay.",
                          QMessageBox.StandardButton.Ok, self.parent)
        box.setObjectName("brokenCombatBox")
        # The rules' own words (and the rule cited) go in the tooltip, as for any refusal.
        refused = error.__cause__
        reason = refused.reason if isinstance(refused, IllegalAction) else error.problem
        box.setInformativeText(
            f"Step {error.index + 1} of its log cannot be applied: {reason}. The combat "
            "stays in the campaign file exactly as it was; nothing has changed here."
        )
        box.setToolTip(f"Entry {error.index}: {error.problem}")
        box.exec()

    # -- a new combat ---------------------------------------------------------------
    def ask_new_combat(self) -> bool:
        """Ask the new combat's name and system, then add it and show it; False if cancelled."""
        dialog = NewCombatDialog(
            self.files.campaign.name, self.files.next_combat_name(),
            self.combat.session.ruleset.name, self.parent,
        )
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.new_combat(dialog.name(), dialog.ruleset())

    def new_combat(self, name: str, ruleset: str = "2e-rewrite") -> bool:
        """Add an empty combat called ``name`` and show it; a bad name is reported."""
        try:
            session = self.files.new_combat(name, self.combat.session, ruleset)
        except ValueError as error:
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(self.parent, "Cannot start the combat", str(error))
            return False
        self._put_on_screen(session, unsaved=True)
        self._say(f"{name.strip()} started, empty: add fighters from the Roster dock, then "
                  f"{set_up_step(session)}.")
        return True

    def _put_on_screen(self, session: CombatSession, *, unsaved: bool) -> None:
        self.screen.show_session(session, self.files.path)
        # Showing a session clears Undo (and so its clean mark): changes not yet saved
        # must still be asked about on close.
        if unsaved:
            self.screen.mark_campaign_changed()


# The entries that set a fight up, in each system (2e, 3e, Impulse, Pool & Ward).
SET_UP_KEYS = ("set_up", "join_battle", "roll_order")


def set_up_step(session: CombatSession) -> str:
    """The combat's own set-up step and its key, in the words of its Combat menu."""
    entries = [e for e in session.ruleset.turn_actions(session.state) if e.shortcut]
    chosen = next((e for e in entries if e.key in SET_UP_KEYS), entries[0] if entries else None)
    if chosen is None:
        return "set up the battle from the Combat menu"
    label = chosen.label.replace("&", "").rstrip("\u2026")
    return f"{label[:1].lower()}{label[1:]} ({chosen.shortcut})"


def _ended(session: CombatSession | None) -> bool:
    return session is not None and session.ruleset.turn_track(session.state).ended


def _summary(record: CombatRecord, session: CombatSession | None) -> str:
    """The tooltip: system and length; a combat not yet replayed says it waits to be."""
    if session is not None:
        return f"{session.ruleset.title}: {len(session.log)} step(s) in its log"
    # Listing the combats replays none of them: a big campaign's menu opens at once.
    return (f"{title_of(record.ruleset_name())}: {record.steps()} step(s) in its log; "
            "not shown since the file was opened (whether it is over shows once chosen)")


class NewCombatDialog(QDialog):
    """File > New combat: the fight's name and its combat system.

    Systems whose ruleset has not been built yet are listed, greyed out, as not
    available, so the GM sees what the program is for and what it can run today.
    """

    def __init__(
        self, campaign: str, suggested: str, current: str, parent: QWidget | None = None
    ) -> None:
        from PySide6.QtWidgets import QComboBox, QFormLayout, QLineEdit

        from battlewheel.views.dialogs.buttons import ok_cancel

        super().__init__(parent)
        self.setObjectName("newCombatDialog")
        self.setWindowTitle("New combat")
        intro = QLabel(f"The next fight in {campaign}. The combats so far stay in the "
                       "campaign (File > Combats).", self)
        intro.setWordWrap(True)
        self.name_edit = QLineEdit(suggested, self)
        self.name_edit.selectAll()
        self.system = QComboBox(self)
        self.system.setObjectName("newCombatSystem")
        self._fill(systems(), current)
        buttons, self.start_button = ok_cancel(self, "&Start")
        form = QFormLayout(self)
        form.addRow(intro)
        form.addRow("&Name:", self.name_edit)
        form.addRow("&System:", self.system)
        form.addRow(buttons)
        self.intro, self.form = intro, form

    def _fill(self, found: tuple[RulesetInfo, ...], current: str) -> None:
        model = self.system.model()
        assert isinstance(model, QStandardItemModel)
        for row, info in enumerate(found):
            text = f"{info.title} ({info.seed})"
            self.system.addItem(text if info.available else f"{text} \u2014 {info.note}",
                                info.name)
            item = model.item(row)
            if not info.available:
                item.setEnabled(False)
                item.setToolTip("Its ruleset is not built into this program yet.")
            elif info.name == current:
                self.system.setCurrentIndex(row)

    def name(self) -> str:
        """The combat's name as typed."""
        return self.name_edit.text()

    def ruleset(self) -> str:
        """The chosen system's ruleset name."""
        return str(self.system.currentData())


class NewCampaignDialog(NewCombatDialog):
    """File > New campaign: the campaign's name, and its first fight's name and system.

    No system is chosen for the GM (issue 35: the first start's 2e demo made every new
    campaign's first fight 2e, and New character opened on 2e): Start waits for one.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        from PySide6.QtWidgets import QLineEdit

        super().__init__("", "Combat 1", "", parent)
        self.setObjectName("newCampaignDialog")
        self.setWindowTitle("New campaign")
        self.intro.setText("A campaign of your own: an empty roster and its first fight. "
                           "Which system does that fight use? New character opens on it.")
        self.campaign_edit = QLineEdit(self)
        self.campaign_edit.setObjectName("newCampaignName")
        self.campaign_edit.setAccessibleName("Name of the campaign")
        self.form.insertRow(1, "&Campaign:", self.campaign_edit)
        label = self.form.labelForField(self.name_edit)
        if isinstance(label, QLabel):
            label.setText("&First fight:")
        self.system.setCurrentIndex(-1)
        self.system.setPlaceholderText("Choose the first fight's system")
        self.system.currentIndexChanged.connect(lambda _i: self._allow_start())
        self.campaign_edit.textChanged.connect(lambda _t: self._allow_start())
        self.setTabOrder(self.campaign_edit, self.system)
        self.setTabOrder(self.system, self.name_edit)
        self.campaign_edit.setFocus()
        self._allow_start()

    def _allow_start(self) -> None:
        chosen = self.system.currentIndex() >= 0
        self.start_button.setEnabled(chosen and bool(self.campaign_edit.text().strip()))
        self.start_button.setToolTip("" if chosen else "Choose the first fight's system first")

    def campaign(self) -> str:
        """The campaign's name as typed."""
        return self.campaign_edit.text()


def install_combats_menu(window: LendsParts) -> CombatsMenu | None:
    """Add New combat and the Combats submenu; None without campaign storage."""
    parts = window.parts()
    if not isinstance(parts.files, StoredCampaigns):
        return None
    menu = CombatsMenu(parts.frame, parts.combat, parts.files, screen=parts.screen,
                       actions=parts.actions, say=parts.say)
    menu.install(parts.file_menu, parts.actions["save"])
    return menu
