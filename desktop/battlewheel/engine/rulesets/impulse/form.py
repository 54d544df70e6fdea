"""The character editor's form for an Impulse stat block, its templates and preview.

Everything the combat reads (001 §Combat Values, §Weapons and Armor, §The Combat
Round) is a field bounded by the constants ``block.py`` checks with; Attributes and
Abilities are rows of a name and its dots (the combat reads them by name: Cunning,
Awareness, Stealth, Dexterity, Athletics and each weapon's pair), weapons are rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from battlewheel.engine.core.block_form import (
    BlockSchema,
    BlockTemplate,
    FormField,
    FormGroup,
    FormRows,
    check_kinds,
    entry_in_row,
    in_row,
)
from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse import demo
from battlewheel.engine.rulesets.impulse.actions import AddCombatant
from battlewheel.engine.rulesets.impulse.block import (
    ACTIONS_RANGE,
    ARMOUR_TABLE,
    DOTS_RANGE,
    ENDURANCE_RANGE,
    MOTES_RANGE,
    STATIC_RANGE,
    UNARMED,
    WEAPON_TABLE,
    WILLPOWER_RANGE,
    ImpulseCharacter,
    Weapon,
)

VALUES = "001 §Combat Values"
ARMS = "001 §Weapons and Armor"
ROUND = "001 §The Combat Round"
ATTRIBUTES = ("strength", "dexterity")  # the Attributes a weapon class allows

_STATICS = (
    ("initiative", "Initiative", f"{VALUES}: added to the 1d10 order roll; starting Impulse"),
    ("dv", "DV", f"{VALUES}: what an attack's successes must beat"),
    ("evasion", "Evasion", f"{VALUES}: beats a Disengage contest; armour adds its modifier"),
    ("soak", "Soak", f"{VALUES}: the Stun and Disarm difficulty; armour adds its modifier"),
    ("resolve", "Resolve", f"{VALUES}: the Intimidate and Terrorize difficulty"),
    ("guile", "Guile", f"{VALUES}: the Humiliate difficulty"),
    ("base_damage", "Base Damage", f"{VALUES}: added to a Decisive Strike's damage"),
)


def _int(key: str, label: str, bounds: tuple[int, int], help_: str, default: int) -> FormField:
    return FormField(key, label, "int", bounds[0], bounds[1], default=default, help=help_)


_DEFAULT = ImpulseCharacter("New character")

SCHEMA = BlockSchema(groups=(
    FormGroup("Character", (
        FormField("name", "Name", "text", default="New character",
                  help="the name on the sheet, the wheel and the log"),
        FormField("player", "Player character", "flag", default=False,
                  help=f"{ROUND}: a player's character acts once a round, joins as an ally"),
        _int("actions", "Actions a round", ACTIONS_RANGE,
             f"{ROUND} (Balancing Large Groups): an NPC may have up to 3", 1),
        FormField("armour", "Armour", "choice", choices=tuple(ARMOUR_TABLE),
                  default="none", help=f"{ARMS}: its Soak and Evasion modifiers"),
    ), columns=2),
    FormGroup("Combat values", (
        *(_int(key, label, STATIC_RANGE, help_, getattr(_DEFAULT, key))
          for key, label, help_ in _STATICS),
        _int("endurance", "Endurance", ENDURANCE_RANGE,
             "001 §Endurance: a Decisive Strike's damage comes off it; out at 0", 10),
        _int("willpower", "Willpower", WILLPOWER_RANGE, f"{VALUES}: the pool powers spend", 5),
        _int("motes", "Motes", MOTES_RANGE, f"{VALUES}: Essence for charms (0: none)", 0),
    ), columns=4),
    FormGroup("Attributes and Abilities", (
        FormRows("traits", "Traits", (
            FormField("name", "Trait", "text", default="dexterity",
                      help="001 §Maneuvers: an Attribute or Ability, by its name"),
            _int("dots", "Dots", DOTS_RANGE, "001 §Maneuvers: dice it adds to a roll", 1),
        ), help="001 §Maneuvers: rolls are Attribute + Ability; missing ones are 0"),
    )),
    FormGroup("Weapons", (
        FormRows("weapons", "Weapons", (
            FormField("name", "Weapon", "text", default="Sword", help=f"{ARMS}: its name"),
            FormField("weight", "Class", "choice", choices=tuple(WEAPON_TABLE),
                      default="medium", help=f"{ARMS}: Accuracy dice and Base Damage modifier"),
            FormField("attribute", "Attribute", "choice", choices=ATTRIBUTES,
                      labels=("Strength", "Dexterity"), default="dexterity",
                      help=f"{ARMS}: light Dex, heavy Str, unarmed and medium either"),
            FormField("ability", "Ability", "text", default="melee",
                      help=f"{VALUES}: the Ability of its Accuracy roll"),
            FormField("ranged", "Ranged", "flag", default=False,
                      help="001 §Attack Ranges: ranged strikes at short or medium"),
        ), help=f"{ARMS}: Accuracy = Attribute + Ability + class dice"),
    )),
    FormGroup("Notes", (
        FormField("notes", "Notes", "text", default="", help="anything else the GM keeps"),
    )),
))

_WEAPON_ROWS = next(rows for rows in SCHEMA.rows() if rows.key == "weapons")
_SCALARS = ("name", "player", "actions", "armour", *(k for k, _, _ in _STATICS), "endurance",
            "willpower", "motes", "notes")


def block_form(block: ImpulseCharacter) -> dict[str, Any]:
    """A block as the editor's form values."""
    values: dict[str, Any] = {key: getattr(block, key) for key in _SCALARS}
    values["traits"] = [{"name": name, "dots": dots} for name, dots in block.traits.items()]
    values["weapons"] = [weapon.to_json() for weapon in block.weapons]
    return values


