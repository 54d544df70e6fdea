"""Anathema's Exalted 2nd edition character files (``.ecg``): XML, read into a 2e block.

The format, as Anathema writes it (our reading of its persisters): the root
``ExaltedCharacter`` holds ``Description/CharacterName`` and ``Statistics``; every trait
is an element with ``creationValue`` and, once raised with experience,
``experiencedValue``, which wins. ``Statistics`` holds ``CharacterType`` (Solar, Lunar,
...), ``Essence``, ``Willpower``, ``Virtues/<Virtue>``, ``Attributes/<group>/<Attribute>``,
``Abilities/<Ability>`` with ``Specialty name=...`` children, ``Charms/CharmGroup/Charm``
(Ox-Body's picks under ``Special/Categories``, one element per pick such as
``Category.-1-2x2``), ``Backgrounds`` and ``AdditionalModels/Model`` (equipment names
items by ``templateId`` only).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from battlewheel.engine.rulesets.rewrite.block import Character
from battlewheel.engine.rulesets.rewrite.rules import tables
from battlewheel.engine.rulesets.rewrite.rules.equipment import Armour, DamageType, Weapon
from battlewheel.engine.rulesets.rewrite.rules.traits import (
    ABILITIES,
    ATTRIBUTES,
    VIRTUES,
    CharacterKind,
)
from battlewheel.storage.imports.common import ImportedCharacter, Trail
from battlewheel.storage.roster import RosterCharacter

RULESET = "2e-rewrite"
FORMAT = "Anathema character (.ecg), read into a 2nd-edition block"
ROOT = "ExaltedCharacter"

KINDS = {
    "solar": CharacterKind.SOLAR, "lunar": CharacterKind.LUNAR,
    "sidereal": CharacterKind.SIDEREAL, "dragon-blooded": CharacterKind.DRAGON_BLOODED,
    "abyssal": CharacterKind.ABYSSAL, "mortal": CharacterKind.HEROIC_MORTAL,
    "spirit": CharacterKind.SPIRIT, "ghost": CharacterKind.SPIRIT,
}
# Anathema's 2e Martial Arts is the unarmed Ability this program calls Brawl; a 1st
# edition file has both, and its Endurance became 2e's Resistance.
ABILITY_NAMES = {"martialarts": "brawl", "endurance": "resistance"}
SECOND_EDITION = "Exalted 2nd edition"
FIRST_EDITION = "Exalted 1st edition"
FIRST_EDITION_RULESETS = {"corerules", "powercombat"}
FIRST_EDITION_ONLY = ("Endurance",)  # an Ability only 1st edition has
NATURAL_WEAPONS = "natural weapons"
ARMOUR_WORDS = ("armor", "armour", "mail", "plate", "lamellar", "breastplate", "buff jacket",
                "hauberk", "cuirass")
_PICK = re.compile(r"-(\d)(?:x(\d{1,2}))?")
MOST_OX_BODY_PURCHASES = 10  # far past any character; a larger count is a damaged file
MAX_TRAIT_TEXT = 6  # "-12345": a trait value longer than this is no number we store


def read_anathema(root: ET.Element, origin: str) -> list[ImportedCharacter]:
    """The one character of an ``.ecg`` file, or ``ImportRefused`` naming the field."""
    trail = Trail(origin)
    if root.tag != ROOT:
        raise trail.refuse(root.tag, f"the root element must be {ROOT} (an Anathema "
                           "character); this XML is something else")
    stats = root.find("Statistics")
    if stats is None:
        raise trail.refuse("Statistics", "missing: an Anathema character keeps its traits there")
    trail.edition = edition_of(stats)
    name = _name(root, trail)
    player = _player(root, trail)
    block = trail.build(lambda: _block(name, root, stats, trail, player))
    side = "ally" if player else "enemy"
    character = trail.build(lambda: RosterCharacter.of_block(RULESET, block, side))
    return [trail.imported(character, RULESET, FORMAT)]


def edition_of(stats: ET.Element) -> str:
    """The edition the file was made for, and how that is known, as the preview heads it.

    Anathema names its rules in ``Rules/RuleSet``: ``SecondEdition``, or 1st edition's
    ``CoreRules`` and ``PowerCombat``. Older files name none; their Abilities tell (only
    1st edition has Endurance).
    """
    ruleset = stats.find("Rules/RuleSet")
    named = (ruleset.get("name", "") if ruleset is not None else "").strip()
    if named.lower() in FIRST_EDITION_RULESETS:
        return (f"{FIRST_EDITION} (RuleSet {named}): converted to 2nd edition, "
                "see the converted lines")
    if named and "second" in named.lower():
        return f"{SECOND_EDITION} (RuleSet {named})"
    if any(stats.find(f"Abilities/{tag}") is not None for tag in FIRST_EDITION_ONLY):
        return (f"{FIRST_EDITION} (no RuleSet named; its Abilities have Endurance): "
                "converted to 2nd edition, see the converted lines")
    if named:
        return f"RuleSet {named}: not one this program knows; read as 2nd edition"
    return f"no RuleSet named; read as {SECOND_EDITION}"


def _player(root: ET.Element, trail: Trail) -> bool:
    """A player character only when the file names its player (``Description/Player``)."""
    if (root.findtext("Description/Player") or "").strip():
        trail.took("player", "Description/Player")
        return True
    return False


def _notes(root: ET.Element, trail: Trail) -> str:
    """The character's description, characterization and notes, as the block's notes."""
    parts = []
    for tag in ("Characterization", "PhysicalDescription", "Notes"):
        text = (root.findtext(f"Description/{tag}") or "").strip()
        if text:
            parts.append(text)
            trail.took("notes", f"Description/{tag}")
    return "\n\n".join(parts)


def _name(root: ET.Element, trail: Trail) -> str:
    text = (root.findtext("Description/CharacterName") or "").strip()
    if text:
        trail.took("name", "Description/CharacterName")
        return text
    text = (root.get("repositoryPrintName") or root.get("repositoryId") or "").strip()
    if not text:
        raise trail.refuse("Description/CharacterName", "missing: the character has no name")
    trail.took("name", f"{ROOT}@repositoryPrintName")
    return text


def _block(name: str, root: ET.Element, stats: ET.Element, trail: Trail,
           player: bool) -> Character:
    weapons, armour = _equipment(stats, trail)
    _not_used(stats, trail)
    trail.left("mote pools: Anathema works them out rather than storing them; "
               "enter them in the editor")
    return Character(
        name=name,
        player=player,
        notes=_notes(root, trail),
        kind=_kind(stats, trail),
        attributes=_traits(stats, "Attributes", ATTRIBUTES, "attributes", trail),
        abilities=_abilities(stats, trail),
        specialties=_specialties(stats, trail),
        essence=_single(stats, "Essence", "essence", 1, trail),
        willpower=_single(stats, "Willpower", "willpower", 5, trail),
        virtues=_traits(stats, "Virtues", VIRTUES, "virtues", trail),
        weapons=weapons,
        armour=armour,
        extra_health_levels=_ox_body(stats, trail),
    )


def trait_value(element: ET.Element, where: str, trail: Trail) -> int:
    """``experiencedValue`` if the trait was raised with experience, else ``creationValue``."""
    for attribute in ("experiencedValue", "creationValue"):
        text = element.get(attribute)
        if text is not None:
            return _number(text, f"{where}@{attribute}", trail)
    raise trail.refuse(where, "has no creationValue")


def _source(element: ET.Element, where: str) -> str:
    chosen = "experiencedValue" if element.get("experiencedValue") is not None \
        else "creationValue"
    return f"{where}@{chosen}"


def _number(text: str, where: str, trail: Trail) -> int:
    cleaned = text.strip()
    digits = cleaned.removeprefix("-")
    if not digits.isdigit() or not digits.isascii() or len(cleaned) > MAX_TRAIT_TEXT:
        raise trail.refuse(where, f"must be a whole number, got {text[:20]!r}")
    return int(cleaned)


def _kind(stats: ET.Element, trail: Trail) -> CharacterKind:
    text = (stats.findtext("CharacterType") or "").strip()
    kind = KINDS.get(text.lower())
    if kind is None:
        trail.left(f"CharacterType {text or '(none)'}: not a kind this program's 2e blocks "
                   "know; imported as a heroic mortal, change the kind in the editor")
        return CharacterKind.HEROIC_MORTAL
    trail.took("kind", "Statistics/CharacterType")
    return kind


def _single(stats: ET.Element, tag: str, field: str, default: int, trail: Trail) -> int:
    element = stats.find(tag)
    if element is None:
        trail.left(f"{tag}: missing; {default} taken")
        return default
    where = f"Statistics/{tag}"
    trail.took(field, _source(element, where))
    return trait_value(element, where, trail)


def _traits(stats: ET.Element, group: str, names: tuple[str, ...], field: str,
            trail: Trail) -> dict[str, int]:
    found: dict[str, int] = {}
    holder = stats.find(group)
    if holder is None:
        return found
    for element, where in _leaves(holder, f"Statistics/{group}"):
        key = element.tag.lower()
        if key in names:
            trail.took(f"{field}.{key}", _source(element, where))
            found[key] = trait_value(element, where, trail)
        else:
            trail.left(f"{group}: {element.tag} is not a trait this program knows")
    return found


def _leaves(holder: ET.Element, where: str) -> list[tuple[ET.Element, str]]:
    """Trait elements under a group, through Anathema's sub-groups (Physical, Social...)."""
    found = []
    for child in holder:
        path = f"{where}/{child.tag}"
        if child.get("creationValue") is None and len(child):
            found.extend(_leaves(child, path))
        else:
            found.append((child, path))
    return found


