"""Events: what an action changed, for the desktop models to turn into signals."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """One change an action made.

    ``kind`` is a short name such as ``"counter_moved"``, ``"health_changed"``,
    ``"tick_started"``; ``combatant`` is the id concerned, if any; ``text`` a sentence.
    """

    kind: str
    combatant: str | None = None
    text: str = ""
