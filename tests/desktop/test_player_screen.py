"""View > Player screen: a second window the players read from across the room."""

import dataclasses
import json
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QGridLayout, QLabel, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite.actions import AddCombatant, MoveCounter, NextTick
from battlewheel.models.combat_model import CombatModel
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.player_screen import PlayerScreen
from tests.conformance import SYSTEMS, piece
from tests.desktop.started_combat import started_session

EXAMPLES = Path(__file__).parents[2] / "resources" / "examples"


def _window(qtbot: QtBot, tmp_path: Path, session: CombatSession) -> MainWindow:
    window = MainWindow(CombatModel(session), settings=prefs.open_settings(tmp_path / "s.ini"))
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.firstPainted):
        window.show()
    return window


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """The GM's window on the started 2e fight (tick 1), the player screen open."""
    built = _window(qtbot, tmp_path, started_session())
    qtbot.waitUntil(lambda: QApplication.focusWidget() is built.wheel_view)
    built.actions_by_name["player_screen"].trigger()
    return built


def _screen(window: MainWindow) -> PlayerScreen:
    return window.player_screen.screen_window


def _texts(widget: QWidget) -> list[str]:
    return [label.text() for label in widget.findChildren(QLabel) if label.text()]


def test_view_player_screen_opens_a_window_that_never_takes_the_keyboard(
    window: MainWindow, qtbot: QtBot
) -> None:
    """A separate top-level window that refuses focus, as do all its widgets."""
    screen = _screen(window)
    assert screen.isVisible() and screen.isWindow()
    assert screen.windowFlags() & Qt.WindowType.WindowDoesNotAcceptFocus
    widgets = [screen, *screen.findChildren(QWidget)]
    assert all(w.focusPolicy() == Qt.FocusPolicy.NoFocus for w in widgets)
    qtbot.wait(50)  # let a window manager's activation, if any, arrive
    assert QApplication.focusWidget() is window.wheel_view


def test_the_player_screen_shows_the_tick_the_turn_and_the_players_tracks(
    window: MainWindow,
) -> None:
    """Tick 1, Red Lotus Dancer's turn; Old Kettle's two bashing boxes on his track."""
    screen = _screen(window)
    assert screen.heading.text() == "Tick 1"
    assert screen.turn.text() == "Turn: Red Lotus Dancer"
    shown = screen.shown_board
    assert shown is not None
    kettle = next(row for row in shown.players if row.name == "Old Kettle")
    assert kettle.vitality.track is not None and kettle.vitality.track.marks.startswith("//.")
    assert "wounded" in _texts(screen)


def test_enemies_show_only_words_and_hidden_names_until_revealed(window: MainWindow) -> None:
    """Enemies start as "Enemy n" with bare counters; revealing one shows its name."""
    screen = _screen(window)
    texts = _texts(screen)
    assert "Bandit 2" not in texts and "Enemy 2" in texts
    counter = screen.scene.counters["bandit2"].info
    assert (counter.name, counter.initials, counter.badges, counter.meter) == (
        "Enemy 2", "?2", (), None)
    window.player_screen.names_menu.aboutToShow.emit()
    reveal = next(a for a in window.player_screen.names_menu.actions()
                  if a.text() == "Show Bandit 2")
    reveal.trigger()
    assert "Bandit 2" in _texts(screen)
    assert screen.scene.counters["bandit2"].info.initials == "B2"
    assert window.scene.counters["bandit2"].info.name == "Bandit 2"  # the GM's wheel as ever


def test_the_player_screen_follows_the_gms_window_live(window: MainWindow) -> None:
    """A counter moved and the next tick on the GM's window show on the players' at once."""
    screen = _screen(window)
    window.combat.push(MoveCounter(combatant="lotus", segment=3))
    assert screen.scene.counters["lotus"].info.slot == 3
    window.combat.push(NextTick())
    assert screen.heading.text() == window.combat.wheel().hub.replace("\n", " ").capitalize()
    assert screen.heading.text() != "Tick 1"


def test_f11_puts_the_player_screen_full_screen_and_back(window: MainWindow) -> None:
    """F11 works from the GM's window (the player screen takes no keys)."""
    full = window.actions_by_name["player_full_screen"]
    assert full.shortcut().toString() == "F11"
    full.trigger()
    assert _screen(window).windowState() & Qt.WindowState.WindowFullScreen
    full.trigger()
    assert not _screen(window).windowState() & Qt.WindowState.WindowFullScreen


