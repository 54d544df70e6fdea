"""3e fights set up for the kinds a random walk rarely reaches (seed 003), and makers
that build each from the fight as it stands (see ``tests/engine/rulesets/recipes.py``)."""

from __future__ import annotations

from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.handlers.clash import can_answer
from battlewheel.engine.rulesets.ex3.rules import defence as d
from battlewheel.engine.rulesets.ex3.state import Combat

from ..recipes import SHARED, Maker, Recipe, anyone, attempt, pick, typed, whose_turn
from .helpers import fight, fighter, group, pass_to
from .helpers import typed as successes
from .test_properties import _with_damage as with_damage


def _state(session: CombatSession) -> Combat:
    state: Combat = session.state
    return state


def _foes(session: CombatSession, cid: str) -> list[str]:
    return sorted(_state(session).foes(cid))


# -- makers --------------------------------------------------------------------------------


def clash(data: st.DataObject, session: CombatSession) -> Action | None:
    """The actor's attack met by a foe's on the same tick (003 §Clashes)."""
    actor = whose_turn(session)
    answers = [f for f in _foes(session, actor) if not can_answer(_state(session), actor, f)]
    other = pick(data, answers, "answer")
    if other is None:
        return None
    mode = data.draw(st.sampled_from((a.WITHERING, a.DECISIVE)), label="mode")
    mine, theirs = (data.draw(st.integers(0, 8), label="successes") for _ in range(2))
    # Only the winner rolls damage; a tie has none (003 §Clashes).
    damage = [typed(data, 0, 4) if won else None for won in (mine > theirs, theirs > mine)]
    return a.Clash(a.ClashSide(actor, mode, "Sword", successes(mine), damage[0]),
                   a.ClashSide(other, a.WITHERING, "Sword", successes(theirs), damage[1]))


def defend_other(data: st.DataObject, session: CombatSession) -> Action | None:
    actor = whose_turn(session)
    state = _state(session)
    wards = [f for f in state.combatants if f != actor and not state.hostile(actor, f)]
    ward = pick(data, wards, "ward")
    return a.DefendOther(actor, ward, data.draw(st.booleans())) if ward else None


def adjust_pool(data: st.DataObject, session: CombatSession) -> Action | None:
    """Spend from a pool someone has, or restore it (3e reading §4)."""
    held = [(cid, pool) for cid, who in _state(session).combatants.items()
            for pool in a.POOLS if who.pool_left(pool) > 0]
    chosen = pick(data, held, "pool")
    if chosen is None:
        return None
    who, pool = chosen
    return a.AdjustPool(who, pool, data.draw(st.sampled_from((-2, -1, 1)), label="amount"))


def _command(cls: type[a.Order] | type[a.Rally] | type[a.RallyForNumbers]) -> Maker:
    def maker(data: st.DataObject, session: CombatSession) -> Action | None:
        actor = whose_turn(session)
        state = _state(session)
        groups = [g for g, who in state.combatants.items()
                  if who.is_group and not state.hostile(actor, g)]
        chosen = pick(data, groups, "group")
        attribute = data.draw(st.sampled_from(a.COMMAND_ATTRIBUTES[:2]), label="attribute")
        return cls(actor, chosen, attribute, typed(data, 0, 6)) if chosen else None
    return maker


def award_break(data: st.DataObject, session: CombatSession) -> Action | None:
    state = _state(session)
    crashed = pick(data, [c for c, who in state.combatants.items() if who.in_crash], "crashed")
    to = pick(data, _foes(session, crashed), "to") if crashed else None
    return a.AwardBreak(to, crashed) if to else None


def establish_surprise(data: st.DataObject, session: CombatSession) -> Action:
    actor, state = whose_turn(session), _state(session)
    aware = [f for f in _foes(session, actor) if (actor, f) not in state.concealed]
    return a.EstablishSurprise(actor, typed(data, 2, 6), {f: typed(data, 0, 2) for f in aware})


