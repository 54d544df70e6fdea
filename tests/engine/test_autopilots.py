"""Every system's autopilot plays otherwise under a stance (each system's own choices:
tests/engine/rulesets/*/test_autopilot.py)."""

from __future__ import annotations

import pytest

from battlewheel.engine.core import forecast as fc
from tests.conformance import case_of, cases_of, demo_session
from tests.engine.forecast_fights import SYSTEMS, forecast_of

# -- stances in every system -------------------------------------------------------------------


def _play(forecast: fc.Forecast) -> str:
    """What a forecast says of the play: each fighter's fate, the actions, the lengths."""
    return repr((forecast.fighters, forecast.mean_steps, forecast.lengths))


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("stance", ["cautious", "aggressive"])
def test_a_stance_changes_the_play_of_the_demo(system: str, stance: str) -> None:
    """In every system's demo fight, cautious and aggressive each make one side play
    otherwise than balanced: the same seeds give another forecast."""
    session = demo_session(system)
    balanced = _play(forecast_of(session, 30, {}))
    assert any(_play(forecast_of(session, 30, {side: stance})) != balanced
               for side in ("ally", "enemy"))


@pytest.mark.parametrize(("system", "side", "stance"),
                         cases_of("STANCES_THAT_MOVE_THE_ODDS", 2))
def test_a_stance_moves_the_odds(system: str, side: str, stance: str) -> None:
    """A side's stance changes who wins by more than three standard errors (each
    system's STANCES_THAT_MOVE_THE_ODDS)."""
    case_of(system, "STANCES_THAT_MOVE_THE_ODDS", side, stance)
    session = demo_session(system)
    runs = 80
    balanced = forecast_of(session, runs, {}).side("ally").share
    chosen = forecast_of(session, runs, {side: stance}).side("ally").share
    spread = (balanced * (1 - balanced) / runs + chosen * (1 - chosen) / runs) ** 0.5
    assert abs(chosen - balanced) > 3 * spread
