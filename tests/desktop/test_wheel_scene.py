"""The battlewheel scene: geometry, counters and the drag gesture, on hand-made wheels."""

import cProfile
import itertools
import math
import pstats
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.contract import Counter, Slot, TurnTrack, initials, unique_initials
from battlewheel.engine.rulesets.rewrite.wheel.view import badges, segment_ticks, state_words
from battlewheel.views.wheel import geometry, palette
from battlewheel.views.wheel.counter_item import badge_texts
from battlewheel.views.wheel.geometry import (
    COUNTER_PITCH,
    LABEL_RADIUS,
    SMALLEST_SCALE,
    fan_slots,
    point_at,
    segment_at,
)
from battlewheel.views.wheel.scene import WheelScene
from battlewheel.views.wheel.view import WheelView
from tests.engine.counting import calls_of


def _counter(
    cid: str,
    segment: int | None,
    side: str = "ally",
    *,
    dv_penalty: int = 0,
    wound_penalty: int = 0,
    laps_ahead: int = 0,
    surprise: str | None = None,
    unconscious: bool = False,
    critical: bool = False,
    dead: bool = False,
) -> Counter:
    """A 2e counter as the 2e wheel view dresses it: its badges and state words."""
    states = state_words(surprise, unconscious=unconscious, critical=critical, dead=dead)
    return Counter(
        id=cid, name=f"Fighter {cid}", initials=cid, side=side, slot=segment, down=dead,
        badges=badges(dv_penalty=dv_penalty, wound_penalty=wound_penalty, laps=laps_ahead,
                      states=states),
        states=states,
    )


def _wheel(counters: tuple[Counter, ...] = (), count: int = 7,
           cursor: int | None = None) -> TurnTrack:
    return TurnTrack(slots=tuple(Slot(f"tick {i}") for i in range(count)), cursor=cursor,
                     counters=counters)


def test_segment_labels_count_on_from_the_active_tick() -> None:
    """Tick 10 on segment 3 of 7: segments 0..6 stand for ticks 14,15,16,10,11,12,13."""
    assert segment_ticks(7, 10, 3) == [14, 15, 16, 10, 11, 12, 13]


def test_segment_labels_before_the_battle_are_the_segment_numbers() -> None:
    """Before the first tick the wheel shows ticks 0..n-1."""
    assert segment_ticks(5, None, None) == [0, 1, 2, 3, 4]


def test_initials_take_word_letters_and_keep_numbers() -> None:
    """Two words give two capitals, one word two letters, a numbered name its number."""
    assert initials("Harmonious Jade") == "HJ"
    assert initials("Swan") == "Sw"
    assert initials("Bandit 12") == "B12"


def test_initials_that_collide_are_numbered() -> None:
    """Two "Wolf" counters read Wo1 and Wo2; a unique name keeps its plain initials."""
    assert unique_initials(["Wolf", "Wolf", "Panther"]) == ["Wo1", "Wo2", "Pa"]


def test_segment_at_finds_each_segment_from_its_middle() -> None:
    """A point in the middle of segment k (radius 200) is reported as segment k."""
    for count in (5, 7, 10):
        for segment in range(count):
            x, y = point_at(200, (segment + 0.5) * 360 / count)
            assert segment_at(x, y, count) == segment


def test_segment_at_ignores_the_hub_and_the_outside() -> None:
    """The centre disc and points far outside the wheel are no segment."""
    assert segment_at(0, 0, 7) is None
    assert segment_at(0, -1000, 7) is None


@given(st.integers(min_value=1, max_value=14), st.integers(min_value=0, max_value=6))
def test_fanned_counters_never_overlap(how_many: int, segment: int) -> None:
    """Up to fourteen counters in one of seven segments keep a full counter's distance."""
    slots = fan_slots(segment, 7, how_many)
    assert len(slots) == how_many
    for a, b in itertools.combinations(slots, 2):
        assert math.hypot(a.x - b.x, a.y - b.y) >= COUNTER_PITCH * a.scale * 0.8
    for slot in slots:
        assert segment_at(slot.x, slot.y, 7) == segment


def test_a_crowded_segment_shrinks_its_counters_but_not_below_the_floor() -> None:
    """Thirty counters on one segment are drawn smaller, never below the readable floor."""
    slots = fan_slots(0, 7, 30)
    assert all(SMALLEST_SCALE <= slot.scale < 1.0 for slot in slots)


