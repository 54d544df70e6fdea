"""Combat > Forecast: the fight on screen played out many times, and what came of it.

Each side's chance to win with its 95% interval, the spread of the fight's length as a
bar chart (in the odds dock's style), each fighter's chance to be taken out and mean
end state, the commonest endings; the table copies to the clipboard and saves as CSV.
"Compare systems" plays the same match-up in every system its fighters have blocks for
(the fight's own set-up in its own system), each row naming what it played.

The playouts run in worker processes, warmed when the window opens and kept. A timer
polls them: the estimate (odds, interval, the length chart) is drawn from the first
chunk in and at most every ``REDRAW_MS`` after, from counts kept as playouts arrive, so
no event holds the window for long; the run stops by itself once every side's interval
is within the precision asked, or at the most playouts asked, and "More precision" goes
on from there with the next playouts. Once they are in, a thread sums them up and the
result is drawn a piece an event (odds, chart, table). Where the order the GM set weighs
much, a second forecast with the order left to the dice says how much. The combat, its
log and its undo history are only read (the state is copied when a run starts).
"""

from __future__ import annotations

import csv
import io
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core import forecast as fc
from battlewheel.models.forecast_compare import Matchup, matchups, order_rolled, unit_words
from battlewheel.models.forecast_runner import (
    WINDOW_PRECISION,
    ForecastJob,
    ForecastRequest,
    Running,
    Tally,
    more_precision,
    shutdown,
    warm,
)
from battlewheel.views.theme import readable_fill

if TYPE_CHECKING:
    from battlewheel.models.combat_model import CombatModel
    from battlewheel.models.files import CampaignFiles

POLL_MS = 50
PIECE_MS = 5  # while the result is summed up and drawn
REDRAW_MS = 250  # the running estimate is drawn at most this often (a chart costs ~5 ms)
ORDER_WEIGHS = 0.10  # the order is said to weigh much from 10 points of difference
QUIT_HOOK = "battlewheelForecastQuitHook"
BAR_COLOUR = "#1f5fbf"  # made lighter where the dark theme's ground needs it
SIDE_WORDS = {"ally": "Allies", "enemy": "Enemies"}


