"""Set-up and the round: joining, the order of turns, Delay, and what a turn's start and end do.

Handlers here take the state and an action and return events; a refusal raises
``IllegalAction`` naming the 003 section before anything that matters has changed
(the session applies actions to a throw-away copy).
"""

from __future__ import annotations

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.core.kept import SameAsLast
from battlewheel.engine.core.lasting import LASTING_TERM
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import lasting
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.block import Character
from battlewheel.engine.rulesets.ex3.handlers import groups
from battlewheel.engine.rulesets.ex3.handlers import initiative as ini
from battlewheel.engine.rulesets.ex3.handlers.turn import (  # noqa: F401 (flow.use_simple, ...)
    ACTIONS,
    FLOW,
    MOVEMENT_SIMPLE,
    _existing,
    _running,
    _turn_of,
    check_movement,
    flurry_second_fits,
    turn_of,
    use_simple,
)
from battlewheel.engine.rulesets.ex3.state import Combat, Combatant, Turn


def health_for(block: Character, track_option: str) -> HealthTrack:
    """The block's own levels or the standard ones, under ruling health_track.

    3e reading §4 health_track.
    """
    return r.health_for(block, track_option)


def add_combatant(state: Combat, action: a.AddCombatant) -> list[Event]:
    """A fighter or battle group enters the fight (003 §The Flow of Combat); the core
    has checked the id, the side and the terms."""
    block: Character = action.character
    terms = a.JOINING.of(action)
    size = block.group.size if block.group else 0
    ready = () if terms["unready"] else tuple(w.name for w in block.carried)
    state.put(Combatant(
        id=action.id, block=block, side=action.side,
        health=health_for(block, state.options.health_track), ready=ready,
        mounted=bool(block.mount), zone=terms["zone"], size=size,
        magnitude=r.magnitude_max(block, size),
    ))
    condition = terms[LASTING_TERM]
    if condition is not None:  # as they are (rules/between-fights.md §Exalted 3e)
        joined = lasting.joined(block, condition, state.options)
        state.put(state.combatants[action.id].replace(**joined))
    return [Event("combatant_added", action.id, f"{block.name} joins.")]


def remove_combatant(state: Combat, action: a.RemoveCombatant) -> list[Event]:
    """Take a combatant out, with every pair and grapple it was part of."""
    cid = _existing(state, action.id)
    del state.combatants[cid]
    state.close = {pair for pair in state.close if cid not in pair}
    state.bands = {pair: band for pair, band in state.bands.items() if cid not in pair}
    state.concealed = {pair for pair in state.concealed if cid not in pair}
    state.grapples = {g: grip for g, grip in state.grapples.items()
                      if g != cid and grip.target != cid}
    if state.actor == cid:
        state.turn = None
    return [Event("combatant_removed", cid, f"{state.name(cid)} leaves.")]


def roll_join_battle(state: Combat, action: a.RollJoinBattle) -> list[Event]:
    """Join Battle: successes + 3; a late joiner waits for its tick (003 §The Flow of Combat)."""
    cid = _existing(state, action.combatant)
    who = state.combatants[cid]
    if who.joined:
        raise IllegalAction(FLOW, f"{who.name} already has an Initiative")
    bonus = not state.started or state.options.late_join_bonus
    result = ini.join_result(who, action.dice, bonus)
    waits = state.started and state.tick is not None and result >= state.tick
    state.put(who.replace(initiative=result, join_result=result, acted=waits))
    events = [Event("joined", cid, f"{who.name} joins at {result}i.")]
    if state.started and _wins(state, cid, result):
        events.append(Event("late_win", cid, f"{who.name} tops every foe's Initiative."))
    return events


def _wins(state: Combat, cid: str, result: int) -> bool:
    """A late joiner 'wins' Join Battle if above every foe now (003 §The Flow of Combat)."""
    foes = [state.combatants[f].initiative for f in state.foes(cid)]
    return all(i is None or result > i for i in foes)


def start(state: Combat, action: a.StartCombat) -> list[Event]:
    """Round 1 begins with the highest Initiative (003 §The Flow of Combat)."""
    if state.started:
        raise IllegalAction(FLOW, "the battle has already begun")
    if sum(1 for c in state.combatants.values() if c.joined) < 2:
        raise IllegalAction(FLOW, "at least two combatants must roll Join Battle first")
    state.started = True
    state.round = 1
    return [Event("round_started", text="Round 1 begins."), *_begin_next(state)]


