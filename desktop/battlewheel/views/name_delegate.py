"""The roster's Name cell: a long name elides at its end but keeps a trailing number.

"Hunt spearman 1" to "Hunt spearman 4" would all elide to "Hunt spear…" in a narrow
dock; cut before the number instead ("Hunt spe… 3") the GM still tells them apart.
The tooltip has the whole name.
"""

import re

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

Index = QModelIndex | QPersistentModelIndex

_NUMBERED = re.compile(r"^(?P<stem>.*\S)(?P<number>\s+\d+)$")
_REMEMBERED = 2000  # names kept as shown: a few hundred rows at a few widths


def elide_keeping_number(text: str, metrics: QFontMetrics, width: int) -> str:
    """``text`` cut to ``width`` pixels at its end, or before its trailing number."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    match = _NUMBERED.match(text)
    if match is None:
        return metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)
    number = match["number"]
    stem_width = width - metrics.horizontalAdvance(number)
    return metrics.elidedText(match["stem"], Qt.TextElideMode.ElideRight, stem_width) + number


class NameDelegate(QStyledItemDelegate):
    """Draws the name (with its side swatch) elided so a trailing number stays in view.

    Each name is measured once per room and type it is drawn in: a re-sort repaints
    every row, and measuring a long name letter by letter cost more than drawing it.
    """

    _text_margin: int | None = None

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._shown: dict[tuple[str, int, str], str] = {}
        self.measured = 0  # names measured (tests count them)

    def initStyleOption(self, option: QStyleOptionViewItem, index: Index) -> None:
        """The usual cell, with the text already elided to the room beside the swatch."""
        super().initStyleOption(option, index)
        room = option.rect.width() - 2 * self._margin(option) - 2  # 2 px spare: elide once
        if option.features & QStyleOptionViewItem.ViewItemFeature.HasDecoration:
            room -= option.decorationSize.width() + 2 * self._margin(option)
        key = (option.text, room, option.font.key())
        shown = self._shown.get(key)
        if shown is None:
            shown = self._fitted(option.text, option.fontMetrics, room)
            if len(self._shown) > _REMEMBERED:  # widths and fonts come and go
                self._shown.clear()
            self._shown[key] = shown
        if shown != option.text:
            option.text = shown

    @property
    def rooms_seen(self) -> int:
        """How many (name, room, font) cells are remembered: each measured once."""
        return len(self._shown)

    def _fitted(self, text: str, metrics: QFontMetrics, room: int) -> str:
        self.measured += 1
        if metrics.horizontalAdvance(text) > room:
            return elide_keeping_number(text, metrics, room)
        return text

    def _margin(self, option: QStyleOptionViewItem) -> int:
        # The text margin the item view style leaves on each side (asked once: painting
        # calls this for every name on every repaint).
        if self._text_margin is None:
            widget = option.widget
            style = widget.style() if widget is not None else QApplication.style()
            frame = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget)
            self._text_margin = frame + 1
        return self._text_margin