class ForecastDialog(QDialog):
    """The forecast window of one combat."""

    def __init__(
        self, parent: QWidget, combat: CombatModel, files: CampaignFiles | None
    ) -> None:
        """The fight on screen is ``combat``'s; the roster to compare is ``files``' campaign."""
        super().__init__(parent)
        from battlewheel.views.dialogs.on_screen import keep_on_screen_while_open

        keep_on_screen_while_open(self)  # issue 35: a 1366x768 screen, buttons in sight
        self.combat = combat
        self.files = files
        self.setWindowTitle("Forecast")
        self.jobs: list[tuple[str, ForecastJob]] = []
        self.forecast: fc.Forecast | None = None
        self.last_job: ForecastJob | None = None  # the fight's own, for More precision
        self.order_note = ""  # how much the order weighs, once measured
        self.compared: list[tuple[Matchup, fc.Forecast | None]] = []
        self._summing: threading.Thread | None = None
        self._summed: dict[str, fc.Forecast] = {}
        self._pieces: list[Callable[[], None]] = []
        self._tally = Tally()
        self._drawn_at = 0.0
        self._rolled: tuple[ForecastJob, str] | None = None  # the order left to the dice
        self._order_found: list[tuple[Any, str] | None] = []
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self._poll)
        self.finished.connect(self.cancel)
        app = QCoreApplication.instance()
        if app is not None and not app.property(QUIT_HOOK):
            app.setProperty(QUIT_HOOK, True)
            app.aboutToQuit.connect(shutdown)  # closing the program stops the workers
        self._build()
        self.resize(self.fontMetrics().averageCharWidth() * 140,
                    self.fontMetrics().height() * 40)
        # The workers start now, in a thread, so Run finds them ready (and so does every
        # later Run: the pool is kept).
        warm(None, (combat.session.ruleset.name,))

    # -- building -------------------------------------------------------------------------

    def _build(self) -> None:
        self.runs = QSpinBox(self)
        self.runs.setRange(1, fc.MOST_RUNS)
        self.runs.setValue(fc.DEFAULT_RUNS)
        self.runs.setSingleStep(100)
        self.runs.setToolTip("The most playouts: the run stops sooner once precise enough")
        self.precision = QDoubleSpinBox(self)
        self.precision.setRange(0.0, 49.9)
        self.precision.setDecimals(1)
        self.precision.setSingleStep(0.5)
        self.precision.setPrefix("\u00b1")
        self.precision.setSuffix(" points")
        self.precision.setSpecialValueText("play every run")
        self.precision.setValue(100 * WINDOW_PRECISION)
        self.precision.setToolTip("Stop once every side's 95% interval is this narrow")
        self.seed = QLineEdit("7", self)
        self.seed.setToolTip("The same seed gives the same forecast")
        self.tactics = {side: self._stance_box() for side in SIDE_WORDS}
        for field in (self.runs, self.precision, self.seed, *self.tactics.values()):
            field.setMaximumWidth(self.fontMetrics().averageCharWidth() * 24)
        form = QFormLayout()
        form.addRow("&Playouts, at most:", self.runs)
        form.addRow("Stop at &precision:", self.precision)
        form.addRow("&Seed:", self.seed)
        form.addRow("&Allies play:", self.tactics["ally"])
        form.addRow("&Enemies play:", self.tactics["enemy"])
        self.run_button = QPushButton("&Run", self)
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.run)
        self.more_button = QPushButton("&More precision", self)
        self.more_button.setToolTip("Go on from where the run stopped, to half the interval")
        self.more_button.clicked.connect(self.more)
        self.compare_button = QPushButton("Compare &systems", self)
        self.compare_button.clicked.connect(self.compare)
        self.cancel_button = QPushButton("&Cancel", self)
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar(self)
        self.progress.setFormat("%v of at most %m playouts")
        self.status = QLabel("Press Run to play the fight out from where it stands.", self)
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tabs = QTabWidget(self)
        self.tabs.addTab(self._result_page(), "This fight")
        self.compare_table = QTableWidget(0, len(COMPARE_HEADERS), self)
        self.compare_table.setHorizontalHeaderLabels(list(COMPARE_HEADERS))
        self.compare_table.horizontalHeader().setStretchLastSection(True)
        self.compare_table.verticalHeader().hide()
        self.compare_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.tabs.addTab(self.compare_table, "Compare systems")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        self.copy_button = buttons.addButton("Cop&y table", QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy_table)
        self.save_button = buttons.addButton("Save &CSV\u2026",
                                             QDialogButtonBox.ButtonRole.ActionRole)
        self.save_button.clicked.connect(lambda: self.save_csv())
        row = QHBoxLayout()
        for button in (self.run_button, self.more_button, self.compare_button,
                       self.cancel_button):
            row.addWidget(button)
        row.addWidget(self.progress, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(row)
        layout.addWidget(self.status)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        self._set_running(False)

    def _stance_box(self) -> QComboBox:
        box = QComboBox(self)
        for stance in fc.STANCES:
            box.addItem(stance.capitalize(), stance)
        return box

    def _result_page(self) -> QWidget:
        page = QWidget(self)
        self.odds_label = QLabel(page)
        self.odds_label.setWordWrap(True)
        self.odds_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Its lines are the answer: the chart and the table give way to them on a small screen.
        self.odds_label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.plot = pg.PlotWidget(page)
        self.plot.setMenuEnabled(False)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.plot.setMinimumHeight(self.fontMetrics().height() * 6)
        for name in ("bottom", "left"):
            self.plot.getAxis(name).enableAutoSIPrefix(False)
        self.plot.getAxis("left").setLabel("playouts %")
        self.bars = pg.BarGraphItem(x=[0], height=[0], width=0.8, brush=self._bar_colour())
        self.plot.addItem(self.bars)  # one item, given new bars as playouts come
        self._drawn: tuple[tuple[tuple[int, int], ...], int, str] | None = None
        self._colour_plot()
        self.table = QTableWidget(0, 0, page)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        layout = QVBoxLayout(page)
        layout.addWidget(self.odds_label)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.table, 1)
        layout.addStretch()
        for widget in (self.plot, self.table):  # empty axes say nothing: shown with a result
            widget.hide()
        return page

    # -- running ----------------------------------------------------------------------------

    def request(self, ruleset: str, state: Any) -> ForecastRequest:
        """What the form asks for, on ``state``."""
        text = self.seed.text().strip() or "7"
        seed: int | str = int(text) if text.lstrip("-").isdigit() else text
        tactics = tuple((side, box.currentData()) for side, box in self.tactics.items()
                        if box.currentData() != fc.BALANCED)
        points = self.precision.value()
        return ForecastRequest(ruleset, state, self.runs.value(), seed, tactics,
                               points / 100 if points > 0 else None)

    def run(self) -> None:
        """Play the fight on screen out from where it stands."""
        session = self.combat.session
        self._start_own(ForecastJob(self.request(session.ruleset.name, session.state.clone())))

    def more(self) -> None:
        """Go on from where the last run stopped, with the next playouts, to half its
        interval (the same seed gives what one longer run gives)."""
        if self.last_job is None or self.timer.isActive():
            return
        runs, goal = more_precision(self.last_job)
        # The goal as the form can show it (a tenth of a point), so the form says what ran.
        self.runs.setValue(runs)
        self.precision.setValue(max(0.1, round(100 * goal, 1)))
        goal = self.precision.value() / 100
        self._start_own(self.last_job.continued(runs=runs, precision=goal))

    def _start_own(self, job: ForecastJob) -> None:
        self.order_note = ""
        self._start([("", job)])
        self.last_job = job
        self._tally = Tally()
        self._tally.add(job.playouts())
        self.tabs.setCurrentIndex(0)

    def compare(self) -> None:
        """The same match-up in every system the roster has blocks for, from its start."""
        found = self.matchups()
        playable = [m for m in found if m.state is not None]
        self.compared = [(m, None) for m in found]
        if not playable:
            self.status.setText("No system to compare: " + "; ".join(m.missing for m in found))
            return
        self._start([(m.ruleset, ForecastJob(self.request(m.ruleset, m.state)))
                     for m in playable])
        self.tabs.setCurrentWidget(self.compare_table)

    def matchups(self) -> list[Matchup]:
        """The fight in each system: its own set-up in its own, the roster's blocks else."""
        campaign = getattr(self.files, "campaign", None)
        roster = campaign.characters if campaign is not None else ()
        rulings = campaign.rulings_by_name() if campaign is not None else {}
        session = self.combat.session
        return matchups(session.ruleset, session.state, roster, rulings, session=session)

    def _start(self, jobs: list[tuple[str, ForecastJob]]) -> None:
        self.cancel()
        self.jobs = jobs
        for _, job in jobs:
            job.start(background=True)
        self.progress.setRange(0, sum(job.total for _, job in jobs))
        self.progress.setValue(sum(job.first for _, job in jobs))
        self.status.setText("Playing the fight out\u2026")
        self._drawn_at = 0.0
        self._set_running(True)
        self.timer.start()
        self._poll()

    def _poll(self) -> None:
        if self._summing is not None:
            self._draw_when_summed()
            return
        if self._pieces:
            self._draw_next_piece()
            return
        if self._rolled is not None:
            self._poll_rolled()
            return
        failed = next((job.error for _, job in self.jobs if job.error is not None), None)
        if failed is not None:
            self.cancel()
            self.status.setText(f"The forecast could not start its workers: {failed}")
            return
        done = sum(job.poll() for _, job in self.jobs)
        self.progress.setValue(done)
        own = self._own_job()
        if own is not None:
            self._tally.add(own.playouts()[self._tally.runs:])
        if self.jobs and all(job.finished for _, job in self.jobs):
            self._sum_up()
        elif own is not None and self._tally.runs and self._redraw_due():
            self._draw_running(self._tally.running(), own)

    def _own_job(self) -> ForecastJob | None:
        if len(self.jobs) == 1 and self.jobs[0][0] == "":
            return self.jobs[0][1]
        return None

    def _redraw_due(self) -> bool:
        """From the first chunk on, then at most every REDRAW_MS (a chart costs a few ms)."""
        now = time.monotonic()
        if self._drawn_at and now - self._drawn_at < REDRAW_MS / 1000:
            return False
        self._drawn_at = now
        return True

    def _draw_running(self, running: Running, job: ForecastJob) -> None:
        """The estimate so far: odds and intervals, the length chart, how far along."""
        self.odds_label.setText(running_text(running, job.request.precision))
        self._draw_lengths(running.lengths, running.runs, job.ruleset.forecast_unit)
        self.plot.show()
        goal = job.request.precision
        aim = f", stopping at \u00b1{100 * goal:.1f} points" if goal else ""
        self.status.setText(f"{running.runs} playouts so far (at most {job.total}{aim})\u2026")

    def _sum_up(self) -> None:
        """Sum the playouts up in a thread (a thousand take tens of milliseconds)."""
        jobs = self.jobs
        self.status.setText("Summing the playouts up\u2026")
        summed: dict[str, fc.Forecast] = {}
        self._summed = summed  # a cancelled run's thread fills only its own
        rolled: list[tuple[Any, str] | None] = []
        self._order_found = rolled
        # The set-up with its order rolled is worked out here too (replaying a 3e set-up
        # takes tens of ms), on a copy of the session's lists the GM's steps do not touch.
        scratch = self.combat.session.scratch() if self._own_job() is not None else None

        def sum_up() -> None:
            summed.update((name, job.result()) for name, job in jobs)
            if scratch is not None:
                rolled.append(order_rolled(scratch))

        self._summing = threading.Thread(target=sum_up, daemon=True)
        self._summing.start()
        self.timer.setInterval(PIECE_MS)

    def _draw_when_summed(self) -> None:
        assert self._summing is not None
        if self._summing.is_alive():
            return
        self._summing = None
        own = self._own_job()
        self.jobs = []
        if own is not None:
            self._pieces = self._forecast_pieces(self._summed[""])
            self._pieces.append(lambda: self._weigh_the_order(own))
        else:
            self._pieces = [self._compare_piece]
        self._draw_next_piece()

    def _draw_next_piece(self) -> None:
        """One piece of the result a timer event; the run is over with the last."""
        self._pieces.pop(0)()
        if not self._pieces and self._rolled is None:
            self._stop_polling()

    def _stop_polling(self) -> None:
        self.timer.stop()
        self.timer.setInterval(POLL_MS)
        self._set_running(False)

    # -- how much the order weighs ---------------------------------------------------------

    def _weigh_the_order(self, own: ForecastJob) -> None:
        """The same forecast with the order left to the dice, on the same workers, where
        the fight's set-up holds an order (a list, rolls, a ruling that lists it)."""
        found = self._order_found[0] if self._order_found else None
        if found is None:  # no order to weigh, or the fight has gone past its set-up
            return
        state, how = found
        request = own.request
        rolled = ForecastJob(ForecastRequest(request.ruleset, state, request.runs,
                                             request.seed, request.tactics, request.precision))
        rolled.start(background=True)
        self._rolled = (rolled, how)
        self.timer.setInterval(POLL_MS)
        self.cancel_button.setEnabled(True)
        self.status.setText(self.status.text() + " Weighing the order (the same fight with "
                            "the order rolled)\u2026")

    def _poll_rolled(self) -> None:
        assert self._rolled is not None
        job, how = self._rolled
        if not job.finished:
            return
        self._rolled = None
        self.status.setText(self.status.text().partition(" Weighing")[0])
        if self.forecast is not None:
            counted = Tally()  # the share alone: a whole summary here would hold the window
            counted.add(job.playouts())
            self.order_note = order_weight_text(self.forecast, counted.running(),
                                                job.request.seed, how)
            if self.order_note:
                self.odds_label.setText(odds_text(self.forecast) + "<br>" + self.order_note)
        self._stop_polling()

    def cancel(self) -> None:
        """Stop the playouts under way (the workers drop them at their next step)."""
        if not self.timer.isActive():
            return
        self.timer.stop()
        self.timer.setInterval(POLL_MS)
        for _, job in self.jobs:
            job.cancel()
        if self._rolled is not None:
            self._rolled[0].cancel()
        self.jobs, self._summing, self._pieces, self._rolled = [], None, [], None
        self._set_running(False)
        self.status.setText("Cancelled.")

    def _set_running(self, running: bool) -> None:
        self.run_button.setEnabled(not running)
        self.compare_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self.more_button.setEnabled(not running and self.last_job is not None
                                    and self.last_job.finished)
        self.copy_button.setEnabled(not running and self.forecast is not None)
        self.save_button.setEnabled(not running and self.forecast is not None)

    # -- showing --------------------------------------------------------------------------------

    def _compare_piece(self) -> None:
        self.compared = [(m, self._summed.get(m.ruleset)) for m, _ in self.compared]
        self._fill_compare()
        self.status.setText("Compared: the same fighters, each system from its start (its "
                            "own set-up in the fight's own system); see each row's Played.")

    def show_forecast(self, result: fc.Forecast) -> None:
        """Draw one forecast at once: the odds, the length chart, the table."""
        for piece in self._forecast_pieces(result):
            piece()

    def _forecast_pieces(self, result: fc.Forecast) -> list[Callable[[], None]]:
        """Drawing ``result``, in pieces small enough for one event each."""

        def odds() -> None:
            self.odds_label.setText(odds_text(result))
            job = self.last_job
            why = ""
            if job is not None and job.stopped_by == "precision" and job.request.precision:
                why = f", stopped at \u00b1{100 * job.request.precision:.1f} points"
            self.status.setText(f"{result.runs} playouts, seed {result.seed}{why}.")

        def chart() -> None:
            self._draw_lengths(result.lengths, result.runs, result.clock_unit)
            self.plot.show()

        def table() -> None:
            self._fill_table(result)
            self.table.show()
            self.forecast = result
            self._set_running(False)
            self.tabs.setCurrentIndex(0)

        return [odds, chart, table]

    def _fill_table(self, result: fc.Forecast) -> None:
        rows = result.table_rows()
        self.table.clear()
        self.table.setColumnCount(len(rows[0]))
        self.table.setRowCount(len(rows) - 1)
        self.table.setHorizontalHeaderLabels(rows[0])
        for r, row in enumerate(rows[1:]):
            for c, text in enumerate(row):
                self.table.setItem(r, c, _cell(text))
        _fit_columns(self.table)

    def _bar_colour(self) -> QColor:
        ground = self.palette().color(QPalette.ColorRole.Base).name()
        return QColor(readable_fill(BAR_COLOUR, ground))

    def _colour_plot(self) -> None:
        self.plot.setBackground(self.palette().color(QPalette.ColorRole.Base))
        text = self.palette().color(QPalette.ColorRole.Text)
        for name in ("bottom", "left"):
            axis = self.plot.getAxis(name)
            axis.setLabel(axis.labelText, color=text.name())
            axis.setTextPen(text)
            axis.setPen(text)
        self.bars.setOpts(brush=self._bar_colour())

    def changeEvent(self, event: QEvent) -> None:
        """A theme switch while the dialog is open: the chart takes the new colours."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "bars"):
            self._colour_plot()
            if self._drawn is not None:
                self._draw_lengths(*self._drawn)

    def _draw_lengths(self, lengths: tuple[tuple[int, int], ...], runs: int, unit: str) -> None:
        self._drawn = (lengths, runs, unit)
        if not lengths or not runs:
            self.bars.setOpts(x=[0], height=[0])
            return
        xs = [length for length, _ in lengths]
        heights = [100 * count / runs for _, count in lengths]
        width = max(1.0, (max(xs) - min(xs) + 1) / 60)
        self.bars.setOpts(x=xs, height=heights, width=0.8 * width)
        step = max(1, round((max(xs) - min(xs)) / 12))  # whole rounds (ticks), a dozen at most
        self.plot.getAxis("bottom").setTicks(
            [[(x, str(x)) for x in range(min(xs), max(xs) + 1, step)]])
        text = self.palette().color(QPalette.ColorRole.Text)
        self.plot.getAxis("bottom").setLabel(f"length of the fight ({unit})",
                                             color=text.name())

    def _fill_compare(self) -> None:
        table = self.compare_table
        table.setRowCount(len(self.compared))
        for r, (matchup, result) in enumerate(self.compared):
            cells = [matchup.title, *compare_cells(matchup, result)]
            for c, text in enumerate(cells):
                item = _cell(text)
                if COMPARE_HEADERS[c] == "Mean length" and matchup.unit:
                    item.setToolTip(f"{text}: {unit_words(matchup.unit)}")
                table.setItem(r, c, item)
        _fit_columns(table)
        played = COMPARE_HEADERS.index("Played")
        widest = self.fontMetrics().averageCharWidth() * 40  # the rest is in its tooltip
        table.setColumnWidth(played, min(table.columnWidth(played), widest))
        table.resizeRowsToContents()  # "Played" wraps in its column

    # -- copying and saving ------------------------------------------------------------------

    def csv_text(self) -> str:
        """The fighters' table as CSV text."""
        if self.forecast is None:
            return ""
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(self.forecast.table_rows())
        return out.getvalue()

    def copy_table(self) -> None:
        """Put the table on the clipboard (tab-separated, so a spreadsheet reads it)."""
        if self.forecast is None:
            return
        text = "\n".join("\t".join(row) for row in self.forecast.table_rows())
        QGuiApplication.clipboard().setText(text)
        self.status.setText("The table is on the clipboard.")

    def save_csv(self, path: Path | None = None) -> Path | None:
        """Save the table as CSV (asks where unless ``path`` is given)."""
        if self.forecast is None:
            return None
        if path is None:
            chosen, _ = QFileDialog.getSaveFileName(self, "Save the forecast", "forecast.csv",
                                                    "CSV files (*.csv)")
            if not chosen:
                return None
            path = Path(chosen)
        try:
            path.write_text(self.csv_text(), encoding="utf-8")
        except OSError as error:
            self.status.setText(f"Cannot save {path}: {error.strerror or error}")
            return None
        self.status.setText(f"Saved {path}.")
        return path


