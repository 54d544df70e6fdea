"""What a character sheet shows, as plain values: the sheet widget draws only these.

``sheet_of`` reads one combatant of a combat state (traits, derived values with the
current penalties applied, GM overrides) into a ``SheetInfo``; the widget never asks
the engine anything, so a repaint cannot change the fight and the widget can be
tested with hand-made sheets.
"""

from __future__ import annotations

from dataclasses import dataclass

from battlewheel.engine.character import (
    ABILITIES,
    VIRTUES,
    Character,
    DamageType,
    Derived,
    Weapon,
    dodge_dv,
    hardness,
    parry_dvs,
    soak,
    surprise_detection_value,
)
from battlewheel.engine.combat import values as combat_derived
from battlewheel.engine.combat.attack import AttackDeclaration, attack_pool
from battlewheel.engine.combat.sheet_builders import attacker_for
from battlewheel.engine.combat.state import PARTIALLY, TOTALLY, Combat, Combatant, Override
from battlewheel.engine.health import HealthTrack


@dataclass(frozen=True)
class Value:
    """One shown number; ``note`` explains an override or a penalty in the tooltip."""

    label: str
    value: int | str
    overridden: bool = False
    note: str = ""

    @property
    def text(self) -> str:
        """The value as printed; an override wears a dagger so it stands out."""
        return f"{self.value}†" if self.overridden else str(self.value)


@dataclass(frozen=True)
class PoolInfo:
    """A spendable pool (Willpower, personal or peripheral motes); ``key`` names it."""

    key: str
    label: str
    current: int
    maximum: int
    note: str = ""

    @property
    def text(self) -> str:
        """``current / maximum``; a maximum the GM set wears a dagger."""
        return f"{self.current} / {self.maximum}" + ("†" if self.note else "")


@dataclass(frozen=True)
class WeaponRow:
    """One weapon line: the numbers a GM reads off a sheet mid-fight."""

    name: str
    speed: int
    accuracy: int
    damage: str
    defence: str
    rate: int
    tags: str
    pool: str = ""


@dataclass(frozen=True)
class SheetInfo:
    """Everything one character sheet dock shows."""

    id: str
    name: str
    kind: str
    side: str
    health: HealthTrack
    status: tuple[str, ...] = ()
    pools: tuple[PoolInfo, ...] = ()
    defences: tuple[Value, ...] = ()
    attributes: tuple[tuple[str, tuple[Value, ...]], ...] = ()
    abilities: tuple[Value, ...] = ()
    virtues: tuple[Value, ...] = ()
    specialties: tuple[str, ...] = ()
    weapons: tuple[WeaponRow, ...] = ()
    armour: str = ""
    notes: str = ""


# -- reading a combatant ------------------------------------------------------------

ATTRIBUTE_GROUPS = (
    ("Physical", ("strength", "dexterity", "stamina")),
    ("Social", ("charisma", "manipulation", "appearance")),
    ("Mental", ("perception", "intelligence", "wits")),
)
SURPRISE_WORDS = {TOTALLY: "totally surprised", PARTIALLY: "partially surprised"}


def sheet_of(state: Combat, combatant_id: str) -> SheetInfo:
    """The sheet of one combatant as the fight stands now."""
    who = state.combatants[combatant_id]
    character = who.character
    return SheetInfo(
        id=who.id,
        name=who.name,
        kind=str(character.kind.value),
        side=who.side,
        health=who.health,
        status=_status(state, who),
        pools=_pools(who),
        defences=_defences(who),
        attributes=tuple(
            (group, tuple(Value(name.title(), character.attribute(name)) for name in names))
            for group, names in ATTRIBUTE_GROUPS
        ),
        abilities=tuple(
            Value(name.title(), character.ability(name))
            for name in ABILITIES
            if character.ability(name)
        ),
        virtues=tuple(Value(name.title(), character.virtues.get(name, 0)) for name in VIRTUES),
        specialties=_specialties(character),
        weapons=tuple(_weapon_row(who, weapon) for weapon in character.weapons),
        armour=_armour_text(character),
        notes=character.notes,
    )


def _status(state: Combat, who: Combatant) -> tuple[str, ...]:
    parts: list[str] = [f"Essence {who.character.essence}"]
    if who.id in state.acting_ids():
        parts.append("acting now")
    elif who.next_tick is not None:
        parts.append(f"next action tick {who.next_tick}")
    if who.dv_penalty:
        parts.append(f"DV penalty -{who.dv_penalty}")
    if who.surprise in SURPRISE_WORDS:
        parts.append(SURPRISE_WORDS[who.surprise])
    moved = "†" if who.override("movement") else ""
    parts.append(f"moves {combat_derived.movement(who)}{moved} yd/tick")
    return tuple(parts)


