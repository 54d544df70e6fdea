"""The roster's Health cell: the track as a row of small boxes, marked as on the sheet.

The cell keeps its text (the model's DisplayRole, for copy and the tests); this delegate
paints boxes instead, with the sheet's marks and colours (the sheet's own
``paint_mark``), a wider gap where the penalty changes, and a short word written
over them when the combatant is out of the fight. The boxes shrink when the column is
narrow.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import (
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
)

from battlewheel.engine.core.contract import BoxTrack
from battlewheel.engine.core.health import LETHAL
from battlewheel.models.combatants_model import HEALTH_ROLE
from battlewheel.views.sheets.health_track import MARK_COLOURS, SHAPED, paint_mark
from battlewheel.views.theme import readable_fill

Index = QModelIndex | QPersistentModelIndex

MIN_SIDE = 7  # below this a mark is hard to tell from its neighbours
_MARGIN = 4  # left and right of the boxes inside the cell
_CACHE_SIZE = 512  # drawn strips kept; a dozen combatants need a few dozen
# Written over the boxes of a combatant out of the fight; the tooltip says it in full.
STATE_WORDS = {"dead": "dead", "critical": "dying", "unconscious": "unconscious"}


def preferred_side(metrics: QFontMetrics) -> int:
    """Box side at this font: a bit smaller than a line, so the row stays one line high."""
    return max(MIN_SIDE, round(metrics.height() * 0.7))


def state_word(track: BoxTrack) -> str:
    """The word over the boxes when the combatant is out of the fight ('' otherwise)."""
    for flag in ("dead", "critical", "unconscious"):
        if flag in track.flags:
            return STATE_WORDS[flag]
    return ""


def _gaps(side: float) -> tuple[float, float]:
    """Space between boxes, and between groups of one penalty."""
    return max(1.0, round(side / 10)), max(3.0, round(side / 3))


def boxes_width(labels: Sequence[str], side: float) -> float:
    """How wide the boxes of a track with these level labels are at this box side."""
    if not labels:
        return 0.0
    gap, group_gap = _gaps(side)
    groups = sum(1 for a, b in pairwise(labels) if a != b)
    return len(labels) * side + (len(labels) - 1 - groups) * gap + groups * group_gap


def box_rects(labels: Sequence[str], side: float, left: float, top: float) -> list[QRectF]:
    """Where each box goes, starting at (left, top)."""
    gap, group_gap = _gaps(side)
    rects: list[QRectF] = []
    x = left
    for index, label in enumerate(labels):
        if index:
            x += group_gap if label != labels[index - 1] else gap
        rects.append(QRectF(x, top, side, side))
        x += side
    return rects


def cell_width(track: BoxTrack, side: int) -> int:
    """The cell width one track's boxes need at ``side``."""
    return round(boxes_width(track.labels, side) + 2 * _MARGIN) + 1


def column_width(tracks: Sequence[BoxTrack], side: int) -> int:
    """The width every track of the column needs at one box side."""
    return max((cell_width(track, side) for track in tracks), default=0)


def column_side(tracks: Sequence[BoxTrack], width: int, metrics: QFontMetrics) -> int:
    """The largest box side (down to MIN_SIDE) at which every track fits in ``width``."""
    side = preferred_side(metrics)
    while side > MIN_SIDE and column_width(tracks, side) > width:
        side -= 1
    return side


