"""The demo's Impulse fight as a combat model for the dialog tests, and a ``shown`` fixture.

Demo (engine ``demo.py``): Harmonious Jade (Initiative 4, face 6: order 10, 4 Impulse),
Swift Reed (5, face 3: 8, 5 Impulse), the Bandit Chief (3, faces 7 and 2: 10 and 5,
3 Impulse) and the Bandit Archer (2, face 5: 7, 2 Impulse). Everyone at short, the
archer at medium from the heroes. Jade and the Chief tie at 10; Jade's player chose to
go first (the demo's last set-up step), so Jade acts first in round 1.
"""

from __future__ import annotations

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse import (
    AddCombatant,
    SetRange,
    StartCombat,
    demo_fight,
)
from battlewheel.engine.rulesets.impulse.demo import foes, heroes
from battlewheel.models.combat_model import CombatModel


def set_up_model() -> CombatModel:
    """The demo fight before Begin round 1 (orders rolled)."""
    return CombatModel(demo_fight())


def tied_model() -> CombatModel:
    """The demo fight before its tie is settled: Jade and the Chief both at 10."""
    session = demo_fight()
    session.undo()
    return CombatModel(session)


def started_model(*after: Action) -> CombatModel:
    """The demo fight in round 1, Jade acting, then ``after`` pushed."""
    model = set_up_model()
    for action in (StartCombat(), *after):
        assert model.push(action) is None, action
    return model


def in_melee(*foes_: str) -> tuple[Action, ...]:
    """GM edits putting Jade at melee with each of ``foes_``."""
    return tuple(SetRange("jade", foe, "melee") for foe in foes_)


def unrolled_model() -> CombatModel:
    """The demo's four fighters joined, nobody has rolled for the order."""
    session = CombatSession.new(ruleset="impulse")
    jade, reed = heroes()
    chief, archer = foes()
    for cid, block, side in (
        ("jade", jade, "ally"),
        ("reed", reed, "ally"),
        ("chief", chief, "enemy"),
        ("archer", archer, "enemy"),
    ):
        session.apply(AddCombatant(cid, block, side, band="short"))
    return CombatModel(session)
