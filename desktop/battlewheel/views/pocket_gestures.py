"""Drags into and out of the wheel's side pocket (held or readied actions), and the
words a dragged counter shows before it is let go.

A counter let go in the pocket asks the ruleset's ``pocket_drop``: refused, the status
bar says why and the counter springs back; allowed with a ``prompt``, the GM types the
words (a trigger) in a small dialog that also shows the cost, and only then is the
action pushed, one undo step. A held counter let go on the ring asks ``pocket_fire``.
While any counter is dragged, the verdict of the place under it (its cost, or why not)
rides above it, so the GM reads a cost before the drop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QInputDialog, QLineEdit, QMessageBox

from battlewheel.views.refusals import split_refusal

if TYPE_CHECKING:
    from battlewheel.engine.core.contract import DropVerdict
    from battlewheel.views.window_parts import WindowParts

STATUS_MS = 10_000


def pocket_counter(window: WindowParts, combatant_id: str) -> None:
    """A counter let go in the pocket: the words the ruleset asks for, then its action."""
    combat = window.combat
    verdict = combat.pocket_verdict(combatant_id)
    if verdict.action is None or not verdict.prompt:
        _finish(window, verdict)
        return
    words = ask_words(window, verdict)
    if words is None:
        return  # the GM thought better of it: nothing happened
    _finish(window, combat.pocket_verdict(combatant_id, words))


def ask_words(window: WindowParts, verdict: DropVerdict) -> str | None:
    """The GM's words for a drop that asks for them (None when cancelled)."""
    name = window.combat.wheel().pocket_caption
    label = f"{verdict.cost}\n\n{verdict.prompt}" if verdict.cost else verdict.prompt
    text, accepted = QInputDialog.getText(
        window, f"Into the pocket: {name}", label, QLineEdit.EchoMode.Normal, ""
    )
    return text if accepted else None


def fire_counter(window: WindowParts, combatant_id: str, slot: int) -> None:
    """A held counter dragged out of the pocket onto a slot of the ring."""
    verdict = window.combat.fire_verdict(combatant_id, slot)
    if verdict.action is not None and verdict.confirm:
        ask = f"{verdict.cost}\n\nGo ahead?"
        answer = QMessageBox.question(window, "Fire the held action?", ask)
        if answer != QMessageBox.StandardButton.Yes:
            return
    _finish(window, verdict)


def _finish(window: WindowParts, verdict: DropVerdict) -> None:
    done = window.combat.carry_out(verdict)
    if done.action is not None and done.result:
        window.statusBar().showMessage(done.result, STATUS_MS)


def hint_for_drag(window: WindowParts, combatant_id: str, gesture: str, slot: int) -> None:
    """Show above a dragged counter what letting it go here would do (nothing for nowhere)."""
    verdict = _verdict_for(window, combatant_id, gesture, slot)
    if verdict is None:
        return
    if verdict.action is not None:
        window.scene.show_drop_hint(verdict.cost, allowed=True)
    elif verdict.refusal:
        reason, _rule = split_refusal(verdict.refusal)
        window.scene.show_drop_hint(f"Not allowed: {reason}", allowed=False)


def _verdict_for(
    window: WindowParts, combatant_id: str, gesture: str, slot: int
) -> DropVerdict | None:
    combat = window.combat
    if gesture == "drop":
        return combat.drop_verdict(combatant_id, slot)
    if gesture == "pocket":
        return combat.pocket_verdict(combatant_id)
    if gesture == "fire":
        return combat.fire_verdict(combatant_id, slot)
    return None