def _ability_key(tag: str) -> str:
    key = tag.lower()
    return ABILITY_NAMES.get(key, key)


def _abilities(stats: ET.Element, trail: Trail) -> dict[str, int]:
    """Each Ability; two of the file's that are one here keep the higher, and say so."""
    found: dict[str, int] = {}
    read_from: dict[str, str] = {}
    for element in _ability_elements(stats):
        key = _ability_key(element.tag)
        where = f"Statistics/Abilities/{element.tag}"
        if key not in ABILITIES:
            trail.left(f"Ability {element.tag}: not one this program's 2e blocks have")
            continue
        value, source = _ability_value(element, where, trail)
        if key in found:
            kept = max(found[key], value)
            trail.left(f"converted: {read_from[key]} {found[key]} and {element.tag} {value} "
                       f"are one Ability here ({key.title()}); the higher, {kept}, is kept")
            if value <= found[key]:
                continue
        elif element.tag.lower() != key:
            trail.left(f"converted: {element.tag} {value} is read as {key.title()}")
        read_from[key] = element.tag
        trail.took(f"abilities.{key}", source)
        found[key] = value
    return found


def _ability_value(element: ET.Element, where: str, trail: Trail) -> tuple[int, str]:
    """An Ability's rating and its source; one with sub-traits (Craft: Fire, Air...) is
    read at its highest sub-trait, since a 2e block keeps one rating per Ability."""
    subs = element.findall("subTrait")
    if not subs:
        return trait_value(element, where, trail), _source(element, where)
    rated = []
    if element.get("creationValue") is not None:
        rated.append((trait_value(element, where, trail), "itself", _source(element, where)))
    for index, sub in enumerate(subs):
        label = (sub.findtext("traitName") or "").strip() or f"sub-trait {index + 1}"
        place = f"{where}/subTrait[{index + 1}] ({label})"
        rated.append((trait_value(sub, place, trail), label, _source(sub, place)))
    best = max(rated, key=lambda r: r[0])
    raised = [f"{label} {value}" for value, label, _ in rated if value]
    if len(raised) > 1:
        trail.left(f"converted: {element.tag} has {', '.join(raised)}; a 2e block keeps one "
                   f"{element.tag} rating, the highest ({best[1]} {best[0]}) is kept")
    return best[0], best[2]


