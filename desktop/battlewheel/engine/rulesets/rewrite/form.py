"""The character editor's form for a 2e character, its templates and preview.

Every trait the combat reads (004 §Traits; 000 §Apply Defences, §Health Levels,
§Weapons, §Charms) is a field bounded by the constants ``traits.py`` and
``equipment.py`` check with, so the character stays the one judge of what is allowed.
Specialties are rows of Ability, name and dots; weapons, their minimums and extra
health levels are rows; armour is a group whose empty name means none. The GM's
overrides of derived values are not on the form: they stay as the edited character has
them (the sheet's override dialog sets them).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from battlewheel.engine.core.block_form import (
    BlockSchema,
    BlockTemplate,
    FormField,
    FormGroup,
    FormRows,
    Preset,
    check_kinds,
    entry_in_row,
    follow_renames,
    in_row,
)
from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.health import ALLOWED_PENALTIES
from battlewheel.engine.core.package_data import resource
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite.actions import AddCombatant
from battlewheel.engine.rulesets.rewrite.block import Character
from battlewheel.engine.rulesets.rewrite.rules import tables
from battlewheel.engine.rulesets.rewrite.rules.equipment import (
    ACCURACY_RANGE,
    DAMAGE_RANGE,
    DEFENCE_RANGE,
    FATIGUE_RANGE,
    MINIMUM_RANGE,
    MOBILITY_RANGE,
    OVERWHELMING_RANGE,
    RANGE_RANGE,
    RATE_RANGE,
    SOAK_RANGE,
    SPEED_RANGE,
    Armour,
    DamageType,
    Weapon,
)
from battlewheel.engine.rulesets.rewrite.rules.traits import (
    ABILITIES,
    ABILITY_RANGE,
    ATTRIBUTE_RANGE,
    ATTRIBUTES,
    ESSENCE_RANGE,
    MAX_MOTES,
    SPECIALTY_RANGE,
    VIRTUE_RANGE,
    VIRTUES,
    WILLPOWER_RANGE,
    CharacterKind,
    check_range,
)

TRAITS = "004 §Traits"
DEFENCES = "000 §Apply Defences"
STATIC = "000 §Apply Static Defences"
WEAPONS = "000 §Weapons"
HEALTH = "000 §Health Levels"
TYPES = tuple(kind.word for kind in DamageType)
TAGS = (("clinch", "C"), ("natural", "N"), ("piercing", "P"))
LEVEL_CHOICES = tuple(str(penalty) for penalty in ALLOWED_PENALTIES)

# What each trait is read for in a fight, for its help line.
_USES = {
    "strength": f"{WEAPONS}: damage of weapons that add it", "dexterity":
    f"{DEFENCES}: attack pools, Dodge and Parry DVs", "stamina":
    f"{HEALTH}: bashing soak, half lethal soak, Dying levels", "perception":
    "000 §Roll Surprise Checks: the surprise detection value", "wits":
    "000 §Roll Join Battle: Wits + Awareness",
    "dodge": f"{DEFENCES}: Dodge DV", "awareness": "000 §Roll Join Battle and surprise",
    "resistance": "004 §Traits: resisting poison and disease",
}


def _int(key: str, label: str, bounds: tuple[int, int], help_: str, default: int = 0) -> FormField:
    return FormField(key, label, "int", bounds[0], bounds[1], default=default, help=help_)


def _choice(key: str, label: str, choices: tuple[str, ...], help_: str,
            labels: tuple[str, ...] = ()) -> FormField:
    return FormField(key, label, "choice", choices=choices, labels=labels, default=choices[0],
                     help=help_)


def _flag(key: str, label: str, help_: str, default: bool = False) -> FormField:
    return FormField(key, label, "flag", default=default, help=help_)


def _text(key: str, label: str, help_: str, default: str = "") -> FormField:
    return FormField(key, label, "text", default=default, help=help_)


KINDS = tuple(kind.value for kind in CharacterKind)


def follow_edit(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    """A weapon renamed in the form takes its rows of Weapon minimums with it."""
    return follow_renames(before, after, "weapons", "weapon_minimums", "weapon")


def table_presets() -> tuple[Preset, ...]:
    """The program's weapon and armour tables (000 §Weapons, §Armor) as editor picks: a
    weapon joins the weapons with its minimums, an armour replaces the one worn."""
    weapons = tuple(Preset(f"Weapon: {weapon.name}", _adding(weapon))
                    for weapon in tables.weapons() if weapon.name not in tables.BRAWL_WEAPONS)
    armours = tuple(Preset(f"Armour: {armour.name}", _wearing(armour))
                    for armour in tables.armours())
    return weapons + armours


def _adding(weapon: Weapon) -> Any:
    def add(values: Mapping[str, Any]) -> dict[str, Any]:
        minimums = [{"weapon": weapon.name, "trait": trait, "dots": dots}
                    for trait, dots in weapon.minimums.items()]
        return {**values, "weapons": [*values.get("weapons", []), _weapon_row(weapon)],
                "weapon_minimums": [*values.get("weapon_minimums", []), *minimums]}
    return add


def _wearing(armour: Armour) -> Any:
    def wear(values: Mapping[str, Any]) -> dict[str, Any]:
        return {**values, **_armour_values(armour)}
    return wear


SCHEMA = BlockSchema(follow=follow_edit, presets=table_presets, groups=(
    FormGroup("Character", (
        _text("name", "Name", "the name on the sheet, the wheel and the log", "New character"),
        _choice("kind", "Kind", KINDS, "004 §Rounding Static Values, §The Rule of 10, 000 §Die "
                "Caps: rounding, double 10s, resilience, caps"),
        _flag("player", "Player character", "joins a fight as an ally unless the GM picks"),
        _int("essence", "Essence", ESSENCE_RANGE, f"{DEFENCES}: added to DVs from Essence 2", 1),
        _int("willpower", "Willpower", WILLPOWER_RANGE, "004 §Willpower: the pool a stunt "
             "refills and charms spend", 5),
    ), columns=3),
    FormGroup("Attributes", tuple(
        _int(f"attributes.{name}", name.title(), ATTRIBUTE_RANGE,
             _USES.get(name, f"{TRAITS}: an Attribute of pools"), 1)
        for name in ATTRIBUTES), columns=3),
    FormGroup("Abilities", tuple(
        _int(f"abilities.{name}", name.title(), ABILITY_RANGE,
             _USES.get(name, f"{TRAITS}: an Ability (0: untrained, -2 dice for mortals)"))
        for name in ABILITIES), columns=5),
    FormGroup("Specialties", (
        FormRows("specialties", "Specialties", (
            _choice("ability", "Ability", ABILITIES, f"{TRAITS} (Specialties): its Ability"),
            _text("name", "Specialty", f"{TRAITS} (Specialties): what it covers", "Spears"),
            _int("dots", "Dots", SPECIALTY_RANGE, "004 §Specialties: bonus dice, at most 3", 1),
        ), help="004 §Specialties: dice on rolls of that Ability in their field"),
    )),
    FormGroup("Virtues", tuple(
        _int(f"virtues.{name}", name.title(), VIRTUE_RANGE, f"{TRAITS}: a Virtue", 1)
        for name in VIRTUES), columns=4),
    FormGroup("Essence pools", (
        _int("personal_motes", "Personal motes", (0, MAX_MOTES),
             "000 §Charms: the personal pool's size (0 for mortals)"),
        _int("peripheral_motes", "Peripheral motes", (0, MAX_MOTES),
             "000 §Charms: the peripheral pool's size (0 for mortals)"),
    ), columns=2),
    FormGroup("Weapons", (
        FormRows("weapons", "Weapons", (
            _text("name", "Weapon", f"{WEAPONS}: its name", "Spear"),
            _choice("ability", "Ability", ("melee", *(a for a in ABILITIES if a != "melee")),
                    f"{WEAPONS}: the Ability of its attack and Parry"),
            _int("speed", "Speed", SPEED_RANGE, f"{WEAPONS}: ticks until the next action", 5),
            _int("accuracy", "Accuracy", ACCURACY_RANGE, f"{WEAPONS}: automatic successes"),
            _int("damage", "Damage", DAMAGE_RANGE, f"{WEAPONS}: automatic levels of damage"),
            _choice("damage_type", "Type", tuple(k.value for k in DamageType),
                    f"{WEAPONS}: bashing, lethal or aggravated",
                    labels=tuple(k.word for k in DamageType)),
            _flag("parries", "Parries", f"{DEFENCES}: a close weapon with a Defence rating",
                  True),
            _int("defence", "Defence", DEFENCE_RANGE, f"{DEFENCES}: added to its Parry DV"),
            _int("rate", "Rate", RATE_RANGE, f"{WEAPONS}: attacks it makes in one flurry", 1),
            _int("overwhelming", "Overwhelming", OVERWHELMING_RANGE,
                 f"{WEAPONS}: least dice of raw damage"),
            _flag("adds_strength", "Adds Strength", f"{WEAPONS}: Strength added to damage",
                  True),
            _int("range", "Range", (0, RANGE_RANGE[1]),
                 f"{WEAPONS}: yards for a missile weapon; 0 for a close one"),
            _text("body_parts", "Body parts",
                  "000 §Brawl Weapons: the body parts it takes up, e.g. hand, hand", "hand"),
            *(_flag(key, key.title(), f"{WEAPONS}: tag {tag}") for key, tag in TAGS),
            _flag("house_example", "Our own stats", f"{WEAPONS}: not the book's, edit freely"),
            _text("notes", "Notes", "anything else about it"),
        ), help=f"{WEAPONS}: carried weapons; fists and feet are always ready"),
        FormRows("weapon_minimums", "Weapon minimums", (
            _text("weapon", "Weapon", f"{WEAPONS}: the weapon (by name) it belongs to"),
            _choice("trait", "Trait", (*ATTRIBUTES, *ABILITIES), f"{WEAPONS}: the trait"),
            _int("dots", "Minimum", MINIMUM_RANGE, f"{WEAPONS}: dots needed to wield it", 1),
        ), help=f"{WEAPONS}: the least Strength or Dexterity a weapon asks"),
    )),
    FormGroup("Armour", (
        _text("armour.name", "Armour", f"{STATIC}: the armour worn; blank for none"),
        *(_int(f"armour.soak.{word}", f"Soak {word}", SOAK_RANGE,
               f"{STATIC}: armour's soak against {word}") for word in TYPES),
        *(_int(f"armour.hardness.{word}", f"Hardness {word}", SOAK_RANGE,
               f"{STATIC}: levels it ignores below this, {word}") for word in TYPES),
        _int("armour.mobility_penalty", "Mobility penalty", MOBILITY_RANGE,
             f"{DEFENCES}: taken off the Dodge DV"),
        _int("armour.fatigue", "Fatigue", FATIGUE_RANGE, "004 §Traits: fatigue value"),
        _flag("armour.house_example", "Our own stats", f"{STATIC}: not the book's"),
        _text("armour.notes", "Armour notes", "anything else about it"),
    ), columns=3),
    FormGroup("Health", (
        FormRows("extra_health_levels", "Extra health levels", (
            _choice("", "Penalty", LEVEL_CHOICES, f"{HEALTH}: Ox-Body and charms add levels",
                    labels=tuple(f"-{p}" for p in LEVEL_CHOICES)),
        ), help=f"{HEALTH}: boxes beyond -0, -1, -1, -2, -2, -4"),
        _flag("ox_body", "Ox-Body Technique", "000 §Ox-Body Technique: its first purchase "
              "makes an Exalt's resilience cover bashing damage too"),
        _text("notes", "Notes", "anything else the GM keeps"),
    )),
))

_ROWS = {rows.key: rows for rows in SCHEMA.rows()}
_ARMOUR_NUMBERS = tuple(f.key for f in SCHEMA.fields()
                        if f.key.startswith("armour.") and f.kind == "int")
_SCALARS = ("name", "kind", "player", "essence", "willpower", "personal_motes",
            "peripheral_motes", "notes", "ox_body")


# -- character -> form ---------------------------------------------------------------------------


def block_form(character: Character) -> dict[str, Any]:
    """A character as the editor's form values."""
    data = character.to_json()
    values: dict[str, Any] = {key: data.get(key, False) for key in _SCALARS}
    for group in ("attributes", "abilities", "virtues"):
        values.update({f"{group}.{name}": dots for name, dots in data[group].items()})
    values["specialties"] = [{"ability": ability, "name": name, "dots": dots}
                             for ability, named in character.specialties.items()
                             for name, dots in named.items()]
    values["weapons"] = [_weapon_row(weapon) for weapon in character.weapons]
    values["weapon_minimums"] = [{"weapon": weapon.name, "trait": trait, "dots": dots}
                                 for weapon in character.weapons
                                 for trait, dots in weapon.minimums.items()]
    values.update(_armour_values(character.armour))
    values["extra_health_levels"] = [{"": str(level)} for level in
                                     character.extra_health_levels]
    return values


