"""Foundry VTT's Exalted 3rd Edition actors (``exaltedthird``): import as a 3e block.

An actor export is ``{name, type, system, items}`` (``data`` in place of ``system``
before Foundry 10). A player character keeps Attributes and Abilities with the
equipped weapons and armour; an NPC is a Quick Character whose weapons'
``witheringaccuracy`` and ``witheringdamage`` are the whole pools; an NPC with
``battlegroup`` set is a battle group. ``foundry_export`` writes a block back in the
same shape.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from battlewheel.engine.rulesets.ex3.block import (
    ATTRIBUTES,
    KINDS,
    MOUNT_SPEED,
    RANGES,
    Armour,
    Character,
    GroupTraits,
    QuickAttack,
    QuickPools,
    Weapon,
)
from battlewheel.storage.imports import foundry_shape as shape
from battlewheel.storage.imports.common import ImportedCharacter, Trail
from battlewheel.storage.roster import RosterCharacter

RULESET = "3e"
FORMAT = "Foundry VTT actor (Exalted 3rd Edition system)"
_MISSING: Any = object()
MAX_WHOLE = 10**6  # far beyond any trait; a larger number is a damaged file
_WHOLE_TEXT = re.compile(r"-?[0-9]{1,6}")


class Actor:
    """One exported actor: its data (``system`` or ``data``), items and our flags."""

    def __init__(self, document: object, trail: Trail) -> None:
        if not isinstance(document, Mapping):
            raise trail.refuse("", "a Foundry actor export is a JSON object")
        self.trail = trail
        self.document = document
        self._check_system()
        self.kind = self._text(document, "type", "type")
        if self.kind not in shape.ACTOR_TYPES:
            raise trail.refuse("type", "must be character or npc (an Exalted 3rd Edition "
                               f"actor), got {self.kind!r}")
        self.root = "system" if isinstance(document.get("system"), Mapping) else "data"
        data = document.get(self.root)
        if not isinstance(data, Mapping):
            raise trail.refuse("system", "missing: not a Foundry actor export")
        self.data: Mapping[str, Any] = data
        self._check_shape()
        self.flags = self._flags(document)

    def _check_system(self) -> None:
        stats = self.document.get("_stats")
        source = self.document.get("flags", {})
        named = stats.get("systemId") if isinstance(stats, Mapping) else None
        field = "_stats.systemId"
        if named is None and isinstance(source, Mapping):
            export = source.get("exportSource")
            named = export.get("system") if isinstance(export, Mapping) else None
            field = "flags.exportSource.system"
        if named is not None and named != shape.SYSTEM_ID:
            raise self.trail.refuse(field, f"this actor is from the Foundry system {named!r}, "
                                    f"not Exalted 3rd Edition ({shape.SYSTEM_ID})")

    def _check_shape(self) -> None:
        levels = self.get("health.levels")
        if not isinstance(levels, Mapping) or not isinstance(levels.get("zero"), Mapping):
            raise self.trail.refuse(f"{self.root}.health.levels", "missing: this is not an "
                                    "actor of Foundry's Exalted 3rd Edition system")

    @staticmethod
    def _flags(document: Mapping[str, Any]) -> Mapping[str, Any]:
        flags = document.get("flags")
        ours = flags.get(shape.FLAGS) if isinstance(flags, Mapping) else None
        return ours if isinstance(ours, Mapping) else {}

    def _text(self, where: Mapping[str, Any], key: str, source: str) -> str:
        value = where.get(key, "")
        if not isinstance(value, str):
            raise self.trail.refuse(source, f"must be text, got {value!r:.40}")
        return value

    def get(self, path: str, data: Mapping[str, Any] | None = None) -> Any:
        """The value at a dotted path of the actor's data, or ``_MISSING``."""
        value: Any = self.data if data is None else data
        for part in path.split("."):
            if not isinstance(value, Mapping) or part not in value:
                return _MISSING
            value = value[part]
        return value

    def source(self, path: str) -> str:
        """The full path of a data field, as the preview shows it."""
        return f"{self.root}.{path}"

    def whole(self, path: str, default: int, *, data: Mapping[str, Any] | None = None,
              prefix: str | None = None) -> int:
        """A whole number at ``path``; a missing one is ``default``."""
        value = self.get(path, data)
        if value is _MISSING or value is None:
            return default
        return whole_number(value, f"{prefix or self.root}.{path}", self.trail)

    def items(self) -> list[tuple[Mapping[str, Any], Mapping[str, Any], str]]:
        """Each item with its data and its path in the file."""
        items = self.document.get("items", [])
        if not isinstance(items, list):
            raise self.trail.refuse("items", "must be a list")
        found = []
        for index, item in enumerate(items):
            where = f"items[{index}]"
            if not isinstance(item, Mapping):
                raise self.trail.refuse(where, "must be an object")
            root = "system" if isinstance(item.get("system"), Mapping) else "data"
            data = item.get(root)
            found.append((item, data if isinstance(data, Mapping) else {}, f"{where}.{root}"))
        return found


