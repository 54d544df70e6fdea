"""Values the combat derives from a character's sheet and state, with the GM's overrides.

This is the one place the combat reads the character sheet, so the rest of the combat
code works with plain numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from battlewheel.engine.core.conditions import defence_modifier
from battlewheel.engine.core.dice import effective_pool
from battlewheel.engine.rulesets.rewrite import block as sheet
from battlewheel.engine.rulesets.rewrite import wheel
from battlewheel.engine.rulesets.rewrite.block import Character
from battlewheel.engine.rulesets.rewrite.rules import setup
from battlewheel.engine.rulesets.rewrite.rules.equipment import DamageType
from battlewheel.engine.rulesets.rewrite.rules.flurry import dash_extra_yards
from battlewheel.engine.rulesets.rewrite.rules.kept import KeptByIdentity
from battlewheel.engine.rulesets.rewrite.rules.stunts import StuntReward
from battlewheel.engine.rulesets.rewrite.state import Combat, Combatant, Refreshed

# Values of the fight the GM may override; the sheet's own (DVs, soak, SDV, caps) are
# overridden on the character (the keys of the 2e derived module). The sheet records
# Ox-Body's first purchase; "ox_body" = 1 or 0 says otherwise for this fight.
COMBAT_OVERRIDES: tuple[str, ...] = (
    "movement",
    "willpower_rating",
    "personal_motes_pool",
    "peripheral_motes_pool",
    "ox_body",
)


def new_combatant(cid: str, character: Character, side: str) -> Combatant:
    """A combatant fresh to the fight: unhurt, pools full, off the wheel."""
    return Combatant(
        id=cid,
        character=character,
        side=side,
        health=sheet.health_track_for(character),
        personal_motes=character.personal_motes,
        peripheral_motes=character.peripheral_motes,
        willpower=character.willpower,
    )


def _overridden(who: Combatant, name: str, value: int) -> int:
    found = who.override(name)
    return found.value if found else value


def _value(result: Any) -> int:
    """A number from a derived-value function (which may mark an override)."""
    return int(getattr(result, "value", result))


def surprise_detection_value(who: Combatant) -> int:
    """SDV before situation modifiers (000 §Roll Surprise Checks)."""
    return _value(sheet.surprise_detection_value(who.character))


def willpower_rating(who: Combatant) -> int:
    """The permanent Willpower, the most temporary Willpower can reach (004 §Willpower)."""
    return _overridden(who, "willpower_rating", who.character.willpower)


def mote_pool_size(who: Combatant, pool: str) -> int:
    """The size of a mote pool (000 §Charms)."""
    size = who.character.personal_motes if pool == "personal" else who.character.peripheral_motes
    return _overridden(who, f"{pool}_motes_pool", size)


def join_battle_pool(who: Combatant, essence_floor: str = "floor") -> int:
    """Join Battle dice: Wits + Awareness, wounds taken off (000 §Roll Join Battle)."""
    return _pool(who, "wits", "awareness", essence_floor)


def ambush_pool(who: Combatant, essence_floor: str = "floor") -> int:
    """Ambush dice: Dexterity + Stealth, wounds taken off (000 §Roll Surprise Checks)."""
    return _pool(who, "dexterity", "stealth", essence_floor)


def _pool(who: Combatant, attribute: str, ability: str, essence_floor: str) -> int:
    """A pool through 004's order of modifiers, with the wound penalty (004 §Order of Modifiers)."""
    c = who.character
    base = c.attribute(attribute) + c.ability(ability)
    pool = effective_pool(
        base,
        essence=c.essence,
        penalty_dice=sheet.unskilled_penalty(c, ability),
        wound_penalty=who.wound_penalty,
        essence_floor=essence_floor,
    )
    return max(0, pool)


def has_ox_body(who: Combatant) -> bool:
    """Whether Exalted resilience also covers bashing (000 §Ox-Body Technique)."""
    found = who.override("ox_body")  # the GM's word for this fight wins over the sheet's
    return found.value > 0 if found is not None else who.character.ox_body


def movement(who: Combatant) -> int:
    """Yards per tick: Dexterity, +6 during a Dash (000 §All Characters Declare Movement)."""
    base = who.character.attribute("dexterity") + (dash_extra_yards() if who.dash else 0)
    return _overridden(who, "movement", base)


def base_dvs(who: Combatant) -> dict[str, int]:
    """Dodge DV and each Parry DV before manoeuvre penalties (000 §Apply Defences).

    The GM's conditions shift every DV (a penalty taken off with the others, at least 0).
    """
    shift = defence_modifier(who.conditions)
    return {name: value + shift for name, value in _sheet_dvs(who.character).items()}


# The DVs on a sheet depend on the character only, and every action refreshes every
# combatant touched, so they are kept by the character's identity (rules/kept.py).
_SHEET_DVS: KeptByIdentity[dict[str, int]] = KeptByIdentity(4096)


