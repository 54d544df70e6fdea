"""Small pieces of log wording shared by the action sentences and the event texts.

Nothing here knows the combat state: counts with the right plural, dice entries,
health tracks and the display names of manoeuvres, charms and overridden values.
"""

from __future__ import annotations

from collections.abc import Mapping

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.health import HealthTrack

_MARK_WORDS = {"*": "aggravated", "X": "lethal", "/": "bashing"}
_OVERRIDE_NAMES = {
    "dodge_dv": "Dodge DV",
    "surprise_detection_value": "Surprise Detection Value",
    "die_cap": "die cap",
    "dv_cap": "DV cap",
    "movement": "movement",
    "willpower_rating": "Willpower rating",
    "personal_motes_pool": "personal mote pool",
    "peripheral_motes_pool": "peripheral mote pool",
    "ox_body": "Ox-Body levels",
}


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 success``, ``2 successes``: the count with its noun in the right number."""
    word = noun if count == 1 else (many or noun + "s")
    return f"{count} {word}"


def successes(count: int) -> str:
    """``1 success`` / ``3 successes``."""
    return plural(count, "success", "successes")


def dice_text(entry: DiceEntry) -> str:
    """The faces rolled, or the count the GM typed; an empty pool says so."""
    if entry.faces is not None:
        if not entry.faces:
            return "no dice, 0 successes"
        return "rolled " + " ".join(str(face) for face in entry.faces)
    return f"{successes(entry.successes or 0)} typed"


def penalty_text(points: int) -> str:
    """A DV penalty: ``no DV penalty`` or ``DV -2``, written alike everywhere it shows."""
    return f"DV -{points}" if points else "no DV penalty"


def helpless_word(track: HealthTrack) -> str | None:
    """The worst of dead, critical, unconscious; None while able to act (000 §Applying Effects)."""
    if track.dead:
        return "dead"
    if track.critical:
        return "critical"
    if track.unconscious:
        return "unconscious"
    return "incapacitated" if track.incapacitated else None


def wound_text(track: HealthTrack) -> str:
    """The track's marks and wound penalty, as the GM reads them off the sheet."""
    helpless = helpless_word(track)
    if helpless is not None:
        return f"track {track.marks}, {helpless}"
    return f"track {track.marks}, wound penalty -{track.wound_penalty}"


def damage_summary(track: HealthTrack) -> str:
    """``2 lethal, 2 bashing``: the levels of each type on a track, worst first."""
    return levels_text({mark: track.marks.count(mark) for mark in _MARK_WORDS})


def levels_text(levels: Mapping[str, int]) -> str:
    """Levels by type (``A``/``L``/``B`` or box marks), worst first: ``1 lethal, 2 bashing``."""
    words = {**_MARK_WORDS, "A": "aggravated", "L": "lethal", "B": "bashing"}
    order = ("*", "A", "X", "L", "/", "B")
    parts = [f"{levels[key]} {words[key]}" for key in order if levels.get(key)]
    return ", ".join(parts) if parts else "no damage"


def mark_word(mark: str) -> str:
    """The damage type a box mark shows (``X`` lethal), or ``empty``."""
    return _MARK_WORDS.get(mark, "empty")


def override_name(field: str) -> str:
    """A derived value's key as the sheet names it: ``parry_dv:Sword`` → ``Parry DV (Sword)``."""
    name, _, rest = field.partition(":")
    if name == "parry_dv":
        return f"Parry DV ({rest})"
    if name == "hardness":
        return f"{rest} Hardness"
    if name == "soak":
        kind, _, piercing = rest.partition(":")
        return f"{kind} soak" + (" against piercing" if piercing else "")
    return _OVERRIDE_NAMES.get(field, field.replace("_", " "))


def charm_name(charm_id: str) -> str:
    """A charm id as its name: ``seven_shadows_evasion`` → ``Seven Shadows Evasion``."""
    return " ".join(word.capitalize() for word in charm_id.split("_"))
