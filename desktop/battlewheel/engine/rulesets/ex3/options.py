"""3e's rulings: every (option) of the engineering reading (rules/3e.md §4) with its default."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from battlewheel.engine.core.options import Options, option


@dataclass(frozen=True)
class Ex3Options(Options):
    """The GM's choice for each place seed 003 leaves open (rules/3e.md §4)."""

    section: ClassVar[str] = "rules/3e.md §4 Rulings"

    defence_choice: str = option(
        "best", label="Defence used",
        description="The target uses its best usable Defence, or declares Parry or Evasion.",
        choices=("best", "declared"))
    static_rounding: str = option(
        "004", label="Rounding of Parry and Evasion",
        description="Halves round up for Exalted and down for mortals (004), always up, "
        "or always down.",
        choices=("004", "up", "down"))
    jb_rating: str = option(
        "pool", label="Join Battle rating for ties",
        description="Same-tick order compares Wits + Awareness, or the Join Battle result rolled.",
        choices=("pool", "result"))
    late_join_bonus: bool = option(
        True, label="Late joiners get +3 successes",
        description="A combatant joining a fight under way adds the usual 3 successes.")
    self_crash_scope: str = option(
        "any", label="What counts as crashing yourself",
        description="Any Initiative you lose by your own action (decisive misses too), "
        "or only costs you pay.",
        choices=("any", "costs"))
    shift_also_breaks: bool = option(
        False, label="Shift also earns Break",
        description="A character who Shifts also gains the +5 Break bonus.")
    clash_tie: str = option(
        "both_miss", label="Tied clash",
        description="Both attacks miss as usual, or the two roll again.",
        choices=("both_miss", "reroll"))
    clash_loser_miss_penalty: bool = option(
        False, label="Clash loser pays for a decisive miss",
        description="A clash loser's decisive attack costs 2i (3i at 11+) like a miss.")
    bg_withering_gain: bool = option(
        True, label="Initiative from hitting battle groups",
        description="A withering hit on a battle group still gives the attacker X+1 Initiative.")
    bg_decisive_extra: str = option(
        "dice", label="Decisive extra damage to battle groups",
        description="Extra Magnitude damage is the damage dice ÷ 4, or the successes ÷ 4 "
        "(rounded down).",
        choices=("dice", "successes"))
    rout_drill_dice: bool = option(
        False, label="Drill adds dice to rout checks",
        description="The rout check adds the group's Drill Defence bonus as dice.")
    health_track: str = option(
        "3e", label="Health track",
        description="Past Incapacitated: 3e's track, where the next level kills, or 000's "
        "track with one Dying box per Stamina dot (\"custom\", from older fights, is 000's "
        "too). A stat block's own levels count under each.",
        choices=("3e", "standard", "custom"), before="standard")
    off_hand_penalty: bool = option(
        True, label="Off-hand penalty",
        description="Attacks with a weapon ready in the off hand take -1 die.")
    grapple_defender_pool: str = option(
        "strength_brawl", label="Grapple resistance pool",
        description="The target resists a grapple with Strength + Brawl or Martial Arts, "
        "or a pool the GM gives.",
        choices=("strength_brawl", "gm"))
    round_duration: str = option(
        "next_turn", label="Defend Other lasts",
        description="Until the defender's next turn, or to the end of the round.",
        choices=("next_turn", "round_end"))
    mount_speed_rolls: str = option(
        "movement_actions", label="Mount speed bonus",
        description="A mount's speed adds to Rush, Disengage and Withdraw rolls, or the GM "
        "adds it when it applies.",
        choices=("movement_actions", "gm"))
    range_model: str = option(
        "zones", label="Range model",
        description="Range follows from zones, or the GM keeps a band for each pair.",
        choices=("zones", "bands"))
    flurry_penalty_scope: str = option(
        "not_damage", label="Flurry penalty on damage rolls",
        description="The flurry's -3 (and an Order's bonus) hits attack and action rolls only, "
        "or damage rolls too.",
        choices=("not_damage", "damage_too"))
