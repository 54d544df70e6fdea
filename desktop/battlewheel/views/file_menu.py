"""The File menu: Open, Open recent, Save, Save As and Quit, over a `CampaignFiles` slot.

The window knows nothing of file formats; storage fills the slot. Without it the
actions are off and Open says why. A file that cannot be read or written is reported
in a message box and the combat on screen stays as it was.

Unsaved work is never dropped silently: before another campaign opens, and before
the window closes, the GM is asked to Save, Discard or Cancel. The crash journal goes
only after a save or a deliberate Discard. Bundled files (the demo campaign) are
never written: saving them asks for a file in the user's campaigns folder.

The menu is handed its parent (the window, which it closes on Quit), the combat, the
campaign files, the ``CampaignScreen`` it saves and replaces, the window's named
actions to add its own to, and a way to say a line; never the window as a whole.
"""

import re
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from battlewheel import APP_NAME
from battlewheel.bundled import resource
from battlewheel.models.combat_model import CombatModel
from battlewheel.models.files import CampaignFiles
from battlewheel.views.menu_text import menu_text
from battlewheel.views.window_parts import CampaignScreen, Say

if TYPE_CHECKING:  # the dialogs' classes are set up when first used, not by start-up
    from PySide6.QtWidgets import QMessageBox


def is_bundled(path: Path) -> bool:
    """True for a file shipped inside the program (never to be overwritten)."""
    shipped = Path(str(resource())).resolve()
    return Path(path).resolve().is_relative_to(shipped)


def file_name_for(campaign_name: str) -> str:
    """A plain file name for a campaign: ``Marrow Ford.json`` for "Marrow Ford"."""
    stem = re.sub(r"[^\w\- ]+", " ", campaign_name).strip()
    return f"{re.sub(r' +', ' ', stem) or 'Campaign'}.json"


def ask_unsaved(parent: QWidget, name: str, doing: str) -> "QMessageBox.StandardButton":
    """Ask Save / Discard / Cancel about unsaved changes; Save is the default."""
    from PySide6.QtWidgets import QMessageBox

    Button = QMessageBox.StandardButton
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        APP_NAME,
        f"{name} has unsaved changes.",
        Button.Save | Button.Discard | Button.Cancel,
        parent,
    )
    box.setObjectName("unsavedChangesBox")
    box.setInformativeText(f"Save them before {doing}?")
    box.setDefaultButton(Button.Save)
    box.setEscapeButton(Button.Cancel)
    return Button(box.exec())


Keys = QKeySequence.StandardKey


