"""Printing in the main window: File > Print player cards, Export to PDF, Blank sheets.

``app.py`` wires storage into the window (journal, restore offer, roster dock); it
calls ``add_print_actions(window)`` to add, before Quit in the File menu:

- Print player cards (Ctrl+P): pick the characters (every roster character and
  fighter, with the marks of the combat on screen, or blank) and the paper, then the
  system print dialog's preview; each card is its system's (rules pages, §6);
- Export player cards to PDF: the same choice, to a vector PDF;
- Blank 2e player sheets: empty tracks for a Stamina and extra levels, to hand out.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMainWindow, QWidget

from battlewheel.models.combat_model import CombatModel
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.views.window_parts import LendsParts

if TYPE_CHECKING:  # printing is imported on first use: the first paint does not need it
    from PySide6.QtWidgets import QFormLayout, QSpinBox

    from battlewheel.printing.card import SheetCard

PDF_FILTER = "PDF files (*.pdf)"


def add_print_actions(window: LendsParts) -> bool:
    """Add the print actions to the File menu; False without campaign storage."""
    parts = window.parts()
    files, frame, combat = parts.files, parts.frame, parts.combat
    if not isinstance(files, StoredCampaigns):
        return False
    made = [
        _action(frame, "print_tracks", "&Print player cards\u2026",
                QKeySequence(QKeySequence.StandardKey.Print),
                lambda: _choose_then(frame, combat, files, _preview),
                tip="Player cards of the roster and the fighters, in their systems, previewed"),
        _action(frame, "export_tracks", "&Export player cards to PDF\u2026", None,
                lambda: _choose_then(frame, combat, files,
                                     lambda w, c, p: _export(w, c, p, _folder(files)))),
        _action(frame, "blank_sheets", "&Blank 2e player sheets\u2026", None,
                lambda: _blank_sheets(frame)),
    ]
    parts.actions.update((action.objectName(), action) for action in made)
    before = parts.actions.get("quit")
    if before is None:
        return False
    for action in made:
        parts.file_menu.insertAction(before, action)
    parts.file_menu.insertSeparator(before)
    return True


def _action(parent: QWidget, name: str, text: str, key: QKeySequence | None,
            slot: object, *, tip: str = "") -> QAction:
    action = QAction(text, parent)
    action.setObjectName(name)
    action.setStatusTip(tip)
    if key is not None:
        action.setShortcut(key)
    action.triggered.connect(slot)
    return action


def _choose_then(window: QWidget, combat: CombatModel, files: StoredCampaigns,
                 then: Callable[[QWidget, list[SheetCard], str], None]) -> None:
    """Let the GM pick the cards, blank or not, and the paper; then print or export.

    The chooser opens as ``battlewheel print`` does: the shown combat's player
    characters ticked, with its marks; its other fighters and the roster's other blocks
    listed unticked, each line naming its system. A damaged stat block is left out and
    named; the others print."""
    from PySide6.QtWidgets import QMessageBox  # the dialogs' classes: set up on first use

    from battlewheel.printing.choose import CardChoiceDialog
    from battlewheel.printing.sources import print_choices

    found = print_choices(files.campaign_with(combat.session), combat.session)
    if not found.choices:
        QMessageBox.information(window, "Nothing to print", "The campaign has no characters.")
        return
    note = ("Left out, its stat block cannot be read (the campaign file keeps it as it "
            "is): " + "; ".join(found.damaged) + ".") if found.damaged else ""
    dialog = CardChoiceDialog([c.card for c in found.choices], window,
                              systems=[c.system for c in found.choices],
                              ticked=[c.ticked for c in found.choices], note=note)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return
    if not dialog.chosen():
        QMessageBox.information(window, "Nothing to print", "No character was ticked.")
        return
    then(window, dialog.chosen(), dialog.chosen_page())


def _preview(window: QWidget, cards: list[SheetCard], page: str) -> None:
    from battlewheel.printing.dialog import HealthTrackPreview

    HealthTrackPreview(window, cards, page=page).exec()


def _folder(files: StoredCampaigns) -> Path:
    """Where the PDF's save dialog starts: beside the campaign file, else the campaigns'."""
    return files.path.parent if files.path is not None else files.default_folder()


def _export(window: QWidget, cards: list[SheetCard], page: str, folder: Path) -> None:
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from battlewheel.printing.output import export_pdf

    name, _ = QFileDialog.getSaveFileName(window, "Export player cards",
                                          str(folder / "player-cards.pdf"), PDF_FILTER)
    if not name:
        return
    try:
        pages = export_pdf(cards, Path(name), page=page)
    except (OSError, ValueError) as error:
        QMessageBox.warning(window, "Cannot export", str(error))
        return
    message = f"Wrote {len(cards)} card(s) on {pages} page(s) to {Path(name).name}."
    if isinstance(window, QMainWindow):
        window.statusBar().showMessage(message, 10_000)


class BlankSheetDialog(QDialog):
    """Stamina, extra levels by penalty, and how many copies of the blank card."""

    def __init__(self, parent: QWidget | None = None) -> None:
        from PySide6.QtWidgets import QFormLayout

        from battlewheel.views.dialogs.buttons import ok_cancel

        super().__init__(parent)
        self.setWindowTitle("Blank player sheets")
        form = QFormLayout(self)
        self.stamina = self._spin(form, "Stamina", 1, 10, 2)
        self.extra = {penalty: self._spin(form, f"Extra \u2212{penalty} levels", 0, 10, 0)
                      for penalty in (0, 1, 2, 4)}
        self.copies = self._spin(form, "Copies", 1, 40, 8)
        buttons, _ok = ok_cancel(self)
        form.addRow(buttons)

    def _spin(self, form: QFormLayout, label: str, low: int, high: int, value: int) -> QSpinBox:
        from PySide6.QtWidgets import QSpinBox

        spin = QSpinBox(self)
        spin.setRange(low, high)
        spin.setValue(value)
        form.addRow(label, spin)
        return spin

    def cards(self) -> list[SheetCard]:
        """The blank cards the choices describe."""
        from battlewheel.printing.card import blank_player_card

        extra = tuple(p for p, spin in self.extra.items() for _ in range(spin.value()))
        return [blank_player_card(self.stamina.value(), extra)] * self.copies.value()


def _blank_sheets(window: QWidget) -> None:
    from battlewheel.printing.choose import default_page

    dialog = BlankSheetDialog(window)
    if dialog.exec() == QDialog.DialogCode.Accepted:
        _preview(window, dialog.cards(), default_page())
