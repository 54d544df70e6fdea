"""The attack rules' inputs read off a character sheet (000 §Attack Resolution).

``attacker_for`` gives the attack-roll traits of a character with a weapon, and
``target_for`` their static defences against a damage type, with the GM's overrides.
"""

from __future__ import annotations

from battlewheel.engine.rulesets.rewrite.block import Character
from battlewheel.engine.rulesets.rewrite.rules import derived
from battlewheel.engine.rulesets.rewrite.rules.attack import Attacker, Target
from battlewheel.engine.rulesets.rewrite.rules.equipment import DamageType, Weapon
from battlewheel.engine.rulesets.rewrite.rules.kept import KeptByIdentity
from battlewheel.engine.rulesets.rewrite.rules.traits import CharacterKind


def attacker_for(
    character: Character,
    weapon: Weapon,
    *,
    wound_penalty: int = 0,
    specialty: str | None = None,
    essence_floor: str = "floor",
    condition_dice: int = 0,
) -> Attacker:
    """The attack-roll traits of ``character`` with ``weapon`` (000 §Attack Roll).

    A named specialty adds its dice; a non-Exalt with no dots in the weapon's Ability
    loses 2 dice (004 §Internal Penalties); 10s count double per ``gets_double_tens``.
    The GM's conditions add non-magical dice, or take them as an internal penalty.
    Kept by the character's and weapon's identity (every attack asks again).
    """
    return _ATTACKERS.get(
        (character, weapon), (wound_penalty, specialty, essence_floor, condition_dice),
        lambda: _attacker(character, weapon, wound_penalty, specialty, essence_floor,
                          condition_dice))


_ATTACKERS: KeptByIdentity[Attacker] = KeptByIdentity()
_TARGETS: KeptByIdentity[Target] = KeptByIdentity()


def _attacker(character: Character, weapon: Weapon, wound_penalty: int, specialty: str | None,
              essence_floor: str, condition_dice: int) -> Attacker:
    return Attacker(
        dexterity=character.attribute("dexterity"),
        ability=character.ability(weapon.ability),
        strength=character.attribute("strength"),
        essence=character.essence,
        wound_penalty=wound_penalty,
        essence_floor=essence_floor,
        bonus_dice=derived.specialty_dice(character, weapon.ability, specialty)
        + max(condition_dice, 0),
        penalty_dice=derived.unskilled_penalty(character, weapon.ability)
        + max(-condition_dice, 0),
        double_tens=derived.gets_double_tens(character),
        kind=character.kind,
        die_cap=derived.die_cap(
            character, attribute="dexterity", ability=weapon.ability, specialty=specialty
        ).value,
    )


def target_for(character: Character, damage_type: DamageType, *, piercing: bool = False) -> Target:
    """The static defences of ``character`` against one damage type (000 §Apply Static Defences).

    Armour soak and hardness come from the sheet; a GM override of the soak replaces
    the computed soak, and one of hardness is used as the hardness. Kept by the
    character's identity (every attack asks again).
    """
    return _TARGETS.get((character,), (damage_type, piercing),
                        lambda: _target(character, damage_type, piercing))


def _target(character: Character, damage_type: DamageType, piercing: bool) -> Target:
    armour = character.armour
    soak = derived.soak(character, damage_type, piercing=piercing)
    return Target(
        stamina=character.stamina,
        armour_bashing=armour.soak_against(DamageType.BASHING) if armour else 0,
        armour_lethal=armour.soak_against(DamageType.LETHAL) if armour else 0,
        armour_aggravated=armour.soak_against(DamageType.AGGRAVATED) if armour else 0,
        hardness=derived.hardness(character, damage_type).value,
        soak_override=soak.value if soak.overridden else None,
        extra=character.kind is CharacterKind.EXTRA,
    )
