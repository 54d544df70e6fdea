"""The 3e stat block as the character editor's form (engine/core/block_form.py).

Every bound comes from the constants ``block.py`` checks, so the block stays the one
source of what is allowed; the form only says it first. A Quick Character and a battle
group are flags on the form (``is_quick``, ``is_group``) over the block's ``quick`` and
``group``, which are None when unset. Specialties are rows of (Ability, dice) over the
block's mapping; health levels are rows of penalties, sorted as the block wants them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.block_form import (
    BlockSchema,
    BlockTemplate,
    FormField,
    FormGroup,
    FormRows,
    check_kinds,
    json_from_values,
    values_from_json,
)
from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.health import ALLOWED_PENALTIES, STANDARD_PENALTIES
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import demo
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3 import sheet as s
from battlewheel.engine.rulesets.ex3.actions import AddCombatant
from battlewheel.engine.rulesets.ex3.block import (
    ABILITIES,
    ABILITY_RANGE,
    ACCURACY_RANGE,
    ARMOUR_PENALTY_RANGE,
    ARMOUR_SOAK_RANGE,
    ATTRIBUTE_RANGE,
    ATTRIBUTES,
    AVERAGE_HEALTH_RANGE,
    BASE_INITIATIVE_RANGE,
    DAMAGE_TYPES,
    DRILLS,
    ESSENCE_RANGE,
    HARDNESS_RANGE,
    HEALTH_LEVELS_MOST,
    KINDS,
    MIGHT_RANGE,
    MINIMUM_RANGE,
    MOTES_RANGE,
    MOUNT_SPEED,
    OVERWHELMING_RANGE,
    QUICK_ATTACK_POOL_RANGE,
    QUICK_ATTACKS_MOST,
    QUICK_DAMAGE_RANGE,
    QUICK_POOL_RANGE,
    QUICK_STATIC_RANGE,
    RANGES,
    SIZE_RANGE,
    SPECIALTY_RANGE,
    WEAPON_DAMAGE_RANGE,
    WEAPON_DEFENCE_RANGE,
    WILLPOWER_RANGE,
    Armour,
    Character,
    GroupTraits,
    QuickAttack,
    QuickPools,
    Weapon,
)

IS_QUICK, IS_GROUP = "is_quick", "is_group"
FLAGS = (IS_QUICK, IS_GROUP)
WEAPONS_MOST = 12


def _int(key: str, label: str, bounds: tuple[int, int], default: int, help: str) -> FormField:
    low, high = bounds
    return FormField(key, label, "int", low, high, default=default, help=help)


def _choice(key: str, label: str, choices: tuple[str, ...], default: str, help: str,
            labels: tuple[str, ...] = ()) -> FormField:
    return FormField(key, label, "choice", choices=choices, labels=labels, default=default,
                     help=help)


def _flag(key: str, label: str, help: str) -> FormField:
    return FormField(key, label, "flag", default=False, help=help)


def _text(key: str, label: str, default: str, help: str) -> FormField:
    return FormField(key, label, "text", default=default, help=help)


def _words(name: str) -> str:
    return name.replace("_", " ").title()


ATTRIBUTE_HELP = {
    "strength": "Added to withering damage and to grapples (003 §Resolution Steps, §Grapple).",
    "dexterity": "Attack pools, Parry, Evasion and movement rolls (003 §Defending Against "
                 "Attacks).",
    "stamina": "Soak; under 000's track, one Dying box a dot (003 §Resisting Attacks).",
    "charisma": "Order, Rally and Rally for Numbers (003 §Commanding Battle Groups).",
    "manipulation": "No 003 combat rule reads it: kept with the character.",
    "appearance": "May stand for Charisma when commanding (003 §Commanding Battle Groups).",
    "perception": "No 003 combat rule reads it: kept with the character.",
    "intelligence": "May stand for Charisma in an Order (003 §Order).",
    "wits": "Join Battle is Wits + Awareness (003 §The Flow of Combat).",
}
ABILITY_HELP = {
    "archery": "Attack pool of a bow or other archery weapon (003 §Resolution Steps).",
    "athletics": "Rush, Withdraw and the same-tick order (003 §Rush, §Combat Actions).",
    "awareness": "Join Battle, and seeing through concealment (003 §Stealth in Combat).",
    "brawl": "Unarmed attacks, their Parry and grapples (003 §Grapple).",
    "dodge": "Evasion, Disengage, Rise From Prone, Take Cover (003 §Defending Against "
             "Attacks).",
    "martial_arts": "A martial-arts weapon's attacks and Parry; grapples (003 §Grapple).",
    "melee": "Attack pool and Parry of a melee weapon (003 §Defending Against Attacks).",
    "ride": "No 003 combat rule reads it; the mount's speed does (003 §Mounted Combat).",
    "stealth": "Concealment and Go to Ground (003 §Stealth in Combat).",
    "thrown": "Attack pool of a thrown weapon (003 §Resolution Steps).",
    "war": "Order, Rally, Rally for Numbers (003 §Commanding Battle Groups).",
}
PENALTY_CHOICES = tuple(str(p) for p in ALLOWED_PENALTIES)
PENALTY_LABELS = tuple(f"-{p}" for p in ALLOWED_PENALTIES)
MOUNTS = ("", *MOUNT_SPEED)


def _identity() -> FormGroup:
    return FormGroup("Identity", (
        _text("name", "Name", "New character", "The name on the wheel, the sheet and the log."),
        _choice("kind", "Kind", KINDS, "mortal",
                "Exalts and heroic mortals count a 10 twice (004 §The Rule of 10, as 003 "
                "reads it).", ("Exalt", "Heroic mortal", "Mortal")),
        _flag("player_character", "Player character",
              "A player character joins a fight as an ally unless the GM picks "
              "(003 §The Flow of Combat)."),
    ), columns=3)


def _traits() -> tuple[FormGroup, ...]:
    attributes = tuple(_int(f"attributes.{name}", _words(name), ATTRIBUTE_RANGE,
                            ATTRIBUTE_RANGE[0], ATTRIBUTE_HELP[name]) for name in ATTRIBUTES)
    abilities = tuple(_int(f"abilities.{name}", _words(name), ABILITY_RANGE, ABILITY_RANGE[0],
                           ABILITY_HELP[name]) for name in ABILITIES)
    specialties = FormRows("specialties", "Specialties", (
        _choice("ability", "Ability", ABILITIES, "melee",
                "The Ability the specialty serves (003 §Defending Against Attacks).",
                tuple(_words(a) for a in ABILITIES)),
        _int("dice", "Dice", SPECIALTY_RANGE, 1,
             "Dice added before halving for Parry or Evasion (003 §Defending Against "
             "Attacks)."),
    ), help="Specialties that count towards Parry and Evasion (3e reading §4, GM input).",
        most=len(ABILITIES))
    return (FormGroup("Attributes", attributes, columns=3),
            FormGroup("Abilities", abilities, columns=3),
            FormGroup("Specialties", (specialties,)))


def _essence() -> FormGroup:
    return FormGroup("Essence, Willpower and motes", (
        _int("essence", "Essence", ESSENCE_RANGE, 1,
             "Shown on the sheet; no 003 combat rule reads it (3e reading §4, GM input)."),
        _int("willpower", "Willpower", WILLPOWER_RANGE, 5,
             "A battle group's rout check rolls it (003 §Battle Groups); spent on the sheet."),
        _int("personal_motes", "Personal motes", MOTES_RANGE, 0,
             "The personal pool, spent and restored on the sheet (3e reading §4, GM input)."),
        _int("peripheral_motes", "Peripheral motes", MOTES_RANGE, 0,
             "The peripheral pool, spent and restored on the sheet (3e reading §4)."),
        _int("committed_motes", "Committed motes", MOTES_RANGE, 0,
             "Motes held in Charms, out of peripheral first (3e reading §4, GM input)."),
    ), columns=3)


def _health() -> FormGroup:
    level = _choice("", "Penalty", PENALTY_CHOICES, "0",
                    "Each level's wound penalty (003 §Damage and Conditions; 3e reading §4 "
                    "health_track).", PENALTY_LABELS)
    return FormGroup("Health levels", (FormRows(
        "health_levels", "Health levels", (level,),
        help="Levels above Incapacitated; none: -0, -1, -1, -2, -2, -4 (Ox-Body adds "
             "more; 3e reading §4 health_track).", most=HEALTH_LEVELS_MOST),))


def _weapons() -> FormGroup:
    cells = (
        _text("name", "Name", "Sword", "The weapon's name, distinct from the others."),
        _choice("ability", "Ability", ABILITIES, "melee",
                "Dexterity + this Ability is the attack pool (003 §Resolution Steps).",
                tuple(_words(a) for a in ABILITIES)),
        _int("accuracy", "Accuracy", ACCURACY_RANGE, 2,
             "Added to withering attack pools (003 §Resolution Steps, step 5)."),
        _int("damage", "Damage", WEAPON_DAMAGE_RANGE, 9,
             "Added to Strength for withering damage (003 §Resolution Steps, 8c)."),
        _int("defence", "Defence", WEAPON_DEFENCE_RANGE, 1,
             "Added to Parry with this weapon (003 §Defending Against Attacks)."),
        _int("minimum", "Overwhelming", MINIMUM_RANGE, 1,
             "The fewest withering damage dice after soak (003 §Resolution Steps, 8c)."),
        _choice("damage_type", "Damage type", DAMAGE_TYPES, "lethal",
                "Bashing or lethal levels on a decisive hit (003 §Damage and Conditions)."),
        _choice("range", "Range", RANGES, "close",
                "The farthest band it reaches; close weapons Parry (003 §Positioning and "
                "Movement)."),
        _flag("reach", "Reach", "Mounted foes and battle groups (003 §Mounted Combat)."),
        _flag("two_handed", "Two-handed", "-3 instead of -1 while grappled (003 §Grapple)."),
        _flag("off_hand", "Off hand", "-1 to its attacks by ruling off_hand_penalty "
                                      "(003 §Ready Weapon)."),
    )
    return FormGroup("Weapons", (FormRows(
        "weapons", "Weapons", cells, most=WEAPONS_MOST,
        help="Everyone also has Unarmed; figures are the GM's (3e reading §4)."),))


def _armour() -> FormGroup:
    return FormGroup("Armour", (
        _text("armour.name", "Armour", "none", "What the character wears (GM input)."),
        _int("armour.soak", "Soak", ARMOUR_SOAK_RANGE, 0,
             "Added to Stamina for soak (003 §Resisting Attacks)."),
        _int("armour.hardness", "Hardness", HARDNESS_RANGE, 0,
             "Decisive attacks with fewer dice fail (003 §Resisting Attacks)."),
        _int("armour.penalty", "Mobility penalty", ARMOUR_PENALTY_RANGE, 0,
             "Taken off Evasion (003 §Defending Against Attacks)."),
    ), columns=4)


def _initiative() -> FormGroup:
    return FormGroup("Initiative, Hardness and mount", (
        _int("base_initiative", "Base Initiative", BASE_INITIATIVE_RANGE, 3,
             "Back to this after a decisive attack (003 §Resolution Steps, 8c)."),
        _int("hardness", "Hardness", HARDNESS_RANGE, 0,
             "Hardness from Charms or nature; the best source counts (003 §Resisting "
             "Attacks)."),
        _choice("mount", "Mount", MOUNTS, "",
                "Its speed adds to movement rolls (003 §Mounted Combat).",
                ("none", *MOUNT_SPEED)),
    ), columns=3)


def _quick() -> FormGroup:
    pools = (
        _flag(IS_QUICK, "Quick Character",
              "Rolls the pools below in place of Attributes + Abilities (as 3e's books "
              "write NPCs; 003 §Battle Groups reads them as a member's traits)."),
        _int("quick.join_battle", "Join Battle", QUICK_POOL_RANGE, 3,
             "Join Battle dice (003 §The Flow of Combat)."),
        _int("quick.movement", "Movement", QUICK_POOL_RANGE, 3,
             "Rush, Disengage, Withdraw, Rise, Take Cover (003 §Combat Actions)."),
        _int("quick.parry", "Parry", QUICK_STATIC_RANGE, 1,
             "Parry as listed, weapon included (003 §Defending Against Attacks)."),
        _int("quick.evasion", "Evasion", QUICK_STATIC_RANGE, 1,
             "Evasion as listed, armour included (003 §Defending Against Attacks)."),
        _int("quick.soak", "Soak", QUICK_STATIC_RANGE, 1,
             "Total soak, armour included (003 §Resisting Attacks)."),
        _int("quick.resolve", "Resolve", QUICK_STATIC_RANGE, 1,
             "Shown on the sheet; a hold at bay shifts it (003 §Attacks From Stealth)."),
        _int("quick.guile", "Guile", QUICK_STATIC_RANGE, 1,
             "Shown on the sheet; a hold at bay shifts it (003 §Attacks From Stealth)."),
    )
    attacks = FormRows("quick.attacks", "Quick Character attacks", (
        _text("name", "Attack", "Sword", "The attack's name, distinct from the others."),
        _int("pool", "Pool", QUICK_ATTACK_POOL_RANGE, 6,
             "The whole attack pool, withering and decisive (003 §Resolution Steps, 5)."),
        _int("damage", "Damage", QUICK_DAMAGE_RANGE, 9,
             "Withering damage dice before soak, Strength included (003 §Resolution "
             "Steps, 8c)."),
        _int("overwhelming", "Overwhelming", OVERWHELMING_RANGE, 1,
             "The fewest damage dice after soak (003 §Resolution Steps, 8c)."),
        _choice("damage_type", "Damage type", DAMAGE_TYPES, "lethal",
                "Bashing or lethal (003 §Damage and Conditions)."),
        _choice("range", "Range", RANGES, "close",
                "The farthest band it reaches (003 §Positioning and Movement)."),
    ), help="A Quick Character's attacks as listed (they stand for its weapons).",
        most=QUICK_ATTACKS_MOST)
    return FormGroup("Quick Character", (*pools, attacks), columns=4)


def _group() -> FormGroup:
    return FormGroup("Battle group", (
        _flag(IS_GROUP, "Battle group",
              "Many fighters as one, with Size, Drill, Might and Magnitude (003 §Battle "
              "Groups)."),
        _int("group.size", "Size", SIZE_RANGE, 1,
             "Adds to attack, damage, soak and Magnitude (003 §Battle Groups)."),
        _choice("group.drill", "Drill", DRILLS, "average",
                "Defence +0/+1/+2 and command (003 §Battle Groups)."),
        _int("group.might", "Might", MIGHT_RANGE, 0,
             "Accuracy, damage and Defence (003 §Battle Groups)."),
        _flag("group.perfect_morale", "Perfect morale",
              "Passes every rout check, Magnitude +3 (003 §Battle Groups)."),
        _int("group.average_health", "Average health levels", AVERAGE_HEALTH_RANGE, 7,
             "Magnitude is this + Size (003 §Battle Groups)."),
    ), columns=3)


SCHEMA = BlockSchema(groups=(
    _identity(), *_traits(), _essence(), _health(), _weapons(), _armour(), _initiative(),
    _quick(), _group(),
))


# -- block <-> form ------------------------------------------------------------------------


def block_form(block: Character) -> dict[str, Any]:
    """A block as form values: flags for quick and group, specialties and levels as rows."""
    document = block.to_json()
    values = values_from_json(SCHEMA, document)
    values[IS_QUICK] = block.quick is not None
    values[IS_GROUP] = block.group is not None
    values["specialties"] = [{"ability": name, "dice": dice}
                             for name, dice in block.specialties.items()]
    values["health_levels"] = [{"": str(p)} for p in block.health_levels]
    return values


def block_from_form(values: Mapping[str, Any], base: Character | None) -> Character:
    """The block the form describes, checked whole by ``Character.from_json``.

    Attributes at 1 and Abilities at 0 are left unlisted (the block reads them so), so a
    block typed in again equals the one it copies; what the form does not name is kept
    from ``base``. A refusal's ``field`` is the form's key (a row's as ``weapons[0].damage``,
    as ``block_form.problems`` names it) so the editor can mark it; its message keeps the
    block's own words ("weapon Sword.damage must be ...").
    """
    try:
        return _checked(values, base)
    except TraitValueError as error:
        error.field = form_key(error.field, error.value, values)
        raise


def _checked(values: Mapping[str, Any], base: Character | None) -> Character:
    check_kinds(SCHEMA, values)  # a wrong type (true for an Attribute) named, not read as 1
    for flag in (*FLAGS, "player_character"):
        if not isinstance(values.get(flag, False), bool):
            raise TraitValueError(flag, "yes or no", values.get(flag))
    start = (base if base is not None else Character(name="New character")).to_json()
    plain = {key: value for key, value in values.items() if key not in FLAGS}
    document = json_from_values(SCHEMA, plain, start)
    _trim(document, "attributes", ATTRIBUTE_RANGE[0])
    _trim(document, "abilities", ABILITY_RANGE[0])
    document["specialties"] = _specialties(values.get("specialties", []))
    document["health_levels"] = _levels(values.get("health_levels", []))
    if not values.get(IS_QUICK, start.get("quick") is not None):
        document["quick"] = None
    if not values.get(IS_GROUP, start.get("group") is not None):
        document["group"] = None
    return Character.from_json(document)


# The block's names for row values ("weapon Sword.damage") and the form's row sets.
ROW_NAMES = (("weapon ", "weapons", "name"), ("quick attack ", "quick.attacks", "name"))


def form_key(field: str, value: object, values: Mapping[str, Any]) -> str:
    """The form key of a value the block refused: a row's as ``rows[index].field``."""
    field = field.removeprefix("character.")
    if "[" in field:  # already a form key: check_kinds names a row's cell so
        return field
    for prefix, rows, name_key in ROW_NAMES:
        if field.startswith(prefix):
            name, _, cell = field[len(prefix):].rpartition(".")
            return _row_key(values, rows, name_key, name, cell)
    if field in ("weapon.name", "quick.attacks.name"):
        rows = "weapons" if field == "weapon.name" else "quick.attacks"
        return _row_key(values, rows, "name", value, "name")
    if field.startswith("specialties"):
        ability = field.partition(".")[2] or value
        return _row_key(values, "specialties", "ability", ability,
                        "dice" if "." in field else "ability")
    return field


