"""The roster table's columns: which ones show (the GM's choice, remembered) and their widths.

The roster dock is narrow (a quarter of a laptop screen), so every column but Name is
exactly as wide as its contents and its short title, Name takes the rest and elides,
and the Health boxes shrink before Name would go below a few letters. Nothing is wider
than the viewport, so the table never scrolls sideways.
"""

import json
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QHeaderView, QMenu, QStyle, QTableView

from battlewheel.models.combatants_model import CombatantsModel
from battlewheel.views.health_delegate import MIN_SIDE, HealthDelegate, column_side, column_width

if TYPE_CHECKING:
    from battlewheel.engine.core.contract import BoxTrack

HEADER_KEY = "combatants/header"
# Bumped whenever the saved choice changes meaning, so an older one is ignored.
HEADER_VERSION = 1
NAME = 0  # the first column of every ruleset's table
_NAME_LETTERS = 14  # Name keeps room for this many average letters before Health shrinks


def default_hidden(model: CombatantsModel) -> frozenset[str]:
    """The columns the ruleset starts hidden."""
    return frozenset(column.name for column in model.columns if column.hidden)


def load_hidden(settings: QSettings | None, model: CombatantsModel) -> frozenset[str]:
    """The columns the GM hid, or the ruleset's defaults when nothing usable was saved."""
    raw = settings.value(HEADER_KEY) if settings is not None else None
    try:
        saved = json.loads(str(raw)) if raw is not None else None
    except ValueError:
        saved = None
    if not isinstance(saved, dict) or saved.get("version") != HEADER_VERSION:
        return default_hidden(model)
    hidden = saved.get("hidden")
    if not isinstance(hidden, list):
        return default_hidden(model)
    names = model.column_names()
    return frozenset(name for name in hidden if name in names and name != names[NAME])


def save_hidden(settings: QSettings, hidden: frozenset[str]) -> None:
    """Remember the hidden columns under their own key, with the column-set version."""
    state = {"version": HEADER_VERSION, "hidden": sorted(hidden)}
    settings.setValue(HEADER_KEY, json.dumps(state))
    settings.sync()


class ColumnChooser(QObject):
    """The header's right-click menu of checkable columns; the choice goes to the settings."""

    # A column was shown or hidden: the others need refitting.
    columnsChanged = Signal()

    def __init__(
        self, table: QTableView, source: CombatantsModel, settings: QSettings | None
    ) -> None:
        super().__init__(table)
        self.table = table
        self.source = source
        self.settings = settings
        self.menu: QMenu | None = None
        header = table.horizontalHeader()
        self.apply_saved()
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._popup)

    def apply_saved(self) -> None:
        """Hide the columns the GM hid (after the table's columns changed, too)."""
        header = self.table.horizontalHeader()
        hidden = load_hidden(self.settings, self.source)
        for index, name in enumerate(self.source.column_names()):
            header.setSectionHidden(index, name in hidden)

    def hidden(self) -> frozenset[str]:
        """The names of the hidden columns."""
        header = self.table.horizontalHeader()
        names = self.source.column_names()
        return frozenset(n for i, n in enumerate(names) if header.isSectionHidden(i))

    def set_visible(self, name: str, visible: bool) -> None:
        """Show or hide one column (never Name) and remember the choice."""
        index = self.source.column(name)
        if index <= NAME:
            return
        self.table.horizontalHeader().setSectionHidden(index, not visible)
        if self.settings is not None:
            save_hidden(self.settings, self.hidden())
        self.columnsChanged.emit()

    def build_menu(self) -> QMenu:
        """A menu with one checkable entry per column; Name is checked and disabled."""
        menu = QMenu(self.table)
        menu.setObjectName("combatantsColumnsMenu")
        hidden = self.hidden()
        for index, name in enumerate(self.source.column_names()):
            action = QAction(name, menu)
            action.setCheckable(True)
            action.setChecked(name not in hidden)
            action.setEnabled(index != NAME)
            action.toggled.connect(lambda on, name=name: self.set_visible(name, on))
            menu.addAction(action)
        return menu

    def _popup(self, pos: QPoint) -> None:
        if self.menu is not None:
            self.menu.deleteLater()
        self.menu = self.build_menu()
        self.menu.popup(self.table.horizontalHeader().mapToGlobal(pos))