def next_turn(state: Combat, action: a.NextTurn) -> list[Event]:
    """End the turn in progress, then begin the next (003 §The Flow of Combat)."""
    _running(state)
    events: list[Event] = []
    if state.turn is not None:
        actor = state.combatants.get(state.turn.actor)
        if actor is not None and actor.stealth_check:
            raise IllegalAction("003 §Stealth in Combat",
                                f"{actor.name} moved while concealed: roll concealment first")
        events += end_turn(state)
    return events + _begin_next(state)


def delay(state: Combat, action: a.Delay) -> list[Event]:
    """Pay 2i and act on a later tick this round (003 §The Flow of Combat)."""
    turn = _turn_of(state, action.combatant)
    who = state.combatants[action.combatant]
    if turn.simple or turn.movement or turn.shifted:
        raise IllegalAction(FLOW, "a turn can only be delayed before acting")
    if who.is_group:
        raise IllegalAction("003 §Battle Groups", "a battle group's Initiative never changes")
    if state.tick is None or action.tick >= state.tick:
        raise IllegalAction(FLOW, f"delay to a tick later than {state.tick}")
    events: list[Event] = []
    ini.lose(state, who.id, r.DELAY_COST, by=who.id, cause=ini.COST, events=events)
    state.put(state.combatants[who.id].replace(delay_tick=action.tick))
    state.turn = None
    events.append(Event("delayed", who.id, f"{who.name} waits for tick {action.tick}."))
    return events + _begin_next(state)


def end_combat(state: Combat, action: a.EndCombat) -> list[Event]:
    """The fight is over."""
    _running(state)
    state.ended = True
    state.turn = None
    return [Event("combat_ended", text="The combat ends.")]


# -- turns ---------------------------------------------------------------------------------


def order_key(state: Combat, who: Combatant, index: int) -> tuple[int, int, int, int]:
    """Tick, then Join Battle rating, then Dexterity + Athletics (003 §Combat Actions)."""
    block = who.block
    if state.options.jb_rating == "result":
        rating = who.join_result or 0
    else:
        rating = block.pool("wits", "awareness")
    speed = block.pool("dexterity", "athletics")
    return (-(who.tick or 0), -rating, -speed, index)


_WAITING: SameAsLast[tuple[str, ...]] = SameAsLast()


def waiting(state: Combat) -> list[str]:
    """Who has yet to act this round, soonest first (003 §The Flow of Combat).

    The order follows from the records alone (and the Join Battle ruling): the wheel,
    the table and the status line ask it of the same records after each step.
    """
    records = tuple(state.combatants.values())
    rating = state.options.jb_rating
    return list(_WAITING.get(records, (rating, *state.combatants), lambda: _waiting(state)))


def _waiting(state: Combat) -> tuple[str, ...]:
    """``waiting`` worked out: by ``order_key`` (003 §The Flow of Combat)."""
    able = [(order_key(state, c, i), cid) for i, (cid, c) in enumerate(state.combatants.items())
            if c.joined and not c.acted and not c.out]
    return tuple(cid for _, cid in sorted(able))


def next_to_act(state: Combat) -> str | None:
    """The first of ``waiting``, ranked in full only among those on the highest tick
    (003 §The Flow of Combat): each turn asks it, and Join Battle ratings cost a lookup."""
    able = [(i, cid, c) for i, (cid, c) in enumerate(state.combatants.items())
            if not c.acted and c.initiative is not None and not c.out]  # the cheap tests first
    if not able:
        return None
    top = max(c.tick or 0 for _, _, c in able)
    return min((order_key(state, c, i), cid) for i, cid, c in able if (c.tick or 0) == top)[1]


def _begin_next(state: Combat) -> list[Event]:
    """Begin the next turn, or a new round when all have acted (003 §The Flow of Combat)."""
    events: list[Event] = []
    for _ in range(len(state.combatants) + 2):
        cid = next_to_act(state)
        if cid is None:
            if not any(c.joined and not c.out for c in state.combatants.values()):
                state.turn, state.tick = None, None
                return events
            events += _new_round(state)
            continue
        if groups.dissolves_now(state, cid, events):
            continue
        return events + begin_turn(state, cid)
    return events


