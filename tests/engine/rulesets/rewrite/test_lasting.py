"""2e Rewrite between fights: health by kind, Willpower and motes carry; healing deepest
first (rules/between-fights.md §2e Rewrite, lines 28-35; each test cites its line)."""

from __future__ import annotations

import json

import pytest

from battlewheel.engine.core.errors import IllegalAction, TraitValueError
from battlewheel.engine.core.lasting import RestChoice
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite import lasting as rw
from battlewheel.engine.rulesets.rewrite.actions import (
    EndCombat,
    SetHealth,
    SpendMotes,
    SpendWillpower,
)
from battlewheel.engine.rulesets.rewrite.block import CharacterKind
from battlewheel.engine.rulesets.rewrite.lasting import Lasting

from .helpers import person, started

lr = rw.RULES_OF_LASTING  # the system's lasting rules (its ruleset's lasting_module)


def _exalt() -> object:
    return person("Ana", kind=CharacterKind.SOLAR, essence=2, personal=10, peripheral=20)


def test_the_fight_leaves_boxes_by_kind_willpower_and_motes() -> None:
    """Lines 29-30: health boxes by kind in order, Willpower spent, both mote pools."""
    session = started(ana=3, foe=1)
    session.apply(SetHealth("ana", "*XX//" + "." * (session.state.combatants["ana"]
                                                   .health.size - 5)))
    session.apply(SpendWillpower("ana", 2))
    session.apply(EndCombat())
    left = lr.after(session.state, "ana", Lasting())
    assert (left.aggravated, left.lethal, left.bashing, left.willpower_spent) == (1, 2, 2, 2)
    block = session.state.combatants["ana"].character
    assert [line.key for line in lr.lines(block, Lasting(), left, None)] == \
        ["health", "willpower"]
    assert lr.summary(block, left).startswith("1 aggravated, 2 lethal, 2 bashing; Willpower 3/5")


def test_a_character_joins_as_they_are_and_the_log_replays_alone() -> None:
    """Lines 29-30 with 18-20 of the page: the next fight starts where this one left off."""
    session = CombatSession.new()
    rules = session.ruleset
    condition = Lasting(lethal=1, bashing=2, willpower_spent=1, personal_spent=4)
    session.apply(rules.join_action("ana", _exalt(), "ally", roster="Ana", lasting=condition))
    who = session.state.combatants["ana"]
    assert who.health.marks.startswith("X//.")
    assert (who.willpower, who.personal_motes, who.peripheral_motes) == (4, 6, 20)
    again = CombatSession.from_json(json.loads(json.dumps(session.to_json())))
    assert again.state.combatants["ana"] == who
    assert lr.after(again.state, "ana", Lasting()) == condition


def test_healing_removes_that_kinds_deepest_marks_and_keeps_the_order() -> None:
    """Lines 31-32: heal N levels of one kind; the remaining marks keep their order."""
    block = _exalt()
    hurt = Lasting(aggravated=1, lethal=3, bashing=2)
    healed = lr.rested(block, hurt, RestChoice("heal", {"kind": "lethal", "levels": 2}), None)
    assert healed.lasting == Lasting(aggravated=1, lethal=1, bashing=2)
    assert rw.marked_track(block, healed.lasting).startswith("*X//.")
    with pytest.raises(IllegalAction, match="kind must be one of"):
        lr.rested(block, hurt, RestChoice("heal", {"kind": "fire", "levels": 1}), None)


def test_heal_all_bashing_is_one_click_and_no_time_is_computed() -> None:
    """Lines 32-33: "Heal all bashing" is one click; no healing times."""
    offers = {o.key: o for o in lr.rest_offers(_exalt(), Lasting(bashing=3, lethal=1), None)}
    assert offers["heal_bashing"].inputs == ()
    done = lr.rested(_exalt(), Lasting(bashing=3, lethal=1), RestChoice("heal_bashing"), None)
    assert done.lasting == Lasting(lethal=1)
    assert all("day" not in o.help and "hour" not in o.help for o in offers.values())


def test_motes_and_willpower_are_regained_or_restored() -> None:
    """Lines 34-35: regain N or restore to full (Restore to full: lines 21-22)."""
    tired = Lasting(willpower_spent=3, personal_spent=5, peripheral_spent=8)
    block = _exalt()
    some = lr.rested(block, tired, RestChoice("regain_motes", {"pool": "peripheral",
                                                               "points": 5}), None)
    assert some.lasting.peripheral_spent == 3
    will = lr.rested(block, tired, RestChoice("regain_willpower", {"points": 9}), None)
    assert will.lasting.willpower_spent == 0
    assert lr.rested(block, tired, RestChoice("restore_motes"), None).lasting == \
        Lasting(willpower_spent=3)
    assert lr.rested(block, tired, RestChoice("restore_all"), None).lasting == Lasting()


def test_an_edited_block_keeps_marks_worst_first_and_says_what_falls_off() -> None:
    """Lines 24-26: a shorter track keeps its marks as the deepest boxes, and says so."""
    mortal = person("Ana")  # 7 levels above Incapacitated + Dying per Stamina dot
    size = rw.RULES.track(mortal).size
    kept = lr.fitted(mortal, Lasting(lethal=size + 2))
    assert kept.lasting.lethal == size and "dead" in kept.words
    assert lr.fitted(mortal, Lasting(lethal=1)).words == ""
    spent = lr.fitted(mortal, Lasting(personal_spent=4))  # a mortal has no motes
    assert spent.lasting.personal_spent == 0 and "personal motes spent 4" in spent.words


def test_a_damaged_condition_is_refused_naming_the_field() -> None:
    """Issue §Data: refused at open, naming the field."""
    assert Lasting.from_json(Lasting(lethal=2).to_json()) == Lasting(lethal=2)
    with pytest.raises(TraitValueError, match=r"lasting\.lethal"):
        Lasting.from_json({"lethal": "2"})
    with pytest.raises(TraitValueError, match=r"lasting\.burns"):
        Lasting.from_json({"burns": 1})


def test_motes_spent_in_the_fight_carry() -> None:
    """Line 30: personal and peripheral motes."""
    session = CombatSession.new()
    session.apply(session.ruleset.join_action("ana", _exalt(), "ally"))
    session.apply(SpendMotes("ana", 3, "peripheral"))
    left = lr.after(session.state, "ana", Lasting())
    assert left == Lasting(peripheral_spent=3)
    assert lr.lines(_exalt(), Lasting(), left, None)[0].label == \
        "Motes: 10/10 personal, 20/20 peripheral -> 10/10 personal, 17/20 peripheral"
