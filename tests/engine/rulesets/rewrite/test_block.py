"""Block: cover against missiles, a shot the cover stopped, the roll to get past (000 §Block)."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite import (
    AddCombatant,
    Advance,
    ApplyTickEffects,
    CombatSession,
    DeclaredManoeuvre,
    DeclareFlurry,
    Defence,
    GetPast,
    NextTick,
    ResolveAttack,
    ResolveCounterattack,
    RollJoinBattle,
    StartCombat,
    pending_damage,
)
from battlewheel.engine.rulesets.rewrite.block import Character
from battlewheel.engine.rulesets.rewrite.handlers.effects import _apply_damage
from battlewheel.engine.rulesets.rewrite.handlers.flurry import preview_attack
from battlewheel.engine.rulesets.rewrite.rules import tables
from battlewheel.engine.rulesets.rewrite.sentences.narration import describe_steps

from .helpers import typed

SWORD = tables.weapon("Short sword")  # Speed 5, Accuracy +1, 2L
BOW = tables.weapon("Short bow")  # Speed 5, Accuracy +1, 2L, no Strength


def _mortal(name: str, dexterity: int) -> Character:
    return Character(
        name=name,
        attributes={"dexterity": dexterity, "stamina": 2, "strength": 2},
        abilities={"dodge": 2, "melee": 3, "archery": 3},
        weapons=(SWORD, BOW),
    )


def _blocked(*blockers: str, tower_shield: bool = False) -> CombatSession:
    """Lord "l" (Dex 2, Dodge (2 + 2) / 2 = 2) guarded by ``blockers`` (Dex 3) from "e" (Dex 4).

    Everyone acts on tick 1; the lord Guards, each blocker Blocks for the lord (the
    first with a tower shield if asked), "e" still has to declare.
    """
    session = CombatSession.new()
    session.apply(AddCombatant("l", _mortal("Lord", 2), "ally"))
    for cid in blockers:
        session.apply(AddCombatant(cid, _mortal(cid.upper(), 3), "ally"))
    session.apply(AddCombatant("e", _mortal("Enemy", 4), "enemy"))
    for cid in ("l", *blockers, "e"):
        session.apply(RollJoinBattle(cid, typed(2)))
    session.apply(StartCombat())
    session.apply(NextTick())
    session.apply(DeclareFlurry("l", (DeclaredManoeuvre("guard"),)))
    for index, cid in enumerate(blockers):
        shield = tower_shield and index == 0
        block = DeclaredManoeuvre("block", target="l", tower_shield=shield)
        session.apply(DeclareFlurry(cid, (block,)))
    return session


def _attack(session: CombatSession, weapon: str, **fields: object) -> None:
    session.apply(DeclareFlurry("e", (DeclaredManoeuvre("attack", weapon=weapon, target="l"),)))
    session.apply(ResolveAttack("e", 0, defence=Defence("dodge"), **fields))  # type: ignore[arg-type]


def _struck(session: CombatSession) -> str:
    return session.state.tick.attacks[-1].defender


def test_a_shot_that_beats_the_cover_hits_the_ward() -> None:
    """Bow: 3 successes + Accuracy 1 = 4 against Dodge 2 + cover 1 = 3: excess 1 on the lord."""
    session = _blocked("g")
    _attack(session, "Short bow", attack=typed(3))
    attack = session.state.tick.attacks[-1]
    assert (attack.defender, attack.outcome.excess, attack.outcome.defence.final_dv) == ("l", 1, 3)


def test_a_shot_only_the_cover_stopped_strikes_the_blocker() -> None:
    """2 + 1 = 3 against DV 3 misses, but would beat DV 2 by 1: the blocker takes excess 1.

    Raw damage 1 die and 2 levels; the blocker's lethal soak 2 // 2 = 1 leaves 1 die, 1 level.
    """
    session = _blocked("g")
    _attack(session, "Short bow", attack=typed(2))
    attack = session.state.tick.attacks[-1]
    assert (attack.defender, attack.outcome.excess) == ("g", 1)
    assert (attack.outcome.dice, attack.outcome.levels) == (1, 1)
    assert [(p.attacker, p.target) for p in pending_damage(session.state)] == [("e", "g")]


def test_a_shot_that_misses_even_without_the_cover_stays_a_miss() -> None:
    """1 + 1 = 2 against DV 2 without cover is still no excess: a miss on the lord."""
    session = _blocked("g")
    _attack(session, "Short bow", attack=typed(1))
    attack = session.state.tick.attacks[-1]
    assert (attack.defender, attack.outcome.failure) == ("l", "missed")


def test_a_tower_shield_gives_two_points_of_cover() -> None:
    """3 + 1 = 4 against Dodge 2 + cover 2 = 4 misses the lord and strikes the blocker."""
    session = _blocked("g", tower_shield=True)
    _attack(session, "Short bow", attack=typed(3))
    attack = session.state.tick.attacks[-1]
    assert (attack.defender, attack.outcome.defence.cover) == ("g", 0)


def test_two_blockers_give_the_cover_once() -> None:
    """Two Blocks still add only 1: 3 + 1 = 4 against 2 + 1 = 3 hits the lord."""
    session = _blocked("g", "h")
    _attack(session, "Short bow", attack=typed(3))
    attack = session.state.tick.attacks[-1]
    assert (attack.defender, attack.outcome.defence.cover) == ("l", 1)


def test_the_gm_picks_which_blocker_a_stopped_shot_strikes() -> None:
    """With blockers G and H, a shot the cover stopped goes to H when the GM names H."""
    session = _blocked("g", "h")
    _attack(session, "Short bow", attack=typed(2), block=GetPast(blocker="h"))
    assert _struck(session) == "h"


def test_a_close_attack_on_the_ward_needs_the_movement_roll_first() -> None:
    """Enemy Dex 4 yards against a blocker's 3: 4 dice must be rolled, else it is refused."""
    session = _blocked("g")
    with pytest.raises(IllegalAction, match=r"^000 §Block: G blocks for Lord: .*roll 4 dice"):
        _attack(session, "Short sword", attack=typed(3))


