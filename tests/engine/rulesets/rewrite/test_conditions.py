"""The GM's conditions in a 2e fight: DVs and attack pools shift, ticks and actions end them."""

from __future__ import annotations

import pytest

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.conditions import AddCondition, Condition, RemoveCondition
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite import (
    Advance,
    ApplyTickEffects,
    CombatSession,
    DeclaredManoeuvre,
    DeclareFlurry,
    Defence,
    ResolveAttack,
)
from battlewheel.engine.rulesets.rewrite.handlers.flurry import preview_attack
from tests.engine.counting import calls_of

from ..conditions import conditions
from .test_tick import _duel

PUNCH_B = ResolveAttack("a", 0, defence=Defence("dodge"))


def _declare_punch(session: CombatSession) -> None:
    session.apply(DeclareFlurry("a", (DeclaredManoeuvre("attack", weapon="Punch", target="b"),)))


def _play_on(session: CombatSession) -> None:
    """Whoever acts guards, the tick's effects apply, and the next action comes round."""
    for cid in session.state.awaiting_flurry():
        session.apply(DeclareFlurry(cid, (DeclaredManoeuvre("guard"),)))
    if session.state.phase == "effects":
        session.apply(ApplyTickEffects())
    session.apply(Advance())


def test_dice_and_defence_modifiers_reach_the_attack_pool_and_the_dv_it_meets() -> None:
    """+2 dice on the attacker, -1 defence on the target: the pool grows, the DV drops."""
    session = _duel(3, 1)
    _declare_punch(session)
    before = preview_attack(session.state, PUNCH_B)
    session.apply(AddCondition("a", Condition("Blessed", dice=2)))
    session.apply(AddCondition("b", Condition("Prone", defence=-1)))
    after = preview_attack(session.state, PUNCH_B)
    assert after.dice["attack"] == before.dice["attack"] + 2
    assert after.dv == before.dv - 1
    assert session.state.combatants["b"].dvs["dodge"] == before.dv - 1
    with pytest.raises(IllegalAction):  # the faces of the old pool are too few now
        session.apply(ResolveAttack("a", 0, attack=DiceEntry.of_faces(
            (1,) * before.dice["attack"]), defence=Defence("dodge")))
    session.apply(ResolveAttack("a", 0, attack=DiceEntry.of_faces((1,) * after.dice["attack"]),
                                defence=Defence("dodge")))


def test_the_counter_wears_a_badge_and_the_sheet_lists_each_condition_removably() -> None:
    """The badge sits on the right-hand edge; the sheet's line carries its removal."""
    session = _duel(3, 1)
    session.apply(AddCondition("b", Condition("Prone", defence=-1, expiry="ticks", count=3)))
    counter = session.ruleset.turn_track(session.state).counter("b")
    assert counter is not None
    badge = counter.badge(c.SIDE_RIGHT)
    assert badge is not None and badge.text == "Pron" and "3 ticks left" in badge.tip
    section = session.ruleset.sheet(session.state, "b").sections[1]
    assert isinstance(section, c.ConditionsSection)
    assert [(line.text, line.detail) for line in section.lines] == [
        ("Prone", "\u22121 defence; 3 ticks left")]
    session.apply(section.lines[0].remove)
    assert conditions(session, "b") == ()
    assert session.log[-1].sentence == "GM removes \u201cProne\u201d from B."


def test_a_condition_of_three_ticks_ends_by_itself_and_undo_brings_it_back() -> None:
    """It holds while fewer than three ticks pass and ends, logged, with the step past them."""
    session = _duel(3, 1)
    start = session.state.current_tick
    session.apply(AddCondition("b", Condition("Slowed", expiry="ticks", count=3)))
    while session.state.current_tick - start < 3:
        assert conditions(session, "b")
        _play_on(session)
    assert conditions(session, "b") == ()
    ended = [e for e in session.log[-1].events if e.kind == "condition_ended"]
    assert [e.text for e in ended] == ["\u201cSlowed\u201d on B ends (its ticks have passed)."]
    session.undo()
    assert [x.text for x in conditions(session, "b")] == ["Slowed"]
    session.redo()
    assert conditions(session, "b") == ()


def test_a_next_action_condition_lasts_through_that_action_and_ends_after_it() -> None:
    """B's -2 dice hold on B's own tick and end when the wheel moves past it."""
    session = _duel(3, 1)
    session.apply(AddCondition("b", Condition("Dazed", dice=-2, expiry="action")))
    while "b" not in session.state.acting_ids():
        _play_on(session)
    assert [x.text for x in conditions(session, "b")] == ["Dazed"]
    _play_on(session)
    assert conditions(session, "b") == ()


def test_a_refused_condition_changes_nothing_and_says_why() -> None:
    """2e counts ticks, not rounds; a stale removal names the condition."""
    session = _duel(3, 1)
    before = session.state.clone()
    with pytest.raises(IllegalAction, match="ticks"):
        session.apply(AddCondition("b", Condition("Slowed", expiry="rounds", count=2)))
    with pytest.raises(IllegalAction, match="Prone"):
        session.apply(RemoveCondition("b", 0, "Prone"))
    assert session.state == before


def test_replaying_the_log_rebuilds_the_conditions_and_their_countdown() -> None:
    """The saved log gives the same conditions, counts and DVs."""
    session = _duel(3, 1)
    session.apply(AddCondition("b", Condition("Slowed", defence=-2, expiry="ticks", count=9)))
    session.apply(AddCondition("a", Condition("Marked")))
    _play_on(session)
    replayed = CombatSession.from_json(session.to_json())
    assert replayed.state == session.state
    assert conditions(replayed, "b")[0].count < 9


def test_time_is_read_around_an_action_only_while_someone_holds_a_condition(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Before and after every action the fight's time and who acts were read, to count
    conditions down: with nobody holding one, not at all; with one held, still so."""
    session = _duel(3, 1)
    read = calls_of(monkeypatch, type(session.ruleset), "_moment")
    _play_on(session)
    assert read == []
    session.apply(AddCondition("b", Condition("Prone", defence=-1, expiry="ticks", count=1)))
    _play_on(session)
    assert read and session.state.combatants["b"].conditions == ()