def _pools(who: Combatant) -> tuple[PoolInfo, ...]:
    rating = combat_derived.willpower_rating(who)
    pools = [PoolInfo("willpower", "Willpower", who.willpower, rating,
                      _fight_note(who, "willpower_rating"))]
    for key, label, current in (
        ("personal", "Personal motes", who.personal_motes),
        ("peripheral", "Peripheral motes", who.peripheral_motes),
    ):
        size = combat_derived.mote_pool_size(who, key)
        if size:
            pools.append(PoolInfo(key, label, current, size, _fight_note(who, f"{key}_motes_pool")))
    return tuple(pools)


def _fight_note(who: Combatant, key: str) -> str:
    """The GM's reason for overriding ``key`` in this fight ("" when not overridden)."""
    found = who.override(key)
    return "" if found is None else f"GM, this fight: {found.reason or 'set by hand'}"


def _defences(who: Combatant) -> tuple[Value, ...]:
    character = who.character
    sheet_dvs: dict[str, Derived] = {"dodge": dodge_dv(character)}
    sheet_dvs.update({f"parry:{name}": value for name, value in parry_dvs(character).items()})
    carried = {f"parry:{weapon.name}" for weapon in character.weapons}
    shown = {name: now for name, now in who.dvs.items() if name == "dodge" or name in carried}
    values = [_dv_value(who, name, now, sheet_dvs.get(name)) for name, now in shown.items()]
    unarmed = {name: now for name, now in who.dvs.items() if name not in shown}
    if unarmed:
        values.append(_unarmed_parry(unarmed))
    values.append(_per_type("Soak", [soak(character, kind) for kind in DamageType]))
    values.append(_per_type("Hardness", [hardness(character, kind) for kind in DamageType]))
    sdv = combat_derived.surprise_detection_value(who)
    computed = surprise_detection_value(character)
    fight_override = who.override("surprise_detection_value")
    values.append(_derived_value("SDV", sdv, computed, fight_override))
    return tuple(values)


def _unarmed_parry(dvs: dict[str, int]) -> Value:
    """The brawl weapons' parries folded into one line: the best, the rest in the tooltip."""
    listed = ", ".join(f"{name.partition(':')[2]} {value}" for name, value in dvs.items())
    return Value("Unarmed parry", max(dvs.values()), note=f"Parry DV with {listed}")


def _dv_value(who: Combatant, name: str, current: int, computed: Derived | None) -> Value:
    kind, _, weapon = name.partition(":")
    label = "Dodge DV" if kind == "dodge" else f"Parry ({weapon})"
    fight_override = who.override("dodge_dv" if kind == "dodge" else "parry_dv")
    value = _derived_value(label, current, computed, fight_override)
    if who.dv_penalty:
        note = f"includes the flurry DV penalty -{who.dv_penalty}"
        value = Value(value.label, value.value, value.overridden, _join(value.note, note))
    return value


def _derived_value(
    label: str, shown: int, computed: Derived | None, fight_override: Override | None
) -> Value:
    if fight_override is not None:
        reason = fight_override.reason or "set by hand"
        return Value(label, shown, True, f"GM, this fight: {reason}")
    if computed is not None and computed.overridden:
        note = f"GM: {computed.override_reason}; the rules give {computed.computed}"
        return Value(label, shown, True, note)
    return Value(label, shown)


def _per_type(label: str, values: list[Derived]) -> Value:
    pairs = list(zip(values, DamageType, strict=True))
    text = " / ".join(f"{value.value}{kind.value}" for value, kind in pairs)
    notes = [
        f"{kind.word}: GM {value.override_reason} (rules {value.computed})"
        for value, kind in pairs
        if value.overridden
    ]
    return Value(label, text, bool(notes), "; ".join(notes))


def _join(first: str, second: str) -> str:
    return f"{first}; {second}" if first else second


def _specialties(character: Character) -> tuple[str, ...]:
    return tuple(
        f"{ability.title()}: {name} +{dots}"
        for ability, named in character.specialties.items()
        for name, dots in named.items()
    )


def attack_dice(who: Combatant, weapon: Weapon) -> int:
    """Dice of a lone attack with ``weapon`` now, wound penalty included (000 §Attack Roll)."""
    attacker = attacker_for(who.character, weapon, wound_penalty=who.wound_penalty)
    return attack_pool(AttackDeclaration(attacker=attacker, weapon=weapon))[1]


def _weapon_row(who: Combatant, weapon: Weapon) -> WeaponRow:
    defence = "—" if weapon.defence is None else f"{weapon.defence:+d}"
    return WeaponRow(
        name=weapon.name,
        speed=weapon.speed,
        accuracy=weapon.accuracy,
        damage=f"{weapon.damage:+d}{weapon.damage_type.value}",
        defence=defence,
        rate=weapon.rate,
        tags="".join(sorted(weapon.tags)),
        pool=str(max(attack_dice(who, weapon), 0)),
    )


def _armour_text(character: Character) -> str:
    armour = character.armour
    if armour is None:
        return ""
    extra = f", mobility -{armour.mobility_penalty}" if armour.mobility_penalty else ""
    return f"{armour.name}{extra}"
