"""Larger text (Ctrl+L) on the real window: the wheel comes first (issue 15).

At the sizes of a laptop and of a desktop screen, on each system's demo fight, larger
text must leave the wheel at least as large on screen as normal text does, and draw its
ring labels and its counters larger on screen; the docks give way (they keep their
widths, the sheet scrolls sideways) and the window does not grow.
"""

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QDockWidget
from pytestqt.qtbot import QtBot

from battlewheel.app import _main_window
from battlewheel.engine.core.contract import TurnTrack
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.wheel.geometry import COUNTER_SIZE, OUTER_RADIUS
from battlewheel.views.wheel.view import WheelView
from tests.conformance import SYSTEMS, demo_session, piece


@dataclass(frozen=True)
class OnScreen:
    """What the GM sees of the wheel, in screen pixels."""

    diameter: float
    label_points: float  # a ring label's type size, as drawn on screen
    counters: dict[str, float]  # each counter's width
    docks: dict[str, int]  # the width of each dock on screen
    window_width: int


def _measure(window: MainWindow) -> OnScreen:
    scale = window.wheel_view.wheel_scale()
    label = window.scene.segments[0].label
    counters = {cid: item.scale() * COUNTER_SIZE * scale
                for cid, item in window.scene.counters.items()}
    docks = {dock.objectName(): dock.width() for dock in window.findChildren(QDockWidget)
             if dock.isVisible() and not dock.isFloating() and not dock.visibleRegion().isEmpty()}
    return OnScreen(2 * OUTER_RADIUS * scale, label.text_font().pointSizeF() * scale,
                    counters, docks, window.width())


def _whole_ring_shown(window: MainWindow) -> bool:
    view = window.wheel_view
    ring = QRectF(-OUTER_RADIUS, -OUTER_RADIUS, 2 * OUTER_RADIUS, 2 * OUTER_RADIUS)
    on_screen = view.mapFromScene(ring).boundingRect()
    return view.viewport().rect().contains(on_screen)


@pytest.fixture(params=[(1366, 768), (1920, 1080)], ids=["laptop", "desktop"])
def window(
    request: pytest.FixtureRequest, qtbot: QtBot, qapp: QApplication, tmp_path: Path
) -> Iterator[MainWindow]:
    """The demo campaign in the real window at a laptop's and a desktop's size."""
    built = _main_window(qapp, None, settings_file=tmp_path / "settings.ini")
    qtbot.addWidget(built)
    built.resize(*request.param)
    with qtbot.waitSignal(built.firstPainted):
        built.show()
    qtbot.wait(100)
    yield built
    prefs.TextScale(qapp).apply(False)


def _show_system(window: MainWindow, qtbot: QtBot, system: str) -> None:
    files = window.files
    assert isinstance(files, StoredCampaigns) and window.combats_menu is not None
    record = next(r for r in files.campaign.combats if r.session.ruleset.name == system)
    window.combats_menu.show(record.id)
    qtbot.waitUntil(lambda: window.combat.session.ruleset.name == system)
    _settle(window, qtbot)  # the new combat's sheets take their docks' widths


def _settle(window: MainWindow, qtbot: QtBot) -> None:
    # Docks take their widths over a few deferred layout passes: wait until what the GM
    # sees stays the same for a moment.
    seen = [_measure(window)]

    def steady() -> bool:
        qtbot.wait(60)
        seen.append(_measure(window))
        return seen[-1] == seen[-2]

    qtbot.waitUntil(steady)


def _toggle_larger_text(window: MainWindow, qtbot: QtBot, on: bool) -> None:
    window.actions_by_name["larger_text"].setChecked(on)
    factor = prefs.LARGER_TEXT_FACTOR if on else 1.0
    qtbot.waitUntil(lambda: window.scene.text_scale == factor)
    _settle(window, qtbot)  # the deferred layout passes that put dock widths back