def _weapon_row(weapon: Weapon) -> dict[str, Any]:
    row = {key: getattr(weapon, key) for key in (
        "name", "ability", "speed", "accuracy", "damage", "rate", "overwhelming",
        "adds_strength", "house_example", "notes")}
    row.update(damage_type=weapon.damage_type.value, parries=weapon.defence is not None,
               defence=weapon.defence or 0, range=weapon.range or 0,
               body_parts=", ".join(weapon.body_parts))
    row.update({key: tag in weapon.tags for key, tag in TAGS})
    return row


def _armour_values(armour: Armour | None) -> dict[str, Any]:
    if armour is None:
        return {f.key: f.default for f in SCHEMA.fields() if f.key.startswith("armour.")}
    data = armour.to_json()
    values = {"armour.name": armour.name, "armour.mobility_penalty": armour.mobility_penalty,
              "armour.fatigue": armour.fatigue, "armour.house_example": armour.house_example,
              "armour.notes": armour.notes}
    for part in ("soak", "hardness"):
        values.update({f"armour.{part}.{word}": data[part][word] for word in TYPES})
    return values


# -- form -> character ---------------------------------------------------------------------------


def block_from_form(values: Mapping[str, Any], base: Character | None) -> Character:
    """The character the form describes; the GM's overrides (and anything the form leaves
    out) are kept from ``base``."""
    check_kinds(SCHEMA, values)
    start = base if base is not None else Character("New character")
    given = {**block_form(start), **values}
    minimums = _minimums(given["weapon_minimums"], {row.get("name") for row in given["weapons"]})
    specialties = _specialties(given["specialties"])
    entries = [f"{ability}.{name}" for ability, named in specialties.items() for name in named]
    try:
        return _character(given, start, specialties, minimums)
    except TraitValueError as error:
        raise _in_specialty_row(error, given["specialties"], entries) from error


