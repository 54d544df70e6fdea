"""The combatants table's batch reads give the rows ``roster_cells`` gives one by one.

The table reads the rows of the combatants a change touched with ``roster_rows``, and,
when the wheel changed, every row's turn-order cell with ``roster_order``; at every step
of every example fight (all four systems) both agree with reading each row whole.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlewheel.engine.core.session import CombatSession

EXAMPLES = sorted((Path(__file__).parents[2] / "resources" / "examples").glob("*.json"))


def _states(session: CombatSession) -> list[object]:
    return [session.state_at(step) for step in range(len(session.log) + 1)]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_batch_rows_and_turn_order_cells_match_the_rows_read_one_by_one(path: Path) -> None:
    """Every step: the batch read equals each row read alone, and so does each turn cell."""
    session = CombatSession.from_json(json.loads(path.read_text(encoding="utf-8")))
    ruleset = session.ruleset
    column = next(i for i, col in enumerate(ruleset.roster_columns()) if col.order)
    systems_with_a_whole_fight_order = 0
    for state in _states(session):
        ids = list(ruleset.combatants(state))
        one_by_one = {cid: ruleset.roster_cells(state, cid) for cid in ids}
        assert ruleset.roster_rows(state, ids) == one_by_one
        order = ruleset.roster_order(state)
        if order is not None:
            systems_with_a_whole_fight_order += 1
            assert order == {cid: row[column] for cid, row in one_by_one.items()}
    # 2e's turn column is each combatant's own next tick; the others number the order.
    assert (systems_with_a_whole_fight_order == 0) == (ruleset.name == "2e-rewrite")
