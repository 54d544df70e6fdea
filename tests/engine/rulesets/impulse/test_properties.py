"""Random walks of legal and illegal actions keep an Impulse fight consistent and replayable."""

from __future__ import annotations

import json

from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.conditions import Condition
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse import (
    AddCombatant,
    AdjustImpulse,
    AmbushContest,
    ChangeInitiative,
    Contest,
    CounterDefence,
    Dash,
    DecisiveStrike,
    Disengage,
    EndTurn,
    FireHold,
    FlurryStrike,
    HoldAction,
    ImpulseOptions,
    Manoeuvre,
    MarkAmbushed,
    Move,
    RollOrder,
    SetCover,
    SetEndurance,
    SetRange,
    StartCombat,
    StuntEffect,
    VillainEscapes,
)
from battlewheel.engine.rulesets.impulse.actions import (
    DECISIVE_EFFECTS,
    MANOEUVRE_EFFECTS,
    TIMINGS,
)
from battlewheel.engine.rulesets.impulse.rules import BANDS

from ..conditions import condition_action
from ..pocket import check_pocket_verdicts
from ..walking import apply_checked, random_walks
from .helpers import block

OPTIONS = st.builds(
    ImpulseOptions,
    beat_rule=st.sampled_from(["above", "at_least"]),
    impulse_after_hit=st.sampled_from(["zero", "unchanged"]),
    impulse_floor=st.integers(-3, 0),
    round_duration=st.sampled_from(["next_turn", "end_of_round"]),
    change_init_timing=st.sampled_from(["own_turn", "any_time"]),
    flurry_stunt=st.sampled_from(["one_target", "every_target"]),
    ranged_in_melee=st.sampled_from(["minus_successes", "plus_dv"]),
    disengage_cost_on_fail=st.sampled_from(["paid", "refunded"]),
    endurance_out=st.sampled_from(["at_zero", "below_zero"]),
    stunt_reward=st.sampled_from(["none", "004"]),
)


def _typed(data: st.DataObject) -> DiceEntry:
    return DiceEntry.of_successes(data.draw(st.integers(0, 7)))


def _someone(data: st.DataObject, session: CombatSession) -> str:
    return data.draw(st.sampled_from([*session.state.combatants, "nobody"]))


def _add(data: st.DataObject, session: CombatSession) -> Action:
    n = session.state.joined
    actions = data.draw(st.integers(1, 2))
    player = actions == 1 and data.draw(st.booleans())
    who = block(f"P{n}", player=player, actions=actions, initiative=data.draw(st.integers(0, 4)))
    band = data.draw(st.sampled_from(BANDS[:4]))
    side = "ally" if n % 2 == 0 else "enemy"
    return AddCombatant(f"p{n}", who, side, band=band, reserve=data.draw(st.integers(0, 9)) == 0)


def _setup_action(data: st.DataObject, session: CombatSession) -> Action:
    state = session.state
    unrolled = [f for f in state.combatants.values() if not f.orders]
    if len(state.combatants) < 2 or (len(state.combatants) < 4 and _rarely(data)):
        return _add(data, session)
    if unrolled and data.draw(st.integers(0, 3)):
        who = unrolled[0]
        count = who.character.actions if data.draw(st.integers(0, 5)) else 1
        faces = data.draw(st.lists(st.integers(1, 10), min_size=count, max_size=count))
        return RollOrder(who.id, DiceEntry.of_faces(faces))
    if not unrolled and data.draw(st.booleans()):
        return StartCombat()
    a, b = _someone(data, session), _someone(data, session)
    return data.draw(
        st.sampled_from(
            [
                _add(data, session),
                StartCombat(),
                MarkAmbushed(a),
                AmbushContest(a, b, _typed(data), _typed(data)),
                SetRange(a, b, data.draw(st.sampled_from(BANDS))),
            ]
        )
    )


def _rarely(data: st.DataObject) -> bool:
    return data.draw(st.integers(0, 9)) == 0


def _foe(data: st.DataObject, session: CombatSession, actor: str) -> str:
    """Usually a foe of the actor still standing; sometimes anyone (illegal moves too)."""
    state = session.state
    foes = [
        f
        for f in state.combatants
        if actor in state.combatants and f != actor and state.hostile(actor, f) and state.can_act(f)
    ]
    if foes and not _rarely(data):
        return data.draw(st.sampled_from(foes))
    return _someone(data, session)


def _stunt(
    data: st.DataObject, session: CombatSession, decisive: bool, target: str
) -> StuntEffect | None:
    if data.draw(st.booleans()):
        return None
    names = (*MANOEUVRE_EFFECTS, *DECISIVE_EFFECTS) if decisive else MANOEUVRE_EFFECTS
    aimed = target if data.draw(st.integers(0, 3)) else _someone(data, session)
    return StuntEffect(
        data.draw(st.sampled_from(names)),
        aimed,
        data.draw(st.sampled_from(["toward", "away"])),
        scenery=data.draw(st.integers(0, 3)),
        cover=data.draw(st.sampled_from(["partial", "full"])),
    )


