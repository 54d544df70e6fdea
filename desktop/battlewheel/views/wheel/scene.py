"""The battlewheel scene: segments, the tick counter and a counter per combatant.

The scene draws a `TurnTrack` and owns the interaction: a press on a counter selects
it, a drag past the platform's start distance moves it over the segments, and the
release reports ``counterDropped(id, segment)``. A ring with a side pocket (held
actions) also reports a counter let go in the pocket, ``counterPocketed(id)``, and one
dragged out of it onto a segment, ``counterFired(id, segment)``. The scene never changes the combat:
whoever listens pushes an undoable action, and the next `set_wheel` puts every counter
where the engine says it is; a refused drop therefore springs back by itself.
"""

import math
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsScene,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneMouseEvent,
    QWidget,
)

from battlewheel.engine.core.contract import Counter, TurnTrack
from battlewheel.views.wheel import palette
from battlewheel.views.wheel.counter_item import READABLE_PX, CounterItem, smallest_type
from battlewheel.views.wheel.geometry import (
    COUNTER_SIZE,
    INNER_RADIUS,
    LABEL_RADIUS,
    OUTER_RADIUS,
    TRAY_TOP,
    Slot,
    fan_slots,
    ghost_point,
    pocket_rect,
    pocket_slots,
    segment_at,
    tray_height,
    tray_slots,
)
from battlewheel.views.wheel.ghost_item import GhostItem
from battlewheel.views.wheel.hint_item import DropHintItem
from battlewheel.views.wheel.painted_item import PaintedItem
from battlewheel.views.wheel.pocket_item import PocketItem
from battlewheel.views.wheel.segment_item import SegmentItem
from battlewheel.views.wheel.text_item import CentredText

_MARGIN = 40.0
# The scene's items that stand for a counter: the counter itself and its ghost.
_Item = TypeVar("_Item", CounterItem, GhostItem)
# Counters grow for readability at most this much (a tiny view would make them huge).
MOST_READABLE_SIZE = 2.0
MOST_BADGE_BOOST = 1.5

# The room the hub's words may take inside the disc, less its rim: the full width across
# the middle line, a little less in height (the first and last lines are short words).
HUB_TEXT_WIDTH = 2 * (INNER_RADIUS - 8)
HUB_TEXT_HEIGHT = 1.7 * (INNER_RADIUS - 8)


class HubItem(PaintedItem):
    """The wheel's centre: the current tick in large type."""

    def __init__(self) -> None:
        super().__init__()
        self.text = "not started"
        self.text_scale = 1.0
        self.setZValue(1)

    def set_text_scale(self, factor: float) -> None:
        """Grow or shrink the tick number (the larger-text mode)."""
        self.text_scale = factor
        self.update()

    def set_text(self, text: str) -> None:
        """Show where the fight stands: the ruleset's words (``tick\\n7``, ``round\\n2``)."""
        if text != self.text:
            self.text = text
            self.update()

    def boundingRect(self) -> QRectF:
        """The centre disc."""
        return QRectF(-INNER_RADIUS, -INNER_RADIUS, 2 * INNER_RADIUS, 2 * INNER_RADIUS)

    def draw(self, painter: QPainter) -> None:
        """Draw the disc and the tick number."""
        painter.setPen(QColor(palette.RIM))
        painter.setBrush(QColor(palette.HUB_FILL))
        painter.drawEllipse(self.boundingRect().adjusted(4, 4, -4, -4))
        font = hub_font(QFont(painter.font()), self.text, self.text_scale)
        painter.setFont(font)
        painter.setPen(QColor(palette.LABEL))
        painter.drawText(self.boundingRect(), Qt.AlignmentFlag.AlignCenter, self.text)


