"""The order, the ambush round, NPC extra actions, reinforcements, defeat's aftermath (seed 001)."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse import (
    AddCombatant,
    AdjustImpulse,
    AmbushContest,
    ChooseDeath,
    DecisiveStrike,
    EndTurn,
    ImpulseOptions,
    Manoeuvre,
    MarkAmbushed,
    RollOrder,
    SetEndurance,
    SetOrderValue,
    SettleTie,
    StartCombat,
    VillainEscapes,
)

from .helpers import block, duel, face, fight, typed


def test_order_is_d10_plus_initiative_and_impulse_starts_at_the_initiative_score() -> None:
    """001 §Turn Order: faces 8 and 4 + Initiative 3 give 11 and 7; both start with 3 Impulse."""
    session = duel()
    assert [(e.key, e.value) for e in session.state.order()] == [("ana", 11), ("bo", 7)]
    assert {f.impulse for f in session.state.combatants.values()} == {3}


def test_starting_impulse_can_be_the_order_value() -> None:
    """rules/impulse.md §4 starting_impulse "order_value": 11 and 7."""
    session = duel(ImpulseOptions(starting_impulse="order_value"))
    assert [f.impulse for f in session.state.combatants.values()] == [11, 7]


def test_the_order_roll_is_read_by_its_face_and_one_die_per_action() -> None:
    """001 §Turn Order: a success count is refused; an NPC with 3 actions rolls 3 dice."""
    session = CombatSession.new(ruleset="impulse")
    session.apply(AddCombatant("ogre", block("Ogre", actions=3)))
    with pytest.raises(IllegalAction, match="read by its face"):
        session.apply(RollOrder("ogre", typed(1)))
    with pytest.raises(IllegalAction, match="rolls 3 d10"):
        session.apply(RollOrder("ogre", face(5)))
    session.apply(RollOrder("ogre", face(5, 9, 1)))
    assert session.state.combatants["ogre"].orders == (8, 12, 4)


def test_extra_npc_actions_each_take_their_own_slot_in_the_round() -> None:
    """001 §The Combat Round (Balancing Large Groups): the ogre acts at 12, then Ana at 11, then
    the ogre again at 8 and 4."""
    session = CombatSession.new(ruleset="impulse")
    session.apply(AddCombatant("ana", block("Ana", player=True), "ally", band="melee"))
    session.apply(AddCombatant("ogre", block("Ogre", actions=3), band="melee"))
    session.apply(RollOrder("ana", face(8)))
    session.apply(RollOrder("ogre", face(5, 9, 1)))
    session.apply(StartCombat())
    assert [e.key for e in session.state.order()] == ["ogre#2", "ana", "ogre", "ogre#3"]
    seen = [session.state.acting_key]
    for _ in range(3):
        session.apply(EndTurn())
        seen.append(session.state.acting_key)
    assert seen == ["ogre#2", "ana", "ogre", "ogre#3"]


def test_a_player_character_has_one_action() -> None:
    """001 §The Combat Round: a player character with 2 actions is refused by the stat block."""
    from battlewheel.engine.core.errors import TraitValueError

    with pytest.raises(TraitValueError, match="actions"):
        block("Ana", player=True, actions=2)


def test_under_gm_places_extra_counters_are_placed_by_hand_before_the_start() -> None:
    """rules/impulse.md §4 extra_npc_actions "gm_places": one die, then the GM places action 2."""
    session = CombatSession.new(ImpulseOptions(extra_npc_actions="gm_places"), ruleset="impulse")
    session.apply(AddCombatant("ana", block("Ana", player=True), "ally"))
    session.apply(AddCombatant("ogre", block("Ogre", actions=2)))
    session.apply(RollOrder("ana", face(8)))
    session.apply(RollOrder("ogre", face(5)))
    with pytest.raises(IllegalAction, match="1 of 2 order values"):
        session.apply(StartCombat())
    session.apply(SetOrderValue("ogre", 2, index=1))
    session.apply(StartCombat())
    assert [e.key for e in session.state.order()] == ["ana", "ogre", "ogre#2"]


def test_a_placed_counter_is_told_in_the_log_by_its_fighters_name() -> None:
    """rules/impulse.md §5: the log names the fighter (and which action), never the
    counter's inner key such as ``ogre#2``."""
    session = fight(
        ("ana", block("Ana", player=True), "ally", 8),
        ("ogre", block("Ogre", actions=2), "enemy", 4),
        start=False,
    )
    second = session.apply(SetOrderValue("ogre", 9, index=1))
    first = session.apply(SetOrderValue("ogre", 6))
    assert [e.text for e in second] == ["Ogre's action 2 is placed at 9."]
    assert [e.text for e in first] == ["Ogre is placed at 6."]