def _sheet_dvs(character: Character) -> dict[str, int]:
    return _SHEET_DVS.get((character,), (), lambda: _worked_out_dvs(character))


def _worked_out_dvs(character: Character) -> dict[str, int]:
    dvs = {"dodge": _value(sheet.dodge_dv(character))}
    parries: Mapping[str, Any] = sheet.parry_dvs(character)
    for weapon, value in parries.items():
        dvs[f"parry:{weapon}"] = _value(value)
    return dvs


def dv_cap(who: Combatant, dv_name: str) -> int:
    """The DV cap of the DV named ``dodge`` or ``parry:<weapon>`` (000 §Die Caps).

    Dodge is built on Dexterity + Dodge, a Parry DV on Dexterity + the weapon's Ability.
    Kept by the character's identity (every attack asks for the defender's).
    """
    return _DV_CAPS.get((who.character,), (dv_name,), lambda: _dv_cap(who, dv_name))


_DV_CAPS: KeptByIdentity[int] = KeptByIdentity()


def _dv_cap(who: Combatant, dv_name: str) -> int:
    ability = "dodge"
    if dv_name.startswith("parry:"):
        wanted = dv_name.split(":", 1)[1].casefold()
        for weapon in sheet.ready_weapons(who.character):
            if weapon.name.casefold() == wanted:
                ability = weapon.ability
                break
    return _value(sheet.dv_cap(who.character, attribute="dexterity", ability=ability))


def standing_dvs(who: Combatant, *, wound_penalty_on_dv: bool = False) -> dict[str, int]:
    """Each DV before the flurry penalty, less the wound penalty under the ruling
    ``wound_penalty_on_dv`` (RULES.md §Dice), never below 0: the DV an attack meets."""
    wound = who.health.wound_penalty if wound_penalty_on_dv else 0
    return {name: max(0, value - wound) for name, value in base_dvs(who).items()}


def parries_needing_a_stunt(character: Character, damage_type: DamageType) -> frozenset[str]:
    """The Parry DVs (``parry:<weapon>``) of bashing natural weapons, which meet a lethal
    or aggravated attack only when the parry is stunted (000 §Weapons, tag N)."""
    if damage_type is DamageType.BASHING:
        return frozenset()
    return frozenset(f"parry:{weapon.name}" for weapon in sheet.ready_weapons(character)
                     if weapon.natural and weapon.damage_type is DamageType.BASHING)


def dvs_offered(who: Combatant, dvs: Mapping[str, int], damage_type: DamageType, *,
                stunted: bool = False) -> dict[str, int]:
    """The DVs of ``dvs`` the defender may pick against an attack of ``damage_type``: all
    of them when the parry is stunted, else none of a bashing natural weapon against a
    lethal or aggravated attack (000 §Weapons, tag N)."""
    if stunted:
        return dict(dvs)
    barred = parries_needing_a_stunt(who.character, damage_type)
    return {name: value for name, value in dvs.items() if name not in barred}


def current_dvs(who: Combatant, *, wound_penalty_on_dv: bool = False) -> dict[str, int]:
    """Each DV less the flurry DV penalty in force, at least 0 (000 §Apply DV Penalties).

    Under the ruling ``wound_penalty_on_dv`` the wound penalty comes off too (RULES.md §Dice).
    """
    penalty = who.dv_penalty + (who.health.wound_penalty if wound_penalty_on_dv else 0)
    return {name: max(0, value - penalty) for name, value in base_dvs(who).items()}


def refresh_on_action(who: Combatant) -> dict[str, object]:
    """Field changes when a character's action comes round (000 §DVs Refresh).

    Manoeuvre DV penalties, a Dash, a Block and the once-per-action Willpower surcharge
    end; a stunt reward waiting is granted (004 §Stunts), within the pools' sizes.
    """
    reward = who.stunt_reward
    room = mote_pool_size(who, "personal") - who.personal_motes
    personal = max(0, min(reward.motes, room))
    peripheral_room = mote_pool_size(who, "peripheral") - who.peripheral_motes
    peripheral = max(0, min(reward.motes - personal, peripheral_room))
    willpower = min(willpower_rating(who), who.willpower + reward.willpower)
    return {
        "dv_penalty": 0,
        "dash": False,
        "surcharge_paid": False,
        "blocking": None,
        "block_cover": 0,
        "stunt_reward": StuntReward(0),
        "personal_motes": who.personal_motes + personal,
        "peripheral_motes": who.peripheral_motes + peripheral,
        "willpower": max(who.willpower, willpower),
    }


