"""A 3e block written back as a Foundry VTT Exalted 3rd Edition actor export.

A block with Quick Character pools or battle-group traits becomes an ``npc``, any other
a ``character``. What Foundry's system has a field for goes there; what it has not (the
block's kind when Foundry's words would lose it, the mount, a battle group's morale and
average health, an NPC's Attributes and weapons, the off-hand mark) goes under
``flags.battlewheel``, which Foundry keeps untouched, so ``read_foundry`` of the export
gives the same block back.
"""

from __future__ import annotations

import re
from typing import Any

from battlewheel.engine.rulesets.ex3.block import (
    ABILITIES,
    ATTRIBUTES,
    Armour,
    Character,
    QuickAttack,
    Weapon,
)
from battlewheel.storage.imports import foundry_shape as shape


def foundry_exalt(block: Character, kind_words: str = "") -> str:
    """Foundry's ``details.exalt`` for a block: the Exalt the roster's Kind names
    ("Lunar", "Dragon-Blooded"), "other" for a mortal or heroic mortal, and for an Exalt
    whose Kind names none "other" too (our flags keep that it is an Exalt): a wrong
    Solar would give Foundry a Solar's anima and Charms."""
    if block.kind != "exalt":
        return "other"
    for word in re.findall(r"[a-z]+", kind_words.casefold().replace("-", "")):
        if word in shape.EXALT_TYPES:
            return word
    return "other"


def foundry_export(block: Character, kind_words: str = "") -> dict[str, Any]:
    """The actor export (``{name, type, system, items, flags}``) of a 3e block;
    ``kind_words`` is the roster's Kind, which says which Exalt the block is."""
    npc = block.quick is not None or block.group is not None
    exalt = foundry_exalt(block, kind_words)
    system: dict[str, Any] = {**_common(block),
                              **(_npc(block) if npc else _character(block, exalt))}
    items = _npc_items(block) if npc else _character_items(block)
    return {
        "name": block.name,
        "type": "npc" if npc else "character",
        "system": system,
        "items": items,
        "flags": {shape.FLAGS: _flags(block, npc)},
        "_stats": {"systemId": shape.SYSTEM_ID},
    }


def _value(number: int) -> dict[str, int]:
    return {"value": number}


def _common(block: Character) -> dict[str, Any]:
    return {
        "essence": {"value": block.essence, "max": 10},
        "willpower": {"value": block.willpower, "max": block.willpower},
        "motes": {
            "personal": {"value": block.personal_motes, "max": block.personal_motes,
                         "committed": 0},
            "peripheral": {"value": block.peripheral_motes, "max": block.peripheral_motes,
                           "committed": block.committed_motes},
        },
        "health": {"levels": _health(block)},
        "baseinitiative": _value(block.base_initiative),
        "hardness": _value(block.hardness),
        "mount": {"mounted": bool(block.mount)},
    }


def _health(block: Character) -> dict[str, Any]:
    levels = block.health_levels or tuple(
        penalty for key, penalty in shape.HEALTH_KEYS.items()
        for _ in range(shape.DEFAULT_HEALTH[key]))
    found: dict[str, Any] = {key: {"value": levels.count(penalty), "penalty": penalty}
                             for key, penalty in shape.HEALTH_KEYS.items()}
    found["three"] = {"value": 0, "penalty": 3}
    found["inc"] = {"value": 1, "penalty": "inc"}
    return found


def _character(block: Character, exalt: str) -> dict[str, Any]:
    return {
        "details": {"exalt": exalt},
        "attributes": {name: _value(block.attribute(name)) for name in ATTRIBUTES},
        "abilities": {shape.ABILITY_KEYS[name]: _value(block.ability(name))
                      for name in ABILITIES},
        "naturalsoak": _value(block.attribute("stamina")),
    }


def _npc(block: Character) -> dict[str, Any]:
    quick = block.quick
    group = block.group
    system: dict[str, Any] = {"creaturetype": "mortal" if block.kind == "mortal" else "exalt",
                              "details": {"exalt": foundry_exalt(block)},
                              "battlegroup": group is not None}
    if quick is not None:
        system["pools"] = {"joinbattle": _value(quick.join_battle),
                           "movement": _value(quick.movement)}
        for name in ("parry", "evasion", "soak", "resolve", "guile"):
            system[name] = _value(getattr(quick, name))
    if group is not None:
        system["size"] = _value(group.size)
        system["drill"] = _value(shape.DRILLS.index(group.drill))
        system["might"] = _value(group.might)
    return system


