"""What a 2e character sheet shows, as the contract's sections.

``sheet_of`` reads one combatant of a combat state (traits, derived values with the
current penalties applied, GM overrides) into a ``SheetView``: the health track, the
pools, the current defences, the traits, the weapons and the notes. The sheet widget
draws only these, so a repaint cannot change the fight.
"""

from __future__ import annotations

from battlewheel.engine.core.conditions import dice_modifier
from battlewheel.engine.core.contract import (
    BoxTrack,
    Glyph,
    Pool,
    PoolsSection,
    SheetView,
    Table,
    Text,
    Value,
    Values,
)
from battlewheel.engine.core.health import (
    AGGRAVATED,
    BASHING,
    DYING_LABEL,
    EMPTY,
    LETHAL,
    HealthTrack,
)
from battlewheel.engine.rulesets.rewrite.block import (
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
from battlewheel.engine.rulesets.rewrite.rules import values as combat_derived
from battlewheel.engine.rulesets.rewrite.rules.attack import AttackDeclaration, attack_pool
from battlewheel.engine.rulesets.rewrite.rules.sheet_inputs import attacker_for
from battlewheel.engine.rulesets.rewrite.state import (
    PARTIALLY,
    TOTALLY,
    Combat,
    Combatant,
    Override,
)

# -- reading a combatant ------------------------------------------------------------

ATTRIBUTE_GROUPS = (
    ("Physical", ("strength", "dexterity", "stamina")),
    ("Social", ("charisma", "manipulation", "appearance")),
    ("Mental", ("perception", "intelligence", "wits")),
)
SURPRISE_WORDS = {TOTALLY: "totally surprised", PARTIALLY: "partially surprised"}


WEAPON_COLUMNS = ("Weapon", "Pool", "Spd", "Acc", "Dmg", "Def", "Rate", "Tags")
WEAPON_TIPS = ("", "Attack dice now: Dexterity + Ability, wound penalty included",
               "Speed", "Accuracy (automatic successes)", "Damage", "Defence", "Rate", "Tags")
HEALTH_LEGEND = (
    Glyph(BASHING, "bashing", "#1f5fa8"),
    Glyph(LETHAL, "lethal", "#b3261e"),
    Glyph(AGGRAVATED, "aggravated", "#6a1b9a"),
)
HEALTH_CYCLE = (EMPTY, BASHING, LETHAL, AGGRAVATED)
OVERRIDE_DIALOG = "override"


def sheet_of(state: Combat, combatant_id: str) -> SheetView:
    """The sheet of one combatant as the fight stands now."""
    who = state.combatants[combatant_id]
    character = who.character
    return SheetView(
        id=who.id,
        name=who.name,
        kind=str(character.kind.value),
        side=who.side,
        status=_status(state, who),
        sections=(
            health_section(who.health),
            PoolsSection("Pools", _pools(who)),
            Values("Defences (current)", _defences(who)),
            *_trait_sections(character),
            _weapons(who),
            Text("Notes", character.notes),
        ),
        edit_dialog=OVERRIDE_DIALOG,
    )


def health_section(track: HealthTrack) -> BoxTrack:
    """The ordered health track as a clickable box track (000 §Health Levels)."""
    return BoxTrack(
        key="health",
        title="Health",
        marks=track.marks,
        labels=tuple(track.labels),
        legend=HEALTH_LEGEND,
        cycle=HEALTH_CYCLE,
        blank=EMPTY,
        condition=condition_text(track),
        penalty=track.wound_penalty,
        refused=((DYING_LABEL, BASHING),),
        flags=tuple(word for flag, word in ((track.dead, "dead"), (track.critical, "critical"),
                                            (track.unconscious, "unconscious")) if flag),
    )


def condition_text(track: HealthTrack) -> str:
    """One line for the GM: the wound penalty and the worst condition reached."""
    if track.dead:
        return "Dead"
    penalty = track.wound_penalty
    parts = [f"Wound penalty -{penalty}" if penalty else "No wound penalty"]
    if track.critical:
        parts.append("critical (dying)")
    elif track.unconscious:
        parts.append("unconscious")
    return " · ".join(parts)


def _trait_sections(character: Character) -> tuple[Values | Text, ...]:
    columns = [[Value(name.title(), character.attribute(name)) for name in names]
               for _, names in ATTRIBUTE_GROUPS]
    attributes = tuple(value for row in zip(*columns, strict=True) for value in row)
    abilities = tuple(Value(name.title(), character.ability(name))
                      for name in ABILITIES if character.ability(name))
    virtues = tuple(Value(name.title(), character.virtues.get(name, 0)) for name in VIRTUES)
    return (
        Values("Attributes", attributes, columns=3,
               headings=tuple(group for group, _ in ATTRIBUTE_GROUPS)),
        Values("Abilities", abilities, columns=3),
        Values("Virtues", virtues, columns=3),
        Text("Specialties", ", ".join(_specialties(character))),
    )


def _weapons(who: Combatant) -> Table:
    rows = tuple(_weapon_row(who, weapon) for weapon in who.character.weapons)
    armour = _armour_text(who.character)
    return Table("Weapons", WEAPON_COLUMNS, rows, WEAPON_TIPS,
                 footer=f"Armour: {armour}" if armour else "")


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


def _pools(who: Combatant) -> tuple[Pool, ...]:
    rating = combat_derived.willpower_rating(who)
    pools = [Pool("willpower", "Willpower", who.willpower, rating,
                      _fight_note(who, "willpower_rating"))]
    for key, label, current in (
        ("personal", "Personal motes", who.personal_motes),
        ("peripheral", "Peripheral motes", who.peripheral_motes),
    ):
        size = combat_derived.mote_pool_size(who, key)
        if size:
            pools.append(Pool(key, label, current, size, _fight_note(who, f"{key}_motes_pool")))
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
    unhurt = max(0, (computed.value if computed is not None else current) - who.dv_penalty)
    if current < unhurt and who.health.wound_penalty:
        note = f"includes the wound penalty -{who.health.wound_penalty} (ruling: wounds on DVs)"
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
    attacker = attacker_for(who.character, weapon, wound_penalty=who.wound_penalty,
                            condition_dice=dice_modifier(who.conditions))
    return attack_pool(AttackDeclaration(attacker=attacker, weapon=weapon))[1]


def _weapon_row(who: Combatant, weapon: Weapon) -> tuple[str, ...]:
    defence = "—" if weapon.defence is None else f"{weapon.defence:+d}"
    return (
        weapon.name,
        str(max(attack_dice(who, weapon), 0)),
        str(weapon.speed),
        str(weapon.accuracy),
        f"{weapon.damage:+d}{weapon.damage_type.value}",
        defence,
        str(weapon.rate),
        "".join(sorted(weapon.tags)),
    )


def _armour_text(character: Character) -> str:
    armour = character.armour
    if armour is None:
        return ""
    extra = f", mobility -{armour.mobility_penalty}" if armour.mobility_penalty else ""
    return f"{armour.name}{extra}"