class FileMenu:
    """Builds the File menu's actions into the window and carries them out."""

    def __init__(
        self, parent: QWidget, combat: CombatModel, files: CampaignFiles | None, *,
        screen: CampaignScreen, actions: dict[str, QAction], say: Say,
    ) -> None:
        self.parent, self.combat, self.files = parent, combat, files
        self.screen, self.actions, self._say = screen, actions, say
        for name, text, key, tip, slot in (
            ("open", "&Open…", Keys.Open, "Open a campaign file", self.open_campaign),
            ("save", "&Save", Keys.Save, "Write the campaign to its file", self.save),
            ("save_as", "Save &As…", Keys.SaveAs, "Write the campaign to a new file", self.save_as),
        ):
            action = QAction(text, parent)
            action.setObjectName(name)
            action.setShortcut(QKeySequence(key))
            action.setStatusTip(tip)
            action.setEnabled(files is not None)
            action.triggered.connect(slot)
            actions[name] = action
        quit_action = QAction("&Quit", parent)
        quit_action.setObjectName("quit")
        quit_action.setShortcut(QKeySequence(Keys.Quit))
        quit_action.setStatusTip("Close Battlewheel (it offers to save unsaved work)")
        quit_action.triggered.connect(parent.close)
        actions["quit"] = quit_action
        self.recent_menu = QMenu("Open &recent", parent)
        self.recent_menu.aboutToShow.connect(self.fill_recent)
        self.recent_menu.setEnabled(files is not None)

    def fill(self, menu: QMenu) -> None:
        """Put the actions into the window's File menu."""
        actions = self.actions
        menu.addAction(actions["open"])
        menu.addMenu(self.recent_menu)
        menu.addAction(actions["save"])
        menu.addAction(actions["save_as"])
        menu.addSeparator()
        menu.addAction(actions["quit"])

    # -- unsaved work -----------------------------------------------------------------
    def keep_or_drop_changes(self, doing: str) -> bool:
        """Ask about unsaved changes before ``doing``; False when the GM cancels."""
        if not self.screen.has_unsaved_changes():
            return True
        from PySide6.QtWidgets import QMessageBox

        answer = ask_unsaved(self.parent, self.screen.title_name(), doing)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def close_campaign(self, doing: str) -> bool:
        """Before the window closes: save or discard; the journal goes only then."""
        if not self.keep_or_drop_changes(doing):
            return False
        if self.files is not None:
            self.files.close()
        return True

    # -- opening ----------------------------------------------------------------------
    def open_campaign(self) -> None:
        """Ask for a campaign file and open it."""
        if self.files is None or not self.keep_or_drop_changes("opening another campaign"):
            return
        from PySide6.QtWidgets import QFileDialog

        name, _ = QFileDialog.getOpenFileName(
            self.parent, "Open campaign", str(self.open_folder()), self.files.file_filter
        )
        if name:
            self._open(Path(name))

    def open_folder(self) -> Path:
        """Where Open starts: beside the campaign on screen, else the campaigns folder.

        A GM keeps a table's campaigns together; the next one is usually a neighbour.
        """
        assert self.files is not None
        here = self.screen.path
        if here is not None and here.parent.is_dir():
            return here.parent
        return self.files.default_folder()

    def open_path(self, path: Path) -> None:
        """Open a campaign file; a bad file is reported and the current combat stays."""
        if self.files is None:
            self._say(f"Cannot open {path.name}: campaign files are not available yet.")
            return
        if self.keep_or_drop_changes("opening another campaign"):
            self._open(path)

    def _open(self, path: Path) -> None:
        from PySide6.QtWidgets import QMessageBox

        assert self.files is not None
        try:
            session = self.files.load(path)
        except (OSError, ValueError) as error:
            QMessageBox.warning(self.parent, "Cannot open campaign", f"{path}\n\n{error}")
            return
        self.screen.show_session(session, path)
        self.files.remember(path)

    def open_demo(self) -> None:
        """Open the bundled demo campaign (saving it later asks for a file of one's own)."""
        if self.files is not None and self.keep_or_drop_changes("opening the demo campaign"):
            self.screen.show_session(self.files.open_demo(), None)

    # -- saving -----------------------------------------------------------------------
    def save(self) -> bool:
        """Save to the campaign's file, or ask where (no file yet, or a bundled one)."""
        path = self.screen.path
        if path is None or is_bundled(path):
            return self.save_as()
        return self.save_to(path)

    def save_as(self) -> bool:
        """Ask where to save (in the campaigns folder by default) and save there."""
        if self.files is None:
            return False
        folder = self.files.default_folder()
        here, named = self.screen.path, self.screen.campaign_name
        if here is not None and not is_bundled(here):
            suggested = here
        else:
            name = named() if named else "Campaign"
            suggested = folder / file_name_for(name)
        from PySide6.QtWidgets import QFileDialog

        name, _ = QFileDialog.getSaveFileName(
            self.parent, "Save campaign", str(suggested), self.files.file_filter
        )
        return bool(name) and self.save_to(with_suffix(Path(name)))

    def save_to(self, path: Path) -> bool:
        """Save the campaign to ``path``; the title then names it and shows no changes."""
        from PySide6.QtWidgets import QMessageBox

        if self.files is None:
            return False
        if is_bundled(path):
            QMessageBox.warning(self.parent, "Cannot save campaign",
                                f"{path}\n\nis part of the program; choose another file.")
            return False
        try:
            self.files.save(self.combat.session, path)
        except (OSError, ValueError) as error:
            QMessageBox.warning(self.parent, "Cannot save campaign", f"{path}\n\n{error}")
            return False
        self.files.remember(path)
        self.combat.undo_stack.setClean()
        self.combat.campaign_stack.setClean()
        self.screen.show_file(path)
        self._say(f"Saved {path.name}.")
        return True

    def fill_recent(self) -> None:
        """List the recent files (newest first) when the submenu opens."""
        self.recent_menu.clear()
        paths = self.files.recent() if self.files else []
        for path in paths:
            action = self.recent_menu.addAction(menu_text(path.name))
            action.setToolTip(str(path))
            action.triggered.connect(lambda _checked=False, p=path: self.open_path(p))
        if not paths:
            self.recent_menu.addAction("(none yet)").setEnabled(False)


def with_suffix(path: Path) -> Path:
    """A campaign file named without an extension gets ".json", as the dialog's filter says."""
    return path if path.suffix else path.with_name(path.name + ".json")
