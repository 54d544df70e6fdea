"""What the battlewheel shows: plain snapshots the models hand to the wheel scene.

The scene never reads the engine: it draws a `WheelInfo`, which the combat model
builds from the session after every change. Keeping these values plain (no Qt, no
engine types) lets the scene be tested with hand-made wheels.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

ALLY = "ally"
ENEMY = "enemy"

# Allies in cool hues, enemies in warm ones; a combatant keeps its colour everywhere.
ALLY_COLOURS = ("#1f5fbf", "#14806f", "#5440b8", "#1b7fb5", "#2e7d32", "#3949ab", "#00695c")
ENEMY_COLOURS = ("#b3261e", "#c05600", "#a0155a", "#8e2b0b", "#b8431a", "#7b1fa2", "#9c2a2a")


def colour_hex(side: str, index: int) -> str:
    """The counter colour of a combatant: a hue from its side's family, varied by index."""
    family = ALLY_COLOURS if side == ALLY else ENEMY_COLOURS
    return family[index % len(family)]


@dataclass(frozen=True)
class CounterInfo:
    """One combatant's counter: who, where on the wheel, and which badges it wears."""

    id: str
    name: str
    initials: str
    side: str
    # None: not on the wheel (before the battle, or Totally Surprised and not yet joined).
    segment: int | None
    colour_index: int = 0
    next_tick: int | None = None
    laps_ahead: int = 0
    acting: bool = False
    dv_penalty: int = 0
    wound_penalty: int = 0
    surprise: str | None = None
    unconscious: bool = False
    critical: bool = False
    dead: bool = False

    def states(self) -> list[str]:
        """The counter's conditions as short words, for tooltips and the status bar."""
        words = []
        if self.surprise:
            words.append(f"{self.surprise} surprised")
        for flag, word in (
            (self.dead, "dead"),
            (self.critical, "critical"),
            (self.unconscious, "unconscious"),
        ):
            if flag:
                words.append(word)
        return words


@dataclass(frozen=True)
class WheelInfo:
    """The whole wheel: its segments, the tick each shows, the active one, the counters."""

    segment_count: int = 7
    current_tick: int | None = None
    active_segment: int | None = None
    counters: tuple[CounterInfo, ...] = field(default_factory=tuple)
    ended: bool = False  # the combat is over (the hub says so)

    def segment_ticks(self) -> list[int]:
        """The tick each segment stands for next: the active one now, the others ahead."""
        now = self.current_tick if self.current_tick is not None else 0
        active = self.active_segment if self.active_segment is not None else now
        return [now + (index - active) % self.segment_count for index in range(self.segment_count)]

    def counter(self, counter_id: str) -> CounterInfo | None:
        """The counter with this id, or None."""
        return next((c for c in self.counters if c.id == counter_id), None)

    def off_wheel(self) -> list[CounterInfo]:
        """The counters not (yet) on the wheel, in roster order."""
        return [c for c in self.counters if c.segment is None]

    def on_segment(self, segment: int) -> list[CounterInfo]:
        """The counters standing on one segment, nearest action first."""
        here = [c for c in self.counters if c.segment == segment]
        return sorted(here, key=lambda c: (c.laps_ahead, c.side != ALLY, c.name))


_NUMBERED = re.compile(r"^(?P<stem>.*?)\s*(?P<number>\d+)$")


def initials(name: str) -> str:
    """Two or three letters that name a combatant on its counter ("Bandit 3" → "B3")."""
    match = _NUMBERED.match(name.strip())
    if match and match["stem"]:
        return _letters(match["stem"], 1) + match["number"]
    return _letters(name, 2)


def _letters(name: str, most: int) -> str:
    words = [w for w in re.split(r"[\s\-_]+", name.strip()) if w]
    if not words:
        return "?"
    if len(words) == 1 or most == 1:
        first = words[0]
        return (first[:most].capitalize()) if most > 1 else first[0].upper()
    return "".join(w[0].upper() for w in words[:most])


def unique_initials(names: Sequence[str]) -> list[str]:
    """Initials for every name, numbered where two would otherwise look alike."""
    raw = [initials(n) for n in names]
    seen: dict[str, int] = {}
    result = []
    for text in raw:
        count = raw.count(text)
        if count == 1:
            result.append(text)
            continue
        seen[text] = seen.get(text, 0) + 1
        result.append(f"{text[:2]}{seen[text]}")
    return result
