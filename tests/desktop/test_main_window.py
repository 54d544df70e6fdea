"""The main window driven as the GM drives it: drags, menus, shortcuts, layout, errors."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDockWidget, QTabBar, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.rulesets.rewrite.actions import (
    DeclaredManoeuvre,
    DeclareFlurry,
    EndCombat,
    MoveCounter,
)
from battlewheel.models.combat_model import CombatModel
from battlewheel.models.combatants_model import ID_ROLE
from battlewheel.views import settings as prefs
from battlewheel.views.error_dialog import ErrorDialog, ErrorReporter
from battlewheel.views.main_window import MainWindow
from battlewheel.views.rulesets.rewrite.attack_dialog import AttackDialog
from battlewheel.views.rulesets.rewrite.turn_dialogs import FlurryBuilderDialog
from tests.desktop.pocket_drags import drag_to, slot_point
from tests.desktop.started_combat import started_session
from tests.desktop.windows import painted_window


@pytest.fixture
def settings_file(tmp_path: Path) -> Path:
    """Where this test's window settings live."""
    return tmp_path / "settings.ini"


@pytest.fixture
def text_scale(qapp: QApplication) -> Iterator[prefs.TextScale]:
    """The application's text size switch, put back to normal after the test."""
    scale = prefs.TextScale(qapp)
    yield scale
    scale.apply(False)


def _window(qtbot: QtBot, settings_file: Path, scale: prefs.TextScale) -> MainWindow:
    return painted_window(qtbot, CombatModel(started_session()), settings_file,
                          size=(1300, 850), text_scale=scale)


@pytest.fixture
def window(qtbot: QtBot, settings_file: Path, text_scale: prefs.TextScale) -> MainWindow:
    """The main window on the started test combat (tick 1; Bandit 1 on tick 4, segment 4)."""
    return _window(qtbot, settings_file, text_scale)


def _drag_counter(window: MainWindow, combatant_id: str, segment: int) -> None:
    """Drag a counter with the mouse and let go over slot ``segment`` of the ring."""
    drag_to(window, combatant_id, slot_point(window, segment))


def test_dragging_a_counter_moves_it_in_the_engine_and_undo_takes_it_back(
    window: MainWindow,
) -> None:
    """Bandit 1 dragged from segment 4 to 6 acts on tick 6; Edit ▸ Undo puts him on tick 4."""
    _drag_counter(window, "bandit1", 6)
    assert window.combat.state.combatants["bandit1"].next_tick == 6
    assert window.statusBar().currentMessage() == "Bandit 1 now acts on tick 6."
    item = window.scene.counters["bandit1"]
    assert window.combat.wheel().counter("bandit1").slot == 6  # type: ignore[union-attr]
    assert item.pos() != QPointF(0, 0)
    undo = window.actions_by_name["undo"]
    sentence = window.combat.session.log[-1].sentence  # the engine's words for the move
    assert "Bandit 1" in sentence and "6" in sentence
    assert undo.text() == f"&Undo {sentence}"
    undo.trigger()
    assert window.combat.state.combatants["bandit1"].next_tick == 4
    assert window.actions_by_name["redo"].isEnabled()


def test_undo_and_redo_say_what_they_did_in_the_status_bar(window: MainWindow) -> None:
    """After Undo the bar no longer says Bandit 1 acts on tick 6; it names the move undone."""
    _drag_counter(window, "bandit1", 6)
    sentence = window.combat.session.log[-1].sentence
    window.actions_by_name["undo"].trigger()
    assert window.statusBar().currentMessage() == f"Undone: {sentence}"
    window.actions_by_name["redo"].trigger()
    assert window.statusBar().currentMessage() == f"Redone: {sentence}"


def test_a_refused_drop_springs_back_and_says_why(window: MainWindow) -> None:
    """After the combat has ended a drop is refused: the counter returns, the bar says why."""
    window.combat.push(EndCombat())
    home = window.scene.counters["bandit1"].pos()
    _drag_counter(window, "bandit1", 6)
    assert window.combat.state.combatants["bandit1"].next_tick == 4
    assert window.scene.counters["bandit1"].pos() == home
    message = window.statusBar().currentMessage()
    assert message.startswith("Not allowed: ")
    assert "over" in message or "ended" in message