def test_getting_past_needs_one_success_after_half_the_blockers_movement() -> None:
    """Faces 7 8 2 3: 2 successes - 3 // 2 = 1 left: past, the sword attack reaches the lord."""
    session = _blocked("g")
    get_past = GetPast(roll=DiceEntry.of_faces((7, 8, 2, 3)))
    _attack(session, "Short sword", attack=typed(3), block=get_past)
    assert _struck(session) == "l"
    assert session.state.tick.attacks[-1].outcome.hit


def test_failing_to_get_past_aborts_the_attack() -> None:
    """Faces 7 2 2 3: 1 success - 1 = 0: the attack is aborted, has Failed and deals nothing."""
    session = _blocked("g")
    get_past = GetPast(roll=DiceEntry.of_faces((7, 2, 2, 3)))
    _attack(session, "Short sword", attack=typed(5), block=get_past)
    attack = session.state.tick.attacks[-1]
    assert (attack.defender, attack.outcome.failure) == ("l", "blocked")
    assert session.state.pending_attacks() == ()
    # Step 6 marks nothing, so the lord's record stays the very same: nothing to refresh.
    marked = session.state.clone()
    assert _apply_damage(marked, ()) == []
    assert marked.combatants["l"] is session.state.combatants["l"]
    session.apply(ApplyTickEffects())
    assert session.state.combatants["l"].health.marks == "." * 9  # 7 levels + 2 Dying


def test_failing_to_get_past_may_turn_the_attack_on_the_blocker() -> None:
    """The same failed roll with ``retarget``: the sword strikes the blocker instead."""
    session = _blocked("g")
    get_past = GetPast(roll=DiceEntry.of_faces((7, 2, 2, 3)), retarget=True)
    _attack(session, "Short sword", attack=typed(5), block=get_past)
    assert _struck(session) == "g"
    assert session.state.tick.attacks[-1].outcome.hit


