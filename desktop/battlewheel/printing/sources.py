"""Cards from the campaign: a character's figures and, when fighting, its current marks."""

from battlewheel.engine.rulesets.rewrite.character import (
    Character,
    DamageType,
    Derived,
    dodge_dv,
    hardness,
    health_track_for,
    parry_dvs,
    soak,
)
from battlewheel.engine.core.health import HealthTrack
from battlewheel.printing.card import SheetCard, track_card
from battlewheel.storage.campaign import Campaign

MAX_PARRIES = 3


def character_card(character: Character, track: HealthTrack | None = None, *,
                   blank: bool = False) -> SheetCard:
    """A card for a character: its track (empty unless given), soak, DVs, wound penalty."""
    return track_card(character.name, subtitle(character),
                      track or health_track_for(character), reference(character), blank=blank)


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


def campaign_cards(campaign: Campaign, *, blank: bool = False) -> list[SheetCard]:
    """One card per roster character, then any fighter not on the roster.

    A character in a combat shows its marks from the latest combat it is in.
    """
    current = _tracks_in_combats(campaign)
    cards = [character_card(c, current.pop(c.name.casefold(), (c, None))[1], blank=blank)
             for c in campaign.characters]
    cards.extend(character_card(c, track, blank=blank) for c, track in current.values())
    return cards


def _tracks_in_combats(campaign: Campaign) -> dict[str, tuple[Character, HealthTrack | None]]:
    found: dict[str, tuple[Character, HealthTrack | None]] = {}
    for record in campaign.combats:
        for combatant in record.session.state.combatants.values():
            found[combatant.character.name.casefold()] = (combatant.character, combatant.health)
    return found


def _shown(value: Derived) -> str:
    """A figure, daggered when the GM overrode it."""
    return f"{value.value}\u2020" if value.overridden else str(value.value)
