"""One attack in nine steps (000 §Attack Resolution), as a pure function.

``resolve_attack`` takes what was declared at steps 1-2 (frozen values of plain
numbers) and the dice entries of the rolls, and returns an ``AttackOutcome`` that keeps
every intermediate number: the pool and its modifiers, the kept roll, each DV
modifier, raw damage, hardness and the soak split. Damage dice are not rolled here:
they are rolled once per flurry and target (see ``damage``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from battlewheel.engine.core.dice import DiceEntry, Roll, effective_pool, roll
from battlewheel.engine.core.errors import DiceEntryError, IllegalAction
from battlewheel.engine.rulesets.rewrite.rules.charms import (
    check_attack_charms,
    check_die_cap,
    check_perfect_defence,
    dv_overrun_limit,
    perfect_defence_name,
    third_excellency_trait,
)
from battlewheel.engine.rulesets.rewrite.rules.equipment import Weapon
from battlewheel.engine.rulesets.rewrite.rules.traits import CharacterKind

ROLL_RULE = "000 §Attack Roll"
DEFENCE_RULE = "000 §Apply Defences"
STATIC_RULE = "000 §Apply Static Defences"


@dataclass(frozen=True)
class Attacker:
    """The attacker's traits for one attack roll (000 §Attack Roll).

    ``bonus_dice`` are non-magical dice (specialty, equipment); ``penalty_dice`` other
    non-magical internal penalties (darkness, unskilled). Stunt dice are rolled apart
    and arrive as ``AttackDeclaration.stunt_successes``. ``die_cap`` (None: not
    checked) limits the charm dice and successes of the roll; ``kind`` decides how an
    automatic success counts against it (000 §Die Caps).
    """

    dexterity: int
    ability: int
    strength: int
    essence: int = 1
    wound_penalty: int = 0
    essence_floor: str = "floor"
    bonus_dice: int = 0
    penalty_dice: int = 0
    double_tens: bool = True
    kind: CharacterKind = CharacterKind.MORTAL
    die_cap: int | None = None

    def __post_init__(self) -> None:
        _check_not_negative(ROLL_RULE, self, "dexterity", "ability", "strength", "bonus_dice",
                            "penalty_dice")


@dataclass(frozen=True)
class AttackDeclaration:
    """Step 1: the attack as declared, with the attacker's charms (000 §Declaration of Attack).

    Charm fields: ``charm_dice`` (magical dice, e.g. 1st Excellency), ``charm_successes``
    (automatic successes, e.g. 2nd Excellency), ``reroll`` (3rd Excellency: roll again at
    step 4 and keep the better), ``target_number`` below 7 and ``all_dice_succeed``
    (Fateful Excellency), ``charm_levels`` / ``charm_damage_dice`` (step 7),
    ``post_soak_dice`` / ``post_soak_levels`` (step 8). ``inapplicable_dvs`` holds DV
    kinds (``"dodge"``, ``"parry"``) the attack makes inapplicable.
    """

    attacker: Attacker
    weapon: Weapon
    multiple_action_penalty: int = 0
    off_hand: bool = False
    stunt_successes: int = 0
    willpower: bool = False
    charm_dice: int = 0
    charm_penalty_dice: int = 0
    charm_successes: int = 0
    reroll: bool = False
    target_number: int = 7
    all_dice_succeed: bool = False
    battle_maiden: bool = False
    charm_levels: int = 0
    charm_damage_dice: int = 0
    post_soak_dice: int = 0
    post_soak_levels: int = 0
    external_penalty: int = 0
    inapplicable_dvs: frozenset[str] = frozenset()
    ignores_natural_soak: bool = False
    unexpected: bool = False


@dataclass(frozen=True)
class Target:
    """The defender's static defences against this attack (000 §Apply Static Defences).

    Armour soak per damage type; ``hardness`` against this attack's damage type;
    ``soak_override`` replaces the computed soak (a GM ruling). ``extra`` marks an
    extra, whose damage dice all become levels (000 §Extras).
    """

    stamina: int
    armour_bashing: int = 0
    armour_lethal: int = 0
    armour_aggravated: int = 0
    hardness: int = 0
    soak_override: int | None = None
    extra: bool = False

    def __post_init__(self) -> None:
        _check_not_negative(STATIC_RULE, self, "stamina", "armour_bashing", "armour_lethal",
                            "armour_aggravated", "hardness", "soak_override")

    def armour_soak(self, damage_type: str) -> int:
        """Armour's soak against ``damage_type``."""
        return {"B": self.armour_bashing, "L": self.armour_lethal, "A": self.armour_aggravated}[
            damage_type
        ]


