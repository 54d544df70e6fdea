"""The charms the 2e Rewrite changes: caps, Excellencies, perfect defences (000 §Charms).

Costs are data in ``resources/rules/charms.json``. Each function checks what the
rules allow, raises ``IllegalAction`` naming the section when they do not, and
returns a ``CharmCost`` with the motes and Willpower to spend, so the combat core can
check the pools and spend them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from battlewheel.engine.core.dice import halve_static
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.package_data import resource
from battlewheel.engine.rulesets.rewrite.rules.traits import CharacterKind

CAPS_RULE = "000 §Die Caps"
EXCELLENCY_RULE = "000 §Excellencies"
PERFECT_RULE = "000 §Perfect Defences"
MAIDEN_RULE = "000 §Supernatural Martial Arts"


@cache
def charm_data() -> Mapping[str, Any]:
    """The charm table from ``resources/rules/charms.json``."""
    path = resource("rules", "charms.json")
    data: Mapping[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@dataclass(frozen=True)
class CharmCost:
    """What a charm use costs and counts (000 §Charms).

    ``cap_units`` is what it adds against the die cap or DV cap; ``over_cap_units`` the
    part bought past the DV cap at double cost.
    """

    charm: str
    motes: int
    willpower: int = 0
    cap_units: int = 0
    over_cap_units: int = 0


# --- caps ------------------------------------------------------------------------------


def cap_units(dice: int, successes: int, *, kind: CharacterKind) -> int:
    """Dice against the die cap: a success is 2 dice, 1 for Sidereals (000 §Die Caps)."""
    caps = charm_data()["caps"]
    per_success = caps[
        "automatic_success_dice_sidereal"
        if kind is CharacterKind.SIDEREAL
        else "automatic_success_dice"
    ]
    return dice + successes * per_success


def check_die_cap(cap: int, *, dice: int = 0, successes: int = 0, kind: CharacterKind) -> int:
    """Refuse charm dice and successes past the die cap; return the units used (000 §Die Caps)."""
    used = cap_units(dice, successes, kind=kind)
    if used > cap:
        raise IllegalAction(
            CAPS_RULE,
            f"charms add {dice} dice and {successes} successes, {used} dice against the cap; "
            f"the die cap is {cap}",
        )
    return used


def check_dv_cap(cap: int, points: int) -> None:
    """Refuse charm DV points past the DV cap, unless bought as an overrun (000 §Die Caps)."""
    if points > cap:
        raise IllegalAction(CAPS_RULE, f"charms add {points} points of DV; the DV cap is {cap}")


def dv_overrun_limit(cap: int) -> int:
    """How far an Excellency may push past the DV cap: the cap ÷ 2, down (000 §Excellencies)."""
    return cap // charm_data()["caps"]["dv_overrun_fraction"]


# --- Excellencies ----------------------------------------------------------------------


def _check_cap(units: int, cap: int, used: int, *, on_dv: bool) -> int:
    """Refuse units past the cap (a pool) or past the overrun limit (a DV); return units past it."""
    past = max(0, used + units - cap)
    if past and not on_dv:
        room = max(0, cap - used)
        raise IllegalAction(CAPS_RULE, f"{units} dice against the die cap; {room} left of {cap}")
    limit = dv_overrun_limit(cap)
    if past > limit:
        raise IllegalAction(
            EXCELLENCY_RULE, f"{past} points past the DV cap of {cap}; at most {limit} may be"
        )
    return past


def first_excellency(
    dice: int, *, kind: CharacterKind, cap: int, cap_used: int = 0, on_dv: bool = False
) -> CharmCost:
    """First Excellency: 1 m a die, Dragon-Blooded 1 m per 2 dice (000 §Excellencies).

    Each die counts one against the cap. On a DV the dice are rolled and each success
    adds 2 points; up to cap ÷ 2 dice may go past the DV cap at double the full cost.
    """
    spec = charm_data()["excellencies"]["first"]
    _check_amount("dice", dice)
    units = dice * spec["cap_units_per_die"]
    over = min(units, _check_cap(units, cap, cap_used, on_dv=on_dv))
    within = units - over
    if kind is CharacterKind.DRAGON_BLOODED:
        per = spec["dice_per_mote_dragon_blooded"]
        motes = -(-within // per)
    else:
        motes = within * spec["motes_per_die"]
    motes += over * spec["motes_per_die"] * _overrun_multiplier()
    return CharmCost(spec["name"], motes, 0, within + over, over)


def second_excellency(
    successes: int, *, kind: CharacterKind, cap: int, cap_used: int = 0, on_dv: bool = False
) -> CharmCost:
    """Second Excellency: 2 m a success, each 2 dice against the cap (000 §Excellencies).

    On a DV each success adds 2 points; past the DV cap (up to cap ÷ 2) a success costs
    double. A success that would straddle the cap counts as past it (whole levels only).
    """
    spec = charm_data()["excellencies"]["second"]
    _check_amount("successes", successes)
    per_unit = spec["cap_units_per_success"]
    past = _check_cap(successes * per_unit, cap, cap_used, on_dv=on_dv)
    within = min(successes, max(0, cap - cap_used) // per_unit)
    over = successes - within
    motes = spec["motes_per_success"] * (within + over * _overrun_multiplier())
    return CharmCost(spec["name"], motes, 0, successes * per_unit, min(past, successes * per_unit))


def third_excellency(
    trait: int, *, kind: CharacterKind, cap: int, cap_used: int = 0, on_dv: bool = False
) -> CharmCost:
    """Third Excellency: 4 m, Dragon-Blooded 3 m (000 §Excellencies).

    It counts the Ability (Lunars: the Attribute) against the cap.

    On a pool it buys a reroll, keeping the better. On a DV it may go past the DV cap
    if the cap is not already exceeded, at double the full cost.
    """
    spec = charm_data()["excellencies"]["third"]
    _check_amount("trait", trait)
    motes = spec["motes_dragon_blooded" if kind is CharacterKind.DRAGON_BLOODED else "motes"]
    if cap_used + trait <= cap:
        return CharmCost(spec["name"], motes, 0, trait, 0)
    if not on_dv:
        raise IllegalAction(
            CAPS_RULE,
            f"the Third Excellency counts {trait} dice; "
            f"{max(0, cap - cap_used)} left of the die cap {cap}",
        )
    if cap_used > cap:
        raise IllegalAction(EXCELLENCY_RULE, "the DV cap is already exceeded by other charms")
    over = cap_used + trait - cap
    return CharmCost(spec["name"], spec["motes"] * _overrun_multiplier(), 0, trait, over)


def third_excellency_trait(kind: CharacterKind, *, attribute: int, ability: int) -> int:
    """What the Third Excellency counts against the cap (000 §Excellencies).

    The Ability; for Lunars, whose caps are Attributes, the Attribute.
    """
    return attribute if kind is CharacterKind.LUNAR else ability


def first_excellency_dv_points() -> int:
    """DV points a First Excellency success adds on a DV: 2 (000 §Excellencies)."""
    points: int = charm_data()["excellencies"]["first"]["dv_points_per_success"]
    return points


def third_excellency_dv_bonus(trait: int, base_sum: int, *, round_up: bool) -> int:
    """DV from the Third Excellency: the trait thrice in the sum (000 §Excellencies)."""
    return halve_static(base_sum + 2 * trait, round_up=round_up) - halve_static(
        base_sum, round_up=round_up
    )


def fateful_excellency(
    *,
    kind: CharacterKind,
    target_reduction: int = 0,
    all_successes: bool = False,
    dv_without_halving: bool = False,
) -> CharmCost:
    """Fateful Excellency (Sidereals): 1 m per -1 target number (000 §Excellencies).

    Or 4 m + 1 wp to make every die a success, or to drop the halving of a DV.

    None of its uses counts against the caps.
    """
    spec = charm_data()["excellencies"]["fateful"]
    if kind.value.lower() not in spec["kinds"]:
        raise IllegalAction(EXCELLENCY_RULE, f"the Fateful Excellency is for Sidereals, not {kind}")
    chosen = sum((target_reduction > 0, all_successes, dv_without_halving))
    if chosen != 1:
        raise IllegalAction(EXCELLENCY_RULE, "the Fateful Excellency does one thing per use")
    if all_successes or dv_without_halving:
        variant = spec["all_successes" if all_successes else "dv_without_halving"]
        return CharmCost(spec["name"], variant["motes"], variant["willpower"])
    lowest = 7 - spec["lowest_target_number"]
    if target_reduction > lowest:
        raise IllegalAction(EXCELLENCY_RULE, f"the target number can drop by at most {lowest}")
    return CharmCost(spec["name"], target_reduction * spec["motes_per_target_number"])


def fateful_dv_bonus(base_sum: int, *, round_up: bool) -> int:
    """DV points the Fateful Excellency adds by dropping the halving of the sum (000 §Excellencies).

    ``base_sum`` is what the DV halves (e.g. Dexterity + Dodge); Essence and mobility
    terms outside the halving are unchanged.
    """
    return base_sum - halve_static(base_sum, round_up=round_up)


def _check_amount(name: str, value: int) -> None:
    if value < 1:
        raise IllegalAction(EXCELLENCY_RULE, f"{name} bought must be 1 or more, got {value}")


def _overrun_multiplier() -> int:
    multiplier: int = charm_data()["caps"]["overrun_cost_multiplier"]
    return multiplier


# --- perfect defences ------------------------------------------------------------------

PERFECT_DEFENCES = ("seven_shadows_evasion", "heavenly_guardian_defense")


def check_perfect_defence(name: str | None, adamant_skin: bool, *, unexpected: bool) -> None:
    """Refuse unknown or unexpected-attack perfect defences (000 §Perfect Defences)."""
    if name is not None and name not in PERFECT_DEFENCES:
        raise IllegalAction(
            PERFECT_RULE, f"unknown perfect defence {name!r}; known: {', '.join(PERFECT_DEFENCES)}"
        )
    if unexpected and (name is not None or adamant_skin):
        what = _defence_spec(name)["name"] if name else "Adamant Skin Technique"
        raise IllegalAction(PERFECT_RULE, f"{what} cannot answer an unexpected attack")


def _defence_spec(name: str) -> Mapping[str, Any]:
    spec: Mapping[str, Any] = charm_data()["perfect_defences"][name]
    return spec


def perfect_defence_name(name: str) -> str:
    """The perfect defence's name as the books print it (000 §Perfect Defences)."""
    return str(_defence_spec(name)["name"])


