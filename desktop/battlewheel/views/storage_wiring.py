"""Storage and printing in the main window: journal, restore offer, roster, print menu.

``app.py`` calls ``wire_storage(window)`` once the window exists and, when the window
is shown (not in a smoke test), ``offer_recovery(window)``. Everything goes through
the window's public parts (its combat model, ``files``, menus and docks), so the
window itself needs no storage code.

- every change of the combat is journaled (``StoredCampaigns.record_change``);
- a close with everything saved removes the journal; otherwise it stays, and the next
  start offers to restore the unsaved work;
- File gains Print health tracks (preview, Ctrl+P), Export health tracks to PDF and
  Blank player sheets; the roster dock joins the left dock area.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSpinBox,
    QWidget,
)

from battlewheel.printing.card import SheetCard, blank_player_card
from battlewheel.printing.dialog import HealthTrackPreview
from battlewheel.printing.output import export_pdf
from battlewheel.printing.sources import campaign_cards
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.views.roster_dock import install_roster_dock

if TYPE_CHECKING:
    from battlewheel.views.main_window import MainWindow

PDF_FILTER = "PDF files (*.pdf)"


def wire_storage(window: MainWindow) -> bool:
    """Connect journal, roster dock and print actions; False without campaign storage."""
    files = window.files
    if not isinstance(files, StoredCampaigns):
        return False
    window.combat.changed.connect(lambda: files.record_change(window.combat.session))
    _CloseWatcher(window, files)
    install_roster_dock(window)
    _add_print_actions(window, files)
    return True


def offer_recovery(window: MainWindow) -> bool:
    """Ask whether to restore what an interrupted run left; True if restored."""
    files = window.files
    if not isinstance(files, StoredCampaigns):
        return False
    offer = files.pending_recovery()
    if offer is None:
        return False
    answer = QMessageBox.question(
        window, "Restore unsaved work?", f"{offer.describe()}\n\nRestore it now?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.Yes,
    )
    if answer != QMessageBox.StandardButton.Yes:
        files.discard_recovery()
        return False
    try:
        session = files.restore()
    except (OSError, ValueError) as error:
        QMessageBox.warning(window, "Cannot restore", str(error))
        files.discard_recovery()
        return False
    window.combat.set_session(session)
    window.path = files.path
    window.statusBar().showMessage("Restored the unsaved work; save it to keep it.", 10_000)
    return True


class _CloseWatcher(QObject):
    """Ends the journal when the window closes with everything saved."""

    def __init__(self, window: MainWindow, files: StoredCampaigns) -> None:
        super().__init__(window)
        self.window, self.files = window, files
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """On Close: drop the journal only if the undo stack is at its saved point."""
        if event.type() == QEvent.Type.Close and self.window.combat.undo_stack.isClean():
            self.files.close()
        return False


def _add_print_actions(window: MainWindow, files: StoredCampaigns) -> None:
    menu = _file_menu(window)
    actions = [
        _action(window, "print_tracks", "&Print health tracks\u2026",
                QKeySequence(QKeySequence.StandardKey.Print),
                lambda: _preview(window, _campaign_cards(window, files))),
        _action(window, "export_tracks", "&Export health tracks to PDF\u2026", None,
                lambda: _export(window, _campaign_cards(window, files))),
        _action(window, "blank_sheets", "&Blank player sheets\u2026", None,
                lambda: _blank_sheets(window)),
    ]
    before = window.actions_by_name.get("quit")
    if menu is None or before is None:
        return
    for action in actions:
        menu.insertAction(before, action)
    menu.insertSeparator(before)


def _file_menu(window: MainWindow) -> QMenu | None:
    for action in window.menuBar().actions():
        if action.menu() is not None and action.text().replace("&", "") == "File":
            menu = action.menu()
            return menu if isinstance(menu, QMenu) else None
    return None


def _action(window: MainWindow, name: str, text: str, key: QKeySequence | None,
            slot: object) -> QAction:
    action = QAction(text, window)
    action.setObjectName(name)
    if key is not None:
        action.setShortcut(key)
    action.triggered.connect(slot)
    window.actions_by_name[name] = action
    return action


def _campaign_cards(window: MainWindow, files: StoredCampaigns) -> list[SheetCard]:
    """Every roster character and fighter, with the marks of the combat on screen."""
    return campaign_cards(files.campaign_with(window.combat.session))


def _preview(window: QWidget, cards: list[SheetCard]) -> None:
    if not cards:
        QMessageBox.information(window, "Nothing to print", "The campaign has no characters.")
        return
    HealthTrackPreview(window, cards).exec()


def _export(window: QWidget, cards: list[SheetCard]) -> None:
    if not cards:
        QMessageBox.information(window, "Nothing to print", "The campaign has no characters.")
        return
    name, _ = QFileDialog.getSaveFileName(window, "Export health tracks", "health-tracks.pdf",
                                          PDF_FILTER)
    if not name:
        return
    try:
        pages = export_pdf(cards, Path(name))
    except (OSError, ValueError) as error:
        QMessageBox.warning(window, "Cannot export", str(error))
        return
    message = f"Wrote {len(cards)} card(s) on {pages} page(s) to {Path(name).name}."
    if isinstance(window, QMainWindow):
        window.statusBar().showMessage(message, 10_000)


class BlankSheetDialog(QDialog):
    """Stamina, extra levels by penalty, and how many copies of the blank card."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Blank player sheets")
        form = QFormLayout(self)
        self.stamina = self._spin(form, "Stamina", 1, 10, 2)
        self.extra = {penalty: self._spin(form, f"Extra \u2212{penalty} levels", 0, 10, 0)
                      for penalty in (0, 1, 2, 4)}
        self.copies = self._spin(form, "Copies", 1, 40, 8)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _spin(self, form: QFormLayout, label: str, low: int, high: int, value: int) -> QSpinBox:
        spin = QSpinBox(self)
        spin.setRange(low, high)
        spin.setValue(value)
        form.addRow(label, spin)
        return spin

    def cards(self) -> list[SheetCard]:
        """The blank cards the choices describe."""
        extra = tuple(p for p, spin in self.extra.items() for _ in range(spin.value()))
        return [blank_player_card(self.stamina.value(), extra)] * self.copies.value()


def _blank_sheets(window: QWidget) -> None:
    dialog = BlankSheetDialog(window)
    if dialog.exec() == QDialog.DialogCode.Accepted:
        _preview(window, dialog.cards())
