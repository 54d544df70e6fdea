"""What every Pool & Ward dialog shares: the shared preview frame on a ``Fight``, a
fighter chooser and the tracks in a line.

The frame itself (a form, a preview tried on a copy, Apply as one undo step) is
``views/dialogs/preview.py``'s ``PreviewDialog``.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QComboBox, QWidget

from battlewheel.engine.rulesets.poolward.state import Fight
from battlewheel.views.dialogs.preview import PreviewDialog


class PoolWardDialog(PreviewDialog):
    """The preview frame on a Pool & Ward fight."""

    @property
    def state(self) -> Fight:
        """The fight as it stands (the dialog changes nothing until Apply)."""
        fight: Fight = self.model.state
        return fight


def fighter_combo(state: Fight, parent: QWidget, chosen: str | None = None,
                  ids: Sequence[str] | None = None) -> QComboBox:
    """A drop-down of fighters by name (their ids as data), ``chosen`` selected."""
    combo = QComboBox(parent)
    for cid in ids if ids is not None else state.fighters:
        combo.addItem(state.name(cid), cid)
    if chosen is not None and combo.findData(chosen) >= 0:
        combo.setCurrentIndex(combo.findData(chosen))
    return combo


def tracks_line(state: Fight, cid: str) -> str:
    """Health, Vigor and Ward of one fighter as a short line."""
    who = state.fighters[cid]
    block = who.block
    text = f"Health {who.health}/{block.health_max}, Vigor {who.vigor}/{block.vigor_max}"
    if block.ward:
        text += f", Ward {who.ward}/{block.ward}"
    return text + ("" if who.condition == "up" else f" ({who.condition})")


def change_line(before: Fight, after: Fight, cid: str) -> str:
    """One fighter's tracks before → after."""
    return f"{before.name(cid)}: {tracks_line(before, cid)} → {tracks_line(after, cid)}"
