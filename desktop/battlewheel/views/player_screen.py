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
    QResizeEvent,
    QScreen,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from battlewheel.engine.core import contract as c
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.player_board import Board, board
from battlewheel.views.sheets.health_track import HealthTrackWidget
from battlewheel.views.wheel.scene import WheelScene
from battlewheel.views.wheel.view import WheelView

# Pixel sizes read from about three metres on a living-room TV.
HEADING_PX, TURN_PX, NAME_PX, WORDS_PX, TRACK_PX = 64, 44, 34, 30, 26
SMALLEST_TRACK_PX = 10
WORD_COLOURS = {c.UNHURT: "#2e7d32", c.WOUNDED: "#c05600", c.BADLY_HURT: "#b3261e",
                c.DOWN: "#616161", c.ESCAPED: "#616161"}
WHEEL_TEXT_SCALE = 1.5
ONE_COLUMN_ENEMIES = 6  # more than this and the enemies' list takes two columns


def _font(pixels: int, *, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(pixels)
    font.setBold(bold)
    return font


def _label(text: str, pixels: int, parent: QWidget, *, bold: bool = False,
           colour: str = "") -> QLabel:
    label = QLabel(text, parent)
    label.setFont(_font(pixels, bold=bold))
    label.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    if colour:
        label.setStyleSheet(f"color: {colour};")
    return label


class FittingTrack(HealthTrackWidget):
    """A track in the largest type that fits the column: twelve Endurance boxes or 3e's
    labelled levels shrink rather than run past the screen's edge."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setFont(_font(TRACK_PX))
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def minimumSizeHint(self) -> QSize:
        return QSize(0, super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit(event.size().width())

    def fit(self, width: int) -> None:
        """The largest type, at most the screen's own, whose track fits ``width``."""
        pixels = TRACK_PX
        self.setFont(_font(pixels))
        while pixels > SMALLEST_TRACK_PX and self.sizeHint().width() > width:
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
        self.setStyleSheet("#playerScreen { background: #fbf7ee; }")
        self.combat = combat
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
        self.heading.setObjectName("playerHeading")
        self.turn = _label("", TURN_PX, self)
        self.turn.setObjectName("playerTurn")
        self.turn.setWordWrap(True)
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
        column = QVBoxLayout()
        column.addWidget(self.heading)
        column.addWidget(self.turn)
        column.addSpacing(24)
        column.addWidget(scroller, 1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(24, 24, 24, 24)
        layout.addWidget(self.wheel, 3)
        layout.addLayout(column, 2)
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
            self.fighters_layout.addSpacing(16)
            self.fighters_layout.addWidget(self._enemy_grid(shown))
        self._refuse_focus()

    def _player_row(self, name: str, vitality: c.Vitality) -> QWidget:
        row = QWidget(self.fighters)
        row.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout = QVBoxLayout(row)
        layout.setContentsMargins(0, 4, 0, 8)
        line = QHBoxLayout()
        line.addWidget(_label(name, NAME_PX, row, bold=True))
        line.addStretch(1)
        if vitality.figures:  # 3e's Initiative: what the players watch turn by turn
            figures = _label(vitality.figures, WORDS_PX, row, bold=True)
            figures.setObjectName("playerFigures")
            line.addWidget(figures)
            line.addSpacing(16)
        line.addWidget(_label(vitality.words, WORDS_PX, row,
                              colour=WORD_COLOURS.get(vitality.words, "")))
        layout.addLayout(line)
        if vitality.track is not None:
            layout.addWidget(self._track(vitality.track, row))
        for track in vitality.more:  # named, as the main track's row is by the name
            layout.addWidget(_label(track.title, TRACK_PX, row))
            layout.addWidget(self._track(track, row))
        return row

    @staticmethod
    def _track(track: c.BoxTrack, parent: QWidget) -> FittingTrack:
        boxes = FittingTrack(parent)
        boxes.set_track(track)
        return boxes

    def _enemy_grid(self, shown: Board) -> QWidget:
        # Names and words in pairs of columns; a crowd of enemies takes two pairs so the
        # list still fits a 1080-line screen below the player characters.
        grid_widget = QWidget(self.fighters)
        grid_widget.setObjectName("playerEnemies")
        grid = QGridLayout(grid_widget)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(24)
        pairs = 2 if len(shown.enemies) > ONE_COLUMN_ENEMIES else 1
        rows = -(-len(shown.enemies) // pairs)
        for index, row in enumerate(shown.enemies):
            line, column = index % rows, 2 * (index // rows)
            grid.addWidget(_label(row.name, NAME_PX, grid_widget, bold=True), line, column)
            grid.addWidget(_label(row.words, WORDS_PX, grid_widget,
                                  colour=WORD_COLOURS.get(row.words, "")), line, column + 1)
        grid.setColumnStretch(2 * pairs, 1)
        return grid_widget

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
