"""Manoeuvres and their stunt effects, decisive stunt effects, ranges and cover (seed 001)."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse import (
    AdjustImpulse,
    CounterDefence,
    DecisiveStrike,
    EndTurn,
    FlurryStrike,
    ImpulseOptions,
    Manoeuvre,
    Move,
    SetCover,
    SetRange,
    StuntEffect,
)

from .helpers import ana_against_two, ana_defends_cy, block, duel, fight, typed


def _give(session: CombatSession, cid: str, value: int) -> None:
    session.apply(AdjustImpulse(cid, value - session.state.combatants[cid].impulse))


def test_manoeuvre_successes_become_impulse_whatever_the_stunt() -> None:
    """001 §Stunting Maneuvers: the seed's Night Caste rolls 5 successes: +5 Impulse, and the
    Knockback beats DV 4: the Ogre goes from melee to short."""
    session = fight(
        ("nc", block("Night Caste", player=True), "ally", 8),
        ("ogre", block("Ogre", dv=4), "enemy", 2),
    )
    start = session.state.combatants["nc"].impulse
    knock = StuntEffect("knockback", target="ogre")
    session.apply(Manoeuvre("nc", "dexterity", "athletics", typed(5), stunt=knock))
    assert session.state.combatants["nc"].impulse == start + 5
    assert session.state.band("nc", "ogre") == 1


def test_a_stunt_adds_two_dice_and_a_stun_takes_two_off_the_next_roll() -> None:
    """001 §Stunting Maneuvers: Dexterity 3 + Brawl 0 + 2 = 5 dice show at most 10
    successes; a stunned fighter's 6 dice become 4 (at most 8), for one roll."""
    session = duel()
    with pytest.raises(IllegalAction, match="0-10"):
        session.apply(Manoeuvre("ana", "dexterity", "brawl", typed(11), stunted=True))
    session.apply(Manoeuvre("ana", "strength", "melee", typed(4), stunt=StuntEffect("stun", "bo")))
    assert session.state.combatants["bo"].has("stunned")  # 4 beats Soak 2
    session.apply(EndTurn())
    with pytest.raises(IllegalAction, match="0-8"):
        session.apply(Manoeuvre("bo", "strength", "melee", typed(9)))
    session.apply(Manoeuvre("bo", "strength", "melee", typed(8)))
    assert not session.state.combatants["bo"].has("stunned")


def _ana_intimidates_bo(impulse: int, roll: DiceEntry) -> CombatSession:
    """Ana's Presence + Presence manoeuvre stunted to Intimidate Bo, who has ``impulse``."""
    session = duel()
    _give(session, "bo", impulse)
    session.apply(
        Manoeuvre("ana", "presence", "presence", roll, stunt=StuntEffect("intimidate", "bo"))
    )
    return session


def test_intimidate_takes_three_impulse_but_not_below_the_floor() -> None:
    """001 §Stunting Maneuvers and ruling impulse_floor: Bo at 2 drops to 0, not -1."""
    session = _ana_intimidates_bo(2, typed(3))
    assert session.state.combatants["bo"].impulse == 0


def test_a_stunt_effect_that_does_not_beat_its_difficulty_fails_but_impulse_still_comes() -> None:
    """001 §Stunting Maneuvers: 2 successes against Resolve 2 do not exceed it."""
    session = _ana_intimidates_bo(5, typed(2))
    assert session.state.combatants["bo"].impulse == 5
    assert "fails" in session.log[-1].sentence


def test_seek_cover_and_counter_cover_step_the_defence_and_block_regaining_it() -> None:
    """001 §Cover, §Situational Defenses: Ana finds full cover (scenery 1); Bo counters it to
    partial (+2 DV) and Ana cannot take cover again until Bo's next turn."""
    session = duel()
    session.apply(
        Manoeuvre(
            "ana",
            "cunning",
            "awareness",
            typed(2),
            stunt=StuntEffect("seek_cover", scenery=1, cover="full"),
        )
    )
    assert session.state.combatants["ana"].cover == "full"
    session.apply(EndTurn())
    _give(session, "bo", 4)
    with pytest.raises(IllegalAction, match="full cover"):
        session.apply(DecisiveStrike("bo", "ana", "Sword", accuracy=typed(5)))
    session.apply(
        Manoeuvre(
            "bo",
            "strength",
            "melee",
            typed(3),
            stunt=StuntEffect("counter_cover", "ana", scenery=2),
        )
    )
    ana = session.state.combatants["ana"]
    assert ana.cover == "partial" and ana.dv == 5
    session.apply(EndTurn())
    with pytest.raises(IllegalAction, match="cannot be regained"):
        session.apply(SetCover("ana", "full"))


def test_full_cover_blocks_its_owner_too_and_counters_step_down() -> None:
    """001 §Cover: behind full cover Ana cannot strike; countered twice it is gone."""
    session = duel()
    _give(session, "ana", 4)
    session.apply(SetCover("ana", "full"))
    with pytest.raises(IllegalAction, match="blocks their own strikes"):
        session.apply(DecisiveStrike("ana", "bo", "Sword", accuracy=typed(5)))
    session.apply(CounterDefence("ana"))
    session.apply(CounterDefence("ana"))
    assert session.state.combatants["ana"].cover == "none"


