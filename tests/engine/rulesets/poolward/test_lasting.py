"""Pool & Ward between fights: what a fight leaves on a character, joining at it, and rest
(rules/between-fights.md; each test cites the page's line)."""

from __future__ import annotations

import json

import pytest

from battlewheel.engine.core.actions import action_to_json
from battlewheel.engine.core.errors import IllegalAction, TraitValueError
from battlewheel.engine.core.lasting import RestChoice
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward import (
    AddCombatant,
    Backlash,
    PoolWardOptions,
    SetTrack,
    StatBlock,
)
from battlewheel.engine.rulesets.poolward import lasting as pw
from battlewheel.engine.rulesets.poolward.lasting import Lasting
from battlewheel.engine.rulesets.poolward.menu import turn_actions

from .helpers import RULESET, faces, fight, person, typed


def _hero() -> StatBlock:
    """Constitution 6, racial +2 (Health 8, Vigor 6), Ward 3."""
    return person("Hero", stats={"strength": 3, "dexterity": 3, "constitution": 6},
                  racial_health=2, ward=3, player=True)


def _ended_fight(*actions: object, options: PoolWardOptions | None = None) -> CombatSession:
    session = fight(("hero", _hero(), "ally"), ("foe", person("Foe"), "enemy"),
                    options=options)
    for action in actions:
        session.apply(action)  # type: ignore[arg-type]
    return session


def test_a_fight_leaves_health_vigor_and_backlash_kept_apart() -> None:
    """Line 56: Health, Vigor and Backlash damage (kept apart) carry."""
    session = _ended_fight(SetTrack("hero", "health", 4), Backlash("hero", 1, lethal=False))
    left = pw.after(session.state, "hero", Lasting())
    assert left == Lasting(health_lost=4, vigor_lost=1, backlash_vigor=1)
    assert pw.summary(_hero(), left) == "4/8 Health, 5/6 Vigor (1 Backlash)"


def test_negative_health_carries_bleeding_or_stable_and_death() -> None:
    """Line 56: negative Health too, with bleeding or stable, and dead."""
    session = _ended_fight(SetTrack("hero", "health", -2))
    bleeding = pw.after(session.state, "hero", Lasting())
    assert (bleeding.health_lost, bleeding.stable, bleeding.dead) == (10, False, False)
    assert "-2/8 Health, bleeding" in pw.summary(_hero(), bleeding)
    from battlewheel.engine.rulesets.poolward import SetCondition

    session.apply(SetCondition("hero", "stable", True))
    assert pw.after(session.state, "hero", Lasting()).stable
    session.apply(SetTrack("hero", "health", -8))
    assert pw.after(session.state, "hero", Lasting()).dead
    assert pw.summary(_hero(), pw.after(session.state, "hero", Lasting())) == "dead"


def test_ward_is_a_carry_line_only_under_the_ruling() -> None:
    """Lines 58-59: ``ward_restores`` default restores Ward at each fight; alt carries it."""
    session = _ended_fight(SetTrack("hero", "ward", 1), SetTrack("hero", "health", 5))
    left = pw.after(session.state, "hero", Lasting())
    plain = pw.lines(_hero(), Lasting(), left, PoolWardOptions())
    assert [line.key for line in plain] == ["health"]
    assert plain[0].label == "Health: 8/8 -> 5/8"
    carried = pw.lines(_hero(), Lasting(), left, PoolWardOptions(ward_restores="carried"))
    assert [line.key for line in carried] == ["health", "ward"]
    assert PoolWardOptions().ward_restores == "each_fight"


def test_only_the_ticked_lines_carry() -> None:
    """Lines 9-11: the GM can leave any line out."""
    before = Lasting(vigor_lost=2)
    after = Lasting(health_lost=3, vigor_lost=5)
    assert pw.carried(_hero(), before, after, ["health"]) == Lasting(health_lost=3,
                                                                     vigor_lost=2)
    assert pw.carried(_hero(), before, after, []) == before


