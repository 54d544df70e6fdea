"""The demo's 3e fight for the dialog tests: started, then moved on with engine actions.

The demo starts at close quarters (Jade at close range of Lady Ashkeel, Ember of the
Ashen Guard, everyone in zone 0); these tests were written for a stand-off, so
``standoff`` steps the two foes back to zone 1 (medium range of the circle) first.
Join Battle from the demo's seed: Ashkeel 9, Lark 6, Jade, Ember and the Guard 4; Jade
acts before Ember on tick 4 (equal ratings, she joined first), the Guard last (Wits +
Awareness 4).
"""

from __future__ import annotations

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import demo_fight
from battlewheel.engine.rulesets.ex3.state import Combat
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget

FOES_STEP_BACK = (a.SetRange("ashkeel", zone=1), a.SetRange("guard", zone=1))


def standoff() -> CombatSession:
    """The demo fight with Lady Ashkeel and her Ashen Guard back in zone 1, not started."""
    session = demo_fight()
    for action in FOES_STEP_BACK:
        session.apply(action)
    return session


ASHKEEL_COMES_CLOSE = (a.Move("ashkeel", "zone", zone=0), a.NextTurn())


def started(*actions: Action) -> CombatModel:
    """The demo fight, started (Ashkeel acts on tick 9), then ``actions`` applied."""
    session = standoff()
    session.apply(a.StartCombat())
    for action in actions:
        session.apply(action)
    return CombatModel(session)


def turn_of(model: CombatModel, cid: str) -> None:
    """Pass turns until ``cid`` acts."""
    for _ in range(len(model.state.combatants) * 2):
        if model.state.actor == cid:
            return
        assert model.push(a.NextTurn()) is None
    raise AssertionError(f"{cid} never acts")


def state(model: CombatModel) -> Combat:
    """The model's 3e state, typed."""
    found: Combat = model.state
    return found


def initiative(model: CombatModel, cid: str) -> int | None:
    """One combatant's Initiative now."""
    return state(model).combatants[cid].initiative


def typed(row: DiceEntryWidget, text: str) -> None:
    """What the GM types into a roll's field."""
    row.set_typed(text)