def test_ties_go_to_the_higher_score_until_the_player_settles_them() -> None:
    """001 §Turn Order and rules/impulse.md §4: Bo (Initiative 5, face 3) and Ana (3, face 5)
    tie at 8: Bo first by score; the player puts Ana first."""
    session = fight(
        ("ana", block("Ana", player=True), "ally", 5),
        ("bo", block("Bo", initiative=5), "enemy", 3),
        start=False,
    )
    assert [e.cid for e in session.state.order()] == ["bo", "ana"]
    session.apply(SettleTie(("ana", "bo")))
    assert [e.cid for e in session.state.order()] == ["ana", "bo"]
    session.apply(SetOrderValue("bo", 9))
    with pytest.raises(IllegalAction, match="same order value"):
        session.apply(SettleTie(("bo", "ana")))


def test_the_ambushed_start_at_zero_impulse_and_act_last_in_round_one_only() -> None:
    """001 §Ambush Round: Ana (order 11) is ambushed: 0 Impulse, acts after Bo (7) in round 1,
    first again in round 2."""
    session = fight(
        ("ana", block("Ana", player=True), "ally", 8), ("bo", block("Bo"), "enemy", 4), start=False
    )
    session.apply(MarkAmbushed("ana"))
    session.apply(StartCombat())
    state = session.state
    assert state.combatants["ana"].impulse == 0
    assert [e.cid for e in state.order()] == ["bo", "ana"]
    session.apply(EndTurn())
    session.apply(EndTurn())
    assert session.state.round == 2
    assert [e.cid for e in session.state.order()] == ["ana", "bo"]


def test_the_ambush_contest_needs_more_successes_than_the_ambusher() -> None:
    """001 §Ambush Round: a tie lets the ambush stand; 3 against 2 sees it coming."""
    session = fight(
        ("ana", block("Ana", player=True), "ally", 8), ("bo", block("Bo"), "enemy", 4), start=False
    )
    session.apply(MarkAmbushed("ana"))
    session.apply(AmbushContest("ana", "bo", typed(2), typed(2)))
    assert session.state.combatants["ana"].ambushed
    session.apply(AmbushContest("ana", "bo", typed(3), typed(2)))
    assert not session.state.combatants["ana"].ambushed
    session.apply(MarkAmbushed("bo"))
    with pytest.raises(IllegalAction, match="only player characters"):
        session.apply(AmbushContest("bo", "ana", typed(3), typed(0)))


def test_reinforcements_spend_a_round_at_extreme_then_arrive() -> None:
    """001 §Range Bands: added at the start of round 1, before anyone acts, the guard is
    off the field through round 1 and arrives at long range in round 2 with his starting
    Impulse (one round at Extreme)."""
    session = duel()
    session.apply(AddCombatant("guard", block("Guard"), band="long", reserve=True))
    session.apply(RollOrder("guard", face(9)))
    assert session.state.band("guard", "ana") == 4
    session.apply(AdjustImpulse("ana", 2))
    with pytest.raises(IllegalAction, match="not on the field"):
        session.apply(DecisiveStrike("ana", "guard", "Bow", accuracy=typed(3)))
    for _ in range(2):
        session.apply(EndTurn())
    assert session.state.round == 2
    assert session.state.band("guard", "ana") == 3
    assert session.state.acting_id() == "guard"
    assert session.state.combatants["guard"].impulse == 3


