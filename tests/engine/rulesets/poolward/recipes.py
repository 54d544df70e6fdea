"""Pool & Ward fights set up for the kinds a random walk rarely reaches (seed 002), and
makers that build each from the fight as it stands (see ``tests/engine/rulesets/recipes.py``)."""

from __future__ import annotations

import dataclasses

from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action, ChangeRuling
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward import actions as a
from battlewheel.engine.rulesets.poolward.options import PoolWardOptions
from battlewheel.engine.rulesets.poolward.state import SLOTS, TURN_SLOTS, Fight

from ..recipes import SHARED, Recipe, anyone, pick, typed, whose_turn
from .helpers import fight, person
from .test_properties import ARMS, _add, _dice

# -- reading the fight ---------------------------------------------------------------------


def _state(session: CombatSession) -> Fight:
    state: Fight = session.state
    return state


# -- makers: before the fight and between rounds -------------------------------------------


def set_order(data: st.DataObject, session: CombatSession) -> Action:
    order = data.draw(st.permutations(_state(session).order), label="order")
    return a.SetOrder(tuple(order))


def rolled_order(data: st.DataObject, session: CombatSession) -> Action | None:
    """The ruling that has the order rolled (turn_order), if the GM's list is in force."""
    if _state(session).options.turn_order != "gm_list":
        return None
    return ChangeRuling("turn_order", data.draw(st.sampled_from(("roll_each_round",
                                                                 "roll_once"))))


def roll_order(data: st.DataObject, session: CombatSession) -> Action | None:
    state = _state(session)
    waiting = [cid for cid in state.order if cid not in state.order_rolls]
    who = pick(data, waiting, "roller")
    pool = data.draw(st.integers(1, 4), label="pool")
    return a.RollOrder(who, pool, typed(data, 0, pool)) if who else None


def start_fight(data: st.DataObject, session: CombatSession) -> Action:
    return a.StartFight()


# -- makers: a turn (002 §Types of Actions) ------------------------------------------------


def use_action(data: st.DataObject, session: CombatSession) -> Action:
    return a.UseAction(whose_turn(session), data.draw(st.sampled_from(SLOTS), label="slot"),
                       "a step")


def grant_action(data: st.DataObject, session: CombatSession) -> Action:
    return a.GrantAction(whose_turn(session), data.draw(st.sampled_from(TURN_SLOTS), label="slot"),
                         "Alacrity")


def delay_turn(data: st.DataObject, session: CombatSession) -> Action:
    """The actor's counter later in the round's order."""
    state = _state(session)
    actor = whose_turn(session)
    later = range(state.position(actor) + 1, len(state.order)) if actor in state.order else ()
    return a.DelayTurn(actor, pick(data, later, "position") or len(state.order) - 1)


def ready_action(data: st.DataObject, session: CombatSession) -> Action:
    return a.ReadyAction(whose_turn(session), "when the door opens")


def trigger_readied(data: st.DataObject, session: CombatSession) -> Action | None:
    chosen = pick(data, _state(session).readied, "readied")
    return a.TriggerReadied(chosen) if chosen else None


def next_turn(data: st.DataObject, session: CombatSession) -> Action:
    return a.NextTurn()


def attack(data: st.DataObject, session: CombatSession) -> Action | None:
    """The actor at a foe with the sword or the bow (a Steady Shot now and then), its roll
    drawn for the pool the preview gives (002 §Attack Roll Dice Pools)."""
    state = _state(session)
    actor = whose_turn(session)
    foes = [cid for cid, who in state.fighters.items()
            if actor in state.fighters and who.side != state.fighters[actor].side]
    target = pick(data, foes, "target")
    if target is None:
        return None
    weapon = data.draw(st.sampled_from(("Sword", "Bow")), label="weapon")
    steady = weapon == "Bow" and data.draw(st.booleans(), label="steady")
    action = a.Attack(actor, target, weapon, steady_shot=steady)
    return dataclasses.replace(action, dice=_dice(data, session, action))


# -- makers: the GM's hand and recovery (002 §Health and Vigor Recovery) -------------------


def adjust_round(data: st.DataObject, session: CombatSession) -> Action:
    field = data.draw(st.sampled_from(("dodge_losses", "parry_used")), label="field")
    return a.AdjustRound(anyone(data, session), field, 1)


def set_condition(data: st.DataObject, session: CombatSession) -> Action | None:
    """A GM's mark turned the other way: flat-footed (caught unaware) or stable."""
    condition = data.draw(st.sampled_from(("flat_footed", "stable")), label="condition")
    who = _state(session).fighters.get(anyone(data, session))
    if who is None:
        return None
    now = who.gm_flat_footed if condition == "flat_footed" else who.stable
    return a.SetCondition(who.id, condition, not now)


