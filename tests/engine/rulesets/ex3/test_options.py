"""Each ruling of rules/3e.md §4 is an option with its default, and each one changes play."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from battlewheel.engine.core.actions import ChangeRuling
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3.block import Weapon
from battlewheel.engine.rulesets.ex3.handlers.attack import damage_plan, plan_attack
from battlewheel.engine.rulesets.ex3.options import Ex3Options

from .helpers import decisive, fight, fighter, group, init, pass_to, typed, withering

DEFAULTS = {
    "defence_choice": "best", "static_rounding": "004", "jb_rating": "pool",
    "late_join_bonus": True, "self_crash_scope": "any", "shift_also_breaks": False,
    "clash_tie": "both_miss", "clash_loser_miss_penalty": False, "bg_withering_gain": True,
    "bg_decisive_extra": "dice", "rout_drill_dice": False, "health_track": "3e",
    "off_hand_penalty": True, "grapple_defender_pool": "strength_brawl",
    "round_duration": "next_turn", "mount_speed_rolls": "movement_actions",
    "range_model": "zones", "flurry_penalty_scope": "not_damage",
}


def _duel(options: Ex3Options, b_jb: int = 5, **b_traits: Any) -> CombatSession:
    return fight(("a", fighter("A"), "ally", 6), ("b", fighter("B", **b_traits), "enemy", b_jb),
                 options=options)


def test_every_ruling_of_the_page_is_an_option_with_its_default_and_words() -> None:
    """rules/3e.md §4 lists 18 (option) rulings; each has a label and a one-line description."""
    specs = Ex3Options.specs()
    assert {s.name: s.default for s in specs} == DEFAULTS
    assert all(s.label and s.description and "\n" not in s.description for s in specs)


def test_defence_choice_declared_makes_the_target_name_its_defence() -> None:
    """Ruling defence_choice 'declared': no declaration is refused; Evasion is used when named."""
    session = _duel(Ex3Options(defence_choice="declared"))
    with pytest.raises(IllegalAction, match="declare"):
        plan_attack(session.state, withering("a", "b", 5, 4))
    plan = plan_attack(session.state, withering("a", "b", 5, 4, defence="evasion"))
    assert plan.defence.used == "evasion"


@pytest.mark.parametrize(("rounding", "evasion"), [("004", 2), ("up", 3), ("down", 2)])
def test_static_rounding_halves_a_mortals_evasion(rounding: str, evasion: int) -> None:
    """Ruling static_rounding: a mortal's (3 + 2) ÷ 2 is 2 by 004, 3 rounded up."""
    session = _duel(Ex3Options(static_rounding=rounding), b_jb=4, kind="mortal")
    assert session.state.combatants["b"].derived.evasion == evasion


def test_jb_rating_decides_who_goes_first_on_a_shared_tick() -> None:
    """Ruling jb_rating: both at 8i; B's pool (6) beats A's (4), A's result (8) beats B's (5)."""
    for rating, first in (("pool", "b"), ("result", "a")):
        session = CombatSession.new(Ex3Options(jb_rating=rating), ruleset="3e")
        session.apply(a.AddCombatant("a", fighter("A"), "ally"))
        session.apply(a.AddCombatant("b", fighter("B", wits=3, awareness=3), "enemy"))
        session.apply(a.RollJoinBattle("a", typed(5)))
        session.apply(a.RollJoinBattle("b", typed(2)))
        session.apply(a.SetInitiative("b", 8))
        session.apply(a.StartCombat())
        assert session.state.actor == first


@pytest.mark.parametrize(("bonus", "expected"), [(True, 5), (False, 2)])
def test_late_join_bonus(bonus: bool, expected: int) -> None:
    """Ruling late_join_bonus: a late joiner's 2 successes give 5i, or 2i without the bonus."""
    session = _duel(Ex3Options(late_join_bonus=bonus))
    session.apply(a.AddCombatant("c", fighter("C"), "ally"))
    session.apply(a.RollJoinBattle("c", typed(2)))
    assert init(session, "c") == expected


@pytest.mark.parametrize(("scope", "expected"), [("any", -6), ("costs", -1)])
def test_self_crash_scope_decides_whether_a_missed_decisive_is_a_self_crash(
        scope: str, expected: int) -> None:
    """Ruling self_crash_scope: at 1i a decisive miss (-2i) is -1, and -5 more under 'any'."""
    session = _duel(Ex3Options(self_crash_scope=scope))
    session.apply(a.SetInitiative("a", 1))
    session.apply(decisive("a", "b", 0, None))
    assert init(session, "a") == expected


def test_shift_also_breaks_adds_the_break_to_a_shift() -> None:
    """Ruling shift_also_breaks: the Shift of the hand-worked case gives 20 + 5 = 25i."""
    options = Ex3Options(shift_also_breaks=True)
    session = fight(("a", fighter("A"), "ally", 2), ("b", fighter("B"), "enemy", 0),
                    options=options)
    session.apply(withering("a", "b", 5, 4))
    pass_to(session, "b")
    session.apply(withering("b", "a", 16, 15, shift_dice=typed(2)))
    assert init(session, "b") == 25


