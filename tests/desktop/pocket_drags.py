"""Real mouse drags on the window's wheel: onto a slot of the ring, or into the pocket;
and the trigger the pocket asks for, answered."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QInputDialog, QWidget

from battlewheel.views.main_window import MainWindow
from battlewheel.views.wheel.geometry import point_at


def drag_to(window: MainWindow, counter_id: str, target: QPointF) -> None:
    """Press on a counter, move in steps past the start distance, let go at ``target``."""
    hold_over(window, counter_id, target)
    let_go(window, target)


def hold_over(window: MainWindow, counter_id: str, target: QPointF) -> None:
    """Press on a counter and move it, the button still down, to ``target``."""
    view = window.wheel_view
    start = window.scene.counters[counter_id].pos()
    begin, end = view.mapFromScene(start), view.mapFromScene(target)
    viewport = view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, begin)
    for step in range(1, 8):
        QTest.mouseMove(viewport, begin + (end - begin) * (step / 7))


def move_on(window: MainWindow, target: QPointF) -> None:
    """Move the counter already held (the button down) on to ``target``."""
    view = window.wheel_view
    QTest.mouseMove(view.viewport(), view.mapFromScene(target))


def let_go(window: MainWindow, target: QPointF) -> None:
    """Release the button over ``target``."""
    view = window.wheel_view
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier, view.mapFromScene(target))


def slot_point(window: MainWindow, slot: int) -> QPointF:
    """The middle of one slot of the ring, in scene units."""
    return QPointF(*point_at(190, (slot + 0.5) * 360 / window.combat.wheel().slot_count))


def pocket_point(window: MainWindow) -> QPointF:
    """A point inside the side pocket, below its caption."""
    box = window.scene.pocket.boundingRect()
    return QPointF(box.center().x(), box.top() + box.height() * 0.6)


def answer_trigger(monkeypatch: pytest.MonkeyPatch, words: str, *,
                   ok: bool = True) -> list[tuple[str, str]]:
    """The trigger dialog answers ``words`` (or is cancelled); each (title, label) it
    showed is kept, in order."""
    asked: list[tuple[str, str]] = []

    def get_text(_parent: QWidget, title: str, label: str, *_rest: object) -> tuple[str, bool]:
        asked.append((title, label))
        return words, ok

    monkeypatch.setattr(QInputDialog, "getText", get_text)
    return asked
