"""What a Pool & Ward fight leaves on a character, and rest between fights.

Rules page rules/between-fights.md §Pool & Ward: Health (negative too, bleeding or
stable), Vigor, Backlash damage kept apart and death carry; Ward carries only under the
ruling ``ward_restores`` = carried; a night's sleep, rests of 15 minutes and lethal
healing are the roster's between fights (002 §Health and Vigor Recovery, §Magical/Lethal
Healing). The condition is kept as what was lost, so a fresh character is all zeros
whatever its block, and an edited block keeps every point lost.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import Any

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.lasting import (
    CarryLine,
    Changed,
    Part,
    RestChoice,
    RestInput,
    RestOffer,
    part_lines,
    parts_carried,
    summary_values,
)
from battlewheel.engine.core.lasting_json import LastingRecord
from battlewheel.engine.rulesets.poolward.block import StatBlock
from battlewheel.engine.rulesets.poolward.options import WARD_CARRIED, PoolWardOptions
from battlewheel.engine.rulesets.poolward.rules.damage import (
    Tracks,
    lethal_healing,
    night_of_sleep,
    vigor_after_rest,
)
from battlewheel.engine.rulesets.poolward.rules.rolls import read_roll
from battlewheel.engine.rulesets.poolward.state import DEAD, Fight

RECOVERY_RULE = "002 §Health and Vigor Recovery"
HEALING_RULE = "002 §Magical/Lethal Healing"
GM_WORD = "the GM's word between fights (the seed gives no rule)"
MOST_MINUTES = 7 * 24 * 60
MOST_POINTS = 100
MOST_DICE = 60


@dataclass(frozen=True)
class Lasting(LastingRecord):
    """A Pool & Ward character's current condition: the points each track has lost.

    ``backlash_health`` and ``backlash_vigor`` are the part of the loss Sorcerous Backlash
    dealt (only sleep and rest heal it); ``stable`` stops a character at 0 Health or below
    from bleeding; ``dead`` is death as the fight ruled it (an NPC can die at 0).
    """

    health_lost: int = 0
    vigor_lost: int = 0
    ward_spent: int = 0
    backlash_health: int = 0
    backlash_vigor: int = 0
    stable: bool = False
    dead: bool = False


LASTING = Lasting


def _options(options: Any) -> PoolWardOptions:
    return options if isinstance(options, PoolWardOptions) else PoolWardOptions()


# -- between the fight's tracks and the condition -----------------------------------------


def tracks_of(block: StatBlock, lasting: Lasting) -> Tracks:
    """The condition as the damage rules' tracks (Ward spent or not)."""
    return Tracks(block.health_max - lasting.health_lost, block.health_max,
                  block.vigor_max - lasting.vigor_lost, block.vigor_max,
                  block.ward - lasting.ward_spent, block.ward,
                  lasting.backlash_health, lasting.backlash_vigor)


def _from_tracks(tracks: Tracks, lasting: Lasting) -> Lasting:
    return replace(lasting, health_lost=tracks.health_max - tracks.health,
                   vigor_lost=tracks.vigor_max - tracks.vigor,
                   ward_spent=tracks.ward_max - tracks.ward,
                   backlash_health=tracks.backlash_health,
                   backlash_vigor=tracks.backlash_vigor,
                   stable=lasting.stable and tracks.health <= 0)


def fresh(block: StatBlock) -> Lasting:
    """At full: nothing lost (every earlier campaign's characters)."""
    return Lasting()


def after(state: Fight, combatant_id: str, before: Lasting) -> Lasting:
    """What the fight as it stands leaves on a fighter (gone from the fight: ``before``)."""
    who = state.fighters.get(combatant_id)
    if who is None:
        return before
    tracks = who.tracks
    return Lasting(tracks.health_max - tracks.health, tracks.vigor_max - tracks.vigor,
                   tracks.ward_max - tracks.ward, tracks.backlash_health,
                   tracks.backlash_vigor, who.stable and who.health <= 0,
                   who.condition == DEAD)


def joined(block: StatBlock, lasting: Lasting, options: Any) -> Tracks:
    """The tracks a fighter joins with (a dead one at the last negative box; Ward full
    unless the ruling carries it)."""
    tracks = tracks_of(block, fitted(block, lasting).lasting)
    if _options(options).ward_restores != WARD_CARRIED:
        tracks = replace(tracks, ward=block.ward)
    if lasting.dead:
        tracks = replace(tracks, health=-block.health_max)
    return tracks


# -- the carry dialog's lines ---------------------------------------------------------------


def _named(label: str) -> str:
    return f" {label}" if label else ""


def _health_words(block: StatBlock, lasting: Lasting, label: str = "") -> str:
    if lasting.dead:
        return "dead"
    health = block.health_max - lasting.health_lost
    words = f"{health}/{block.health_max}{_named(label)}"
    if lasting.backlash_health:
        words += f" ({lasting.backlash_health} Backlash)"
    if health <= 0:
        words += ", stable" if lasting.stable else ", bleeding"
    return words