def whole_number(value: object, where: str, trail: Trail) -> int:
    """Foundry keeps numbers as numbers, sometimes as text ("3") or 3.0: all read as 3."""
    number: object = value
    if isinstance(value, str) and _WHOLE_TEXT.fullmatch(value.strip()):
        number = int(value.strip())
    if isinstance(number, float) and number.is_integer() and abs(number) < MAX_WHOLE:
        number = int(number)
    if isinstance(number, bool) or not isinstance(number, int) or abs(number) >= MAX_WHOLE:
        raise trail.refuse(where, f"must be a whole number, got {value!r:.40}")
    return number


def read_foundry(document: object, origin: str) -> list[ImportedCharacter]:
    """The actor of a Foundry export as a 3e block, or ``ImportRefused`` naming the field."""
    trail = Trail(origin)
    actor = Actor(document, trail)
    name = actor._text(actor.document, "name", "name").strip()
    if not name:
        raise trail.refuse("name", "missing: the actor has no name")
    trail.took("name", "name")
    block = trail.build(lambda: _block(name, actor))
    side = "ally" if block.player_character else "enemy"
    character = trail.build(lambda: RosterCharacter.of_block(RULESET, block, side))
    exalt = exalt_type(actor)
    if exalt:  # the roster's Kind keeps which Exalt, which a 3e block does not hold
        character = replace(character, identity=replace(character.identity,
                                                        kind=EXALT_WORDS.get(exalt, exalt)))
    return [trail.imported(character, RULESET, FORMAT)]


# Foundry's ``details.exalt`` words as a GM writes the Kind on the roster, and back.
EXALT_WORDS = {key: key.title() for key in shape.EXALT_TYPES} | {
    "dragonblooded": "Dragon-Blooded", "dreamsouled": "Dream-Souled",
    "hearteater": "Hearteater"}


def exalt_type(actor: Actor) -> str:
    """Which Exalt Foundry says the actor is (``solar``, ``lunar``...), or ""."""
    exalt = actor.get("details.exalt")
    if isinstance(exalt, str) and exalt in shape.EXALT_TYPES:
        actor.trail.took("kind (roster)", actor.source("details.exalt"))
        return exalt
    return ""


def _player_character(actor: Actor) -> bool:
    """Ours when we wrote it; else Foundry's own word: a ``character`` actor is a player's."""
    flagged = actor.flags.get("player_character")
    if isinstance(flagged, bool):
        actor.trail.took("player_character", f"flags.{shape.FLAGS}.player_character")
        return flagged
    actor.trail.took("player_character", "type")
    return actor.kind == "character"


