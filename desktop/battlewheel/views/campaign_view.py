"""File > Campaign…: the campaign's story, its fights in the order they were made.

One row per fight: its name, system, when its results were carried to the roster, how
it ended, who fell and what was carried. Opening a row (double-click, Return or Show)
shows that combat, as File > Combats does. The rows are storage's ``campaign_story``
(``storage/carry.py``).

Imported when first opened (never by start-up).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

COLUMNS = ("Fight", "System", "Carried on", "How it ended", "Who fell", "What carried")
UNKNOWN = "\u2014"


@dataclass(frozen=True)
class StoryRow:
    """One fight of the campaign, as the campaign view lists it."""

    combat_id: str
    name: str
    system: str
    played: str = UNKNOWN  # when carried ("not carried yet")
    ending: str = UNKNOWN
    fell: str = UNKNOWN
    carried: str = UNKNOWN


def story_rows(campaign: Any) -> list[StoryRow]:
    """The campaign's fights in order (the campaign with the combat on screen in it)."""
    from battlewheel.storage.carry import campaign_story

    return [_row(row) for row in campaign_story(campaign)]


def _row(row: Any) -> StoryRow:
    """A store's story row (any object with the fields, or a mapping) as a ``StoryRow``."""
    get: Callable[[str], Any] = (row.get if isinstance(row, dict)
                                 else lambda key: getattr(row, key, None))
    words = {"played": get("played"), "ending": get("ended"), "fell": get("fell"),
             "carried": get("carried")}
    return StoryRow(str(get("combat_id")), str(get("name")), str(get("system")),
                    **{k: _said(v) for k, v in words.items()})


def _said(value: object) -> str:
    if value is None or value == "" or value == ():
        return UNKNOWN
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


class CampaignView(QDialog):
    """The fights in order; Show (or a double-click) puts one on screen."""

    def __init__(self, title: str, rows: Sequence[StoryRow], shown_id: str | None,
                 show: Callable[[str], object], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("campaignView")
        self.setWindowTitle(f"Campaign \u2014 {title}")
        self.rows, self._show = list(rows), show
        layout = QVBoxLayout(self)
        words = QLabel("Its fights in the order they were made. Show one (or double-click "
                       "it) to put it on screen; its own Undo comes with it.", self)
        words.setWordWrap(True)
        layout.addWidget(words)
        self.table = QTableWidget(len(self.rows), len(COLUMNS), self)
        self.table.setObjectName("campaignFights")
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        for row, story in enumerate(self.rows):
            values = (story.name, story.system, story.played, story.ending, story.fell,
                      story.carried)
            for column, text in enumerate(values):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                if column == 0 and story.combat_id == shown_id:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                    item.setText(f"{text} (on screen)")
                self.table.setItem(row, column, item)
            if story.combat_id == shown_id:
                self.table.selectRow(row)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.doubleClicked.connect(lambda index: self.show_row(index.row()))
        layout.addWidget(self.table, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.show_button = buttons.addButton("&Show", QDialogButtonBox.ButtonRole.ActionRole)
        self.show_button.clicked.connect(lambda: self.show_row(self.table.currentRow()))
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        # Wide enough for what was carried beside the rest; within a 1366x768 screen.
        screen = self.screen().availableGeometry()
        self.resize(min(1300, screen.width() - 40),
                    min(screen.height() - 80, 180 + 30 * len(self.rows)))

    def show_row(self, row: int) -> bool:
        """Put the fight of ``row`` on screen and close; False for no row."""
        if not 0 <= row < len(self.rows):
            return False
        self._show(self.rows[row].combat_id)
        self.accept()
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Return shows the chosen fight (the dialog has no default button)."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.show_row(self.table.currentRow())
            return
        super().keyPressEvent(event)
