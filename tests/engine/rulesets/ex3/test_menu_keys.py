"""The 3e menu keeps the same entries from set-up to the end: only ``why_not`` changes.

The window makes its Combat menu and shortcuts once per ruleset, from the entries of
the moment; an entry that appeared only once the fight began would have no key.
"""

from __future__ import annotations

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import demo_fight


def _keys(session: CombatSession) -> list[str]:
    return [e.key for e in session.ruleset.turn_actions(session.state)]


def test_the_same_keys_before_during_and_after_the_fight() -> None:
    """Set-up, a turn, and the ended fight list the same keys in the same order."""
    session = demo_fight()
    before = _keys(session)
    session.apply(a.StartCombat())
    during = _keys(session)
    session.apply(a.EndCombat())
    assert before == during == _keys(session)
    assert {"join_battle", "start", "next_turn", "attack", "concealment"} <= set(before)


def test_idle_entries_say_why() -> None:
    """Before the battle the turn's actions wait for it; once begun, Start says so."""
    session = demo_fight()
    entries = {e.key: e for e in session.ruleset.turn_actions(session.state)}
    assert entries["attack"].why_not == "the battle has not begun"
    assert entries["start"].enabled
    session.apply(a.StartCombat())
    entries = {e.key: e for e in session.ruleset.turn_actions(session.state)}
    assert entries["start"].why_not == "the battle has begun" and entries["attack"].enabled