def _row_key(values: Mapping[str, Any], rows: str, name_key: str, name: object,
             cell: str) -> str:
    for index, row in enumerate(values.get(rows, [])):
        if row.get(name_key) == name:
            return f"{rows}[{index}].{cell}"
    return rows


def _trim(document: dict[str, Any], key: str, unlisted: int) -> None:
    traits = document.get(key)
    if isinstance(traits, dict):
        document[key] = {name: v for name, v in traits.items() if v != unlisted}


def _specialties(rows: list[Mapping[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for row in rows:
        ability = row.get("ability")
        if ability in found:
            raise TraitValueError("specialties", "one row per Ability", ability)
        found[str(ability)] = row.get("dice")
    return found


def _levels(rows: list[Mapping[str, Any]]) -> list[int]:
    levels = []
    for row in rows:
        value = row.get("")
        if str(value) not in PENALTY_CHOICES:
            raise TraitValueError("health_levels", "penalties 0, 1, 2 or 4", value)
        levels.append(int(str(value)))
    return sorted(levels)


# -- templates -----------------------------------------------------------------------------

SWORD = Weapon("Sword", ability="melee", accuracy=2, damage=9, defence=1, minimum=1)
SPEAR = Weapon("Spear", ability="melee", accuracy=2, damage=9, defence=1, minimum=1,
               reach=True)


def _mortal() -> Character:
    return Character(
        name="Mortal", kind="mortal",
        attributes={"strength": 2, "dexterity": 2, "stamina": 2, "wits": 2, "perception": 2},
        abilities={"melee": 2, "dodge": 1, "awareness": 1, "athletics": 1},
        weapons=(SWORD,), willpower=5)


def _heroic() -> Character:
    return Character(
        name="Heroic mortal", kind="heroic",
        attributes={"strength": 3, "dexterity": 3, "stamina": 3, "wits": 3, "perception": 3,
                    "charisma": 2},
        abilities={"melee": 3, "dodge": 3, "awareness": 3, "athletics": 2, "brawl": 2},
        weapons=(SWORD,), armour=Armour("Buff jacket", soak=3), willpower=6)


def _solar() -> Character:
    """Essence 1: 13 personal and 33 peripheral motes, as a Solar has them."""
    return Character(
        name="Solar", kind="exalt", player_character=True,
        attributes={"strength": 3, "dexterity": 4, "stamina": 3, "wits": 3, "perception": 3,
                    "charisma": 3},
        abilities={"melee": 4, "dodge": 3, "awareness": 3, "athletics": 3, "brawl": 2,
                   "war": 2},
        weapons=(SWORD,), armour=Armour("Chain shirt", soak=5, penalty=0),
        essence=1, willpower=6, personal_motes=13, peripheral_motes=33)


def _quick_character() -> Character:
    """A veteran soldier as a book writes one: pools, not traits."""
    return Character(
        name="Veteran soldier", kind="mortal", willpower=5,
        health_levels=STANDARD_PENALTIES,
        quick=QuickPools(join_battle=5, movement=4, parry=3, evasion=2, soak=5, resolve=2,
                         guile=1, attacks=(QuickAttack("Spear", pool=8, damage=11),
                                           QuickAttack("Bow", pool=6, damage=9,
                                                       range="long"))))


def _battle_group() -> Character:
    return Character(
        name="Soldiers", kind="mortal",
        attributes={"strength": 2, "dexterity": 2, "stamina": 2, "wits": 2},
        abilities={"melee": 2, "dodge": 1, "awareness": 1, "athletics": 1},
        weapons=(SPEAR,), armour=Armour("Buff jacket", soak=3), willpower=5,
        group=GroupTraits(size=2, drill="average", might=0))


def templates() -> tuple[BlockTemplate, ...]:
    """Mortal, heroic mortal, Solar, Quick Character, battle group, and the demo's five."""
    made = [
        BlockTemplate("mortal", "Mortal", _mortal(), "An ordinary fighter: 10s count once."),
        BlockTemplate("heroic", "Heroic mortal", _heroic(), "A mortal hero: 10s count twice."),
        BlockTemplate("solar", "Solar (Exalt)", _solar(),
                      "A starting Solar player character: Essence 1, 13 and 33 motes."),
        BlockTemplate("quick", "Quick Character", _quick_character(),
                      "A book NPC: pools, static values and attacks as listed."),
        BlockTemplate("group", "Battle group", _battle_group(),
                      "Size 2, average Drill (003 §Battle Groups)."),
    ]
    for block in (*demo.circle(), demo.villain(), demo.guard()):
        made.append(BlockTemplate("demo:" + block.name.lower().replace(" ", "-"),
                                  block.name, block, "From the demo campaign's 3e fight."))
    return tuple(made)


# -- the live numbers ------------------------------------------------------------------------


# The fight sheet's sections the editor's preview shows (a battle group's Size, Drill and
# rout state belong to the fight; its Magnitude track is shown).
PREVIEWED = ("Defence", "Essence", "Weapons", "Magnitude", "Health")


def preview(ruleset: Any, block: Character) -> tuple[Any, ...]:
    """Parry, Evasion, soak, Hardness, Join Battle, each attack's pools and the health track
    (or Magnitude), worked out by the fight sheet's own code for the block alone in a fight
    under the default rulings: a battle group's Size is in its soak, damage and Magnitude
    as in the fight (003 §Battle Groups)."""
    session = CombatSession(ruleset, ruleset.default_options())
    session.apply(AddCombatant("preview", block, "ally"))
    sheet = s.sheet(session.state, "preview")
    joining = c.Values("Initiative", (
        c.Value("Join Battle", f"{block.pool('wits', 'awareness')} dice + {r.BASE_JOIN_BONUS}",
                key="join_battle"),
        c.Value("Base", block.base_initiative, key="base")), columns=2)
    sections: list[Any] = []
    for section in sheet.sections:
        title = getattr(section, "title", "")
        if title not in PREVIEWED:
            continue
        # Nothing to click in the editor: the boxes only show the track.
        sections.append(replace(section, cycle=()) if isinstance(section, c.BoxTrack)
                        else section)
        if title == "Defence":
            sections.append(joining)
    return tuple(sections)

