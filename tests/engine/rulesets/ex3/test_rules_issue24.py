"""3e rules a GM met at the table (issue 24): Break after a decisive hit on a group, late
joiners, extra attacks on one tick, the Rule of 10 for battle groups, the off-hand penalty."""

from __future__ import annotations

import dataclasses

from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import demo
from battlewheel.engine.rulesets.ex3.wheel import slot_of

from .helpers import decisive, fight, fighter, group, init, state_of, typed


def _texts(session: object) -> list[str]:
    return [e.text for e in session.log[-1].events]  # type: ignore[attr-defined]


def test_a_decisive_hit_that_costs_a_group_size_resets_then_breaks() -> None:
    """003 §Resolution Steps 8: the attacker resets to base (3), then the Size lost earns
    its Break (+5): 10i ends at 8i, in the log, the state the sheet reads, and on the ring."""
    guard = dataclasses.replace(demo.guard(), group=dataclasses.replace(
        demo.guard().group, perfect_morale=True))  # type: ignore[arg-type]
    lark = fighter("Swift Lark")
    session = fight(("lark", lark, "ally", 7), ("guard", guard, "enemy", 0))
    assert init(session, "lark") == 10
    session.apply(decisive("lark", "guard", 9, 10))
    state = state_of(session)
    assert state.combatants["guard"].size == 1
    assert init(session, "lark") == 8
    texts = _texts(session)
    assert texts.index("Swift Lark gains 5i Break.") > texts.index(
        "Ashen Guard holds but drops to Size 1, Magnitude 11.")
    track = get_ruleset("3e").turn_track(state)
    counter = next(c for c in track.counters if c.id == "lark")
    assert counter.slot == slot_of(state, 8)
