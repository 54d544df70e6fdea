"""After one step the Pool & Ward ring draws again only the gauges of the records the step
replaced; the others are the ones drawn last time, and the ring is what drawing it
afresh gives."""

from __future__ import annotations

import pytest

from battlewheel.engine.rulesets.poolward import wheel
from battlewheel.engine.rulesets.poolward.actions import SetTrack
from battlewheel.engine.rulesets.poolward.wheel import gauges
from tests.engine.counting import calls_of

from .helpers import fight, person

PEOPLE = tuple((f"f{n}", person(f"Fighter {n}"), "ally" if n % 2 else "enemy")
               for n in range(8))


def test_a_step_draws_again_only_the_gauges_of_the_records_it_replaced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Eight fighters, the GM sets one's Health: the bars are worked out for the replaced
    record alone, and every counter equals the one worked out from nothing kept."""
    session = fight(*PEOPLE)
    wheel.turn_track(session.state)
    before = dict(session.state.fighters)
    session.apply(SetTrack("f3", "health", 1))
    after = session.state.fighters
    replaced = [cid for cid in after if after[cid] is not before[cid]]
    bars = calls_of(monkeypatch, gauges, "bars")
    track = wheel.turn_track(session.state)
    assert replaced == ["f3"]
    assert len(bars) == 1
    monkeypatch.undo()
    wheel._looks.found.clear()
    assert track == wheel.turn_track(session.state)