def test_defend_other_lends_the_better_dv_within_short_range() -> None:
    """001 §Stunting Maneuvers (Defend Other) and ruling defend_other_dv: Cy (DV 1) uses Ana's 3."""
    session = ana_defends_cy()
    assert session.state.combatants["cy"].dv == 3
    session.apply(EndTurn())
    with pytest.raises(IllegalAction, match="protects an ally"):
        session.apply(
            Manoeuvre(
                "cy", "cunning", "awareness", typed(1), stunt=StuntEffect("defend_other", "bo")
            )
        )


def test_decisive_stunt_effects_compare_the_damage_roll() -> None:
    """001 §Stunting Decisive Strikes: 4 damage beats Guile 2: Humiliate leaves a social Wound
    Drawback; 2 damage against Soak 2 fails to Disarm."""
    session = duel()
    _give(session, "ana", 4)
    session.apply(
        DecisiveStrike(
            "ana",
            "bo",
            "Sword",
            accuracy=typed(5),
            damage=typed(4),
            stunted=True,
            stunt=StuntEffect("humiliate"),
        )
    )
    assert session.state.combatants["bo"].drawbacks == ("social",)
    session.apply(EndTurn())
    _give(session, "bo", 4)
    session.apply(
        DecisiveStrike(
            "bo", "ana", "Sword", accuracy=typed(5), damage=typed(2), stunt=StuntEffect("disarm")
        )
    )
    assert not session.state.combatants["ana"].has("disarmed")


def test_disarmed_fighters_strike_only_unarmed_and_restrained_cannot_move() -> None:
    """001 §Stunting Decisive Strikes: Disarm and Restrain land with 5 damage successes."""
    session = fight(("ana", block("Ana", player=True), "ally", 8), ("bo", block("Bo"), "enemy", 4))
    _give(session, "ana", 4)
    session.apply(
        DecisiveStrike(
            "ana", "bo", "Sword", accuracy=typed(5), damage=typed(5), stunt=StuntEffect("disarm")
        )
    )
    session.apply(EndTurn())
    _give(session, "bo", 4)
    with pytest.raises(IllegalAction, match="disarmed"):
        session.apply(DecisiveStrike("bo", "ana", "Sword", accuracy=typed(5)))
    session.apply(DecisiveStrike("bo", "ana", "Unarmed", accuracy=typed(1)))


def test_close_weapons_need_melee_and_ranged_into_melee_loses_two_successes() -> None:
    """001 §Attack Ranges: a sword at short is refused; a bow (Dexterity 3 +
    Archery 3 + light 1 = 7 dice) at melee: 5 - 2 = 3 does not beat DV 3 (a miss); under
    ranged_in_melee "plus_dv" the DV is 5 instead."""
    session = duel(band="short")
    _give(session, "ana", 4)
    with pytest.raises(IllegalAction, match="only at melee"):
        session.apply(DecisiveStrike("ana", "bo", "Sword", accuracy=typed(5)))
    session.apply(SetRange("ana", "bo", "melee"))
    session.apply(DecisiveStrike("ana", "bo", "Bow", accuracy=typed(5)))
    assert "3 successes from 7 dice against DV 3: a miss" in session.log[-1].sentence
    plus = duel(ImpulseOptions(ranged_in_melee="plus_dv"))
    _give(plus, "ana", 4)
    plus.apply(DecisiveStrike("ana", "bo", "Bow", accuracy=typed(5)))
    assert "against DV 5" in plus.log[-1].sentence


def test_ranged_strikes_reach_long_only_by_ruling() -> None:
    """001 §Attack Ranges and ruling ranged_long."""
    session = duel(band="long")
    _give(session, "ana", 4)
    with pytest.raises(IllegalAction, match="cannot reach"):
        session.apply(DecisiveStrike("ana", "bo", "Bow", accuracy=typed(5)))
    allowed = duel(ImpulseOptions(ranged_long=True), band="long")
    _give(allowed, "ana", 4)
    allowed.apply(DecisiveStrike("ana", "bo", "Bow", accuracy=typed(5), damage=typed(1)))


def test_flurry_stunt_lands_on_one_chosen_target_or_on_every_target() -> None:
    """rules/impulse.md §4 flurry_stunt: Maim on Cy only; under "every_target" on both."""

    def run(options: ImpulseOptions) -> tuple[tuple[str, ...], tuple[str, ...]]:
        session = ana_against_two(options=options)
        _give(session, "ana", 4)
        session.apply(
            FlurryStrike(
                "ana",
                ("bo", "cy"),
                "Sword",
                accuracy=typed(5),
                damage=typed(6),
                split=(3, 3),
                stunt=StuntEffect("maim", "cy"),
            )
        )
        state = session.state
        return state.combatants["bo"].drawbacks, state.combatants["cy"].drawbacks

    assert run(ImpulseOptions()) == ((), ("physical",))
    assert run(ImpulseOptions(flurry_stunt="every_target")) == (("physical",), ("physical",))


def test_knockback_toward_pulls_and_a_move_toward_a_group_moves_toward_all_of_it() -> None:
    """001 §Stunting Maneuvers (Pull) and §Movement (groups)."""
    session = ana_against_two(band="medium")
    session.apply(Move("ana", ("bo", "cy"), "toward"))
    assert session.state.band("ana", "bo") == session.state.band("ana", "cy") == 1
    session.apply(
        Manoeuvre(
            "ana",
            "strength",
            "melee",
            typed(4),
            stunt=StuntEffect("knockback", "bo", direction="toward"),
        )
    )
    assert session.state.band("ana", "bo") == 0
