"""Random walks of legal and illegal actions: a refusal changes nothing, undo restores exactly,
replaying the log rebuilds the state, and Health never falls below -maximum."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action, ChangeRuling
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward import (
    AddCombatant,
    AdjustRound,
    Attack,
    AttackProfile,
    Backlash,
    DelayTurn,
    EndFight,
    Fight,
    GrantAction,
    Heal,
    NextTurn,
    PoolWardOptions,
    ReadyAction,
    RemoveCombatant,
    Rest,
    RollOrder,
    SetCondition,
    SetOrder,
    SetTrack,
    Sleep,
    StartFight,
    TriggerReadied,
    UseAction,
    preview_attack,
)
from battlewheel.engine.rulesets.poolward.block import MELEE, RANGED, Trigger

from ..conditions import condition_action
from ..pocket import check_pocket_verdicts
from ..walking import apply_checked, random_walks
from .helpers import RULESET, person

ARMS = (AttackProfile("Sword", MELEE, 3, ap=1, effects=(Trigger("Bleed", "lethal"),)),
        AttackProfile("Bow", RANGED, 2, ap=2))
OPTIONS = st.builds(
    PoolWardOptions,
    dice=st.sampled_from(["d10", "004", "typed"]),
    turn_order=st.sampled_from(["gm_list", "roll_each_round", "roll_once"]),
    flat_footed_drops_shield=st.booleans(),
    dodge_reset=st.sampled_from(["round_start", "own_turn"]),
    dr_amount=st.sampled_from(["up_to_dr", "all_lethal"]),
    mortal_timing=st.sampled_from(["before_ward", "after_ward_and_dr"]),
    bleed_rate=st.integers(0, 2),
    negative_health_npcs=st.sampled_from(["everyone", "npcs_die_at_zero"]),
    full_action=st.sampled_from(["standard_and_move", "all_three"]),
    delay_keeps_place=st.booleans(),
    armour_stacking=st.sampled_from(["add", "highest"]),
    ward_refresh=st.sampled_from(["never", "per_scene"]),
)
RULINGS: st.SearchStrategy[tuple[str, bool | int | str]] = st.sampled_from([
    ("flat_footed_drops_shield", False), ("dodge_reset", "own_turn"), ("bleed_rate", 1),
    ("dice", "004"), ("delay_keeps_place", False), ("dice", "d20"),
])


def _add(data: st.DataObject, session: CombatSession) -> Action:
    n = len(session.log)
    armour = data.draw(st.integers(0, 3))
    block = person(f"P{n}", armour=armour, armour_dr=min(armour, 1),
                   shield=data.draw(st.integers(0, 2)),
                   shield_apr=1, dodge=data.draw(st.integers(0, 2)),
                   parry=data.draw(st.integers(0, 1)), ward=data.draw(st.integers(0, 3)),
                   dr_physical=data.draw(st.integers(0, 2)), attacks=ARMS)
    return AddCombatant(f"p{n}", block, data.draw(st.sampled_from(["ally", "enemy"])),
                        player=data.draw(st.booleans()))


def _someone(data: st.DataObject, state: Fight) -> str:
    return data.draw(st.sampled_from([*state.fighters, "nobody"]))


def _dice(data: st.DataObject, session: CombatSession, attack: Attack) -> DiceEntry | None:
    try:
        pool = preview_attack(session.state, attack).pool
    except IllegalAction:
        pool = 2
    if data.draw(st.booleans()):
        return DiceEntry.of_successes(data.draw(st.integers(0, max(pool, 0) + 1)))
    count = max(pool, 0) + data.draw(st.sampled_from([0, 0, 0, 1]))
    return DiceEntry.of_faces(data.draw(st.lists(st.integers(1, 10), min_size=count,
                                                 max_size=count)))


def _attack(data: st.DataObject, session: CombatSession) -> Action:
    state = session.state
    attacker = state.actor() or _someone(data, state)
    others = [cid for cid in state.fighters if cid != attacker] or ["nobody"]
    target = data.draw(st.sampled_from([*others, *others, attacker]))
    attack = Attack(attacker, target, data.draw(st.sampled_from(["Sword", "Bow"])),
                    cover=data.draw(st.sampled_from(["none"] * 6 + ["light", "full"])),
                    steady_shot=data.draw(st.integers(0, 4)) == 0,
                    mortal=data.draw(st.booleans()))
    return replace(attack, dice=_dice(data, session, attack))


def _gm_action(data: st.DataObject, session: CombatSession) -> Action:
    state = session.state
    cid = _someone(data, state)
    value = data.draw(st.integers(-6, 6))
    choices: list[Action] = [
        SetTrack(cid, data.draw(st.sampled_from(["health", "vigor", "ward"])), value),
        AdjustRound(cid, data.draw(st.sampled_from(["dodge_losses", "parry_used"])),
                    data.draw(st.integers(-1, 1))),
        SetCondition(cid, data.draw(st.sampled_from(["flat_footed", "stable"])),
                     data.draw(st.booleans())),
        Backlash(cid, data.draw(st.integers(0, 4)), data.draw(st.booleans())),
        Heal(cid, data.draw(st.integers(0, 4))),
        Sleep(cid), Rest(cid, data.draw(st.integers(0, 3))),
        RollOrder(cid, 3, DiceEntry.of_successes(data.draw(st.integers(0, 4)))),
        ChangeRuling(*data.draw(RULINGS)),
        condition_action(data, cid, "rounds",
                         state.fighters[cid].conditions if cid in state.fighters else ()),
    ]
    return data.draw(st.sampled_from(choices))


def _turn_action(data: st.DataObject, session: CombatSession) -> Action:
    state = session.state
    cid = state.actor() or _someone(data, state)
    choices: list[Action] = [
        NextTurn(), NextTurn(), _attack(data, session), _attack(data, session),
        UseAction(cid, data.draw(st.sampled_from(["free", "fast", "move", "standard", "full",
                                                  "dance"]))),
        GrantAction(cid, data.draw(st.sampled_from(["fast", "standard", "full"]))),
        DelayTurn(_someone(data, state), data.draw(st.integers(-1, len(state.order)))),
        ReadyAction(cid, data.draw(st.sampled_from(["when the door opens", " "]))),
        TriggerReadied(_someone(data, state)),
        StartFight(), SetOrder(tuple(reversed(state.order))),
    ]
    return data.draw(st.sampled_from(choices))


def _setup_action(data: st.DataObject, session: CombatSession) -> Action:
    state = session.state
    roll = data.draw(st.integers(0, 99))
    if len(state.fighters) < 2 or roll < 20:
        return _add(data, session)
    unrolled = [cid for cid in state.order if cid not in state.order_rolls]
    if state.options.turn_order != "gm_list" and unrolled and roll < 60:
        return RollOrder(unrolled[0], 3, DiceEntry.of_successes(data.draw(st.integers(0, 3))))
    if roll < 85:
        return StartFight()
    return _gm_action(data, session)


def _fight_action(data: st.DataObject, session: CombatSession) -> Action:
    state = session.state
    roll = data.draw(st.integers(0, 99))
    if roll < 35:
        return _attack(data, session)
    if roll < 55:
        return NextTurn()
    if roll < 57:
        return RemoveCombatant(_someone(data, state))
    if roll < 58:
        return EndFight()
    if roll < 62:
        return _add(data, session)
    if roll < 80:
        return _gm_action(data, session)
    return _turn_action(data, session)


def _next_action(data: st.DataObject, session: CombatSession) -> Action:
    if session.state.ended:
        return _gm_action(data, session)
    if session.state.running:
        return _fight_action(data, session)
    return _setup_action(data, session)


def _check_invariants(state: Fight) -> None:
    assert sorted(state.order) == sorted(state.fighters)
    assert set(state.done) <= set(state.order)
    for who in state.fighters.values():
        block = who.block
        assert -block.health_max <= who.health <= block.health_max
        assert 0 <= who.vigor <= block.vigor_max and 0 <= who.ward <= block.ward
        assert 0 <= who.backlash_health <= block.health_max - who.health
        assert 0 <= who.backlash_vigor <= block.vigor_max - who.vigor
        assert who.dodge_losses >= 0 and 0 <= who.parry_used <= block.parry
        assert (who.condition == "dead") == (who.health <= -block.health_max or (
            who.health <= 0 and not who.player
            and state.options.negative_health_npcs == "npcs_die_at_zero"))


def _walk(data: st.DataObject, steps: int) -> CombatSession:
    session = CombatSession.new(data.draw(OPTIONS), ruleset=RULESET)
    for _ in range(steps):
        apply_checked(session, _next_action(data, session),
                      lambda walked: _check_invariants(walked.state))
    return session


@random_walks(40)
def test_random_walks_keep_the_invariants_and_undo_restores_exactly(data: st.DataObject) -> None:
    """Refusals change nothing, undo and redo are exact, Health stays within ±maximum."""
    _walk(data, data.draw(st.integers(10, 70)))


@random_walks(20)
def test_replaying_the_log_rebuilds_the_state(data: st.DataObject) -> None:
    """The saved log replays to the state the walk reached."""
    session = _walk(data, data.draw(st.integers(10, 70)))
    again = CombatSession.from_json(session.to_json())
    assert again.state == session.state


@random_walks(20)
def test_asking_the_pocket_changes_nothing_and_what_it_allows_is_accepted(
    data: st.DataObject,
) -> None:
    """Wherever a walk ends, the pocket's verdicts for every counter (in, with or without
    a trigger typed, and out onto every slot) leave the state as it was; each is an
    action the rules accept or a refusal with its reason."""
    session = _walk(data, data.draw(st.integers(5, 60)))
    check_pocket_verdicts(session)
