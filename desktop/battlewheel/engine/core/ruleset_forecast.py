"""The encounter forecast's side of a ruleset (``Ruleset``'s part; ``engine/core/forecast.py``).

A system that declares ``FORECAST`` (``engine/core/system.py``) names its autopilot,
its ``autopilot.py`` (``candidates``, ``outcome``, ``end_values``), as the class's
``autopilot_module``, imported on first use (``ModuleOnFirstUse``): the first paint never
needs it. The forecast plays a fight through the methods here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.core.outcome import Outcome

if TYPE_CHECKING:
    from battlewheel.engine.core.actions import Action
    from battlewheel.engine.core.events import Event


class Autopilot(Protocol):
    """A ruleset's autopilot for the encounter forecast (its ``autopilot.py`` module)."""

    def candidates(self, state: Any, rng: random.Random,
                   tactics: Mapping[str, str]) -> Iterator[Action]: ...

    def outcome(self, state: Any) -> Outcome: ...

    def end_values(self, state: Any) -> dict[str, dict[str, float]]: ...


class Forecasting:
    """Playing a fight out by itself: the autopilot's moves, the end and what it left."""

    # What a forecast counts a fight's length in.
    forecast_unit: ClassVar[str] = "rounds"
    # How long a forecast's playout may run on (in ``forecast_unit``) before it counts
    # as a stalemate.
    forecast_limit: ClassVar[int] = 60
    # The system's autopilot (its ``autopilot.py``); None: it cannot be forecast (and
    # its declaration says so: no ``FORECAST``).
    autopilot_module: ClassVar[Autopilot | None] = None

    if TYPE_CHECKING:  # the rules' part (ruleset.py)

        def apply(self, state: Any, action: Action) -> list[Event]: ...

    def autopilot_candidates(self, state: Any, rng: random.Random,
                             tactics: Mapping[str, str]) -> Iterator[Action]:
        """The actions the autopilot would take now, best first, dice rolled from ``rng``;
        ``tactics`` maps a side to its stance."""
        if self.autopilot_module is None:
            return iter(())
        return self.autopilot_module.candidates(state, rng, tactics)

    def autopilot(self, state: Any, rng: random.Random,
                  tactics: Mapping[str, str]) -> Action | None:
        """The autopilot's action for whoever must act now: the first candidate the rules
        accept (None when there is none)."""
        for action in self.autopilot_candidates(state, rng, tactics):
            if self.refusal(state, action) is None:
                return action
        return None

    def refusal(self, state: Any, action: Action) -> RulesError | None:
        """Why ``action`` would be refused in ``state`` (tried on a copy), or None."""
        try:
            self.apply(state.clone(), action)
        except RulesError as error:
            return error
        return None

    def outcome(self, state: Any) -> Outcome:
        """Whether the fight is over and who won (a system without an autopilot: never)."""
        if self.autopilot_module is None:
            return Outcome(False, None, 0)
        return self.autopilot_module.outcome(state)

    def end_values(self, state: Any) -> dict[str, dict[str, float]]:
        """Each combatant's values worth averaging at a fight's end (Health lost, Initiative)."""
        if self.autopilot_module is None:
            return {}
        return self.autopilot_module.end_values(state)