def _cell(text: str) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setToolTip(text)  # a long ending is elided in its column
    return item


def _fit_columns(table: QTableWidget) -> None:
    """Every column as wide as its contents but the last, which takes the width left."""
    table.resizeColumnsToContents()
    last = table.columnCount() - 1
    if last >= 0:
        table.horizontalHeader().setSectionResizeMode(last, QHeaderView.ResizeMode.Stretch)


def _side_lines(sides: tuple[fc.SideOdds, ...]) -> list[str]:
    return [f"<b>{SIDE_WORDS[odds.side]} win {100 * odds.share:.1f}%</b> "
            f"(95%: {100 * odds.low:.1f}\u2013{100 * odds.high:.1f}%)" for odds in sides]


def running_text(running: Running, precision: float | None) -> str:
    """The estimate so far in rich text: each side's chance and interval, how narrow."""
    lines = _side_lines(running.sides)
    goal = f" (stops at \u00b1{100 * precision:.1f})" if precision else ""
    lines.append(f"So far: {running.runs} playouts, interval \u00b1"
                 f"{100 * running.half_width:.1f} points{goal}")
    if running.nobody:
        lines.append(f"Nobody won: {100 * running.nobody / running.runs:.1f}% so far")
    return "<br>".join(lines)


def nobody_lines(result: fc.Forecast) -> list[str]:
    """Playouts nobody won: both sides down at once, and those stopped at the limit."""
    if not result.stalemates or not result.runs:
        return []
    share = 100 * result.stalemates / result.runs
    parts = []
    if result.double_knockouts:
        parts.append(f"both sides down at once {100 * result.double_knockouts / result.runs:.1f}%")
    if result.stalls:
        parts.append(f"stopped at the limit {100 * result.stalls / result.runs:.1f}%")
    return [f"Nobody won {share:.1f}%: " + ", ".join(parts)]