@pytest.mark.parametrize("system", SYSTEMS)
def test_larger_text_keeps_the_wheel_and_grows_its_labels_and_counters(
    window: MainWindow, qtbot: QtBot, system: str
) -> None:
    """Ctrl+L on each system's demo fight: the wheel is as large on screen as before, shown
    whole; a ring label's type and the counters are larger on screen (one by the full 1.4,
    none smaller); every dock keeps its width and the window its size. Ctrl+L again: back."""
    _show_system(window, qtbot, system)
    normal = _measure(window)
    _toggle_larger_text(window, qtbot, True)
    larger = _measure(window)
    assert larger.diameter >= normal.diameter - 1e-6
    assert _whole_ring_shown(window)
    assert larger.label_points > normal.label_points * 1.3
    growth = [larger.counters[cid] / normal.counters[cid] for cid in normal.counters]
    assert growth and min(growth) >= 1 - 1e-9
    assert max(growth) == pytest.approx(prefs.LARGER_TEXT_FACTOR)
    assert larger.docks == pytest.approx(normal.docks, abs=4)
    assert larger.window_width == normal.window_width
    _toggle_larger_text(window, qtbot, False)
    back = _measure(window)
    assert back.diameter == pytest.approx(normal.diameter, abs=1), (normal, back)


def test_the_hubs_words_fit_the_disc_in_larger_text() -> None:
    """Pool & Ward's hub "round 1 / Cutthroat / 1" in larger text ran past the disc's rim:
    its type now shrinks until the words fit the square inside the disc."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QFont, QFontMetricsF

    from battlewheel.views import settings as prefs
    from battlewheel.views.wheel.scene import HUB_TEXT_HEIGHT, HUB_TEXT_WIDTH, hub_font

    text = "round 1\nCutthroat\n1"
    font = hub_font(QFont(), text, prefs.LARGER_TEXT_FACTOR)
    used = QFontMetricsF(font).boundingRect(QRectF(0, 0, HUB_TEXT_WIDTH, 1000),
                                             Qt.AlignmentFlag.AlignCenter, text)
    assert used.width() <= HUB_TEXT_WIDTH and used.height() <= HUB_TEXT_HEIGHT
    assert hub_font(QFont(), "tick\n7", 1.0).pixelSize() == 26  # short words keep their size



def _demo_track(system: str) -> TurnTrack:
    """A demo fight's wheel, its fighters on it (its conformance file's ``on_the_wheel``),
    a condition on its first fighter."""
    from battlewheel.engine.core.conditions import AddCondition, Condition

    session = demo_session(system)
    piece(system, "on_the_wheel")(session)
    first = session.ruleset.turn_track(session.state).counters[0].id
    session.apply(AddCondition(combatant=first, condition=Condition("Pron", dice=-2)))
    return session.ruleset.turn_track(session.state)


def _smallest_type_on_screen(view: WheelView) -> float:
    """The smallest badge or lamp type any counter on the ring draws, in screen pixels."""
    from battlewheel.views.wheel import gauges
    from battlewheel.views.wheel.counter_item import badge_font

    sizes = []
    for item in view.wheel_scene.counters.values():
        if item.info.slot is None:
            continue
        on_screen = item.deviceTransform(view.viewportTransform()).m11()
        if item.info.badges:
            sizes.append(badge_font(QFont(), item.badge_boost).pixelSize() * on_screen)
        if item.info.lamps or item.info.pips:
            sizes.append(gauges.letter_font(QFont()).pixelSize() * on_screen)
    assert sizes, "no counter on the ring wears a badge"
    return min(sizes)


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("across", [290, 420])
def test_badges_are_readable_and_grow_with_larger_text(
    qtbot: QtBot, system: str, across: int
) -> None:
    """Each demo fight, a condition on a fighter, its wheel drawn as small as 1366x768
    draws it (290 to 420 pixels across): the smallest badge or lamp type is at least
    READABLE_PX on screen (it was 4.6 to 7.6), and larger text draws it larger still."""
    from battlewheel.views.wheel.counter_item import READABLE_PX
    from battlewheel.views.wheel.scene import WheelScene
    from battlewheel.views.wheel.view import WheelView

    scene = WheelScene()
    scene.set_wheel(_demo_track(system))
    view = WheelView(scene)
    qtbot.addWidget(view)
    view.resize(round(across * scene.sceneRect().width() / (2 * OUTER_RADIUS)) + 8, 900)
    view.show()
    qtbot.waitExposed(view)
    assert 2 * OUTER_RADIUS * view.wheel_scale() == pytest.approx(across, abs=6)
    normal = _smallest_type_on_screen(view)
    scene.set_text_scale(prefs.LARGER_TEXT_FACTOR)
    larger = _smallest_type_on_screen(view)
    assert normal >= READABLE_PX - 0.05, normal
    assert larger > normal, (normal, larger)
