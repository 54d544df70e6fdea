"""Sheet tabs stay readable with ten combatants: short unique titles, never elided."""

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QGroupBox, QScrollArea, QTabBar, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.rulesets.rewrite.actions import CycleHealthBox
from battlewheel.models.combat_model import CombatModel
from battlewheel.models.tab_titles import short_title, tab_titles
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.sheets.sheet_dock import CharacterSheetDock
from tests.desktop.started_combat import started_session
from tests.desktop.windows import painted_window


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("Kestrel of the Burning Road", "Kestrel"),
        ("Tamsin of the Reeds", "Tamsin"),
        ("Red Lotus Dancer", "Red Lotus"),  # "Red Lotus Dancer" is 16 letters, over 14
        ("Captain Oda Vesk", "Captain Oda"),
        ("Sesus Amaranth", "Sesus Amaranth"),  # exactly 14
        ("Bandit 3", "Bandit 3"),
        ("Hunt spearman 12", "Hunt spearman 12"),  # the number is always kept
        ("Immaculate Dragon Monk 2", "Immaculate 2"),
        ("Ghost", "Ghost"),
    ],
)
def test_a_short_title_keeps_the_leading_words_and_a_trailing_number(
    name: str, title: str
) -> None:
    """Leading words up to 14 letters, stopping at 'of'/'the', plus any trailing number."""
    assert short_title(name) == title


def test_titles_two_combatants_would_share_fall_back_to_full_names() -> None:
    """Two 'Kestrel of ...' get their full names; the others keep short ones."""
    names = {"a": "Kestrel of the Road", "b": "Kestrel of the Sea", "c": "Tamsin of the Reeds"}
    assert tab_titles(names) == {
        "a": "Kestrel of the Road",
        "b": "Kestrel of the Sea",
        "c": "Tamsin",
    }


@pytest.fixture
def window(qtbot: QtBot, qapp: QApplication, tmp_path: Path) -> MainWindow:
    """The started test combat (ten combatants) in a window of a laptop's size."""
    built = painted_window(qtbot, CombatModel(started_session()), tmp_path / "settings.ini",
                           size=(1366, 768), text_scale=prefs.TextScale(qapp))
    qtbot.waitUntil(lambda: _sheet_bar(built) is not None)
    return built


def _sheet_bar(window: MainWindow) -> QTabBar | None:
    for bar in window.findChildren(QTabBar):
        texts = {bar.tabText(i) for i in range(bar.count())}
        if bar.parent() is window and "Red Lotus" in texts:
            return bar
    return None


def test_ten_sheet_tabs_show_whole_short_titles_and_scroll(window: MainWindow) -> None:
    """Each sheet's tab shows its short title unelided; the bar scrolls instead."""
    bar = _sheet_bar(window)
    assert bar is not None
    assert bar.count() == 10
    texts = {bar.tabText(i) for i in range(bar.count())}
    assert {"Red Lotus", "Tamsin", "Bandit Chief", "Bandit 1", "Old Kettle"} <= texts
    assert bar.elideMode() == Qt.TextElideMode.ElideNone
    assert bar.usesScrollButtons()
    assert window.sheet_docks["tamsin"].toolTip() == "Tamsin of the Reeds"


def test_clicking_a_counter_brings_its_sheet_tab_forward(
    window: MainWindow, qtbot: QtBot
) -> None:
    """A click on Old Kettle's counter makes 'Old Kettle' the sheets' current tab."""
    view = window.wheel_view
    point = view.mapFromScene(window.scene.counters["kettle"].pos())
    QTest.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point
    )
    bar = _sheet_bar(window)
    assert bar is not None
    qtbot.waitUntil(lambda: bar.tabText(bar.currentIndex()) == "Old Kettle")


def test_in_larger_text_the_sheet_scrolls_sideways_and_its_dock_keeps_its_width(
    window: MainWindow, qtbot: QtBot, qapp: QApplication
) -> None:
    """View > Larger text: the wheel comes first, so the sheet's dock keeps its width and
    the sheet, now wider than the dock, scrolls sideways to its right-hand column; the
    sections narrow enough for the dock (Defences, say) stay in sight, values and all.

    (The rule was once the other way round: the dock widened and the wheel gave way.)
    Back in normal text the sheet fits its dock again with no sideways scroll bar.
    """
    dock = window.sheet_docks["lotus"]
    scroll = dock.widget()
    assert isinstance(scroll, QScrollArea)
    sheet = scroll.widget()
    normal, width, wheel = sheet.font().pointSizeF(), dock.width(), window.wheel_view.width()
    window.actions_by_name["larger_text"].trigger()
    try:
        qtbot.waitUntil(lambda: sheet.font().pointSizeF() > normal * 1.3)
        qtbot.waitUntil(lambda: sheet.minimumSizeHint().width() > scroll.viewport().width())
        bar = scroll.horizontalScrollBar()
        qtbot.waitUntil(bar.isVisible)
        assert bar.maximum() >= sheet.minimumSizeHint().width() - scroll.viewport().width()
        assert abs(dock.width() - width) <= 4
        assert window.wheel_view.width() >= wheel - 4
        room = scroll.viewport().width()
        qtbot.waitUntil(lambda: _assert_narrow_sections_in_sight(sheet, room))
    finally:
        window.actions_by_name["larger_text"].trigger()
        prefs.TextScale(qapp).apply(False)
    qtbot.waitUntil(lambda: scroll.viewport().width() >= sheet.minimumSizeHint().width())
    assert not scroll.horizontalScrollBar().isVisible()