def _block(name: str, actor: Actor) -> Character:
    npc = actor.kind == "npc"
    extra = _flagged_sheet(actor) if npc else {}
    weapons, armour, attacks = _items(actor, npc)
    _common_not_used(actor)
    return Character(
        name=name,
        kind=_kind(actor),
        attributes=extra.get("attributes", {}) if npc else _attributes(actor),
        abilities=extra.get("abilities", {}) if npc else _abilities(actor),
        specialties=extra.get("specialties", {}) if npc else _specialties(actor),
        weapons=extra.get("weapons", ()) if npc else weapons,
        armour=extra.get("armour", Armour()) if npc else armour,
        hardness=_took(actor, "hardness", "hardness.value", 0),
        base_initiative=_took(actor, "base_initiative", "baseinitiative.value", 3),
        willpower=_willpower(actor),
        essence=_took(actor, "essence", "essence.value", 1),
        health_levels=_health(actor),
        mount=_mount(actor),
        group=_group(actor) if npc else None,
        personal_motes=_pool(actor, "personal"),
        peripheral_motes=_pool(actor, "peripheral"),
        committed_motes=_committed(actor),
        quick=_quick(actor, attacks) if npc else None,
        player_character=_player_character(actor),
    )


def _took(actor: Actor, field: str, path: str, default: int) -> int:
    value = actor.whole(path, default)
    if actor.get(path) is not _MISSING:
        actor.trail.took(field, actor.source(path))
    return value


def _kind(actor: Actor) -> str:
    flagged = actor.flags.get("kind")
    if flagged in KINDS:
        actor.trail.took("kind", f"flags.{shape.FLAGS}.kind")
        return str(flagged)
    if actor.kind == "npc":
        creature = actor.get("creaturetype")
        actor.trail.took("kind", actor.source("creaturetype"))
        return "mortal" if creature in (_MISSING, "mortal") else "exalt"
    exalt = actor.get("details.exalt")
    actor.trail.took("kind", actor.source("details.exalt"))
    return "exalt" if isinstance(exalt, str) and exalt in shape.EXALT_TYPES else "mortal"


def _attributes(actor: Actor) -> dict[str, int]:
    found = {}
    for name in ATTRIBUTES:
        path = f"attributes.{name}.value"
        value = actor.whole(path, 1)
        if actor.get(path) is not _MISSING:
            actor.trail.took(f"attributes.{name}", actor.source(path))
        if value != 1:  # an unlisted Attribute is 1
            found[name] = value
    return found


def _abilities(actor: Actor) -> dict[str, int]:
    found = {}
    abilities = actor.get("abilities")
    for key in sorted(abilities) if isinstance(abilities, Mapping) else ():
        path = f"abilities.{key}.value"
        value = actor.whole(path, 0)
        ours = shape.FOUNDRY_ABILITIES.get(key)
        if ours is None:
            if value:
                actor.trail.left(f"Ability {key} {value}: this program's 3e block keeps "
                                 "the combat Abilities only")
            continue
        actor.trail.took(f"abilities.{ours}", actor.source(path))
        if value:  # an unlisted Ability is 0
            found[ours] = value
    return found


def _specialties(actor: Actor) -> dict[str, int]:
    found: dict[str, int] = {}
    for item, data, where in actor.items():
        if item.get("type") != shape.SPECIALTY:
            continue
        ability = shape.FOUNDRY_ABILITIES.get(str(data.get("ability", "")))
        label = f"specialty {item.get('name', '?')!s:.60}"
        if ability is None:
            actor.trail.left(f"{label} ({data.get('ability', '?')!s:.30}): not a combat Ability")
        elif found.get(ability, 0) >= 3:
            actor.trail.left(f"{label}: a fourth specialty of {ability} adds no more dice")
        else:
            found[ability] = found.get(ability, 0) + 1
            actor.trail.took(f"specialties.{ability}", f"{where}.ability")
    return found


def _willpower(actor: Actor) -> int:
    """The permanent rating is ``total`` (or ``max``); ``value`` is what is left today."""
    path = next((f"willpower.{key}" for key in ("total", "max")
                 if actor.get(f"willpower.{key}") not in (_MISSING, None)), "willpower.value")
    return _took(actor, "willpower", path, 5)


MOST_MOTES = 100  # the block's range: a larger "max" is two numbers run together
_SLASHED = re.compile(r"\s*(\d{1,3})\s*/\s*(\d{1,3})\s*")


