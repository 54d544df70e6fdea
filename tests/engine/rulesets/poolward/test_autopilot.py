"""The Pool & Ward autopilot plays by the situation: delaying behind a blade, readying."""

from __future__ import annotations

import random

from battlewheel.engine.rulesets.poolward.actions import DelayTurn, SetOrder
from battlewheel.engine.rulesets.poolward.block import MELEE, AttackProfile, StatBlock
from battlewheel.engine.rulesets.poolward.demo import cutthroat
from battlewheel.engine.rulesets.poolward.demo import demo_fight as poolward_demo
from tests.engine.forecast_fights import autopilot_until, fight


def test_poolward_archer_delays_behind_a_blade() -> None:
    """An archer first in the order waits until just after a cutthroat, whose melee blow
    wears Edward's Dodge down; an aggressive archer shoots at once."""
    session = poolward_demo()
    session.apply(SetOrder(("archer", "cutthroat1", "cutthroat2", "edward")))
    rng = random.Random(1)
    delay = autopilot_until(session, DelayTurn, rng)
    assert (delay.combatant, delay.position) == ("archer", 1)
    aggressive = session.ruleset.autopilot(session.state, rng, {"enemy": "aggressive"})
    assert type(aggressive).__name__ == "Attack"


def _knight() -> StatBlock:
    """Heavy armour and one point of Dodge, and nothing to strike with (so the fight waits
    on his foes): a plain club rolls no dice against him until a blade has worn the Dodge
    away."""
    return StatBlock(name="Knight", stats={"strength": 3, "dexterity": 2, "constitution": 4},
                     armour=6, dodge=1)


def _clubman() -> StatBlock:
    """1 + Strength 3 + skill 3 = 7 dice: none left against the knight's defence of 7."""
    return StatBlock(name="Clubman", stats={"strength": 3, "dexterity": 2, "constitution": 3},
                     skills={"Melee Weapons": 3},
                     attacks=(AttackProfile("Club", MELEE, 1, stat="strength"),))


def test_poolward_fighter_with_no_dice_readies_and_acts_when_the_guard_drops() -> None:
    """A clubman who would roll no dice readies an action; when the cutthroat's blow takes
    the knight's Dodge, the clubman's readied action fires and he strikes."""
    session = fight("pool-and-ward", [("knight", _knight(), "ally"),
                                      ("clubman", _clubman(), "enemy"),
                                      ("cutthroat", cutthroat(1), "enemy")])
    session.apply(SetOrder(("clubman", "knight", "cutthroat")))
    rng, kinds = random.Random(5), []
    for _ in range(8):
        action = session.ruleset.autopilot(session.state, rng, {})
        assert action is not None
        kinds.append((type(action).__name__, getattr(action, "combatant", None)
                      or getattr(action, "attacker", None)))
        session.apply(action)
    ready = kinds.index(("ReadyAction", "clubman"))
    struck = kinds.index(("Attack", "cutthroat"))
    fired = kinds.index(("TriggerReadied", "clubman"))
    assert ready < struck < fired
    assert kinds[fired + 1] == ("Attack", "clubman")
