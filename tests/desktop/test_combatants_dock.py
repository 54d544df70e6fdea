"""The Combatants dock as the GM reads it on a laptop: fitting, chosen columns, health boxes."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QColor, QContextMenuEvent, QFontMetrics, QImage
from PySide6.QtWidgets import QApplication, QMenu, QStyleOptionViewItem
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.contract import BoxTrack
from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.rulesets.rewrite.actions import SetHealth
from battlewheel.engine.rulesets.rewrite.roster import COLUMNS as REWRITE_COLUMNS
from battlewheel.models.combat_model import CombatModel
from battlewheel.models.combatants_model import (
    HEALTH_ROLE,
    ID_ROLE,
    CombatantsModel,
    side_swatch,
)
from battlewheel.views import settings as prefs
from battlewheel.views.combatants_columns import HEADER_KEY, HEADER_VERSION, load_hidden
from battlewheel.views.health_delegate import boxes_width
from battlewheel.views.main_window import MainWindow
from battlewheel.views.name_delegate import elide_keeping_number
from tests.desktop.started_combat import started_session
from tests.desktop.windows import painted_window

# The 2e Rewrite's columns: the fights these tests play are 2e fights.
COLUMNS = tuple(column.name for column in REWRITE_COLUMNS)
HEALTH = COLUMNS.index("Health")
# Mixed damage for the started combat (10 boxes at Stamina 3, 9 at 2, 11 at 4).
DAMAGE = {
    "lotus": "XX/.......",  # 2 lethal, 1 bashing: the -0, -1, -1 boxes
    "tamsin": "*X//.......",  # 1 aggravated, 1 lethal, 2 bashing down to the first -2
    "bandit1": "///////..",  # bashing down to Incapacitated: unconscious
    "chief": "XXXXXXXXXX",  # every Dying box full: dead
}


@pytest.fixture
def text_scale(qapp: QApplication) -> Iterator[prefs.TextScale]:
    """The application's text size switch, put back to normal after the test."""
    scale = prefs.TextScale(qapp)
    yield scale
    scale.apply(False)


def _damaged() -> CombatModel:
    combat = CombatModel(started_session())
    for combatant, marks in DAMAGE.items():
        assert combat.push(SetHealth(combatant=combatant, marks=marks)) is None
    return combat


def _window(qtbot: QtBot, settings_file: Path, scale: prefs.TextScale) -> MainWindow:
    window = painted_window(qtbot, _damaged(), settings_file, size=(1366, 768), text_scale=scale)
    qtbot.wait(50)
    return window


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, text_scale: prefs.TextScale) -> MainWindow:
    """The main window at laptop size on the started combat with mixed damage."""
    return _window(qtbot, tmp_path / "settings.ini", text_scale)


def _visible_titles(window: MainWindow) -> list[str]:
    header = window.combatants_dock.table.horizontalHeader()
    return [name for i, name in enumerate(COLUMNS) if not header.isSectionHidden(i)]


def _assert_fits(window: MainWindow) -> None:
    table = window.combatants_dock.table
    header = table.horizontalHeader()
    assert not table.horizontalScrollBar().isVisible()
    for column in range(len(COLUMNS)):
        if not header.isSectionHidden(column):
            right = header.sectionViewportPosition(column) + header.sectionSize(column)
            assert header.sectionViewportPosition(column) >= 0
            assert right <= table.viewport().width(), COLUMNS[column]


def test_every_column_fits_the_laptop_dock_without_a_sideways_scroll(window: MainWindow) -> None:
    """At 1366x768 the roster shows all its visible columns inside the viewport."""
    _assert_fits(window)


def test_larger_text_still_fits_the_dock(window: MainWindow, qtbot: QtBot) -> None:
    """With Ctrl+L the columns grow with the font but still fit; the boxes shrink to make room."""
    dock = window.combatants_dock
    normal_row = dock.table.rowHeight(0)
    window.actions_by_name["larger_text"].trigger()
    qtbot.wait(100)
    assert dock.table.rowHeight(0) > normal_row
    _assert_fits(window)