def test_a_fallen_player_dies_only_by_choice_and_a_villain_escape_gives_strife() -> None:
    """001 §Defeat: Ana out keeps living until ChooseDeath; Bo escaping gives each PC 1 Strife."""
    session = fight(
        ("ana", block("Ana", player=True), "ally", 8),
        ("cy", block("Cy", player=True), "ally", 6),
        ("bo", block("Bo"), "enemy", 4),
    )
    session.apply(SetEndurance("ana", 0))
    ana = session.state.combatants["ana"]
    assert ana.defeated and not ana.dead and ana.limit == 1
    session.apply(ChooseDeath("ana"))
    assert session.state.combatants["ana"].dead
    session.apply(VillainEscapes("bo"))
    assert session.state.combatants["cy"].strife == 1
    assert session.state.combatants["bo"].fled
    with pytest.raises(IllegalAction, match="not a villain"):
        session.apply(VillainEscapes("cy"))


def test_endurance_out_below_zero_keeps_a_fighter_in_at_zero() -> None:
    """rules/impulse.md §4 endurance_out "below_zero": 0 stays in, -1 is out."""
    session = duel(ImpulseOptions(endurance_out="below_zero"))
    session.apply(SetEndurance("bo", 0))
    assert not session.state.combatants["bo"].defeated
    session.apply(SetEndurance("bo", -1))
    assert session.state.combatants["bo"].defeated


def test_effects_for_a_round_end_at_the_sources_next_turn_or_at_the_round_end() -> None:
    """rules/impulse.md §4 round_duration: Bo's Dash -1 DV lasts to Bo's next turn by default."""
    from battlewheel.engine.rulesets.impulse import Dash

    def dashed_after(options: ImpulseOptions, ends: int) -> bool:
        session = duel(options, band="long")
        session.apply(EndTurn())
        session.apply(AdjustImpulse("bo", 2))
        session.apply(Dash("bo", ("ana",), "toward"))
        for _ in range(ends):
            session.apply(EndTurn())
        return bool(session.state.combatants["bo"].has("dashed"))

    assert dashed_after(ImpulseOptions(), 1)  # round 2, Ana acting
    assert not dashed_after(ImpulseOptions(), 2)  # Bo's next turn
    assert not dashed_after(ImpulseOptions(round_duration="end_of_round"), 1)


def test_the_004_stunt_reward_gives_a_willpower_back() -> None:
    """rules/impulse.md §4 stunt_reward "004": a 2-die stunt returns 1 Willpower (up to 5)."""
    for options, expected in ((ImpulseOptions(), 4), (ImpulseOptions(stunt_reward="004"), 5)):
        session = duel(options, willpower=5)
        ana = session.state.combatants["ana"]
        session.state.combatants["ana"] = ana.replace(willpower=4)
        session.apply(Manoeuvre("ana", "dexterity", "melee", typed(1), stunted=True))
        assert session.state.combatants["ana"].willpower == expected


def test_damage_tens_count_once_by_ruling() -> None:
    """rules/impulse.md §4 damage_tens: faces 10 10 7 1 1 ... give 5 successes, or 3 single."""
    from battlewheel.engine.core.dice import DiceEntry

    for options, left in ((ImpulseOptions(), 5), (ImpulseOptions(damage_tens=False), 7)):
        session = duel(options)
        session.apply(AdjustImpulse("ana", 2))  # 5 Impulse + 3 base + 1 over = 9 dice
        faces = DiceEntry.of_faces((10, 10, 7, 1, 1, 2, 3, 4, 5))
        session.apply(DecisiveStrike("ana", "bo", "Sword", accuracy=typed(4), damage=faces))
        assert session.state.combatants["bo"].endurance == left
