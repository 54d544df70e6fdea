"""Property tests: random action sequences keep the combat consistent and replayable."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from battlewheel.engine.core.conditions import Condition
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite import (
    TOTALLY,
    Action,
    AddCombatant,
    Advance,
    ApplyTickEffects,
    CombatSession,
    Concealment,
    CycleHealthBox,
    DamageRoll,
    DeclareConcealment,
    DeclaredManoeuvre,
    DeclareFlurry,
    Defence,
    MoveCounter,
    NextTick,
    RaiseAlarm,
    RegainWillpower,
    RemoveCombatant,
    ResolveAttack,
    ResolveCounterattack,
    RewriteOptions,
    RollAmbush,
    RollJoinBattle,
    SetHealth,
    SpendMotes,
    SpendWillpower,
    StartCombat,
    pending_damage,
)
from battlewheel.engine.rulesets.rewrite.block import CharacterKind
from battlewheel.engine.rulesets.rewrite.handlers.flurry import preview_attack

from ..conditions import condition_action
from ..walking import apply_checked, random_walks
from .helpers import person

TRAITS = {"dexterity": 3, "strength": 2, "stamina": 2, "wits": 2, "perception": 2}
SKILLS = {"brawl": 2, "dodge": 2, "awareness": 2, "stealth": 2}
KINDS = (CharacterKind.MORTAL, CharacterKind.EXTRA, CharacterKind.SOLAR)


def _coin(data: st.DataObject) -> bool:
    return data.draw(st.booleans())


def _faces(data: st.DataObject, count: int) -> DiceEntry:
    faces = data.draw(st.lists(st.integers(1, 10), min_size=count, max_size=count))
    return DiceEntry.of_faces(faces)


def _add(data: st.DataObject, session: CombatSession) -> Action:
    n = len(session.state.combatants) + len(session.log)
    kind = data.draw(st.sampled_from(KINDS))
    who = person(f"P{n}", kind=kind, attributes=TRAITS, abilities=SKILLS, personal=8)
    return AddCombatant(f"p{n}", who, data.draw(st.sampled_from(("ally", "enemy"))))


def _someone(data: st.DataObject, session: CombatSession) -> str:
    ids = list(session.state.combatants) or ["nobody"]
    return data.draw(st.sampled_from(ids))


def _flurry(data: st.DataObject, session: CombatSession, cid: str) -> Action:
    others = [o for o in session.state.combatants if o != cid] or [cid]
    punch = DeclaredManoeuvre("attack", weapon="Punch", target=data.draw(st.sampled_from(others)))
    choices = [
        (DeclaredManoeuvre("guard"),),
        (punch,),
        (punch, DeclaredManoeuvre("dash")),
        (DeclaredManoeuvre("aim"), punch, punch),
        (DeclaredManoeuvre("raise_alarm"),),
    ]
    return DeclareFlurry(cid, data.draw(st.sampled_from(choices)))


def _resolve(data: st.DataObject, session: CombatSession) -> Action:
    cid, index = session.state.pending_attacks()[0]
    action = ResolveAttack(cid, index, defence=Defence("dodge"))
    try:
        preview = preview_attack(session.state, action)
    except IllegalAction:
        return action
    return replace(action, attack=_faces(data, preview.dice["attack"]))


def _effects(data: st.DataObject, session: CombatSession) -> Action:
    rolls = []
    for item in pending_damage(session.state):
        entries = {k: _faces(data, n) for k, n in item.pools.dice.items() if n}
        pair = (item.attacker, item.target)
        rolls.append(DamageRoll.by_type(*pair, entries, counterattack=item.counterattack))
    return ApplyTickEffects(tuple(rolls))


def _setup_action(data: st.DataObject, session: CombatSession) -> Action:
    state = session.state
    if len(state.combatants) < 2:
        return _add(data, session)
    unrolled = [
        cid
        for cid, c in state.combatants.items()
        if c.join_battle is None and c.surprise != TOTALLY
    ]
    if unrolled and _coin(data):
        return RollJoinBattle(unrolled[0], _faces(data, data.draw(st.integers(0, 5))))
    if not unrolled and _coin(data):
        return StartCombat()
    cid = _someone(data, session)
    other = _someone(data, session)
    situation = data.draw(st.sampled_from(["cover", "invisible"]))
    options: list[Action] = [
        _add(data, session),
        StartCombat(),
        DeclareConcealment(cid, (Concealment(other, situation),)),
        RollAmbush(cid, DiceEntry.of_successes(data.draw(st.integers(0, 6)))),
    ]
    return data.draw(st.sampled_from(options))


def _fight_action(data: st.DataObject, session: CombatSession) -> Action:
    state = session.state
    if state.awaiting_flurry() and _coin(data):
        return _flurry(data, session, state.awaiting_flurry()[0])
    if state.pending_attacks() and _coin(data):
        return _resolve(data, session)
    if state.phase == "effects" and _coin(data):
        return _effects(data, session)
    cid = _someone(data, session)
    options: list[Action] = [
        NextTick(),
        Advance(),
        MoveCounter(cid, segment=data.draw(st.integers(0, 9))),
        MoveCounter(cid, tick=data.draw(st.integers(0, 40))),
        CycleHealthBox(cid, data.draw(st.integers(0, 9))),
        SetHealth(cid, data.draw(st.sampled_from(["", ".........", "X/......."]))),
        SpendMotes(cid, data.draw(st.integers(1, 9))),
        SpendWillpower(cid, data.draw(st.integers(1, 6))),
        RegainWillpower(cid, 1),
        RaiseAlarm(cid),
        RollJoinBattle(cid, DiceEntry.of_successes(data.draw(st.integers(0, 4)))),
        RemoveCombatant(cid),
        _add(data, session),
        ResolveCounterattack(
            cid, _someone(data, session), "Punch", attack=DiceEntry.of_successes(1)
        ),
        condition_action(data, cid, "ticks", _held(session, cid)),
    ]
    return data.draw(st.sampled_from(options))


def _held(session: CombatSession, cid: str) -> tuple[Condition, ...]:
    who = session.state.combatants.get(cid)
    return who.conditions if who else ()


def _check_invariants(session: CombatSession) -> None:
    state = session.state
    for who in state.combatants.values():
        assert 0 <= who.personal_motes <= who.character.personal_motes
        assert 0 <= who.peripheral_motes <= who.character.peripheral_motes
        assert 0 <= who.willpower <= who.character.willpower
        assert len(who.health.marks) == who.health.size
        assert who.wound_penalty == who.health.wound_penalty
        assert min(who.dvs.values()) >= 0
        assert all(held.count > 0 for held in who.conditions if held.expiry != "none")
        if who.next_tick is not None:
            assert state.current_tick is not None and who.next_tick >= state.current_tick
            assert who.segment == who.next_tick % state.segment_count
            assert 0 <= who.segment < state.segment_count


OPTIONS = st.builds(
    RewriteOptions,
    segment_count=st.integers(5, 10),
    late_join_cap=st.sampled_from(["from_active_tick", "from_next_segment"]),
    multiple_action_first_penalty=st.sampled_from(["manoeuvre_count", "manoeuvre_count_minus_one"]),
    damage_levels_divided_by_three=st.booleans(),
    ox_body_resilience_pool=st.sampled_from(["lethal_and_bashing", "lethal_only"]),
)


def _run(data: st.DataObject, steps: int) -> CombatSession:
    session = CombatSession.new(data.draw(OPTIONS))
    for _ in range(steps):
        choose = _fight_action if session.state.started else _setup_action
        apply_checked(session, choose(data, session), _check_invariants)
    return session


@random_walks(40)
def test_random_actions_keep_the_invariants_and_undo_restores_exactly(data: st.DataObject) -> None:
    """Pools never go negative, counters stay on the wheel, and undo returns the prior state."""
    _run(data, data.draw(st.integers(5, 60)))


@random_walks(25)
def test_replaying_a_log_twice_gives_identical_states(data: st.DataObject) -> None:
    """Two replays of the saved log give the same state as each other and as the original."""
    session = _run(data, data.draw(st.integers(5, 60)))
    saved = session.to_json()
    first = CombatSession.from_json(saved)
    second = CombatSession.from_json(saved)
    assert first.state == second.state == session.state
