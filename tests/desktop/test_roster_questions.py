"""The roster's two questions, answered through their real boxes: each button gives its answer.

A name the roster has asks replace / keep both / cancel (Return cancels); an edit of a
fighting character asks roster only / the fight too / cancel. Escape cancels both.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.views import roster_edits as edits


def _answer_with(box_name: str, press: str) -> list[str]:
    """Once the box called ``box_name`` is up, press its button labelled ``press`` (or a key:
    "Escape", "Return"); returns the box's texts, read while it was up."""
    seen: list[str] = []

    def attempt(tries: int = 300) -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.objectName() == box_name:
            seen.extend([box.text(), box.informativeText(),
                         *(b.text() for b in box.findChildren(QAbstractButton) if b.text())])
            if press in ("Escape", "Return"):
                QTest.keyClick(box, getattr(Qt.Key, f"Key_{press}"))
            else:
                next(b for b in box.buttons() if b.text() == press).click()
            return
        if tries:
            QTimer.singleShot(10, lambda: attempt(tries - 1))

    QTimer.singleShot(0, attempt)
    return seen


@pytest.mark.parametrize(("press", "answer"), [
    ("&Replace", edits.REPLACE), ("&Keep both", edits.KEEP_BOTH),
    ("Escape", edits.CANCEL), ("Return", edits.CANCEL),
])
def test_a_name_clash_answers_by_its_buttons(qtbot: QtBot, press: str, answer: str) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    seen = _answer_with("nameClashBox", press)
    assert edits.ask_clash(parent, "Ash Wolf") == answer
    assert "The roster already has a character called Ash Wolf." in seen


@pytest.mark.parametrize(("press", "answer"), [
    ("The &roster only", edits.ROSTER_ONLY), ("The &fight too, from now on", edits.FIGHT_TOO),
    ("Escape", edits.CANCEL),
])
def test_an_edit_of_a_fighter_asks_roster_or_fight(qtbot: QtBot, press: str, answer: str) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    seen = _answer_with("fightTooBox", press)
    assert edits.ask_fight_too(parent, "Ash Wolf", 2) == answer
    assert "Ash Wolf is fighting in this combat (2 of them)." in seen