def move(data: st.DataObject, session: CombatSession) -> Action:
    """To an adjacent zone, or a band toward or away from a foe (ruling range_model)."""
    actor, state = whose_turn(session), _state(session)
    if state.options.range_model == "zones":
        zone = state.combatants[actor].zone + data.draw(st.sampled_from((-1, 1)), label="way")
        return a.Move(actor, "zone", zone=zone)
    # A band step stays within short..extreme: toward from medium on, away up to long.
    apart = [f for f in _foes(session, actor) if d.band(state, actor, f) != "close"]
    other = pick(data, apart, "other") or ""
    now = r.RANGE_ORDER.index(d.band(state, actor, other)) if other else 0
    ways = [way for way, ok in (("toward", now >= 2), ("away", now < len(r.RANGE_ORDER) - 1))
            if ok]
    return a.Move(actor, str(pick(data, ways, "step") or "away"), other)


def concealment_roll(data: st.DataObject, session: CombatSession) -> Action:
    actor, state = whose_turn(session), _state(session)
    hidden_from = [f for h, f in state.concealed if h == actor]
    return a.ConcealmentRoll(actor, typed(data, 2, 6), {f: typed(data, 0, 2) for f in hidden_from})


def go_to_ground(data: st.DataObject, session: CombatSession) -> Action:
    actor = whose_turn(session)
    return a.GoToGround(actor, typed(data, 3, 6), {f: typed(data, 0, 1)
                                                   for f in _foes(session, actor)})


def rejoin(data: st.DataObject, session: CombatSession) -> Action | None:
    gone = [c for c, who in _state(session).combatants.items() if who.gone]
    chosen = pick(data, gone, "gone")
    return a.Rejoin(chosen) if chosen else None


def end_hold(data: st.DataObject, session: CombatSession) -> Action | None:
    held = [(who.held_by, c) for c, who in _state(session).combatants.items() if who.held_by]
    pair = pick(data, held, "hold")
    if pair is None:
        return None
    holder, target = pair
    return a.EndHold(holder, target, typed(data, 0, 5), typed(data, 0, 3))


def grapple_move(data: st.DataObject, session: CombatSession) -> Action | None:
    grappler = pick(data, _state(session).grapples, "grappler")
    move_ = data.draw(st.sampled_from(a.GRAPPLE_MOVES), label="move")
    return a.GrappleMove(grappler, move_) if grappler else None


def rise(data: st.DataObject, session: CombatSession) -> Action | None:
    """Up from prone; with a foe close, a Dexterity + Dodge roll (003 §Rise From Prone)."""
    state = _state(session)
    prone = [c for c, who in state.combatants.items() if who.prone]
    chosen = pick(data, prone, "prone")
    if chosen is None:
        return None
    roll = typed(data, 2, 4) if d.foes_at_close(state, chosen) else None
    return a.RiseFromProne(chosen, roll, data.draw(st.booleans()))


def _declared(data: st.DataObject, session: CombatSession) -> str:
    """The defence the target declares, when the ruling asks for one (defence_choice)."""
    if _state(session).options.defence_choice != "declared":
        return ""
    return str(data.draw(st.sampled_from(("parry", "evasion")), label="defence"))


def attack(data: st.DataObject, session: CombatSession) -> Action | None:
    """A withering or decisive attack at a foe close by, a damage roll if it hits."""
    actor, state = whose_turn(session), _state(session)
    close = [f for f in _foes(session, actor) if d.band(state, actor, f) == "close"]
    target = pick(data, close, "target")
    if target is None:
        return None
    mode = a.DECISIVE if (state.combatants[actor].initiative or 0) > 3 and data.draw(
        st.booleans(), label="decisive") else a.WITHERING
    action = a.Attack(actor, target, mode, "Sword", typed(data, 0, 9),
                      defence=_declared(data, session))
    return with_damage(data, state, action)


def aim(data: st.DataObject, session: CombatSession) -> Action | None:
    actor = whose_turn(session)
    target = pick(data, _foes(session, actor), "target")
    return a.Aim(actor, target, "Sword") if target else None


