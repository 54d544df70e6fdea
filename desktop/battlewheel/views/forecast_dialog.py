"""Combat > Forecast: the fight on screen played out many times, and what came of it.

Each side's chance to win with its 95% interval, the spread of the fight's length as a
bar chart (in the odds dock's style), each fighter's chance to be taken out and mean
end state, the commonest endings; the table copies to the clipboard and saves as CSV.
"Compare systems" plays the same match-up, rebuilt from the roster, in every system its
fighters have blocks for. The playouts run in worker processes; a timer polls them, so
the window answers throughout and Cancel stops them at once. Once they are in, a thread
sums them up and the result is drawn a piece an event (odds, chart, table), so no event
of the window's holds it for long. The combat, its log and its
undo history are only read (the state is copied when a run starts).
"""

from __future__ import annotations

import csv
import io
import threading
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
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core import forecast as fc
from battlewheel.models.forecast_compare import Matchup, matchups
from battlewheel.models.forecast_runner import ForecastJob, ForecastRequest, shutdown
from battlewheel.views.theme import readable_fill

if TYPE_CHECKING:
    from battlewheel.models.combat_model import CombatModel
    from battlewheel.models.files import CampaignFiles

POLL_MS = 50
PIECE_MS = 5  # while the result is summed up and drawn
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
        self.compared: list[tuple[Matchup, fc.Forecast | None]] = []
        self._summing: threading.Thread | None = None
        self._summed: dict[str, fc.Forecast] = {}
        self._pieces: list[Callable[[], None]] = []
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self._poll)
        self.finished.connect(self.cancel)
        app = QCoreApplication.instance()
        if app is not None and not app.property(QUIT_HOOK):
            app.setProperty(QUIT_HOOK, True)
            app.aboutToQuit.connect(shutdown)  # closing the program stops the workers
        self._build()
        self.resize(self.fontMetrics().averageCharWidth() * 110,
                    self.fontMetrics().height() * 40)

    # -- building -------------------------------------------------------------------------

    def _build(self) -> None:
        self.runs = QSpinBox(self)
        self.runs.setRange(1, fc.MOST_RUNS)
        self.runs.setValue(fc.DEFAULT_RUNS)
        self.runs.setSingleStep(100)
        self.seed = QLineEdit("7", self)
        self.seed.setToolTip("The same seed gives the same forecast")
        self.tactics = {side: self._stance_box() for side in SIDE_WORDS}
        for field in (self.runs, self.seed, *self.tactics.values()):
            field.setMaximumWidth(self.fontMetrics().averageCharWidth() * 24)
        form = QFormLayout()
        form.addRow("&Playouts:", self.runs)
        form.addRow("&Seed:", self.seed)
        form.addRow("&Allies play:", self.tactics["ally"])
        form.addRow("&Enemies play:", self.tactics["enemy"])
        self.run_button = QPushButton("&Run", self)
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.run)
        self.compare_button = QPushButton("Compare &systems", self)
        self.compare_button.clicked.connect(self.compare)
        self.cancel_button = QPushButton("&Cancel", self)
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar(self)
        self.progress.setFormat("%v of %m playouts")
        self.status = QLabel("Press Run to play the fight out from where it stands.", self)
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tabs = QTabWidget(self)
        self.tabs.addTab(self._result_page(), "This fight")
        self.compare_table = QTableWidget(0, 6, self)
        self.compare_table.setHorizontalHeaderLabels(
            ["System", "Allies win", "95% interval", "Enemies win", "Mean length",
             "Commonest ending"])
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
        for button in (self.run_button, self.compare_button, self.cancel_button):
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
        self.plot = pg.PlotWidget(page)
        self.plot.setMenuEnabled(False)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.plot.setMinimumHeight(self.fontMetrics().height() * 8)
        for name in ("bottom", "left"):
            self.plot.getAxis(name).enableAutoSIPrefix(False)
        self.plot.getAxis("left").setLabel("playouts %")
        self._drawn: fc.Forecast | None = None
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
        return ForecastRequest(ruleset, state, self.runs.value(), seed, tactics)

    def run(self) -> None:
        """Play the fight on screen out from where it stands."""
        session = self.combat.session
        self._start([("", ForecastJob(self.request(session.ruleset.name,
                                                   session.state.clone())))])

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
        """The fight rebuilt in each system from the open campaign's roster."""
        campaign = getattr(self.files, "campaign", None)
        roster = campaign.characters if campaign is not None else ()
        rulings = campaign.rulings_by_name() if campaign is not None else {}
        session = self.combat.session
        return matchups(session.ruleset, session.state, roster, rulings)

    def _start(self, jobs: list[tuple[str, ForecastJob]]) -> None:
        self.cancel()
        self.jobs = jobs
        for _, job in jobs:
            job.start(background=True)
        self.progress.setRange(0, sum(job.total for _, job in jobs))
        self.progress.setValue(0)
        self.status.setText("Playing the fight out\u2026")
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
        done = sum(job.poll() for _, job in self.jobs)
        self.progress.setValue(done)
        if self.jobs and all(job.finished for _, job in self.jobs):
            self._sum_up()

    def _sum_up(self) -> None:
        """Sum the playouts up in a thread (a thousand take tens of milliseconds)."""
        jobs = self.jobs
        self.status.setText("Summing the playouts up\u2026")
        summed: dict[str, fc.Forecast] = {}
        self._summed = summed  # a cancelled run's thread fills only its own

        def sum_up() -> None:
            summed.update((name, job.result()) for name, job in jobs)

        self._summing = threading.Thread(target=sum_up, daemon=True)
        self._summing.start()
        self.timer.setInterval(PIECE_MS)

    def _draw_when_summed(self) -> None:
        assert self._summing is not None
        if self._summing.is_alive():
            return
        self._summing = None
        jobs, self.jobs = self.jobs, []
        if len(jobs) == 1 and jobs[0][0] == "":
            self._pieces = self._forecast_pieces(self._summed[""])
        else:
            self._pieces = [self._compare_piece]
        self._draw_next_piece()

    def _draw_next_piece(self) -> None:
        """One piece of the result a timer event; the run is over with the last."""
        self._pieces.pop(0)()
        if not self._pieces:
            self.timer.stop()
            self.timer.setInterval(POLL_MS)
            self._set_running(False)

    def cancel(self) -> None:
        """Stop the playouts under way (the workers drop them at their next step)."""
        if not self.timer.isActive():
            return
        self.timer.stop()
        self.timer.setInterval(POLL_MS)
        for _, job in self.jobs:
            job.cancel()
        self.jobs, self._summing, self._pieces = [], None, []
        self._set_running(False)
        self.status.setText("Cancelled.")

    def _set_running(self, running: bool) -> None:
        self.run_button.setEnabled(not running)
        self.compare_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self.copy_button.setEnabled(not running and self.forecast is not None)
        self.save_button.setEnabled(not running and self.forecast is not None)

    # -- showing --------------------------------------------------------------------------------

    def _compare_piece(self) -> None:
        self.compared = [(m, self._summed.get(m.ruleset)) for m, _ in self.compared]
        self._fill_compare()
        self.status.setText("Compared: the same fighters, each system from its start.")

    def show_forecast(self, result: fc.Forecast) -> None:
        """Draw one forecast at once: the odds, the length chart, the table."""
        for piece in self._forecast_pieces(result):
            piece()

    def _forecast_pieces(self, result: fc.Forecast) -> list[Callable[[], None]]:
        """Drawing ``result``, in pieces small enough for one event each."""

        def odds() -> None:
            self.odds_label.setText(odds_text(result))
            self.status.setText(f"{result.runs} playouts, seed {result.seed}.")

        def chart() -> None:
            self._draw_lengths(result)
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

    def changeEvent(self, event: QEvent) -> None:
        """A theme switch while the dialog is open: the chart takes the new colours."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "plot"):
            self._colour_plot()
            if self._drawn is not None:
                self._draw_lengths(self._drawn)

    def _draw_lengths(self, result: fc.Forecast) -> None:
        self._drawn = result
        self.plot.clear()
        if not result.lengths:
            return
        xs = [length for length, _ in result.lengths]
        heights = [100 * count / result.runs for _, count in result.lengths]
        width = max(1.0, (max(xs) - min(xs) + 1) / 60)
        self.plot.addItem(pg.BarGraphItem(x=xs, height=heights, width=0.8 * width,
                                          brush=self._bar_colour()))
        step = max(1, round((max(xs) - min(xs)) / 12))  # whole rounds (ticks), a dozen at most
        self.plot.getAxis("bottom").setTicks(
            [[(x, str(x)) for x in range(min(xs), max(xs) + 1, step)]])
        text = self.palette().color(QPalette.ColorRole.Text)
        self.plot.getAxis("bottom").setLabel(f"length of the fight ({result.clock_unit})",
                                             color=text.name())

    def _fill_compare(self) -> None:
        table = self.compare_table
        table.setRowCount(len(self.compared))
        for r, (matchup, result) in enumerate(self.compared):
            cells = [matchup.title, *compare_cells(matchup, result)]
            for c, text in enumerate(cells):
                table.setItem(r, c, _cell(text))
        _fit_columns(table)

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


def odds_text(result: fc.Forecast) -> str:
    """The odds in rich text: each side's chance and interval, stalemates, the length."""
    lines = []
    for odds in result.sides:
        lines.append(f"<b>{SIDE_WORDS[odds.side]} win {100 * odds.share:.1f}%</b> "
                     f"(95%: {100 * odds.low:.1f}\u2013{100 * odds.high:.1f}%)")
    if result.stalemates:
        lines.append(f"Stalemates: {100 * result.stalemates / result.runs:.1f}% "
                     "(still going at the limit)")
    lines.append(f"Length: mean {result.mean_length:.1f}, median {result.median_length:g} "
                 f"{result.clock_unit}")
    if result.endings:
        words, count = result.endings[0]
        lines.append(f"Most often: {words} ({100 * count / result.runs:.0f}%)")
    return "<br>".join(lines)


def compare_cells(matchup: Matchup, result: fc.Forecast | None) -> list[str]:
    """One system's row of the comparison."""
    if result is None:
        return ["", "", "", "", matchup.missing or "not run"]
    ally, enemy = result.side("ally"), result.side("enemy")
    ending = result.endings[0][0] if result.endings else ""
    return [f"{100 * ally.share:.1f}%", f"{100 * ally.low:.1f}\u2013{100 * ally.high:.1f}%",
            f"{100 * enemy.share:.1f}%", f"{result.mean_length:.1f} {result.clock_unit}",
            ending]


def open_forecast(
    parent: QWidget, combat: CombatModel, files: CampaignFiles | None
) -> ForecastDialog:
    """Combat > Forecast."""
    dialog = ForecastDialog(parent, combat, files)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