@dataclass(frozen=True)
class DefenceDeclaration:
    """Step 2: the defender's choice and charms (000 §Declaration of Defence).

    ``dv`` is the chosen DV as it stands (``dv_kind`` is ``"dodge"`` or ``"parry"``);
    ``dv_penalty`` is the defender's current flurry DV penalty if not already in ``dv``.
    ``stunt_bonus`` is added straight to the DV (004 §Stunts); ``virtue_dice`` and
    ``charm_dice`` are rolled and their successes added (each worth
    ``charm_points_per_success``: 2 for First Excellency dice); ``charm_dv_bonus`` are
    points bought outright (2nd Excellency: 2 a success). ``onslaught`` counts earlier
    attacks of this flurry at this defender; ``surprise`` is the attacker's margin of
    surprise against the defender.
    ``dv_cap`` (None: not checked) limits charm dice plus points, allowing the
    Excellencies' overrun of half the cap (000 §Die Caps). ``cover`` is a Block's
    cover bonus against a missile (000 §Block), kept even on an inapplicable DV.
    """

    dv_name: str
    dv: int
    dv_kind: str = "dodge"
    dv_penalty: int = 0
    stunt_bonus: int = 0
    virtue_dice: int = 0
    charm_dice: int = 0
    charm_dv_bonus: int = 0
    onslaught: int = 0
    surprise: int = 0
    perfect_defence: str | None = None
    adamant_skin: bool = False
    dv_cap: int | None = None
    charm_points_per_success: int = 1
    cover: int = 0


@dataclass(frozen=True)
class AttackDice:
    """The dice of one attack: the attack roll, the 3rd Excellency reroll, defensive dice."""

    attack: DiceEntry | None = None
    reroll: DiceEntry | None = None
    virtue: DiceEntry | None = None
    charm_defence: DiceEntry | None = None


@dataclass(frozen=True)
class RollStep:
    """Steps 3-4 and 5.1: the attack roll, every number that shaped it (000 §Attack Roll).

    ``first`` is the roll (None when the Fateful Excellency made every die a success);
    ``reroll`` the 3rd Excellency's second roll, kept when better.
    """

    base_pool: int
    dice: int
    modifiers: Mapping[str, int]
    target_number: int
    first: Roll | None
    reroll: Roll | None
    kept_reroll: bool
    rolled_successes: int
    botch: bool
    automatic_successes: Mapping[str, int]
    external_penalty: int
    total_successes: int
    automatic_failure: bool


@dataclass(frozen=True)
class DefenceStep:
    """Step 5: the DV from the chosen value to the final one (000 §Apply Defences)."""

    dv_name: str
    dv_kind: str
    base_dv: int
    dv_penalty: int
    stunt_bonus: int
    virtue_successes: int
    ordinary_dv: int
    inapplicable: bool
    charm_successes: int
    charm_points: int
    charm_dv_bonus: int
    onslaught: int
    surprise: int
    final_dv: int
    cover: int = 0


@dataclass(frozen=True)
class DamageStep:
    """Steps 7-8: raw damage, hardness and soak (000 §Apply Static Defences)."""

    excess: int
    strength_dice: int
    charm_damage_dice: int
    raw_dice: int
    weapon_damage: int
    charm_levels: int
    raw_levels: int
    hardness: int
    beats_hardness: bool
    natural_soak: int
    armour_soak: int
    armour_counted: int
    soak: int
    soak_off_levels: int
    soak_off_dice: int
    post_soak_dice: int
    post_soak_levels: int
    dice: int
    levels: int


@dataclass(frozen=True)
class AttackOutcome:
    """What one attack did, step by step (000 §Attack Resolution)."""

    weapon: str
    damage_type: str
    overwhelming: int
    roll: RollStep | None
    defence: DefenceStep | None
    excess: int
    hit: bool
    damage: DamageStep | None
    failed: bool
    failure: str | None
    counterattack: bool = False
    notes: tuple[str, ...] = field(default=())

    @property
    def dice(self) -> int:
        """Post-soak damage dice (0 when Failed)."""
        return 0 if self.failed or self.damage is None else self.damage.dice

    @property
    def levels(self) -> int:
        """Post-soak automatic levels (0 when Failed)."""
        return 0 if self.failed or self.damage is None else self.damage.levels

    def to_json(self) -> dict[str, Any]:
        """Every step's numbers as plain JSON values (for the log and the dialog)."""
        return _jsonable(self)


def _jsonable(value: Any) -> Any:
    if hasattr(value, "__dataclass_fields__"):
        return {name: _jsonable(getattr(value, name)) for name in value.__dataclass_fields__}
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, tuple | list | frozenset | set):
        return [_jsonable(v) for v in value]
    return value