def test_name_takes_the_rest_of_the_width_and_elides_with_the_full_name_as_tooltip(
    window: MainWindow,
) -> None:
    """Name is the stretching column; Bandit Chief's tooltip names him whole with his side."""
    table = window.combatants_dock.table
    header = table.horizontalHeader()
    used = sum(header.sectionSize(c) for c in range(len(COLUMNS)) if not header.isSectionHidden(c))
    assert used == table.viewport().width()
    proxy = table.model()
    row = next(r for r in range(proxy.rowCount()) if proxy.index(r, 0).data(ID_ROLE) == "chief")
    assert proxy.index(row, 0).data(Qt.ItemDataRole.ToolTipRole) == "Bandit Chief (enemy)"
    assert not table.wordWrap()


def test_default_columns_and_sort(window: MainWindow) -> None:
    """Name, Next tick, Health, Wound and DV penalty show; the top row acts next."""
    assert _visible_titles(window) == ["Name", "Next tick", "Health", "Wound", "DV penalty"]
    header = window.combatants_dock.table.horizontalHeader()
    assert header.sortIndicatorSection() == COLUMNS.index("Next tick")
    assert header.sortIndicatorOrder() == Qt.SortOrder.AscendingOrder


def _open_header_menu(window: MainWindow) -> QMenu:
    header = window.combatants_dock.table.horizontalHeader()
    spot = QPoint(10, header.height() // 2)
    event = QContextMenuEvent(
        QContextMenuEvent.Reason.Mouse, spot, header.viewport().mapToGlobal(spot)
    )
    QApplication.sendEvent(header.viewport(), event)
    menu = window.combatants_dock.columns.menu
    assert menu is not None and menu.isVisible()
    return menu


# A popup menu makes the offscreen platform say it cannot raise windows or grab the keyboard.
@pytest.mark.qt_log_ignore("This plugin does not support (raise|grabbing the keyboard)")
def test_the_header_menu_hides_a_column_and_a_new_window_keeps_it_hidden(
    qtbot: QtBot, tmp_path: Path, text_scale: prefs.TextScale
) -> None:
    """Unticking Wound in the header menu hides it, here and in the next window."""
    settings_file = tmp_path / "settings.ini"
    first = _window(qtbot, settings_file, text_scale)
    menu = _open_header_menu(first)
    actions = {action.text(): action for action in menu.actions()}
    assert list(actions) == list(COLUMNS)
    assert not actions["Name"].isEnabled() and actions["Name"].isChecked()
    assert not actions["Motes"].isChecked()
    actions["Wound"].trigger()
    menu.close()
    assert "Wound" not in _visible_titles(first)
    first.close()
    second = _window(qtbot, settings_file, text_scale)
    assert _visible_titles(second) == ["Name", "Next tick", "Health", "DV penalty"]
    _assert_fits(second)


def test_a_column_shown_again_is_fitted_like_the_others(window: MainWindow, qtbot: QtBot) -> None:
    """Side, ticked back on, is about as wide as "enemy"; the Health boxes shrink to make room."""
    dock = window.combatants_dock
    boxes_before = dock.health_delegate.side
    dock.columns.set_visible("Side", True)
    qtbot.wait(50)
    side = COLUMNS.index("Side")
    assert dock.table.columnWidth(side) < dock.table.fontMetrics().horizontalAdvance("enemy") + 20
    assert boxes_before is not None and dock.health_delegate.side is not None
    assert dock.health_delegate.side < boxes_before
    _assert_fits(window)


def test_a_header_state_of_another_version_is_ignored(tmp_path: Path) -> None:
    """A saved choice from an older column set gives the defaults, not a wrong column."""
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    model = CombatantsModel(CombatModel(started_session()))
    settings.setValue(HEADER_KEY, f'{{"version": {HEADER_VERSION - 1}, "hidden": ["Health"]}}')
    assert load_hidden(settings, model) == {"Side", "Motes", "Willpower"}
    settings.setValue(HEADER_KEY, f'{{"version": {HEADER_VERSION}, "hidden": ["Name", "Side"]}}')
    assert load_hidden(settings, model) == {"Side"}
    settings.setValue(HEADER_KEY, "not json")
    assert load_hidden(settings, model) == {"Side", "Motes", "Willpower"}


@pytest.mark.parametrize(
    ("combatant", "words"),
    [
        ("lotus", "2 lethal, 1 bashing of 10 levels (7 health, 3 Dying); wound penalty -1"),
        (
            "tamsin",
            "1 aggravated, 1 lethal, 2 bashing of 11 levels (7 health, 4 Dying); wound penalty -2",
        ),
        ("bandit1", "7 bashing of 9 levels (7 health, 2 Dying); wound penalty -4; unconscious"),
        ("chief", "10 lethal of 10 levels (7 health, 3 Dying); dead"),
        ("hawk", "no damage of 9 levels (7 health, 2 Dying); no wound penalty"),
    ],
)
def test_the_health_tooltip_gives_the_track_in_words(combatant: str, words: str) -> None:
    """Worst damage first, the track's size, then the wound penalty and any condition."""
    model = CombatantsModel(_damaged())
    index = model.index(model.row_of(combatant), HEALTH)
    assert index.data(Qt.ItemDataRole.ToolTipRole) == words


def test_the_health_cell_keeps_its_text_and_hands_the_delegate_the_track() -> None:
    """The raw marks stay the display text (copy, tests); the track goes to the delegate."""
    model = CombatantsModel(_damaged())
    index = model.index(model.row_of("chief"), HEALTH)
    assert index.data() == "XXXXXXXXXX (dead)"
    track = index.data(HEALTH_ROLE)
    assert isinstance(track, BoxTrack) and "dead" in track.flags


def test_the_model_keeps_qts_contract_with_health_changes(qtmodeltester: ModelTester) -> None:
    """The model tester passes on the damaged combat and after one more track change."""
    combat = _damaged()
    model = CombatantsModel(combat)
    qtmodeltester.check(model)
    combat.push(SetHealth(combatant="lotus", marks=".........."))
    qtmodeltester.check(model)


def test_allies_wear_a_disc_and_enemies_a_square() -> None:
    """The swatch's corner is empty for an ally's disc and filled for an enemy's square."""
    for side, corner_filled in (("ally", False), ("enemy", True)):
        image = side_swatch(side, "#1f5fbf").pixmap(64, 64).toImage()
        assert image.pixelColor(32, 32).alpha() == 255
        assert (image.pixelColor(10, 10).alpha() > 200) is corner_filled


def test_boxes_leave_a_wider_gap_where_the_penalty_changes() -> None:
    """Stamina 3 at 10 px: 10 boxes, 4 gaps of 1 px inside a penalty, 5 of 3 px between."""
    labels = HealthTrack.standard(stamina=3).labels
    assert boxes_width(labels, 10) == 10 * 10 + 4 * 1 + 5 * 3


def _cell_image(window: MainWindow, combatant: str) -> QImage:
    table = window.combatants_dock.table
    proxy = table.model()
    row = next(r for r in range(proxy.rowCount()) if proxy.index(r, 0).data(ID_ROLE) == combatant)
    return table.viewport().grab(table.visualRect(proxy.index(row, HEALTH))).toImage()


def _has(image: QImage, colour: QColor) -> bool:
    return any(
        image.pixelColor(x, y).rgb() == colour.rgb()
        for x in range(image.width())
        for y in range(image.height())
    )


def test_a_selected_row_keeps_its_boxes_visible(window: MainWindow, qtbot: QtBot) -> None:
    """Lotus's selected Health cell shows the highlight, white box insides and a red lethal X."""
    window.select_combatant("lotus")
    qtbot.wait(20)
    image = _cell_image(window, "lotus")
    palette = window.combatants_dock.table.palette()
    assert _has(image, palette.color(palette.ColorRole.Highlight))
    assert _has(image, palette.color(palette.ColorRole.Base))
    reds = [image.pixelColor(x, y) for x in range(image.width()) for y in range(image.height())]
    assert any(c.red() > 150 and c.green() < 90 and c.blue() < 90 for c in reds)


def test_a_numbered_name_elides_before_its_number(qapp: QApplication) -> None:
    """Too wide a "Hunt spearman 3" keeps " 3"; a plain name elides at its end."""
    metrics = QFontMetrics(qapp.font())
    width = metrics.horizontalAdvance("Hunt spear 3")
    short = elide_keeping_number("Hunt spearman 3", metrics, width)
    assert short.endswith("… 3") and short.startswith("Hunt")
    assert metrics.horizontalAdvance(short) <= width
    plain = elide_keeping_number("Kestrel of the Burning Road", metrics, width)
    assert plain.startswith("Kestrel") and plain.endswith("…")
    assert elide_keeping_number("Bandit 3", metrics, width) == "Bandit 3"


def test_the_roster_tells_bandits_apart_in_larger_text(window: MainWindow, qtbot: QtBot) -> None:
    """With Ctrl+L in the laptop dock, long names elide to fit; Bandit 1, 2, 3 keep numbers."""
    window.actions_by_name["larger_text"].trigger()
    qtbot.wait(100)
    table = window.combatants_dock.table
    proxy = table.model()
    delegate = window.combatants_dock.name_delegate
    shown = {}
    for row in range(proxy.rowCount()):
        index = proxy.index(row, 0)
        option = QStyleOptionViewItem()
        table.initViewItemOption(option)  # what the table hands its delegates
        option.rect = table.visualRect(index)
        delegate.initStyleOption(option, index)
        shown[index.data(ID_ROLE)] = option.text
        room = option.rect.width() - table.iconSize().width()
        assert option.fontMetrics.horizontalAdvance(option.text) < room
    assert [shown[f"bandit{n}"][-2:] for n in (1, 2, 3)] == [" 1", " 2", " 3"]
    assert shown["lotus"] != "Red Lotus Dancer"  # the dock is too narrow for the whole name


def test_a_name_is_measured_once_per_room_not_on_every_repaint(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Painting the table twice measures no name the second time (a re-sort repaints
    every row); a wider Name column measures names again, each once per room it gets.

    Exact on any machine: how many rooms a resize passes through depends on the fonts
    (a scroll bar may come and go), so the test counts the (name, room, font) keys the
    delegate has seen, not a bound on the rows."""
    window.actions_by_name["larger_text"].trigger()
    qtbot.wait(100)
    table = window.combatants_dock.table
    delegate = window.combatants_dock.name_delegate
    table.viewport().grab()
    measured = delegate.measured
    assert measured == delegate.rooms_seen
    table.viewport().grab()
    assert delegate.measured == measured
    # Wider, not narrower: a dock already at its narrowest (as on a small screen) would
    # not shrink, and the Name column is the one that stretches.
    width = table.columnWidth(0)
    window.resizeDocks([window.combatants_dock], [window.combatants_dock.width() + 80],
                       Qt.Orientation.Horizontal)
    qtbot.wait(50)
    assert table.columnWidth(0) > width
    table.viewport().grab()
    widened = delegate.measured
    assert widened > measured
    assert widened == delegate.rooms_seen
    table.viewport().grab()
    assert delegate.measured == widened


def test_widening_the_dock_gives_the_room_back_to_names_and_boxes(
    window: MainWindow, qtbot: QtBot
) -> None:
    """In larger text the boxes shrink to fit; a dock dragged wider regrows them and the names."""
    dock = window.combatants_dock
    window.actions_by_name["larger_text"].trigger()
    qtbot.wait(100)
    narrow_side = dock.health_delegate.side
    narrow_name = dock.table.columnWidth(0)
    window.resizeDocks([dock], [dock.width() + 200], Qt.Orientation.Horizontal)
    assert narrow_side is not None
    # The boxes regrow once the queued layout has run (a fixed wait was too short under load).
    qtbot.waitUntil(lambda: (dock.health_delegate.side or 0) > narrow_side, timeout=3000)
    assert dock.table.columnWidth(0) > narrow_name
    _assert_fits(window)


def test_larger_text_leaves_the_roster_its_width_when_the_wheel_needs_all_of_its_own(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Ctrl+L at 1366x768: the wheel comes first. Its width sets its size there, so the
    roster is not widened for its names (they elide) and the wheel is drawn no smaller;
    Ctrl+L again, the roster keeps that width.

    (The rule used to let the roster take a quarter of the wheel's width.)
    """
    dock, view = window.combatants_dock, window.wheel_view
    normal, scale, row = dock.width(), view.wheel_scale(), dock.table.rowHeight(0)
    assert view.spare_width(scale) < 8  # the wheel fills its width: nothing to spare
    window.actions_by_name["larger_text"].trigger()
    qtbot.waitUntil(lambda: dock.table.rowHeight(0) > row)
    qtbot.wait(100)  # the deferred layout passes that could widen the roster
    assert abs(dock.width() - normal) <= 4
    assert view.wheel_scale() >= scale - 1e-6
    _assert_fits(window)
    window.actions_by_name["larger_text"].trigger()
    qtbot.waitUntil(lambda: abs(dock.width() - normal) <= 4)


def test_larger_text_widens_the_roster_only_into_width_the_wheel_does_not_need(
    window: MainWindow, qtbot: QtBot
) -> None:
    """A wide, short window, where the wheel's height sets its size: Ctrl+L gives the
    roster's names some of the width the wheel cannot use, never more (the wheel is
    still limited by its height, not its width); Ctrl+L again gives it back."""
    dock, view = window.combatants_dock, window.wheel_view
    window.resize(1366, 480)
    qtbot.waitUntil(lambda: view.spare_width(view.wheel_scale()) > 40)
    normal = dock.width()
    window.actions_by_name["larger_text"].trigger()
    qtbot.waitUntil(lambda: dock.width() > normal + 8)
    qtbot.wait(100)  # let the deferred widening settle
    assert view.spare_width(view.wheel_scale()) >= 0
    assert dock.width() <= dock.comfortable_width()
    _assert_fits(window)
    window.actions_by_name["larger_text"].trigger()
    qtbot.waitUntil(lambda: abs(dock.width() - normal) <= 4)


def _table_order(window: MainWindow) -> list[tuple[str, int]]:
    proxy = window.combatants_dock.proxy
    tick = window.combatants_model.order_column()
    return [
        (proxy.index(row, 0).data(ID_ROLE), int(proxy.index(row, tick).data() or 10**9))
        for row in range(proxy.rowCount())
    ]


def test_the_table_follows_the_turn_order_tick_after_tick(window: MainWindow) -> None:
    """Five ticks of guards on the started combat (several actors at once), then undo:
    after every step the rows are in the order of their next tick."""
    from battlewheel.engine.rulesets.rewrite.actions import (
        ApplyTickEffects,
        DeclaredManoeuvre,
        DeclareFlurry,
        NextTick,
    )

    combat = window.combat
    seen = []
    for _ in range(14):
        state = combat.state
        if state.phase == "declare":
            for cid in state.acting_ids():
                combat.push(DeclareFlurry(cid, (DeclaredManoeuvre("guard"),)))
        elif state.phase == "effects":
            assert combat.push(ApplyTickEffects()) is None
        else:
            assert combat.push(NextTick()) is None
        order = _table_order(window)
        ticks = [tick for _cid, tick in order]
        assert ticks == sorted(ticks), order
        seen.append(order[0])
    assert len(set(seen)) > 3  # the top row did change
    while combat.undo_stack.canUndo():
        combat.undo_stack.undo()
        ticks = [tick for _cid, tick in _table_order(window)]
        assert ticks == sorted(ticks)


def test_qt_reads_the_table_without_calling_python(qapp: QApplication) -> None:
    """Painting the table asks the model nothing in Python: its cells are Qt's own items
    (a model overriding ``data`` would be asked for every cell and role on each paint)."""
    model = CombatantsModel(_damaged())
    python_readers = {"data", "index", "rowCount", "columnCount", "headerData", "flags"}
    assert not python_readers & set(vars(type(model)))
    assert model.item(model.row_of("chief"), HEALTH) is not None


def test_the_2e_penalty_column_says_it_is_a_penalty_not_the_dv(window: MainWindow) -> None:
    """Issue 35: the column holding the last flurry's DV penalty was headed a bare "DV"."""
    table = window.combatants_dock.table
    column = COLUMNS.index("DV penalty")
    header = table.model().headerData(column, Qt.Orientation.Horizontal)
    assert header == "DV-"  # "DV minus"; its tooltip says "DV penalty"
    _assert_fits(window)