def test_badges_name_penalties_laps_and_states() -> None:
    """DV -2, wound -1, one lap ahead and critical each get their corner badge."""
    info = _counter("x", 0, dv_penalty=2, wound_penalty=1, laps_ahead=1, critical=True)
    assert {corner: text for corner, (text, _) in badge_texts(info).items()} == {
        "top_left": "DV-2",
        "top_right": "+1 lap",
        "bottom_left": "W-1",
        "bottom_right": "!",
    }


def test_a_dead_counter_wears_only_the_dagger() -> None:
    """A dead combatant's penalties are moot: its counter shows the dagger badge alone."""
    info = _counter("x", 0, dv_penalty=2, wound_penalty=4, laps_ahead=1, dead=True)
    assert {corner: text for corner, (text, _) in badge_texts(info).items()} == {
        "bottom_right": "†"
    }


def test_surprised_and_critical_share_the_state_badge() -> None:
    """A surprised, critical combatant shows "?!" and no other badge."""
    info = _counter("x", 0, surprise="partially", critical=True)
    assert {k: v[0] for k, v in badge_texts(info).items()} == {"bottom_right": "?!"}


def test_scene_puts_each_counter_on_its_segment(qtbot: QtBot) -> None:
    """Every counter item stands inside the segment its info names; three share segment 2."""
    scene = WheelScene()
    counters = (
        _counter("A", 2),
        _counter("B", 2),
        _counter("C", 2, "enemy"),
        _counter("D", 5, "enemy"),
    )
    scene.set_wheel(_wheel(counters, cursor=3))
    for info in counters:
        item = scene.counters[info.id]
        assert segment_at(item.x(), item.y(), 7) == info.slot
    a, b = scene.counters["A"].pos(), scene.counters["B"].pos()
    assert math.hypot(a.x() - b.x(), a.y() - b.y()) >= COUNTER_PITCH * 0.8


def test_scene_follows_a_new_segment_count_and_drops_removed_counters(qtbot: QtBot) -> None:
    """Going from 7 to 10 segments rebuilds the ring; a counter no longer listed goes."""
    scene = WheelScene()
    scene.set_wheel(_wheel((_counter("A", 1), _counter("B", 2))))
    scene.set_wheel(_wheel((_counter("A", 9),), count=10))
    assert len(scene.segments) == 10
    assert set(scene.counters) == {"A"}
    item = scene.counters["A"]
    assert segment_at(item.x(), item.y(), 10) == 9


def _view_point(view: WheelView, scene_point: QPointF) -> QPoint:
    return view.mapFromScene(scene_point)


def test_dragging_a_counter_reports_the_target_and_springs_back(qtbot: QtBot) -> None:
    """Real mouse events drag A from segment 1 to 4; the scene reports it and, with the
    wheel unchanged (as after a refusal), A stands on segment 1 again."""
    scene = WheelScene()
    scene.set_wheel(_wheel((_counter("A", 1),)))
    view = _shown(qtbot, scene, 700, 700)
    start = scene.counters["A"].pos()
    target = QPointF(*point_at(200, 4.5 * 360 / 7))
    with qtbot.waitSignal(scene.counterDropped) as dropped:
        _drag(view, start, target)
    assert dropped.args == ["A", 4]
    assert scene.counters["A"].pos() == start


def _drag(view: WheelView, start: QPointF, target: QPointF) -> None:
    viewport = view.viewport()
    begin, end = _view_point(view, start), _view_point(view, target)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, begin)
    for step in range(1, 6):
        point = begin + (end - begin) * (step / 5)
        QTest.mouseMove(viewport, point)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def test_a_click_without_moving_selects_and_reports_no_drop(qtbot: QtBot) -> None:
    """A press and release in place selects the counter and reports it, but drops nothing."""
    scene = WheelScene()
    scene.set_wheel(_wheel((_counter("A", 1), _counter("B", 3))))
    view = _shown(qtbot, scene, 700, 700)
    drops: list[tuple[str, int]] = []
    scene.counterDropped.connect(lambda cid, seg: drops.append((cid, seg)))
    with qtbot.waitSignal(scene.counterSelected) as chosen:
        QTest.mouseClick(
            view.viewport(),
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
            _view_point(view, scene.counters["B"].pos()),
        )
    assert chosen.args == ["B"]
    assert drops == []
    assert scene.selected_counter() == "B"


