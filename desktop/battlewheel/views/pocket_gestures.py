"""Drags into and out of the wheel's side pocket (held or readied actions), and the
words a dragged counter shows before it is let go.

A counter let go in the pocket asks the ruleset's ``pocket_drop``: refused, the status
bar says why and the counter springs back; allowed with a ``prompt``, the GM types the
words (a trigger) in a small dialog that also shows the cost, and only then is the
action pushed, one undo step. A held counter let go on the ring asks ``pocket_fire``.
While any counter is dragged, the verdict of the place under it (its cost, or why not)
rides above it, so the GM reads a cost before the drop.

The gestures get what they use of the window as a ``PocketParts``: the combat, the
wheel's scene, the widget their questions sit over, and a way to say a line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from battlewheel.views.refusals import split_refusal

if TYPE_CHECKING:
    from battlewheel.engine.core.contract import DropVerdict
    from battlewheel.models.combat_model import CombatModel
    from battlewheel.views.wheel.scene import WheelScene


@dataclass(frozen=True)
class PocketParts:
    """What the pocket's gestures use: the combat, the wheel, a parent, the status line."""

    combat: CombatModel
    scene: WheelScene
    parent: QWidget  # the questions' dialogs sit over it
    say: Callable[[str], None]  # a line in the status bar


def pocket_counter(parts: PocketParts, combatant_id: str) -> None:
    """A counter let go in the pocket: the words the ruleset asks for, then its action."""
    combat = parts.combat
    verdict = combat.pocket_verdict(combatant_id)
    if verdict.action is None or not verdict.prompt:
        _finish(parts, verdict)
        return
    words = ask_words(parts, verdict)
    if words is None:
        return  # the GM thought better of it: nothing happened
    _finish(parts, combat.pocket_verdict(combatant_id, words))


def ask_words(parts: PocketParts, verdict: DropVerdict) -> str | None:
    """The GM's words for a drop that asks for them (None when cancelled)."""
    from PySide6.QtWidgets import QInputDialog, QLineEdit  # set up on first use, not by start-up

    name = parts.combat.wheel().pocket_caption
    label = f"{verdict.cost}\n\n{verdict.prompt}" if verdict.cost else verdict.prompt
    text, accepted = QInputDialog.getText(
        parts.parent, f"Into the pocket: {name}", label, QLineEdit.EchoMode.Normal, ""
    )
    return text if accepted else None


def fire_counter(parts: PocketParts, combatant_id: str, slot: int) -> None:
    """A held counter dragged out of the pocket onto a slot of the ring."""
    verdict = parts.combat.fire_verdict(combatant_id, slot)
    if verdict.action is not None and verdict.confirm:
        from PySide6.QtWidgets import QMessageBox  # set up on first use, not by start-up

        ask = f"{verdict.cost}\n\nGo ahead?"
        answer = QMessageBox.question(parts.parent, "Fire the held action?", ask)
        if answer != QMessageBox.StandardButton.Yes:
            return
    _finish(parts, verdict)


def _finish(parts: PocketParts, verdict: DropVerdict) -> None:
    done = parts.combat.carry_out(verdict)
    if done.action is not None and done.result:
        parts.say(done.result)


def hint_for_drag(parts: PocketParts, combatant_id: str, gesture: str, slot: int) -> None:
    """Show above a dragged counter what letting it go here would do (nothing for nowhere)."""
    verdict = _verdict_for(parts, combatant_id, gesture, slot)
    if verdict is None:
        return
    if verdict.action is not None:
        parts.scene.show_drop_hint(verdict.cost, allowed=True)
    elif verdict.refusal:
        reason, _rule = split_refusal(verdict.refusal)
        parts.scene.show_drop_hint(f"Not allowed: {reason}", allowed=False)


def _verdict_for(
    parts: PocketParts, combatant_id: str, gesture: str, slot: int
) -> DropVerdict | None:
    combat = parts.combat
    if gesture == "drop":
        return combat.drop_verdict(combatant_id, slot)
    if gesture == "pocket":
        return combat.pocket_verdict(combatant_id)
    if gesture == "fire":
        return combat.fire_verdict(combatant_id, slot)
    return None
