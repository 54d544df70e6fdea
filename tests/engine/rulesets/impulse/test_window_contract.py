"""What the shared window reads of an Impulse fight besides the wheel and the sheets:
one stable menu in every phase, the status line, the legend, and how a fight ends."""

from __future__ import annotations

from battlewheel.engine.core.contract import TurnAction
from battlewheel.engine.rulesets.impulse import (
    IMPULSE,
    EndCombat,
    HoldAction,
    StartCombat,
    demo_fight,
)
from battlewheel.engine.rulesets.impulse.menu import BEGUN, NOT_BEGUN, OVER

from .helpers import duel


def _keys(entries: tuple[TurnAction, ...]) -> list[str]:
    return [e.key for e in entries]


def test_the_menu_lists_the_same_entries_before_during_and_after_the_fight() -> None:
    """The window makes its menu keys once, so every phase lists them all, greyed with why."""
    session = demo_fight()
    before = IMPULSE.turn_actions(session.state)
    session.apply(StartCombat())
    during = IMPULSE.turn_actions(session.state)
    session.apply(EndCombat())
    after = IMPULSE.turn_actions(session.state)
    assert _keys(before) == _keys(during) == _keys(after)
    assert len(set(_keys(before))) == len(before)
    first = {e.key: e for e in before}
    assert first["manoeuvre"].why_not == NOT_BEGUN and first["start"].enabled
    second = {e.key: e for e in during}
    assert second["start"].why_not == BEGUN and second["manoeuvre"].enabled
    assert second["roll_order"].why_not == "everyone has rolled"  # open for a late roll
    assert all(e.why_not == OVER for e in after)


def test_the_status_line_says_the_round_who_acts_and_what_next() -> None:
    """Before the roll, before the start, on a turn, after the Simple action, at the end."""
    session = demo_fight()
    assert IMPULSE.status_line(session.state) == "Not started: Begin round 1 (Ctrl+Return)"
    started = duel()
    assert (
        IMPULSE.status_line(started.state) == "Round 1 \u00b7 Ana, 3 Impulse \u00b7 a Simple action"
    )
    started.state.simple_done = True
    assert IMPULSE.status_line(started.state).endswith("Simple action taken: End turn (N)")
    assert IMPULSE.end_action() == EndCombat()
    started.apply(EndCombat())
    assert IMPULSE.status_line(started.state) == "The fight is over"
    assert "Change Initiative" in IMPULSE.wheel_legend()


def test_the_pocket_is_labelled_with_each_trigger() -> None:
    """§5: while the fight runs the ring has a pocket; a held counter waits in it carrying
    its whole trigger, which the window writes under it."""
    assert not IMPULSE.turn_track(duel(start=False).state).pocket
    session = duel()
    track = IMPULSE.turn_track(session.state)
    assert track.pocket and track.pocket_caption == "held actions (2 Impulse each)"
    assert track.in_pocket() == []
    session.apply(HoldAction("ana", "Bo comes out of cover or calls for his friends"))
    track = IMPULSE.turn_track(session.state)
    assert [(x.id, x.pocket) for x in track.in_pocket()] == [
        ("ana", "Bo comes out of cover or calls for his friends")]