def test_each_of_three_fanned_counters_can_be_clicked(qtbot: QtBot) -> None:
    """Three counters sharing segment 2: a click on each selects that one, not a neighbour."""
    scene = WheelScene()
    counters = (_counter("A", 2), _counter("B", 2), _counter("C", 2, "enemy"))
    scene.set_wheel(_wheel(counters))
    view = _shown(qtbot, scene, 600, 600)
    for info in counters:
        point = _view_point(view, scene.counters[info.id].pos())
        QTest.mouseClick(
            view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point
        )
        assert scene.selected_counter() == info.id


def test_a_counter_let_go_on_the_hub_is_reported_as_missed(qtbot: QtBot) -> None:
    """Dragged onto the centre disc, A reports a missed drop and stands on segment 1 again."""
    scene = WheelScene()
    scene.set_wheel(_wheel((_counter("A", 1),)))
    view = _shown(qtbot, scene, 700, 700)
    start = scene.counters["A"].pos()
    with qtbot.waitSignal(scene.counterDropMissed) as missed:
        _drag(view, start, QPointF(0, 0))
    assert missed.args == ["A"]
    assert scene.counters["A"].pos() == start


def test_counters_not_on_the_wheel_wait_in_a_tray_below_it(qtbot: QtBot) -> None:
    """Two combatants without a segment stand side by side below the tick labels, and the
    scene grows to show them; once both are placed the tray and the extra room go."""
    scene = WheelScene()
    plain = scene.sceneRect()
    scene.set_wheel(_wheel((_counter("A", None), _counter("B", None, "enemy"))))
    a, b = scene.counters["A"].pos(), scene.counters["B"].pos()
    assert a.y() == b.y() > LABEL_RADIUS
    assert b.x() - a.x() >= COUNTER_PITCH
    assert segment_at(a.x(), a.y(), 7) is None
    assert scene.sceneRect().bottom() >= a.y() + COUNTER_PITCH / 2 > plain.bottom()
    assert scene.tray_caption.isVisible()
    scene.set_wheel(_wheel((_counter("A", 1), _counter("B", 2, "enemy"))))
    assert scene.sceneRect() == plain
    assert not scene.tray_caption.isVisible()


def test_a_counter_dragged_from_the_tray_reports_its_segment(qtbot: QtBot) -> None:
    """A waiting counter dragged onto segment 5 is reported like any other drop."""
    scene = WheelScene()
    scene.set_wheel(_wheel((_counter("A", None),)))
    view = _shown(qtbot, scene, 700, 760)
    with qtbot.waitSignal(scene.counterDropped) as dropped:
        _drag(view, scene.counters["A"].pos(), QPointF(*point_at(200, 5.5 * 360 / 7)))
    assert dropped.args == ["A", 5]


def test_a_held_counter_waits_beside_the_ring_with_room_for_its_trigger(qtbot: QtBot) -> None:
    """A counter holding its action (pocket "when the gate opens") stands in the tray, not
    on a slot; its item grows to write the trigger under it, and the caption says held."""
    scene = WheelScene()
    held = Counter(id="H", name="Holder", initials="H", side="ally", slot=None,
                   pocket="when the gate opens")
    scene.set_wheel(_wheel((_counter("A", 1), held)))
    item = scene.counters["H"]
    assert segment_at(item.x(), item.y(), 7) is None
    plain = scene.counters["A"].boundingRect()
    assert item.boundingRect().height() > plain.height()
    assert scene.tray_caption.isVisible() and scene.tray_caption.text() == "held"


def _pocket_wheel(*counters: Counter) -> TurnTrack:
    return TurnTrack(slots=tuple(Slot(str(i)) for i in range(7)), counters=counters,
                     pocket=True, pocket_caption="held actions")


def _shown(qtbot: QtBot, scene: WheelScene, width: int = 760, height: int = 760) -> WheelView:
    """A view of ``scene`` at ``width`` x ``height``, shown and exposed."""
    view = WheelView(scene)
    view.resize(width, height)
    view.show()
    qtbot.waitExposed(view)
    return view