def disengage(data: st.DataObject, session: CombatSession) -> Action:
    actor = whose_turn(session)
    close = d.foes_at_close(_state(session), actor)
    return a.Disengage(actor, typed(data, 1, 6), {f: typed(data, 0, 2) for f in close})


def rush(data: st.DataObject, session: CombatSession) -> Action | None:
    actor, state = whose_turn(session), _state(session)
    near = [f for f in _foes(session, actor) if d.band(state, actor, f) == "short"]
    target = pick(data, near, "target")
    return a.Rush(actor, target, typed(data, 1, 6), typed(data, 0, 2)) if target else None


def withdraw(data: st.DataObject, session: CombatSession) -> Action:
    return a.Withdraw(whose_turn(session), typed(data, 0, 6))


def set_magnitude(data: st.DataObject, session: CombatSession) -> Action | None:
    groups = [g for g, who in _state(session).combatants.items() if who.is_group]
    chosen = pick(data, groups, "group")
    return a.SetMagnitude(chosen, data.draw(st.integers(0, 6))) if chosen else None


def end_combat(data: st.DataObject, session: CombatSession) -> Action:
    return a.EndCombat()


def roll_join_battle(data: st.DataObject, session: CombatSession) -> Action | None:
    waiting = [c for c, who in _state(session).combatants.items() if who.initiative is None]
    who = pick(data, waiting, "joiner")
    return a.RollJoinBattle(who, typed(data, 0, 5)) if who else None


def add_combatant(data: st.DataObject, session: CombatSession) -> Action:
    joined = len(_state(session).combatants)
    return a.AddCombatant(f"new{joined}", fighter(f"New {joined}"),
                          data.draw(st.sampled_from(("ally", "enemy")), label="side"),
                          unready=data.draw(st.booleans(), label="unready"))


def remove_combatant(data: st.DataObject, session: CombatSession) -> Action | None:
    who = anyone(data, session)
    return a.RemoveCombatant(who) if who else None


def delay(data: st.DataObject, session: CombatSession) -> Action:
    """To a later tick this round, below the actor's Initiative."""
    actor = whose_turn(session)
    now = _state(session).combatants[actor].initiative or 0
    return a.Delay(actor, now - data.draw(st.integers(1, 3), label="wait"))


def _own(cls: type[a.FullDefense] | type[a.OtherAction]) -> Maker:
    def maker(data: st.DataObject, session: CombatSession) -> Action:
        return cls(whose_turn(session), flurry=data.draw(st.booleans(), label="flurry"))
    return maker


def ready_weapon(data: st.DataObject, session: CombatSession) -> Action:
    actor = whose_turn(session)
    ready = _state(session).combatants[actor].ready
    return a.ReadyWeapon(actor, ready=() if ready else ("Sword",), unready=ready)


def take_cover(data: st.DataObject, session: CombatSession) -> Action:
    return a.TakeCover(whose_turn(session), typed(data, 0, 5), data.draw(st.integers(1, 3)),
                       data.draw(st.integers(1, 2), label="cover"))


def set_condition(data: st.DataObject, session: CombatSession) -> Action:
    who = anyone(data, session)
    condition = data.draw(st.sampled_from(("prone", "cover", "concealed")), label="condition")
    other = pick(data, _foes(session, who), "from") if condition == "concealed" else ""
    return a.SetCondition(who, condition, data.draw(st.integers(0, 2)), other or "")


def set_initiative(data: st.DataObject, session: CombatSession) -> Action:
    who = anyone(data, session)
    return a.SetInitiative(who, data.draw(st.integers(-5, 25), label="initiative"))


def set_range(data: st.DataObject, session: CombatSession) -> Action:
    who = anyone(data, session)
    if _state(session).options.range_model == "zones":
        return a.SetRange(who, zone=data.draw(st.integers(0, 3), label="zone"))
    band = data.draw(st.sampled_from(("close", "short", "medium", "long")), label="band")
    return a.SetRange(who, pick(data, _foes(session, who), "other") or "", band=band)


