"""The combat log's rows are as tall as their sentences, up to four lines."""

from PySide6.QtCore import QStringListModel, Qt
from pytestqt.qtbot import QtBot

from battlewheel.models.combat_model import CombatModel
from battlewheel.models.log_model import CombatLogModel
from battlewheel.views.docks import LogDock
from tests.desktop.started_combat import started_session

SHORT = "Next tick."
LONG = " ".join(["Bandit Chief's great sword strikes Red Lotus Dancer for three lethal"] * 3)
HUGE = " ".join(["Ashen Vessel's spear flurry continues against Tamsin of the Reeds"] * 20)


def _dock(qtbot: QtBot, sentences: list[str]) -> LogDock:
    dock = LogDock(CombatLogModel(CombatModel(started_session())))
    qtbot.addWidget(dock)
    dock.view.setModel(QStringListModel(sentences, dock))
    dock.resize(300, 600)
    dock.show()
    qtbot.waitExposed(dock)
    return dock


def _heights(dock: LogDock) -> list[int]:
    model = dock.view.model()
    return [dock.view.visualRect(model.index(row, 0)).height() for row in range(model.rowCount())]


def test_a_long_sentence_gets_a_taller_row_than_a_short_one(qtbot: QtBot) -> None:
    """A sentence wrapped over several lines is shown whole; a short one keeps one line."""
    dock = _dock(qtbot, [SHORT, LONG])
    line = dock.view.fontMetrics().lineSpacing()
    short, long = _heights(dock)
    assert short < 2 * line
    assert long >= 3 * line


def test_a_very_long_sentence_stops_at_four_lines_and_keeps_its_tooltip(
    qtbot: QtBot,
) -> None:
    """Twenty clauses: the row is four lines tall; the whole sentence is its tooltip."""
    dock = _dock(qtbot, [HUGE])
    line = dock.view.fontMetrics().lineSpacing()
    (height,) = _heights(dock)
    assert 4 * line <= height < 5 * line
    real = CombatLogModel(CombatModel(started_session()))
    last = real.index(real.rowCount() - 1, 0)
    assert real.data(last, Qt.ItemDataRole.ToolTipRole).endswith(real.data(last))