def _strike(data: st.DataObject, session: CombatSession, actor: str) -> Action:
    state = session.state
    target = _foe(data, session, actor)
    near = actor in state.combatants and target in state.combatants
    melee = near and state.band(actor, target) == 0
    weapon = "Sword" if melee else data.draw(st.sampled_from(["Bow", "Unarmed", "Axe"]))
    damage = (
        DiceEntry.of_successes(data.draw(st.integers(0, 9))) if data.draw(st.booleans()) else None
    )
    if data.draw(st.integers(0, 3)):
        return DecisiveStrike(
            actor, target, weapon, _typed(data), damage, stunt=_stunt(data, session, True, target)
        )
    other = _foe(data, session, actor)
    split = (data.draw(st.integers(0, 5)), data.draw(st.integers(0, 5)))
    return FlurryStrike(
        actor,
        (target, other),
        weapon,
        _typed(data),
        damage,
        split=split,
        stunt=_stunt(data, session, True, target),
    )


def _movement(data: st.DataObject, session: CombatSession, actor: str) -> Action:
    state = session.state
    target = _foe(data, session, actor)
    direction = data.draw(st.sampled_from(["toward", "away"]))
    foes = [
        Contest(f, data.draw(st.one_of(st.none(), st.just(_typed(data)))))
        for f in state.combatants
        if actor in state.combatants
        and f != actor
        and state.band(actor, f) == 0
        and state.hostile(actor, f)
        and state.can_act(f)
    ]
    return data.draw(
        st.sampled_from(
            [
                Move(actor, (target,), direction),
                Dash(actor, (target,), direction),
                Disengage(actor, tuple(foes)),
            ]
        )
    )


def _held(session: CombatSession, cid: str) -> tuple[Condition, ...]:
    who = session.state.combatants.get(cid)
    return who.conditions if who else ()


def _gm(data: st.DataObject, session: CombatSession) -> Action:
    target = _someone(data, session)
    return data.draw(
        st.sampled_from(
            [
                AdjustImpulse(target, data.draw(st.integers(-4, 4))),
                SetEndurance(target, data.draw(st.integers(-2, 10))),
                SetCover(target, data.draw(st.sampled_from(["none", "partial", "full"]))),
                CounterDefence(target),
                VillainEscapes(target),
                _add(data, session),
                FireHold(target, data.draw(st.sampled_from(TIMINGS))),
                condition_action(data, target, "rounds", _held(session, target)),
            ]
        )
    )


def _turn_action(data: st.DataObject, session: CombatSession) -> Action:
    actor = session.state.acting_id() or "nobody"
    if session.state.simple_done and data.draw(st.integers(0, 3)):
        return EndTurn()
    kind = data.draw(
        st.sampled_from(
            [
                "end",
                "end",
                "manoeuvre",
                "manoeuvre",
                "strike",
                "strike",
                "move",
                "hold",
                "change",
                "gm",
            ]
        )
    )
    if kind == "end":
        return EndTurn()
    if kind == "manoeuvre":
        stunt = _stunt(data, session, False, _foe(data, session, actor))
        return Manoeuvre(actor, "dexterity", "melee", _typed(data), stunt=stunt)
    if kind == "strike":
        return _strike(data, session, actor)
    if kind == "move":
        return _movement(data, session, actor)
    if kind == "hold":
        holders = [f.id for f in session.state.combatants.values() if f.hold is not None]
        if holders and data.draw(st.booleans()):
            return FireHold(holders[0], data.draw(st.sampled_from(TIMINGS)))
        return HoldAction(actor, "a trigger")
    if kind == "change":
        return ChangeInitiative(actor, data.draw(st.integers(0, 20)))
    return _gm(data, session)


def _check_invariants(session: CombatSession) -> None:
    state = session.state
    floor = state.options.impulse_floor
    keys = {e.key for e in state.order()}
    for who in state.combatants.values():
        assert who.impulse >= floor, "Impulse below the ruling's floor"
        assert who.endurance <= who.character.endurance
        assert len(who.orders) == len(who.next_orders) <= who.character.actions
        assert 0 <= who.willpower <= who.character.willpower
        assert who.dv >= 0
    if state.acting_key is not None:
        assert state.acting_key in keys
    assert all(0 <= band <= 4 for band in state.bands.values())


def _run(data: st.DataObject, steps: int) -> CombatSession:
    session = CombatSession.new(data.draw(OPTIONS), ruleset="impulse")
    for _ in range(steps):
        choose = _turn_action if session.state.started else _setup_action
        apply_checked(session, choose(data, session), _check_invariants)
    return session


@random_walks(40)
def test_random_walks_keep_the_invariants_and_undo_restores_exactly(data: st.DataObject) -> None:
    """Refused actions change nothing; undo and redo are exact; Impulse never below the floor."""
    _run(data, data.draw(st.integers(5, 60)))


@random_walks(20)
def test_replaying_the_saved_log_rebuilds_the_state(data: st.DataObject) -> None:
    """The log written as JSON text and read back replays to the same state."""
    session = _run(data, data.draw(st.integers(5, 60)))
    text = json.dumps(session.to_json())
    again = CombatSession.from_json(json.loads(text))
    assert again.state == session.state
    assert again.to_json() == session.to_json()


@random_walks(20)
def test_asking_the_pocket_changes_nothing_and_what_it_allows_is_accepted(
    data: st.DataObject,
) -> None:
    """Wherever a walk ends, the pocket's verdicts for every counter (in, with or without
    a trigger typed, and out onto every slot) leave the state as it was; each is an
    action the rules accept or a refusal with its reason."""
    session = _run(data, data.draw(st.integers(5, 60)))
    check_pocket_verdicts(session)