def _in_specialty_row(error: TraitValueError, rows: list[Mapping[str, Any]],
                      entries: list[str]) -> TraitValueError:
    """A refused specialty named by its row: an unknown Ability, or dots out of range."""
    if error.field == "specialties":
        abilities = [row.get("ability") for row in rows]
        if error.value in abilities:
            return TraitValueError(f"specialties[{abilities.index(error.value)}].ability",
                                   error.allowed, error.value)
    return entry_in_row(error, "specialties", entries, "dots")


def _character(given: Mapping[str, Any], start: Character,
               specialties: dict[str, dict[str, int]],
               minimums: dict[str, dict[str, int]]) -> Character:
    return Character(
        **{key: given[key] for key in _SCALARS},
        attributes={name: given[f"attributes.{name}"] for name in ATTRIBUTES},
        abilities={name: given[f"abilities.{name}"] for name in ABILITIES},
        virtues={name: given[f"virtues.{name}"] for name in VIRTUES},
        specialties=specialties,
        weapons=tuple(_weapon(index, row, minimums.get(row.get("name"), {}),
                              given["weapon_minimums"])
                      for index, row in enumerate(given["weapons"])),
        armour=_armour(given),
        extra_health_levels=tuple(_level(index, row) for index, row in
                                  enumerate(given["extra_health_levels"])),
        overrides=start.overrides,
    )