def test_confined_space_and_knockback_change_the_movement_pool() -> None:
    """4 yards - 3 confined - 1 own knockback + 2 blocker's knockback = 2 dice (faces 9 9)."""
    session = _blocked("g")
    get_past = GetPast(
        roll=DiceEntry.of_faces((9, 9)),
        confined_space=3,
        attacker_knockback=1,
        blocker_knockback=2,
    )
    _attack(session, "Short sword", attack=typed(3), block=get_past)
    assert _struck(session) == "l"


def test_a_movement_roll_for_an_unblocked_target_is_refused() -> None:
    """Nobody blocks for the lord: a get-past roll on the attack is refused, naming the rule."""
    session = _blocked()
    with pytest.raises(IllegalAction, match=r"^000 §Block: no roll to get past is needed"):
        _attack(session, "Short sword", attack=typed(3), block=GetPast(roll=typed(1)))


def test_a_block_lasts_until_the_blockers_next_action() -> None:
    """Block is Speed 3: on tick 4 the blocker acts again and no longer blocks."""
    session = _blocked("g")
    assert session.state.combatants["g"].blocking == "l"
    get_past = GetPast(roll=DiceEntry.of_faces((7, 2, 2, 3)))
    _attack(session, "Short sword", attack=typed(3), block=get_past)
    session.apply(ApplyTickEffects())
    session.apply(Advance())
    assert session.state.current_tick == 4
    assert session.state.combatants["g"].blocking is None


def test_nobody_blocks_for_themselves() -> None:
    """A Block naming its own declarer is refused citing 000 §Block."""
    session = _blocked()
    with pytest.raises(IllegalAction, match=r"^000 §Block: Enemy cannot block for themselves"):
        session.apply(DeclareFlurry("e", (DeclaredManoeuvre("block", target="e"),)))


def test_the_attack_preview_shows_the_movement_pool_and_the_cover() -> None:
    """Sword at the lord: 4 movement dice to roll; bow: the Dodge DV 2 shows + 1 cover = 3."""
    previews = []
    for weapon in ("Short sword", "Short bow"):
        session = _blocked("g")
        attack = DeclaredManoeuvre("attack", weapon=weapon, target="l")
        session.apply(DeclareFlurry("e", (attack,)))
        previews.append(preview_attack(session.state, ResolveAttack("e", 0)))
    sword, bow = previews
    assert (sword.dice["block"], "block" in bow.dice, bow.dv) == (4, False, 3)


def test_an_aborted_attack_is_told_at_step_three() -> None:
    """The nine steps in words stop at step 3: the attacker could not get past G's Block."""
    session = _blocked("g")
    get_past = GetPast(roll=DiceEntry.of_faces((7, 2, 2, 3)))
    _attack(session, "Short sword", attack=typed(5), block=get_past)
    lines = describe_steps(session.state.tick.attacks[-1].outcome)
    assert [(n, title) for n, title, _ in lines] == [(1, "Declare attack"), (3, "Attack roll")]
    assert "could not get past G's Block" in lines[1][2]


def test_an_aborted_attack_counts_no_onslaught_and_allows_no_counterattack() -> None:
    """An aborted sword stroke: no counterattack on it, and the next attack meets no onslaught."""
    session = _blocked("g")
    sword = DeclaredManoeuvre("attack", weapon="Short sword", target="l")
    kick = DeclaredManoeuvre("attack", weapon="Kick", target="l")
    session.apply(DeclareFlurry("e", (sword, kick)))
    failed = GetPast(roll=DiceEntry.of_faces((1,) * 4))
    session.apply(ResolveAttack("e", 0, attack=typed(0), block=failed))
    counter = ResolveCounterattack("l", "e", "Short sword", attack=typed(1))
    with pytest.raises(IllegalAction, match=r"^000 §Counterattacks: no attack of Enemy on Lord"):
        session.apply(counter)
    preview = preview_attack(session.state, ResolveAttack("e", 1, block=failed))
    assert preview.onslaught == 0