def _check_not_negative(where: str, record: object, *names: str) -> None:
    """Refuse a negative value in any of ``record``'s fields ``names`` (unset: none)."""
    for name in names:
        value = getattr(record, name)
        if value is not None and value < 0:
            raise IllegalAction(where, f"{name} must be 0 or more, got {value}")


# --- Step 3-4: the attack roll ---------------------------------------------------------


def attack_pool(declaration: AttackDeclaration) -> tuple[int, int, dict[str, int]]:
    """Dice of the attack roll: Dexterity + Ability, order of modifiers (000 §Attack Roll).

    Returns (base pool, dice rolled, modifiers). The off hand costs one internal die;
    the multiple-action and wound penalties go through 004's Essence floor as W.
    """
    attacker = declaration.attacker
    base = attacker.dexterity + attacker.ability
    off_hand = 1 if declaration.off_hand else 0
    modifiers = {
        "bonus dice": attacker.bonus_dice,
        "internal penalty": attacker.penalty_dice + off_hand,
        "wound penalty": attacker.wound_penalty,
        "multiple-action penalty": declaration.multiple_action_penalty,
        "charm dice": declaration.charm_dice,
        "magical penalty": declaration.charm_penalty_dice,
    }
    dice = effective_pool(
        base,
        essence=attacker.essence,
        bonus_dice=attacker.bonus_dice,
        penalty_dice=attacker.penalty_dice + off_hand,
        wound_penalty=attacker.wound_penalty,
        multiple_action_penalty=declaration.multiple_action_penalty,
        magical_bonus_dice=declaration.charm_dice,
        magical_penalty_dice=declaration.charm_penalty_dice,
        essence_floor=attacker.essence_floor,
    )
    return base, dice, {name: value for name, value in modifiers.items() if value}


def automatic_successes(declaration: AttackDeclaration) -> dict[str, int]:
    """Automatic successes of the attack: Accuracy, stunt, Willpower, charms (000 §Attack Roll)."""
    found = {
        "accuracy": declaration.weapon.accuracy,
        "stunt": declaration.stunt_successes,
        "willpower": 1 if declaration.willpower else 0,
        "charms": declaration.charm_successes,
    }
    return {name: value for name, value in found.items() if value}


def roll_entry(
    dice: int, entry: DiceEntry | None, *, target: int = 7, double_tens: bool = True
) -> Roll:
    """Read a roll of ``dice`` dice from a typed or seeded entry (004 §Pools and Dice).

    A pool of 0 or less needs no entry; a real pool without one is refused.
    """
    if entry is None:
        if dice > 0:
            raise DiceEntryError(f"a roll of {dice} dice needs its faces or its successes")
        return _nothing_rolled(target, double_tens)
    return roll(dice, entry, target=target, double_tens=double_tens)


@lru_cache(maxsize=64)
def _nothing_rolled(target: int, double_tens: bool) -> Roll:
    """A roll of no dice with nothing entered (no reroll, virtue or charm dice): made
    once, since most attacks have three of them."""
    return roll(0, DiceEntry.of_successes(0), target=target, double_tens=double_tens)


def roll_attack(declaration: AttackDeclaration, dice: AttackDice) -> RollStep:
    """Steps 3, 4 and 5.1: roll, reroll, automatic successes, penalties (000 §Attack Roll)."""
    _check_roll_inputs(declaration)
    base, pool, modifiers = attack_pool(declaration)
    autos = automatic_successes(declaration)
    target, double = declaration.target_number, declaration.attacker.double_tens
    first: Roll | None = None
    second: Roll | None = None
    if declaration.all_dice_succeed:
        hits, botch = max(pool, 0), False
    else:
        first = roll_entry(pool, dice.attack, target=target, double_tens=double)
        hits, botch = first.rolled_successes, first.botch
    kept = False
    if declaration.reroll and first is not None and pool > 0:
        second = roll_entry(pool, dice.reroll, target=target, double_tens=double)
        if second.rolled_successes > hits:
            kept, hits, botch = True, second.rolled_successes, second.botch
    automatic_failure = pool <= 0 and not autos
    gross = 0 if automatic_failure else hits + sum(autos.values())
    total = max(0, gross - declaration.external_penalty)
    return RollStep(
        base,
        pool,
        modifiers,
        target,
        first,
        second,
        kept,
        hits,
        botch,
        autos,
        declaration.external_penalty,
        total,
        automatic_failure,
    )