def perfect_defence_cost(
    name: str,
    *,
    dv_applicable: bool | None = None,
    inapplicable_dvs: Iterable[str] = (),
    unexpected: bool = False,
    surcharge_paid: bool = False,
) -> CharmCost:
    """Seven Shadows Evasion 6 m, Heavenly Guardian Defense 8 m, at step 2 (000 §Perfect Defences).

    Where the charm's own DV (dodge for Seven Shadows, parry for Heavenly Guardian) is
    inapplicable to the attack it costs 1 wp more, once per action (``surcharge_paid``
    when already paid). Pass ``dv_applicable``, or the attack's ``inapplicable_dvs``.
    """
    check_perfect_defence(name, False, unexpected=unexpected)
    spec = _defence_spec(name)
    if dv_applicable is None:
        dv_applicable = spec["dv_kind"] not in set(inapplicable_dvs)
    willpower = 0 if dv_applicable or surcharge_paid else spec["inapplicable_willpower"]
    return CharmCost(spec["name"], spec["motes"], willpower)


def adamant_skin_cost(
    *,
    unsoakable: bool = False,
    aggravated: bool = False,
    unexpected: bool = False,
    surcharge_paid: bool = False,
) -> CharmCost:
    """Adamant Skin Technique: 8 m at step 8, +1 wp vs unsoakable (000 §Perfect Defences).

    Aggravated damage counts as unsoakable (natural soak cannot touch it).

    Never against an unexpected attack; the surcharge is paid once per action.
    """
    check_perfect_defence(None, True, unexpected=unexpected)
    spec = _defence_spec("adamant_skin_technique")
    surcharge = (unsoakable or aggravated) and not surcharge_paid
    return CharmCost(spec["name"], spec["motes"], spec["unsoakable_willpower"] if surcharge else 0)


# --- Blade of the Battle Maiden -----------------------------------------------------


def check_attack_charms(
    *, ability: str, battle_maiden: bool, third_excellency: bool, fateful: bool
) -> None:
    """Blade of the Battle Maiden on Brawl attacks only (000 §Supernatural Martial Arts).

    It may not share an attack with the Third or Fateful Excellency."""
    if not battle_maiden:
        return
    spec = charm_data()["blade_of_the_battle_maiden"]
    if ability.lower() != spec["ability"]:
        raise IllegalAction(
            MAIDEN_RULE, f"{spec['name']} works only on Brawl attacks, not {ability}"
        )
    if third_excellency or fateful:
        which = "Third" if third_excellency else "Fateful"
        raise IllegalAction(
            MAIDEN_RULE, f"{spec['name']} cannot share an attack with the {which} Excellency"
        )