def refresh(state: Combat) -> None:
    """Recompute the derived fields of the combatants an action touched (000 §Each tick).

    A combatant's derived fields follow from its own (frozen) record and a few numbers
    of the fight: the segment count and the ruling ``wound_penalty_on_dv`` (every field),
    the current tick (``laps_ahead``) and the hostiles it faces and sees (``surprise``).
    A record that is still the very object the last refresh left (``state.refreshed``)
    is looked at again only where those numbers changed, and so is a record replaced
    without a change to what its derived fields follow from (a stunt's reward, motes
    spent); every other record, or every record of a state never refreshed, is worked
    out whole. The result is the same as working out every combatant whole
    (tests/engine/rulesets/rewrite/test_refresh.py).
    """
    combatants = state.combatants
    known = state.refreshed
    if known is not None and (known.segment_count, known.wound_penalty_on_dv) != (
        state.segment_count, state.options.wound_penalty_on_dv
    ):
        known = None  # a ruling changed: everyone is worked out again
    records = known.records if known is not None else {}
    changed = [cid for cid, who in combatants.items() if records.get(cid) is not who]
    awareness: Mapping[str, tuple[int, int]]
    if known is None or _sides_moved(state, known, changed):
        awareness, moved = _awareness(state), True
    else:
        awareness, moved = known.awareness, known.tick != state.current_tick
    if known is not None and not (moved or changed):
        return  # nothing moved and no record replaced: the last refresh still stands
    for cid in combatants if moved else changed:
        who = combatants[cid]
        last = records.get(cid)
        if last is None or (last is not who and not _same_inputs(last, who)):
            fields = _derived_fields(state, who, *awareness[cid])
        else:
            assert known is not None
            fields = _moved_fields(state, who, known, awareness[cid])
        if any(getattr(who, name) != value for name, value in fields.items()):
            combatants[cid] = who.replace(**fields)
    state.refreshed = Refreshed(
        dict(combatants), state.current_tick, state.segment_count,
        state.options.wound_penalty_on_dv, awareness, dict(state.unaware),
    )


def _sides_moved(state: Combat, known: Refreshed, changed: list[str]) -> bool:
    """Whether anyone's hostiles (seen or in all) may differ from the last refresh: a
    fighter came, went or changed side, or someone's awareness of another changed."""
    records, combatants = known.records, state.combatants
    return (len(records) != len(combatants) or state.unaware != known.unaware
            or any(cid not in records or records[cid].side != combatants[cid].side
                   for cid in changed))


def _same_inputs(last: Combatant, who: Combatant) -> bool:
    """Whether ``who``, a replacement of the refreshed ``last``, has the same derived
    fields (kept from ``last`` by ``replace``) and the same fields they follow from."""
    return (who.character is last.character and who.health is last.health
            and who.conditions == last.conditions and who.dv_penalty == last.dv_penalty
            and who.next_tick == last.next_tick and who.alarmed == last.alarmed
            and who.dvs is last.dvs and who.segment == last.segment
            and who.laps_ahead == last.laps_ahead and who.surprise == last.surprise
            and who.wound_penalty == last.wound_penalty)


def _awareness(state: Combat) -> dict[str, tuple[int, int]]:
    """Each combatant's (hostiles it is aware of, hostiles in all)."""
    combatants = state.combatants
    sides: dict[str, int] = {}
    for who in combatants.values():
        sides[who.side] = sides.get(who.side, 0) + 1
    unseen: dict[str, int] = {}
    for observer, hidden in state.unaware:
        if combatants[observer].side != combatants[hidden].side:
            unseen[observer] = unseen.get(observer, 0) + 1
    found = {}
    for cid, who in combatants.items():
        hostiles = len(combatants) - sides[who.side]
        found[cid] = (hostiles - unseen.get(cid, 0), hostiles)
    return found


def _moved_fields(
    state: Combat, who: Combatant, known: Refreshed, awareness: tuple[int, int]
) -> dict[str, object]:
    """The derived fields of an untouched record that the fight around it moved."""
    fields: dict[str, object] = {}
    tick = who.next_tick
    if state.current_tick != known.tick and tick is not None:
        fields["laps_ahead"] = wheel.laps_ahead(tick, state.current_tick, state.segment_count)
    if known.awareness.get(who.id) != awareness:
        fields["surprise"] = setup.surprise_state(*awareness, alarmed=who.alarmed)
    return fields


def _derived_fields(state: Combat, who: Combatant, aware: int, hostiles: int) -> dict[str, object]:
    tick = who.next_tick
    count = state.segment_count
    return {
        "segment": None if tick is None else wheel.segment_of(tick, count),
        "laps_ahead": 0 if tick is None else wheel.laps_ahead(tick, state.current_tick, count),
        "surprise": setup.surprise_state(aware, hostiles, alarmed=who.alarmed),
        "dvs": current_dvs(who, wound_penalty_on_dv=state.options.wound_penalty_on_dv),
        "wound_penalty": who.health.wound_penalty,
    }
