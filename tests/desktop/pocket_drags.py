"""Real mouse drags on the window's wheel: onto a slot of the ring, or into the pocket."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from battlewheel.views.main_window import MainWindow
from battlewheel.views.wheel.geometry import point_at


def drag_to(window: MainWindow, counter_id: str, target: QPointF) -> None:
    """Press on a counter, move in steps past the start distance, let go at ``target``."""
    view = window.wheel_view
    start = window.scene.counters[counter_id].pos()
    begin, end = view.mapFromScene(start), view.mapFromScene(target)
    viewport = view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, begin)
    for step in range(1, 8):
        QTest.mouseMove(viewport, begin + (end - begin) * (step / 7))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def slot_point(window: MainWindow, slot: int) -> QPointF:
    """The middle of one slot of the ring, in scene units."""
    return QPointF(*point_at(190, (slot + 0.5) * 360 / window.combat.wheel().slot_count))


def pocket_point(window: MainWindow) -> QPointF:
    """A point inside the side pocket, below its caption."""
    box = window.scene.pocket.boundingRect()
    return QPointF(box.center().x(), box.top() + box.height() * 0.6)
