"""Refusals in plain words: the reason first, the rule's section kept for a tooltip.

The engine's refusals read ``"000 §Each tick: nobody acting this tick …"`` (the rule,
then the reason). The GM reads the reason; the rule goes where a curious GM can find
it (a tooltip), so the first words on screen are never a section code.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from battlewheel.engine.core.errors import IllegalAction


def split_refusal(refusal: object) -> tuple[str, str]:
    """``(reason, rule)`` of a refusal (an ``IllegalAction`` or its text); rule may be ""."""
    if isinstance(refusal, IllegalAction):
        return _sentence(refusal.reason), refusal.rule
    text = str(refusal)
    head, colon, rest = text.partition(": ")
    if colon and "§" in head:
        return _sentence(rest), head
    return _sentence(text), ""


def _sentence(reason: str) -> str:
    reason = reason.strip()
    return reason[:1].upper() + reason[1:] if reason else reason


def rule_tip(rule: str) -> str:
    """The tooltip that names the rule behind a refusal."""
    return f"Why: the rule is {rule}" if rule else ""


def show_on(label: QLabel, refusal: object | None) -> None:
    """Put a refusal on a dialog's label: the reason as text, the rule as its tooltip."""
    if refusal is None:
        label.setText("")
        label.setToolTip("")
        return
    reason, rule = split_refusal(refusal)
    label.setText(reason)
    label.setToolTip(rule_tip(rule))


def went_through(label: QLabel, refusal: object | None) -> bool:
    """After a push: True when nothing was refused, else the refusal goes on ``label``."""
    if refusal is None:
        return True
    show_on(label, refusal)
    return False
