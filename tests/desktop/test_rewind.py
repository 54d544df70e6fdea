"""History: a click previews an earlier step read-only; Rewind to here goes back in one step."""

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite.actions import CycleHealthBox, MoveCounter
from battlewheel.models.combat_model import CombatModel
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.sheets.health_track import HealthTrackWidget
from tests.desktop.started_combat import started_session

EXAMPLES = Path(__file__).parents[2] / "resources" / "examples"


def _window(qtbot: QtBot, tmp_path: Path, session: CombatSession, *,
            history: bool = False) -> MainWindow:
    window = MainWindow(CombatModel(session, history=history),
                        settings=prefs.open_settings(tmp_path / "s.ini"))
    qtbot.addWidget(window)
    window.resize(1300, 850)
    with qtbot.waitSignal(window.firstPainted):
        window.show()
    window.history_dock.show()
    window.history_dock.raise_()
    return window


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """The started 2e fight with two moves made: bandit1 to tick 6, then bandit2 to tick 7."""
    built = _window(qtbot, tmp_path, started_session())
    built.combat.push(MoveCounter(combatant="bandit1", segment=6))
    built.combat.push(MoveCounter(combatant="bandit2", segment=0))
    return built


def _click_line(window: MainWindow, row: int) -> None:
    view = window.history_view
    index = view.model().index(row, 0, QModelIndex())
    view.scrollTo(index)
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, view.visualRect(index).center())


def _slot(window: MainWindow, cid: str) -> int | None:
    counter = window.scene.counters[cid].info
    return counter.slot


def test_clicking_a_history_line_previews_the_wheel_and_sheets_as_they_were(
    window: MainWindow,
) -> None:
    """Line 1 (after the first move): bandit2 back on tick 4, the fight itself untouched."""
    before = window.combat.session.to_json()
    _click_line(window, 1)
    assert window.combat.previewing
    assert _slot(window, "bandit1") == 6 and _slot(window, "bandit2") == 4
    assert window.combat.session.to_json() == before
    assert window.combat.undo_stack.index() == 2
    banner = window.rewind.banner
    assert banner.isVisible()
    assert banner.title.text() == "Previewing an earlier moment of the fight (read-only)"
    assert banner.text.text() == "After: GM moves Bandit 1's counter to tick 6 (segment 6)."
    assert window.wheel_view.viewportMargins().top() == banner.height()


def test_the_sheets_show_the_previewed_moment(window: MainWindow, qtbot: QtBot) -> None:
    """A box marked after the line previewed is empty again on the sheet while previewing."""
    qtbot.waitUntil(lambda: "bandit1" in window.sheet_docks)
    window.combat.push(CycleHealthBox(combatant="bandit1", index=0))
    dock = window.sheet_docks["bandit1"]
    dock.show()
    dock.raise_()

    def boxes() -> str:
        track = dock.findChildren(HealthTrackWidget)[0].track()
        assert track is not None
        return track.marks

    qtbot.waitUntil(lambda: boxes().startswith("/"))
    _click_line(window, 2)
    qtbot.waitUntil(lambda: not boxes().startswith("/"))
    window.rewind.back_to_now()
    qtbot.waitUntil(lambda: boxes().startswith("/"))


def test_nothing_changes_while_previewing_and_the_refusal_says_why(window: MainWindow) -> None:
    """A drop or a click is refused in plain words; Back to now shows the fight again."""
    _click_line(window, 0)
    before = window.combat.session.to_json()
    window.drop_counter("lotus", 3)
    assert window.combat.session.to_json() == before
    assert "earlier moment" in window.statusBar().currentMessage()
    assert "History:" not in window.statusBar().currentMessage()
    window.rewind.banner.back.click()
    assert not window.combat.previewing and not window.rewind.banner.isVisible()
    assert _slot(window, "bandit2") == 0
    assert window.wheel_view.viewportMargins().top() == 0


