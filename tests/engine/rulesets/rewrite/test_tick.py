"""The nine steps of a tick, worked through the session (000 §Each tick)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.rewrite import (
    PARTIALLY,
    PHASE_EFFECTS,
    PHASE_RESOLVE,
    TOTALLY,
    AddCombatant,
    Advance,
    ApplyTickEffects,
    AwardStunt,
    CombatSession,
    Concealment,
    DamageRoll,
    DeclareConcealment,
    DeclaredManoeuvre,
    DeclareFlurry,
    DeclareMovement,
    Defence,
    MoveCounter,
    NextTick,
    RemoveCombatant,
    ResolveAttack,
    ResolveCounterattack,
    RollAmbush,
    RollJoinBattle,
    SpendMotes,
    StartCombat,
    pending_damage,
)
from battlewheel.engine.rulesets.rewrite.block import CharacterKind
from battlewheel.engine.rulesets.rewrite.handlers import flurry as rewrite_flurry
from battlewheel.engine.rulesets.rewrite.handlers import tick as rewrite_tick
from battlewheel.engine.rulesets.rewrite.handlers.counter import counterattack_openings
from battlewheel.engine.rulesets.rewrite.handlers.manual import MAX_TICK
from battlewheel.engine.rulesets.rewrite.rules import tables
from battlewheel.engine.rulesets.rewrite.state import Combat
from tests.engine.counting import calls_of

from .helpers import person, started, typed

FIGHTER = {"dexterity": 3, "stamina": 2, "strength": 2, "wits": 2}
SKILLS = {"dodge": 2, "brawl": 2, "melee": 3, "awareness": 1}


def _duel(join_a: int = 3, join_b: int = 3, **kinds: CharacterKind) -> CombatSession:
    """A (ally) and B (enemy), Dexterity 3, Dodge 2, Brawl 2; first tick begun."""
    session = CombatSession.new()
    for cid, join in (("a", join_a), ("b", join_b)):
        kind = kinds.get(cid, CharacterKind.MORTAL)
        who = person(
            cid.upper(),
            kind=kind,
            attributes=FIGHTER,
            abilities=SKILLS,
            personal=10 if kind is not CharacterKind.MORTAL else 0,
        )
        session.apply(AddCombatant(cid, who, "ally" if cid == "a" else "enemy"))
        session.apply(RollJoinBattle(cid, typed(join)))
    session.apply(StartCombat())
    session.apply(NextTick())
    return session


def _harmless_damage(session: CombatSession) -> ApplyTickEffects:
    """The tick's effects with every damage die showing 2 (no level)."""
    rolls = []
    for item in pending_damage(session.state):
        dice = {k: DiceEntry.of_faces((2,) * n) for k, n in item.pools.dice.items() if n}
        rolls.append(DamageRoll.by_type(item.attacker, item.target, dice))
    return ApplyTickEffects(tuple(rolls))


def _punch(target: str) -> DeclaredManoeuvre:
    return DeclaredManoeuvre("attack", weapon="Punch", target=target)


def test_a_flurry_moves_its_counter_by_its_speed_and_takes_its_dv_penalty() -> None:
    """Punch (5, -1) + Dash (3, -2): Speed 5, DV -3; Dodge (3+2)/2 = 2 drops to 0 for now."""
    session = _duel(3, 1)
    session.apply(DeclareFlurry("a", (_punch("b"), DeclaredManoeuvre("dash"))))
    session.apply(ResolveAttack("a", 0, attack=typed(0), defence=Defence("dodge")))
    session.apply(ApplyTickEffects())
    a = session.state.combatants["a"]
    assert (a.next_tick, a.dv_penalty, a.dvs["dodge"]) == (6, 3, 0)