def _pool(actor: Actor, pool: str) -> int:
    """A mote pool's size: ``max``. Written "38/43" (left of the whole), the whole is read;
    Foundry's own text importer runs those together as 3843 with ``value`` 38, so a
    ``max`` that is ``value``'s digits followed by a pool's is read as that pool."""
    path = f"motes.{pool}.max"
    raw = actor.get(path)
    if raw is _MISSING:
        return 0
    actor.trail.took(f"{pool}_motes", actor.source(path))
    slashed = _SLASHED.fullmatch(raw) if isinstance(raw, str) else None
    if slashed:
        actor.trail.left(f"converted: {actor.source(path)} {raw!r} is read as a pool of "
                         f"{slashed.group(2)} motes ({slashed.group(1)} left)")
        return int(slashed.group(2))
    size = actor.whole(path, 0)
    left = actor.get(f"motes.{pool}.value")
    run_together = str(size).removeprefix(str(left)) if isinstance(left, int) else ""
    if size > MOST_MOTES and run_together.isdigit() and int(run_together) >= left:
        actor.trail.left(f"converted: {actor.source(path)} {size} is '{left}/{run_together}' "
                         f"run together; read as a pool of {int(run_together)} motes")
        return int(run_together)
    return size


def _committed(actor: Actor) -> int:
    total = 0
    for pool in ("personal", "peripheral"):
        path = f"motes.{pool}.committed"
        total += actor.whole(path, 0)
        if actor.get(path) is not _MISSING:
            actor.trail.took("committed_motes", actor.source("motes.*.committed"))
    return total


def _health(actor: Actor) -> tuple[int, ...]:
    counts = {key: actor.whole(f"health.levels.{key}.value", 0) for key in shape.HEALTH_KEYS}
    three = actor.whole("health.levels.three.value", 0)
    if three:
        actor.trail.left(f"{three} health level(s) at -3: this program's tracks have "
                         "-0, -1, -2 and -4 levels only")
    actor.trail.took("health_levels", actor.source("health.levels"))
    if actor.flags.get("standard_health") is True and counts == shape.DEFAULT_HEALTH:
        return ()
    levels: list[int] = []
    for key, penalty in shape.HEALTH_KEYS.items():
        if counts[key] < 0 or counts[key] > 20:
            raise actor.trail.refuse(actor.source(f"health.levels.{key}.value"),
                                     f"must be 0-20 levels, got {counts[key]}")
        levels.extend([penalty] * counts[key])
    return tuple(levels)


def _mount(actor: Actor) -> str:
    flagged = actor.flags.get("mount")
    if isinstance(flagged, str) and flagged in MOUNT_SPEED:
        actor.trail.took("mount", f"flags.{shape.FLAGS}.mount")
        return flagged
    if actor.get("mount.mounted") is True:
        actor.trail.left("mounted: Foundry does not say which animal; choose the mount in "
                         "the editor")
    return ""


def _group(actor: Actor) -> GroupTraits | None:
    if actor.get("battlegroup") is not True:
        return None
    trail = actor.trail
    drill = actor.whole("drill.value", 1)
    if drill not in range(len(shape.DRILLS)):
        raise trail.refuse(actor.source("drill.value"), f"must be 0, 1 or 2, got {drill}")
    for field, path in (("group.size", "size.value"), ("group.drill", "drill.value"),
                        ("group.might", "might.value")):
        trail.took(field, actor.source(path))
    average = actor.flags.get("average_health")
    if isinstance(average, int) and not isinstance(average, bool):
        trail.took("group.average_health", f"flags.{shape.FLAGS}.average_health")
    else:
        average = sum(actor.whole(f"health.levels.{key}.value", 0)
                      for key in (*shape.HEALTH_KEYS, "inc"))
        trail.took("group.average_health", actor.source("health.levels (their number)"))
    morale = actor.flags.get("perfect_morale") is True
    return GroupTraits(size=actor.whole("size.value", 1), drill=shape.DRILLS[drill],
                       might=actor.whole("might.value", 0), perfect_morale=morale,
                       average_health=average)