def test_closing_the_player_screen_from_the_menu_hides_it(window: MainWindow) -> None:
    """The same View entry closes it again."""
    window.actions_by_name["player_screen"].trigger()
    assert not _screen(window).isVisible()
    assert not window.actions_by_name["player_full_screen"].isEnabled()


def test_a_pool_and_ward_fight_shows_its_own_tracks_and_states(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Mar (a player) shows her Health track; the disabled City Guard shows as down."""
    log = json.loads((EXAMPLES / "poolward-mar-and-the-guard.json").read_text(encoding="utf-8"))
    window = _window(qtbot, tmp_path, CombatSession.from_json(log))
    window.actions_by_name["player_screen"].trigger()
    shown = _screen(window).shown_board
    assert shown is not None
    assert [(row.name, row.vitality.words) for row in shown.players] == [("Mar", "badly hurt")]
    assert shown.players[0].vitality.track is not None
    assert [(row.name, row.words) for row in shown.enemies] == [("Enemy 1", "down")]


def test_a_crowd_of_enemies_takes_two_columns(window: MainWindow) -> None:
    """Six enemies stand in one column; a seventh sends the list into two."""
    def columns() -> int:
        grid = _screen(window).findChild(QWidget, "playerEnemies")
        assert grid is not None
        layout = grid.layout()
        assert isinstance(layout, QGridLayout)
        return layout.columnCount()

    assert columns() == 3  # name, words, the stretch
    bandit = window.combat.state.combatants["bandit1"].character
    window.combat.push(AddCombatant(id="bandit4", character=dataclasses.replace(
        bandit, name="Bandit 4"), side="enemy"))
    qtbot_wait_for_deletions()
    assert columns() == 5
    assert "Enemy 7" in _texts(_screen(window))


def test_show_on_lists_every_screen_and_moves_the_window_there(window: MainWindow) -> None:
    """One entry per monitor; on the GM's own monitor it leaves the GM's window room."""
    control = window.player_screen
    control.screens_menu.aboutToShow.emit()
    entries = control.screens_menu.actions()
    assert len(entries) == len(QGuiApplication.screens())
    entries[0].trigger()
    screen = _screen(window)
    area = QGuiApplication.screens()[0].availableGeometry()
    assert screen.isVisible() and screen.screen() is QGuiApplication.screens()[0]
    assert screen.width() < area.width() and area.contains(screen.geometry())


def qtbot_wait_for_deletions() -> None:
    """Rows replaced on a change are deleted later: let Qt do it before counting."""
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def _fits(screen: PlayerScreen) -> None:
    """Every label and track of the fighters' column lies inside what the screen shows."""
    from battlewheel.views.player_screen import FittingTrack

    scroller = screen.fighters.parentWidget()
    assert scroller is not None
    seen = scroller.rect()
    for widget in [*screen.fighters.findChildren(QLabel),
                   *screen.fighters.findChildren(FittingTrack)]:
        box = widget.rect().translated(widget.mapTo(scroller, widget.rect().topLeft()))
        assert seen.contains(box), (widget.objectName(), getattr(widget, "text", str)())


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_player_screen_fits_1366_by_768_in_every_system(
    qtbot: QtBot, tmp_path: Path, system: str
) -> None:
    """Impulse's twelve Endurance boxes, 3e's labelled levels and every enemy show whole,
    no sideways scrolling; 3e's player characters show their Initiative, Pool & Ward's
    their Vigor under Health (each system's fight() and what its on_the_player_screen
    asks of the tracks and words shown)."""
    from battlewheel.views.player_screen import FittingTrack

    window = _window(qtbot, tmp_path, piece(system, "fight")())
    window.actions_by_name["player_screen"].trigger()
    screen = _screen(window)
    screen.setGeometry(0, 0, 1366, 768)
    qtbot.waitUntil(lambda: screen.width() == 1366)
    qtbot.wait(50)
    _fits(screen)
    tracks = screen.fighters.findChildren(FittingTrack)
    texts = _texts(screen.fighters)
    piece(system, "on_the_player_screen")(tracks, texts)


def _most_crowded_demo_fight_started() -> CombatSession:
    """The demo campaign's fight with the most combatants, everyone on the wheel."""
    from battlewheel.engine.core.dice import DiceEntry
    from battlewheel.engine.rulesets.rewrite.actions import RollJoinBattle, StartCombat
    from battlewheel.storage.demo_campaign import load_demo_campaign

    combats = load_demo_campaign().combats
    crowded = max(combats, key=lambda k: len(list(k.session.ruleset.combatants(k.session.state))))
    session = crowded.session
    assert crowded.name == "Ambush at Marrow Ford"  # 2 players, 6 enemies, long names
    for number, cid in enumerate(session.ruleset.combatants(session.state)):
        session.apply(RollJoinBattle(combatant=cid, dice=DiceEntry.of_successes(number % 4 + 1)))
    session.apply(StartCombat())
    session.apply(NextTick())  # tick 1: two enemies act, so the turn line has two names
    return session


def _whole_and_visible(screen: PlayerScreen) -> list[str]:
    """Each label and track not wholly on screen (nor, in the fighters' list, inside what
    the list shows without scrolling), and each name drawn shortened."""
    from battlewheel.views.player_screen import FittingTrack, NameLabel

    seen = screen.scroller.viewport()
    wrong = []
    for widget in [*screen.findChildren(QLabel), *screen.findChildren(FittingTrack)]:
        if not widget.isVisible():
            continue
        name = getattr(widget, "text", lambda: "a track")()
        box = widget.rect().translated(widget.mapTo(screen, widget.rect().topLeft()))
        if not screen.rect().contains(box):
            wrong.append(f"{name} off the window")
        if screen.fighters.isAncestorOf(widget):
            inside = widget.rect().translated(widget.mapTo(seen, widget.rect().topLeft()))
            if not seen.rect().contains(inside):
                wrong.append(f"{name} past the list's edge")
        if isinstance(widget, NameLabel) and widget.shown_text() != widget.text():
            wrong.append(f"{name} shortened")
        elif isinstance(widget, QLabel) and not widget.wordWrap() and \
                widget.width() < widget.fontMetrics().horizontalAdvance(widget.text()):
            wrong.append(f"{name} cut")
    return wrong


def test_a_projectors_911_by_512_window_shows_the_crowded_demo_fight_whole(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Issue 35: every row of the demo fight with the most combatants, and every health
    word (the longest, "badly hurt", on every enemy), fits 911x512 with no scrolling,
    and the words are still at least 16 pixels high."""
    from battlewheel.engine.core import contract as c
    from battlewheel.views.player_board import board

    window = _window(qtbot, tmp_path, _most_crowded_demo_fight_started())
    window.actions_by_name["player_screen"].trigger()
    screen = _screen(window)
    screen.setGeometry(0, 0, 911, 512)
    qtbot.waitUntil(lambda: screen.width() == 911 and screen.height() == 512)
    shown = board(window.combat.session.ruleset, window.combat.session.state, screen.hidden)
    hurt = dataclasses.replace(shown, enemies=tuple(
        dataclasses.replace(row, words=c.BADLY_HURT) for row in shown.enemies))
    for fight in (shown, hurt):
        screen._show(fight)
        qtbot_wait_for_deletions()
        qtbot.wait(20)
        assert screen.turn.text().startswith("Turn: ")
        assert _whole_and_visible(screen) == []
        words = [label for label in screen.fighters.findChildren(QLabel)
                 if label.text() in (c.UNHURT, c.BADLY_HURT)]
        assert len(words) == 8 and min(w.font().pixelSize() for w in words) >= 16
    assert screen.wheel.width() >= 0.45 * 911 - 48  # the wheel keeps its share


def test_a_window_too_small_even_at_the_smallest_type_shortens_names_then_scrolls(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Below the smallest readable type nothing shrinks further: a long name ends in "…"
    (whole in its tooltip) so its health word stays beside it, and the list scrolls."""
    from battlewheel.views.player_screen import MIN_SCALE, NameLabel

    window = _window(qtbot, tmp_path, _most_crowded_demo_fight_started())
    window.actions_by_name["player_screen"].trigger()
    screen = _screen(window)
    screen.setGeometry(0, 0, 560, 320)
    qtbot.waitUntil(lambda: screen.width() == 560)
    qtbot.wait(20)
    assert screen.scale == MIN_SCALE
    kestrel = next(label for label in screen.findChildren(NameLabel)
                   if label.text() == "Kestrel of the Burning Road")
    assert kestrel.shown_text().endswith("…") and kestrel.toolTip() == kestrel.text()
    assert screen.scroller.verticalScrollBar().maximum() > 0
