"""A fired hold interrupts a turn; the interrupted one may leave before it comes back."""

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse import demo_fight
from battlewheel.engine.rulesets.impulse.actions import (
    EndTurn,
    FireHold,
    HoldAction,
    StartCombat,
    VillainEscapes,
)


def test_a_villain_who_escapes_while_interrupted_does_not_get_the_turn_back() -> None:
    """001 §Holding an Action: Jade's hold fires before the Chief's turn goes on; the Chief
    escapes meanwhile (001 §Recurring Antagonist Defeat), so her turn's end moves on to Reed."""
    session = demo_fight()
    session.apply(StartCombat())
    session.apply(HoldAction("jade", "the Chief draws steel"))
    assert session.state.acting_id() == "chief"
    session.apply(FireHold("jade", "before"))
    assert session.state.acting_id() == "jade"
    session.apply(VillainEscapes("chief"))
    session.apply(EndTurn())
    assert session.state.acting_id() == "reed"
    assert session.state.acting_key in {entry.key for entry in session.state.order()}


def test_an_interrupted_turn_comes_back_to_one_still_standing() -> None:
    """001 §Holding an Action: with nobody gone, the end of the fired hold hands the turn back."""
    session = demo_fight()
    session.apply(StartCombat())
    session.apply(HoldAction("jade", "the Chief draws steel"))
    session.apply(FireHold("jade", "before"))
    session.apply(EndTurn())
    assert session.state.acting_id() == "chief"


def test_a_hold_fired_after_its_trigger_acts_once_the_turn_in_progress_ends() -> None:
    """001 §Holding Action, the holder's choice: Jade acts after the Chief's trigger, so the
    Chief's turn goes on first; when it ends Jade acts, then the order goes on to Reed."""
    session = demo_fight()
    session.apply(StartCombat())
    session.apply(HoldAction("jade", "the Chief draws steel"))
    session.apply(FireHold("jade", "after_turn"))
    assert session.state.acting_id() == "chief"
    assert "once Bandit Chief's turn ends" in session.log[-1].events[-1].text
    session.apply(EndTurn())
    assert session.state.acting_id() == "jade"
    session.apply(EndTurn())
    assert session.state.acting_id() == "reed"


def test_an_older_logs_after_still_acts_at_once_and_replays_so() -> None:
    """A log written before "after_turn" existed fired "after" at once, the trigger already
    entered: it still does, and the log replays to the same state."""
    session = demo_fight()
    session.apply(StartCombat())
    session.apply(HoldAction("jade", "the Chief draws steel"))
    session.apply(FireHold("jade", "after"))
    assert session.state.acting_id() == "jade" and session.state.paused is not None
    again = CombatSession.from_json(session.to_json())
    assert again.state.acting_key == session.state.acting_key
    assert again.state.paused == session.state.paused