def _quick(actor: Actor, attacks: tuple[QuickAttack, ...]) -> QuickPools | None:
    if actor.flags.get("quick") is False:
        return None
    paths = {"join_battle": "pools.joinbattle.value", "movement": "pools.movement.value",
             "parry": "parry.value", "evasion": "evasion.value", "soak": "soak.value",
             "resolve": "resolve.value", "guile": "guile.value"}
    defaults = QuickPools()
    values = {}
    for field, path in paths.items():
        values[field] = actor.whole(path, getattr(defaults, field))
        actor.trail.took(f"quick.{field}", actor.source(path))
    return QuickPools(**values, attacks=attacks)


def _flagged_sheet(actor: Actor) -> dict[str, Any]:
    """An NPC has no Attributes in Foundry; a block we exported keeps its own in our flags."""
    sheet = actor.flags.get("sheet")
    if not isinstance(sheet, Mapping):
        return {}
    source = f"flags.{shape.FLAGS}.sheet"
    found: dict[str, Any] = {}
    for key in ("attributes", "abilities", "specialties"):
        table = sheet.get(key, {})
        if not isinstance(table, Mapping):
            raise actor.trail.refuse(f"{source}.{key}", "must be an object of name: dots")
        found[key] = dict(table)
        actor.trail.took(key, f"{source}.{key}")
    weapons = sheet.get("weapons", [])
    if not isinstance(weapons, list):
        raise actor.trail.refuse(f"{source}.weapons", "must be a list")
    found["weapons"] = tuple(Weapon.from_json(w) for w in weapons)
    found["armour"] = Armour.from_json(sheet.get("armour", {}))
    actor.trail.took("weapons", f"{source}.weapons")
    return found


def _items(actor: Actor, npc: bool) -> tuple[tuple[Weapon, ...], Armour, tuple[QuickAttack, ...]]:
    weapons: list[Weapon] = []
    attacks: list[QuickAttack] = []
    armour = Armour()
    for item, data, where in actor.items():
        kind = item.get("type")
        label = f"{item.get('name', '?')!s:.60}"
        if kind not in (shape.WEAPON, shape.ARMOUR):
            if kind != shape.SPECIALTY or npc:
                actor.trail.left(f"{shape.NOT_USED_ITEMS.get(str(kind), str(kind))} {label}: "
                                 "not part of a 3e block")
            continue
        if data.get("equipped", True) is False:
            actor.trail.left(f"{kind} {label}: not equipped")
            continue
        name = _item_name(item, where, actor.trail)
        if kind == shape.ARMOUR:
            if armour != Armour():
                actor.trail.left(f"armour {label}: a second armour, not worn")
                continue
            armour = _armour(name, data, where, actor)
        elif npc:
            if any(a.name == name for a in attacks):
                actor.trail.left(f"weapon {label}: a second attack of that name")
                continue
            attacks.append(_attack(name, data, where, actor))
        elif name == "Unarmed" or any(w.name == name for w in weapons):
            actor.trail.left(f"weapon {label}: every block has its own Unarmed attack"
                             if name == "Unarmed" else f"weapon {label}: a second of that name")
        else:
            weapons.append(_weapon(name, data, where, actor, off_hand=_off_hand(item)))
    return tuple(weapons), armour, tuple(attacks)


def _item_name(item: Mapping[str, Any], where: str, trail: Trail) -> str:
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        raise trail.refuse(where.rsplit(".", 1)[0] + ".name", "an item needs a name")
    return name.strip()


def _tags(data: Mapping[str, Any]) -> set[str]:
    traits = data.get("traits")
    tags = traits.get("weapontags") if isinstance(traits, Mapping) else None
    values = tags.get("value") if isinstance(tags, Mapping) else None
    return {str(tag) for tag in values} if isinstance(values, list) else set()


def _damage_type(name: str, tags: set[str], actor: Actor) -> str:
    if "aggravated" in tags:
        actor.trail.left(f"weapon {name}: aggravated damage is read as lethal")
    return "bashing" if "bashing" in tags and "lethal" not in tags else "lethal"