def test_a_roster_character_joins_as_they_are_and_the_log_replays_alone() -> None:
    """Lines 18-20: a new combat brings them in at their condition (Ward whole by default)."""
    rules = CombatSession.new(ruleset=RULESET).ruleset
    condition = Lasting(health_lost=4, vigor_lost=1, ward_spent=2, backlash_vigor=1)
    session = CombatSession.new(ruleset=RULESET)
    session.apply(rules.join_action("hero", _hero(), "ally", roster="Hero", lasting=condition))
    who = session.state.fighters["hero"]
    assert (who.health, who.vigor, who.ward, who.backlash_vigor) == (4, 5, 3, 1)
    again = CombatSession.from_json(json.loads(json.dumps(session.to_json())))
    assert again.state.fighters["hero"] == who
    carried = CombatSession.new(PoolWardOptions(ward_restores="carried"), ruleset=RULESET)
    carried.apply(rules.join_action("hero", _hero(), "ally", lasting=condition))
    assert carried.state.fighters["hero"].ward == 1


def test_a_dead_or_stable_character_joins_so() -> None:
    """Line 56: dead and stable carry into the next fight."""
    rules = CombatSession.new(ruleset=RULESET).ruleset
    session = CombatSession.new(ruleset=RULESET)
    session.apply(rules.join_action("a", _hero(), "ally", lasting=Lasting(health_lost=9,
                                                                          stable=True)))
    session.apply(rules.join_action("b", _hero(), "ally", lasting=Lasting(health_lost=8,
                                                                          dead=True)))
    assert session.state.fighters["a"].stable and session.state.fighters["a"].health == -1
    assert session.state.fighters["b"].condition == "dead"


def test_fresh_joins_write_what_they_wrote_before() -> None:
    """Lines 18-20 and the issue: without roster or condition the entry is unchanged."""
    rules = CombatSession.new(ruleset=RULESET).ruleset
    plain = action_to_json(rules.join_action("hero", _hero(), "ally"))
    assert plain == action_to_json(AddCombatant("hero", _hero(), "ally", player=True))
    assert "roster" not in plain.get("joining", {}) and "lasting" not in plain.get("joining", {})
    named = action_to_json(rules.join_action("hero", _hero(), "ally", roster="Hero"))
    assert named["joining"]["roster"] == "Hero"


def test_a_condition_and_given_tracks_together_are_refused() -> None:
    """Line 20: one starting condition per fighter, said plainly."""
    session = CombatSession.new(ruleset=RULESET)
    with pytest.raises(IllegalAction, match="not both"):
        session.apply(AddCombatant("hero", _hero(), "ally", health=3, lasting=Lasting()))
    assert not session.state.fighters


def test_a_damaged_condition_is_refused_naming_the_field() -> None:
    """Issue §Data: a damaged condition is refused naming the field."""
    assert Lasting.from_json(Lasting(health_lost=2, stable=True).to_json()) == \
        Lasting(health_lost=2, stable=True)
    assert Lasting().to_json() == {}
    with pytest.raises(TraitValueError, match=r"lasting\.vigor_lost"):
        Lasting.from_json({"vigor_lost": -1})
    with pytest.raises(TraitValueError, match=r"lasting\.stable"):
        Lasting.from_json({"stable": 1})
    with pytest.raises(TraitValueError, match=r"lasting\.wounds"):
        Lasting.from_json({"wounds": 1})
    with pytest.raises(TraitValueError, match="health_lost"):
        Lasting(health_lost=-3)


def test_editing_a_block_keeps_every_mark_and_says_what_no_longer_fits() -> None:
    """Lines 24-26: a shorter track keeps its marks as the deepest boxes, and says so."""
    shorter = person("Hero", racial_health=0, ward=3)  # Health 3, Vigor 3
    kept = pw.fitted(shorter, Lasting(health_lost=5, vigor_lost=5, backlash_vigor=4))
    assert kept.lasting.health_lost == 5 and kept.lasting.vigor_lost == 3
    assert kept.lasting.backlash_vigor == 3 and "Vigor lost 5" in kept.words
    dead = pw.fitted(shorter, Lasting(health_lost=7))
    assert dead.lasting.dead and "dead" in dead.words
    assert pw.fitted(_hero(), Lasting(health_lost=2)).words == ""


