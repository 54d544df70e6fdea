"""Combat > Forecast in the real window: it runs in workers, answers, cancels, changes nothing."""

from __future__ import annotations

import csv
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from battlewheel.engine.core import forecast as fc
from battlewheel.engine.rulesets.poolward import demo_fight as poolward_fight
from battlewheel.models.combat_model import CombatModel
from battlewheel.models.forecast_runner import ForecastJob, shutdown
from battlewheel.views import settings as prefs
from battlewheel.views.forecast_dialog import COMPARE_HEADERS, ForecastDialog
from battlewheel.views.main_window import MainWindow


@pytest.fixture(scope="module", autouse=True)
def _stop_workers() -> Iterator[None]:
    yield
    shutdown()


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    shown = MainWindow(CombatModel(poolward_fight()),
                       settings=prefs.open_settings(tmp_path / "s.ini"))
    qtbot.addWidget(shown)
    with qtbot.waitSignal(shown.firstPainted):
        shown.show()
    return shown


def _open(window: MainWindow) -> ForecastDialog:
    action = window.actions_by_name["forecast"]
    assert action in window.combat_menu.actions()
    action.trigger()
    found = window.findChildren(ForecastDialog)
    assert len(found) == 1
    return found[0]


def test_the_forecast_runs_answers_throughout_and_changes_nothing(
        qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    before = window.combat.session.to_json()
    undo_steps = window.combat.undo_stack.count()
    dialog = _open(window)
    dialog.runs.setValue(300)
    qtbot.waitExposed(dialog)
    qtbot.wait(300)  # the window's own first paints (sheets, the chart) are not the run's
    gaps: list[float] = []
    last = [time.monotonic()]

    def beat() -> None:
        now = time.monotonic()
        gaps.append(now - last[0])
        last[0] = now

    heart = QTimer()
    heart.setInterval(10)
    heart.timeout.connect(beat)
    heart.start()
    dialog.run_button.click()
    assert dialog.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: dialog.forecast is not None, timeout=120_000)
    heart.stop()
    # The window kept answering: its timer fired all through the run (the run's speed and
    # the longest event are measured by the benchmark, never asserted here).
    assert len(gaps) >= 3, "the window's event loop was held for the whole run"
    assert dialog.progress.value() == 300
    assert "Allies win" in dialog.odds_label.text()
    assert dialog.table.rowCount() == 4
    expected = ForecastJob(dialog.request("pool-and-ward", window.combat.state))
    expected.run_here()
    assert dialog.forecast == expected.result()  # same seed, same forecast
    assert window.combat.session.to_json() == before
    assert window.combat.undo_stack.count() == undo_steps
    saved = dialog.save_csv(tmp_path / "forecast.csv")
    assert saved is not None
    rows = list(csv.reader(saved.open(encoding="utf-8")))
    assert rows[0][0] == "Fighter" and len(rows) == 5
    dialog.copy_table()
    assert QGuiApplication.clipboard().text().splitlines()[1].startswith("Edward Sumner\t")
    dialog.close()


def test_cancel_stops_the_run_and_the_window_can_run_again(
        qtbot: QtBot, window: MainWindow) -> None:
    dialog = _open(window)
    dialog.runs.setValue(50_000)
    dialog.run_button.click()
    qtbot.waitUntil(lambda: dialog.progress.value() > 0, timeout=60_000)
    jobs = [job for _, job in dialog.jobs]
    dialog.cancel_button.click()
    assert dialog.status.text() == "Cancelled." and dialog.run_button.isEnabled()
    futures = [future for job in jobs for future in job._futures]
    # A chunk left to run would take about 20 s; the workers stop well within this wait.
    qtbot.waitUntil(lambda: all(f.done() for f in futures), timeout=5_000)
    assert dialog.forecast is None
    dialog.close()


def test_compare_systems_plays_the_fight_s_own_set_up_and_names_what_the_roster_lacks(
        qtbot: QtBot, window: MainWindow) -> None:
    dialog = _open(window)
    dialog.runs.setValue(60)
    dialog.compare_button.click()  # no campaign behind this window: no roster
    qtbot.waitUntil(lambda: not dialog.timer.isActive(), timeout=120_000)
    rows = {dialog.compare_table.item(r, 0).text():
            [dialog.compare_table.item(r, c).text()
             for c in range(dialog.compare_table.columnCount())]
            for r in range(dialog.compare_table.rowCount())}
    played = COMPARE_HEADERS.index("Played")
    own = rows["Pool & Ward"]
    assert "blocks: the fight's own" in own[played]
    assert "Cutthroat 1, Cutthroat 2, Archer, Edward Sumner" in own[played]
    assert own[COMPARE_HEADERS.index("Mean length")].endswith("rounds")
    lacking = rows["Exalted 3rd edition"]
    assert "no Exalted 3rd edition block for Edward Sumner" in " ".join(lacking)
    dialog.close()


def test_the_result_is_summed_off_the_window_and_drawn_a_piece_an_event(
        qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """A thousand playouts take tens of milliseconds to sum up and as long to draw: the
    sums are made in a thread, and the odds, the chart and the table each in their own
    event (the window's own heartbeat ticks between them)."""
    summed_in: list[str] = []
    summarise = fc.summarise

    def spy(*args: Any, **kwargs: Any) -> fc.Forecast:
        summed_in.append(threading.current_thread().name)
        return summarise(*args, **kwargs)

    monkeypatch.setattr(fc, "summarise", spy)
    dialog = _open(window)
    dialog.runs.setValue(100)
    beats = [0]
    heart = QTimer()
    heart.setInterval(0)
    heart.timeout.connect(lambda: beats.__setitem__(0, beats[0] + 1))
    drawn_at: list[int] = []
    pieces = dialog._forecast_pieces

    def counted(result: fc.Forecast) -> list[Callable[[], None]]:
        def at_beat(piece: Callable[[], None]) -> Callable[[], None]:
            return lambda: (drawn_at.append(beats[0]), piece())[1]
        return [at_beat(piece) for piece in pieces(result)]

    monkeypatch.setattr(dialog, "_forecast_pieces", counted)
    heart.start()
    dialog.run_button.click()
    qtbot.waitUntil(lambda: dialog.forecast is not None, timeout=120_000)
    heart.stop()
    assert summed_in and threading.main_thread().name not in summed_in
    assert len(drawn_at) == 3
    assert drawn_at[0] < drawn_at[1] < drawn_at[2], "two pieces were drawn in one event"
    assert dialog.table.rowCount() == 4 and dialog.run_button.isEnabled()
    dialog.close()