class HealthDelegate(QStyledItemDelegate):
    """Paints a HEALTH_ROLE track as boxes over the normal cell background and selection.

    ``side`` is the box side the whole column uses (the column fitter sets it, so every
    row's boxes line up); None means the font's preferred size.
    """

    side: int | None = None

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._cache: dict[tuple[object, ...], QPixmap] = {}

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        """Room for the boxes at the column's box side."""
        track = index.data(HEALTH_ROLE)
        if track is None:
            return super().sizeHint(option, index)
        metrics = option.fontMetrics
        side = self.side or preferred_side(metrics)
        return QSize(cell_width(track, side), metrics.height() + 6)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        """The cell's background and selection as usual, then the boxes and the word."""
        track = index.data(HEALTH_ROLE)
        if track is None:
            super().paint(painter, option, index)
            return
        # The cell's own background is the table's (no alternating colours); a selected
        # row's highlight is filled here rather than through the style's full item
        # drawing, which asks the model for every role again.
        if option.state & QStyle.StateFlag.State_Selected:
            painter.fillRect(option.rect, option.palette.brush(QPalette.ColorRole.Highlight))
        side = self.side or preferred_side(option.fontMetrics)
        rect = option.rect
        strip = self._strip(option, track, side, painter.device().devicePixelRatioF())
        # Only the part inside the cell: a column narrower than its boxes clips them.
        visible = strip.rect().intersected(rect.translated(-rect.topLeft()))
        painter.drawPixmap(rect.topLeft(), strip, visible)

    def _strip(
        self, cell: QStyleOptionViewItem, track: BoxTrack, side: int, ratio: float
    ) -> QPixmap:
        """The track's boxes on a transparent pixmap, drawn once per look and reused.

        Each tick repaints the whole roster; most rows' tracks have not changed, so a
        cell is one pixmap copy instead of a dozen boxes and strokes.
        """
        palette = cell.palette
        height = cell.rect.height()
        key = (
            track.marks,
            tuple(track.labels),
            side,
            height,
            cell.fontMetrics.height(),
            palette.color(QPalette.ColorRole.Text).rgba(),
            palette.color(QPalette.ColorRole.Base).rgba(),
            ratio,
        )
        pixmap = self._cache.get(key)
        if pixmap is None:
            if len(self._cache) > _CACHE_SIZE:
                self._cache.clear()
            pixmap = QPixmap(round(cell_width(track, side) * ratio), round(height * ratio))
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            painter = QPainter(pixmap)
            drawn = QStyleOptionViewItem(cell)
            drawn.rect = QRect(0, 0, cell_width(track, side), height)
            _paint_track(painter, drawn, track, side)
            painter.end()
            self._cache[key] = pixmap
        return pixmap


def _paint_track(
    painter: QPainter, cell: QStyleOptionViewItem, track: BoxTrack, side: int
) -> None:
    rect: QRectF = QRectF(cell.rect)
    palette: QPalette = cell.palette
    word = state_word(track)
    labels = track.labels
    top = round(rect.center().y() - side / 2) + 0.5  # half pixels keep 1 px lines crisp
    rects = box_rects(labels, side, round(rect.left()) + _MARGIN + 0.5, top)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    if word:
        painter.setOpacity(0.4)  # the boxes step back behind the word
    painter.setPen(QPen(palette.color(QPalette.ColorRole.Text), 1.0))
    painter.setBrush(palette.color(QPalette.ColorRole.Base))
    for box in rects:
        painter.drawRect(box)
    inset = max(1.5, side / 5)
    for box, mark in zip(rects, track.marks, strict=True):
        if mark == track.blank:
            continue
        glyph = track.glyph(mark)
        if mark in SHAPED:
            # The sheet's own mark painter: same strokes and colours as the big boxes.
            paint_mark(painter, box.adjusted(inset, inset, -inset, -inset), mark)
        elif glyph is not None:
            fill = readable_fill(glyph.colour, palette.color(QPalette.ColorRole.Base).name())
            painter.fillRect(box.adjusted(inset, inset, -inset, -inset), QColor(fill))
    if word:
        painter.setOpacity(1.0)
        strip = QRectF(rects[0].topLeft(), rects[-1].bottomRight())
        _paint_word(painter, cell, strip, word)


def _paint_word(painter: QPainter, cell: QStyleOptionViewItem, strip: QRectF, word: str) -> None:
    """The state word on a pill over the middle of the boxes (so it takes no width)."""
    palette: QPalette = cell.palette
    metrics: QFontMetrics = cell.fontMetrics
    if word == STATE_WORDS["unconscious"] and metrics.horizontalAdvance(word) > strip.width() - 8:
        word = "KO"  # a narrow column: the tooltip still spells it out
    width = float(metrics.horizontalAdvance(word) + 8)
    if width > strip.width() - 4 * strip.height():
        width = strip.width() + 2  # slivers of boxes either side would read as brackets
    pill = QRectF(0, 0, width, metrics.height())
    pill.moveCenter(strip.center())
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(palette.color(QPalette.ColorRole.Base))
    painter.drawRoundedRect(pill, 3, 3)
    lethal = word in (STATE_WORDS["dead"], STATE_WORDS["critical"])
    painter.setPen(
        QColor(MARK_COLOURS[LETHAL]) if lethal else palette.color(QPalette.ColorRole.Text)
    )
    painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, word)