def _vigor_words(block: StatBlock, lasting: Lasting, label: str = "") -> str:
    words = f"{block.vigor_max - lasting.vigor_lost}/{block.vigor_max}{_named(label)}"
    if lasting.backlash_vigor:
        words += f" ({lasting.backlash_vigor} Backlash)"
    return words


def _ward_words(block: StatBlock, lasting: Lasting, label: str = "") -> str:
    return f"{block.ward - lasting.ward_spent}/{block.ward}{_named(label)}"


_PARTS = {
    "health": Part("Health", ("health_lost", "backlash_health", "stable", "dead")),
    "vigor": Part("Vigor", ("vigor_lost", "backlash_vigor")),
    "ward": Part("Ward", ("ward_spent",)),
}
_WORDS = {"health": _health_words, "vigor": _vigor_words, "ward": _ward_words}


def _keys(options: Any) -> tuple[str, ...]:
    carried = _options(options).ward_restores == WARD_CARRIED
    return ("health", "vigor", "ward") if carried else ("health", "vigor")


def lines(block: StatBlock, before: Lasting, after: Lasting,
          options: Any) -> tuple[CarryLine, ...]:
    """One line per part the fight changed, Health first (rules page §Pool & Ward)."""
    return part_lines(_PARTS, _keys(options), before, after,
                      lambda key, lasting: _WORDS[key](block, lasting))


def carried(block: StatBlock, before: Lasting, after: Lasting,
            keys: Collection[str]) -> Lasting:
    """``before`` with the ticked parts taken from ``after``."""
    return parts_carried(_PARTS, before, after, keys)


def fitted(block: StatBlock, lasting: Lasting) -> Changed:
    """The condition on an edited block: every point lost stays lost; what no longer fits
    a shorter track is said (Health past the last box is death)."""
    said = []
    health_lost, vigor_lost, ward_spent = (lasting.health_lost, lasting.vigor_lost,
                                           lasting.ward_spent)
    dead = lasting.dead
    if health_lost > 2 * block.health_max:
        health_lost, dead = 2 * block.health_max, True
        said.append(f"Health lost {lasting.health_lost} passes the last box: dead")
    elif health_lost == 2 * block.health_max and not dead:
        dead = True
        said.append("Health lost reaches the last box: dead")
    if vigor_lost > block.vigor_max:
        vigor_lost = block.vigor_max
        said.append(f"Vigor lost {lasting.vigor_lost} is more than the track's "
                    f"{block.vigor_max}: Vigor 0")
    if ward_spent > block.ward:
        ward_spent = block.ward
        said.append(f"Ward spent {lasting.ward_spent} is more than the Ward {block.ward}")
    kept = Lasting(health_lost, vigor_lost, ward_spent,
                   min(lasting.backlash_health, health_lost),
                   min(lasting.backlash_vigor, vigor_lost),
                   lasting.stable and health_lost >= block.health_max, dead)
    return Changed(kept, "; ".join(said))


# -- showing it ---------------------------------------------------------------------------


def rows(block: StatBlock, lasting: Lasting) -> dict[str, str]:
    """Each track's words, for the sheet and the card."""
    found = {"Health": _health_words(block, lasting), "Vigor": _vigor_words(block, lasting)}
    if lasting.ward_spent:
        found["Ward"] = _ward_words(block, lasting)
    return found


def summary(block: StatBlock, lasting: Lasting) -> str:
    """"4/8 Health, 5/6 Vigor" (and Ward when spent, "dead" for the dead)."""
    if lasting.dead:
        return "dead"
    said = [_health_words(block, lasting, "Health"), _vigor_words(block, lasting, "Vigor")]
    if lasting.ward_spent:
        said.append(_ward_words(block, lasting, "Ward"))
    return ", ".join(said)


def sections(block: StatBlock, lasting: Lasting) -> tuple[Any, ...]:
    """The sheet's and the card's "Current condition" section."""
    return (summary_values(rows(block, lasting)),)


# -- rest between fights ------------------------------------------------------------------


def _hurt(block: StatBlock, lasting: Lasting) -> bool:
    return bool(lasting.health_lost or lasting.vigor_lost)


