"""The demo's 3e fight for the dialog tests: started, then moved on with engine actions.

In the demo the circle stands in zone 0 and Lady Ashkeel with her Ashen Guard in zone 1
(medium range). Join Battle from the demo's seed: Ashkeel 9, Lark 6, Jade, Ember and
the Guard 4; Jade acts before Ember on tick 4 (equal ratings, she joined first), the
Guard last (Wits + Awareness 4).
"""

from __future__ import annotations

from battlewheel.engine.core.actions import Action
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import demo_fight
from battlewheel.engine.rulesets.ex3.state import Combat
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget

ASHKEEL_COMES_CLOSE = (a.Move("ashkeel", "zone", zone=0), a.NextTurn())


def started(*actions: Action) -> CombatModel:
    """The demo fight, started (Ashkeel acts on tick 9), then ``actions`` applied."""
    session = demo_fight()
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
