"""The odds dock: before a roll, how the attack might go against the chosen DV.

Two pyqtgraph bar charts: the distribution of the attack's successes (bars that beat
the DV drawn as hits, the DV as a dashed line) and the spread of health levels the
damage would mark. The dock draws the contract's ``Odds`` it is handed, from any
ruleset's attack dialog; the numbers come from the ruleset's odds helpers, the dock
computes no rules itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pyqtgraph as pg
from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QDockWidget,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core.contract import Odds as AttackOdds
from battlewheel.views.theme import WINDOW, Pair, Part

# Bars on the chart's ground (the palette's Base): strokes, so 3:1 against it.
COLOURS = Part("odds", {
    "ground": (WINDOW.light["base"], WINDOW.dark["base"]),
    "hit": ("#2e7d32", "#66bb6a"),
    "miss": ("#8a8a8a", "#7a7670"),
    "damage": ("#b3261e", "#ff8a80"),
}, (Pair("hit", "ground", large=True), Pair("miss", "ground", large=True),
    Pair("damage", "ground", large=True)))


OddsProvider = Callable[[int], AttackOdds]
"""Builds the odds for a given DV (so the dock's DV box can ask again)."""


def expected(distribution: Sequence[float]) -> float:
    """The mean of a distribution over 0, 1, 2, ..."""
    return sum(value * chance for value, chance in enumerate(distribution))


class OddsPanel(QWidget):
    """The two charts, the chance to hit and a DV box for "what if" questions."""

    dvChanged = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._odds: AttackOdds | None = None
        self._provider: OddsProvider | None = None
        self.title_label = QLabel("No attack chosen", self)
        self.title_label.setWordWrap(True)
        self.hit_label = QLabel(self)
        self.hit_label.setObjectName("hitChance")
        self.hit_label.setWordWrap(True)
        bold = self.hit_label.font()
        bold.setBold(True)
        self.hit_label.setFont(bold)
        self.dv_box = QSpinBox(self)
        self.dv_box.setRange(0, 30)
        self.dv_box.setToolTip("The defender's DV for this attack; change it to compare.")
        self.dv_box.valueChanged.connect(self._dv_edited)
        self.success_plot = self._plot("Attack successes")
        self.level_plot = self._plot("Levels dealt by a hit (before ping and resilience)")
        self._lay_out()
        self.set_odds(None)

    def _lay_out(self) -> None:
        form = self.form = QFormLayout()
        form.addRow("Defender's &DV:", self.dv_box)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title_label)
        layout.addLayout(form)
        layout.addWidget(self.hit_label)
        layout.addWidget(self.success_plot, 1)
        layout.addWidget(self.level_plot, 1)

    def changeEvent(self, event: QEvent) -> None:
        """A theme switch: the charts take the new ground, ink and bar colours."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "level_plot"):
            for plot in (self.success_plot, self.level_plot):
                self._colour_plot(plot)
            self.set_odds(self._odds)

    def _plot(self, bottom: str) -> pg.PlotWidget:
        plot = pg.PlotWidget(self)
        plot.getAxis("bottom").setLabel(bottom)
        plot.getAxis("left").setLabel("chance %")
        self._colour_plot(plot)
        plot.setMenuEnabled(False)
        plot.setMouseEnabled(x=False, y=False)
        plot.hideButtons()
        plot.setMinimumHeight(self.fontMetrics().height() * 7)
        for name in ("bottom", "left"):
            plot.getAxis(name).enableAutoSIPrefix(False)
        return plot

    def _colour_plot(self, plot: pg.PlotWidget) -> None:
        plot.setBackground(self.palette().color(QPalette.ColorRole.Base))
        text = self.palette().color(QPalette.ColorRole.Text)
        for name in ("bottom", "left"):
            axis = plot.getAxis(name)
            axis.setLabel(axis.labelText, color=text.name())
            axis.setTextPen(text)
            axis.setPen(text)

    # -- input ------------------------------------------------------------
    def set_provider(self, provider: OddsProvider | None, dv: int = 0) -> None:
        """Show the odds ``provider`` gives for ``dv``; the DV box asks it again on change."""
        self._provider = provider
        if provider is None:
            self.set_odds(None)
            return
        self.set_odds(provider(dv))

    def set_odds(self, odds: AttackOdds | None) -> None:
        """Draw ``odds`` (None clears the dock)."""
        self._odds = odds
        self.dv_box.setEnabled(odds is not None and self._provider is not None)
        # Odds handed over whole (no provider to ask again) have no "what if" box.
        self.form.setRowVisible(self.dv_box, odds is None or self._provider is not None)
        if odds is not None and self.dv_box.value() != odds.dv:
            self.dv_box.blockSignals(True)
            self.dv_box.setValue(odds.dv)
            self.dv_box.blockSignals(False)
        self._redraw()

    def odds(self) -> AttackOdds | None:
        return self._odds

    def _dv_edited(self, dv: int) -> None:
        if self._provider is not None:
            self.set_odds(self._provider(dv))
        self.dvChanged.emit(dv)

    # -- drawing ----------------------------------------------------------
    def _redraw(self) -> None:
        self.success_plot.clear()
        self.level_plot.clear()
        odds = self._odds
        if odds is None:
            self.title_label.setText("No attack chosen: open an attack to see its odds.")
            self.hit_label.setText("")
            self.level_plot.setVisible(True)
            return
        self.title_label.setText(odds.title)
        # A roll with no damage (a clash, a stunt, a contest) shows no empty damage chart.
        self.level_plot.setVisible(bool(odds.levels))
        self._speak(odds)
        self.hit_label.setText(self.hit_text(odds))
        self._draw_successes(odds)
        self._draw_levels(odds)

    @staticmethod
    def hit_text(odds: AttackOdds) -> str:
        text = f"Chance to hit vs {odds.defence_label} {odds.dv}: {odds.hit_chance:.0%}"
        if odds.levels:
            text += f" · a hit deals {expected(odds.levels):.1f} {odds.damage_label} on average"
        return text

    def _speak(self, odds: AttackOdds) -> None:
        # Each system's own words: Impulse's Endurance, Pool & Ward's cover, 3e's Defence.
        label = self.form.labelForField(self.dv_box)
        if isinstance(label, QLabel):
            label.setText(odds.defence_words)
        self.dv_box.setToolTip(f"The {odds.defence_label} for this roll; change it to compare.")
        axis = self.level_plot.getAxis("bottom")
        axis.setLabel(odds.damage_axis, color=self.palette().color(QPalette.ColorRole.Text).name())

    def _draw_successes(self, odds: AttackOdds) -> None:
        shown = _shown(odds.successes)
        xs = list(range(len(shown)))
        hit, miss = COLOURS.qcolor("hit"), COLOURS.qcolor("miss")
        brushes = [pg.mkBrush(hit if x >= odds.least_hit else miss) for x in xs]
        heights = [100 * chance for chance in shown]
        bars = pg.BarGraphItem(x=xs, height=heights, width=0.8, brushes=brushes)
        self.success_plot.addItem(bars)
        _whole_number_ticks(self.success_plot, len(xs))
        line = pg.InfiniteLine(
            pos=odds.least_hit - 0.5,
            angle=90,
            pen=pg.mkPen(self.palette().color(QPalette.ColorRole.Text), style=Qt.PenStyle.DashLine),
        )
        self.success_plot.addItem(line)

    def _draw_levels(self, odds: AttackOdds) -> None:
        if not odds.levels:
            return
        shown = _shown(odds.levels)
        xs = list(range(len(shown)))
        heights = [100 * chance for chance in shown]
        text = self.palette().color(QPalette.ColorRole.Text)
        self.level_plot.getAxis("bottom").setLabel(odds.damage_axis, color=text.name())
        bars = pg.BarGraphItem(x=xs, height=heights, width=0.8, brush=COLOURS.qcolor("damage"))
        self.level_plot.addItem(bars)
        _whole_number_ticks(self.level_plot, len(xs))


def _shown(distribution: Sequence[float]) -> list[float]:
    """The bars worth drawing: a tail too unlikely to see (under 0.05%) is cut off."""
    bars = list(distribution)
    while len(bars) > 1 and bars[-1] < 0.0005:
        bars.pop()
    return bars


def _whole_number_ticks(plot: pg.PlotWidget, count: int) -> None:
    """Label every bar (thinned out on long pools) and never a fraction of a success."""
    step = 1 if count <= 12 else 2 if count <= 24 else 5
    ticks = [(x, str(x)) for x in range(0, count, step)]
    plot.getAxis("bottom").setTicks([ticks])


class OddsDock(QDockWidget):
    """The dock the main window shows; it holds one ``OddsPanel``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Odds", parent)
        self.setObjectName("oddsDock")
        self.panel = OddsPanel(self)
        self.setWidget(self.panel)
