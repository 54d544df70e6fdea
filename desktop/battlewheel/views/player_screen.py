"""The player screen: a second window for a TV or a second monitor, read from across a room.

It shows what ``player_board`` lets the players see (the wheel, the tick or round, whose
turn it is, each player character's track, and the others' state in words) in large
type, and follows the GM's window live. It never takes the keyboard: the window does
not accept focus and none of its widgets does, so keys typed at the table always go to
the GM's window. It shows the fight as it stands now, even while the GM previews an
earlier moment in History.

The GM's side (View > Player screen, F11) is ``views.player_screen_menu``; this module
is imported when the players' window is first opened.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, QSize, Qt
from PySide6.QtGui import (
    QFont,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QScreen,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core import contract as c
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.player_board import Board, board
from battlewheel.views.sheets.health_track import HealthTrackWidget
from battlewheel.views.theme import Pair, Part, tint
from battlewheel.views.wheel.scene import WheelScene
from battlewheel.views.wheel.view import WheelView

# Pixel sizes read from about three metres on a living-room TV.
HEADING_PX, TURN_PX, NAME_PX, WORDS_PX, TRACK_PX = 64, 44, 34, 30, 26
SMALLEST_TRACK_PX = 10
MARGIN_PX, ROW_GAP_PX, LIST_GAP_PX = 24, 8, 16
# A small window (a projector's 911x512) scales all of it down, in these steps, until
# the whole fight fits; never below MIN_SCALE, where the words are still 16 pixels.
MIN_SCALE = 0.55
SCALES = tuple(round(1 - n * 0.05, 2) for n in range(round((1 - MIN_SCALE) / 0.05) + 1))
WHEEL_SHARE = 0.6  # of the width at most; never wider than the window is high
LEAST_WHEEL_SHARE = 0.45  # what it keeps when long names want the room
WHEEL_TEXT_SCALE = 1.5
ONE_COLUMN_ENEMIES = 6  # more than this and the enemies' list takes two columns
BASE_PX = "basePx"  # a label's size at full scale, kept on the label

# The screen's own paper and words, in both themes; the health words are read from the
# back of the room, but at the smallest scale they are ordinary 16 px text, so 4.5:1.
COLOURS = Part("player screen", {
    "paper": ("#fbf7ee", "#1c1a17"),
    "ink": ("#1f1b16", "#f1ece3"),
    c.UNHURT: ("#2e7d32", "#7bd389"),
    c.WOUNDED: ("#a14800", "#ffb366"),
    c.BADLY_HURT: ("#b3261e", "#ff8a80"),
    c.DOWN: ("#595959", "#bdbdbd"),
    c.ESCAPED: ("#595959", "#bdbdbd"),
}, (Pair("ink", "paper"), *(Pair(words, "paper") for words in
                             (c.UNHURT, c.WOUNDED, c.BADLY_HURT, c.DOWN, c.ESCAPED))))


def _font(pixels: int, *, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(pixels)
    font.setBold(bold)
    return font


def _label(text: str, pixels: int, parent: QWidget, *, bold: bool = False,
           words: str = "", scale: float = 1.0, label: QLabel | None = None) -> QLabel:
    """A label of ``pixels`` at full scale (kept, so a resize can scale it again);
    ``words`` a health word, written in its colour."""
    label = label or QLabel(text, parent)
    label.setProperty(BASE_PX, pixels)
    label.setFont(_font(round(pixels * scale), bold=bold))
    label.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    if words in COLOURS.light:
        tint(label, words, COLOURS)
    return label


class NameLabel(QLabel):
    """A name that gives way before the health words beside it: at the smallest type a
    long name is drawn ending in "…" (its tooltip has it whole; ``text()`` too) rather
    than push the words off the screen."""

    def minimumSizeHint(self) -> QSize:
        shortest = self.fontMetrics().horizontalAdvance("Mmm…")
        return QSize(shortest, super().minimumSizeHint().height())

    def shown_text(self) -> str:
        """The words as drawn at the label's width."""
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                             self.contentsRect().width())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.setToolTip("" if self.shown_text() == self.text() else self.text())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.style().drawItemText(painter, self.contentsRect(), int(self.alignment()),
                                  self.palette(), self.isEnabled(), self.shown_text(),
                                  QPalette.ColorRole.WindowText)
        painter.end()