def _specialties(rows: list[Mapping[str, Any]]) -> dict[str, dict[str, int]]:
    found: dict[str, dict[str, int]] = {}
    for index, row in enumerate(rows):
        ability, name = row.get("ability"), row.get("name", "")
        named = found.setdefault(str(ability), {})
        if not isinstance(name, str) or not name.strip() or name in named:
            raise TraitValueError(f"specialties[{index}].name",
                                  "a specialty named once for its Ability", name)
        named[name] = row.get("dots", 0)
    return found


def _cell(row: Mapping[str, Any], rows: str, key: str) -> Any:
    field = next(cell for cell in _ROWS[rows].fields if cell.key == key)
    return row.get(key, field.default)


def _weapon(index: int, row: Mapping[str, Any], minimums: dict[str, int],
            minimum_rows: list[Mapping[str, Any]]) -> Weapon:
    where = f"weapons[{index}]"
    cell = lambda key: _cell(row, "weapons", key)  # noqa: E731 - a short local reader
    # Checked even when unused, so a typing slip never hides behind a cleared box.
    defence = check_range(f"{where}.defence", cell("defence"), *DEFENCE_RANGE)
    check_range(f"{where}.range", cell("range"), 0, RANGE_RANGE[1])
    parts = cell("body_parts")
    if not isinstance(parts, str):
        raise TraitValueError(f"{where}.body_parts", "body parts separated by commas", parts)
    try:
        kind = DamageType(cell("damage_type"))
    except ValueError as error:
        raise TraitValueError(f"{where}.damage_type", "B, L or A", cell("damage_type")) from error
    try:
        return _built_weapon(cell, kind, defence, parts, minimums)
    except TraitValueError as error:
        raise (_in_minimum_row(error, cell("name"), minimum_rows)
               or in_row(_ROWS["weapons"], index, error)) from error


