"""Issue 35: the demo's 3e fight starts where a GM would set it, the melee fighters already
engaged (it started with the circle at medium range of its foes, so every melee fighter
had to Move before striking)."""

from __future__ import annotations

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.handlers import attack as planning
from battlewheel.engine.rulesets.ex3.rules import defence as d
from battlewheel.engine.rulesets.ex3.state import Combat
from tests.conformance import demo_session


def _demo() -> Combat:
    state: Combat = demo_session("3e").state
    return state


def test_every_melee_fighter_starts_at_close_range_of_a_foe() -> None:
    state = _demo()
    melee = [who for who in state.combatants.values()
             if all(weapon.close for weapon in who.block.weapons)]
    assert len(melee) == 4  # Jade, Ember, Lady Ashkeel, the Ashen Guard
    for who in melee:
        assert d.foes_at_close(state, who.id), f"{who.name} must Move before striking"


def test_the_archer_shoots_without_aiming_and_nobody_needs_to_move() -> None:
    state = _demo()
    lark = state.combatants["lark"]
    for foe in state.foes("lark"):
        band = d.band(state, "lark", foe)
        assert r.within(band, lark.block.weapons[0]) and not r.needs_aim(band), (foe, band)


def test_the_first_to_act_strikes_at_once() -> None:
    """Started, Lady Ashkeel (Join Battle 9) attacks Jade without a Move first."""
    session = demo_session("3e")
    session.apply(a.StartCombat())
    assert session.state.actor == "ashkeel"
    attack = a.Attack("ashkeel", "jade", a.WITHERING, "Grimscythe", DiceEntry.of_successes(0))
    assert planning.plan_attack(session.state, attack).pool > 0  # not refused: in reach