def mark_rough(data: st.DataObject, session: CombatSession) -> Action:
    """A zone's ground turned the other way: rough, or open again."""
    zone = data.draw(st.integers(0, 3), label="zone")
    return a.MarkRough(zone, zone not in _state(session).rough_zones)


def cycle_box(data: st.DataObject, session: CombatSession) -> Action:
    who = anyone(data, session)
    return a.CycleHealthBox(who, data.draw(st.integers(0, 6), label="box"))


def grant_extra_action(data: st.DataObject, session: CombatSession) -> Action:
    return a.GrantExtraAction(whose_turn(session), "a Charm")


def next_turn(data: st.DataObject, session: CombatSession) -> Action:
    return a.NextTurn()


def start(data: st.DataObject, session: CombatSession) -> Action:
    return a.StartCombat()


# -- scenes --------------------------------------------------------------------------------


def _clashing() -> CombatSession:
    """A and B both at 8i (a clash is theirs to make); C an ally of A; G a group."""
    return fight(("a", fighter("A"), "ally", 5), ("b", fighter("B"), "enemy", 5),
                 ("c", fighter("C"), "ally", 2), ("g", group("G"), "enemy", 0))


def _not_begun() -> CombatSession:
    """A and B added, no Join Battle rolled yet (003 §The Flow of Combat)."""
    session = CombatSession.new(ruleset="3e")
    session.apply(a.AddCombatant("a", fighter("A"), "ally"))
    session.apply(a.AddCombatant("b", fighter("B"), "enemy"))
    return session


def _duel() -> CombatSession:
    """A (9i) and B (8i) at close range, A to act (003 §The Flow of Combat)."""
    return fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 5))


def _far() -> CombatSession:
    """A far from B: A in zone 2, with 20i to spend (003 §Withdraw)."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 5),
                    close=False)
    session.apply(a.SetRange("a", zone=2))
    attempt(session, a.SetRange("a", "b", band="medium"))  # the same, in range bands
    session.apply(a.SetInitiative("a", 20))
    return session


def _short() -> CombatSession:
    """A in zone 2, C a zone away at short range (003 §Rush)."""
    session = _far()
    session.apply(a.AddCombatant("c", fighter("C"), "enemy", zone=1))
    session.apply(a.RollJoinBattle("c", successes(0)))
    attempt(session, a.SetRange("a", "c", band="short"))
    return session


def _commanding() -> CombatSession:
    """C commands G (Magnitude down to 4) against A; C acts first (003 §Battle Groups)."""
    session = fight(("c", fighter("C", charisma=3, war=3), "enemy", 6),
                    ("g", group("G"), "enemy", 1), ("a", fighter("A"), "ally", 0))
    session.apply(a.SetMagnitude("g", 4))
    return session


def _routed() -> CombatSession:
    """G failed its rout check; its commander C is next (003 §Rally)."""
    session = fight(("a", fighter("A"), "ally", 6), ("c", fighter("C", charisma=3), "enemy", 5),
                    ("g", group("G"), "enemy", 0))
    session.apply(a.Attack("a", "g", "withering", "Sword", successes(7), successes(10),
                           rout=(successes(0),), defence="parry"))
    pass_to(session, "c")
    return session


def _stealthy() -> CombatSession:
    """A (Stealth 3) with two foes, none close (003 §Stealth in Combat)."""
    session = fight(("a", fighter("A", stealth=3), "ally", 6), ("b", fighter("B"), "enemy", 5),
                    ("c", fighter("C"), "enemy", 7), close=False)
    pass_to(session, "a")
    return session


def _going_to_ground() -> CombatSession:
    """A, hidden from B, has won two turns going to ground (003 §Go to Ground)."""
    session = fight(("a", fighter("A", stealth=5), "ally", 6), ("b", fighter("B"), "enemy", 5),
                    close=False)
    session.apply(a.SetCondition("a", "concealed", 1, "b"))
    for _ in range(2):
        session.apply(a.GoToGround("a", successes(3), {"b": successes(0)}))
        pass_to(session, "a")
    return session


def _holding() -> CombatSession:
    """A held B at bay last round; A's turn again (003 §Attacks From Stealth)."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 5))
    session.apply(a.SetCondition("a", "concealed", 1, "b"))
    session.apply(a.Attack("a", "b", "decisive", "Sword", successes(0), hold_at_bay=True,
                           defence="parry"))
    pass_to(session, "a")
    return session


