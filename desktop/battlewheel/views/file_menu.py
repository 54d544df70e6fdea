"""The File menu: Open, Open recent, Save, Save As and Quit, over a `CampaignFiles` slot.

The window knows nothing of file formats; storage fills the slot. Without it the
actions are off and Open says why. A file that cannot be read or written is reported
in a message box and the combat on screen stays as it was.
"""

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox

from battlewheel.models.files import CampaignFiles

if TYPE_CHECKING:
    from battlewheel.views.main_window import MainWindow

STATUS_MS = 10_000


class FileMenu:
    """Builds the File menu's actions into the window and carries them out."""

    def __init__(self, window: "MainWindow", files: CampaignFiles | None) -> None:
        self.window = window
        self.files = files
        for name, text, key, slot in (
            ("open", "&Open…", QKeySequence.StandardKey.Open, self.open_campaign),
            ("save", "&Save", QKeySequence.StandardKey.Save, self.save),
            ("save_as", "Save &As…", QKeySequence.StandardKey.SaveAs, self.save_as),
        ):
            action = QAction(text, window)
            action.setObjectName(name)
            action.setShortcut(QKeySequence(key))
            action.setEnabled(files is not None)
            action.triggered.connect(slot)
            window.actions_by_name[name] = action
        quit_action = QAction("&Quit", window)
        quit_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Quit))
        quit_action.triggered.connect(window.close)
        window.actions_by_name["quit"] = quit_action
        self.recent_menu = QMenu("Open &recent", window)
        self.recent_menu.aboutToShow.connect(self.fill_recent)
        self.recent_menu.setEnabled(files is not None)

    def fill(self, menu: QMenu) -> None:
        """Put the actions into the window's File menu."""
        actions = self.window.actions_by_name
        menu.addAction(actions["open"])
        menu.addMenu(self.recent_menu)
        menu.addAction(actions["save"])
        menu.addAction(actions["save_as"])
        menu.addSeparator()
        menu.addAction(actions["quit"])

    def _say(self, text: str) -> None:
        self.window.statusBar().showMessage(text, STATUS_MS)

    def open_campaign(self) -> None:
        """Ask for a campaign file and open it."""
        if self.files is None:
            return
        name, _ = QFileDialog.getOpenFileName(
            self.window, "Open campaign", str(self.files.default_folder()), self.files.file_filter
        )
        if name:
            self.open_path(Path(name))

    def open_path(self, path: Path) -> None:
        """Open a campaign file; a bad file is reported and the current combat stays."""
        if self.files is None:
            self._say(f"Cannot open {path.name}: campaign files are not available yet.")
            return
        try:
            session = self.files.load(path)
        except (OSError, ValueError) as error:
            QMessageBox.warning(self.window, "Cannot open campaign", f"{path}\n\n{error}")
            return
        self.window.show_session(session, path)
        self.files.remember(path)

    def save(self) -> None:
        """Save to the file the combat came from (or ask where)."""
        if self.window.path is None:
            self.save_as()
        else:
            self.save_to(self.window.path)

    def save_as(self) -> None:
        """Ask where to save and save there."""
        if self.files is None:
            return
        name, _ = QFileDialog.getSaveFileName(
            self.window, "Save campaign", str(self.files.default_folder()), self.files.file_filter
        )
        if name:
            self.save_to(Path(name))

    def save_to(self, path: Path) -> None:
        """Save the campaign to ``path``; the title then names it and shows no changes."""
        if self.files is None:
            return
        try:
            self.files.save(self.window.combat.session, path)
        except (OSError, ValueError) as error:
            QMessageBox.warning(self.window, "Cannot save campaign", f"{path}\n\n{error}")
            return
        self.files.remember(path)
        self.window.combat.undo_stack.setClean()
        self.window.show_file(path)
        self._say(f"Saved {path.name}.")

    def fill_recent(self) -> None:
        """List the recent files (newest first) when the submenu opens."""
        self.recent_menu.clear()
        paths = self.files.recent() if self.files else []
        for path in paths:
            action = self.recent_menu.addAction(path.name)
            action.setToolTip(str(path))
            action.triggered.connect(lambda _checked=False, p=path: self.open_path(p))
        if not paths:
            self.recent_menu.addAction("(none yet)").setEnabled(False)