def odds_text(result: fc.Forecast) -> str:
    """The odds in rich text: each side's chance and interval, nobody's, the length."""
    lines = _side_lines(result.sides)
    lines.extend(nobody_lines(result))
    lines.append(f"Length: mean {result.mean_length:.1f}, median {result.median_length:g} "
                 f"{result.clock_unit}")
    if result.endings:
        words, count = result.endings[0]
        lines.append(f"Most often: {words} ({100 * count / result.runs:.0f}%)")
    return "<br>".join(lines)


COMPARE_HEADERS = ("System", "Allies win (95%)", "Enemies win", "Nobody", "Mean length",
                   "Played", "Commonest ending")
"""The comparison's columns; what a row played is wrapped in a column of its own width."""


def compare_cells(matchup: Matchup, result: fc.Forecast | None) -> list[str]:
    """One system's row of the comparison (the length in the system's own unit)."""
    if result is None:
        return ["", "", "", "", matchup.missing or "not run", ""]
    ally, enemy = result.side("ally"), result.side("enemy")
    ending = result.endings[0][0] if result.endings else ""
    nobody = "; ".join(line.removeprefix("Nobody won ") for line in nobody_lines(result))
    return [f"{100 * ally.share:.1f}% ({100 * ally.low:.1f}\u2013{100 * ally.high:.1f}%)",
            f"{100 * enemy.share:.1f}%", nobody or "0%",
            f"{result.mean_length:.1f} {result.clock_unit}", matchup.played, ending]


def order_weight_text(current: fc.Forecast, rolled: Running, seed: int | str, how: str) -> str:
    """Where the order weighs much (10 points or more either side), said with how it was
    measured; nothing otherwise."""
    now = current.side("ally").share
    then = next(odds.share for odds in rolled.sides if odds.side == "ally")
    if abs(now - then) < ORDER_WEIGHS:
        return ""
    return (f"<b>Who acts first decides much of this fight:</b> allies win {100 * now:.0f}% "
            f"with the current order, {100 * then:.0f}% if rolled (measured: the same set-up "
            f"{rolled.runs} times, seed {seed}, {how}).")


def open_forecast(
    parent: QWidget, combat: CombatModel, files: CampaignFiles | None
) -> ForecastDialog:
    """Combat > Forecast."""
    dialog = ForecastDialog(parent, combat, files)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