def rest_offers(block: StatBlock, lasting: Lasting, options: Any) -> tuple[RestOffer, ...]:
    """A night's sleep (Medicine typed or rolled), minutes of rest, lethal healing, and
    restoring each track to full (rules page §Pool & Ward; 002 §Health and Vigor
    Recovery, §Magical/Lethal Healing)."""
    dead = f"{block.name} is dead: rest does not heal the dead" if lasting.dead else ""
    unhurt = "" if _hurt(block, lasting) else f"{block.name} has nothing to recover"
    healable = lasting.health_lost - lasting.backlash_health or \
        lasting.vigor_lost - lasting.backlash_vigor
    no_heal = dead or unhurt or ("" if healable else "only Backlash is left, which lethal "
                                 "healing never heals")
    offers = [
        RestOffer("sleep", "A night's sleep", (
            RestInput("medicine_pool", "Medicine pool (0: untended)", "int", 0, MOST_DICE, 0,
                      help="the tender's Medicine dice; 0 when nobody tends the sleeper"),
            RestInput("medicine", "Medicine roll", "roll",
                      help="the faces or successes, typed or rolled"),
        ), help=f"+1 Health, +2 with a successful Medicine roll ({RECOVERY_RULE})",
            why_not=dead or unhurt),
        RestOffer("rest", "Rest", (
            RestInput("minutes", "Minutes of rest", "int", 15, MOST_MINUTES, 15),
        ), help=f"+1 Vigor per 15 minutes ({RECOVERY_RULE})",
            why_not=dead or ("" if lasting.vigor_lost else f"{block.name}'s Vigor is full")),
        RestOffer("heal", "Lethal healing", (
            RestInput("points", "Points of healing", "int", 1, MOST_POINTS, 1),
        ), help=f"1 Health a point, or 2 Vigor once Health is full; never Backlash "
                f"({HEALING_RULE})", why_not=no_heal),
    ]
    for key, label, lost in (("health", "Health", lasting.health_lost or lasting.dead),
                             ("vigor", "Vigor", lasting.vigor_lost),
                             ("ward", "Ward", lasting.ward_spent)):
        offers.append(RestOffer(f"restore_{key}", f"Restore {label} to full",
                                help=GM_WORD,
                                why_not="" if lost else f"{label} is full"))
    offers.append(RestOffer("restore_all", "Restore to full", help=GM_WORD,
                            why_not="" if lasting != Lasting() else f"{block.name} is fresh"))
    return tuple(offers)


def rested(block: StatBlock, lasting: Lasting, choice: RestChoice, options: Any) -> Changed:
    """The condition after one rest the GM chose (refused: ``IllegalAction`` saying why)."""
    offer = next((o for o in rest_offers(block, lasting, options) if o.key == choice.offer),
                 None)
    if offer is None:
        raise IllegalAction(RECOVERY_RULE, f"{choice.offer!r} is not a rest of Pool & Ward")
    if offer.why_not:
        raise IllegalAction(RECOVERY_RULE, offer.why_not)
    if choice.offer.startswith("restore_"):
        return _restored(block, lasting, choice.offer.removeprefix("restore_"))
    tracks = tracks_of(block, lasting)
    if choice.offer == "sleep":
        success = _medicine(choice, _options(options))
        now = night_of_sleep(tracks, success)
        how = "tended, Medicine succeeds" if success else (
            "tended, Medicine fails" if _whole(choice, "medicine_pool", 0, MOST_DICE) else "")
        words = f"{block.name} sleeps the night{f' ({how})' if how else ''}"
    elif choice.offer == "rest":
        minutes = _whole(choice, "minutes", 15, MOST_MINUTES)
        now = vigor_after_rest(tracks, minutes // 15)
        words = f"{block.name} rests {minutes} minutes"
    else:
        points = _whole(choice, "points", 1, MOST_POINTS)
        now = lethal_healing(tracks, points)
        words = f"{block.name} receives {points} points of lethal healing"
    result = _from_tracks(now, lasting)
    return Changed(result, f"{words}: {summary(block, result)}.")


def _restored(block: StatBlock, lasting: Lasting, track: str) -> Changed:
    everything = track == "all"
    result = Lasting() if everything else parts_carried(_PARTS, lasting, Lasting(), (track,))
    what = "everything" if everything else track.capitalize()
    return Changed(result, f"{block.name}: {what} restored to full: {summary(block, result)}.")


def _whole(choice: RestChoice, key: str, low: int, high: int) -> int:
    value = choice.values.get(key, low if key != "medicine_pool" else 0)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IllegalAction(RECOVERY_RULE, f"{key.replace('_', ' ')} must be {low} to {high}")
    return value


def _medicine(choice: RestChoice, options: PoolWardOptions) -> bool:
    """Whether the tender's Medicine roll succeeds (no pool: untended, no roll)."""
    pool = _whole(choice, "medicine_pool", 0, MOST_DICE)
    entry = choice.values.get("medicine")
    if pool == 0:
        if entry is not None:
            raise IllegalAction(RECOVERY_RULE, "a Medicine roll needs the tender's pool")
        return False
    if not isinstance(entry, DiceEntry):
        raise IllegalAction(RECOVERY_RULE, f"a Medicine pool of {pool} needs its roll")
    return read_roll(entry, pool, options).successes > 0