def _in_minimum_row(error: TraitValueError, weapon: str,
                    rows: list[Mapping[str, Any]]) -> TraitValueError | None:
    """A weapon's refused minimum named by its row of Weapon minimums (None: not one)."""
    _, found, named = error.field.partition(": minimum")
    if not found:
        return None
    cell, trait = ("dots", named.strip()) if named.strip() else ("trait", error.value)
    index = next((i for i, row in enumerate(rows)
                  if row.get("weapon") == weapon and row.get("trait") == trait), None)
    if index is None:
        return None
    return TraitValueError(f"weapon_minimums[{index}].{cell}", error.allowed, error.value)


def _built_weapon(cell: Any, kind: DamageType, defence: int, parts: str,
                  minimums: dict[str, int]) -> Weapon:
    return Weapon(
        name=cell("name"), ability=cell("ability"), speed=cell("speed"),
        accuracy=cell("accuracy"), damage=cell("damage"), damage_type=kind,
        defence=defence if cell("parries") else None, rate=cell("rate"),
        overwhelming=cell("overwhelming"), adds_strength=cell("adds_strength"),
        body_parts=tuple(p.strip() for p in parts.split(",") if p.strip()),
        tags=frozenset(tag for key, tag in TAGS if cell(key)), range=cell("range") or None,
        minimums=minimums, house_example=cell("house_example"), notes=cell("notes"))


def _minimums(rows: list[Mapping[str, Any]], weapons: set[Any]) -> dict[str, dict[str, int]]:
    found: dict[str, dict[str, int]] = {}
    for index, row in enumerate(rows):
        weapon = row.get("weapon")
        if not isinstance(weapon, str) or weapon not in weapons:
            raise TraitValueError(f"weapon_minimums[{index}].weapon",
                                  "the name of one of the weapons", weapon)
        found.setdefault(weapon, {})[_cell(row, "weapon_minimums", "trait")] = _cell(
            row, "weapon_minimums", "dots")
    return found


def _armour(given: Mapping[str, Any]) -> Armour | None:
    name = given["armour.name"]
    if isinstance(name, str) and not name.strip():
        worn = [key for key in _ARMOUR_NUMBERS if given[key] != 0]
        if worn:
            raise TraitValueError(worn[0], "0 when no armour is worn (name the armour)",
                                  given[worn[0]])
        return None
    try:
        return _built_armour(given, name)
    except TraitValueError as error:
        # "armour Buff jacket: mobility penalty" is the form's "armour.mobility_penalty".
        _, _, what = error.field.partition(": ")
        key = "armour." + what.replace(" ", "_")
        raise (TraitValueError(key, error.allowed, error.value) if key in given
               else error) from error


def _built_armour(given: Mapping[str, Any], name: str) -> Armour:
    return Armour(
        name=name,
        soak={DamageType.parse(w): given[f"armour.soak.{w}"] for w in TYPES},
        hardness={DamageType.parse(w): given[f"armour.hardness.{w}"] for w in TYPES},
        mobility_penalty=given["armour.mobility_penalty"], fatigue=given["armour.fatigue"],
        house_example=given["armour.house_example"], notes=given["armour.notes"])


def _level(index: int, row: Mapping[str, Any]) -> int:
    value = row.get("", "")
    if value not in LEVEL_CHOICES:
        raise TraitValueError(f"extra_health_levels[{index}]", "a penalty of 0, 1, 2 or 4",
                              value)
    return int(value)


# -- templates and preview ---------------------------------------------------------------------


def _mortal(name: str, kind: CharacterKind, dots: int, **changes: Any) -> Character:
    """Every Attribute at ``dots``; the fighting Abilities at ``dots`` (others 0); a spear,
    and a punch as every character of the demo carries."""
    fighting = ("melee", "dodge", "awareness", "athletics", "resistance", "brawl")
    traits: dict[str, Any] = {
        "attributes": dict.fromkeys(ATTRIBUTES, dots), "abilities": dict.fromkeys(fighting, dots),
        "virtues": dict.fromkeys(VIRTUES, 2),
        "weapons": (tables.weapon("Spear"), tables.weapon("Punch"))}
    return Character(name=name, kind=kind, **{**traits, **changes})