def test_a_refused_next_tick_names_who_must_still_declare(window: MainWindow) -> None:
    """Pressing N before Red Lotus Dancer declares leaves tick 1 and names her."""
    QTest.keyClick(window.wheel_view, Qt.Key.Key_N)
    assert window.combat.state.current_tick == 1
    assert "Red Lotus Dancer" in window.statusBar().currentMessage()


def test_a_refusal_says_it_in_plain_words_with_the_rule_in_the_tooltip(
    window: MainWindow,
) -> None:
    """N before anyone declared: the bar starts with the reason, no "000 §" code in it;
    the rule's section is the status bar's tooltip, and goes when the message does."""
    QTest.keyClick(window.wheel_view, Qt.Key.Key_N)
    bar = window.statusBar()
    message = bar.currentMessage()
    assert message.startswith("Not allowed: ") and "§" not in message, message
    assert "§" in bar.toolTip()
    bar.clearMessage()
    assert bar.toolTip() == ""


def test_clicking_a_counter_selects_its_sheet_and_roster_row(
    window: MainWindow, qtbot: QtBot
) -> None:
    """A click on the Bandit Chief's counter raises his sheet and selects his row."""
    view = window.wheel_view
    point = view.mapFromScene(window.scene.counters["chief"].pos())
    QTest.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point
    )
    rows = window.combatants_dock.table.selectionModel().selectedRows()
    assert [index.data(ID_ROLE) for index in rows] == ["chief"]
    sheet = window.sheet_docks["chief"]
    qtbot.waitUntil(lambda: not sheet.visibleRegion().isEmpty())


def test_every_combatant_has_a_sheet_dock(window: MainWindow) -> None:
    """One character-sheet dock per combatant, all movable and floatable."""
    assert set(window.sheet_docks) == set(window.combat.combatant_ids())
    for dock in window.sheet_docks.values():
        assert dock.features() & QDockWidget.DockWidgetFeature.DockWidgetFloatable


def test_table_actions_show_their_shortcut_in_the_tooltip(window: MainWindow) -> None:
    """Next tick, next action, undo, redo, roll, declare and apply each name their key."""
    for name in ("next_tick", "next_action", "undo", "redo", "roll", "declare", "apply", "set_up"):
        action = window.actions_by_name[name]
        keys = action.shortcut().toString()
        assert keys, name
        assert keys in action.toolTip() or keys.replace("Return", "Enter") in action.toolTip()