def _range(data: Mapping[str, Any], tags: set[str]) -> str:
    if data.get("weapontype", shape.MELEE) == shape.MELEE:
        return "close"
    stated = data.get("range")
    if stated in RANGES and stated != "close":
        return str(stated)
    return next((band for band in reversed(shape.RANGE_TAGS) if band in tags), "short")


def _ability(data: Mapping[str, Any], name: str, actor: Actor) -> str:
    ability = shape.FOUNDRY_ABILITIES.get(str(data.get("ability", "")))
    if ability is not None:
        return ability
    guess = {shape.THROWN: "thrown", shape.RANGED: "archery"}.get(
        str(data.get("weapontype")), "melee")
    actor.trail.left(f"weapon {name}: Ability {data.get('ability', '(none)')!s:.30} is not a "
                     f"combat Ability; {guess} taken")
    return guess


def _weapon(name: str, data: Mapping[str, Any], where: str, actor: Actor, *,
            off_hand: bool) -> Weapon:
    tags = _tags(data)
    actor.trail.took(f"weapon {name}", where)
    attribute = data.get("attribute", "dexterity")
    if attribute not in ("dexterity", "", "none", None):
        actor.trail.left(f"weapon {name}: attacks with {attribute!s:.20} in Foundry; this "
                         "program's attacks roll Dexterity")
    for field, key in (("accuracy", "witheringaccuracy"), ("damage", "witheringdamage"),
                       ("defence", "defense"), ("minimum", "overwhelming")):
        actor.trail.took(f"weapon {name}.{field}", f"{where}.{key}")
    return Weapon(
        name=name, ability=_ability(data, name, actor),
        accuracy=actor.whole("witheringaccuracy", 0, data=data, prefix=where),
        damage=actor.whole("witheringdamage", 0, data=data, prefix=where),
        defence=actor.whole("defense", 0, data=data, prefix=where),
        minimum=actor.whole("overwhelming", 1, data=data, prefix=where),
        damage_type=_damage_type(name, tags, actor), range=_range(data, tags),
        reach="reaching" in tags, two_handed="twohanded" in tags,
        off_hand=off_hand,
    )


def _off_hand(item: Mapping[str, Any]) -> bool:
    """Foundry has no off-hand mark; a weapon we exported keeps ours in its flags."""
    return Actor._flags(item).get("off_hand") is True


def _attack(name: str, data: Mapping[str, Any], where: str, actor: Actor) -> QuickAttack:
    tags = _tags(data)
    actor.trail.took(f"quick attack {name}.pool", f"{where}.witheringaccuracy")
    actor.trail.took(f"quick attack {name}.damage", f"{where}.witheringdamage")
    actor.trail.took(f"quick attack {name}.overwhelming", f"{where}.overwhelming")
    return QuickAttack(
        name=name, pool=actor.whole("witheringaccuracy", 0, data=data, prefix=where),
        damage=actor.whole("witheringdamage", 0, data=data, prefix=where),
        overwhelming=actor.whole("overwhelming", 1, data=data, prefix=where),
        damage_type=_damage_type(name, tags, actor), range=_range(data, tags),
    )


def _armour(name: str, data: Mapping[str, Any], where: str, actor: Actor) -> Armour:
    for field in ("soak", "hardness", "penalty"):
        actor.trail.took(f"armour.{field}", f"{where}.{field}")
    return Armour(name=name, soak=actor.whole("soak", 0, data=data, prefix=where),
                  hardness=actor.whole("hardness", 0, data=data, prefix=where),
                  penalty=abs(actor.whole("penalty", 0, data=data, prefix=where)))


def _common_not_used(actor: Actor) -> None:
    natural = actor.get("naturalsoak.value")
    stamina = actor.get("attributes.stamina.value")
    if actor.kind == "character" and natural not in (_MISSING, stamina):
        actor.trail.left(f"naturalsoak {natural!s:.10}: the block works natural soak out "
                         "from Stamina")
    for key in ("biography", "qualities", "limit.value", "experience.standard.total"):
        if actor.get(key) not in (_MISSING, "", 0, None):
            actor.trail.left(f"{key.split('.')[0]}: not part of a 3e block")
