"""Damage and healing on Ward, Vigor and Health, and which triggers a hit sets off.

Every function takes and returns frozen values, so a handler can work out a hit, show
it (the odds dock, the log sentence) and only then store it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from battlewheel.engine.rulesets.poolward.block import NEEDS_HIT, NEEDS_LETHAL, Trigger
from battlewheel.engine.rulesets.poolward.options import (
    DR_ALL,
    LETHAL_PAST_WARD,
    MORTAL_BEFORE_WARD,
    PoolWardOptions,
)


@dataclass(frozen=True)
class Tracks:
    """A fighter's Health, Vigor and Ward now and at most, with Backlash kept apart.

    Health runs from ``health_max`` down to ``-health_max`` (002 §Damage Tracking);
    ``backlash_health`` and ``backlash_vigor`` are the points of the damage taken that
    Sorcerous Backlash dealt, which only natural recovery heals.
    """

    health: int
    health_max: int
    vigor: int
    vigor_max: int
    ward: int
    ward_max: int
    backlash_health: int = 0
    backlash_vigor: int = 0

    @property
    def dead(self) -> bool:
        """Health at the last negative point (002 §Damage Tracking)."""
        return self.health <= -self.health_max

    @property
    def disabled(self) -> bool:
        """Health at 0 or below: unconscious, no actions (002 §Damage Tracking)."""
        return self.health <= 0


@dataclass(frozen=True)
class Hit:
    """What an attack brings to the damage steps.

    ``successes`` after any cover taken off successes; ``dr`` the Damage Reduction that
    meets it (physical or magical, the armour's part gone when pierced to 0).
    """

    successes: int
    lethal: bool = True
    dr: int = 0
    mortal: bool = False


@dataclass(frozen=True)
class DamageResult:
    """How one hit landed: each step's points and the tracks after."""

    damage: int
    ward_absorbed: int
    converted: int
    to_vigor: int
    to_health: int
    lethal_to_health: int
    past_ward: int
    after: Tracks

    @property
    def hit(self) -> bool:
        """The attack succeeded (at least one success), whatever Ward took."""
        return self.damage > 0


def mortal_damage(points: int) -> int:
    """A source inimical to the creature deals double (002 §Mortal Damage)."""
    return points * 2


def ward_absorbs(ward: int, points: int) -> int:
    """Ward takes damage point for point, of either type (002 §Defense Terminology)."""
    return min(ward, points)


def dr_converts(lethal: int, dr: int, vigor: int, how: str) -> int:
    """Lethal points DR turns non-lethal while Vigor lasts (002 §Defense Terminology,
    ruling ``dr_amount``)."""
    if vigor <= 0 or dr <= 0:
        return 0
    limit = lethal if how == DR_ALL else min(dr, lethal)
    return min(limit, vigor)


@dataclass(frozen=True)
class Split:
    """Damage past Ward divided into what goes to Vigor first and what is lethal."""

    non_lethal: int
    lethal: int
    converted: int


def split_damage(points: int, hit: Hit, tracks: Tracks, options: PoolWardOptions) -> Split:
    """Non-lethal and lethal parts of damage past Ward (002 §Damage Tracking).

    At 0 Health or less every point is lethal and DR converts nothing.
    """
    if tracks.health <= 0:
        return Split(0, points, 0)
    if not hit.lethal:
        return Split(points, 0, 0)
    converted = dr_converts(points, hit.dr, tracks.vigor, options.dr_amount)
    return Split(converted, points - converted, converted)


def lose_health(tracks: Tracks, points: int) -> Tracks:
    """Health down by ``points``, never past the last negative point (002 §Damage Tracking)."""
    return replace(tracks, health=max(tracks.health - points, -tracks.health_max))


def apply_split(tracks: Tracks, split: Split) -> tuple[Tracks, int, int]:
    """Non-lethal to Vigor with the overflow to Health, then lethal to Health
    (002 §Damage Tracking); returns the tracks, Vigor lost and Health lost."""
    to_vigor = min(split.non_lethal, tracks.vigor)
    overflow = split.non_lethal - to_vigor
    after = replace(tracks, vigor=tracks.vigor - to_vigor)
    before_health = after.health
    after = lose_health(after, overflow + split.lethal)
    return after, to_vigor, before_health - after.health


def take_hit(tracks: Tracks, hit: Hit, options: PoolWardOptions) -> DamageResult:
    """One hit through Mortal doubling, Ward, DR, Vigor and Health (002 §Defense Terminology,
    §Damage Tracking, §Mortal Damage)."""
    doubled_first = hit.mortal and options.mortal_timing == MORTAL_BEFORE_WARD
    damage = mortal_damage(hit.successes) if doubled_first else hit.successes
    absorbed = ward_absorbs(tracks.ward, damage)
    past = damage - absorbed
    tracks = replace(tracks, ward=tracks.ward - absorbed)
    split = split_damage(past, hit, tracks, options)
    if hit.mortal and not doubled_first:
        split = Split(mortal_damage(split.non_lethal), mortal_damage(split.lethal),
                      split.converted)
        past = split.non_lethal + split.lethal
    after, to_vigor, to_health = apply_split(tracks, split)
    lethal = min(split.lethal, to_health)
    return DamageResult(damage, absorbed, split.converted, to_vigor, to_health, lethal, past,
                        after)


def fired(triggers: tuple[Trigger, ...], result: DamageResult,
          options: PoolWardOptions) -> tuple[Trigger, ...]:
    """Triggers a hit sets off: on a hit even when Ward took all; lethal ones only when
    lethal damage was dealt (002 §Defense Terminology, ruling ``lethal_trigger``)."""
    if not result.hit:
        return ()
    lethal = result.past_ward > 0 if options.lethal_trigger == LETHAL_PAST_WARD else (
        result.lethal_to_health > 0)
    return tuple(t for t in triggers if t.needs == NEEDS_HIT or (t.needs == NEEDS_LETHAL
                                                                 and lethal))


# -- Backlash and healing ---------------------------------------------------------------


def take_backlash(tracks: Tracks, points: int, lethal: bool) -> Tracks:
    """Sorcerous Backlash: non-lethal to Vigor (overflow to Health) or lethal to Health, kept
    apart so only natural recovery heals it (002 §Health and Vigor Recovery)."""
    split = Split(0, points, 0) if lethal or tracks.health <= 0 else Split(points, 0, 0)
    after, to_vigor, to_health = apply_split(tracks, split)
    return replace(after, backlash_vigor=after.backlash_vigor + to_vigor,
                   backlash_health=after.backlash_health + to_health)


def heal_health_naturally(tracks: Tracks, points: int) -> Tracks:
    """Natural healing of Health; it mends Backlash damage first, which nothing else can
    (002 §Health and Vigor Recovery)."""
    gained = min(points, tracks.health_max - tracks.health)
    return replace(tracks, health=tracks.health + gained,
                   backlash_health=max(0, tracks.backlash_health - gained))


def recover_vigor(tracks: Tracks, points: int) -> Tracks:
    """Vigor comes back point by point, Backlash's part with it (002 §Health and Vigor
    Recovery)."""
    gained = min(points, tracks.vigor_max - tracks.vigor)
    return replace(tracks, vigor=tracks.vigor + gained,
                   backlash_vigor=max(0, tracks.backlash_vigor - gained))


def night_of_sleep(tracks: Tracks, medicine_success: bool) -> Tracks:
    """A night's sleep: 1 Health, 2 with a successful Medicine roll, and Vigor back in full
    (a night is many quarter hours) (002 §Health and Vigor Recovery)."""
    rested = heal_health_naturally(tracks, 2 if medicine_success else 1)
    return recover_vigor(rested, rested.vigor_max)


def vigor_after_rest(tracks: Tracks, quarter_hours: int) -> Tracks:
    """One Vigor per 15 minutes of rest (002 §Health and Vigor Recovery)."""
    return recover_vigor(tracks, quarter_hours)


def lethal_healing(tracks: Tracks, points: int) -> Tracks:
    """Each point heals 1 Health, or 2 Vigor once Health is full; never Backlash damage
    (002 §Magical/Lethal Healing)."""
    health_room = max(0, tracks.health_max - tracks.backlash_health - tracks.health)
    to_health = min(points, health_room)
    vigor_room = max(0, tracks.vigor_max - tracks.backlash_vigor - tracks.vigor)
    to_vigor = min(2 * (points - to_health), vigor_room)
    return replace(tracks, health=tracks.health + to_health, vigor=tracks.vigor + to_vigor)