def _check_roll_inputs(declaration: AttackDeclaration) -> None:
    d = declaration
    _check_not_negative(ROLL_RULE, d, "multiple_action_penalty", "stunt_successes", "charm_dice",
                        "charm_successes", "external_penalty")
    _check_not_negative(ROLL_RULE, d.attacker, "wound_penalty")
    if not 2 <= d.target_number <= 10:
        raise IllegalAction(ROLL_RULE, f"target number must be 2-10, got {d.target_number}")
    check_attack_charms(
        ability=d.weapon.ability,
        battle_maiden=d.battle_maiden,
        third_excellency=d.reroll,
        fateful=d.target_number < 7 or d.all_dice_succeed,
    )
    if d.attacker.die_cap is not None:
        trait = third_excellency_trait(
            d.attacker.kind, attribute=d.attacker.dexterity, ability=d.attacker.ability
        )
        third = trait if d.reroll else 0
        check_die_cap(
            d.attacker.die_cap,
            dice=d.charm_dice + third,
            successes=d.charm_successes,
            kind=d.attacker.kind,
        )


# --- Step 5: defence -------------------------------------------------------------------


def dv_kind(dv_name: str) -> str:
    """The kind of a DV named like ``"dodge"`` or ``"parry: Sword"``."""
    return dv_name.split(":", 1)[0].strip().lower()


def best_dv(dvs: Mapping[str, int], inapplicable: frozenset[str] = frozenset()) -> str:
    """Suggest the best DV; inapplicable ones count 0 (000 §Apply Defences)."""
    if not dvs:
        raise IllegalAction(DEFENCE_RULE, "the defender has no DV to choose")
    return max(dvs, key=lambda name: 0 if dv_kind(name) in inapplicable else dvs[name])


def apply_defence(
    declaration: AttackDeclaration, defence: DefenceDeclaration, dice: AttackDice
) -> DefenceStep:
    """Step 5: from the chosen DV to the final DV (000 §Apply Defences).

    Ordinary modifiers first (flurry DV penalty, stunt, virtue dice); an inapplicable DV
    is then set to 0; charm bonuses follow; onslaught and surprise come off last; the
    DV never goes below 0.
    """
    _check_not_negative(DEFENCE_RULE, defence, "dv", "onslaught", "surprise", "stunt_bonus",
                        "cover")
    _check_dv_cap(defence)
    virtue = roll_entry(defence.virtue_dice, dice.virtue).rolled_successes
    charm = roll_entry(defence.charm_dice, dice.charm_defence).rolled_successes
    points = charm * defence.charm_points_per_success
    ordinary = max(0, defence.dv - defence.dv_penalty + defence.stunt_bonus + virtue)
    inapplicable = defence.dv_kind in declaration.inapplicable_dvs
    # Cover shields the ward whichever DV it picks, so it survives an inapplicable DV.
    boosted = (0 if inapplicable else ordinary) + points + defence.charm_dv_bonus + defence.cover
    final = max(0, boosted - defence.onslaught - defence.surprise)
    return DefenceStep(
        defence.dv_name,
        defence.dv_kind,
        defence.dv,
        defence.dv_penalty,
        defence.stunt_bonus,
        virtue,
        ordinary,
        inapplicable,
        charm,
        points,
        defence.charm_dv_bonus,
        defence.onslaught,
        defence.surprise,
        final,
        defence.cover,
    )


def _check_dv_cap(defence: DefenceDeclaration) -> None:
    """Charm dice and points on a DV stay within the DV cap plus the Excellency overrun."""
    if defence.dv_cap is None:
        return
    units = defence.charm_dice + defence.charm_dv_bonus
    most = defence.dv_cap + dv_overrun_limit(defence.dv_cap)
    if units > most:
        raise IllegalAction(
            "000 §Die Caps",
            f"charms add {units} to the DV; the DV cap is {defence.dv_cap} "
            f"(at most {most} with an Excellency's overrun)",
        )


# --- Steps 7-8: damage -----------------------------------------------------------------