def test_undo_shortcut_takes_back_a_drag(window: MainWindow) -> None:
    """Ctrl+Z after a drag puts the counter back."""
    _drag_counter(window, "bandit1", 6)
    QTest.keyClick(window.wheel_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.combat.state.combatants["bandit1"].next_tick == 4


def test_the_log_dock_shows_the_newest_sentence_last(window: MainWindow) -> None:
    """After a drag the last row of the log names the move."""
    _drag_counter(window, "bandit1", 6)
    model = window.log_dock.view.model()
    last = model.index(model.rowCount() - 1, 0).data()
    assert last == window.combat.session.log[-1].sentence
    assert "Bandit 1" in last and "segment 6" in last


def test_dock_layout_survives_a_restart(
    qtbot: QtBot, settings_file: Path, text_scale: prefs.TextScale
) -> None:
    """The log dock hidden and the roster moved to the right stay so in the next window."""
    right = Qt.DockWidgetArea.RightDockWidgetArea
    first = _window(qtbot, settings_file, text_scale)
    first.log_dock.hide()
    first.addDockWidget(right, first.combatants_dock)
    first.close()
    second = _window(qtbot, settings_file, text_scale)
    assert second.log_dock.isHidden()
    assert second.dockWidgetArea(second.combatants_dock) == right


def test_larger_text_grows_the_font_and_is_remembered(
    qtbot: QtBot, settings_file: Path, text_scale: prefs.TextScale, qapp: QApplication
) -> None:
    """Larger text makes the application font 1.4 times as big, and a restart keeps it."""
    normal = text_scale.normal.pointSizeF()
    window = _window(qtbot, settings_file, text_scale)
    window.actions_by_name["larger_text"].trigger()
    assert qapp.font().pointSizeF() == pytest.approx(normal * 1.4)
    assert window.scene.segments[0].label.text_scale == pytest.approx(1.4)
    window.close()
    text_scale.apply(False)
    again = _window(qtbot, settings_file, text_scale)
    assert again.actions_by_name["larger_text"].isChecked()
    assert qapp.font().pointSizeF() == pytest.approx(normal * 1.4)


def test_reset_layout_brings_back_closed_docks(window: MainWindow) -> None:
    """View > Reset layout shows a closed log dock and a closed sheet again."""
    window.log_dock.close()
    window.sheet_docks["chief"].close()
    window.actions_by_name["reset_layout"].trigger()
    assert not window.log_dock.isHidden()
    assert not window.sheet_docks["chief"].isHidden()


def test_settings_go_to_the_file_the_test_names(settings_file: Path, window: MainWindow) -> None:
    """The window's settings live in the test's own file, never the user's."""
    window.close()
    assert Path(window.settings.fileName()) == settings_file
    assert QSettings(str(settings_file), QSettings.Format.IniFormat).contains("window/state")


def test_an_uncaught_error_opens_a_dialog_with_its_traceback(
    window: MainWindow, qtbot: QtBot, capsys: pytest.CaptureFixture[str]
) -> None:
    """The excepthook shows the error's type, message and traceback; the combat is unchanged."""
    before = window.combat.session.to_json()
    reporter = ErrorReporter(window)
    try:
        raise KeyError("segment 9")
    except KeyError as error:
        reporter(KeyError, error, error.__traceback__)
    dialog = reporter.shown[0]
    qtbot.addWidget(dialog)
    assert isinstance(dialog, ErrorDialog)
    assert "KeyError" in dialog.details and "segment 9" in dialog.details
    assert "Traceback" in dialog.details
    assert "KeyError" in capsys.readouterr().err
    assert window.combat.session.to_json() == before
    dialog.reject()


def test_an_error_after_the_window_is_gone_is_printed_only(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """An error met while the program closes (its window already deleted) is printed,
    and the hook does not fail making a dialog on the dead window ("MainWindow already
    deleted" followed a GM's quit)."""
    import shiboken6

    parent = QWidget()
    reporter = ErrorReporter(parent)
    shiboken6.delete(parent)
    try:
        raise KeyError("late")
    except KeyError as error:
        reporter(KeyError, error, error.__traceback__)
    assert reporter.shown == []
    printed = capsys.readouterr().err
    assert "KeyError: 'late'" in printed and "already deleted" not in printed


def test_no_file_actions_without_storage(window: MainWindow) -> None:
    """Without a campaign store the File actions are off and Open says why."""
    assert not window.actions_by_name["open"].isEnabled()
    window.open_path(Path("missing.battlewheel"))
    assert "not available" in window.statusBar().currentMessage()


def _declare_attack(window: MainWindow) -> None:
    window.combat.push(
        DeclareFlurry(
            combatant="lotus",
            manoeuvres=(DeclaredManoeuvre(kind="attack", weapon="Short sword", target="bandit1"),),
        )
    )


def test_declare_opens_the_flurry_builder_for_the_acting_combatant(window: MainWindow) -> None:
    """Pressing D at tick 1 opens Red Lotus Dancer's flurry builder."""
    QTest.keyClick(window.wheel_view, Qt.Key.Key_D)
    dialog = window.turn.dialog
    assert isinstance(dialog, FlurryBuilderDialog)
    assert dialog.combatant_id == "lotus"
    dialog.reject()


def test_roll_with_nothing_declared_says_so(window: MainWindow) -> None:
    """Pressing R before any attack is declared opens nothing and says why."""
    QTest.keyClick(window.wheel_view, Qt.Key.Key_R)
    assert window.turn.dialog is None
    assert "No declared attack" in window.statusBar().currentMessage()


def test_roll_opens_the_next_declared_attack(window: MainWindow) -> None:
    """After Red Lotus Dancer declares a sword attack on Bandit 1, R opens that attack
    and the window's odds dock shows its chances."""
    _declare_attack(window)
    QTest.keyClick(window.wheel_view, Qt.Key.Key_R)
    dialog = window.turn.dialog
    assert isinstance(dialog, AttackDialog)
    assert (dialog.attacker_id, dialog.defender_id) == ("lotus", "bandit1")
    assert window.odds_panel.odds() is not None
    dialog.reject()


def _front_tab(window: MainWindow, among: str) -> str:
    """The text of the front tab in the dock tab bar that holds ``among``."""
    for bar in window.findChildren(QTabBar):
        names = [bar.tabText(i) for i in range(bar.count())]
        if among in names:
            return bar.tabText(bar.currentIndex())
    raise AssertionError(f"no dock tab bar holds {among!r}")


def test_the_log_comes_back_to_the_front_once_the_attack_is_resolved(
    window: MainWindow,
) -> None:
    """R puts the odds in front of the log; Resolve brings the log back, where the hit is told."""
    _declare_attack(window)
    QTest.keyClick(window.wheel_view, Qt.Key.Key_R)
    dialog = window.turn.dialog
    assert isinstance(dialog, AttackDialog)
    assert _front_tab(window, "Odds") == "Odds"
    dialog.attack_dice.set_typed("7")
    dialog.accept()
    assert _front_tab(window, "Odds") == window.log_dock.windowTitle()


def test_apply_before_the_attack_is_resolved_is_refused(window: MainWindow) -> None:
    """Ctrl+Return with an attack still to resolve leaves the tick as it was and says why."""
    _declare_attack(window)
    before = window.combat.session.to_json()
    QTest.keyClick(window.wheel_view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert window.combat.session.to_json() == before
    assert window.statusBar().currentMessage().startswith("Not allowed: ")


def test_bracket_keys_nudge_the_selected_counter_as_one_undo_step(window: MainWindow) -> None:
    """Bandit 1 selected at tick 1: ] ] moves him to segments 5 then 6 (ticks 5, 6);
    one undo puts him back on tick 4."""
    window.select_combatant("bandit1")
    QTest.keyClick(window.wheel_view, Qt.Key.Key_BracketRight)
    assert window.combat.state.combatants["bandit1"].next_tick == 5
    QTest.keyClick(window.wheel_view, Qt.Key.Key_BracketRight)
    assert window.combat.state.combatants["bandit1"].next_tick == 6
    assert window.combat.undo_stack.count() == 1
    window.combat.undo_stack.undo()
    assert window.combat.state.combatants["bandit1"].next_tick == 4


def test_nudging_with_nothing_selected_says_so(window: MainWindow) -> None:
    """[ with no counter selected moves nothing and asks for a selection."""
    window.scene.clearSelection()
    before = window.combat.session.to_json()
    QTest.keyClick(window.wheel_view, Qt.Key.Key_BracketLeft)
    assert window.combat.session.to_json() == before
    assert "Select a counter" in window.statusBar().currentMessage()


def test_choosing_a_sheet_tab_selects_its_counter(window: MainWindow) -> None:
    """Raising Bandit 3's sheet selects Bandit 3's counter on the wheel."""
    window.sheet_docks["bandit3"].raise_()
    QApplication.processEvents()
    assert window.scene.selected_counter() == "bandit3"


def test_the_history_dock_goes_back_several_steps_at_once(window: MainWindow) -> None:
    """Two moves listed in History; the first line previewed and rewound to takes both back."""
    window.combat.push(MoveCounter(combatant="bandit1", segment=6))
    window.combat.push(MoveCounter(combatant="bandit2", segment=6))
    view = window.history_view
    assert view.model().rowCount() == 3
    window.history_dock.stepChosen.emit(0)  # type: ignore[attr-defined]
    window.rewind.go_here()
    state = window.combat.state.combatants
    assert (state["bandit1"].next_tick, state["bandit2"].next_tick) == (4, 4)


def test_the_status_line_names_the_next_step(window: MainWindow) -> None:
    """At tick 1 the permanent status line names the actor and the next key."""
    assert window.tick_label.text() == (
        "Tick 1 · acting: Red Lotus Dancer · next: declare flurries (Space, or D)"
    )


def test_the_roster_lists_who_acts_next_first(window: MainWindow) -> None:
    """Sorted by next tick: Red Lotus Dancer (tick 1) on top, the Hungry Ghost (tick 10)
    last; Bandit 1 moved to tick 7 drops to just above the ghost."""
    table = window.combatants_dock.table.model()

    def order() -> list[str]:
        return [table.index(row, 0).data(ID_ROLE) for row in range(table.rowCount())]

    assert order()[0] == "lotus"
    assert order()[-1] == "ghost"
    window.combat.push(MoveCounter(combatant="bandit1", segment=0))
    assert order()[-2:] == ["bandit1", "ghost"]


def test_settings_from_a_newer_release_are_left_alone(tmp_path: Path) -> None:
    """A settings file with schema_version 99 is not read or rewritten; defaults apply."""
    path = tmp_path / "settings.ini"
    newer = QSettings(str(path), QSettings.Format.IniFormat)
    newer.setValue("schema_version", 99)
    newer.setValue("view/larger_text", "true")
    newer.sync()
    settings = prefs.open_settings(path)
    assert not prefs.larger_text(settings)
    assert Path(settings.fileName()) != path
    assert QSettings(str(path), QSettings.Format.IniFormat).value("schema_version") in (99, "99")


def _on_screen(dock: QDockWidget) -> bool:
    # A dock in a back tab stays isVisible(); Qt only moves it out of sight.
    return dock.isVisible() and not dock.isFloating() and not dock.visibleRegion().isEmpty()


def test_larger_text_keeps_the_wheel_as_large_and_the_docks_as_wide(
    window: MainWindow, qtbot: QtBot
) -> None:
    """The wheel comes first: with larger text every dock keeps its width (the sheet
    scrolls sideways instead of widening) and the wheel is drawn no smaller.

    (Once the sheet and the roster widened and the wheel kept only three quarters.)"""
    docks = [dock for dock in window.findChildren(QDockWidget) if _on_screen(dock)]
    assert any(dock.objectName().startswith("sheet:") for dock in docks)
    widths = [dock.width() for dock in docks]
    scale = window.wheel_view.wheel_scale()
    window.actions_by_name["larger_text"].setChecked(True)
    qtbot.wait(100)
    assert [dock.width() for dock in docks] == pytest.approx(widths, abs=4)
    assert window.wheel_view.wheel_scale() >= scale - 1e-6


def test_larger_text_off_again_gives_the_wheel_back_its_width(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Larger text on, then off: the sheet that widened for it shrinks back, the wheel regrows."""
    before = window.wheel_view.width()
    window.actions_by_name["larger_text"].setChecked(True)
    qtbot.wait(50)
    window.actions_by_name["larger_text"].setChecked(False)
    qtbot.waitUntil(lambda: abs(window.wheel_view.width() - before) <= 4)


def test_the_first_window_fits_the_screen_it_opens_on(
    qtbot: QtBot, settings_file: Path, text_scale: prefs.TextScale
) -> None:
    """With no saved layout the window is at most the screen's free area, title bar aside.

    The offscreen test screen (800x600) is smaller than the 1400x900 a big screen gets,
    as a 1366x768 laptop is; the window must not hang off its bottom edge.
    """
    window = MainWindow(
        CombatModel(started_session()),
        settings=prefs.open_settings(settings_file),
        text_scale=text_scale,
    )
    qtbot.addWidget(window)
    area = window.screen().availableGeometry()
    assert area.height() < 900
    assert window.width() <= area.width()
    assert window.height() < area.height()


def test_the_odds_charts_are_built_when_their_tab_is_first_raised(window: MainWindow) -> None:
    """After first paint the Odds tab behind the log holds a placeholder; raising it
    fills it with the charts, once."""
    QApplication.processEvents()
    assert not hasattr(window, "odds_panel")
    window.odds_dock.raise_()
    QApplication.processEvents()
    panel = window.odds_panel
    assert window.odds_dock.widget() is panel
    window.log_dock.raise_()
    window.odds_dock.raise_()
    QApplication.processEvents()
    assert window.odds_dock.widget() is panel


def test_a_layout_saved_with_the_odds_in_front_shows_the_charts_at_start(
    qtbot: QtBot, settings_file: Path, text_scale: prefs.TextScale
) -> None:
    """The GM left the Odds tab in front: next start fills it just after first paint."""
    first = _window(qtbot, settings_file, text_scale)
    first.odds_dock.raise_()
    QApplication.processEvents()
    first.close()
    second = _window(qtbot, settings_file, text_scale)
    QApplication.processEvents()
    assert second.odds_dock.widget() is second.odds_panel


def test_keys_reach_the_window_again_after_a_dialog_closes(
    window: MainWindow, qtbot: QtBot
) -> None:
    """D opens the flurry dialog; once it is cancelled the wheel has the keys again."""
    window.combatants_dock.table.setFocus()
    dialog = window.turn.trigger("declare")
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    dialog.reject()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.wheel_view)
    assert window.isActiveWindow()


def test_larger_text_draws_counters_and_badges_larger_on_the_wheel(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Ctrl+L: Red Lotus, alone on her segment, is drawn 1.4 times larger (badges and
    all) against the wheel's rim, as the tick labels already were; Ctrl+L again, back.
    (The wheel keeps its size on screen: see the test above and test_larger_text_wheel.)"""
    counter = window.scene.counters["lotus"]
    label = window.scene.segments[0].label
    size, label_height = counter.scale(), label.boundingRect().height()
    window.actions_by_name["larger_text"].setChecked(True)
    qtbot.wait(50)
    assert counter.scale() == pytest.approx(size * prefs.LARGER_TEXT_FACTOR)
    assert label.boundingRect().height() > label_height
    window.actions_by_name["larger_text"].setChecked(False)
    qtbot.wait(50)
    assert counter.scale() == pytest.approx(size)


def test_the_sheet_follows_whoever_acts_unless_turned_off(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Tick 2 (Tamsin and Ashen Vessel act) brings Tamsin's sheet forward; with the
    setting off, the next tick leaves the sheets alone."""
    from battlewheel.engine.rulesets.rewrite.actions import (
        Advance,
        ApplyTickEffects,
        DeclaredManoeuvre,
        DeclareFlurry,
    )

    qtbot.waitUntil(lambda: window.sheet_docks.get("tamsin") is not None)
    raised: list[str] = []
    for cid, dock in window.sheet_docks.items():
        dock.visibilityChanged.connect(
            lambda visible, cid=cid: raised.append(cid) if visible else None
        )
    combat = window.combat
    assert combat.push(DeclareFlurry("lotus", (DeclaredManoeuvre("guard"),))) is None
    assert combat.push(ApplyTickEffects()) is None
    assert combat.push(Advance()) is None
    qtbot.waitUntil(lambda: "tamsin" in raised)
    window.actions_by_name["sheet_follows_acting"].setChecked(False)
    raised.clear()
    for cid in combat.state.acting_ids():
        assert combat.push(DeclareFlurry(cid, (DeclaredManoeuvre("guard"),))) is None
    assert combat.push(ApplyTickEffects()) is None
    assert combat.push(Advance()) is None
    qtbot.wait(50)
    assert raised == []