def test_a_nights_sleep_gives_one_health_or_two_with_medicine() -> None:
    """Lines 60-61: +1 Health, +2 with a successful Medicine roll (typed or rolled)."""
    hurt = Lasting(health_lost=4, vigor_lost=2)
    plain = pw.rested(_hero(), hurt, RestChoice("sleep"), None)
    assert plain.lasting.health_lost == 3
    rolled = pw.rested(_hero(), hurt, RestChoice("sleep", {"medicine_pool": 2,
                                                           "medicine": faces(8, 1)}), None)
    assert rolled.lasting.health_lost == 2 and "Medicine succeeds" in rolled.words
    failed = pw.rested(_hero(), hurt, RestChoice("sleep", {"medicine_pool": 2,
                                                           "medicine": typed(0)}), None)
    assert failed.lasting.health_lost == 3
    with pytest.raises(IllegalAction, match="needs its roll"):
        pw.rested(_hero(), hurt, RestChoice("sleep", {"medicine_pool": 2}), None)


def test_minutes_of_rest_give_one_vigor_per_quarter_hour() -> None:
    """Lines 61-62: every 15 minutes of rest gives +1 Vigor (the GM enters the time)."""
    hurt = Lasting(health_lost=1, vigor_lost=4)
    assert pw.rested(_hero(), hurt, RestChoice("rest", {"minutes": 44}),
                     None).lasting.vigor_lost == 2
    with pytest.raises(IllegalAction, match="minutes must be 15"):
        pw.rested(_hero(), hurt, RestChoice("rest", {"minutes": 10}), None)


def test_lethal_healing_fills_health_then_vigor_and_never_backlash() -> None:
    """Lines 62-64: 1 Health a point, 2 Vigor once Health is full; Backlash heals only by
    sleep and rest."""
    hurt = Lasting(health_lost=2, vigor_lost=3, backlash_vigor=1)
    healed = pw.rested(_hero(), hurt, RestChoice("heal", {"points": 3}), None).lasting
    assert (healed.health_lost, healed.vigor_lost, healed.backlash_vigor) == (0, 1, 1)
    only_backlash = Lasting(vigor_lost=1, backlash_vigor=1)
    offer = {o.key: o for o in pw.rest_offers(_hero(), only_backlash, None)}["heal"]
    assert "Backlash" in offer.why_not
    slept = pw.rested(_hero(), only_backlash, RestChoice("rest", {"minutes": 15}), None)
    assert slept.lasting == Lasting()


def test_the_dead_are_not_healed_by_rest_but_restore_to_full_is_always_offered() -> None:
    """Line 64: a dead character is not healed by rest; lines 21-22: restore to full."""
    dead = Lasting(health_lost=16, dead=True)
    offers = {o.key: o for o in pw.rest_offers(_hero(), dead, None)}
    assert "dead" in offers["sleep"].why_not and "dead" in offers["heal"].why_not
    with pytest.raises(IllegalAction, match="dead"):
        pw.rested(_hero(), dead, RestChoice("sleep"), None)
    assert offers["restore_health"].why_not == ""
    assert pw.rested(_hero(), dead, RestChoice("restore_all"), None).lasting == Lasting()
    partly = pw.rested(_hero(), Lasting(health_lost=2, vigor_lost=2),
                       RestChoice("restore_vigor"), None).lasting
    assert partly == Lasting(health_lost=2)


def test_the_fights_menu_says_recovery_is_the_rosters() -> None:
    """Line 21: rest and healing are roster actions between fights (Roster > Rest…)."""
    session = _ended_fight()
    entries = {e.key: e for e in turn_actions(session.state)}
    assert "Roster > Rest" in entries["recovery"].why_not
    assert entries["heal"].enabled  # magic may heal in the fight (002 §Magical/Lethal Healing)
    from battlewheel.engine.rulesets.poolward import EndFight

    session.apply(EndFight())
    entries = {e.key: e for e in turn_actions(session.state)}
    assert "Roster > Rest" in entries["recovery"].why_not
    assert "Roster > Rest" in entries["heal"].why_not


def test_sections_show_the_condition() -> None:
    """Line 18-19: the condition is shown on the sheet and the card."""
    section = pw.sections(_hero(), Lasting(health_lost=1, ward_spent=1))[0]
    assert [(v.label, v.value) for v in section.values] == [("Health", "7/8"), ("Vigor", "6/6"),
                                                           ("Ward", "2/3")]