def raw_damage(
    declaration: AttackDeclaration, excess: int, *, divided_by_three: bool = False
) -> tuple[int, int, int]:
    """Step 7: (dice, levels, strength dice) of raw damage (000 §Calculate Raw Damage).

    Dice = excess + Strength (when the weapon adds it) + charm dice; levels = weapon
    Damage + charm levels, divided by three (down) under the
    ``damage_levels_divided_by_three`` option.
    """
    strength = declaration.attacker.strength if declaration.weapon.adds_strength else 0
    dice = excess + strength + declaration.charm_damage_dice
    levels = declaration.weapon.damage + declaration.charm_levels
    return dice, (levels // 3 if divided_by_three else levels), strength


def natural_soak(stamina: int, damage_type: str) -> int:
    """Natural soak: B Stamina, L Stamina ÷ 2 down, A 0 (000 §Apply Static Defences)."""
    return {"B": stamina, "L": stamina // 2, "A": 0}[damage_type]


def soak_parts(declaration: AttackDeclaration, target: Target) -> tuple[int, int, int, int]:
    """Natural, armour, armour counted, total soak (000 §Apply Static Defences).

    A Piercing weapon halves armour's part, rounded down as ``derived.soak`` does.
    """
    kind = declaration.weapon.damage_type
    natural = 0 if declaration.ignores_natural_soak else natural_soak(target.stamina, kind)
    armour = target.armour_soak(kind)
    counted = armour // 2 if declaration.weapon.piercing else armour
    total = target.soak_override if target.soak_override is not None else natural + counted
    return natural, armour, counted, total


def apply_static_defences(
    declaration: AttackDeclaration, target: Target, excess: int, *, divided_by_three: bool = False
) -> DamageStep:
    """Steps 7-8: raw damage, the hardness gate, then soak off levels first and dice after."""
    dice, levels, strength = raw_damage(declaration, excess, divided_by_three=divided_by_three)
    beats = dice + levels >= target.hardness
    natural, armour, counted, soak = soak_parts(declaration, target)
    off_levels = min(levels, soak)
    off_dice = min(dice, soak - off_levels)
    post_dice = dice - off_dice + declaration.post_soak_dice
    post_levels = levels - off_levels + declaration.post_soak_levels
    return DamageStep(
        excess,
        strength,
        declaration.charm_damage_dice,
        dice,
        declaration.weapon.damage,
        declaration.charm_levels,
        levels,
        target.hardness,
        beats,
        natural,
        armour,
        counted,
        soak,
        off_levels,
        off_dice,
        declaration.post_soak_dice,
        declaration.post_soak_levels,
        post_dice,
        post_levels,
    )


# --- The nine steps --------------------------------------------------------------------


def failed_outcome(
    weapon: Weapon,
    failure: str,
    *,
    counterattack: bool = False,
    notes: tuple[str, ...] = (),
) -> AttackOutcome:
    """An attack that has Failed before any roll: no excess, no damage (000 §Attack Resolution)."""
    return AttackOutcome(
        weapon.name,
        str(weapon.damage_type.value),
        weapon.overwhelming,
        roll=None,
        defence=None,
        excess=0,
        hit=False,
        damage=None,
        failed=True,
        failure=failure,
        counterattack=counterattack,
        notes=notes,
    )


def resolve_attack(
    declaration: AttackDeclaration,
    defence: DefenceDeclaration,
    target: Target,
    dice: AttackDice,
    *,
    divided_by_three: bool = False,
    counterattack: bool = False,
) -> AttackOutcome:
    """Resolve one attack through steps 1-8 (000 §Attack Resolution).

    A perfect defence declared at step 2 ends the attack before any roll; Adamant Skin
    at step 8 makes it count as not beating hardness. Refusals raise ``IllegalAction``.
    """
    check_perfect_defence(
        defence.perfect_defence, defence.adamant_skin, unexpected=declaration.unexpected
    )
    outcome = failed_outcome(declaration.weapon, "perfect defence", counterattack=counterattack)
    if defence.perfect_defence is not None:
        name = perfect_defence_name(defence.perfect_defence)
        return replace(outcome, notes=(f"{name} at step 2",))
    roll = roll_attack(declaration, dice)
    step5 = apply_defence(declaration, defence, dice)
    excess = roll.total_successes - step5.final_dv
    if excess <= 0:
        return replace(outcome, roll=roll, defence=step5, failure="missed")
    damage = apply_static_defences(declaration, target, excess, divided_by_three=divided_by_three)
    failure = _damage_failure(damage, defence)
    return replace(
        outcome,
        roll=roll,
        defence=step5,
        excess=excess,
        hit=True,
        damage=damage,
        failed=failure is not None,
        failure=failure,
    )


def _damage_failure(damage: DamageStep, defence: DefenceDeclaration) -> str | None:
    if not damage.beats_hardness:
        return "hardness"
    if defence.adamant_skin:
        return "adamant skin"
    return None


def resolve_counterattack(
    declaration: AttackDeclaration,
    defence: DefenceDeclaration,
    target: Target,
    dice: AttackDice,
    *,
    divided_by_three: bool = False,
) -> AttackOutcome:
    """A counterattack: steps 1-8 of a new attack, no step 9 (000 §Counterattacks)."""
    return resolve_attack(
        declaration, defence, target, dice, divided_by_three=divided_by_three, counterattack=True
    )