def test_a_ring_with_a_pocket_keeps_held_counters_in_it_clear_of_the_ring(qtbot: QtBot) -> None:
    """On a ring with a pocket the held counter stands in the pocket (not the tray, not a
    segment), the pocket writes its trigger, and the scene grows to show it; a ring
    without one hides it."""
    scene = WheelScene()
    plain = scene.sceneRect()
    held = Counter(id="H", name="Holder", initials="H", side="ally", slot=None,
                   pocket="when the gate opens")
    scene.set_wheel(_pocket_wheel(_counter("A", 1), held))
    item = scene.counters["H"]
    assert scene.pocket.isVisible() and scene.pocket.contains_point(item.x(), item.y())
    assert segment_at(item.x(), item.y(), 7) is None and not scene.tray_caption.isVisible()
    assert scene.pocket.triggers == ("when the gate opens",) and not item.trigger_shown
    assert scene.sceneRect().contains(scene.pocket.boundingRect())
    assert scene.sceneRect().right() > plain.right()
    scene.set_wheel(_wheel((_counter("A", 1),)))
    assert not scene.pocket.isVisible()


def test_dragging_into_and_out_of_the_pocket_reports_each_gesture(qtbot: QtBot) -> None:
    """A ring counter let go in the pocket reports counterPocketed; the held one dragged onto
    segment 4 reports counterFired, not a plain drop; let go in its own pocket, nothing."""
    scene = WheelScene()
    held = Counter(id="H", name="Holder", initials="H", side="ally", slot=None, pocket="x")
    scene.set_wheel(_pocket_wheel(_counter("A", 1), held))
    view = _shown(qtbot, scene)
    box = scene.pocket.boundingRect()
    inside = QPointF(box.center().x(), box.bottom() - 8)
    reports: list[tuple[str, ...]] = []
    scene.counterDropped.connect(lambda cid, seg: reports.append(("drop", cid, str(seg))))
    scene.counterPocketed.connect(lambda cid: reports.append(("pocket", cid)))
    scene.counterFired.connect(lambda cid, seg: reports.append(("fire", cid, str(seg))))
    _drag(view, scene.counters["A"].pos(), inside)
    _drag(view, scene.counters["H"].pos(), QPointF(*point_at(200, 4.5 * 360 / 7)))
    _drag(view, scene.counters["H"].pos(), inside)
    assert reports == [("pocket", "A"), ("fire", "H", "4")]


def test_a_counter_with_a_place_next_round_has_a_ghost_on_that_slot(qtbot: QtBot) -> None:
    """A counter whose ghost is slot 3 keeps its own place on slot 1 and a faint copy
    stands in segment 3, labelled, taking no clicks; without a ghost the copy goes."""
    scene = WheelScene()
    moving = Counter(id="A", name="Ana", initials="A", side="ally", slot=1, ghost=3,
                     ghost_label="11 next round")
    scene.set_wheel(_wheel((moving,)))
    ghost = scene.ghosts["A"]
    assert segment_at(ghost.x(), ghost.y(), 7) == 3
    assert segment_at(scene.counters["A"].x(), scene.counters["A"].y(), 7) == 1
    assert ghost.toolTip() == "Ana: 11 next round"
    assert ghost.acceptedMouseButtons() == Qt.MouseButton.NoButton
    assert scene.counter_at(ghost.pos()) is None
    scene.set_wheel(_wheel((_counter("A", 1),)))
    assert scene.ghosts == {}


def test_a_ring_asks_for_drag_hints_only_when_its_track_says_so(qtbot: QtBot) -> None:
    """The same drag over segment 4 asks for a hint on a ring with ``drag_hints`` (and the
    words ride above the counter until it is let go), and never on one without (2e, 3e)."""
    assert _drag_with_hints(qtbot, hints=False) == ([], [], False)
    asked, shown, after = _drag_with_hints(qtbot, hints=True)
    assert ("A", "drop", 4) in asked and shown and all(shown) and not after