def set_track(data: st.DataObject, session: CombatSession) -> Action:
    track = data.draw(st.sampled_from(("health", "vigor", "ward")), label="track")
    return a.SetTrack(anyone(data, session), track, data.draw(st.integers(-2, 3)))


def backlash(data: st.DataObject, session: CombatSession) -> Action:
    return a.Backlash(anyone(data, session), data.draw(st.integers(1, 3)), data.draw(
        st.booleans()))


def _short_of(data: st.DataObject, session: CombatSession, track: str) -> str:
    """Someone below the top of a track (Health or Vigor), else anyone."""
    tracks = {cid: who.tracks for cid, who in _state(session).fighters.items()}
    short = [cid for cid, t in tracks.items()
             if getattr(t, track) < getattr(t, f"{track}_max")]
    return str(pick(data, short, "short") or anyone(data, session))


def heal(data: st.DataObject, session: CombatSession) -> Action:
    who = _short_of(data, session, "health")
    return a.Heal(who, data.draw(st.integers(1, 3), label="points"))


def sleep(data: st.DataObject, session: CombatSession) -> Action:
    """A night's sleep, tended (a Medicine roll) or not."""
    who = _short_of(data, session, "health")
    pool = data.draw(st.integers(0, 3), label="medicine pool")
    medicine: DiceEntry | None = typed(data, 0, pool) if pool else None
    return a.Sleep(who, medicine, pool if medicine else 0)


def rest(data: st.DataObject, session: CombatSession) -> Action:
    who = _short_of(data, session, "vigor")
    return a.Rest(who, data.draw(st.integers(1, 8), label="quarter hours"))


def add_combatant(data: st.DataObject, session: CombatSession) -> Action:
    return _add(data, session)


def remove_combatant(data: st.DataObject, session: CombatSession) -> Action:
    return a.RemoveCombatant(anyone(data, session))


def end_fight(data: st.DataObject, session: CombatSession) -> Action:
    return a.EndFight("the foes flee")


# -- scenes --------------------------------------------------------------------------------


def _gathered(start: bool = True) -> CombatSession:
    """Mar (an ally, a player) against Edna and Fen, each with a sword and a bow.

    Set up under a rolled order, so that whichever turn_order ruling a walk takes, the
    rolls or the GM's list (the other refused, and left out) bring the fight to its start.
    """
    session = fight(("mar", person("Mar", player=True, attacks=ARMS), "ally"),
                    ("edna", person("Edna", attacks=ARMS, dodge=1, parry=1), "enemy"),
                    ("fen", person("Fen", attacks=ARMS), "enemy"),
                    options=PoolWardOptions(turn_order="roll_each_round"), start=False)
    for place, cid in enumerate(("mar", "edna", "fen")):
        session.apply(a.RollOrder(cid, 3, DiceEntry.of_successes(3 - place)))
    if start:
        session.apply(a.StartFight())
    return session


def _not_begun() -> CombatSession:
    return _gathered(start=False)


def _after_the_fight() -> CombatSession:
    """Mar came out of the fight hurt and winded (002 §Health and Vigor Recovery)."""
    session = _gathered()
    session.apply(a.SetTrack("mar", "health", 1))
    session.apply(a.SetTrack("mar", "vigor", 0))
    session.apply(a.SetTrack("edna", "health", 0))
    session.apply(a.EndFight("the foes flee"))
    return session


RECIPES = [
    Recipe("a fight not begun", _not_begun,
           (("add_combatant", add_combatant), ("set_order", set_order),
            ("change_ruling", rolled_order), ("roll_order", roll_order),
            ("roll_order", roll_order), ("roll_order", roll_order), ("roll_order", roll_order),
            ("start_fight", start_fight))),
    Recipe("a round's turns", _gathered,
           (("attack", attack), ("use_action", use_action), ("grant_action", grant_action),
            ("ready_action", ready_action), ("next_turn", next_turn),
            ("trigger_readied", trigger_readied))),
    Recipe("a turn delayed", _gathered, (("delay_turn", delay_turn), ("attack", attack))),
    Recipe("after the fight", _after_the_fight,
           (("rest", rest), ("heal", heal), ("sleep", sleep), ("backlash", backlash))),
    Recipe("the GM's hand", _gathered,
           (("adjust_round", adjust_round), ("set_condition", set_condition),
            ("set_track", set_track), ("add_condition", SHARED["add_condition"]),
            ("remove_condition", SHARED["remove_condition"]),
            ("change_block", SHARED["change_block"]), ("change_ruling", SHARED["change_ruling"]),
            ("remove_combatant", remove_combatant), ("end_fight", end_fight))),
]
"""Five walks: over them every alternative of ``dice`` (four) is taken."""