class ColumnFitter(QObject):
    """Keeps every visible column inside the viewport: contents-wide, Name stretching."""

    def __init__(self, table: QTableView, source: CombatantsModel, health: HealthDelegate) -> None:
        super().__init__(table)
        self.table = table
        self.source = source
        self.health = health
        self._viewport = table.viewport()
        # What the last fit worked from: a change that leaves it alone needs no refit.
        self._fitted: tuple[object, ...] | None = None
        self.fits = 0  # how many times the columns were measured (tests count them)
        # A child timer dies with the table, so no refit can reach a deleted table.
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.fit)
        header = table.horizontalHeader()
        header.setMinimumSectionSize(16)
        self.set_modes()
        header.setStretchLastSection(False)
        header.sectionCountChanged.connect(self.schedule)
        header.sortIndicatorChanged.connect(self.schedule)
        table.viewport().installEventFilter(self)
        table.installEventFilter(self)
        model = table.model()
        for signal in (model.modelReset, model.dataChanged, model.layoutChanged):
            signal.connect(self.schedule)

    def set_modes(self) -> None:
        """Every column fixed, Name stretching (again after the columns changed)."""
        header = self.table.horizontalHeader()
        for column in range(self.source.columnCount()):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Refit when the viewport changes width or the text size changes."""
        kind = event.type()
        if (watched is self._viewport and kind == QEvent.Type.Resize) or (
            watched is self.table and kind == QEvent.Type.FontChange
        ):
            self.schedule()
        return super().eventFilter(watched, event)

    def schedule(self, *_args: object) -> None:
        """Refit once the current burst of changes is over."""
        if not self._timer.isActive():
            self._timer.start(0)

    def fit(self) -> None:
        """Size the rows to the font and every column but Name to its contents.

        Nothing is measured again while the texts, fonts, widths and shown columns are
        those of the last fit (most ticks change a few numbers, not their widths).
        """
        self._timer.stop()
        if self._inputs() == self._fitted:
            return
        self.fits += 1
        table, header = self.table, self.table.horizontalHeader()
        metrics = table.fontMetrics()
        # Set only on a change: either call relays out every row even when unchanged.
        rows = table.verticalHeader()
        if rows.defaultSectionSize() != metrics.height() + 8:
            rows.setDefaultSectionSize(metrics.height() + 8)
        icon = round(metrics.height() * 0.8)
        if table.iconSize() != QSize(icon, icon):
            table.setIconSize(QSize(icon, icon))
        widths = self._widths(table.viewport().width())
        track = self.source.track_column()
        if track in widths:
            self.health.side = column_side(self._shapes(), widths[track], metrics)
        for column, width in widths.items():
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)
        self._fitted = self._inputs()  # as fitted, the columns' own widths included

    def _inputs(self) -> tuple[object, ...]:
        table, header = self.table, self.table.horizontalHeader()
        count = self.source.columnCount()
        hidden = tuple(header.isSectionHidden(c) for c in range(count))
        # (widths follow each column's set of texts, not which row holds which)
        texts = tuple(tuple(sorted(set(self.source.column_texts(c)))) for c in range(count))
        shapes = tuple(tuple(track.labels) for track in self._shapes())
        sort = (header.isSortIndicatorShown(), header.sortIndicatorSection())
        titles = tuple(header.model().headerData(c, Qt.Orientation.Horizontal)
                       for c in range(count))
        sizes = tuple(header.sectionSize(c) for c in range(count))
        rows = (table.verticalHeader().defaultSectionSize(), table.iconSize())
        return (table.viewport().width(), table.font().key(), header.font().key(), hidden,
                texts, shapes, sort, titles, sizes, rows)

    def comfortable_width(self) -> int:
        """The table's width with room for Name's letters and Health's boxes at full size."""
        table = self.table
        columns = sum(self._widths(10**6).values())
        frame = 2 * table.frameWidth()
        return columns + self._name_room() + table.verticalScrollBar().sizeHint().width() + frame

    def _widths(self, viewport: int) -> dict[int, int]:
        # Every shown column but Name (which stretches) at its contents' width; Health
        # takes what Name's room leaves in ``viewport``.
        header = self.table.horizontalHeader()
        count = self.source.columnCount()
        shown = [c for c in range(count) if not header.isSectionHidden(c) and c != NAME]
        track = self.source.track_column()
        widths = {c: max(self._text_width(c), self.title_width(c)) for c in shown if c != track}
        if track in shown:
            room = viewport - sum(widths.values()) - self._name_room()
            widths[track] = self._fit_health(room)
        return widths

    def _name_room(self) -> int:
        metrics = self.table.fontMetrics()
        icon = round(metrics.height() * 0.8)
        return icon + metrics.averageCharWidth() * _NAME_LETTERS + 12

    def _text_width(self, column: int) -> int:
        """The widest text of a column plus the item view's text margins.

        Measured from the model's texts alone: the view's own sizeHintForColumn asks
        every row for a dozen roles through the proxy, too slow to run after every tick.
        """
        table = self.table
        metrics = table.fontMetrics()
        texts = set(self.source.column_texts(column))
        style = table.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1
        return max((metrics.horizontalAdvance(text) for text in texts), default=0) + 2 * margin + 2

    def _shapes(self) -> list["BoxTrack"]:
        # Widths depend on the levels alone: one track of each shape is enough.
        return list({tuple(track.labels): track for track in self.source.tracks()}.values())

    def _fit_health(self, room: int) -> int:
        """Health's width in ``room``: boxes at the font's size, smaller when room is short."""
        shapes = self._shapes()
        metrics = self.table.fontMetrics()
        title = self.title_width(self.source.track_column())
        largest = max(title, column_width(shapes, column_side(shapes, 10**6, metrics)))
        least = max(title, column_width(shapes, MIN_SIDE))
        return max(least, min(largest, room))

    def title_width(self, column: int) -> int:
        """What a column's title needs: its text, the header margins, the sort arrow."""
        header = self.table.horizontalHeader()
        style = header.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
        title = str(header.model().headerData(column, Qt.Orientation.Horizontal))
        width = header.fontMetrics().horizontalAdvance(title) + 2 * margin + 4
        if header.isSortIndicatorShown() and header.sortIndicatorSection() == column:
            width += style.pixelMetric(QStyle.PixelMetric.PM_HeaderMarkSize, None, header) + margin
        return width