def _drag_with_hints(
    qtbot: QtBot, *, hints: bool
) -> tuple[list[tuple[str, str, int]], list[bool], bool]:
    """Drag A onto segment 4, answering every ask with "free": (the asks, whether the
    words showed each time, whether they still show once let go)."""
    scene = WheelScene()
    scene.set_wheel(TurnTrack(slots=tuple(Slot(str(i)) for i in range(7)),
                              counters=(_counter("A", 1),), drag_hints=hints))
    view = _shown(qtbot, scene)
    asked: list[tuple[str, str, int]] = []
    shown: list[bool] = []

    def answer(cid: str, how: str, seg: int) -> None:
        asked.append((cid, how, seg))
        scene.show_drop_hint("free", allowed=True)
        shown.append(scene.hint.isVisible() and scene.hint.text == "free")

    scene.dragOver.connect(answer)
    _drag(view, scene.counters["A"].pos(), QPointF(*point_at(200, 4.5 * 360 / 7)))
    return asked, shown, scene.hint.isVisible()


def test_a_step_that_moves_one_counter_fans_out_only_the_segments_it_changed(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Twelve counters on three of thirteen segments; one moves from segment 0 to 4.
    The fans of segments 1 and 2 (as full as before) are not worked out again: only the
    two changed segments are, and every counter still stands where its fan puts it."""
    scene = WheelScene()
    counters = tuple(_counter(f"c{n}", n % 3) for n in range(12))
    scene.set_wheel(_wheel(counters, count=13))
    worked_out = calls_of(monkeypatch, geometry, "_fitting_scale")
    moved = (_counter("c0", 4), *counters[1:])
    scene.set_wheel(_wheel(moved, count=13))
    assert len(worked_out) == 2 * 2  # segments 0 and 4: two scales each (size, normal)
    for segment in (0, 1, 2, 4):
        here = [c.id for c in moved if c.slot == segment]
        slots = geometry.fan_slots(segment, 13, len(here))
        assert [(scene.counters[cid].x(), scene.counters[cid].y()) for cid in here] == \
            [(slot.x, slot.y) for slot in slots]


def test_drawing_the_wheel_calls_no_python_for_its_segments(qtbot: QtBot) -> None:
    """The segments are Qt's own path items (their pointer a polygon item): painting the
    wheel asks Python nothing about them, and the active one still shows its pointer in
    its own colour."""
    scene = WheelScene()
    scene.set_wheel(_wheel(tuple(_counter(f"c{n}", n % 7) for n in range(10)), cursor=2))
    image = QImage(400, 400, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    profile = cProfile.Profile()
    painter = QPainter(image)
    profile.enable()
    scene.render(painter)
    profile.disable()
    painter.end()
    asked = [name for (where, _, name) in pstats.Stats(profile).stats  # type: ignore[attr-defined]
             if where.endswith("segment_item.py")]
    assert asked == []
    assert [s.pointer.isVisible() for s in scene.segments] == [i == 2 for i in range(7)]
    assert scene.segments[2].brush().color() == QColor(palette.ACTIVE_FILL)
    scene.set_wheel(_wheel(cursor=3))
    assert [s.pointer.isVisible() for s in scene.segments] == [i == 3 for i in range(7)]
    assert scene.segments[2].brush().color() == QColor(palette.SEGMENT_FILL[0])


def test_moving_counters_asks_python_only_to_draw_the_moved_ones(qtbot: QtBot) -> None:
    """Ten counters drawn once; then three move to another segment: Qt moves them and
    repaints the wheel without asking Python for any counter's bounds (Qt's own
    rectangle item holds them); Python draws only the three that moved."""
    scene = WheelScene()
    counters = tuple(_counter(f"c{n}", n % 7) for n in range(10))
    scene.set_wheel(_wheel(counters))
    _view = _shown(qtbot, scene, 500, 500)  # kept: the view is what paints
    QApplication.processEvents()
    moved = tuple(replace(c, slot=4) if c.id in ("c0", "c1", "c2") else c for c in counters)
    profile = cProfile.Profile()
    profile.enable()
    scene.set_wheel(_wheel(moved))
    QApplication.processEvents()  # the scene's changes, then the view's repaint
    profile.disable()
    asked = {name: calls for (where, _, name), (_, calls, _, _, _)
             in pstats.Stats(profile).stats.items()  # type: ignore[attr-defined]
             if where.endswith("counter_item.py")}
    assert "boundingRect" not in asked
    assert asked["draw"] <= 3
    assert [round(scene.counters[c].pos().x()) for c in ("c0", "c1", "c2")] != [
        round(scene.counters[c].pos().x()) for c in ("c3", "c4", "c5")]
