"""The 3e menu keeps its entries from set-up to the end; the roster order and status line.

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


def test_the_roster_order_and_status_line_follow_the_round() -> None:
    """003 §The Flow of Combat: Ashkeel (9) acts, then Lark (6), Jade, Ember, the Guard (4)."""
    session = demo_fight()
    ruleset = session.ruleset
    assert ruleset.status_line(session.state) == "Not started: 5 of 5 rolled Join Battle"
    session.apply(a.StartCombat())
    assert ruleset.turn_order(session.state) == ("ashkeel", "lark", "jade", "ember", "guard")
    assert ruleset.status_line(session.state) == (
        "Round 1 · tick 9 · acting: Lady Ashkeel · next: Swift Lark (tick 6)")
    session.apply(a.NextTurn())
    assert ruleset.turn_order(session.state) == ("lark", "jade", "ember", "guard", "ashkeel")
    assert session.ruleset.turn_track(session.state).hub == "round 1\ntick 6"


def test_the_next_step_rolls_join_battle_then_starts_then_passes_turns() -> None:
    """Space's step: Join Battle while someone has not rolled, Start, then Next turn;
    nothing once the fight is over."""
    from battlewheel.engine.core.dice import DiceEntry
    from battlewheel.engine.rulesets.ex3.demo import circle, villain

    session = CombatSession.new(ruleset="3e")
    session.apply(a.AddCombatant("jade", circle()[0], "ally"))
    session.apply(a.AddCombatant("ashkeel", villain(), "enemy"))

    def step() -> str | None:
        found = session.ruleset.next_step(session.state)
        return found.key if found is not None else None

    assert step() == "join_battle"
    for cid in ("jade", "ashkeel"):
        session.apply(a.RollJoinBattle(cid, DiceEntry.of_successes(2)))
    assert step() == "start"
    session.apply(a.StartCombat())
    assert step() == "next_turn"
    session.apply(a.EndCombat())
    assert step() is None


def test_the_windows_end_the_combat_ends_a_3e_fight() -> None:
    """Combat > End the combat asks the ruleset for its ending: a begun 3e fight ends,
    the GM's reason in the log line, and the wheel shows it over."""
    session = demo_fight()
    session.apply(a.StartCombat())
    end = session.ruleset.end_action("they flee")
    assert end is not None, "3e offered no ending: the window said it cannot be ended"
    session.apply(end)
    assert session.ruleset.turn_track(session.state).ended
    assert "they flee" in session.log[-1].sentence
