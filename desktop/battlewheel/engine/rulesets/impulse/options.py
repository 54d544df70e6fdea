"""The Impulse rulings: every (option) of our reading of seed 001, with its default.

Each field is one ruling of ``rules/impulse.md`` §4 (and the two (option) marks of §4's
GM-input lines that the engine can act on: the table modifiers). A combat keeps its
options with its log, so a replay uses the rulings the fight was played under.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from battlewheel.engine.core.options import Options, option

BEAT_RULES = ("above", "at_least")
AFTER_HIT = ("zero", "unchanged")
STARTING_IMPULSE = ("initiative", "order_value")
EXTRA_ACTIONS = ("own_roll", "gm_places")
STUNT_REWARDS = ("none", "004")
ROUND_DURATIONS = ("next_turn", "end_of_round")
CHANGE_TIMINGS = ("own_turn", "any_time")
FLURRY_STUNTS = ("one_target", "every_target")
RANGED_IN_MELEE = ("minus_successes", "plus_dv")
DISENGAGE_COST = ("paid", "refunded")
DEFEND_OTHER_DV = ("better", "defender")
ENDURANCE_OUT = ("at_zero", "below_zero")
SPEED_ROUNDING = ("down", "up")
TABLE_MODIFIERS = ("on_top", "included")


@dataclass(frozen=True)
class ImpulseOptions(Options):
    """The GM's choice for each place seed 001 leaves open (rules/impulse.md §4)."""

    section: ClassVar[str] = "rules/impulse.md §4 Rulings"

    beat_rule: str = option(
        "above",
        label="Beating a difficulty",
        description="A roll beats a difficulty with more successes (above), or as many (at least).",
        choices=BEAT_RULES,
    )
    impulse_after_hit: str = option(
        "zero",
        label="Impulse after a hit",
        description="A decisive hit pours all Impulse into the damage pool (zero), or leaves it.",
        choices=AFTER_HIT,
    )
    starting_impulse: str = option(
        "initiative",
        label="Starting Impulse",
        description="Combatants start with their Initiative score, or with their order value.",
        choices=STARTING_IMPULSE,
    )
    extra_npc_actions: str = option(
        "own_roll",
        label="Extra NPC actions",
        description="Each extra NPC action rolls its own 1d10 + Initiative, or the GM places it.",
        choices=EXTRA_ACTIONS,
    )
    impulse_floor: int = option(
        0,
        label="Impulse floor",
        description="The lowest Impulse an effect such as Intimidate can push a combatant to.",
        bounds=(-10, 0),
    )
    damage_tens: bool = option(
        True,
        label="10s count twice on damage",
        description="The rule of 10 applies to the damage roll too (off: every die of 7+ is one).",
    )
    stunt_reward: str = option(
        "none",
        label="Stunt reward",
        description="A stunt gives +2 dice only (none), or also the 004 reward of a 2-die stunt.",
        choices=STUNT_REWARDS,
    )
    round_duration: str = option(
        "next_turn",
        label="\u201cFor a round\u201d lasts",
        description="Effects for a round last to their source's next turn, or to the round's end.",
        choices=ROUND_DURATIONS,
    )
    change_init_timing: str = option(
        "own_turn",
        label="Change Initiative when",
        description="Change Initiative is a Free action on one's own turn, or allowed any time.",
        choices=CHANGE_TIMINGS,
    )
    flurry_stunt: str = option(
        "one_target",
        label="Flurry stunt effect",
        description="A stunted Flurry lands its effect on one chosen target, or on every target.",
        choices=FLURRY_STUNTS,
    )
    ranged_in_melee: str = option(
        "minus_successes",
        label="Ranged strike into melee",
        description="A ranged strike at a target in melee loses 2 successes, or faces +2 DV.",
        choices=RANGED_IN_MELEE,
    )
    ranged_long: bool = option(
        False,
        label="Ranged strikes at long range",
        description="Ranged Decisive Strikes may reach a target at long range (as written: no).",
    )
    disengage_cost_on_fail: str = option(
        "paid",
        label="Disengage cost when held",
        description="A Disengage's 2 Impulse are paid even if every foe keeps up, or refunded.",
        choices=DISENGAGE_COST,
    )
    defend_other_dv: str = option(
        "better",
        label="Defend Other DV",
        description="The protected ally uses the better of the two DVs, or always the defender's.",
        choices=DEFEND_OTHER_DV,
    )
    endurance_out: str = option(
        "at_zero",
        label="Out of the fight at",
        description="A combatant is out when Endurance reaches 0, or only when it drops below 0.",
        choices=ENDURANCE_OUT,
    )
    speed_rounding: str = option(
        "down",
        label="Battlemap Speed rounding",
        description="Battlemap Speed = 3 + (Dex + Athletics) / 2, the half rounded down or up.",
        choices=SPEED_ROUNDING,
    )
    table_modifiers: str = option(
        "on_top",
        label="Weapon and armour tables",
        description="Weapon and armour table modifiers go on top of typed values, or are in them.",
        choices=TABLE_MODIFIERS,
    )
    battlemap: bool = option(
        False,
        label="Battlemap (absolute positioning)",
        description="Show hex Speed and Dash and the hex span of each range band.",
    )
    endurance_carries: bool = option(
        False,
        label="Endurance carries between fights",
        description="A campaign ruling (rules/between-fights.md): off, each fight starts at "
        "full Endurance; on, what was lost carries until the GM restores it.",
    )