def _assert_narrow_sections_in_sight(sheet: QWidget, room: int) -> None:
    direct = Qt.FindChildOption.FindDirectChildrenOnly
    sections = [box for box in sheet.findChildren(QGroupBox, options=direct) if box.isVisible()]
    narrow = [box for box in sections if box.minimumSizeHint().width() <= room - 20]
    assert narrow and len(narrow) < len(sections)  # some fit the dock, some need more
    for box in narrow:
        assert box.geometry().right() < room, box.title()


def test_a_sheet_behind_another_tab_redraws_only_when_its_tab_comes_up(
    window: MainWindow, qtbot: QtBot
) -> None:
    """A box cycled on Old Kettle while Red Lotus's tab is up waits for Kettle's tab.

    Qt leaves a sheet in a back tab isVisible() (it is only moved out of sight), so this
    is the case where a keypress would otherwise redraw every changed combatant's sheet.
    """
    kettle = window.sheet_docks["kettle"]
    kettle.raise_()  # drawn once (a back tab never shown has nothing drawn yet)
    qtbot.waitUntil(lambda: not kettle.is_stale())
    window.sheet_docks["lotus"].raise_()
    qtbot.waitUntil(lambda: kettle.visibleRegion().isEmpty())
    assert kettle.isVisible()  # Qt's view of a back tab, hence the sheet's own flag
    before = _shown_marks(kettle)
    window.combat.push(CycleHealthBox("kettle", 0))
    assert kettle.is_stale()
    assert _shown_marks(kettle) == before
    kettle.raise_()
    qtbot.waitUntil(lambda: not kettle.is_stale())
    combatant = window.combat.combatant("kettle")
    assert combatant is not None
    assert _shown_marks(kettle) == combatant.health.marks != before


def _shown_marks(dock: CharacterSheetDock) -> str:
    track = dock.sheet.health.track()
    assert track is not None
    return track.marks


def test_the_sheets_in_back_tabs_are_drawn_only_when_their_tab_first_comes_up(
    window: MainWindow, qtbot: QtBot
) -> None:
    """At start-up only the sheet on screen is drawn; the others wait for their tab."""
    docks = window.sheet_docks
    drawn = {cid for cid, dock in docks.items() if dock.draws}
    assert len(drawn) == 1
    assert all(docks[cid].is_stale() for cid in docks if cid not in drawn)
    other = next(cid for cid in docks if cid not in drawn)
    assert docks[other].toolTip() == window.combat.name(other)
    docks[other].raise_()
    qtbot.waitUntil(lambda: docks[other].draws == 1)
    assert docks[other].sheet.info() is not None


class _ZOrder(QObject):
    """Counts the z-order changes a widget is told of (each repaints all of it)."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__()
        self.changes = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ZOrderChange:
            self.changes += 1
        return False


def test_a_sheet_brought_forward_leaves_the_wheel_where_it_is(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Choosing Tamsin's sheet, Old Kettle's and Tamsin's again chooses their tabs: the
    wheel is not raised back above the docks (Qt does that after a dock's raise,
    repainting all of it)."""
    bar = _sheet_bar(window)
    assert bar is not None
    # Once, the first change of tab raises the wheel above the sheets' docks (added
    # after it, they start above it).
    window.select_combatant("bandit1")
    QApplication.processEvents()
    wheel = _ZOrder(window.wheel_view)
    for combatant_id, title in (("tamsin", "Tamsin"), ("kettle", "Old Kettle"),
                                ("tamsin", "Tamsin")):
        window.select_combatant(combatant_id)
        QApplication.processEvents()
        assert bar.tabText(bar.currentIndex()) == title
        assert window.sheet_docks[combatant_id].sheet.info() is not None  # drawn
    assert wheel.changes == 0


def test_the_sheet_tabs_keep_one_width_the_widest_sheets(window: MainWindow) -> None:
    """Each sheet asks for the widest width any of its tabbed fellows asked for, so a
    change of tab never changes the dock area's width (nor the wheel's)."""
    scrolls = [dock.sheet_scroll for dock in window.sheet_docks.values()]
    own = {id(s): s.widget().minimumSizeHint().width() for s in scrolls}
    assert len(set(own.values())) > 1  # the sheets do differ
    asked = {s.minimumSizeHint().width() for s in scrolls}
    assert len(asked) == 1
    assert asked.pop() >= max(own.values())