def hub_font(font: QFont, text: str, scale: float) -> QFont:
    """The hub's bold type at ``scale``, made smaller until ``text`` fits inside the disc
    (``HUB_TEXT_WIDTH`` by ``HUB_TEXT_HEIGHT``): three lines of larger text ("round 1 /
    Cutthroat / 1") were cut off at the rim."""
    font.setBold(True)
    pixels = round((26 if "\n" in text else 14) * scale)
    while True:
        font.setPixelSize(pixels)
        used = QFontMetricsF(font).boundingRect(QRectF(0, 0, HUB_TEXT_WIDTH, 1000),
                                                 Qt.AlignmentFlag.AlignCenter, text)
        if pixels <= 8 or (used.width() <= HUB_TEXT_WIDTH and used.height() <= HUB_TEXT_HEIGHT):
            return font
        pixels -= 1


class TrayCaptionItem(CentredText):
    """The words above the counters that wait beside the wheel."""

    def __init__(self) -> None:
        super().__init__(_tray_caption_centre(1.0))
        self.text_scale = 1.0
        self.set_text("not on the wheel yet")

    def set_text_scale(self, factor: float) -> None:
        """Grow or shrink the caption (the larger-text mode)."""
        if factor != self.text_scale:
            self.text_scale = factor
            self.set_words(self.text(), self._font())
            self.recentre(_tray_caption_centre(factor))

    def set_text(self, text: str) -> None:
        """The ruleset's words for those waiting (or holding their action)."""
        self.set_words(text, self._font())

    def _font(self) -> QFont:
        font = QFont()
        font.setItalic(True)
        font.setPixelSize(round(13 * self.text_scale))
        return font


def _tray_caption_centre(scale: float) -> QPointF:
    """A line of small type centred over the tray."""
    return QPointF(0, TRAY_TOP - COUNTER_SIZE / 2 - 6 - 10 * scale)


