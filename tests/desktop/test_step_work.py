"""What one step costs the window, counted (never timed): issue 27's step and drop.

Each test counts a piece of work a step used to do more than once, or for everyone when
one fighter changed, and fails if it comes back.
"""

import pytest
from pytestqt.qtbot import QtBot

from battlewheel.engine.rulesets.impulse import ruleset as impulse_ruleset
from battlewheel.engine.rulesets.impulse.actions import EndTurn
from battlewheel.models.combatants_model import CombatantsModel
from tests.desktop.rulesets.impulse.fight import started_model
from tests.engine.counting import calls_of


def test_an_impulse_turn_works_out_the_fighters_records_once(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Impulse's records carry each fighter's band to everyone (n² to build, all of them
    in one pass over the pairs): the model reads them once a step; the table's turn-order
    column asks only who is in the fight."""
    combat = started_model()
    table = CombatantsModel(combat)  # kept: it follows the step
    seen = calls_of(monkeypatch, impulse_ruleset, "_seen")
    orders = calls_of(monkeypatch, combat.session.ruleset, "roster_order")
    assert combat.push(EndTurn()) is None
    assert orders  # the wheel moved: the table read everyone's turn-order cell
    assert len(seen) == 1
    assert table.columns