def _tags(damage_type: str, range_band: str, *extra: str) -> dict[str, Any]:
    tags = [damage_type, *extra]
    if range_band != "close":
        tags.append(range_band)
    return {"weapontags": {"value": tags, "custom": ""}}


def _weapon_type(weapon_range: str, ability: str) -> str:
    if weapon_range == "close":
        return shape.MELEE
    return shape.THROWN if ability == "thrown" else shape.RANGED


def _weapon(weapon: Weapon) -> dict[str, Any]:
    extra = [tag for tag, on in (("reaching", weapon.reach), ("twohanded", weapon.two_handed))
             if on]
    item: dict[str, Any] = {"name": weapon.name, "type": shape.WEAPON, "system": {
        "witheringaccuracy": weapon.accuracy, "witheringdamage": weapon.damage,
        "defense": weapon.defence, "overwhelming": weapon.minimum, "weighttype": "other",
        "weapontype": _weapon_type(weapon.range, weapon.ability),
        "ability": shape.ABILITY_KEYS[weapon.ability], "attribute": "dexterity",
        "range": weapon.range, "equipped": True,
        "traits": _tags(weapon.damage_type, weapon.range, *extra),
    }}
    if weapon.off_hand:
        item["flags"] = {shape.FLAGS: {"off_hand": True}}
    return item


def quick_attack_ability(attack: QuickAttack) -> str:
    """The Ability a Quick Character's attack is rolled with in Foundry, which every weapon
    item names: a QC lists only the pool, so its range tells (an unarmed one is Brawl)."""
    if attack.range != "close":
        return "archery"
    return "brawl" if attack.name.casefold() in ("unarmed", "punch", "kick", "bite",
                                                   "claws", "grapple") else "melee"


def _attack(attack: QuickAttack) -> dict[str, Any]:
    ability = quick_attack_ability(attack)
    return {"name": attack.name, "type": shape.WEAPON, "system": {
        "witheringaccuracy": attack.pool, "witheringdamage": attack.damage,
        "defense": 0, "overwhelming": attack.overwhelming, "weighttype": "other",
        "ability": shape.ABILITY_KEYS[ability], "attribute": "none",
        "weapontype": _weapon_type(attack.range, ability), "range": attack.range,
        "equipped": True, "traits": _tags(attack.damage_type, attack.range),
    }}


def _armour(armour: Armour) -> list[dict[str, Any]]:
    if armour == Armour():
        return []
    return [{"name": armour.name, "type": shape.ARMOUR, "system": {
        "soak": armour.soak, "hardness": armour.hardness, "penalty": armour.penalty,
        "weighttype": "other", "equipped": True}}]


def _specialties(block: Character) -> list[dict[str, Any]]:
    return [{"name": f"{ability.replace('_', ' ').title()} specialty {number}",
             "type": shape.SPECIALTY, "system": {"ability": shape.ABILITY_KEYS[ability]}}
            for ability, dice in block.specialties.items() for number in range(1, dice + 1)]


def _character_items(block: Character) -> list[dict[str, Any]]:
    return [*(_weapon(w) for w in block.weapons), *_armour(block.armour), *_specialties(block)]


def _npc_items(block: Character) -> list[dict[str, Any]]:
    attacks = block.quick.attacks if block.quick is not None else ()
    return [_attack(attack) for attack in attacks]


def _flags(block: Character, npc: bool) -> dict[str, Any]:
    flags: dict[str, Any] = {"kind": block.kind, "standard_health": not block.health_levels,
                             "player_character": block.player_character}
    if block.mount:
        flags["mount"] = block.mount
    if block.group is not None:
        flags["perfect_morale"] = block.group.perfect_morale
        flags["average_health"] = block.group.average_health
    if npc:
        flags["quick"] = block.quick is not None
        flags["sheet"] = {
            "attributes": dict(block.attributes), "abilities": dict(block.abilities),
            "specialties": dict(block.specialties),
            "weapons": [w.to_json() for w in block.weapons], "armour": block.armour.to_json(),
        }
    return flags