def test_clash_tie_reroll_refuses_a_tie() -> None:
    """Ruling clash_tie 'reroll': a tied clash asks for new rolls."""
    session = fight(("a", fighter("A"), "ally", 5), ("b", fighter("B"), "enemy", 5),
                    options=Ex3Options(clash_tie="reroll"))
    tie = a.Clash(a.ClashSide("a", "withering", "Sword", typed(3)),
                  a.ClashSide("b", "withering", "Sword", typed(3)))
    with pytest.raises(IllegalAction, match="roll again"):
        session.apply(tie)


@pytest.mark.parametrize("choice", ["best", "declared"])
def test_a_clash_is_possible_under_either_defence_choice(choice: str) -> None:
    """Ruling defence_choice 'declared' asks a declared Defence of an attack, not of a
    clash, whose rolls oppose each other (003 §Clashes): the same clash goes through."""
    session = fight(("a", fighter("A"), "ally", 5), ("b", fighter("B"), "enemy", 5),
                    options=Ex3Options(defence_choice=choice))
    session.apply(a.Clash(a.ClashSide("a", "withering", "Sword", typed(5), typed(0)),
                          a.ClashSide("b", "withering", "Sword", typed(2))))
    assert session.log[-1].action.kind == "clash"
    assert session.state.combatants["b"].clash_penalty  # B lost the clash


@pytest.mark.parametrize(("penalty", "expected"), [(False, 8), (True, 6)])
def test_clash_loser_miss_penalty(penalty: bool, expected: int) -> None:
    """Ruling clash_loser_miss_penalty: B's lost decisive costs 2i only when on."""
    session = fight(("a", fighter("A"), "ally", 5), ("b", fighter("B"), "enemy", 5),
                    options=Ex3Options(clash_loser_miss_penalty=penalty))
    session.apply(a.Clash(a.ClashSide("a", "withering", "Sword", typed(5), typed(0)),
                          a.ClashSide("b", "decisive", "Sword", typed(2))))
    assert init(session, "b") == expected - 3  # less A's 3 automatic damage successes


@pytest.mark.parametrize(("gain", "expected"), [(True, 9 + 3), (False, 9)])
def test_bg_withering_gain(gain: bool, expected: int) -> None:
    """Ruling bg_withering_gain: 2 Magnitude damage gives the attacker 3i, or nothing."""
    session = fight(("a", fighter("A"), "ally", 6), ("g", group("G"), "enemy", 0),
                    options=Ex3Options(bg_withering_gain=gain))
    session.apply(withering("a", "g", 4, 2))
    assert init(session, "a") == expected


@pytest.mark.parametrize(("basis", "magnitude"), [("dice", 9 - 1 - 2), ("successes", 9 - 1)])
def test_bg_decisive_extra(basis: str, magnitude: int) -> None:
    """Ruling bg_decisive_extra: 9 dice, 1 success: +9 ÷ 4 = 2, or +1 ÷ 4 = 0 Magnitude."""
    session = fight(("a", fighter("A"), "ally", 6), ("g", group("G"), "enemy", 0),
                    options=Ex3Options(bg_decisive_extra=basis))
    session.apply(decisive("a", "g", 4, 1))
    assert session.state.combatants["g"].magnitude == magnitude


def test_rout_drill_dice_adds_the_drill_bonus_to_the_rout_pool() -> None:
    """Ruling rout_drill_dice: Willpower 4 + Average Drill 1 = 5 dice, so 5 successes fit."""
    for on in (False, True):
        session = fight(("a", fighter("A"), "ally", 6), ("g", group("G"), "enemy", 0),
                        options=Ex3Options(rout_drill_dice=on))
        attack = withering("a", "g", 7, 10, rout=(typed(5),))
        if on:
            session.apply(attack)
            assert session.state.combatants["g"].size == 1
        else:
            with pytest.raises(IllegalAction, match="pool of 4 dice"):
                session.apply(attack)


@pytest.mark.parametrize(("choice", "beyond"), [("3e", 1), ("standard", 2), ("custom", 2)])
def test_health_track_keeps_the_blocks_own_levels_under_every_ruling(choice: str,
                                                                      beyond: int) -> None:
    """Ruling health_track: levels -0, -1, -4 and Incapacitated under each; then one box
    that kills (3e) or Stamina 2 Dying boxes (000's track, kept as "custom" in old fights)."""
    block = dataclasses.replace(fighter("B"), health_levels=(0, 1, 4))
    session = CombatSession.new(Ex3Options(health_track=choice), ruleset="3e")
    session.apply(a.AddCombatant("b", block, "enemy"))
    track = session.state.combatants["b"].health
    assert track.labels[:4] == ("-0", "-1", "-4", "Incap") and track.dying == beyond


