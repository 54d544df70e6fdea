"""Found by fuzzing (issue 35): a refused joining with no stat block is describable in every
system, and a gesture's absurd position is refused, never a TraitValueError from inside."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.actions import AddCombatant
from battlewheel.engine.core.session import CombatSession
from tests.conformance import SYSTEMS, piece


def fight(system: str) -> CombatSession:
    """The system's fight (its conformance file's), its fighters on the wheel."""
    session: CombatSession = piece(system, "fight")()
    piece(system, "on_the_wheel")(session)
    return session


ABSURD = (-10**18, 10**18, 10**15 - 1, -(10**15 - 1))


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_joining_with_no_stat_block_is_refused_and_described(system: str) -> None:
    """AddCombatant(character=None): refused, and its words name the id, in a fresh fight
    and in one under way."""
    for session in (CombatSession.new(ruleset=system), fight(system)):
        action = AddCombatant("stray", None, "enemy")
        assert session.refusal(action) is not None
        assert session.describe(action) == "stray joins the fight as an enemy."


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("position", ABSURD)
def test_an_absurd_position_is_refused_by_every_gesture(system: str, position: int) -> None:
    """A drop, a fire from the pocket, a box click and a pool change far off the chart."""
    session = fight(system)
    ruleset, state = session.ruleset, session.state
    for cid in list(ruleset.combatants(state))[:2]:
        for verdict in (ruleset.drop(state, cid, position),
                        ruleset.pocket_fire(state, cid, position)):
            assert not verdict.allowed and verdict.refusal
        asked = [ruleset.box_click(state, cid, track, position)
                 for track in ("health", "magnitude", "endurance", "vigor")]
        asked += [ruleset.pool_change(state, cid, pool, position)
                  for pool in ("willpower", "motes", "initiative", "impulse")]
        # Nothing to do, or an action the engine refuses when it is made.
        assert all(action is None or session.refusal(action) is not None for action in asked)