def block_from_form(values: Mapping[str, Any], base: ImpulseCharacter | None) -> ImpulseCharacter:
    """The block the form describes; what the form leaves out is kept from ``base``."""
    check_kinds(SCHEMA, values)
    given = {**block_form(base if base is not None else _DEFAULT), **values}
    weapons = tuple(_weapon(index, row) for index, row in enumerate(given["weapons"]))
    traits = _traits(given["traits"])
    try:
        return ImpulseCharacter(**{key: given[key] for key in _SCALARS}, traits=traits,
                                weapons=weapons)
    except TraitValueError as error:
        raise entry_in_row(error, "traits", list(traits), "dots") from error


def _weapon(index: int, row: Mapping[str, Any]) -> Weapon:
    try:
        return Weapon(**{cell.key: row.get(cell.key, cell.default)
                         for cell in _WEAPON_ROWS.fields})
    except TraitValueError as error:
        raise in_row(_WEAPON_ROWS, index, error) from error


def _traits(rows: list[Mapping[str, Any]]) -> dict[str, int]:
    """Trait rows by lowercase name (the combat reads "Awareness" as "awareness")."""
    traits: dict[str, int] = {}
    for index, row in enumerate(rows):
        name = row.get("name", "")
        key = name.strip().lower() if isinstance(name, str) else ""
        if not key or key in traits:
            raise TraitValueError(f"traits[{index}].name", "a trait named once", name)
        traits[key] = row.get("dots", 0)
    return traits


# -- templates and preview ----------------------------------------------------------------------


def templates() -> tuple[BlockTemplate, ...]:
    """001's kinds of character (a player's, an NPC, a dangerous NPC) and the demo's four."""
    player = ImpulseCharacter(
        "Player character", player=True, initiative=3, endurance=10, dv=3, evasion=3, soak=1,
        armour="light", weapons=(demo.SWORD,),
        traits={"strength": 3, "dexterity": 3, "wits": 2, "cunning": 2, "melee": 3,
                "athletics": 2, "awareness": 2, "stealth": 1})
    npc = ImpulseCharacter(
        "NPC", initiative=2, endurance=6, dv=2, evasion=2, soak=1, resolve=2, guile=1,
        armour="light", weapons=(Weapon("Spear", "medium", "strength", "melee"), UNARMED),
        traits={"strength": 2, "dexterity": 2, "cunning": 1, "melee": 2, "athletics": 1,
                "awareness": 1, "brawl": 1})
    dangerous = ImpulseCharacter(
        "Dangerous NPC", initiative=4, endurance=16, dv=4, evasion=3, soak=3, resolve=4,
        guile=3, base_damage=2, armour="heavy", actions=3, willpower=7, motes=20,
        weapons=(demo.AXE,),
        traits={"strength": 5, "dexterity": 3, "cunning": 3, "melee": 5, "athletics": 3,
                "awareness": 3, "presence": 4})
    jade, reed = demo.heroes()
    chief, archer = demo.foes()
    return (
        BlockTemplate("player", "Player character", player, f"{ROUND}: one action a round"),
        BlockTemplate("npc", "NPC", npc, "a foe of the GM's, one action a round"),
        BlockTemplate("dangerous-npc", "Dangerous NPC", dangerous,
                      f"{ROUND} (Balancing Large Groups): three actions a round"),
        *(BlockTemplate(block.name.lower().replace(" ", "-"), block.name, block,
                        "the demo fight's " + ("hero" if block.player else "foe"))
          for block in (jade, reed, chief, archer)),
    )


PREVIEWED = ("Pools", "Endurance", "Defences (current)", "Weapons")


def preview(ruleset: Any, block: ImpulseCharacter) -> tuple[Any, ...]:
    """The sheet of a fight with this character alone, before anything happens: Willpower
    and motes, Endurance boxes, DV, Evasion, Soak, Resolve, Guile, the weapons."""
    session = CombatSession(ruleset, ruleset.default_options())
    session.apply(AddCombatant("preview", block))
    sheet = ruleset.sheet(session.state, "preview")
    return tuple(s for s in sheet.sections if getattr(s, "title", "") in PREVIEWED)
