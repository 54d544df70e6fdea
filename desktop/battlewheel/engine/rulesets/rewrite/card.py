"""The 2e player card: the health track (marked or blank), soak, Hardness and DVs.

The printed card is the paper twin of the sheet's health section: its boxes under their
penalty labels, the figures a player reads off when hit, and the wound-penalty rule.
"""

from __future__ import annotations

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.rulesets.rewrite.block import (
    Character,
    DamageType,
    Derived,
    dodge_dv,
    hardness,
    health_track_for,
    parry_dvs,
    soak,
)
from battlewheel.engine.rulesets.rewrite.sheet import health_section

MAX_PARRIES = 3
WOUND_RULE = "deepest marked box above Incap."


def character_card(character: Character, track: HealthTrack | None = None) -> c.Card:
    """A card for a character: its track (empty unless given), soak, DVs, wound penalty."""
    shown = track or health_track_for(character)
    return c.Card(
        title=character.name,
        subtitle=subtitle(character),
        sections=(health_section(shown),),
        reminders=(*reference(character), wound_line(shown)),
        blank_reminders=(*reference(character), wound_line(None)),
    )


def subtitle(character: Character) -> str:
    """Kind, Essence and Stamina, the figures that shape the track."""
    parts = [character.kind.value, f"Essence {character.essence}",
             f"Stamina {character.stamina}"]
    if character.extra_health_levels:
        parts.append(f"{len(character.extra_health_levels)} extra levels")
    return " \u00b7 ".join(parts)


def reference(character: Character) -> tuple[str, ...]:
    """Soak and hardness per damage type, then the Dodge DV and the best Parry DVs."""
    soaks = "  ".join(f"{t.value} {_shown(soak(character, t))}" for t in DamageType)
    hard = "  ".join(f"{t.value} {_shown(hardness(character, t))}" for t in DamageType)
    # Fists and feet only when the character carries nothing that parries.
    carried = parry_dvs(character, natural=False) or parry_dvs(character)
    parries = sorted(carried.items(), key=lambda item: -item[1].value)
    parry_text = ", ".join(f"{_shown(dv)} ({name})" for name, dv in parries[:MAX_PARRIES])
    return (
        f"Soak {soaks}     Hardness {hard}",
        f"Dodge DV {_shown(dodge_dv(character))}     Parry DV {parry_text or 'none'}",
    )


def wound_line(track: HealthTrack | None) -> str:
    """The reference line for wound penalties, with the current one when marks are shown."""
    if track is None:
        return f"Wound penalty: {WOUND_RULE}"
    now = "none" if track.wound_penalty == 0 else f"\u2212{track.wound_penalty}"
    return f"Wound penalty now: {now}  ({WOUND_RULE})"


def _shown(value: Derived) -> str:
    """A figure, daggered when the GM overrode it."""
    return f"{value.value}\u2020" if value.overridden else str(value.value)
