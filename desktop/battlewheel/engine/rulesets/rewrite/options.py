"""The 2e Rewrite's rulings: every place seeds 000 and 004 leave open, as a named option.

Each field is one **(option)** of RULES.md §Dice and §The 2e Rewrite, with the default
given there. The options are saved with each combat, so replaying a log uses the same
rulings; the two rulings added after the first fights were played read as "what the
engine did then" from a log that predates them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from battlewheel.engine.core.options import Options, option

LATE_JOIN_CAPS = ("from_active_tick", "from_next_segment")
FIRST_PENALTIES = ("manoeuvre_count", "manoeuvre_count_minus_one")
OX_BODY_POOLS = ("lethal_and_bashing", "lethal_only")
ESSENCE_FLOORS = ("floor", "literal")


@dataclass(frozen=True)
class RewriteOptions(Options):
    """The GM's choice for each ruling the 2e Rewrite leaves open (RULES.md)."""

    section: ClassVar[str] = "RULES.md §The 2e Rewrite"

    segment_count: int = option(
        7,
        label="Segments on the wheel",
        description="The physical 2e wheel has seven sections; nothing is slower than Speed 6.",
        bounds=(2, 60),
    )
    late_join_cap: str = option(
        "from_active_tick",
        label="Late Join Battle cap",
        description="A failed late Join Battle lands at most 6 segments past the active tick, "
        "or past the next segment.",
        choices=LATE_JOIN_CAPS,
    )
    multiple_action_first_penalty: str = option(
        "manoeuvre_count",
        label="First multiple-action penalty",
        description="The first dice action of a flurry takes the number of manoeuvres, "
        "or one less.",
        choices=FIRST_PENALTIES,
    )
    damage_levels_divided_by_three: bool = option(
        False,
        label="Damage levels divided by three",
        description="Divide weapon plus charm levels by three before soak.",
    )
    ox_body_resilience_pool: str = option(
        "lethal_and_bashing",
        label="Ox-Body resilience counts",
        description="Ox-Body resilience counts lethal and bashing already taken, or lethal only.",
        choices=OX_BODY_POOLS,
    )
    essence_floor: str = option(
        "floor",
        label="Essence minimum",
        description="The Essence minimum only ever raises a pool (floor), or the pool takes "
        "its value even when lower (literal).",
        choices=ESSENCE_FLOORS,
        before="floor",
    )
    wound_penalty_on_dv: bool = option(
        True,
        label="Wound penalty on DVs",
        description="The current wound penalty lowers every DV (never below 0).",
        before=False,
    )
