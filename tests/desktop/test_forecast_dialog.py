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
from battlewheel.models.forecast_runner import ForecastJob, ForecastRequest, Running, shutdown
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


# -- issue 37: the estimate while you wait ----------------------------------------------------


def test_the_running_estimate_is_shown_before_the_run_ends(qtbot: QtBot,
                                                           window: MainWindow) -> None:
    dialog = _open(window)
    dialog.runs.setValue(5000)
    dialog.precision.setValue(0.0)  # play every run: the run lasts
    dialog.run_button.click()
    qtbot.waitUntil(lambda: "So far:" in dialog.odds_label.text(), timeout=60_000)
    assert dialog.forecast is None and dialog.timer.isActive()
    assert dialog.plot.isVisible() and "playouts so far" in dialog.status.text()
    assert "Allies win" in dialog.odds_label.text() and "95%" in dialog.odds_label.text()
    dialog.cancel_button.click()
    assert dialog.status.text() == "Cancelled."
    dialog.close()


def test_the_run_stops_at_the_precision_and_more_precision_goes_on_as_one_longer_run(
        qtbot: QtBot, window: MainWindow) -> None:
    dialog = _open(window)
    dialog.runs.setValue(5000)
    dialog.precision.setValue(6.0)
    assert not dialog.more_button.isEnabled()  # nothing to go on from yet
    dialog.run_button.click()
    qtbot.waitUntil(lambda: not dialog.timer.isActive(), timeout=120_000)
    first = dialog.forecast
    assert first is not None and first.runs < 5000 and "stopped at" in dialog.status.text()
    assert dialog.more_button.isEnabled()
    dialog.more_button.click()
    qtbot.waitUntil(lambda: not dialog.timer.isActive() and dialog.forecast is not first,
                    timeout=120_000)
    longer = dialog.forecast
    assert longer is not None and longer.runs > first.runs
    assert dialog.precision.value() < 6.0
    once = ForecastJob(dialog.request("pool-and-ward", window.combat.state))
    once.run_here()  # the form now asks for the longer run: the same seed, the same answer
    assert once.result() == longer
    dialog.close()


def test_a_heavy_order_is_said_with_how_it_was_measured(qtbot: QtBot,
                                                        window: MainWindow) -> None:
    dialog = _open(window)  # the demo: the GM's order puts the three foes first
    dialog.runs.setValue(400)
    dialog.run_button.click()
    qtbot.waitUntil(lambda: not dialog.timer.isActive(), timeout=120_000)
    assert dialog.forecast is not None
    rolled = ForecastJob(ForecastRequest("pool-and-ward", _rolled_state(window), 400, 7,
                                         precision=0.02))
    rolled.run_here()
    gap = abs(rolled.result().side("ally").share - dialog.forecast.side("ally").share)
    assert gap >= 0.10  # this fight's order does weigh: the note must be there
    assert "Who acts first decides much of this fight" in dialog.order_note
    assert f"{100 * rolled.result().side('ally').share:.0f}% if rolled" in dialog.order_note
    assert "set_order" in dialog.order_note and "seed 7" in dialog.order_note
    assert dialog.order_note in dialog.odds_label.text()
    dialog.close()


def _rolled_state(window: MainWindow) -> Any:
    from battlewheel.models.forecast_compare import order_rolled

    found = order_rolled(window.combat.session)
    assert found is not None
    return found[0]


def test_a_small_difference_is_not_reported_as_the_order_weighing() -> None:
    from battlewheel.views.forecast_dialog import order_weight_text

    def sides(wins: int) -> tuple[fc.SideOdds, ...]:
        return (fc.SideOdds("ally", wins, wins / 100, *fc.wilson(wins, 100)),
                fc.SideOdds("enemy", 100 - wins, 1 - wins / 100, *fc.wilson(100 - wins, 100)))

    def forecast(wins: int) -> fc.Forecast:
        return fc.Forecast("pool-and-ward", 100, 7, (), sides(wins), 0, "rounds", (), (), ())

    def rolled(wins: int) -> Running:
        return Running(100, sides(wins), 0, ())

    assert order_weight_text(forecast(40), rolled(45), 7, "x") == ""
    assert "73% with the current order, 50% if rolled" in order_weight_text(
        forecast(73), rolled(50), 7, "x")


def test_double_knockouts_and_stalls_are_shown_apart_when_counted() -> None:
    """Nobody won: both sides down at once and stopped at the limit, each its own share."""
    from dataclasses import replace

    from battlewheel.views.forecast_dialog import nobody_lines

    plain = fc.Forecast("impulse", 200, 7, (), (), 10, "rounds", (), (), ())
    counted = replace(plain, double_knockouts=6, stalls=4)
    assert nobody_lines(counted) == [
        "Nobody won 5.0%: both sides down at once 3.0%, stopped at the limit 2.0%"]
    assert nobody_lines(replace(plain, stalemates=0)) == []
