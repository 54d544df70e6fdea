"""Exalted 3e between fights: health by kind, Willpower and motes carry; Initiative,
onslaught and Crash never do; healing deepest first (rules/between-fights.md §Exalted 3e,
lines 37-43; each test cites its line)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.lasting import RestChoice
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import lasting as ex
from battlewheel.engine.rulesets.ex3.lasting import Lasting
from battlewheel.engine.rulesets.ex3.options import Ex3Options

from .helpers import fight, fighter, state_of

lr = ex.RULES_OF_LASTING  # the system's lasting rules (its ruleset's lasting_module)


def _solar() -> object:
    return replace(fighter("Ana"), personal_motes=10, peripheral_motes=20)


def test_health_willpower_and_motes_carry() -> None:
    """Line 38: health levels by kind, Willpower, personal and peripheral motes."""
    session = fight(("ana", _solar(), "ally", 3), ("foe", fighter("Foe"), "enemy", 1))
    session.apply(a.CycleHealthBox("ana", 0))  # bashing on the first box
    session.apply(a.AdjustPool("ana", "willpower", -2))
    session.apply(a.AdjustPool("ana", "peripheral", -5))
    left = lr.after(state_of(session), "ana", Lasting())
    assert (left.bashing, left.willpower_spent, left.peripheral_spent) == (1, 2, 5)
    keys = [line.key for line in lr.lines(_solar(), Lasting(), left, None)]
    assert keys == ["health", "willpower", "motes"]


def test_initiative_onslaught_and_crash_never_carry() -> None:
    """Lines 39-41: every fight starts from Join Battle; no Initiative, onslaught or Crash."""
    session = fight(("ana", _solar(), "ally", 3), ("foe", fighter("Foe"), "enemy", 1))
    left = lr.after(state_of(session), "ana", Lasting())
    assert left == Lasting()
    assert {f for f in Lasting().__dataclass_fields__} == {
        "aggravated", "lethal", "bashing", "willpower_spent", "personal_spent",
        "peripheral_spent"}


def test_a_character_joins_as_they_are_under_the_fights_track_and_replays_alone() -> None:
    """Line 38 with lines 18-20: the next fight starts with the marks and pools spent."""
    session = CombatSession.new(Ex3Options(), ruleset="3e")
    condition = Lasting(lethal=2, willpower_spent=1, personal_spent=3)
    session.apply(session.ruleset.join_action("ana", _solar(), "ally", roster="Ana",
                                              lasting=condition))
    who = state_of(session).combatants["ana"]
    assert who.health.marks.startswith("XX.")
    assert (who.willpower_spent, who.personal_spent) == (1, 3)
    again = CombatSession.from_json(json.loads(json.dumps(session.to_json())))
    assert lr.after(again.state, "ana", Lasting()) == condition


def test_healing_is_deepest_first_and_restore_to_full_is_offered() -> None:
    """Lines 42-43: heal N levels of one kind, deepest first; regain or restore."""
    hurt = Lasting(aggravated=1, lethal=2, bashing=1, willpower_spent=2)
    block = _solar()
    healed = lr.rested(block, hurt, RestChoice("heal", {"kind": "aggravated", "levels": 3}),
                       None)
    assert healed.lasting == Lasting(lethal=2, bashing=1, willpower_spent=2)
    assert "heals 1 aggravated" in healed.words
    again = lr.rested(block, hurt, RestChoice("regain_willpower", {"points": 1}), None)
    assert again.lasting.willpower_spent == 1
    offers = {o.key for o in lr.rest_offers(block, hurt, None)}
    assert {"restore_health", "restore_willpower", "restore_motes", "restore_all"} <= offers


def test_willpower_above_the_rating_carries_as_negative_spent() -> None:
    """Line 38: Willpower as it stands, above the rating too (3e's temporary Willpower)."""
    assert Lasting.from_json({"willpower_spent": -2}) == Lasting(willpower_spent=-2)
    with pytest.raises(TraitValueError, match=r"lasting\.lethal"):
        Lasting.from_json({"lethal": -1})
    assert lr.summary(fighter("Ana"), Lasting(willpower_spent=-2)) == \
        "unhurt; Willpower 7/5"
