"""The small pure rules of seed 001: beating a difficulty, pools, costs, bands, Speed.

Each function takes plain numbers and answers one question of the rules; the handlers
and the odds both use them, so a sheet, a dialog's preview and the log agree.
"""

from __future__ import annotations

from battlewheel.engine.core.dice import DiceEntry, roll

MELEE, SHORT, MEDIUM, LONG, EXTREME = 0, 1, 2, 3, 4
BANDS = ("melee", "short", "medium", "long", "extreme")
STRIKE_MINIMUM = 2
MISS_COST = 2
HOLD_COST = 2
DASH_COST = 2
DISENGAGE_COST = 2
STUNT_DICE = 2
STUN_DICE = 2
INTIMIDATE_LOSS = 3
PARTIAL_COVER_DV = 2
DASH_DV = 1
RANGED_MELEE_PENALTY = 2
COVER_LEVELS = ("none", "partial", "full")
HEX_METRES = 5
GENERIC_BAND_HEXES = 5
# (first hex, last hex) of each band on a battlemap; 001 prints "61-30" for long,
# read as 16-30 (rules/impulse.md §2, Battlemap variant).
BAND_HEXES = ((0, 1), (2, 5), (6, 15), (16, 30), (31, None))


def beats(successes: int, difficulty: int, beat_rule: str) -> bool:
    """Whether a roll clears a difficulty: above it, or at least it (001 §Stunting Maneuvers)."""
    return successes >= difficulty if beat_rule == "at_least" else successes > difficulty


def rolled_successes(dice: int, entry: DiceEntry, *, double_tens: bool = True) -> int:
    """The successes a dice entry shows for a pool of ``dice`` (004 §Pools and Dice)."""
    return roll(dice, entry, double_tens=double_tens).successes


def threshold(successes: int, dv: int) -> int:
    """The accuracy successes left over the DV (001 §Decisive Strike)."""
    return max(0, successes - dv)


def damage_pool(impulse: int, base_damage: int, over: int) -> int:
    """Impulse + Base Damage + threshold successes (001 §Decisive Strike)."""
    return max(0, impulse + base_damage + over)


def impulse_after_hit(impulse: int, ruling: str) -> int:
    """All Impulse went into the pool (default), or it stays (ruling impulse_after_hit)."""
    return impulse if ruling == "unchanged" else 0


def change_cost(old: int, new: int) -> int:
    """1 Impulse per +1 order value; lowering is free (001 §Change Initiative)."""
    return max(0, new - old)


def lowered(impulse: int, loss: int, floor: int) -> int:
    """Impulse after an imposed loss, never pushed below the floor (ruling impulse_floor)."""
    if impulse <= floor:
        return impulse
    return max(floor, impulse - loss)


def is_out(endurance: int, ruling: str) -> bool:
    """Out of the fight at 0 Endurance (default) or only below 0 (001 §Endurance)."""
    return endurance < 0 if ruling == "below_zero" else endurance <= 0


def step_band(band: int, direction: str, steps: int) -> int:
    """A band after moving ``steps`` toward or away, kept within melee..long (001 §Movement)."""
    moved = band - steps if direction == "toward" else band + steps
    return max(MELEE, min(LONG, moved))


def cover_after_counter(cover: str) -> str:
    """One level less: full to partial, partial to none (001 §Situational Defenses)."""
    return COVER_LEVELS[max(0, COVER_LEVELS.index(cover) - 1)]


def cover_dv(cover: str) -> int:
    """Partial cover adds 2 DV (001 §Situational Defenses)."""
    return PARTIAL_COVER_DV if cover == "partial" else 0


def ranged_reach(band: int, ranged_long: bool) -> bool:
    """Ranged strikes reach short and medium; long by ruling ranged_long (001 §Attack Ranges)."""
    return band in (SHORT, MEDIUM) or (ranged_long and band == LONG)


def speed(dex_athletics: int, rounding: str) -> int:
    """Speed in hexes: 3 + (Dex + Athletics) / 2 (001 §Battlemaps and Absolute Positioning)."""
    half = -(-dex_athletics // 2) if rounding == "up" else dex_athletics // 2
    return 3 + half


def band_of_hexes(hexes: int) -> int:
    """The range band a hex distance falls in (001 §Battlemaps and Absolute Positioning)."""
    for band, (_, last) in enumerate(BAND_HEXES):
        if last is None or hexes <= last:
            return band
    return EXTREME