def _ability_elements(stats: ET.Element) -> list[ET.Element]:
    holder = stats.find("Abilities")
    return [] if holder is None else [e for e in holder if e.tag != "Specialty"]


def _specialties(stats: ET.Element, trail: Trail) -> dict[str, dict[str, int]]:
    found: dict[str, dict[str, int]] = {}
    for element in _ability_elements(stats):
        key = _ability_key(element.tag)
        for index, specialty in enumerate(element.findall("Specialty")):
            where = f"Statistics/Abilities/{element.tag}/Specialty[{index + 1}]"
            name = (specialty.get("name") or "").strip()
            if key not in ABILITIES or not name:
                trail.left(f"specialty {name or '(unnamed)'} of {element.tag}: not used")
                continue
            trail.took(f"specialties.{key}.{name}", _source(specialty, where))
            dots = trait_value(specialty, where, trail)
            if dots:
                found.setdefault(key, {})[name] = dots
    return found


def _charms(stats: ET.Element) -> list[tuple[ET.Element, str]]:
    return [(charm, f"Statistics/Charms/CharmGroup[@name='{group.get('name', '')}']/Charm"
             f"[@name='{charm.get('name', '')}']")
            for group in stats.findall("Charms/CharmGroup") for charm in group.findall("Charm")]