def test_a_fight_saved_before_the_3e_track_keeps_000s() -> None:
    """Options saved without health_track read as "standard": the fight keeps its meaning."""
    saved = Ex3Options().to_json()
    del saved["health_track"]
    assert Ex3Options.from_json(saved).health_track == "standard"


@pytest.mark.parametrize(("on", "pool"), [(True, 7), (False, 8)])
def test_off_hand_penalty(on: bool, pool: int) -> None:
    """Ruling off_hand_penalty: a sword in the off hand attacks with 8 - 1 dice."""
    left = Weapon("Sword", accuracy=2, damage=7, off_hand=True)
    session = fight(("a", fighter("A", weapons=(left,)), "ally", 6),
                    ("b", fighter("B"), "enemy", 5), options=Ex3Options(off_hand_penalty=on))
    assert plan_attack(session.state, withering("a", "b", 5, 4)).pool == pool


def test_grapple_defender_pool_gm_takes_the_pool_given() -> None:
    """Ruling grapple_defender_pool "gm": the target resists with the GM's pool (1 die)."""
    session = _duel(Ex3Options(grapple_defender_pool="gm"))
    gambit = a.Attack("a", "b", "gambit", "Unarmed", typed(4), typed(3), gambit="grapple",
                      control=typed(4), resist=typed(3), resist_pool=1)
    with pytest.raises(IllegalAction, match="pool of 1 dice"):
        session.apply(gambit)
    session.apply(dataclasses.replace(gambit, resist=typed(1)))
    assert session.state.grapples["a"].rounds == 3


@pytest.mark.parametrize(("duration", "kept"), [("next_turn", True), ("round_end", False)])
def test_round_duration_of_defend_other(duration: str, kept: bool) -> None:
    """Ruling round_duration: A guards C on tick 3; at B's turn in round 2 the ward still
    holds until A's next turn, but has lapsed with the end of round 1 under 'round_end'."""
    session = fight(("a", fighter("A"), "ally", 0), ("c", fighter("C"), "ally", 1),
                    ("b", fighter("B"), "enemy", 5), options=Ex3Options(round_duration=duration))
    pass_to(session, "a")
    session.apply(a.DefendOther("a", "c"))
    pass_to(session, "b")
    assert session.state.round == 2
    assert (session.state.combatants["a"].ward == "c") is kept


@pytest.mark.parametrize(("choice", "fits"), [("movement_actions", True), ("gm", False)])
def test_mount_speed_rolls(choice: str, fits: bool) -> None:
    """Ruling mount_speed_rolls: a horse adds 4 to a mortal's Disengage pool of 5."""
    rider = dataclasses.replace(fighter("R", kind="mortal"), mount="horse")
    session = fight(("r", rider, "ally", 4), ("b", fighter("B", kind="mortal"), "enemy", 0),
                    options=Ex3Options(mount_speed_rolls=choice))
    action = a.Disengage("r", typed(9), {"b": typed(0)})
    if fits:
        session.apply(action)
        assert session.state.combatants["r"].disengaged_from == ("b",)
    else:
        with pytest.raises(IllegalAction, match="pool of 5 dice"):
            session.apply(action)


def test_range_model_bands_keeps_a_band_per_pair() -> None:
    """Ruling range_model 'bands': the GM sets a band; a sword cannot reach at short range."""
    session = _duel(Ex3Options(range_model="bands"))
    session.apply(a.SetRange("a", "b", band="short"))
    with pytest.raises(IllegalAction, match="cannot reach"):
        session.apply(withering("a", "b", 5, 4))
    session.apply(a.Move("a", "close", "b"))
    session.apply(withering("a", "b", 5, 4))


@pytest.mark.parametrize(("scope", "pool"), [("not_damage", 10), ("damage_too", 7)])
def test_flurry_penalty_scope(scope: str, pool: int) -> None:
    """Ruling flurry_penalty_scope: a flurry's damage pool 10 loses 3 only under 'damage_too'."""
    session = _duel(Ex3Options(flurry_penalty_scope=scope))
    action = withering("a", "b", 5, 4, flurry=True)
    plan = plan_attack(session.state, action)
    assert plan.pool == 8 - 3
    assert damage_plan(session.state, plan, action, 2).pool == pool


def test_an_unknown_or_impossible_ruling_is_refused_and_logged_changes_replay() -> None:
    """Combat > Rulings: a bad value is refused; a change is an undoable log entry."""
    session = _duel(Ex3Options())
    with pytest.raises(IllegalAction, match="Combat > Rulings"):
        session.apply(ChangeRuling("clash_tie", "coin toss"))
    session.apply(ChangeRuling("clash_tie", "reroll"))
    assert session.state.options.clash_tie == "reroll"
    session.undo()
    assert session.state.options.clash_tie == "both_miss"
