"""3e's formulas as small pure functions, each citing its 003 section.

Nothing here reads the fight's state: the callers pass traits and numbers, so every
figure the attack dialog shows can be worked out and tested alone.
"""

from __future__ import annotations

from battlewheel.engine.core.health import STANDARD_PENALTIES, HealthTrack
from battlewheel.engine.rulesets.ex3.block import MOUNT_SPEED, Character, Weapon

BASE_JOIN_BONUS = 3
DELAY_COST = 2
SELF_CRASH_EXTRA = 5
BREAK_BONUS = 5
CRASH_TURNS_TO_RESET = 3
FLURRY_ROLL_PENALTY = 3
ONSLAUGHT = 1
CLASH_DEFENCE = 2
CLASH_WITHERING_BONUS = 3
CLASH_DECISIVE_BONUS = 1
PRONE_ATTACK = 3
AIM_BONUS = 3
OFF_HAND_PENALTY = 1  # ruling off_hand_penalty (the seed cites the core book)
DISENGAGE_COST = 2
FULL_DEFENCE_COST = 1
WITHDRAW_COST = 10
WITHDRAW_GOAL = 10
WITHDRAW_DIFFICULTY = 1  # each roll of the extended Withdraw
ROUGH_PENALTY = 3
GO_TO_GROUND_REJOIN = -10
DISSOLVING_DEFENCE = 3
GRAPPLE_DEFENCE = 2
SURPRISE_DEFENCE = 2
AMBUSH_ESCAPE_BONUS = 5
GROUP_GROUND_COST = 1  # i per round spent crossing a battle group's ranks
IN_COMBAT_STEALTH = 3

GAMBIT_DIFFICULTY = {"disarm": 3, "grapple": 2, "engage": 2, "unhorse": 4}
DISTRACT_DIFFICULTIES = (3, 4, 5)
DRILL_DEFENCE = {"poor": 0, "average": 1, "elite": 2}
DRILL_COMMAND = {"poor": -2, "average": 0, "elite": 2}
MIGHT_DEFENCE = {0: 0, 1: 1, 2: 1, 3: 2}
RANGE_ORDER = ("close", "short", "medium", "long", "extreme")
COVER_DEFENCE = {0: 0, 1: 1, 2: 2, 3: 0}


