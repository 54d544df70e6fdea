"""Choose which cards to print, blank or with their marks, and on which paper."""

from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from battlewheel.printing.card import SheetCard
from battlewheel.printing.layout import PAGE_SIZES_MM


def default_page() -> str:
    """Letter where the locale measures in US units, A4 everywhere else."""
    return "Letter" if QLocale().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem \
        else "A4"


class CardChoiceDialog(QDialog):
    """A checklist of the cards, a Blank option and the paper size.

    ``systems`` names each card's system on its line; ``ticked`` says which start ticked
    (all, when not given); ``note`` is shown above the list (a stat block left out).
    """

    def __init__(self, cards: list[SheetCard], parent: QWidget | None = None, *,
                 systems: list[str] | None = None, ticked: list[bool] | None = None,
                 note: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("Player cards to print")
        self.all_cards = list(cards)
        self.note = QLabel(note, self)
        self.note.setWordWrap(True)
        self.note.setVisible(bool(note))
        self.list = QListWidget(self)
        for row, card in enumerate(self.all_cards):
            system = f"  \u00b7  {systems[row]}" if systems else ""
            item = QListWidgetItem(f"{card.name}{system}  \u00b7  {card.subtitle}")
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            on = ticked is None or ticked[row]
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            self.list.addItem(item)
        self.blank = QCheckBox("Blank boxes (no current marks)", self)
        self.page = QComboBox(self)
        self.page.addItems(sorted(PAGE_SIZES_MM))
        self.page.setCurrentText(default_page())
        self._lay_out()
        self._fit_list_width()

    def _lay_out(self) -> None:
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addWidget(self.list)
        row = QHBoxLayout()
        for text, state in (("All", Qt.CheckState.Checked), ("None", Qt.CheckState.Unchecked)):
            button = QPushButton(text, self)
            button.clicked.connect(lambda _=False, s=state: self.check_all(s))
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        form = QFormLayout()
        form.addRow(self.blank)
        form.addRow("Paper", self.page)
        layout.addLayout(form)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _fit_list_width(self) -> None:
        # Wide enough for the longest "name · kind, Essence, Stamina" line (a list
        # sized by Qt's default cut them off behind a sideways scroll bar), but never
        # wider than most of the screen.
        scroll = self.list.verticalScrollBar().sizeHint().width()
        wanted = self.list.sizeHintForColumn(0) + 2 * self.list.frameWidth() + scroll + 8
        screen = self.screen().availableGeometry().width() if self.screen() else wanted
        self.list.setMinimumWidth(min(wanted, round(screen * 0.8)))

    def check_all(self, state: Qt.CheckState) -> None:
        """Tick or untick every card."""
        for row in range(self.list.count()):
            self.list.item(row).setCheckState(state)

    def chosen(self) -> list[SheetCard]:
        """The ticked cards, blanked if asked."""
        cards = [card for row, card in enumerate(self.all_cards)
                 if self.list.item(row).checkState() == Qt.CheckState.Checked]
        return [card.blanked() for card in cards] if self.blank.isChecked() else cards

    def chosen_page(self) -> str:
        """The paper size: ``A4`` or ``Letter``."""
        return self.page.currentText()
