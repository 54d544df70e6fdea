"""The health-track widget shows a track's marks and turns clicks into cycle requests."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.rulesets.rewrite.sheet import condition_text, health_section
from battlewheel.views.sheets.health_track import HealthTrackWidget
from tests.engine.counting import calls_of

Shown = Callable[[HealthTrackWidget], HealthTrackWidget]


def _widget(shown: Shown, track: HealthTrack) -> HealthTrackWidget:
    widget = HealthTrackWidget()
    widget.set_track(health_section(track))
    widget.resize(widget.sizeHint())
    return shown(widget)


def _centre(widget: HealthTrackWidget, index: int) -> QPoint:
    return widget.box_rect(index).center().toPoint()


def test_a_stamina_3_track_draws_ten_boxes_left_to_right(shown: Shown) -> None:
    """Seven levels (-0, -1, -1, -2, -2, -4, Incap) plus 3 Dying boxes, each right of the last."""
    widget = _widget(shown, HealthTrack.standard(3))
    assert widget.box_count() == 10
    lefts = [widget.box_rect(i).left() for i in range(10)]
    assert lefts == sorted(lefts) and len(set(lefts)) == 10
    assert widget.rect().contains(widget.box_rect(9).toRect())


def test_clicking_a_box_requests_that_box_and_changes_nothing(qtbot: QtBot, shown: Shown) -> None:
    """The widget reports the click; the track it shows is still the one it was given."""
    track = HealthTrack.standard(2)
    widget = _widget(shown, track)
    with qtbot.waitSignal(widget.cycleRequested) as blocker:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=_centre(widget, 4))
    assert blocker.args == [4]
    assert widget.track() == health_section(track)


def test_space_cycles_the_box_under_the_keyboard_cursor(qtbot: QtBot, shown: Shown) -> None:
    """Right arrow twice then Space asks for box 2; End then Space asks for the last box."""
    widget = _widget(shown, HealthTrack.standard(2))
    requested: list[int] = []
    widget.cycleRequested.connect(requested.append)
    qtbot.keyClick(widget, Qt.Key.Key_Right)
    qtbot.keyClick(widget, Qt.Key.Key_Right)
    qtbot.keyClick(widget, Qt.Key.Key_Space)
    qtbot.keyClick(widget, Qt.Key.Key_End)
    qtbot.keyClick(widget, Qt.Key.Key_Return)
    qtbot.keyClick(widget, Qt.Key.Key_Left, Qt.KeyboardModifier.NoModifier)
    assert requested == [2, 8]
    assert widget.cursor_index() == 7


def test_a_click_outside_the_boxes_requests_nothing(qtbot: QtBot, shown: Shown) -> None:
    """Clicking the label row above the boxes is not a click on a box."""
    widget = _widget(shown, HealthTrack.standard(2))
    requested: list[int] = []
    widget.cycleRequested.connect(requested.append)
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=QPoint(2, 2))
    assert requested == []


def test_tooltip_names_the_box_its_mark_and_the_next_mark(shown: Shown) -> None:
    """A lethal -1 box says it is lethal and that a click makes it aggravated."""
    track = HealthTrack.standard(2).mark(lethal=2)
    widget = _widget(shown, track)
    text = widget.box_tooltip(1)
    assert text.startswith("-1 box: lethal.")
    assert "aggravated" in text


def test_condition_text_for_mixed_damage_reports_the_deepest_penalty() -> None:
    """1 aggravated, 2 lethal and 2 bashing fill -0 to -2: the penalty is -2."""
    track = HealthTrack.standard(2).mark(bashing=2, lethal=2, aggravated=1)
    assert track.marks.startswith("*XX//")
    assert condition_text(track) == "Wound penalty -2"


def test_condition_text_reports_unconscious_critical_and_dead() -> None:
    """Bashing in Incap is unconscious; lethal there is critical; full Dying boxes are dead."""
    base = HealthTrack.standard(2)
    assert condition_text(base.mark(bashing=7)).endswith("unconscious")
    assert condition_text(base.mark(lethal=7)).endswith("critical (dying)")
    assert condition_text(base.mark(lethal=9)) == "Dead"


def test_describe_counts_each_kind_of_damage(shown: Shown) -> None:
    """The accessible description lists bashing, lethal and aggravated counts."""
    widget = _widget(shown, HealthTrack.standard(2).mark(bashing=1, lethal=2, aggravated=1))
    assert widget.describe() == "1 bashing, 2 lethal, 1 aggravated; Wound penalty -2"


def test_tooltip_of_an_empty_dying_box_promises_lethal(shown: Shown) -> None:
    """A Dying box never holds bashing, so its click makes lethal damage."""
    widget = _widget(shown, HealthTrack.standard(2))
    assert widget.box_tooltip(7).startswith("Dying box: empty. Click (or Space) to cycle to lethal")


def test_new_marks_repaint_the_boxes_without_measuring_or_laying_out_again(
    shown: Shown, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A step marks a box: the track repaints from the places it measured once, and the
    sheet is not laid out again (its labels, hence its size, are the same); the same
    track again changes nothing. New labels (another Stamina) measure anew."""
    widget = _widget(shown, HealthTrack.standard(3))
    widget.grab()  # painted once
    measured = calls_of(monkeypatch, HealthTrackWidget, "_group_width")
    laid_out = calls_of(monkeypatch, widget, "updateGeometry")
    widget.set_track(health_section(HealthTrack.standard(3).mark(lethal=2)))
    widget.grab()
    widget.set_track(health_section(HealthTrack.standard(3).mark(lethal=2)))
    widget.grab()
    assert (measured, laid_out) == ([], [])
    widget.set_track(health_section(HealthTrack.standard(4)))
    widget.grab()
    assert measured and len(laid_out) == 1
    assert widget.box_count() == 11
    lefts = [widget.box_rect(i).left() for i in range(11)]
    assert lefts == sorted(lefts) and len(set(lefts)) == 11
