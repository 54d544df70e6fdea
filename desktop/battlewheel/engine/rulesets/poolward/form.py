"""The character editor's form for a Pool & Ward stat block, its templates and preview.

Every value the combat reads (002 §Attack Roll Dice Pools, §Defense Terminology,
§Damage Tracking) is a field here, bounded by the constants ``block.py`` checks with,
so the block stays the one judge of what is allowed. Stats left at 0 are left out of
the block (a missing stat counts 0); skills, attacks, their triggers and the
character's reactions are rows.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.block_form import (
    BlockSchema,
    BlockTemplate,
    FormField,
    FormGroup,
    FormRows,
    check_kinds,
    entry_in_row,
    follow_renames,
    in_row,
)
from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.rulesets.poolward import demo, sheet
from battlewheel.engine.rulesets.poolward.block import (
    BASE_RANGE,
    KIND_SKILLS,
    KIND_STATS,
    KINDS,
    LETHAL,
    MAGE,
    MELEE,
    MODIFIER_RANGE,
    NEEDS_HIT,
    NEEDS_LETHAL,
    NON_LETHAL,
    PERCENT_RANGE,
    RACIAL_RANGE,
    RANGED,
    SORCERER,
    STATS,
    THROWN,
    TRAIT_RANGE,
    AttackProfile,
    StatBlock,
    Trigger,
)
from battlewheel.engine.rulesets.poolward.options import PoolWardOptions
from battlewheel.engine.rulesets.poolward.rules.damage import Tracks

DEFENCE = "002 §Defense Terminology"
POOLS = "002 §Attack Roll Dice Pools"
TRACKS = "002 §Damage Tracking (Health / Vigor)"

# The form's words for an attack's ``magical`` (None: the kind decides).
MAGIC_CHOICES = ("", "magical", "physical")
# The stats some kind of attack adds (002 §Attack Roll Dice Pools): never Constitution.
ATTACK_STATS = tuple(stat for stat in STATS if any(stat in used for used in KIND_STATS.values()))
_MAGIC_VALUES: dict[str, bool | None] = {"": None, "magical": True, "physical": False}


def _int(key: str, label: str, bounds: tuple[int, int], help_: str, default: int = 0) -> FormField:
    low, high = bounds
    return FormField(key, label, "int", low, high, default=default, help=help_)


def _needs(key: str = "needs") -> FormField:
    return FormField(key, "Fires on", "choice", choices=(NEEDS_HIT, NEEDS_LETHAL),
                     labels=("a hit (even if Ward takes it all)", "lethal damage dealt"),
                     default=NEEDS_HIT, help=f"{DEFENCE} (Ward): which triggers Ward stops")


_DEFENCES = (
    ("armour", "Armour", "worn armour, taken off the pool; Armour Piercing lowers it"),
    ("armour_spell", "Armour spell", "a physical armour spell (ruling armour_stacking)"),
    ("armour_dr", "Armour DR", "DR that comes with the armour, lost when pierced to 0"),
    ("shield", "Shield", "taken off the pool; lost when flat-footed"),
    ("shield_apr", "Shield APR", "Armour Piercing Reduction that comes with the shield"),
    ("apr", "APR", "other Armour Piercing Reduction"),
    ("dodge", "Dodge", "taken off the pool; -1 each melee attack a round"),
    ("parry", "Parry", "melee attacks a round that cost no Dodge"),
    ("dr_physical", "DR physical", "turns physical lethal damage non-lethal while Vigor lasts"),
    ("dr_magical", "DR magical", "turns magical lethal damage non-lethal while Vigor lasts"),
    ("ward", "Ward", "absorbs damage before Health and Vigor"),
    ("resistance", "Resistance", "dice against poison, disease and some magic"),
    ("magical_resistance", "Magical Resistance", "bonus to Resistance against magic"),
)


def follow_edit(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    """An attack renamed takes its triggers with it; an attack given a Kind its Stat cannot
    serve takes the new kind's first stat (002 §Attack Roll Dice Pools: a sorcerer's spell
    adds Willpower, never Strength)."""
    followed = follow_renames(before, after, "attacks", "attack_effects", "attack")
    old, new = before.get("attacks"), followed.get("attacks")
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        followed["attacks"] = [_stat_for_kind(row) if row.get("kind") != was.get("kind")
                               else row for was, row in zip(old, new, strict=True)]
    return followed


def _stat_for_kind(row: Mapping[str, Any]) -> Mapping[str, Any]:
    """The row with a Stat its Kind may add (the kind's first when it may not)."""
    stats = KIND_STATS.get(str(row.get("kind")))
    stat = row.get("stat")
    if stats is None or not stat or stat in stats:
        return row
    return {**row, "stat": stats[0]}


SCHEMA = BlockSchema(follow=follow_edit, groups=(
    FormGroup("Character", (
        FormField("name", "Name", "text", default="New character",
                  help="the name on the sheet, the wheel and the log"),
        FormField("player", "Player character", "flag", default=False,
                  help=f"{TRACKS}: joins as an ally; ruling negative_health_npcs spares PCs"),
        _int("racial_health", "Racial Health", RACIAL_RANGE,
             f"{TRACKS}: Health = Constitution + racial modifier"),
    ), columns=3),
    FormGroup("Stats", tuple(
        _int(f"stats.{stat}", stat.title(), TRAIT_RANGE,
             f"{POOLS}: the statistic an attack adds" + (
                 "; Health and Vigor" if stat == "constitution" else ""), 1)
        for stat in STATS), columns=5),
    FormGroup("Skills", (
        FormRows("skills", "Skills", (
            FormField("name", "Skill", "text", default="Melee Weapons",
                      help=f"{POOLS}: the skill an attack adds, by its name"),
            _int("value", "Rating", TRAIT_RANGE, f"{POOLS}: dice added to the pool", 1),
        ), help=f"{POOLS}: Melee, Thrown or Ranged Weapons, Channeling, Magecraft, ..."),
    )),
    FormGroup("Defence", tuple(
        _int(key, label, TRAIT_RANGE, f"{DEFENCE}: {note}") for key, label, note in _DEFENCES
    ), columns=3),
    FormGroup("Attacks", (
        FormRows("attacks", "Attacks", (
            FormField("name", "Attack", "text", default="Weapon",
                      help=f"{POOLS}: the weapon or spell's name"),
            FormField("kind", "Kind", "choice", choices=KINDS, default=MELEE,
                      help=f"{POOLS}: which base, statistic and skill it rolls"),
            _int("base", "Base", BASE_RANGE, f"{POOLS}: weapon dice, or the casting rank", 1),
            FormField("stat", "Stat", "choice", choices=("", *ATTACK_STATS),
                      labels=("the kind's own", *(s.title() for s in ATTACK_STATS)), default="",
                      help=f"{POOLS}: melee Str or Dex; Shaman Int or Will; others fixed"),
            FormField("skill", "Skill", "text", default="",
                      help=f"{POOLS}: blank for the kind's usual skill"),
            _int("ap", "AP", TRAIT_RANGE, f"{DEFENCE}: Armour Piercing"),
            _int("flat", "Flat", MODIFIER_RANGE, f"{POOLS}: flat dice modifiers"),
            _int("percent", "Percent", PERCENT_RANGE, f"{POOLS}: weapon style or focus %"),
            FormField("damage", "Damage", "choice", choices=(LETHAL, NON_LETHAL),
                      labels=("lethal", "non-lethal"), default=LETHAL,
                      help="002 §Mortal Damage: weapons deal lethal unless said otherwise"),
            FormField("magical", "Meets DR", "choice", choices=MAGIC_CHOICES,
                      labels=("the kind's (spells magical)", "magical", "physical"), default="",
                      help=f"{DEFENCE}: which Damage Reduction meets it"),
            _int("ignore_dodge", "Ignore Dodge", TRAIT_RANGE,
                 f"{DEFENCE}: Dodge it ignores (Steady Shot 3)"),
        ), help=f"{POOLS}: base + stat + skill + modifiers"),
        FormRows("attack_effects", "Attack triggers", (
            FormField("attack", "Attack", "text", default="",
                      help=f"{DEFENCE} (Ward): the attack (by name) that carries it"),
            FormField("name", "Trigger", "text", default="Bleed 1",
                      help=f"{DEFENCE} (Ward): Fire Armor, Bleed, Poison ..."),
            _needs(),
        ), help=f"{DEFENCE} (Ward): effects an attack sets off"),
    )),
    FormGroup("Reactions and notes", (
        FormRows("reactions", "Reactions", (
            FormField("name", "Reaction", "text", default="Fire Armor",
                      help=f"{DEFENCE} (Ward): fires when this character is attacked"),
            _needs(),
        ), help=f"{DEFENCE} (Ward): the character's own reactive effects"),
        FormField("notes", "Notes", "text", default="", help="anything else the GM keeps"),
    )),
))


_ATTACK_ROWS = next(rows for rows in SCHEMA.rows() if rows.key == "attacks")


# -- block <-> form ----------------------------------------------------------------------------


def block_form(block: StatBlock) -> dict[str, Any]:
    """A block as the editor's form values."""
    values: dict[str, Any] = {"name": block.name, "player": block.player,
                              "racial_health": block.racial_health, "notes": block.notes}
    values.update({f"stats.{stat}": block.stat(stat) for stat in STATS})
    values["skills"] = [{"name": name, "value": value} for name, value in block.skills.items()]
    values.update({key: getattr(block, key) for key, _, _ in _DEFENCES})
    values["attacks"] = [_attack_row(attack) for attack in block.attacks]
    values["attack_effects"] = [
        {"attack": attack.name, "name": effect.name, "needs": effect.needs}
        for attack in block.attacks for effect in attack.effects]
    values["reactions"] = [{"name": r.name, "needs": r.needs} for r in block.reactions]
    return values


def _attack_row(attack: AttackProfile) -> dict[str, Any]:
    row = {key: getattr(attack, key) for key in (
        "name", "kind", "base", "stat", "skill", "ap", "flat", "percent", "damage",
        "ignore_dodge")}
    row["magical"] = next(word for word, value in _MAGIC_VALUES.items()
                          if value is attack.magical)
    return row


def block_from_form(values: Mapping[str, Any], base: StatBlock | None) -> StatBlock:
    """The block the form describes; what the form leaves out is kept from ``base``."""
    check_kinds(SCHEMA, values)
    given = {**(block_form(base) if base is not None else SCHEMA.defaults()), **values}
    stats = {stat: given[f"stats.{stat}"] for stat in STATS if given[f"stats.{stat}"] != 0}
    skills = _skills(given["skills"])
    effects = _effects(given["attack_effects"], {row["name"] for row in given["attacks"]})
    attacks = tuple(_attack(index, row, effects.get(row["name"], ()))
                    for index, row in enumerate(given["attacks"]))
    reactions = tuple(_trigger(f"reactions[{i}]", row) for i, row in enumerate(given["reactions"]))
    scalars = {key: given[key] for key, _, _ in _DEFENCES}
    try:
        return StatBlock(name=given["name"], stats=stats, skills=skills,
                         racial_health=given["racial_health"], attacks=attacks,
                         reactions=reactions, notes=given["notes"], player=given["player"],
                         **scalars)
    except TraitValueError as error:
        raise entry_in_row(error, "skills", list(skills), "value") from error


def _skills(rows: list[Mapping[str, Any]]) -> dict[str, int]:
    skills: dict[str, int] = {}
    for index, row in enumerate(rows):
        name = row.get("name", "")
        if not isinstance(name, str) or name in skills:
            raise TraitValueError(f"skills[{index}].name", "a skill named once", name)
        skills[name] = row.get("value", 0)
    return skills


def _attack(index: int, row: Mapping[str, Any], effects: tuple[Trigger, ...]) -> AttackProfile:
    magical = row.get("magical", "")
    if magical not in _MAGIC_VALUES:
        raise TraitValueError(f"attacks[{index}].magical", "one of magical, physical or blank",
                              magical)
    cells = {cell.key: row.get(cell.key, cell.default) for cell in _ATTACK_ROWS.fields
             if cell.key != "magical"}
    try:
        return AttackProfile(**cells, magical=_MAGIC_VALUES[magical], effects=effects)
    except TraitValueError as error:
        raise in_row(_ATTACK_ROWS, index, error) from error


def _effects(rows: list[Mapping[str, Any]], attacks: set[str]) -> dict[str, tuple[Trigger, ...]]:
    found: dict[str, tuple[Trigger, ...]] = {}
    for index, row in enumerate(rows):
        owner = row.get("attack", "")
        if owner not in attacks:
            raise TraitValueError(f"attack_effects[{index}].attack",
                                  "the name of one of the attacks", owner)
        found[owner] = (*found.get(owner, ()), _trigger(f"attack_effects[{index}]", row))
    return found


def _trigger(where: str, row: Mapping[str, Any]) -> Trigger:
    try:
        return Trigger(row.get("name", ""), row.get("needs", NEEDS_HIT))
    except TraitValueError as error:
        raise TraitValueError(f"{where}.{error.field.split('.')[-1]}", error.allowed,
                              error.value) from error


# -- templates and preview -----------------------------------------------------------------------


LONGSWORD = AttackProfile("Longsword", MELEE, 3, stat="strength")


def templates() -> tuple[BlockTemplate, ...]:
    """002's kinds of character, its worked examples and the demo fight's four."""
    player = StatBlock("Player character", stats=dict.fromkeys(STATS, 3),
                       skills={"Melee Weapons": 3}, dodge=1, attacks=(LONGSWORD,), player=True)
    npc = StatBlock("NPC", stats={"strength": 2, "dexterity": 2, "constitution": 3},
                    skills={"Melee Weapons": 2}, armour=1, dodge=1,
                    attacks=(AttackProfile("Short sword", MELEE, 2, stat="strength"),))
    return (
        BlockTemplate("player", "Player character", player,
                      "a player's hero: keeps the negative Health rows (002 §Damage Tracking)"),
        BlockTemplate("npc", "NPC", npc, "a foe or bystander of the GM's"),
        *(BlockTemplate(_key(block.name), block.name, block, note)
          for block, note in _examples()),
    )


def _key(name: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in name.lower())


def _examples() -> tuple[tuple[StatBlock, str], ...]:
    mar = StatBlock("Mar", stats={"strength": 3, "constitution": 3}, skills={"Weaponry": 4},
                    attacks=(dataclasses.replace(LONGSWORD, skill="Weaponry"),), player=True)
    guard = StatBlock("City Guard", stats={"strength": 2, "constitution": 3},
                      skills={"Melee Weapons": 2}, armour=1, shield=1, dodge=1,
                      attacks=(AttackProfile("Short sword", MELEE, 2, stat="strength"),))
    vex = StatBlock("Vex", stats={"dexterity": 5, "constitution": 3}, skills={"1H Piercing": 5},
                    attacks=(AttackProfile("Dagger", MELEE, 6, stat="dexterity",
                                           skill="1H Piercing", percent=50),), player=True)
    yunone = StatBlock("Y\u00fan\u00f3n\u00eb", stats={"dexterity": 8, "constitution": 3},
                       skills={KIND_SKILLS[THROWN]: 4},
                       attacks=(AttackProfile("Dagger", THROWN, 4),), player=True)
    whisper = StatBlock("Whisper", stats={"dexterity": 4, "constitution": 3},
                        skills={KIND_SKILLS[RANGED]: 5}, player=True,
                        attacks=(AttackProfile("Composite longbow", RANGED, 6),
                                 AttackProfile("Steady Shot", RANGED, 6, ignore_dodge=3)))
    malatar = StatBlock("Malatar", stats={"willpower": 4, "constitution": 3},
                        skills={KIND_SKILLS[SORCERER]: 5}, ward=2, dr_physical=1, dodge=1,
                        attacks=(AttackProfile("Energy Blast", SORCERER, 1),), player=True)
    mage = StatBlock("Fire-armoured mage", stats={"intelligence": 4, "constitution": 3},
                     skills={KIND_SKILLS[MAGE]: 3}, armour_spell=2,
                     attacks=(AttackProfile("Firebolt", MAGE, 2),),
                     reactions=(Trigger("Fire Armor"),))
    return (
        (mar, f"{POOLS}: Mar's longsword"),
        (guard, f"{POOLS}: the city guard Mar fights"),
        (vex, f"{POOLS}: Vex's Sneak Attack"),
        (yunone, f"{POOLS}: Y\u00fan\u00f3n\u00eb's Deadeye"),
        (whisper, f"{POOLS}: Whisper's Steady Shot"),
        (malatar, f"{POOLS}: Malatar's Energy Blast"),
        (mage, f"{DEFENCE} (Ward): Magecraft's Fire Armor burns whoever hits"),
        (demo.edward(), f"{POOLS}: Edward Sumner, the demo fight's hero"),
        (demo.cutthroat(1), "the demo fight's dagger man"),
        (demo.archer(), "the demo fight's archer"),
    )


def preview(ruleset: Any, block: StatBlock) -> tuple[Any, ...]:
    """What the sheet shows of a block before any fight: tracks, defence, stats, attacks
    (the same for every Pool & Ward ruleset: ``ruleset`` is not read)."""
    options = PoolWardOptions()
    tracks = Tracks(block.health_max, block.health_max, block.vigor_max, block.vigor_max,
                    block.ward, block.ward)
    return (
        c.Values("Health and Vigor", (
            c.Value("Health", block.health_max, note="Constitution + racial", key="health"),
            c.Value("Vigor", block.vigor_max, note="Constitution", key="vigor"),
            c.Value("Ward", block.ward, key="ward"))),
        *sheet.track_sections(tracks),
        sheet.defence_values(block, options),
        sheet.stat_values(block),
        sheet.attack_table(block, options),
    )
