"""The ruleset options: every place the 2e Rewrite text leaves open, as a named field.

Each field is one **(option)** of RULES.md §The 2e Rewrite, with the default given
there. The options are saved with each combat, so replaying a log uses the same rulings.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from battlewheel.engine.errors import TraitValueError

LATE_JOIN_CAPS = ("from_active_tick", "from_next_segment")
FIRST_PENALTIES = ("manoeuvre_count", "manoeuvre_count_minus_one")
OX_BODY_POOLS = ("lethal_and_bashing", "lethal_only")


@dataclass(frozen=True)
class RulesetOptions:
    """The GM's choice for each ruling the text leaves open (RULES.md §The 2e Rewrite).

    - ``segment_count``: segments drawn on the wheel (the physical 2e wheel has 7).
    - ``late_join_cap``: a late Join Battle that fails lands at most 6 segments past
      the active tick (``"from_active_tick"``) or past the next segment
      (``"from_next_segment"``).
    - ``multiple_action_first_penalty``: the first dice action of a flurry with more
      than one takes the number of manoeuvres (``"manoeuvre_count"``) or one less.
    - ``damage_levels_divided_by_three``: divide weapon plus charm levels by three.
    - ``ox_body_resilience_pool``: Ox-Body resilience counts lethal and bashing already
      taken, or lethal only.
    """

    segment_count: int = 7
    late_join_cap: str = "from_active_tick"
    multiple_action_first_penalty: str = "manoeuvre_count"
    damage_levels_divided_by_three: bool = False
    ox_body_resilience_pool: str = "lethal_and_bashing"

    def __post_init__(self) -> None:
        _check_int(self.segment_count, "options.segment_count", 2, 60)
        _check_choice(self.late_join_cap, "options.late_join_cap", LATE_JOIN_CAPS)
        _check_choice(
            self.multiple_action_first_penalty,
            "options.multiple_action_first_penalty",
            FIRST_PENALTIES,
        )
        if not isinstance(self.damage_levels_divided_by_three, bool):
            raise TraitValueError("options.damage_levels_divided_by_three", "true or false")
        _check_choice(
            self.ox_body_resilience_pool, "options.ox_body_resilience_pool", OX_BODY_POOLS
        )

    def to_json(self) -> dict[str, Any]:
        """Every option by name, defaults included, so a saved combat never changes meaning."""
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, obj: object) -> RulesetOptions:
        """Read options, filling any missing one with its default; unknown names are refused."""
        if obj is None:
            return cls()
        if not isinstance(obj, dict):
            raise TraitValueError("options", "an object of option names")
        known = {field.name for field in dataclasses.fields(cls)}
        unknown = sorted(set(obj) - known)
        if unknown:
            raise TraitValueError(f"options.{unknown[0]}", "one of " + ", ".join(sorted(known)))
        return cls(**obj)


def _check_int(value: object, field: str, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise TraitValueError(field, f"a whole number {low}-{high}", value)


def _check_choice(value: object, field: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise TraitValueError(field, "one of " + ", ".join(choices), value)
