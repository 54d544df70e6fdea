"""The rules page's own rulings a GM found unfollowed (issue 24): ties asked, not assumed;
manoeuvre attacks on a target; moving toward a group; reinforcements; unarmed strikes;
stunt dice only when stunted."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.rulesets.impulse import SettleTie
from battlewheel.engine.rulesets.impulse.menu import tie_chooser

from .helpers import block, fight

IMPULSE = get_ruleset("impulse")


def _entry(session: object, key: str):  # type: ignore[no-untyped-def]
    return next(e for e in IMPULSE.turn_actions(session.state) if e.key == key)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("bo_player", "chooser"), [(False, "player"), (True, "coin")])
def test_a_tie_with_a_player_is_asked_before_round_one(bo_player: bool, chooser: str) -> None:
    """001 §Turn Order: Ana (Initiative 3, face 5) and Bo (5, face 3) tie at 8. A player
    against an NPC picks, two players flip a coin: Begin round 1 waits and Space offers
    Settle a tie, instead of putting the higher Initiative first unasked."""
    session = fight(("ana", block("Ana", player=True), "ally", 5),
                    ("bo", block("Bo", initiative=5, player=bo_player), "enemy", 3), start=False)
    assert tie_chooser(session.state, ("ana", "bo")) == chooser
    start = _entry(session, "start")
    assert not start.enabled and "settle the tie" in start.why_not
    step = IMPULSE.next_step(session.state)
    assert step is not None and step.key == "settle_tie"
    session.apply(SettleTie(("ana", "bo")))
    assert _entry(session, "start").enabled
    step = IMPULSE.next_step(session.state)
    assert step is not None and step.key == "start"


def test_a_tie_of_npcs_is_the_gms_with_the_higher_score_proposed() -> None:
    """rules/impulse.md §4 (GM input): NPCs tied at 8 need no asking; Bo, the higher
    Initiative, goes first unless the GM settles it otherwise."""
    session = fight(("al", block("Al"), "ally", 5), ("bo", block("Bo", initiative=5), "enemy", 3),
                    start=False)
    assert tie_chooser(session.state, ("al", "bo")) == "gm"
    assert _entry(session, "start").enabled
    assert [e.cid for e in session.state.order()] == ["bo", "al"]