class WheelScene(QGraphicsScene):
    """Draws a wheel and turns drags of counters into ``counterDropped`` reports."""

    counterDropped = Signal(str, int)
    # A counter let go off the wheel (the hub or outside): it goes back where it was.
    counterDropMissed = Signal(str)
    counterSelected = Signal(str)
    # A right click (or the menu key) on a counter: its id and the screen position.
    counterMenuRequested = Signal(str, QPoint)
    # A counter let go in the side pocket, and a held one dragged out onto a segment.
    counterPocketed = Signal(str)
    counterFired = Signal(str, int)
    # While a counter is dragged on a ring that wants hints, the place under it changed:
    # (id, gesture, slot), the gesture being "drop", "pocket", "fire" or "" (nowhere).
    # The listener may answer with ``show_drop_hint`` (what letting it go there would do).
    dragOver = Signal(str, str, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text_scale = 1.0
        # Screen pixels per scene unit, as the view draws the scene (1 until it says).
        self.screen_scale = 1.0
        self._fit_rect(0, None)
        # A few dozen items that move on every change: a linear scan beats keeping a
        # BSP tree up to date (Qt's advice for scenes with moving items).
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.wheel = TurnTrack()
        self.segments: list[SegmentItem] = []
        self.counters: dict[str, CounterItem] = {}
        self.ghosts: dict[str, GhostItem] = {}
        self.hub = HubItem()
        self.addItem(self.hub)
        self.tray_caption = TrayCaptionItem()
        self.tray_caption.setVisible(False)
        self.addItem(self.tray_caption)
        self.pocket = PocketItem()
        self.pocket.setVisible(False)
        self.addItem(self.pocket)
        self.hint = DropHintItem()
        self.addItem(self.hint)
        self._over: tuple[str, int] = ("", -1)
        self._drag: tuple[CounterItem, QPointF, QPointF] | None = None
        self._dragging = False
        self._syncing_selection = False
        self.selectionChanged.connect(self._report_selection)
        self.set_wheel(self.wheel)

    def restyle(self) -> None:
        """A theme switch: Qt's own items take the new colours, hand-drawn ones repaint."""
        for segment in self.segments:
            segment.restyle()
        self.tray_caption.setBrush(QColor(palette.LABEL))
        for item in self.items():
            item.update()  # drops each item's cached picture

    # -- drawing the model's wheel ----------------------------------------------------
    def set_wheel(self, wheel: TurnTrack) -> None:
        """Show a new turn track: slots and their labels, the cursor, counters and places."""
        self.wheel = wheel
        if len(self.segments) != wheel.slot_count:
            self._build_segments(wheel.slot_count)
        for item, slot in zip(self.segments, wheel.slots, strict=True):
            label = f"{slot.label} ({slot.mark})" if slot.mark else slot.label
            item.set_state(label, active=item.segment == wheel.cursor, shaded=slot.shaded)
        self.hub.set_text(wheel.hub)
        self._sync_counters()
        self._sync_ghosts()
        waiting = self._waiting()
        pocketed = self._pocketed()
        self.pocket.set_state(wheel.pocket_caption, tuple(c.pocket for c in pocketed))
        self.pocket.setVisible(wheel.pocket)
        self._fit_rect(len(waiting), len(pocketed) if wheel.pocket else None)
        self.tray_caption.set_text(self._tray_words())
        self.tray_caption.setVisible(bool(waiting))
        self.layout_counters()

    def _waiting(self) -> list[Counter]:
        # Under the ring: those not placed yet, then (a ring without a pocket) those
        # holding their action.
        if self.wheel.pocket:
            return self.wheel.off_wheel()
        return [*self.wheel.off_wheel(), *self.wheel.in_pocket()]

    def _pocketed(self) -> list[Counter]:
        return self.wheel.in_pocket() if self.wheel.pocket else []

    def _tray_words(self) -> str:
        held = self.wheel.in_pocket()
        if held and not self.wheel.off_wheel():
            return self.wheel.pocket_caption
        if held:
            return f"{self.wheel.waiting_caption} · {self.wheel.pocket_caption}"
        return self.wheel.waiting_caption

    def _fit_rect(self, waiting: int, pocketed: int | None) -> None:
        # Tick labels at three and nine o'clock stick out furthest (see label_point);
        # the tray below the wheel takes room only while someone waits in it, the
        # pocket in the lower right corner only on a ring that has one.
        wide, high = OUTER_RADIUS + 110, LABEL_RADIUS + _MARGIN
        below = max(high, LABEL_RADIUS + tray_height(waiting, self.text_scale) + 10)
        right = wide
        if pocketed is not None:
            left, top, width, height = pocket_rect(pocketed)
            right, below = max(wide, left + width + 8), max(below, top + height + 8)
        rect = QRectF(-wide, -high, wide + right, high + below)
        if rect != self.sceneRect():
            self.setSceneRect(rect)

    def set_text_scale(self, factor: float) -> None:
        """Larger (or normal) tick labels, for reading the wheel across a table."""
        self.text_scale = factor
        self.hub.set_text_scale(factor)
        self.tray_caption.set_text_scale(factor)
        for item in self.segments:
            item.label.set_text_scale(factor)
        # Larger counters in the tray below the wheel need more room there.
        self._fit_rect(len(self._waiting()), len(self._pocketed()) if self.wheel.pocket else None)
        self.layout_counters()  # counters and their badges grow with the text

    def set_screen_scale(self, pixels_per_unit: float) -> None:
        """How large the view draws the scene: counters on the ring grow, room allowing,
        until their smallest type is readable on screen (a laptop's wheel is small)."""
        if pixels_per_unit > 0 and pixels_per_unit != self.screen_scale:
            self.screen_scale = pixels_per_unit
            self.layout_counters()

    def readable_size(self) -> float:
        """The counters' scale at normal text that makes their smallest type
        ``READABLE_PX`` on screen (never below 1, rounded up to a tenth so a resize by a
        pixel does not redraw every counter)."""
        smallest = min((t for c in self.wheel.counters if (t := smallest_type(c))), default=0)
        if not smallest:
            return 1.0
        wanted = READABLE_PX / (smallest * self.screen_scale)
        return min(MOST_READABLE_SIZE, max(1.0, math.ceil(wanted * 10 - 1e-9) / 10))

    def _build_segments(self, count: int) -> None:
        for item in self.segments:
            self.removeItem(item)
        self.segments = [SegmentItem(index, count) for index in range(count)]
        for item in self.segments:
            item.label.set_text_scale(self.text_scale)
            self.addItem(item)

    def _sync_counters(self) -> None:
        self._sync_items(self.counters, {c.id: c for c in self.wheel.counters}, CounterItem)

    def _sync_ghosts(self) -> None:
        # A counter with a place from next round has a faint copy on that slot.
        wanted = {c.id: c for c in self.wheel.counters if c.ghost is not None}
        self._sync_items(self.ghosts, wanted, GhostItem)
        for info in wanted.values():
            self.ghosts[info.id].setPos(*ghost_point(info.ghost or 0, self.wheel.slot_count))

    def _sync_items(self, items: dict[str, _Item], wanted: dict[str, Counter],
                    make: Callable[[Counter], _Item]) -> None:
        """One item per wanted counter: the gone removed, the new made, and only those
        whose ``Counter`` differs given their new look."""
        for gone in set(items) - set(wanted):
            self.removeItem(items.pop(gone))
        for counter_id, info in wanted.items():
            item = items.get(counter_id)
            if item is None:
                items[counter_id] = item = make(info)
                self.addItem(item)
            elif item.info != info:
                item.set_info(info)

    def layout_counters(self) -> None:
        """Put every counter on its segment, fanned out so each stays visible."""
        count, readable = self.wheel.slot_count, self.readable_size()
        for segment, here in self._by_slot().items():
            slots = fan_slots(segment, count, len(here), self.text_scale * readable, readable)
            for info, slot in zip(here, slots, strict=True):
                self._place(info.id, slot)
                # Squeezed below the readable size: the badges grow back, half again at most.
                boost = min(MOST_BADGE_BOOST, max(1.0, readable / slot.scale))
                self.counters[info.id].set_badge_boost(boost)
        waiting = self._waiting()
        for info, slot in zip(waiting, tray_slots(len(waiting), self.text_scale), strict=True):
            self._place(info.id, slot)
        pocketed = self._pocketed()
        for info, slot in zip(pocketed, pocket_slots(len(pocketed)), strict=True):
            self._place(info.id, slot)
        in_box = {c.id for c in pocketed}
        for counter_id, item in self.counters.items():
            item.set_trigger_shown(counter_id not in in_box)  # the pocket writes those

    def _by_slot(self) -> dict[int, list[Counter]]:
        """The counters on each occupied slot, in the ruleset's order: one pass over the
        counters (asking each of forty slots for its own cost forty passes)."""
        found: dict[int, list[Counter]] = {}
        for counter in self.wheel.counters:
            if counter.slot is not None:
                found.setdefault(counter.slot, []).append(counter)
        return found

    def _place(self, counter_id: str, slot: Slot) -> None:
        item = self.counters[counter_id]
        item.setPos(slot.x, slot.y)  # (Qt leaves an item alone at the same place)
        if item.scale() != slot.scale:  # Qt would repaint it even at the same scale
            item.setScale(slot.scale)
        item.setZValue(10)

    # -- selection --------------------------------------------------------------------
    def select_counter(self, counter_id: str) -> None:
        """Select one counter (when its sheet is chosen elsewhere) without echoing back."""
        item = self.counters.get(counter_id)
        if item is None or item.isSelected():
            return
        self._syncing_selection = True
        try:
            self.clearSelection()
            item.setSelected(True)
        finally:
            self._syncing_selection = False

    def selected_counter(self) -> str | None:
        """The id of the selected counter, if any."""
        chosen = [i for i in self.selectedItems() if isinstance(i, CounterItem)]
        return chosen[0].counter_id if chosen else None

    def _report_selection(self) -> None:
        chosen = self.selected_counter()
        if chosen is not None and not self._syncing_selection:
            self.counterSelected.emit(chosen)

    # -- dragging ---------------------------------------------------------------------
    def counter_at(self, point: QPointF) -> CounterItem | None:
        """The topmost counter under a scene point."""
        for item in self.items(point):
            if isinstance(item, CounterItem):
                return item
        return None

    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:
        """A right click on a counter asks for its menu (the window fills it)."""
        item = self.counter_at(event.scenePos())
        if item is None:
            super().contextMenuEvent(event)
            return
        event.accept()
        self.counterMenuRequested.emit(item.counter_id, event.screenPos())

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Remember which counter a left press landed on; selection goes on as usual."""
        item = self.counter_at(event.scenePos())
        if item is not None and event.button() == Qt.MouseButton.LeftButton:
            self._drag = (item, event.scenePos(), item.pos())
            self._dragging = False
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Move the pressed counter once the pointer has gone the start-drag distance."""
        if self._drag is None:
            super().mouseMoveEvent(event)
            return
        item, start, origin = self._drag
        moved = event.scenePos() - start
        if not self._dragging and moved.manhattanLength() >= QApplication.startDragDistance():
            self._dragging = True
            item.setZValue(50)
        if self._dragging:
            item.setPos(origin + moved)
            self._place_hint(item)
            gesture, segment = self._gesture(item)
            self.pocket.set_lit(gesture == "pocket")
            self._light_drop_target(segment if gesture in ("drop", "fire") else None)
            if self.wheel.drag_hints and (gesture, segment) != self._over:
                self._over = (gesture, segment)
                self.hint.show_text("", allowed=True)
                self.dragOver.emit(item.counter_id, gesture, segment)
        event.accept()

    def show_drop_hint(self, text: str, *, allowed: bool) -> None:
        """Words above the dragged counter: what letting it go where it is would do."""
        if self._dragging and self._drag is not None:
            self.hint.show_text(text, allowed=allowed)
            self._place_hint(self._drag[0])

    def _place_hint(self, item: CounterItem) -> None:
        # Above the dragged counter, kept inside the scene so the words are never cut.
        rect, box = self.sceneRect(), self.hint.boundingRect()
        x = min(max(item.x(), rect.left() - box.left()), rect.right() - box.right())
        y = max(item.y(), rect.top() - box.top())
        self.hint.setPos(x, y)

    def _gesture(self, item: CounterItem) -> tuple[str, int]:
        # What letting the counter go where it is would be: into the pocket, out of it
        # onto a slot (a held counter), onto a slot, or nothing (-1: no slot).
        held = self.wheel.pocket and item.info.slot is None and bool(item.info.pocket)
        if self.pocket.contains_point(item.x(), item.y()):
            return ("", -1) if held else ("pocket", -1)
        segment = self._segment_under(item)
        if segment is None:
            return "", -1
        return ("fire" if held else "drop"), segment

    def _segment_under(self, item: CounterItem) -> int | None:
        return segment_at(item.x(), item.y(), self.wheel.slot_count)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Report the drop (if the counter was dragged) and put counters back in place."""
        drag, dragging = self._drag, self._dragging
        self._drag, self._dragging = None, False
        super().mouseReleaseEvent(event)
        if drag is None or not dragging:
            return
        item = drag[0]
        self._light_drop_target(None)
        self.pocket.set_lit(False)
        self.hint.show_text("", allowed=True)
        self._over = ("", -1)
        self._report_drop(item)
        # Whatever the listener decided, the engine's wheel decides where counters stand.
        self.layout_counters()

    def _report_drop(self, item: CounterItem) -> None:
        gesture, segment = self._gesture(item)
        if gesture == "pocket":
            self.counterPocketed.emit(item.counter_id)
        elif gesture == "fire":
            self.counterFired.emit(item.counter_id, segment)
        elif gesture == "drop":
            self.counterDropped.emit(item.counter_id, segment)
        elif not self.pocket.contains_point(item.x(), item.y()):
            self.counterDropMissed.emit(item.counter_id)
        # (let go in the pocket it came from: nothing to do)

    def _light_drop_target(self, segment: int | None) -> None:
        for item in self.segments:
            item.set_drop_target(item.segment == segment)
