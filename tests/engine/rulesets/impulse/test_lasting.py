"""Impulse between fights: Limit and Strife carry, Endurance only under the ruling
(rules/between-fights.md §Impulse, lines 45-53; each test cites its line)."""

from __future__ import annotations

import json

import pytest

from battlewheel.engine.core.errors import IllegalAction, TraitValueError
from battlewheel.engine.core.lasting import RestChoice
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse import ImpulseOptions
from battlewheel.engine.rulesets.impulse import lasting as im
from battlewheel.engine.rulesets.impulse.actions import SetEndurance, VillainEscapes
from battlewheel.engine.rulesets.impulse.lasting import Lasting

from .helpers import block, duel


def test_a_player_character_who_fell_gains_one_limit_to_carry() -> None:
    """Lines 46-47: a PC who fell gains 1 Limit (001 §Player Character Defeat)."""
    session = duel()
    session.apply(SetEndurance("ana", 0))
    left = im.after(session.state, "ana", Lasting())
    assert left.limit == 1
    line = im.lines(block("Ana", player=True), Lasting(), left, ImpulseOptions())[0]
    assert line.key == "limit" and "Player Character Defeat" in line.label


def test_a_recurring_antagonist_retreating_gives_each_pc_a_strife_point() -> None:
    """Lines 47-48: each PC gains one Strife (001 §Recurring Antagonist Defeat)."""
    session = duel()
    session.apply(VillainEscapes("bo"))
    assert im.after(session.state, "ana", Lasting()).strife == 1
    assert im.after(session.state, "bo", Lasting()).strife == 0


def test_endurance_carries_only_under_the_ruling() -> None:
    """Lines 50-52: ``endurance_carries`` off by default (each fight at full); on carries."""
    assert ImpulseOptions().endurance_carries is False
    session = duel()
    session.apply(SetEndurance("ana", 6))
    left = im.after(session.state, "ana", Lasting())
    ana = block("Ana", player=True)
    assert [line.key for line in im.lines(ana, Lasting(), left, ImpulseOptions())] == []
    on = ImpulseOptions(endurance_carries=True)
    assert [line.key for line in im.lines(ana, Lasting(), left, on)] == ["endurance"]
    for options, endurance in ((ImpulseOptions(), 10), (on, 6)):
        fresh_fight = CombatSession.new(options, ruleset="impulse")
        fresh_fight.apply(fresh_fight.ruleset.join_action(
            "ana", ana, "ally", roster="Ana", lasting=Lasting(limit=1, endurance_lost=4)))
        who = fresh_fight.state.combatants["ana"]
        assert (who.endurance, who.limit) == (endurance, 1)


def test_limit_and_strife_carry_into_the_next_fight_and_grow_there() -> None:
    """Lines 46-49 with 18-20: joined as they are; the log replays alone."""
    session = CombatSession.new(ImpulseOptions(), ruleset="impulse")
    rules = session.ruleset
    session.apply(rules.join_action("ana", block("Ana", player=True), "ally",
                                    lasting=Lasting(limit=2, strife=1)))
    session.apply(rules.join_action("bo", block("Bo"), "enemy"))
    session.apply(VillainEscapes("bo"))
    again = CombatSession.from_json(json.loads(json.dumps(session.to_json())))
    assert im.after(again.state, "ana", Lasting(limit=2, strife=1)) == Lasting(limit=2,
                                                                                strife=2)


def test_the_gm_edits_limit_and_strife_and_restores_endurance() -> None:
    """Lines 48-49: shown and edited by the GM; line 52: until the GM restores it."""
    ana = block("Ana", player=True)
    worn = Lasting(limit=1, strife=2, endurance_lost=5)
    assert im.rested(ana, worn, RestChoice("set_limit", {"limit": 3}), None).lasting.limit == 3
    assert im.rested(ana, worn, RestChoice("set_strife", {"strife": 0}),
                     None).lasting.strife == 0
    assert im.rested(ana, worn, RestChoice("restore_endurance"), None).lasting == \
        Lasting(limit=1, strife=2)
    with pytest.raises(IllegalAction, match="already 1"):
        im.rested(ana, worn, RestChoice("set_limit", {"limit": 1}), None)
    assert im.summary(ana, worn) == "Limit 1, Strife 2, Endurance 5/10"


def test_a_damaged_condition_is_refused_and_edits_keep_what_fits() -> None:
    """Issue §Data; lines 24-26: Endurance lost past a smaller Endurance is said."""
    with pytest.raises(TraitValueError, match=r"lasting\.limit"):
        Lasting.from_json({"limit": True})
    kept = im.fitted(block("Ana", endurance=3), Lasting(endurance_lost=5))
    assert kept.lasting.endurance_lost == 3 and "Endurance lost 5" in kept.words