def test_rewind_to_here_goes_back_in_one_undoable_step(window: MainWindow) -> None:
    """Rewinding to the opening takes both moves back as one History line; Ctrl+Z undoes it."""
    stack = window.combat.undo_stack
    _click_line(window, 0)
    window.rewind.banner.go.click()
    assert (_slot(window, "bandit1"), _slot(window, "bandit2")) == (4, 4)
    assert stack.count() == 3 and stack.index() == 3
    assert window.statusBar().currentMessage().startswith("Rewound: GM rewinds the fight")
    opened = len(started_session().log)  # the steps before the window opened it
    assert stack.text(2).startswith(f"GM rewinds the fight to step {opened}: ")
    assert len(window.combat.session.log) == opened + 3
    stack.undo()
    assert (_slot(window, "bandit1"), _slot(window, "bandit2")) == (6, 0)


def test_a_merged_drag_counts_as_all_its_steps(window: MainWindow) -> None:
    """Two drags of one counter make one History line of two engine steps."""
    window.combat.push(MoveCounter(combatant="lotus", segment=2))
    window.combat.push(MoveCounter(combatant="lotus", segment=3))
    assert window.combat.undo_stack.count() == 3
    _click_line(window, 2)
    assert _slot(window, "lotus") == 1 and _slot(window, "bandit2") == 0
    window.rewind.banner.go.click()
    assert _slot(window, "lotus") == 1


def test_an_undone_line_is_previewed_and_redone_up_to(window: MainWindow) -> None:
    """After two undos, the last line shows the fight as redo would make it."""
    stack = window.combat.undo_stack
    stack.undo()
    stack.undo()
    _click_line(window, 2)
    assert _slot(window, "bandit2") == 0
    assert window.rewind.banner.go.text() == "Redo to here"
    window.rewind.banner.go.click()
    assert stack.index() == 2 and not window.combat.previewing


def test_undo_while_previewing_ends_the_preview(window: MainWindow) -> None:
    """Ctrl+Z moves the history, so the views show the fight as it is again."""
    _click_line(window, 0)
    window.combat.undo_stack.undo()
    assert not window.combat.previewing
    assert _slot(window, "bandit2") == 4 and _slot(window, "bandit1") == 6


def test_the_player_screen_keeps_showing_now_during_a_preview(window: MainWindow) -> None:
    """The players never see the GM browsing the past."""
    window.actions_by_name["player_screen"].trigger()
    _click_line(window, 0)
    players = window.player_screen.screen_window
    assert players.scene.counters["bandit2"].info.slot == 0


def test_rewind_in_a_3e_fight(qtbot: QtBot, tmp_path: Path) -> None:
    """The same through the contract in Exalted 3e (opened from its log, every step in
    History): preview and rewind to step 3."""
    log = json.loads((EXAMPLES / "ex3-clash.json").read_text(encoding="utf-8"))
    session = CombatSession.from_json(log)
    window = _window(qtbot, tmp_path, session, history=True)
    then = session.ruleset.turn_track(session.state_at(3))
    _click_line(window, 3)
    assert window.combat.wheel() == then
    window.rewind.banner.go.click()
    assert window.combat.wheel() == then
    assert window.combat.session.log[-1].sentence.startswith("GM rewinds the fight to step 3")
    window.combat.undo_stack.undo()
    assert window.combat.wheel() == session.ruleset.turn_track(CombatSession.from_json(log).state)


def test_a_history_control_that_dies_before_its_combat_leaves_no_error(
    monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    """At quit the window's widgets may go before its combat model: the model's last
    signal must find nothing of the dead History control (a GM saw "RewindControl
    already deleted" after Ctrl+Q)."""
    import sys

    import shiboken6

    from battlewheel.views.history_dock import HistoryDock
    from battlewheel.views.rewind import RewindControl
    from battlewheel.views.wheel.scene import WheelScene
    from battlewheel.views.wheel.view import WheelView

    errors: list[object] = []
    monkeypatch.setattr(sys, "excepthook", lambda *info: errors.append(info[1]))
    combat = CombatModel(started_session(), history=True)
    combat.push(MoveCounter(combatant="bandit1", segment=6))
    dock = HistoryDock(combat)
    view = WheelView(WheelScene())
    qtbot.addWidget(view)
    RewindControl(combat, dock, view)
    shiboken6.delete(dock)  # the dock and its History control first
    shiboken6.delete(combat)  # then the model, whose stack clears itself
    assert errors == []
