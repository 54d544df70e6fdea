"""Pool & Ward's rulings: every (option) of rules/pool-and-ward.md §4 and §5, with its default.

Seed 002 never names its die, its turn order or how much Damage Reduction converts, and
its flat-footed definition contradicts the Edward example; each such place is one named
option here, saved with the combat so a replay keeps the rulings it was played under.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from battlewheel.engine.core.dice import MAX_SIDES
from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.options import Options, option

DICE_D10 = "d10"
DICE_004 = "004"
DICE_CUSTOM = "custom"
DICE_TYPED = "typed"
DICE_RULINGS = (DICE_D10, DICE_004, DICE_CUSTOM, DICE_TYPED)

ORDER_GM = "gm_list"
ORDER_EACH_ROUND = "roll_each_round"
ORDER_ONCE = "roll_once"
TURN_ORDERS = (ORDER_GM, ORDER_EACH_ROUND, ORDER_ONCE)

RESET_ROUND = "round_start"
RESET_OWN_TURN = "own_turn"
PERCENT_OF_BASE = "base_stat_skill"
PERCENT_OF_POOL = "final_pool"
LOSS_EVERY_ATTACK = "every_attack"
LOSS_HITS_ONLY = "hits_only"
ZERO_DODGE_FIRST = "first_attack"
ZERO_DODGE_NEVER = "never"
DR_UP_TO = "up_to_dr"
DR_ALL = "all_lethal"
MORTAL_BEFORE_WARD = "before_ward"
MORTAL_AFTER = "after_ward_and_dr"
LETHAL_AFTER_DR = "health_after_dr"
LETHAL_PAST_WARD = "past_ward"
NEGATIVE_EVERYONE = "everyone"
NEGATIVE_PCS_ONLY = "npcs_die_at_zero"
FULL_STANDARD_MOVE = "standard_and_move"
FULL_ALL_THREE = "all_three"
ARMOUR_ADD = "add"
ARMOUR_HIGHEST = "highest"
WARD_NEVER = "never"
WARD_PER_SCENE = "per_scene"
WARD_EACH_FIGHT = "each_fight"
WARD_CARRIED = "carried"


@dataclass(frozen=True)
class PoolWardOptions(Options):
    """The GM's choice for each ruling seed 002 leaves open (rules/pool-and-ward.md §4-§5)."""

    section: ClassVar[str] = "rules/pool-and-ward.md §4"

    dice: str = option(
        DICE_D10,
        label="Dice",
        description="d10s, 7+ is one success, no double 10s; or 004's d10s in full (double "
        "10s, botches); or a custom die and target; or the GM types successes only.",
        choices=DICE_RULINGS,
    )
    custom_sides: int = option(
        10,
        label="Custom die: sides",
        description="Sides of each die under the custom dice ruling: 2 to 100 (a d12, "
        "a d20, a d100).",
        bounds=(2, MAX_SIDES),
    )
    custom_target: int = option(
        7,
        label="Custom die: target",
        description="The face a die must show or beat to count one success (custom dice).",
        bounds=(1, MAX_SIDES),
    )
    turn_order: str = option(
        ORDER_GM,
        label="Turn order",
        description="A list the GM sets, kept each round; or a GM-chosen pool rolled each "
        "round, or once for the fight (ties as the GM places them).",
        choices=TURN_ORDERS,
    )
    flat_footed_drops_shield: bool = option(
        True,
        label="Flat-footed drops the shield",
        description="A flat-footed target loses its Shield and the shield's APR (the "
        "definition); off keeps them (the Edward example).",
    )
    dodge_reset: str = option(
        RESET_ROUND,
        label="Dodge losses reset",
        description="Dodge losses and Parry uses come back when the round starts over, or "
        "at the defender's own turn.",
        choices=(RESET_ROUND, RESET_OWN_TURN),
    )
    percent_base: str = option(
        PERCENT_OF_BASE,
        label="Percent modifiers count",
        description="A weapon style's percentage takes a share of base + stat + skill "
        "(rounded down), or of the whole pool before defence.",
        choices=(PERCENT_OF_BASE, PERCENT_OF_POOL),
    )
    dodge_loss_scope: str = option(
        LOSS_EVERY_ATTACK,
        label="Dodge losses from",
        description="Every melee physical attack taken costs 1 Dodge, hit or not, from any "
        "attacker; or only attacks that roll a success.",
        choices=(LOSS_EVERY_ATTACK, LOSS_HITS_ONLY),
    )
    zero_dodge_flat_footed: str = option(
        ZERO_DODGE_FIRST,
        label="Dodge-0 targets flat-footed",
        description="A target with no Dodge is flat-footed after its first melee attack of "
        "the round, or never by losses.",
        choices=(ZERO_DODGE_FIRST, ZERO_DODGE_NEVER),
    )
    dr_amount: str = option(
        DR_UP_TO,
        label="Damage Reduction converts",
        description="Up to DR points of each hit turn from lethal to non-lethal, or all of "
        "its lethal damage (while Vigor lasts either way).",
        choices=(DR_UP_TO, DR_ALL),
    )
    mortal_timing: str = option(
        MORTAL_BEFORE_WARD,
        label="Mortal damage doubles",
        description="Mortal damage doubles before Ward absorbs, or after Ward and DR.",
        choices=(MORTAL_BEFORE_WARD, MORTAL_AFTER),
    )
    lethal_trigger: str = option(
        LETHAL_AFTER_DR,
        label="Lethal-damage triggers need",
        description="Effects that need lethal damage fire when lethal reaches Health after "
        "DR, or on any damage past Ward.",
        choices=(LETHAL_AFTER_DR, LETHAL_PAST_WARD),
    )
    bleed_rate: int = option(
        0,
        label="Bleeding per round",
        description="Health a disabled, unstabilised fighter loses as each round starts "
        "(0: the GM marks bleeding by hand).",
        bounds=(0, 10),
    )
    negative_health_npcs: str = option(
        NEGATIVE_EVERYONE,
        label="Negative Health for",
        description="Everyone bleeds into negative Health; or NPCs die at 0 Health.",
        choices=(NEGATIVE_EVERYONE, NEGATIVE_PCS_ONLY),
    )
    full_action: str = option(
        FULL_STANDARD_MOVE,
        label="A Full action uses",
        description="The Standard and the Move action of the turn, or all three actions.",
        choices=(FULL_STANDARD_MOVE, FULL_ALL_THREE),
    )
    thrown_is_ranged: bool = option(
        True,
        label="Cover counts against thrown",
        description="Thrown attacks take cover penalties as ranged attacks do.",
    )
    cover_as_dice: bool = option(
        True,
        label="Cover removes dice",
        description="Cover takes dice off the pool before the roll; off takes successes "
        "after it.",
    )
    armour_stacking: str = option(
        ARMOUR_ADD,
        label="Worn and spell armour",
        description="Worn armour and an armour spell add up, or only the higher counts.",
        choices=(ARMOUR_ADD, ARMOUR_HIGHEST),
    )
    ward_refresh: str = option(
        WARD_NEVER,
        label="Ward refreshes",
        description="Ward comes back only when the GM resets it, or in full as each fight "
        "(scene) starts.",
        choices=(WARD_NEVER, WARD_PER_SCENE),
    )
    delay_keeps_place: bool = option(
        True,
        label="A delay keeps its place",
        description="A counter dragged later in the round keeps that place in later rounds; "
        "off puts it back when the round starts over.",
    )
    ward_restores: str = option(
        WARD_EACH_FIGHT,
        label="Ward between fights",
        description="A campaign ruling (rules/between-fights.md): Ward is whole again at the "
        "start of each fight, or what was spent carries to the next until the GM restores it.",
        choices=(WARD_EACH_FIGHT, WARD_CARRIED),
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.custom_target > self.custom_sides:
            raise TraitValueError(
                "options.custom_target", f"1-{self.custom_sides} (the custom die's sides)",
                self.custom_target,
            )
