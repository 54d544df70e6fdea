"""The rules page's own rulings a GM found unfollowed (issue 24): ties asked, not assumed;
manoeuvre attacks on a target; moving toward a group; reinforcements; unarmed strikes;
stunt dice only when stunted."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse import (
    ChangeInitiative,
    DecisiveStrike,
    EndTurn,
    Manoeuvre,
    RollOrder,
    SettleTie,
    StuntEffect,
    Weapon,
)
from battlewheel.engine.rulesets.impulse.actions import is_stunted
from battlewheel.engine.rulesets.impulse.handlers.strikes import manoeuvre_pool
from battlewheel.engine.rulesets.impulse.menu import tie_chooser
from battlewheel.engine.rulesets.impulse.rules import EXTREME, SHORT

from .helpers import TRAITS, block, duel, face, fight, typed

IMPULSE = get_ruleset("impulse")


def _entry(session: object, key: str):  # type: ignore[no-untyped-def]
    return next(e for e in IMPULSE.turn_actions(session.state) if e.key == key)  # type: ignore[attr-defined]


def _waits_until_ana_goes_first(session: CombatSession, key: str) -> None:
    """The ``key`` entry is greyed for the tie and Space offers Settle a tie, until the tie
    is settled with Ana before Bo."""
    entry = _entry(session, key)
    assert not entry.enabled and "settle the tie" in entry.why_not
    step = IMPULSE.next_step(session.state)
    assert step is not None and step.key == "settle_tie"
    session.apply(SettleTie(("ana", "bo")))
    assert _entry(session, key).enabled


@pytest.mark.parametrize(("bo_player", "chooser"), [(False, "player"), (True, "coin")])
def test_a_tie_with_a_player_is_asked_before_round_one(bo_player: bool, chooser: str) -> None:
    """001 §Turn Order: Ana (Initiative 3, face 5) and Bo (5, face 3) tie at 8. A player
    against an NPC picks, two players flip a coin: Begin round 1 waits and Space offers
    Settle a tie, instead of putting the higher Initiative first unasked."""
    session = fight(("ana", block("Ana", player=True), "ally", 5),
                    ("bo", block("Bo", initiative=5, player=bo_player), "enemy", 3), start=False)
    assert tie_chooser(session.state, ("ana", "bo")) == chooser
    _waits_until_ana_goes_first(session, "start")
    step = IMPULSE.next_step(session.state)
    assert step is not None and step.key == "start"


def test_a_tie_made_after_the_start_is_asked_before_the_round_it_matters_for() -> None:
    """001 §Turn Order: Ana (player, 3 + face 5 = 8) raises her order to Bo's 11 with a
    Change Initiative in round 1. Her turn cannot end (nor Space move on) until the tie
    is settled as a player against an NPC settles it; once she picks herself, round 2
    puts her first, not Bo for his higher Initiative."""
    session = fight(("ana", block("Ana", player=True), "ally", 5),
                    ("bo", block("Bo", initiative=5), "enemy", 6))
    session.apply(EndTurn())  # Bo's turn at 11; Ana's at 8 next
    session.apply(ChangeInitiative("ana", 11))
    _waits_until_ana_goes_first(session, "end_turn")
    session.apply(EndTurn())
    assert session.state.round == 2
    assert [e.cid for e in session.state.order()] == ["ana", "bo"]


def test_a_tie_of_npcs_is_the_gms_with_the_higher_score_proposed() -> None:
    """rules/impulse.md §4 (GM input): NPCs tied at 8 need no asking; Bo, the higher
    Initiative, goes first unless the GM settles it otherwise."""
    session = fight(("al", block("Al"), "ally", 5), ("bo", block("Bo", initiative=5), "enemy", 3),
                    start=False)
    assert tie_chooser(session.state, ("al", "bo")) == "gm"
    assert _entry(session, "start").enabled
    assert [e.cid for e in session.state.order()] == ["bo", "al"]


@pytest.mark.parametrize(("rolled", "hit"), [(4, True), (3, False)])
def test_a_manoeuvre_aimed_at_a_foe_hits_above_its_dv_and_costs_no_endurance(
        rolled: int, hit: bool) -> None:
    """001 §Maneuvers: Ana's manoeuvre at Bo (DV 3) hits on 4 successes, misses on 3 (beat_rule
    "above"); either way Ana gains the successes as Impulse and Bo keeps his Endurance."""
    session = duel()
    ana = session.state.combatants["ana"].impulse
    session.apply(Manoeuvre("ana", "dexterity", "athletics", typed(rolled), target="bo"))
    state = session.state
    assert state.combatants["ana"].impulse == ana + rolled
    assert state.combatants["bo"].endurance == 10
    texts = [e.text for e in session.log[-1].events]
    word = "hits" if hit else "misses"
    assert any(t.startswith(f"The manoeuvre {word} Bo ({rolled} against DV 3)") for t in texts)
    assert f"Against Bo's DV 3 it {word}" in session.log[-1].sentence


def test_a_manoeuvre_aimed_at_its_maker_or_nobody_there_is_refused() -> None:
    """001 §Maneuvers: a manoeuvre attack is aimed at someone else on the field."""
    session = duel()
    with pytest.raises(IllegalAction, match="someone else"):
        session.apply(Manoeuvre("ana", "dexterity", "athletics", typed(2), target="ana"))


def test_a_stunt_effect_adds_two_dice_only_when_stunted_is_ticked() -> None:
    """001 §Stunting Maneuvers: Dexterity 3 + Athletics 2 = 5 dice; a Stun chosen with
    Stunted unticked rolls 5 (at most 10 successes), ticked 7 (at most 14); a log written
    before the tick was recorded counts the effect as a stunt, as it did then."""
    stun = StuntEffect("stun", "bo")
    assert manoeuvre_pool(duel().state.combatants["ana"], "dexterity", "athletics", True) == 7
    session = duel()
    with pytest.raises(IllegalAction, match="0-10"):
        session.apply(Manoeuvre("ana", "dexterity", "athletics", typed(11), stunt=stun,
                                stunted=False))
    session.apply(Manoeuvre("ana", "dexterity", "athletics", typed(11), stunt=stun,
                            stunted=True))
    legacy = Manoeuvre("ana", "dexterity", "athletics", typed(11), stunt=stun)
    assert legacy.stunted is None and is_stunted(legacy)
    duel().apply(legacy)


def test_a_roster_character_joining_mid_fight_spends_a_round_at_extreme() -> None:
    """001 §Range Bands: the Guard, brought in from the roster in round 1 after Ana's turn,
    waits at Extreme through round 2 (not on the ring, at Extreme to everyone) and comes in
    at short in round 3; before the fight began the same join puts him on the field at once."""
    session = duel()
    session.apply(EndTurn())  # Ana has acted: the rest of round 1 is not his round
    session.apply(IMPULSE.join_action("guard", block("Guard"), "enemy"))
    session.apply(RollOrder("guard", face(9)))
    state = session.state
    assert state.in_reserve("guard") and state.band("ana", "guard") == EXTREME
    assert "guard" not in {e.cid for e in state.order()}
    assert "on the field in round 3" in session.log[-2].events[-1].text


def test_a_reinforcement_joining_before_anyone_acts_enters_next_round() -> None:
    """001 §Range Bands: one round at Extreme. Brought in at the start of round 1, before
    anyone has acted, the Guard spends round 1 at Extreme and is on the field in round 2
    (joining after Ana's turn keeps round 3, the test above)."""
    session = duel()
    session.apply(IMPULSE.join_action("guard", block("Guard"), "enemy"))
    assert "on the field in round 2" in session.log[-1].events[-1].text
    assert session.state.in_reserve("guard")
    session.apply(RollOrder("guard", face(9)))
    for _ in range(2):  # Ana and Bo end round 1
        session.apply(EndTurn())
    assert session.state.round == 2 and not session.state.in_reserve("guard")
    assert session.state.band("ana", "guard") == SHORT
    for _ in range(3):  # Bo ends round 1, then Ana and Bo act in round 2
        session.apply(EndTurn())
    state = session.state
    assert state.round == 3 and not state.in_reserve("guard")
    assert state.band("ana", "guard") == SHORT and "guard" in {e.cid for e in state.order()}
    early = duel(start=False)
    early.apply(IMPULSE.join_action("guard", block("Guard"), "enemy"))
    assert not early.state.in_reserve("guard")


def test_an_unarmed_strike_uses_dexterity_or_strength() -> None:
    """001 §Weapons and Armor: unarmed strikes with Dexterity or Strength. Ana (Strength 4,
    Dexterity 2, Brawl 2) strikes Bo with her fists using Strength: 4 + 2 + 2 = 8 dice (at
    most 16 successes); with the fist's own Dexterity 6. A light weapon has no choice."""
    traits = {**TRAITS, "strength": 4, "dexterity": 2, "brawl": 2}
    session = duel(traits=traits)
    with pytest.raises(IllegalAction, match="0-12"):
        session.apply(DecisiveStrike("ana", "bo", "Unarmed", typed(13)))
    session.apply(DecisiveStrike("ana", "bo", "Unarmed", typed(16), typed(0),
                                 attribute="strength"))
    knife = duel(traits=traits, weapons=(Weapon("Knife", "light", "dexterity", "melee"),))
    with pytest.raises(IllegalAction, match=r"001 §Weapons and Armor.*Dexterity"):
        knife.apply(DecisiveStrike("ana", "bo", "Knife", typed(1), attribute="strength"))


def test_the_new_fields_go_through_the_log_and_an_older_log_reads_with_their_defaults() -> None:
    """A log with a manoeuvre aimed and unstunted, a strike with Strength and a roster join
    mid-fight replays to the same state; a manoeuvre written without "stunted" (older logs)
    reads as stunted when it carries an effect, as it was played."""
    traits = {**TRAITS, "strength": 4, "brawl": 2}
    session = duel(traits=traits)
    session.apply(Manoeuvre("ana", "dexterity", "athletics", typed(2), target="bo",
                            stunt=StuntEffect("stun", "bo"), stunted=False))
    session.apply(EndTurn())
    session.apply(EndTurn())
    session.apply(DecisiveStrike("ana", "bo", "Unarmed", typed(1), attribute="strength"))
    session.apply(IMPULSE.join_action("guard", block("Guard"), "enemy"))
    logged = session.to_json()
    again = CombatSession.from_json(logged)
    assert again.state.combatants == session.state.combatants
    entry = next(e for e in logged["actions"] if e["kind"] == "manoeuvre")
    assert entry["stunted"] is False and entry["target"] == "bo"
    del entry["stunted"]
    older = next(e.action for e in CombatSession.from_json(logged).log
                 if isinstance(e.action, Manoeuvre))
    assert older.stunted is None and is_stunted(older)