class FittingTrack(HealthTrackWidget):
    """A track in the largest type that fits the column: twelve Endurance boxes or 3e's
    labelled levels shrink rather than run past the screen's edge."""

    def __init__(self, parent: QWidget | None = None, scale: float = 1.0) -> None:
        super().__init__(parent)
        self.largest = round(TRACK_PX * scale)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setFont(_font(self.largest))
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def minimumSizeHint(self) -> QSize:
        return QSize(0, super().minimumSizeHint().height())

    def sizeHint(self) -> QSize:
        # Any width will do (the type shrinks to it): the names decide the column's.
        return QSize(0, super().sizeHint().height())

    def full_width(self) -> int:
        """The track's width in its present type."""
        return super().sizeHint().width()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit(event.size().width())

    def set_scale(self, scale: float) -> None:
        """The screen's scale changed: the track's largest type with it."""
        self.largest = round(TRACK_PX * scale)
        self.fit(self.width())

    def fit(self, width: int) -> None:
        """The largest type, at most the screen's own, whose track fits ``width``."""
        pixels = self.largest
        self.setFont(_font(pixels))
        while pixels > SMALLEST_TRACK_PX and self.full_width() > width:
            pixels -= 1
            self.setFont(_font(pixels))


class PlayerScreen(QWidget):
    """The players' window: wheel on the left, the heading and the fighters on the right."""

    def __init__(self, combat: CombatModel, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window | Qt.WindowType.WindowDoesNotAcceptFocus)
        self.setObjectName("playerScreen")
        self.setWindowTitle("Battlewheel — players")
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        # Closing the GM's window ends the program even while this one is up.
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._paint_paper()
        self.combat = combat
        self.scale = 1.0  # of every type size and gap: a small window shrinks it
        # Enemies shown as "Enemy n", and every enemy seen so far (to hide newcomers).
        self.hidden: set[str] = set()
        self.hide_newcomers = True
        self._seen: set[str] = set()
        self.shown_board: Board | None = None
        self._normal: QRect | None = None  # the window's place before full screen
        self._build()
        combat.changed.connect(self.refresh)
        combat.sessionReplaced.connect(self._forget_enemies)

    def _build(self) -> None:
        self.scene = WheelScene(self)
        self.wheel = WheelView(self.scene, self)
        self.wheel.setObjectName("playerWheel")
        self.wheel.setInteractive(False)  # the players look; only the GM moves counters
        self.wheel.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.wheel.setFrameShape(QFrame.Shape.NoFrame)
        self.wheel.setStyleSheet("background: transparent;")
        self.scene.set_text_scale(WHEEL_TEXT_SCALE)  # tick labels and badges read from afar
        # ... but not the hub: "round 2 / tick 24" would overflow it, and the heading
        # beside the wheel already gives the tick in the largest type on the screen.
        self.scene.hub.set_text_scale(1.0)
        self.heading = _label("", HEADING_PX, self, bold=True)
        self.heading.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.heading.setObjectName("playerHeading")
        self.turn = _label("", TURN_PX, self)
        self.turn.setObjectName("playerTurn")
        self.turn.setWordWrap(True)
        self.turn.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.heading.setWordWrap(True)
        # The fighters scroll rather than push the window past a small monitor's size
        # (a TV has room for them all; a laptop trying the screen out may not).
        self.fighters = QWidget()
        self.fighters.setObjectName("playerFighters")
        self.fighters_layout = QVBoxLayout(self.fighters)
        self.fighters_layout.setContentsMargins(0, 0, 0, 0)
        self.fighters_layout.setAlignment(Qt.AlignmentFlag.AlignTop)
        scroller = QScrollArea(self)
        scroller.setWidget(self.fighters)
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        scroller.setStyleSheet("QScrollArea, #playerFighters { background: transparent; }")
        # Tracks shrink to the column's width: never a sideways scroll bar on a TV.
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroller = scroller
        column = self.column = QVBoxLayout()
        column.addWidget(self.heading)
        column.addWidget(self.turn)
        column.addSpacing(MARGIN_PX)
        column.addWidget(scroller, 1)
        layout = self.outer = QHBoxLayout(self)
        layout.setContentsMargins(MARGIN_PX, MARGIN_PX, MARGIN_PX, MARGIN_PX)
        layout.addWidget(self.wheel)
        layout.addLayout(column, 1)
        self._refuse_focus()

    def _refuse_focus(self) -> None:
        # Every widget inside (the view's viewport and scroll bars too): a click on the
        # TV must not pull the keyboard away from the GM's window.
        for widget in self.findChildren(QWidget):
            widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    # -- following the GM's window ----------------------------------------------------
    def refresh(self) -> None:
        """Read the fight as it stands now (never the GM's preview) and redraw."""
        if not self.isVisible():
            return  # shown again later, it reads the fight then
        session = self.combat.session
        shown = board(session.ruleset, session.state, self.hidden)
        newcomers = {row.id for row in shown.enemies} - self._seen
        self._seen |= newcomers
        if newcomers and self.hide_newcomers:
            self.hidden |= newcomers
            shown = board(session.ruleset, session.state, self.hidden)
        self._show(shown)

    @property
    def seen(self) -> frozenset[str]:
        """Every enemy this screen has shown (or been told about), named or not."""
        return frozenset(self._seen)

    def _forget_enemies(self) -> None:
        self.hidden.clear()
        self._seen.clear()

    def set_hidden(self, combatant_id: str, hidden: bool) -> None:
        """Hide an enemy's name (it shows as "Enemy n"), or reveal it."""
        if hidden:
            self.hidden.add(combatant_id)
        else:
            self.hidden.discard(combatant_id)
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:
        """Give the keyboard back to the GM's window if this one was made active anyway.

        A window manager may ignore the no-focus hint (and Qt's offscreen platform
        activates every window it shows): the GM's keys must still reach the GM's window.
        """
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._paint_paper()  # a theme switch
        owner = self.parentWidget()
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow() and owner:
            owner.activateWindow()

    def showEvent(self, event: QShowEvent) -> None:
        """Read the fight on showing: it was not followed while hidden."""
        super().showEvent(event)
        self.refresh()

    def _show(self, shown: Board) -> None:
        if shown == self.shown_board:
            return
        self.shown_board = shown
        self.scene.set_wheel(shown.wheel)
        self.heading.setText(shown.heading)
        self.turn.setText(f"Turn: {shown.turn}" if shown.turn else "")
        self.turn.setVisible(bool(shown.turn))  # an empty line would still take its height
        self._show_fighters(shown)

    def _show_fighters(self, shown: Board) -> None:
        # A handful of rows, rebuilt on each change: simpler than matching old to new.
        old = self.fighters_layout.takeAt(0)
        while old is not None:
            widget = old.widget()
            if widget is not None:
                widget.deleteLater()
            old = self.fighters_layout.takeAt(0)
        for row in shown.players:
            self.fighters_layout.addWidget(self._player_row(row.name, row.vitality))
        if shown.enemies:
            self.fighters_layout.addSpacing(round(LIST_GAP_PX * self.scale))
            self.fighters_layout.addWidget(self._enemy_grid(shown))
        self._refuse_focus()
        for index in range(self.fighters_layout.count()):
            item = self.fighters_layout.itemAt(index)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.show()  # now, not at Qt's next pass: the fit measures them at once
        self.fit_to_window()

    def _player_row(self, name: str, vitality: c.Vitality) -> QWidget:
        row = QWidget(self.fighters)
        row.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout = QVBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        line = QHBoxLayout()
        line.addWidget(self._name(name, row), 1)
        if vitality.figures:  # 3e's Initiative: what the players watch turn by turn
            figures = self._words(vitality.figures, row, bold=True)
            figures.setObjectName("playerFigures")
            line.addWidget(figures)
        line.addWidget(self._words(vitality.words, row))
        layout.addLayout(line)
        if vitality.track is not None:
            layout.addWidget(self._track(vitality.track, row))
        for track in vitality.more:  # named, as the main track's row is by the name
            layout.addWidget(_label(track.title, TRACK_PX, row, scale=self.scale))
            layout.addWidget(self._track(track, row))
        return row

    def _name(self, name: str, parent: QWidget) -> NameLabel:
        label = _label(name, NAME_PX, parent, bold=True, scale=self.scale,
                       label=NameLabel(name, parent))
        assert isinstance(label, NameLabel)
        return label

    def _words(self, words: str, parent: QWidget, *, bold: bool = False) -> QLabel:
        return _label(words, WORDS_PX, parent, bold=bold, words=words, scale=self.scale)

    def _track(self, track: c.BoxTrack, parent: QWidget) -> FittingTrack:
        boxes = FittingTrack(parent, self.scale)
        boxes.set_track(track)
        return boxes

    def _enemy_grid(self, shown: Board) -> QWidget:
        # Names and words in pairs of columns; a crowd of enemies takes two pairs so the
        # list still fits a 1080-line screen below the player characters.
        grid_widget = QWidget(self.fighters)
        grid_widget.setObjectName("playerEnemies")
        grid = QGridLayout(grid_widget)
        grid.setContentsMargins(0, 0, 0, 0)
        pairs = 2 if len(shown.enemies) > ONE_COLUMN_ENEMIES else 1
        rows = -(-len(shown.enemies) // pairs)
        for index, row in enumerate(shown.enemies):
            line, column = index % rows, 2 * (index // rows)
            grid.addWidget(self._name(row.name, grid_widget), line, column)
            grid.addWidget(self._words(row.words, grid_widget), line, column + 1)
        grid.setColumnStretch(2 * pairs, 1)
        return grid_widget

    # -- fitting the window ---------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_to_window()

    def fit_to_window(self) -> None:
        """The largest scale (of SCALES) at which the whole fight fits the window.

        The wheel takes a square as high as the window, at most WHEEL_SHARE of its
        width, giving way (down to LEAST_WHEEL_SHARE) to a column of long names; the
        column holds the heading, the turn and every fighter. A window too small even
        at MIN_SCALE shortens long names, then scrolls.
        """
        margins = self.outer.contentsMargins()
        inner = self.size().shrunkBy(margins)
        for scale in SCALES:
            wheel = self._fits_at(scale, inner)
            if wheel is not None:
                break
        else:
            wheel = max(0, min(inner.height(), round(inner.width() * WHEEL_SHARE)))
        self.wheel.setFixedWidth(wheel)

    def _fits_at(self, scale: float, inner: QSize) -> int | None:
        """The wheel's width if everything fits at ``scale``, else None."""
        self._set_scale(scale)
        spacing = self.outer.spacing()
        widest = min(inner.height(), round(inner.width() * WHEEL_SHARE))
        least = round(inner.width() * LEAST_WHEEL_SHARE)
        wheel = min(widest, inner.width() - spacing - self.fighters.sizeHint().width())
        if wheel < min(least, widest):
            return None
        width = inner.width() - wheel - spacing
        for track in self.fighters.findChildren(FittingTrack):
            track.fit(width)  # its type, and so its height, at the column's width
        self._measure_again()
        fighters = self.fighters_layout
        rows = (fighters.totalHeightForWidth(width) if fighters.hasHeightForWidth()
                else fighters.totalSizeHint().height())
        needed = (self._words_height(self.heading, width) + self._words_height(self.turn, width)
                  + round(MARGIN_PX * scale) + rows
                  + (3 if self.turn.text() else 2) * self.column.spacing())
        return wheel if needed <= inner.height() else None

    @staticmethod
    def _words_height(label: QLabel, width: int) -> int:
        return label.heightForWidth(width) if label.text() else 0

    def _set_scale(self, scale: float) -> None:
        """Every label, track and gap at ``scale`` of its full size."""
        if scale == self.scale and not self._unscaled():
            return
        self.scale = scale
        for label in self.findChildren(QLabel):
            pixels = label.property(BASE_PX)
            if pixels is not None:
                label.setFont(_font(round(int(pixels) * scale), bold=label.font().bold()))
        for track in self.findChildren(FittingTrack):
            track.set_scale(scale)
        margin = round(MARGIN_PX * scale)
        self.outer.setContentsMargins(margin, margin, margin, margin)
        self.fighters_layout.setSpacing(round(ROW_GAP_PX * scale))
        for grid in self.fighters.findChildren(QGridLayout):
            grid.setHorizontalSpacing(round(MARGIN_PX * scale))
        self._measure_again()

    def _measure_again(self) -> None:
        # A new font reaches a row's size only when Qt handles its layout request, one
        # level of nesting per pass of the event loop; the fit measures now, so each row
        # (innermost first) drops its remembered size at once.
        for widget in reversed(self.fighters.findChildren(QWidget)):
            widget.updateGeometry()
        for layout in reversed(self.fighters.findChildren(QLayout)):
            layout.invalidate()  # nested ones (a name's line) too
        self.fighters_layout.invalidate()

    def _unscaled(self) -> bool:
        # Rows built since the last scale was set already carry it; this asks only
        # whether any label disagrees (a cheap check before refitting everything).
        return any(label.font().pixelSize() != round(int(px) * self.scale)
                   for label in self.findChildren(QLabel)
                   if (px := label.property(BASE_PX)) is not None)

    def _paint_paper(self) -> None:
        paper = (f"#playerScreen {{ background: {COLOURS['paper']}; }}"
                 f"#playerScreen QLabel {{ color: {COLOURS['ink']}; }}")
        if self.styleSheet() != paper:
            self.setStyleSheet(paper)

    # -- where it shows -----------------------------------------------------------------
    def put_on(self, screen: QScreen) -> None:
        """Move the window to ``screen`` (keeping full screen if it was)."""
        full = self.isFullScreen()
        self.set_full_screen(False)
        self.setScreen(screen)
        self.setGeometry(screen.availableGeometry())
        self.set_full_screen(full)

    def set_full_screen(self, on: bool) -> None:
        """Fill the whole screen (or go back to the window it was).

        The window state is set rather than ``showFullScreen()`` called, which would
        also try to activate the window and take the keyboard from the GM's. The
        geometry is set as well, for a display with no window manager to honour the
        state (a bare X server driving a TV).
        """
        state, full = self.windowState(), Qt.WindowState.WindowFullScreen
        if on and not state & full:
            self._normal = self.geometry()
            self.setGeometry(self.screen().geometry())
            self.setWindowState(state | full)
        elif not on and state & full:
            self.setWindowState(state & ~full)
            if self._normal is not None:
                self.setGeometry(self._normal)