def halve(total: int, kind: str, rounding: str) -> int:
    """Half a sum for Parry or Evasion (004 §Rounding Static Values; ruling static_rounding).

    3e reading §4 static_rounding.
    """
    up = rounding == "up" or (rounding == "004" and kind == "exalt")
    return -(-total // 2) if up else total // 2


def parry(block: Character, weapon: Weapon, rounding: str) -> int:
    """(Dex + Ability + specialty) ÷ 2 + weapon Defence, or a Quick Character's listed
    Parry (003 §Defending Against Attacks)."""
    if block.quick is not None:
        return block.quick.parry
    total = block.attribute("dexterity") + block.ability(weapon.ability)
    total += block.specialty(weapon.ability)
    return halve(total, block.kind, rounding) + weapon.defence


def block_parry(block: Character, rounding: str) -> int | None:
    """The best Parry of a block's close weapons, every one ready (003 §Defending Against
    Attacks); a Quick Character's listed Parry."""
    if block.quick is not None:
        return block.quick.parry
    parries = [parry(block, w, rounding) for w in block.all_weapons if w.close]
    return max(parries) if parries else None


def evasion(block: Character, rounding: str) -> int:
    """(Dexterity + Dodge + specialty) ÷ 2 - armour penalty, or a Quick Character's listed
    Evasion (003 §Defending Against Attacks)."""
    if block.quick is not None:
        return block.quick.evasion
    total = block.attribute("dexterity") + block.ability("dodge") + block.specialty("dodge")
    return halve(total, block.kind, rounding) - block.armour.penalty


def damage_double_tens(block: Character) -> bool:
    """Withering damage counts 10s as the roller's kind does, but never a battle group's
    (003 §Battle Groups); its attack roll keeps its kind's Rule of 10 (004 §The Rule of 10)."""
    return block.double_tens and not block.is_group


def soak(block: Character, size: int = 0) -> int:
    """Stamina + armour soak (a Quick Character's listed total), + Size for a battle group
    (003 §Resisting Attacks, §Battle Groups)."""
    own = block.quick.soak if block.quick is not None else (
        block.attribute("stamina") + block.armour.soak)
    return own + (size if block.is_group else 0)


def attack_pools(block: Character, weapon: Weapon, size: int | None = None) -> tuple[int, int]:
    """Withering pool (with accuracy) and decisive pool (003 §Resolution Steps, step 5).

    Dexterity + the weapon's Ability, or a Quick Character's listed attack pool for both
    (its listed pool already holds the weapon's accuracy). A battle group adds its Size
    (``size``, else the stat block's) and Might (003 §Battle Groups).
    """
    listed = block.quick_attack(weapon)
    base = listed.pool if listed is not None else (
        block.attribute("dexterity") + block.ability(weapon.ability))
    if block.group is not None:
        base += (block.group.size if size is None else size) + block.group.might
    accuracy = 0 if listed is not None else weapon.accuracy
    return base + accuracy, base


def damage_strength(block: Character, weapon: Weapon) -> int:
    """The Strength added to withering damage: none for a Quick Character's listed attack,
    whose Damage already holds it (003 §Resolution Steps, 8c)."""
    return 0 if block.quick_attack(weapon) is not None else block.attribute("strength")


def weapon_damage(block: Character, weapon: Weapon) -> int:
    """The weapon's damage, or a Quick Character attack's listed Damage (003 §Resolution
    Steps, 8c)."""
    listed = block.quick_attack(weapon)
    return listed.damage if listed is not None else weapon.damage


def track_words(track: HealthTrack, ruling: str) -> str:
    """A track's marks as the sheet shows them: under 3e's track, down to Incapacitated
    and "dead" once the level beyond it is marked (3e reading §4 health_track)."""
    if ruling == "3e" and track.dying == 1:
        return track.marks[:track.upper_size] + (" (dead)" if track.dead else "")
    return track.marks


def health_for(block: Character, track_option: str) -> HealthTrack:
    """A fighter's health track: its own levels (else -0, -1, -1, -2, -2, -4), then
    Incapacitated; under ruling health_track "3e" one more level kills, under 000's
    track ("standard") one Dying box per dot of Stamina follows.

    3e reading §4 health_track.
    """
    levels = block.health_levels or STANDARD_PENALTIES
    if track_option == "3e":
        return HealthTrack.empty(levels, 1)
    return HealthTrack.empty(levels, min(max(block.attribute("stamina"), 1), 10))


def hardness(block: Character, in_crash: bool) -> int:
    """The best single source of Hardness, 0 in Crash (003 §Resisting Attacks, §Crash)."""
    return 0 if in_crash else max(block.armour.hardness, block.hardness)


def group_defence(block: Character) -> int:
    """Drill and Might Defence bonuses of a battle group (003 §Battle Groups)."""
    if block.group is None:
        return 0
    return DRILL_DEFENCE[block.group.drill] + MIGHT_DEFENCE[block.group.might]


def magnitude_max(block: Character, size: int) -> int:
    """Average health levels + Size, +3 with perfect morale (003 §Battle Groups)."""
    if block.group is None:
        return 0
    return block.group.average_health + size + (3 if block.group.perfect_morale else 0)


def rout_difficulty(block: Character, size_lost: int, extras: int) -> int:
    """1 + Size lost + each aggravating cause, +1 for Poor Drill (003 §Battle Groups)."""
    poor = 1 if block.group is not None and block.group.drill == "poor" else 0
    return 1 + size_lost + extras + poor


def rout_pool(block: Character, drill_dice: bool) -> int:
    """Average Willpower, + Drill as dice under ruling rout_drill_dice (003 §Battle Groups)."""
    return block.willpower + (group_defence_drill(block) if drill_dice else 0)


def group_defence_drill(block: Character) -> int:
    """The Drill part of a battle group's Defence bonus (003 §Battle Groups)."""
    return DRILL_DEFENCE[block.group.drill] if block.group is not None else 0


def decisive_miss_cost(initiative: int) -> int:
    """A decisive miss costs 2i, or 3i at Initiative 11+ (003 §Resolution Steps, step 7)."""
    return 3 if initiative >= 11 else 2


def withering_pool(strength: int, weapon_damage: int, threshold: int, soak_value: int,
                   minimum: int) -> int:
    """Strength + damage + threshold - soak, never below the minimum (003 §Resolution Steps, 8c)."""
    return max(strength + weapon_damage + threshold - soak_value, minimum)


def decisive_pool(initiative: int, target_hardness: int, gambit: bool) -> int:
    """Current Initiative; 0 if Hardness matches it, not for gambits (003 §Resolution Steps)."""
    dice = max(initiative, 0)
    if not gambit and target_hardness >= dice:
        return 0
    return dice


def gambit_cost(difficulty: int) -> int:
    """A landed gambit costs its difficulty + 1 Initiative (003 §Resolution Steps, 8e)."""
    return difficulty + 1


def decisive_group_extra(dice: int, successes: int, basis: str) -> int:
    """Extra Magnitude damage from a decisive hit: dice (or successes) ÷ 4 (003 §Battle Groups)."""
    return (dice if basis == "dice" else successes) // 4


def wound_penalty(track: HealthTrack) -> int:
    """The 2e track's wound penalty, taken as dice off rolls (3e reading: health_track)."""
    return track.wound_penalty


def wound_defence(track: HealthTrack) -> int:
    """Wounds lower Parry and Evasion alike, as internal penalties (3e reading §4 health_track).

    003 §Defending Against Attacks: a Defence modifier hits both; 000's wound penalty is
    internal, and internal penalties lower static values (RULES.md wound_penalty_on_dv).
    """
    return track.wound_penalty


def mount_speed(block: Character) -> int:
    """The mount's speed bonus for movement rolls (003 §Mounted Combat)."""
    return MOUNT_SPEED.get(block.mount, 0)


def zone_band(a_zone: int, b_zone: int, close: bool) -> str:
    """Range from zones: close, same zone short, then one band per zone apart (003 §Positioning)."""
    if close:
        return "close"
    apart = abs(a_zone - b_zone)
    return RANGE_ORDER[min(apart + 1, len(RANGE_ORDER) - 1)]


def within(band: str, weapon: Weapon) -> bool:
    """Whether a weapon reaches a range band (003 §Resolving Attacks)."""
    if weapon.close:
        return band == "close"
    return RANGE_ORDER.index(band) <= RANGE_ORDER.index(weapon.range)


def needs_aim(band: str) -> bool:
    """Ranged attacks at medium range or farther need Aim first (003 §Positioning)."""
    return RANGE_ORDER.index(band) >= RANGE_ORDER.index("medium")


def rally_for_numbers_gain(successes: int) -> int:
    """Half the successes, rounded down, as Magnitude (003 §Rally for Numbers)."""
    return successes // 2


def control_rounds(grappler: int, target: int) -> int:
    """Control rounds: the threshold of the opposed roll if won, else 0 (003 §Grapple)."""
    return max(grappler - target, 0)


def throw_bonus(rounds: int, strength: int, withering: bool) -> int:
    """Throw/Slam adds min(rounds, Strength), doubled for withering (003 §Grapple)."""
    bonus = min(rounds, strength)
    return bonus * 2 if withering else bonus
