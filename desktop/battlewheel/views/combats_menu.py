"""A campaign's fights in the window: end one, start the next, go back to an earlier one.

- Combat > End the combat…: asks first, then pushes ``EndCombat`` (Ctrl+Z takes it back);
- File > New combat… (Ctrl+Shift+N): a named, empty combat joins the open campaign and
  shows; the one before stays in the campaign with its whole log;
- File > Combats: the campaign's combats, the one on screen checked; choosing one shows it.

Showing another combat starts Undo afresh (as opening a file does); the combat's log is
kept, and the status bar says so. Either way the campaign differs from its file until
it is saved, and the crash journal follows the combat on screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDialog, QInputDialog, QMenu, QMessageBox

from battlewheel.engine.rulesets.rewrite.actions import EndCombat
from battlewheel.engine.core.session import CombatSession
from battlewheel.storage.campaign_files import StoredCampaigns

if TYPE_CHECKING:
    from battlewheel.views.main_window import MainWindow

STATUS_MS = 10_000
NEW_COMBAT_KEY = "Ctrl+Shift+N"
ENDED_NEXT = f"File > New combat ({NEW_COMBAT_KEY}) starts the next fight"
Button = QMessageBox.StandardButton


def end_combat(window: MainWindow) -> bool:
    """Ask, then end the combat on screen as one undo step; True once it has ended."""
    if window.combat.state.ended:
        window.statusBar().showMessage(f"This combat is already over. {ENDED_NEXT}.", STATUS_MS)
        return False
    box = QMessageBox(QMessageBox.Icon.Question, "End the combat",
                      "End this combat?", Button.Yes | Button.Cancel, window)
    box.setObjectName("endCombatBox")
    box.setInformativeText(
        "The wheel then stays as it is: no more ticks, attacks or damage in this "
        f"combat. Undo (Ctrl+Z) takes the ending back; {ENDED_NEXT}."
    )
    box.button(Button.Yes).setText("&End the combat")
    box.setDefaultButton(Button.Cancel)
    if box.exec() != Button.Yes or window.combat.push(EndCombat()) is not None:
        return False
    window.statusBar().showMessage(
        f"The combat is over. {ENDED_NEXT}; Ctrl+Z takes the ending back.", STATUS_MS
    )
    return True


def combat_label(name: str, ended: bool) -> str:
    """How the Combats menu and the title name a combat ("over" once it has ended)."""
    return f"{name} (over)" if ended else name


class CombatsMenu:
    """File > New combat and File > Combats over the open campaign's combats."""

    def __init__(self, window: MainWindow, files: StoredCampaigns) -> None:
        self.window = window
        self.files = files
        action = QAction("&New combat\u2026", window)
        action.setObjectName("new_combat")
        action.setShortcut(QKeySequence(NEW_COMBAT_KEY))
        action.setStatusTip("Start the next fight of this campaign (the others stay in it)")
        action.triggered.connect(self.ask_new_combat)
        window.addAction(action)
        window.actions_by_name["new_combat"] = action
        self.new_action = action
        self.menu = QMenu("Com&bats", window)
        self.menu.setObjectName("combatsMenu")
        self.menu.setToolTipsVisible(True)
        self.menu.aboutToShow.connect(self.fill)
        self.group = QActionGroup(self.menu)

    def install(self) -> None:
        """Put New combat and the Combats submenu into the File menu, before Save."""
        before = self.window.actions_by_name["save"]
        self.window.file_menu.insertSeparator(before)
        self.window.file_menu.insertAction(before, self.new_action)
        self.window.file_menu.insertMenu(before, self.menu)
        self.window.file_menu.insertSeparator(before)
        self.window.combat_name = self.shown_label

    def shown_label(self) -> str | None:
        """The combat on screen, for the title; None while the campaign has only one."""
        record = self.files.shown_combat()
        if record is None or len(self.files.campaign.combats) < 2:
            return None
        return combat_label(record.name, self.window.combat.state.ended)

    # -- the submenu ----------------------------------------------------------------
    def fill(self) -> None:
        """List the campaign's combats, oldest first, the one on screen checked."""
        self.menu.clear()
        self.group = QActionGroup(self.menu)
        shown = self.files.shown_combat()
        for record in self.files.campaign.combats:
            on_screen = shown is not None and record.id == shown.id
            session = self.window.combat.session if on_screen else record.session
            action = self.menu.addAction(combat_label(record.name, session.state.ended))
            action.setCheckable(True)
            action.setChecked(on_screen)
            action.setToolTip(f"{len(session.log)} step(s) in its log")
            self.group.addAction(action)
            action.triggered.connect(lambda _checked=False, cid=record.id: self.show(cid))

    def show(self, combat_id: str) -> None:
        """Show another combat of the campaign; its log is kept, Undo starts afresh."""
        shown = self.files.shown_combat()
        if shown is not None and shown.id == combat_id:
            return
        unsaved = self.window.has_unsaved_changes()
        session = self.files.show_combat(combat_id, self.window.combat.session)
        self._put_on_screen(session, unsaved=unsaved)
        name = self.files.campaign.combat(combat_id).name
        self.window.statusBar().showMessage(
            f"Showing {combat_label(name, session.state.ended)}: its log is kept; "
            "Undo starts afresh from here.", STATUS_MS
        )

    # -- a new combat ---------------------------------------------------------------
    def ask_new_combat(self) -> bool:
        """Ask the new combat's name, then add it and show it; False if cancelled."""
        dialog = QInputDialog(self.window)
        dialog.setObjectName("newCombatDialog")
        dialog.setWindowTitle("New combat")
        dialog.setLabelText(
            f"Name of the next fight in {self.files.campaign.name}.\n"
            "The combats so far stay in the campaign (File > Combats)."
        )
        dialog.setTextValue(self.files.next_combat_name())
        dialog.setOkButtonText("&Start")
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.new_combat(dialog.textValue())

    def new_combat(self, name: str) -> bool:
        """Add an empty combat called ``name`` and show it; a bad name is reported."""
        try:
            session = self.files.new_combat(name, self.window.combat.session)
        except ValueError as error:
            QMessageBox.warning(self.window, "Cannot start the combat", str(error))
            return False
        self._put_on_screen(session, unsaved=True)
        self.window.statusBar().showMessage(
            f"{name.strip()} started, empty: add fighters from the Roster dock, then set "
            "up the battle (Ctrl+B).", STATUS_MS
        )
        return True

    def _put_on_screen(self, session: CombatSession, *, unsaved: bool) -> None:
        self.window.show_session(session, self.files.path)
        # Showing a session clears Undo (and so its clean mark): changes not yet saved
        # must still be asked about on close.
        if unsaved:
            self.window.mark_campaign_changed()


def install_combats_menu(window: MainWindow) -> CombatsMenu | None:
    """Add New combat and the Combats submenu; None without campaign storage."""
    if not isinstance(window.files, StoredCampaigns):
        return None
    menu = CombatsMenu(window, window.files)
    menu.install()
    window.combats_menu = menu
    return menu