def _ox_body(stats: ET.Element, trail: Trail) -> tuple[int, ...]:
    """Each Ox-Body pick gives its health levels once per purchase (000 §Health Levels)."""
    levels: list[int] = []
    for charm, where in _charms(stats):
        categories = charm.find("Special/Categories")
        if categories is None:
            continue
        for pick in categories:
            place = f"{where}/Special/Categories/{pick.tag}"
            bought = trait_value(pick, place, trail)
            if not 0 <= bought <= MOST_OX_BODY_PURCHASES:
                raise trail.refuse(place, f"must be bought 0-{MOST_OX_BODY_PURCHASES} times, "
                                   f"got {bought}")
            levels.extend(_pick_levels(pick.tag, f"{where}/{pick.tag}", trail) * bought)
        if len(categories):
            trail.took("extra_health_levels", f"{where}/Special/Categories")
    return tuple(sorted(levels))


def _pick_levels(tag: str, where: str, trail: Trail) -> list[int]:
    """``Category.-1-2x2`` is one -1 level and two -2 levels."""
    spec = tag.removeprefix("Category.")
    levels: list[int] = []
    position = 0
    for match in _PICK.finditer(spec):
        if match.start() != position:
            break
        levels.extend([int(match.group(1))] * int(match.group(2) or 1))
        position = match.end()
    if not levels or position != len(spec) or len(levels) > 10:
        raise trail.refuse(where, "must be an Ox-Body pick such as Category.-1-2x2")
    return levels


def _equipment(stats: ET.Element, trail: Trail) -> tuple[tuple[Weapon, ...], Armour | None]:
    weapons: list[Weapon] = []
    armour: Armour | None = None
    for index, item in enumerate(stats.findall("AdditionalModels/Model[@templateId='Equipment']"
                                               "/Content/item")):
        name = (item.findtext("templateId") or "").strip()
        where = f"Statistics/AdditionalModels/Model[@templateId='Equipment']/item[{index + 1}]"
        if not name:
            trail.left(f"equipment item {index + 1}: no templateId, not used")
        elif name.lower() == NATURAL_WEAPONS:
            trail.left("Natural Weapons: every character here has Punch, Kick, Headbutt "
                       "and Clinch already")
        elif name.lower() in {w.lower() for w in (x.name for x in weapons)}:
            trail.left(f"equipment {name}: carried twice, imported once")
        else:
            found = _known_weapon(name) or _known_armour(name)
            if isinstance(found, Armour) or (found is None and _looks_like_armour(name)):
                if armour is not None:
                    trail.left(f"equipment {name}: a second armour, not worn")
                    continue
                armour = found if isinstance(found, Armour) else _unknown_armour(name, trail)
                trail.took("armour", f"{where}/templateId")
            else:
                weapons.append(found if isinstance(found, Weapon) else _unknown_weapon(name, trail))
                trail.took(f"weapons.{name}", f"{where}/templateId")
    return tuple(weapons), armour


def _known_weapon(name: str) -> Weapon | None:
    return next((w for w in tables.weapons() if w.name.casefold() == name.casefold()), None)


def _known_armour(name: str) -> Armour | None:
    return next((a for a in tables.armours() if a.name.casefold() == name.casefold()), None)


def _looks_like_armour(name: str) -> bool:
    return any(word in name.lower() for word in ARMOUR_WORDS)


def _unknown_weapon(name: str, trail: Trail) -> Weapon:
    trail.left(f"equipment {name}: not in this program's 2e weapon table; imported as a "
               "weapon with its stats at 0 for you to fill in")
    return Weapon(name=name, ability="melee", speed=5, accuracy=0, damage=0,
                  damage_type=DamageType.LETHAL, notes="imported by name; stats to fill in")


def _unknown_armour(name: str, trail: Trail) -> Armour:
    trail.left(f"equipment {name}: not in this program's 2e armour table; imported as "
               "armour with soak 0 for you to fill in")
    return Armour(name=name, notes="imported by name; stats to fill in")


def _not_used(stats: ET.Element, trail: Trail) -> None:
    for charm, _where in _charms(stats):
        if charm.find("Special/Categories") is None:
            trail.left(f"Charm {charm.get('name', '?')}: Charms are not part of a 2e block")
    for combo in stats.findall("Charms/Combos/Combo"):
        trail.left(f"Combo {(combo.findtext('Name') or '?').strip()}: not used")
    backgrounds = stats.find("Backgrounds")
    for background in [] if backgrounds is None else list(backgrounds):
        label = background.get("type") or background.get("name") or background.tag
        trail.left(f"Background {label}: backgrounds are not part of a 2e block")
    for spell in stats.findall("Spells/Spell"):
        trail.left(f"Spell {spell.get('name', '?')}: not used")
    for model in stats.findall("AdditionalModels/Model"):
        template = model.get("templateId", "")
        if template != "Equipment" and any(len(child) for child in model.iter() if child is not
                                           model):
            trail.left(f"{template}: social traits and notes are not part of a 2e block")