def _extra() -> Character:
    """A levy soldier: fit, plain, lightly trained, a spear and a buff jacket."""
    physical = dict.fromkeys(("strength", "dexterity", "stamina", "perception", "wits"), 2)
    return _mortal("Extra", CharacterKind.EXTRA, 1, willpower=3,
                   attributes={**dict.fromkeys(ATTRIBUTES, 1), **physical},
                   abilities={"melee": 2, **dict.fromkeys(
                       ("war", "resistance", "athletics", "awareness", "dodge"), 1)},
                   virtues={**dict.fromkeys(VIRTUES, 1), "valor": 2},
                   armour=tables.armour("Buff jacket"))


def _exalt(kind: CharacterKind, personal: int, peripheral: int) -> Character:
    # A Solar starts with Ox-Body Technique once (one -1 and two -2 levels, 000 §Health
    # Levels, and bashing resilience, §Ox-Body Technique), so the form's extra levels
    # show how a character's own levels are typed.
    ox_body = (1, 2, 2) if kind is CharacterKind.SOLAR else ()
    return _mortal(kind.value, kind, 3, essence=2, willpower=6, personal_motes=personal,
                   peripheral_motes=peripheral, armour=tables.armour("Chain shirt"),
                   abilities={**dict.fromkeys(("melee", "dodge", "awareness", "athletics",
                                               "resistance", "brawl", "war"), 3), "melee": 4},
                   specialties={"melee": {"Spears": 1}}, extra_health_levels=ox_body,
                   ox_body=bool(ox_body))


# Mote pools of an Exalt of Essence 2 (the GM types the character's own).
_EXALT_POOLS = {
    CharacterKind.SOLAR: (13, 33), CharacterKind.LUNAR: (8, 30),
    CharacterKind.SIDEREAL: (11, 27), CharacterKind.DRAGON_BLOODED: (7, 19),
    CharacterKind.ABYSSAL: (13, 33),
}


@cache
def demo_characters() -> tuple[Character, ...]:
    """The demo campaign's 2e characters (its roster's "2e-rewrite" blocks)."""
    text = resource("campaigns", "demo.json").read_text("utf-8")
    roster = json.loads(text)["characters"]
    return tuple(Character.from_json(item["blocks"]["2e-rewrite"]) for item in roster
                 if "2e-rewrite" in item["blocks"])


def templates() -> tuple[BlockTemplate, ...]:
    """Mortal, extra, heroic mortal, each Exalt, a spirit, then the demo's characters."""
    kinds = (
        BlockTemplate("mortal", "Mortal", _mortal("Mortal", CharacterKind.MORTAL, 2),
                      "004 §Rounding Static Values: rounds down; no double 10s"),
        BlockTemplate("extra", "Extra", _extra(),
                      "000 §Health Levels: damage dice become levels; type what differs"),
        BlockTemplate("heroic-mortal", "Heroic mortal",
                      _mortal("Heroic mortal", CharacterKind.HEROIC_MORTAL, 3, willpower=6),
                      "004 §The Rule of 10: a heroic mortal's 10s count twice"),
        *(BlockTemplate(kind.value.lower(), kind.value, _exalt(kind, *pools),
                        "000 §Die Caps: an Exalt of Essence 2, resilient, caps by kind")
          for kind, pools in _EXALT_POOLS.items()),
        BlockTemplate("spirit", "Spirit",
                      _mortal("Spirit", CharacterKind.SPIRIT, 3, essence=3, willpower=7,
                              personal_motes=40),
                      "004 §Rounding Static Values: a magical being, rounds up"),
    )
    seen: set[str] = set()
    demo = []
    for character in demo_characters():
        key = "demo-" + "".join(ch if ch.isalnum() else "-" for ch in character.name.lower())
        if key not in seen:
            seen.add(key)
            demo.append(BlockTemplate(key, character.name, character,
                                      "the demo campaign's " + character.kind.value))
    return (*kinds, *demo)


PREVIEWED = ("Health", "Pools", "Defences (current)", "Weapons")


def preview(ruleset: Any, character: Character) -> tuple[Any, ...]:
    """The sheet of a fight with this character alone, before it starts: the health track,
    Willpower and motes, Dodge and Parry DVs, soak and hardness, the attack pools."""
    session = CombatSession(ruleset, ruleset.default_options())
    session.apply(AddCombatant("preview", character, "ally"))
    sheet = ruleset.sheet(session.state, "preview")
    return tuple(s for s in sheet.sections if getattr(s, "title", "") in PREVIEWED)
