"""The 3e autopilot plays by the situation: a battle group strikes whenever it can."""

from __future__ import annotations

from typing import Any

from battlewheel.engine.core import forecast as fc
from battlewheel.engine.core.dice import DiceEntry
from tests.conformance import demo_session


def _group_could_strike(state: Any) -> bool:
    """It is a battle group's turn, it has not acted, and a withering attack is allowed on
    a foe still standing (a fallen one, still at close range in the demo, is no target)."""
    from battlewheel.engine.core.errors import RulesError
    from battlewheel.engine.rulesets.ex3 import actions as ex3_actions
    from battlewheel.engine.rulesets.ex3.handlers import attack as ex3_attack

    actor = state.actor
    if actor is None or state.turn is None or state.turn.simple:
        return False
    group = state.combatants[actor]
    if not group.is_group:
        return False
    for foe in state.combatants.values():
        if foe.out:
            continue
        for weapon in group.block.all_weapons:
            attack = ex3_actions.Attack(group.id, foe.id, ex3_actions.WITHERING, weapon.name,
                                        DiceEntry.of_successes(0))
            try:
                ex3_attack.plan_attack(state, attack)
            except RulesError:
                continue
            return True
    return False


def test_3e_battle_group_strikes_whenever_it_can() -> None:
    """A battle group makes only withering attacks (003 §Battle Groups): with a foe in
    Crash before it, it strikes that foe's health instead of passing its turn (it tried a
    decisive attack, which groups may not make, and then did nothing)."""
    session, turns = demo_session("3e"), 0
    for seed in range(6):
        rng, state = fc.playout_random(seed, 0), session.state
        while not session.ruleset.outcome(state).over:
            chosen = fc.first_legal(session.ruleset, state,
                                    session.ruleset.autopilot_candidates(state, rng, {}))
            assert chosen is not None
            if _group_could_strike(state):
                turns += 1
                assert type(chosen[0]).__name__ == "Attack", f"the group passed: {chosen[0]}"
            state = chosen[1]
    assert turns >= 6
