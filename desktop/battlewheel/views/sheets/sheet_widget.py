"""The character sheet: one combatant's traits, pools, defences, weapons and health.

``SheetWidget`` draws a ``SheetInfo`` and turns gestures into requests (signals);
``CharacterSheetDock`` connects it to the combat model, so a click on a health box or
a Willpower button becomes one engine action on the undo stack. The widget keeps its
health track and pool buttons across refreshes, so keyboard focus survives a click.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from battlewheel.views.sheets.health_track import HealthTrackWidget, condition_text
from battlewheel.views.sheets.sheet_info import PoolInfo, SheetInfo, Value, WeaponRow

_L = TypeVar("_L", bound=QLayout)
SIDE_WORDS = {"ally": "Ally", "enemy": "Enemy"}
WEAPON_COLUMNS = ("Weapon", "Pool", "Spd", "Acc", "Dmg", "Def", "Rate", "Tags")
WEAPON_TIPS = ("", "Attack dice now: Dexterity + Ability, wound penalty included",
               "Speed", "Accuracy (automatic successes)", "Damage", "Defence", "Rate", "Tags")


def _clear(layout: QLayout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.hide()  # gone from the next paint, not only after the deferred delete
            widget.deleteLater()


def _value_label(value: Value, parent: QWidget) -> QLabel:
    label = QLabel(value.text, parent)
    label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    if value.note:
        label.setToolTip(value.note)
    if value.overridden:
        font = label.font()
        font.setItalic(True)
        label.setFont(font)
    return label


class _PoolRow(QWidget):
    """Current / maximum of one pool, with spend and regain buttons."""

    changeRequested = Signal(str, int)

    def __init__(self, key: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key = key
        self.label = QLabel(self)
        self.value = QLabel(self)
        self.spend = QToolButton(self)
        self.spend.setText("\N{MINUS SIGN}")
        self.regain = QToolButton(self)
        self.regain.setText("+")
        self.spend.clicked.connect(lambda: self.changeRequested.emit(self.key, -1))
        self.regain.clicked.connect(lambda: self.changeRequested.emit(self.key, 1))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.label, self.value):
            layout.addWidget(widget)
        layout.addStretch(1)
        layout.addWidget(self.spend)
        layout.addWidget(self.regain)

    def show_pool(self, pool: PoolInfo) -> None:
        self.label.setText(pool.label)
        self.value.setText(pool.text)
        self.value.setToolTip(pool.note)
        self.spend.setToolTip(f"Spend 1 {pool.label} (undo with Ctrl+Z)")
        self.regain.setToolTip(f"Regain 1 {pool.label} (undo with Ctrl+Z)")
        self.spend.setEnabled(pool.current > 0)
        self.regain.setEnabled(pool.current < pool.maximum)


class SheetWidget(QWidget):
    """One character sheet; emits requests, never changes the combat itself."""

    healthCycleRequested = Signal(int)
    poolChangeRequested = Signal(str, int)
    overrideRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._info: SheetInfo | None = None
        self._pool_rows: dict[str, _PoolRow] = {}
        self._build()

    def _build(self) -> None:
        self.name_label = QLabel(self)
        self._style_name()
        self.kind_label = QLabel(self)
        self.status_label = QLabel(self)
        self.status_label.setWordWrap(True)
        self.health = HealthTrackWidget(self)
        self.health.cycleRequested.connect(self.healthCycleRequested)
        self.condition_label = QLabel(self)
        self.pools_box, self.pools_layout = self._section("Pools", QVBoxLayout)
        self.defence_box, self.defence_grid = self._section("Defences (current)", QGridLayout)
        self.override_button = QPushButton("GM &override…", self)
        self.override_button.setToolTip("Set a derived value by hand, with a reason (undo: Ctrl+Z)")
        self.override_button.clicked.connect(self.overrideRequested)
        self.traits_box, self.traits_grid = self._section("Traits", QGridLayout)
        self.weapons_box, self.weapons_grid = self._section("Weapons", QGridLayout)
        self.notes_label = QLabel(self)
        self.notes_label.setWordWrap(True)
        self._lay_out()

    def _style_name(self) -> None:
        # The name is a quarter larger than the sheet's font, whatever that is now.
        font = QFont(self.font())
        font.setBold(True)
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * 1.25)
        self.name_label.setFont(font)

    def changeEvent(self, event: QEvent) -> None:
        """Follow the application's larger-text mode."""
        if event.type() == QEvent.Type.FontChange:
            self._style_name()
        super().changeEvent(event)

    def _section(self, title: str, kind: type[_L]) -> tuple[QGroupBox, _L]:
        box = QGroupBox(title, self)
        layout = kind(box)
        if isinstance(layout, QGridLayout):
            # Room between a value and the next column's label, in the current font.
            layout.setHorizontalSpacing(self.fontMetrics().averageCharWidth() * 3 // 2)
        return box, layout

    def _lay_out(self) -> None:
        header = QHBoxLayout()
        header.addWidget(self.name_label, 1)
        header.addWidget(self.kind_label)
        health_box = QGroupBox("Health", self)
        health_layout = QVBoxLayout(health_box)
        health_layout.addWidget(self.health)
        health_layout.addWidget(self.condition_label)
        layout = QVBoxLayout(self)
        layout.addLayout(header)
        layout.addWidget(self.status_label)
        for widget in (health_box, self.pools_box, self.defence_box):
            layout.addWidget(widget)
        layout.addWidget(self.override_button, 0, Qt.AlignmentFlag.AlignRight)
        layout.addWidget(self.traits_box)
        layout.addWidget(self.weapons_box)
        layout.addWidget(self.notes_label)
        layout.addStretch(1)

    # -- showing ----------------------------------------------------------
    def info(self) -> SheetInfo | None:
        return self._info

    def show_info(self, info: SheetInfo) -> None:
        """Draw ``info``; sections that did not change are left alone."""
        old, self._info = self._info, info
        self.name_label.setText(info.name)
        self.kind_label.setText(f"{info.kind} · {SIDE_WORDS.get(info.side, info.side)}")
        self.status_label.setText(" · ".join(info.status))
        self.status_label.setVisible(bool(info.status))
        self.health.set_track(info.health)
        self.health.setAccessibleName(f"Health track of {info.name}")
        self.condition_label.setText(condition_text(info.health))
        self._show_pools(info.pools)
        if old is None or old.defences != info.defences:
            self._show_values(self.defence_grid, info.defences, columns=1)
        if old is None or _traits(old) != _traits(info):
            self._show_traits(info)
        if old is None or old.weapons != info.weapons or old.armour != info.armour:
            self._show_weapons(info.weapons, info.armour)
        self.notes_label.setText(info.notes)
        self.notes_label.setVisible(bool(info.notes))

    def _show_pools(self, pools: Sequence[PoolInfo]) -> None:
        wanted = [pool.key for pool in pools]
        if wanted != list(self._pool_rows):
            _clear(self.pools_layout)
            self._pool_rows = {}
            for key in wanted:
                row = _PoolRow(key, self.pools_box)
                row.changeRequested.connect(self.poolChangeRequested)
                self.pools_layout.addWidget(row)
                self._pool_rows[key] = row
        for pool in pools:
            self._pool_rows[pool.key].show_pool(pool)
        self.pools_box.setVisible(bool(pools))

    def _show_values(self, grid: QGridLayout, values: Sequence[Value], *, columns: int) -> None:
        _clear(grid)
        box = self.defence_box
        for index, value in enumerate(values):
            row, column = divmod(index, columns)
            grid.addWidget(QLabel(value.label, box), row, column * 2)
            grid.addWidget(_value_label(value, box), row, column * 2 + 1)

    def _show_traits(self, info: SheetInfo) -> None:
        grid = self.traits_grid
        _clear(grid)
        box = self.traits_box
        row = 0
        for column, (group, values) in enumerate(info.attributes):
            heading = QLabel(f"<b>{group}</b>", box)
            grid.addWidget(heading, row, column * 2, 1, 2)
            for offset, value in enumerate(values, start=1):
                grid.addWidget(QLabel(value.label, box), row + offset, column * 2)
                grid.addWidget(_value_label(value, box), row + offset, column * 2 + 1)
        row += 1 + max((len(values) for _, values in info.attributes), default=0)
        for title, values in (("Abilities", info.abilities), ("Virtues", info.virtues)):
            if values:
                row = self._trait_block(grid, row, title, values)
        if info.specialties:
            text = QLabel("<b>Specialties</b>: " + ", ".join(info.specialties), box)
            text.setWordWrap(True)
            grid.addWidget(text, row, 0, 1, 6)

    def _trait_block(self, grid: QGridLayout, row: int, title: str, values: Sequence[Value]) -> int:
        box = self.traits_box
        grid.addWidget(QLabel(f"<b>{title}</b>", box), row, 0, 1, 6)
        for index, value in enumerate(values):
            line, column = divmod(index, 3)
            grid.addWidget(QLabel(value.label, box), row + 1 + line, column * 2)
            grid.addWidget(_value_label(value, box), row + 1 + line, column * 2 + 1)
        return row + 2 + (len(values) - 1) // 3

    def _show_weapons(self, weapons: Sequence[WeaponRow], armour: str) -> None:
        grid = self.weapons_grid
        _clear(grid)
        box = self.weapons_box
        for column, (title, tip) in enumerate(zip(WEAPON_COLUMNS, WEAPON_TIPS, strict=True)):
            heading = QLabel(f"<b>{title}</b>", box)
            heading.setToolTip(tip)
            grid.addWidget(heading, 0, column)
        for row, weapon in enumerate(weapons, start=1):
            cells = (weapon.name, weapon.pool, weapon.speed, weapon.accuracy, weapon.damage,
                     weapon.defence, weapon.rate, weapon.tags)
            for column, cell in enumerate(cells):
                grid.addWidget(QLabel(str(cell), box), row, column)
        if armour:
            grid.addWidget(QLabel(f"Armour: {armour}", box), len(weapons) + 1, 0, 1, 8)


def _traits(info: SheetInfo) -> tuple[object, ...]:
    return (info.attributes, info.abilities, info.virtues, info.specialties)


class SheetScroll(QScrollArea):
    """A sheet in a scroll area: it scrolls down in a short dock, never sideways.

    Its minimum width is the sheet's, so the dock widens (the wheel gives way) rather
    than cut off the right-hand column when larger text makes the sheet wider.
    """

    def __init__(self, sheet: SheetWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidget(sheet)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        sheet.installEventFilter(self)

    def minimumSizeHint(self) -> QSize:
        """As wide as the sheet's content and the vertical scroll bar; short as it likes."""
        hint = super().minimumSizeHint()
        sheet = self.widget()
        if sheet is None:
            return hint
        width = sheet.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width()
        return QSize(max(hint.width(), width + 2 * self.frameWidth()), hint.height())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A new font or new rows change the sheet's width: tell the dock's layout."""
        if watched is self.widget() and event.type() in (
            QEvent.Type.LayoutRequest, QEvent.Type.FontChange
        ):
            self.updateGeometry()
        return super().eventFilter(watched, event)