def test_a_flurry_declared_again_is_planned_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same flurry declared in another fight (a forecast's next playout) takes the plan
    worked out before: Speed and DV penalty the same, nothing planned again; a refused
    flurry is still refused."""
    first, again = _duel(3, 1), _duel(3, 1)
    flurry = DeclareFlurry("a", (_punch("b"), DeclaredManoeuvre("dash")))
    first.apply(flurry)
    planned = calls_of(monkeypatch, rewrite_flurry, "plan_flurry")
    again.apply(flurry)
    assert again.state.tick.flurries["a"] == first.state.tick.flurries["a"]
    assert planned == []
    with pytest.raises(IllegalAction, match="only once per flurry"):
        _duel(3, 1).apply(DeclareFlurry("a", (DeclaredManoeuvre("dash"),) * 2))


def test_dvs_refresh_when_the_next_action_comes() -> None:
    """At A's next action the -3 ends and Dodge is 2 again (000 §DVs Refresh)."""
    session = _duel(3, 1)
    session.apply(DeclareFlurry("a", (DeclaredManoeuvre("dash"), _punch("b"))))
    session.apply(ResolveAttack("a", 1, attack=typed(0), defence=Defence("dodge")))
    session.apply(ApplyTickEffects())
    while "a" not in session.state.acting_ids():
        if session.state.acting_ids():
            for cid in session.state.acting_ids():
                session.apply(DeclareFlurry(cid, (DeclaredManoeuvre("guard"),)))
            session.apply(ApplyTickEffects())
        session.apply(Advance())
    a = session.state.combatants["a"]
    assert (a.dv_penalty, a.dvs["dodge"], a.dash) == (0, 2, False)


def test_dash_adds_six_yards_until_the_next_action() -> None:
    """Dexterity 3 allows 3 yards; after a Dash 9 are allowed and 10 refused."""
    session = _duel(3, 1)
    with pytest.raises(IllegalAction, match="0-3 yards"):
        session.apply(DeclareMovement("a", 4))
    session.apply(DeclareFlurry("a", (DeclaredManoeuvre("dash"),)))
    session.apply(DeclareMovement("a", 9))
    with pytest.raises(IllegalAction, match=r"^000 §All Characters Declare Movement"):
        session.apply(DeclareMovement("a", 10))


def test_damage_waits_until_every_flurry_has_resolved() -> None:
    """Both punch on tick 1; A's hit is not marked until the effects, so B still strikes back."""
    session = _duel(3, 3)
    session.apply(DeclareFlurry("a", (_punch("b"),)))
    session.apply(DeclareFlurry("b", (_punch("a"),)))
    # 4 successes + Accuracy 1 against Dodge 2: excess 3, dice 3 + Strength 2 = 5, soak 2 off dice.
    session.apply(ResolveAttack("a", 0, attack=typed(4), defence=Defence("dodge")))
    assert session.state.combatants["b"].health.damage == 0
    assert session.state.phase == PHASE_RESOLVE
    session.apply(ResolveAttack("b", 0, attack=typed(0), defence=Defence("dodge")))
    assert session.state.phase == PHASE_EFFECTS
    [hit] = [p for p in pending_damage(session.state) if not p.pools.all_failed]
    assert (hit.pools.dice["B"], hit.pools.levels["B"]) == (3, 0)
    # A roll for a counterattack nobody made is refused, naming the fighters as the GM
    # knows them rather than by their ids.
    stray = DamageRoll("a", "b", bashing=DiceEntry.of_faces((7,)), counterattack=True)
    with pytest.raises(IllegalAction, match=r"^000 §.*: no counterattack of A struck B$"):
        session.apply(ApplyTickEffects((stray,)))
    session.apply(ApplyTickEffects((DamageRoll("a", "b", bashing=DiceEntry.of_faces((7, 8, 2))),)))
    assert session.state.combatants["b"].health.marks.startswith("//.")


def test_the_second_attack_on_a_defender_suffers_onslaught() -> None:
    """Two punches at B in one flurry: the second meets Dodge 2 - 1 onslaught = 1."""
    session = _duel(3, 1)
    session.apply(DeclareFlurry("a", (_punch("b"), _punch("b"))))
    session.apply(ResolveAttack("a", 0, attack=typed(0), defence=Defence("dodge")))
    session.apply(ResolveAttack("a", 1, attack=typed(0), defence=Defence("dodge")))
    second = session.state.tick.attacks[1].outcome.defence
    assert (second.onslaught, second.final_dv) == (1, 1)


def test_two_attacks_take_the_multiple_action_penalty() -> None:
    """Two punches: the first rolls Dex 3 + Brawl 2 - 2 = 3 dice, the second 5 - 3 = 2."""
    session = _duel(3, 1)
    session.apply(DeclareFlurry("a", (_punch("b"), _punch("b"))))
    with pytest.raises(IllegalAction, match=r"2 faces given for a pool of 3 dice"):
        session.apply(ResolveAttack("a", 0, attack=DiceEntry.of_faces((1, 2))))
    session.apply(ResolveAttack("a", 0, attack=DiceEntry.of_faces((1, 2, 3))))
    session.apply(ResolveAttack("a", 1, attack=DiceEntry.of_faces((1, 2))))


def test_attacks_resolve_in_declared_order() -> None:
    """Resolving A's second attack first is refused citing 000 §Attack Resolution."""
    session = _duel(3, 1)
    session.apply(DeclareFlurry("a", (_punch("b"), _punch("b"))))
    with pytest.raises(IllegalAction, match=r"^000 §Attack Resolution: .*declared order"):
        session.apply(ResolveAttack("a", 1, attack=typed(0)))


def test_an_unaware_defender_loses_the_margin_from_the_dv_and_wakes_on_a_melee_hit() -> None:
    """Margin 2 takes Dodge 2 to 0; after the punch B is Aware of A (000 §Reassess Surprise)."""
    session = CombatSession.new()
    session.apply(AddCombatant("a", person("A", attributes=FIGHTER, abilities=SKILLS), "ally"))
    session.apply(AddCombatant("b", person("B", attributes=FIGHTER, abilities=SKILLS), "enemy"))
    session.apply(DeclareConcealment("a", (Concealment("b"),)))
    session.apply(RollAmbush("a", typed(3)))  # SDV (1+1+1)/2 = 1: margin 2
    session.apply(RollJoinBattle("a", typed(2)))
    session.apply(StartCombat())
    session.apply(NextTick())
    session.apply(DeclareFlurry("a", (_punch("b"),)))
    session.apply(ResolveAttack("a", 0, attack=typed(0), defence=Defence("dodge")))
    assert session.state.tick.attacks[0].outcome.defence.final_dv == 0
    session.apply(_harmless_damage(session))
    assert session.state.is_aware("b", "a")
    assert session.state.awaiting_join_battle() == ("b",)


def test_a_ranged_attack_only_lowers_the_margin_by_one() -> None:
    """Margin 2 and a thrown knife: the target is still unaware, now by 1."""
    knife = tables.weapon("Throwing knife")
    thrower = person("A", attributes=FIGHTER, abilities={**SKILLS, "thrown": 2})
    session = CombatSession.new()
    session.apply(AddCombatant("a", thrower.with_weapons((knife,)), "ally"))
    session.apply(AddCombatant("b", person("B", attributes=FIGHTER, abilities=SKILLS), "enemy"))
    session.apply(DeclareConcealment("a", (Concealment("b"),)))
    session.apply(RollAmbush("a", typed(3)))
    session.apply(RollJoinBattle("a", typed(2)))
    session.apply(StartCombat())
    session.apply(NextTick())
    attack = DeclaredManoeuvre("attack", weapon="Throwing knife", target="b")
    session.apply(DeclareFlurry("a", (attack,)))
    session.apply(ResolveAttack("a", 0, attack=typed(0), defence=Defence("dodge")))
    session.apply(_harmless_damage(session))
    assert session.state.margin_of_surprise("b", "a") == 1


def test_dropping_a_counter_on_the_active_segment_makes_it_act_now() -> None:
    """B on tick 3 dragged to segment 1 while tick 1 is active: B acts on tick 1."""
    session = _duel(3, 1)
    session.apply(MoveCounter("b", segment=1))
    assert session.state.acting_ids() == ("a", "b")


def test_a_stunt_reward_is_granted_when_the_dv_refreshes() -> None:
    """A Solar who spent 6 motes and earned a 2-die stunt has 4 back at the next action."""
    session = _duel(3, 1, a=CharacterKind.SOLAR)
    session.apply(SpendMotes("a", 6))
    session.apply(AwardStunt("a", 2))
    assert session.state.combatants["a"].personal_motes == 4
    session.apply(DeclareFlurry("a", (DeclaredManoeuvre("guard"),)))
    session.apply(ApplyTickEffects())
    session.apply(Advance())
    session.apply(DeclareFlurry("b", (DeclaredManoeuvre("guard"),)))
    session.apply(ApplyTickEffects())
    session.apply(Advance())
    assert session.state.acting_ids() == ("a",)
    assert session.state.combatants["a"].personal_motes == 8


def test_next_tick_waits_for_the_acting_characters() -> None:
    """With A still to declare, next tick is refused naming A (000 §Each tick)."""
    session = _duel(3, 1)
    with pytest.raises(IllegalAction, match=r"^000 §Each tick: still to declare a flurry: A"):
        session.apply(NextTick())


def test_a_counterattack_answers_an_attack_and_its_damage_is_its_own() -> None:
    """B punches A; A counterattacks with a full pool of Dex 3 + Brawl 2 = 5 dice.

    A's counterattack: 3 successes + Accuracy 1 against Dodge 2 = excess 2; 2 + Strength 2
    = 4 bashing dice, soak 2 off them: 2 dice, applied apart from A's own flurry.
    """
    session = _duel(3, 3)
    session.apply(DeclareFlurry("a", (DeclaredManoeuvre("guard"),)))
    session.apply(DeclareFlurry("b", (_punch("a"), _punch("a"))))
    with pytest.raises(IllegalAction, match=r"^000 §Counterattacks: no attack of B on A"):
        session.apply(ResolveCounterattack("a", "b", "Punch", attack=typed(3)))
    session.apply(
        ResolveAttack("b", 0, attack=DiceEntry.of_faces((8, 8, 8)), defence=Defence("dodge"))
    )
    counter = ResolveCounterattack(
        "a", "b", "Punch", attack=DiceEntry.of_faces((7, 8, 9, 2, 3)), defence=Defence("dodge")
    )
    session.apply(counter)
    assert session.state.pending_attacks() == (("b", 1),)
    session.apply(
        ResolveAttack("b", 1, attack=DiceEntry.of_faces((1, 1)), defence=Defence("dodge"))
    )
    [hit] = [p for p in pending_damage(session.state) if p.counterattack]
    assert (hit.attacker, hit.target, hit.pools.dice["B"]) == ("a", "b", 2)
    b_punch = DamageRoll("b", "a", bashing=DiceEntry.of_faces((2,) * 2))  # no level on A
    counter_punch = DamageRoll("a", "b", bashing=DiceEntry.of_faces((8, 8)), counterattack=True)
    session.apply(ApplyTickEffects((b_punch, counter_punch)))
    assert session.state.combatants["b"].health.marks.startswith("//.")
    assert "/" not in session.state.combatants["a"].health.marks


def test_only_an_attack_that_has_not_failed_opens_a_counterattack() -> None:
    """A misses B, B hits A twice: only A may answer B, once (000 §Counterattacks).

    Pools: A's lone punch 5 dice; B's two punches 3 and 2 (multiple-action penalty),
    against A's Dodge DV (3 + 2) / 2 = 2 (less 1 onslaught on the second). A miss skips
    the remaining steps, step 9 included; a counterattack has no step 9 of its own.
    """
    session = _duel(3, 3)
    session.apply(DeclareFlurry("a", (_punch("b"),)))
    session.apply(DeclareFlurry("b", (_punch("a"), _punch("a"))))
    assert counterattack_openings(session.state) == ()
    five_misses, dodge = DiceEntry.of_faces((1,) * 5), Defence("dodge")
    session.apply(ResolveAttack("a", 0, attack=five_misses, defence=dodge))
    assert counterattack_openings(session.state) == ()
    three_hits = DiceEntry.of_faces((8,) * 3)
    session.apply(ResolveAttack("b", 0, attack=three_hits, defence=dodge))
    assert counterattack_openings(session.state) == (("a", "b"),)
    with pytest.raises(IllegalAction, match=r"^000 §Counterattacks: no attack of A on B"):
        session.apply(ResolveCounterattack("b", "a", "Punch", attack=typed(3)))
    session.apply(ResolveCounterattack("a", "b", "Punch", attack=five_misses))
    two_hits = DiceEntry.of_faces((8,) * 2)
    session.apply(ResolveAttack("b", 1, attack=two_hits, defence=dodge))
    assert counterattack_openings(session.state) == (("a", "b"),)


def test_the_gms_bonus_and_penalty_dice_shape_the_attack_pool() -> None:
    """Dex 3 + Brawl 2 = 5; +1 for Aim and -3 for darkness leave 3 dice."""
    session = _duel(3, 1)
    session.apply(DeclareFlurry("a", (_punch("b"),)))
    attack = ResolveAttack("a", 0, bonus_dice=1, penalty_dice=3, defence=Defence("dodge"))
    session.apply(replace(attack, attack=DiceEntry.of_faces((1, 1, 1))))
    roll = session.state.tick.attacks[0].outcome.roll
    assert roll is not None and roll.dice == 3


def test_dragging_an_actor_back_onto_a_finished_tick_does_not_repeat_its_damage() -> None:
    """A hits B (2 bashing marked); dragged back onto tick 1, A acts afresh: B keeps 2 marks."""
    session = _duel(3, 1)
    session.apply(DeclareFlurry("a", (_punch("b"),)))
    session.apply(ResolveAttack("a", 0, attack=typed(4), defence=Defence("dodge")))
    session.apply(ApplyTickEffects((DamageRoll("a", "b", bashing=DiceEntry.of_faces((7, 8, 2))),)))
    assert session.state.combatants["b"].health.bashing == 2
    session.apply(MoveCounter("a", segment=1))
    assert session.state.awaiting_flurry() == ("a",)
    session.apply(DeclareFlurry("a", (DeclaredManoeuvre("guard"),)))
    session.apply(ApplyTickEffects())
    assert session.state.combatants["b"].health.bashing == 2


def test_removing_a_target_drops_the_attacks_still_aimed_at_them() -> None:
    """A declares two punches at B; B leaves the fight; nothing is left to resolve."""
    session = _duel(3, 1)
    session.apply(DeclareFlurry("a", (_punch("b"), _punch("b"))))
    session.apply(ResolveAttack("a", 0, attack=typed(0), defence=Defence("dodge")))
    session.apply(RemoveCombatant("b"))
    assert session.state.pending_attacks() == ()
    assert session.state.phase == PHASE_EFFECTS
    session.apply(ApplyTickEffects())


def test_dragging_a_defender_away_keeps_the_attacks_made_on_them() -> None:
    """B is struck at on tick 1 and then delayed by hand; A's resolved attack stays resolved."""
    session = _duel(3, 3)
    session.apply(DeclareFlurry("a", (_punch("b"),)))
    session.apply(ResolveAttack("a", 0, attack=typed(0), defence=Defence("dodge")))
    session.apply(MoveCounter("b", tick=4))
    assert session.state.pending_attacks() == ()
    assert len(session.state.tick.attacks) == 1


def test_an_alarm_raised_in_a_flurry_is_heard_when_surprise_is_reassessed() -> None:
    """W stays Totally Surprised through step 5 and may Join Battle after the effects."""
    session = CombatSession.new()
    session.apply(AddCombatant("a", person("A"), "ally"))
    session.apply(AddCombatant("amb", person("Amb"), "enemy"))
    session.apply(AddCombatant("w", person("W"), "enemy"))
    session.apply(DeclareConcealment("a", (Concealment("w"),)))
    session.apply(RollAmbush("a", typed(4)))
    session.apply(RollJoinBattle("a", typed(2)))
    session.apply(RollJoinBattle("amb", typed(2)))
    session.apply(StartCombat())
    session.apply(NextTick())
    session.apply(DeclareFlurry("amb", (DeclaredManoeuvre("raise_alarm"),)))
    session.apply(DeclareFlurry("a", (DeclaredManoeuvre("guard"),)))
    assert session.state.combatants["w"].surprise == TOTALLY
    session.apply(ApplyTickEffects())
    assert session.state.combatants["w"].surprise == PARTIALLY
    assert session.state.awaiting_join_battle() == ("w",)


def test_advance_jumps_any_gap_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Advance over a million empty ticks begins one tick, not a million (2.6 s walked)."""
    session = started(ana=3, bo=2)
    for cid in ("ana", "bo"):
        session.apply(MoveCounter(cid, tick=MAX_TICK))
    begun: list[int | None] = []
    begin_tick = rewrite_tick._begin_tick

    def counted(state: Combat) -> list[Event]:
        begun.append(state.current_tick)
        return begin_tick(state)

    monkeypatch.setattr(rewrite_tick, "_begin_tick", counted)
    events = session.apply(Advance())
    assert len(begun) == 1
    assert session.state.current_tick == MAX_TICK
    assert set(session.state.acting_ids()) == {"ana", "bo"}
    assert [e.kind for e in events][:1] == ["tick_started"]


def test_a_jump_lands_where_single_ticks_would() -> None:
    """Advance and the same number of Next tick steps reach the same state."""
    jumped, stepped = started(ana=3, bo=2), started(ana=3, bo=2)
    for session in (jumped, stepped):
        session.apply(MoveCounter("ana", tick=40))
        session.apply(MoveCounter("bo", tick=45))
    gap = 40 - jumped.state.current_tick
    jumped.apply(Advance())
    for _ in range(gap):
        stepped.apply(NextTick())
    assert jumped.state.current_tick == stepped.state.current_tick == 40
    assert jumped.state.combatants == stepped.state.combatants


def test_an_absurd_tick_is_refused_with_its_range() -> None:
    """A counter cannot be sent to tick 10^12; the refusal gives the allowed ticks."""
    session = started(ana=3, bo=2)
    with pytest.raises(IllegalAction, match=r"tick must be -1000000 to 1000000, "
                                            r"not 1000000000000"):
        session.apply(MoveCounter("ana", tick=10**12))