def _new_round(state: Combat) -> list[Event]:
    """A new round: everyone unacted, ticks from the top (003 §The Flow of Combat)."""
    state.round += 1
    state.tick = None
    for _cid, who in list(state.combatants.items()):
        changes: dict[str, object] = {"acted": False, "delay_tick": None}
        if who.ward and who.ward_until_round is not None and who.ward_until_round < state.round:
            changes.update(ward="", ward_until_round=None)
        state.put(who.replace(**changes))
    return [Event("round_started", text=f"Round {state.round} begins.")]


def begin_turn(state: Combat, cid: str) -> list[Event]:
    """Defence modifiers lapse, Crash resets after 3 turns, grapples tick (003 §Crash, §Grapple)."""
    events: list[Event] = []
    who = state.combatants[cid]
    tick = who.tick if who.tick is not None else 0
    state.tick = tick if state.tick is None else min(state.tick, tick)
    # A clash answered as a flurry's first action on this tick keeps its -1 Defence
    # through the turn it opened (003 §Combat Actions: from declaration to next turn).
    who = who.replace(onslaught=0, clash_penalty=False, action_defence=0,
                      flurry_penalty=who.answer_flurry and who.simple_spent,
                      order_active=who.order_bonus > 0)
    if who.ward and state.options.round_duration == "next_turn":
        who = who.replace(ward="", ward_until_round=None)
    state.put(who)
    if who.crash_turns >= r.CRASH_TURNS_TO_RESET and who.in_crash:
        ini.reset_to_base(state, cid, events)
        events.append(Event("crash_reset", cid, f"{who.name} recovers to base Initiative "
                                                f"after three turns in Crash."))
    events += _grapple_turn_start(state, cid)
    simple = ("attack",) if who.simple_spent else ()
    flurry = who.answer_flurry and who.simple_spent
    state.put(state.combatants[cid].replace(simple_spent=False, answer_flurry=False))
    state.turn = Turn(actor=cid, simple=simple, flurry=flurry)
    events.append(Event("turn_started", cid, f"{who.name}'s turn (tick {state.tick})."))
    return events


def _grapple_turn_start(state: Combat, cid: str) -> list[Event]:
    """The grappler loses a control round; a target at 0 rounds escapes (003 §Grapple)."""
    events: list[Event] = []
    grip = state.grapples.get(cid)
    if grip is not None:
        state.grapples[cid] = type(grip)(grip.target, max(grip.rounds - 1, 0), grip.engage)
    holder = state.grappled_by(cid)
    if holder is not None and state.grapples[holder].rounds <= 0:
        del state.grapples[holder]
        events.append(Event("grapple_escaped", cid, f"{state.name(cid)} escapes the grapple."))
    return events


def end_turn(state: Combat) -> list[Event]:
    """Count Crash turns, settle a Distract, drop an unmaintained grapple (003 §Crash, §Grapple)."""
    assert state.turn is not None
    turn = state.turn
    cid = turn.actor
    events: list[Event] = []
    if cid not in state.combatants:
        state.turn = None
        return events
    events += _settle_distraction(state, cid, turn)
    if cid in state.grapples and not (turn.maintained or turn.grapple_manoeuvre):
        del state.grapples[cid]
        events.append(Event("grapple_released", cid, f"{state.name(cid)} lets go."))
    who = state.combatants[cid]
    crash_turns = who.crash_turns + 1 if who.in_crash else 0
    aim = (who.aim_target, who.aim_turns) if turn.aimed else ("", 0)
    # Go to Ground counts only turns in a row (003 §Go to Ground).
    ground = who.ground_turns if "go_to_ground" in turn.simple or who.gone else 0
    state.put(who.replace(acted=True, delay_tick=None, crash_turns=crash_turns,
                          restrained=False, aim_target=aim[0], aim_turns=aim[1],
                          ground_turns=ground,
                          order_bonus=0 if who.order_active else who.order_bonus,
                          order_active=False))
    state.turn = None
    return events


def _settle_distraction(state: Combat, cid: str, turn: Turn) -> list[Event]:
    """A Distracted ally that did not attack the foe loses the gift (003 §Distract)."""
    who = state.combatants[cid]
    gift = who.distraction
    if gift is None:
        return []
    state.put(who.replace(distraction=None))
    if gift.foe in turn.attacked:
        return []
    events: list[Event] = []
    ini.lose(state, cid, gift.amount, by=cid, cause=ini.COST, events=events)
    events.append(Event("distract_lost", cid, f"{who.name} did not attack "
                                              f"{state.name(gift.foe)}: -{gift.amount}i."))
    return events