def _grappling() -> CombatSession:
    """A holds B in a grapple; A's next turn (003 §Grapple)."""
    session = fight(("a", fighter("A"), "ally", 6), ("b", fighter("B"), "enemy", 5))
    session.apply(a.Attack("a", "b", "gambit", "Unarmed", successes(4), successes(3),
                           gambit="grapple", control=successes(5), resist=successes(0),
                           defence="parry"))
    pass_to(session, "a")
    return session


def _prone_and_crashed() -> CombatSession:
    """A waited to 1i, then paid 2i to disengage: its own Crash (003 §Crash, §Disengage);
    A lies prone."""
    session = fight(("a", fighter("A"), "ally", 0), ("b", fighter("B"), "enemy", 5))
    session.apply(a.NextTurn())
    session.apply(a.Delay("a", 1))
    session.apply(a.Disengage("a", successes(0), {"b": successes(0)}))
    session.apply(a.SetCondition("a", "prone", 1))
    pass_to(session, "a")
    return session


RECIPES = [
    Recipe("a fight not begun", _not_begun,
           (("add_combatant", add_combatant), ("roll_join_battle", roll_join_battle),
            ("roll_join_battle", roll_join_battle), ("roll_join_battle", roll_join_battle),
            ("start", start))),
    Recipe("the GM's hand in a duel", _duel,
           (("set_condition", set_condition), ("set_initiative", set_initiative),
            ("set_range", set_range), ("mark_rough", mark_rough), ("cycle_box", cycle_box),
            ("add_condition", SHARED["add_condition"]),
            ("remove_condition", SHARED["remove_condition"]),
            ("change_block", SHARED["change_block"]), ("change_ruling", SHARED["change_ruling"]),
            ("remove_combatant", remove_combatant))),
    Recipe("a duel's turns", _duel,
           (("delay", delay), ("full_defense", _own(a.FullDefense)), ("next_turn", next_turn),
            ("grant_extra_action", grant_extra_action), ("other_action", _own(a.OtherAction)),
            ("ready_weapon", ready_weapon), ("next_turn", next_turn),
            ("take_cover", take_cover))),
    Recipe("a duel at close range", _duel,
           (("attack", attack), ("next_turn", next_turn), ("attack", attack))),
    Recipe("a duel to break away from", _duel, (("disengage", disengage),)),
    Recipe("a duel to aim in", _duel, (("aim", aim),)),
    Recipe("a clash on one tick", _clashing, (("clash", clash), ("adjust_pool", adjust_pool))),
    Recipe("an ally to defend", _clashing, (("defend_other", defend_other),)),
    Recipe("a withdrawal", _far, (("withdraw", withdraw),)),
    Recipe("a foe to rush", _short, (("rush", rush), ("end_combat", end_combat))),
    Recipe("a commander and a battle group", _commanding,
           (("order", _command(a.Order)), ("set_magnitude", set_magnitude))),
    Recipe("a battle group to rally for numbers", _commanding,
           (("rally_for_numbers", _command(a.RallyForNumbers)),)),
    Recipe("a routed battle group", _routed, (("rally", _command(a.Rally)),)),
    Recipe("a stealthy fighter", _stealthy,
           (("establish_surprise", establish_surprise), ("move", move),
            ("concealment_roll", concealment_roll))),
    Recipe("going to ground", _going_to_ground, (("go_to_ground", go_to_ground),
                                                ("rejoin", rejoin))),
    Recipe("a foe held at bay", _holding, (("end_hold", end_hold),)),
    Recipe("a grapple in progress", _grappling, (("grapple_move", grapple_move),)),
    Recipe("a self-Crash, prone", _prone_and_crashed,
           (("award_break", award_break), ("rise", rise))),
]
